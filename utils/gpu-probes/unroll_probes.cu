// Which constant-trip loops nvcc unrolls whole, and the LDS.128 ptxas makes
// of the unrolled reads: dot<N> is the shared-memory tiling of a GEMM
// (`tmp += As[r * N + k] * Bs[k * N + c]`, k < N), heavy<N> reads five
// words per iteration. Compiled only (no launch): `nvcc -arch=sm_90 -O3
// -cubin unroll_probes.cu && cuobjdump -sass unroll_probes.cubin`, LDS.128
// counted per function; the copy smem-lint compiles as nvcc would is
// compared with SMEMLINT_DUMP_COMPILED_IR. Results:
// docs/measurements/h200-vectorization.md ("Why 600").
template <int N>
__global__ void dot(float *out, int K) {
  __shared__ float As[N * N], Bs[N * N];
  int r = threadIdx.x / N, c = threadIdx.x % N;
  float tmp = 0;
  for (int t = 0; t < K; t += N) {
    As[threadIdx.x] = out[threadIdx.x + t];
    Bs[threadIdx.x] = out[threadIdx.x + 2 * t];
    __syncthreads();
    for (int k = 0; k < N; ++k)
      tmp += As[r * N + k] * Bs[k * N + c];
    __syncthreads();
  }
  out[threadIdx.x] = tmp;
}
template <int N>
__global__ void heavy(float *out, int K) {
  __shared__ float As[4096], Bs[4096];
  int r = threadIdx.x / 32, c = threadIdx.x % 32;
  float tmp[4] = {0, 0, 0, 0};
  for (int t = 0; t < K; t += N) {
    As[threadIdx.x] = out[threadIdx.x + t];
    Bs[threadIdx.x] = out[threadIdx.x + 2 * t];
    __syncthreads();
    for (int k = 0; k < N; ++k) {
      float b = Bs[k * 32 + c];
      tmp[0] += As[r * N + k] * b;
      tmp[1] += As[(r + 8) * N + k] * b;
      tmp[2] += As[(r + 16) * N + k] * b;
      tmp[3] += As[(r + 24) * N + k] * b;
    }
    __syncthreads();
  }
  out[threadIdx.x] = tmp[0] + tmp[1] + tmp[2] + tmp[3];
}
template __global__ void dot<8>(float *, int);
template __global__ void dot<16>(float *, int);
template __global__ void dot<32>(float *, int);
template __global__ void dot<64>(float *, int);
template __global__ void heavy<16>(float *, int);
template __global__ void heavy<32>(float *, int);
template __global__ void heavy<64>(float *, int);
template __global__ void heavy<128>(float *, int);
