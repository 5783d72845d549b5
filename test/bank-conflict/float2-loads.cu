// 8-byte float2 loads, 256 threads, 1-D. An 8-byte access is served as
// half-warps (16 lanes x 8 B = 128 B) unless every aligned quad of lanes reads
// in pairs (then as one whole-warp phase); each phase costs the largest number
// of distinct 4-byte words asked of one bank (h200-bank-probes.md, Conclusion).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel f2 L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void f2(float *out) {
  __shared__ float2 s[1024];
  int lane = threadIdx.x & 31;
  // Each half-warp: 32 consecutive words -> 1 + 1 = 2, the ideal for 256 B;
  // h200-shared-memory.md row "float2 s[], s[lane]" 2.00.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  float2 a = s[lane];
  // Words 4l, 4l+1 (16-byte stride): lanes l and l+8 of a half-warp share a
  // bank -> 2 + 2 = 4; h200-shared-memory.md row "float2 s[], s[lane * 2]" 4.00.
  // CHECK: access s load L[[@LINE+3]]:{{[0-9]+}} width=8 shape=0 wavefronts=4 mean=4 ideal=2 ways=2
  // TEXT: float2-loads.cu:[[@LINE+2]]:{{[0-9]+}}: warning: 2-way bank conflict: 8-byte read of 's' takes 4 wavefronts per warp instead of 2 (block 256x1, sm_90)
  // TEXT: note: lanes 0, 8 of warp 0 need 2 different words from bank 0: s[0], s[16] (this 8-byte access is served 16 lanes at a time)
  float2 b = s[lane * 2];
  // Words 32l, 32l+1 (128-byte stride): 16 words in each of banks 0 and 1 per
  // half-warp -> 16 + 16 = 32; h200-shared-memory.md row "s[lane * 16]" 32.00.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=32 mean=32 ideal=2 ways=16
  // TEXT: float2-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 16-way bank conflict: 8-byte read of 's' takes 32 wavefronts per warp instead of 2
  float2 c = s[lane * 16];
  // h200-bank-probes.md f2_uniform: every quad reads in pairs, one whole-warp
  // phase, 2 words -> 1.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  float2 d = s[0];
  // h200-bank-probes.md f2_and15: quads read 4 addresses, no merging; each
  // half-warp reads the same 32 words -> 1 + 1 = 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  float2 e = s[lane & 15];
  // h200-bank-probes.md f2_and15x16: 32.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=32 mean=32 ideal=2 ways=16
  // TEXT: float2-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 16-way bank conflict
  float2 f = s[(lane & 15) * 16];
  // Every field is used, so each load stays one 8-byte instruction.
  out[threadIdx.x] = a.x + a.y + b.x + b.y + c.x + c.y + d.x + d.y + e.x + e.y +
                     f.x + f.y;
}
// 6 loads x 8 warps = 48; 8 x (2 + 4 + 32 + 1 + 2 + 32) = 8 x 73 = 584.
// CHECK: totals f2 shape=0 load=584/48 store=0/0 atomic=0/0

int main() { f2<<<1, 256>>>(nullptr); }
