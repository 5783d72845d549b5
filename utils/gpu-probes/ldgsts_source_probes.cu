// cp.async (LDGSTS) when a warp's global sources are not one coalesced
// line (issue 18: SGEMM_CUDA's kernel 12 measured 11 shared wavefronts per
// LDGSTS where the destination rule of docs/measurements/h200-cp-async.md,
// measured with coalesced sources, gives 4). One warp, one 4-byte
// `cp.async.ca` per lane; the source and destination patterns vary
// independently, so the shared wavefronts can be read against both.
//
// Source patterns (byte offset of lane l for a W-byte copy; global rows are
// 4096 bytes apart, so each row is its own 128-byte line):
//   0 contiguous          Wl
//   1 4 rows x 8 lanes    (l/8) row + W(l%8)
//   2 8 rows x 4 lanes    (l/4) row + W(l%4)
//   3 16 rows x 2 lanes   (l/2) row + W(l%2)
//   4 32 rows             l row
//   5 8 rows, lanes interleaved   (l%8) row + W(l/8)
//   6 4 rows in reverse lane order   ((31-l)/8) row + W(l%8)
//   7 8 rows x 4, 16 bytes apart  (l/4) row + 16(l%4)   kernel 12's A tile
// Destination patterns (byte offset of lane l):
//   0 contiguous          Wl
//   1 twice the width     2Wl
//   2 kernel 12           W((l%4)*512 + l/4)    4 lanes per bank at W = 4
//   3 8 lanes per bank    W((l%8)*128 + l/8)
//   4 one bank group      128l
// Mode `k12` runs kernel 12's own A copies (cuda::memcpy_async of 4 bytes
// through a cuda::barrier, 128 threads, BM = 128, BK = 16) and B copies
// (16 bytes), as a launch each.
//
// Usage: ldgsts_source_probes grid | k12      (one launch per line printed)
// Build: nvcc -arch=sm_90 -O3 -lineinfo. Run by run_ldgsts_source_probes.sh.
#include <cstdio>
#include <cstring>
#include <cuda/barrier>

// The barrier lives in shared memory and is initialised by init() below.
#pragma nv_diag_suppress static_var_with_dynamic_init

constexpr unsigned RowBytes = 4096;

__device__ unsigned sourceOffset(unsigned pattern, unsigned w, unsigned l) {
  switch (pattern) {
  case 0: return w * l;
  case 1: return (l / 8) * RowBytes + w * (l % 8);
  case 2: return (l / 4) * RowBytes + w * (l % 4);
  case 3: return (l / 2) * RowBytes + w * (l % 2);
  case 4: return l * RowBytes;
  case 5: return (l % 8) * RowBytes + w * (l / 8);
  case 6: return ((31 - l) / 8) * RowBytes + w * (l % 8);
  default: return (l / 4) * RowBytes + 16 * (l % 4);
  }
}

__device__ unsigned destinationOffset(unsigned pattern, unsigned w, unsigned l) {
  switch (pattern) {
  case 0: return w * l;
  case 1: return 2 * w * l;
  case 2: return w * ((l % 4) * 512 + l / 4);
  case 3: return w * ((l % 8) * 128 + l / 8);
  default: return 128 * l;
  }
}

template <unsigned W>
__global__ void grid(unsigned source, unsigned destination,
                     const unsigned char *g, float *out) {
  __shared__ alignas(16) float s[8192];
  unsigned l = threadIdx.x;
  unsigned offset = destinationOffset(destination, W, l);
  unsigned dst = unsigned(__cvta_generic_to_shared(s)) + offset;
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(dst),
               "l"(g + sourceOffset(source, W, l)), "n"(W)
               : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  __syncthreads();
  out[l] = s[offset / 4];
}

// Kernel 12's copies (src/kernels/12_kernel_double_buffering.cuh of
// siboehm/SGEMM_CUDA at 60cba6f): innerRowA = t / 4, innerColA = t % 4,
// rowStrideA = 32; innerRowB = t / 32, innerColB = t % 32, rowStrideB = 4.
template <bool CopyA>
__global__ void k12(const float *A, const float *B, int N, int K, float *out) {
  constexpr int BM = 128, BN = 128, BK = 16;
  __shared__ alignas(16) float As[BM * BK];
  __shared__ alignas(16) float Bs[BK * BN];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  const int innerRowA = threadIdx.x / (BK / 4), innerColA = threadIdx.x % (BK / 4);
  const int innerRowB = threadIdx.x / (BN / 4), innerColB = threadIdx.x % (BN / 4);
  if (CopyA) {
    for (int offset = 0; offset + 32 <= BM; offset += 32)
      for (int j = 0; j < 4; ++j)
        cuda::memcpy_async(&As[(innerColA * 4 + j) * BM + innerRowA + offset],
                           &A[(innerRowA + offset) * K + innerColA * 4 + j],
                           cuda::aligned_size_t<sizeof(float)>(sizeof(float)), bar);
  } else {
    for (int offset = 0; offset + 4 <= BK; offset += 4)
      cuda::memcpy_async(&Bs[(innerRowB + offset) * BN + innerColB * 4],
                         &B[(innerRowB + offset) * N + innerColB * 4],
                         cuda::aligned_size_t<sizeof(float4)>(sizeof(float4)), bar);
  }
  bar.arrive_and_wait();
  out[threadIdx.x] = CopyA ? As[threadIdx.x] : Bs[threadIdx.x];
}

int main(int argc, char **argv) {
  unsigned char *g = nullptr;
  float *out = nullptr;
  cudaMalloc(&g, 32 * RowBytes * 8);
  cudaMemset(g, 0, 32 * RowBytes * 8);
  cudaMalloc(&out, 1024 * sizeof(float));
  if (argc == 2 && !strcmp(argv[1], "grid")) {
    for (unsigned w : {4u, 8u, 16u})
      for (unsigned source = 0; source < 8; ++source)
        for (unsigned destination = 0; destination < 5; ++destination) {
          if (w == 4)
            grid<4><<<1, 32>>>(source, destination, g, out);
          else if (w == 8)
            grid<8><<<1, 32>>>(source, destination, g, out);
          else
            grid<16><<<1, 32>>>(source, destination, g, out);
          cudaError_t Err = cudaDeviceSynchronize();
          printf("grid width=%u source=%u destination=%u %s\n", w, source,
                 destination, cudaGetErrorString(Err));
        }
    return 0;
  }
  if (argc == 2 && !strcmp(argv[1], "k12")) {
    const int N = 128, K = 128;
    const float *M = reinterpret_cast<const float *>(g);
    k12<true><<<1, 128>>>(M, M, N, K, out);
    printf("k12 A %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    k12<false><<<1, 128>>>(M, M, N, K, out);
    printf("k12 B %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
  }
  fprintf(stderr, "usage: ldgsts_source_probes grid | k12\n");
  return 2;
}
