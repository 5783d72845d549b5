// Loops: every iteration is evaluated (up to --max-loop-iterations), so an
// access reports its worst iteration and the mean over all warp instructions.
// Block 32: one warp, so instructions = iterations.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel loops L[[@LINE+1]] block_dims=32x1x1(launch)
__global__ void loops(float *out, int n) {
  __shared__ float t[32][32];
  __shared__ float v[1024];
  int tx = threadIdx.x;
  float acc = 0;
  // Row k: word 32k + tx -> 1 in every iteration.
  // CHECK: access t load L[[@LINE+2]]:12 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  for (int k = 0; k < 32; ++k)
    acc += t[k][tx];
  // Column k: word 32tx + k, all lanes in bank k. nvcc unrolls the loop and
  // merges four iterations into one LDS.128 (words 32tx + k .. + 3), whose
  // quarter-warp phases each need 8 words of banks k..k+3: 32 wavefronts
  // for 8 instructions, 8-way against the ideal 4 (h_column32 in
  // docs/measurements/h200-vectorization.md: 2048/64 for 8 warps).
  // CHECK: access t load L[[@LINE+3]]:12 width=4 shape=0 wavefronts=32 mean=32 ideal=4 ways=8 status=exact
  // TEXT: loops.cu:[[@LINE+2]]:12: warning: 8-way bank conflict: read of 't' takes 32 wavefronts per warp instead of 4, as the 16-byte load nvcc makes of 4 iterations (block 32x1, sm_90)
  for (int k = 0; k < 32; ++k)
    acc += t[tx][k];
  // Stride k = 1, 2, 4, 8, 16, 32: gcd(k, 32) = k wavefronts (row
  // "s[lane * K]"); worst 32, mean (1 + 2 + 4 + 8 + 16 + 32) / 6 = 10.5.
  // CHECK: access v load L[[@LINE+3]]:12 width=4 shape=0 wavefronts=32 mean=10.5 ideal=1 ways=32 status=exact
  // TEXT: loops.cu:[[@LINE+2]]:12: warning: 32-way bank conflict: read of 'v' takes 32 wavefronts per warp instead of 1 (block 32x1, sm_90)
  for (int k = 1; k <= 32; k *= 2)
    acc += v[tx * k];
  // A while loop, 4 iterations of a column read -> 32 each.
  int i = 0;
  // CHECK: access t load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=exact
  // TEXT: loops.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 32-way bank conflict: read of 't'
  while (i < 4) { acc += t[tx][i]; ++i; }
  // Trip count n = 5 from the launch; stride 4 -> 4 (K = 4).
  // The trip count is not a constant of the loop: nvcc unrolls it at run
  // time and merges iterations in pairs only (v_runtime_trip in
  // docs/measurements/h200-vectorization.md): k = 0-1 and 2-3 are LDS.64s
  // (16 lanes per phase, 16 bytes apart: 2 words per bank -> 2 x 2 = 4
  // wavefronts, ideal 2), k = 4 a 4-byte load (4-way, 4).
  // CHECK: access v load L[[@LINE+3]]:12 width=4 shape=0 wavefronts=4 mean=4 ideal=2 ways=2 status=exact
  // TEXT: loops.cu:[[@LINE+2]]:12: warning: 2-way bank conflict: read of 'v' takes 4 wavefronts per warp instead of 2, as the 8-byte load nvcc makes of 2 iterations
  for (int k = 0; k < n; ++k)
    acc += v[tx * 4 + k];
  // Nested: 4 x 8 iterations of a row write -> 1.
  // CHECK: access t store L[[@LINE+3]]:7 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 8; ++b)
      t[a * 8 + b][tx] = acc;
}
// loads: 32 x 1 + 8 x 32 + 63 + 4 x 32 + (2 x 4 + 4) = 491 over
// 32 + 8 + 6 + 4 + 3 = 53; stores: 32 over 32.
// CHECK: totals loops shape=0 load=491/53 store=32/32 atomic=0/0

int main() { loops<<<1, 32>>>(nullptr, 5); }
