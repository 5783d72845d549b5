// The unrolled iterations of an inner loop merge into 16-byte loads when
// the loop around them, which the optimized copy keeps rolled (too large to
// unroll), has a known trip count: its step moves the address by a known
// multiple of 16 bytes, and ptxas keeps LDS.128. Measured on the H200: the
// same loop nest in siboehm's SGEMM_CUDA 2D-blocktiling kernel
// (`regN[i] = Bs[dotIdx * BN + threadCol * TN + i]`) runs as LDS.128 x2 at
// 8.00 wavefronts per instruction (`smem-lint --verify --run='./sgemm 5'`,
// issue 18's note); smem-lint said "the 8-byte load nvcc makes of 2
// iterations" before, which the profile refuted (docs/measurements/
// h200-vectorization.md). Only a loop whose trip count is unknown (unrolled
// at run time) keeps its accesses to pairs (v_runtime_trip there).
// Arithmetic: threadCol = threadIdx.x % 16, so lane l reads the 16 bytes at
// byte 32 * (l % 16) of the row; a 16-byte load is served 8 lanes at a time,
// and lanes 0 and 4 of each group both use banks 0-3 (bytes 0 and 128):
// 2 wavefronts per group, 8 per warp instead of 4.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s

template <int BN, int TN, int TM>
__global__ void blocktile(float *out, const float *B, const float *A, int K) {
  __shared__ float Bs[8 * BN];
  __shared__ float As[8 * BN];
  const unsigned threadCol = threadIdx.x % (BN / TN);
  const unsigned threadRow = threadIdx.x / (BN / TN);
  float results[TM * TN] = {0.0f};
  float regM[TM], regN[TN];
  for (int bk = 0; bk < K; bk += 8) {
    for (unsigned l = threadIdx.x; l < 8 * BN; l += blockDim.x) {
      Bs[l] = B[l];
      As[l] = A[l];
    }
    __syncthreads();
    B += 8 * BN;
    A += 8;
    for (unsigned dotIdx = 0; dotIdx < 8; ++dotIdx) {
      for (unsigned i = 0; i < TM; ++i)
        regM[i] = As[(threadRow * TM + i) * 8 + dotIdx];
      for (unsigned i = 0; i < TN; ++i)
        regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      // CHECK: vectorization-kept-loop.cu:[[@LINE-1]]:19: warning: 2-way bank conflict: read of 'Bs' takes 8 wavefronts per warp instead of 4, as the 16-byte load nvcc makes of 4 iterations
      for (unsigned m = 0; m < TM; ++m)
        for (unsigned n = 0; n < TN; ++n)
          results[m * TN + n] += regM[m] * regN[n];
    }
    __syncthreads();
  }
  for (int r = 0; r < TM * TN; ++r)
    out[threadIdx.x * TM * TN + r] = results[r];
}

void run(float *out, const float *B, const float *A) {
  blocktile<128, 8, 8><<<1, 256>>>(out, B, A, 1024);
}
