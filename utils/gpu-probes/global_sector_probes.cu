// Global-memory sectors per request on the GPU, for the transaction model of
// gmem-uncoalesced (lib/Model/GlobalTransactions.h). Each kernel has one
// probed load pattern and one probed store pattern; ncu's
// l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum over
// l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum gives sectors per
// request. Results: docs/measurements/h200-global-sectors.md.
//
// Build: nvcc -arch=sm_90 -O3 -lineinfo -o global_sector_probes global_sector_probes.cu
#include <cstdio>

#define TILE 32

struct Float3 {
  float x, y, z;
};

// Load: 32 consecutive floats per warp. Store: the same.
__global__ void g_coalesced(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// The naive transpose, block 32x8 (and 16x16 below): loads along rows,
// stores down columns (lanes 4*height bytes apart).
__global__ void g_naive_transpose(float *out, const float *in, int width,
                                  int height) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    out[x * height + (y + j)] = in[(y + j) * width + x];
}

__global__ void g_naive_transpose16(float *out, const float *in, int width,
                                    int height) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  out[x * height + y] = in[y * width + x];
}

// The tiled transpose of examples/transpose.cu.
__global__ void g_tiled_transpose(float *out, const float *in, int width,
                                  int height) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Vector loads and stores, consecutive: 256 and 512 bytes per warp.
__global__ void g_float2(float2 *out, const float2 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void g_float4(float4 *out, const float4 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// float4 through reinterpret_cast of float pointers.
__global__ void g_float4_cast(float *out, const float *__restrict__ in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  reinterpret_cast<float4 *>(out)[i] = reinterpret_cast<const float4 *>(in)[i];
}
// Every other float4 (32-byte lane stride).
__global__ void g_float4_stride2(float4 *out, const float4 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = in[2 * i];
}

// Strided floats and doubles.
__global__ void g_float_stride2(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = in[2 * i];
}
__global__ void g_float_stride32(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[32 * i] = in[32 * i];
}
__global__ void g_double_stride2(double *out, const double *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * i] = in[2 * i];
}

// An array of structures: one field (12-byte lane stride).
__global__ void g_float3_field(float *out, const Float3 *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].x;
}

// Every lane reads in[0] (uniform); the store is to consecutive floats.
__global__ void g_uniform(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[0] + 1.0f;
}

// Consecutive floats one element off alignment.
__global__ void g_misaligned(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i + 1] = in[i + 1];
}

// Half the warp active: consecutive floats, and 4096-byte lane stride.
__global__ void g_partial(float *out, const float *in) {
  int lane = threadIdx.x & 31;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (lane < 16)
    out[(warp * 16 + lane) * 1024] = in[warp * 16 + lane];
}

int main() {
  const int N = 1024;
  float *a, *b;
  cudaMalloc(&a, sizeof(float) * N * N * 4 + 4096);
  cudaMalloc(&b, sizeof(float) * N * N * 4 + 4096);
  cudaMemset(a, 0, sizeof(float) * N * N * 4 + 4096);
  dim3 grid(N / TILE, N / TILE);
  g_coalesced<<<N, 256>>>(b, a);
  g_naive_transpose<<<grid, dim3(TILE, 8)>>>(b, a, N, N);
  g_naive_transpose<<<grid, dim3(TILE, 8)>>>(b, a, N + 1, N + 1);
  g_naive_transpose16<<<dim3(N / 16, N / 16), dim3(16, 16)>>>(b, a, N, N);
  g_tiled_transpose<<<grid, dim3(TILE, 8)>>>(b, a, N, N);
  g_float2<<<N, 256>>>((float2 *)b, (const float2 *)a);
  g_float4<<<N, 256>>>((float4 *)b, (const float4 *)a);
  g_float4_cast<<<N, 256>>>(b, a);
  g_float4_stride2<<<N / 2, 256>>>((float4 *)b, (const float4 *)a);
  g_float_stride2<<<N, 256>>>(b, a);
  g_float_stride32<<<N / 32, 256>>>(b, a);
  g_double_stride2<<<N, 256>>>((double *)b, (const double *)a);
  g_float3_field<<<N, 256>>>(b, (const Float3 *)a);
  g_uniform<<<N, 256>>>(b, a);
  g_misaligned<<<N, 256>>>(b, a);
  g_partial<<<8, 256>>>(b, a);
  cudaError_t Error = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(Error));
  return Error != cudaSuccess;
}
