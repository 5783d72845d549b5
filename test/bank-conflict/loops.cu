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
  // Column k: word 32tx + k, all lanes in bank k -> 32 every iteration.
  // CHECK: access t load L[[@LINE+3]]:12 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=exact
  // TEXT: loops.cu:[[@LINE+2]]:12: warning: 32-way bank conflict: read of 't' takes 32 wavefronts per warp instead of 1 (block 32x1, sm_90)
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
  // CHECK: access v load L[[@LINE+3]]:12 width=4 shape=0 wavefronts=4 mean=4 ideal=1 ways=4 status=exact
  // TEXT: loops.cu:[[@LINE+2]]:12: warning: 4-way bank conflict: read of 'v'
  for (int k = 0; k < n; ++k)
    acc += v[tx * 4 + k];
  // Nested: 4 x 8 iterations of a row write -> 1.
  // CHECK: access t store L[[@LINE+3]]:7 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 8; ++b)
      t[a * 8 + b][tx] = acc;
}
// loads: 32 x 1 + 32 x 32 + 63 + 4 x 32 + 5 x 4 = 1267 over 32 + 32 + 6 + 4 + 5
// = 79; stores: 32 over 32.
// CHECK: totals loops shape=0 load=1267/79 store=32/32 atomic=0/0

int main() { loops<<<1, 32>>>(nullptr, 5); }
