// The skew after a padded tile's last row is never touched, and costs
// nothing: it shares the last 128-byte allocation unit with touched bytes.
// No note then; a launch that asks for a whole unit more gets one.
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=smem-capacity

constexpr int Rows = 32, Pitch = 33;

// 32 rows of 32 floats, 33 apart: the last touched byte is 31 * 132 + 128 =
// 4220 of the 4224 asked for; with the 1 KB reserve, 5244 and 5248 bytes both
// take 41 units of 128 (5248).
__global__ void skewed(const float *in, float *out) {
  extern __shared__ float tile[];
  for (int r = 0; r < Rows; ++r)
    tile[r * Pitch + threadIdx.x] = in[r * 32 + threadIdx.x];
  __syncthreads();
  for (int r = 0; r < Rows; ++r)
    out[r * 32 + threadIdx.x] = tile[threadIdx.x * Pitch + r];
}

void launch(const float *in, float *out) {
  skewed<<<1, 32, Rows * Pitch * sizeof(float)>>>(in, out);
  // 4224 + 128 bytes: 5376 allocated against 5248.
  skewed<<<1, 32, Rows * Pitch * sizeof(float) + 128>>>(in, out);
  // CHECK: unused-dynamic-skew.cu:[[@LINE-1]]:3: note: launch of 'skewed' asks for 4352 bytes of dynamic shared memory, but the kernel touches only the first 4220 bytes (block 32x1, sm_90) [smem-capacity]
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
