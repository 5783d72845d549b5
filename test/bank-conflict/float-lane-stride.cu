// 4-byte loads: broadcast, two words in one bank, and s[lane * K]
// (h200-shared-memory.md rows "every lane reads s[7]", "s[(lane & 1) * 32]"
// and "s[lane * K], K = 2, 3, 4, 8, 16, 32": 2, 1, 4, 8, 16, 32 = gcd(K, 32)),
// plus 4-byte rows of h200-bank-probes.md. 256 threads, 1-D.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel strides L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void strides(float *out) {
  __shared__ float s[1024];
  int lane = threadIdx.x & 31;
  float r = 0;
  // One word for the whole warp: broadcast -> 1 (row "s[7] (broadcast)").
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += s[7];
  // Words 0 and 32, both bank 0 -> 2 (row "s[(lane & 1) * 32]" 2.00).
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: float-lane-stride.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (block 256x1, sm_90)
  r += s[(lane & 1) * 32];
  // Rows "s[lane * K]": gcd(K, 32) lanes per bank, each a different word.
  // K = 2: 2.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: float-lane-stride.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 2-way bank conflict
  r += s[lane * 2];
  // K = 3: gcd(3, 32) = 1 -> 1, no warning.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += s[lane * 3];
  // K = 4: 4.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=4 mean=4 ideal=1 ways=4
  // TEXT: float-lane-stride.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 4-way bank conflict
  r += s[lane * 4];
  // K = 8: 8.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=8 mean=8 ideal=1 ways=8
  // TEXT: float-lane-stride.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 8-way bank conflict
  r += s[lane * 8];
  // K = 16: 16.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=16 mean=16 ideal=1 ways=16
  // TEXT: float-lane-stride.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 16-way bank conflict
  r += s[lane * 16];
  // K = 32: 32.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // TEXT: float-lane-stride.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 32-way bank conflict
  r += s[lane * 32];
  // h200-bank-probes.md f_and15x32: words 32*(lane & 15), 16 in bank 0 -> 16.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=16 mean=16 ideal=1 ways=16
  // TEXT: float-lane-stride.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 16-way bank conflict
  r += s[(lane & 15) * 32];
  // h200-bank-probes.md f_and15: 16 words, lanes l and l+16 share one -> 1.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += s[lane & 15];
  // h200-bank-probes.md pattern shr1x32 (4 B ld): pairs of lanes share word
  // 32*(lane >> 1): 16 different words of bank 0 -> 16.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=16 mean=16 ideal=1 ways=16
  // TEXT: float-lane-stride.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 16-way bank conflict
  r += s[(lane >> 1) * 32];
  out[threadIdx.x] = r;
}
// 11 loads x 8 warps = 88 instructions;
// 8 x (1 + 2 + 2 + 1 + 4 + 8 + 16 + 32 + 16 + 1 + 16) = 8 x 99 = 792.
// CHECK: totals strides shape=0 load=792/88 store=0/0 atomic=0/0

// h200-shared-memory.md row "a kernel whose source reads As[ty][k] in an
// unrolled k loop (same address for the whole warp)": the compiler merged four
// 4-byte broadcasts into one LDS.128 that took 2 wavefronts (the uniform
// 16-byte load, reproduced in float4-loads.cu). smem-lint predicts the same
// merge (docs/measurements/h200-vectorization.md): one 16-byte broadcast per
// warp, 2 wavefronts, ideal 2.
// CHECK: kernel broadcastRow L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void broadcastRow(float *out) {
  __shared__ float As[16][16];
  int ty = threadIdx.x / 256; // 0 in every thread: one address per warp
  float acc = 0;
  // CHECK: access As load L[[@LINE+3]]:12 width=4 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
#pragma unroll
  for (int k = 0; k < 4; ++k)
    acc += As[ty][k];
  out[threadIdx.x] = acc;
}
// 8 warps x one merged load.
// CHECK: totals broadcastRow shape=0 load=16/8 store=0/0 atomic=0/0

int main() {
  strides<<<1, 256>>>(nullptr);
  broadcastRow<<<1, 256>>>(nullptr);
}
