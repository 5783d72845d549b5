// Kernels of test/barriers/barrier-fix-proof.cu and case h_r02 with a main, for racecheck:
// nvcc -arch=sm_90 -lineinfo -o fp fix_proof_racecheck.cu; compute-sanitizer --tool racecheck
// --racecheck-report all ./fp KERNEL (docs/measurements/race-suite.md, "Fix proofs").
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstring>
namespace cg = cooperative_groups;
__global__ void shift(float *out) {
  __shared__ float s[257];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  s[threadIdx.x] = s[threadIdx.x + 1];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void shift_fixed(float *out) {
  __shared__ float s[257];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float next = s[threadIdx.x + 1];
  __syncthreads();
  s[threadIdx.x] = next;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void k_reduce(const float *in, float *o, const float *bias_g) {
  __shared__ float warp_sum[8];
  __shared__ float bias;
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  float v = in[blockIdx.x * 256 + threadIdx.x];
  float total = cg::reduce(warp, v, cg::plus<float>());
  warp_sum[threadIdx.x / 32] = total;
  float b = __shfl_sync(0xffffffff, v, 0);
  warp_sum[threadIdx.x / 32] += 0 * b;
  bias = bias_g[blockIdx.x];
  __syncthreads();
  o[threadIdx.x] = warp_sum[threadIdx.x % 8] + bias;
}
int main(int argc, char **argv) {
  float *i, *o, *b;
  cudaMalloc(&i, 4096 * 4); cudaMalloc(&o, 4096 * 4); cudaMalloc(&b, 64 * 4);
  cudaMemset(i, 0, 4096 * 4); cudaMemset(b, 0, 64 * 4);
  const char *k = argc > 1 ? argv[1] : "all";
  if (!strcmp(k, "shift") || !strcmp(k, "all")) shift<<<1, 256>>>(o);
  if (!strcmp(k, "shift_fixed") || !strcmp(k, "all")) shift_fixed<<<1, 256>>>(o);
  if (!strcmp(k, "k_reduce") || !strcmp(k, "all")) k_reduce<<<1, 256>>>(i, o, b);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
