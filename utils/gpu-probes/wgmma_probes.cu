// wgmma.mma_async's shared operands (issue 19, item 6): which 16-byte pieces
// of shared memory a descriptor makes B read, and what the gmma pipe's reads
// cost, for the layouts smem-lint decodes (lib/Evaluation/WarpgroupMma.cpp).
//
// Layout: A is one-hot in registers (A[m][k] = 1 where k = m % 16), so
// D[m][n] = B[m % 16][n]: the accumulator shows, for every element of B, the
// value the wgmma read. Shared memory holds each half element's own index
// (exact in f16 below 2048: the probes stay inside 4 KB), so the value is
// the element's address / 2.
//
// Usage:
//   wgmma_probes layout MODE LBO SBO START TRANS   one line: the 16 x 8
//       element indices B(k, n) read (k-major), MODE none|32|64|128
//   wgmma_probes layout64 MODE LBO SBO START TRANS the same for N = 64:
//       16 x 64 indices
//   wgmma_probes cost                              one launch per config of
//       the list below, a line each naming it (run under ncu for the
//       l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma counter)
// Build: nvcc -arch=sm_90a -O3 -lineinfo. Run by run_wgmma_probes.sh.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_fp16.h>

constexpr unsigned Region = 4096; // bytes of shared memory filled and read
// layout64 reads up to 16 KB: two passes, each half holding its index's
// low 11 bits, then its high bits (f16 is exact on integers up to 2048).
constexpr unsigned WideRegion = 16384;

__device__ uint64_t descriptor(unsigned address, unsigned lbo, unsigned sbo,
                               unsigned mode) {
  return uint64_t((address & 0x3FFFF) >> 4) |
         uint64_t((lbo & 0x3FFFF) >> 4) << 16 |
         uint64_t((sbo & 0x3FFFF) >> 4) << 32 | uint64_t(mode) << 62;
}

// The A fragment of m64nNk16 (per warp rows 16w..16w+15, as mma.m16n8k16):
// lane l holds rows l/4 and l/4 + 8, columns 2(l%4) + {0, 1} and + 8.
__device__ void one_hot_a(unsigned (&a)[4]) {
  unsigned lane = threadIdx.x % 32, g = lane / 4, t = lane % 4;
  auto element = [&](unsigned row, unsigned col) {
    return __half_as_ushort(__float2half(row == col ? 1.0f : 0.0f));
  };
  auto pack = [&](unsigned row, unsigned col) {
    return unsigned(element(row, col)) | unsigned(element(row, col + 1)) << 16;
  };
  a[0] = pack(g, 2 * t);
  a[1] = pack(g + 8, 2 * t);
  a[2] = pack(g, 2 * t + 8);
  a[3] = pack(g + 8, 2 * t + 8);
}

template <bool Transposed>
__device__ void mma_rs_n8(float (&d)[4], const unsigned (&a)[4], uint64_t b) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, 1, 1, 1, %9;"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b),
                 "n"(Transposed ? 1 : 0));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
}

__device__ void mma_ss_n64(float (&d)[32], uint64_t a, uint64_t b) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile(
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, "
      "%30, %31}, %32, %33, 1, 1, 1, 0, 0;"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),
        "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]),
        "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]),
        "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]),
        "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),
        "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]),
        "+f"(d[30]), "+f"(d[31])
      : "l"(a), "l"(b));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
}

// Fills the region with each half's index (or, for layout64, the part of it
// `pass` selects), fenced for the async proxy.
__device__ unsigned fill(unsigned char *smem, unsigned bytes = Region,
                         int pass = -1) {
  __half *h = reinterpret_cast<__half *>(smem);
  for (unsigned i = threadIdx.x; i < bytes / 2; i += blockDim.x)
    h[i] = __uint2half_rn(pass < 0 ? i : pass == 0 ? i % 2048 : i / 2048);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  return unsigned(__cvta_generic_to_shared(smem));
}

template <bool Transposed>
__global__ void layout(unsigned mode, unsigned lbo, unsigned sbo,
                       unsigned start, float *out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  unsigned base = fill(smem);
  unsigned a[4];
  one_hot_a(a);
  float d[4] = {};
  mma_rs_n8<Transposed>(d, a, descriptor(base + start, lbo, sbo, mode));
  // D fragment: lane l holds rows l/4 (d0, d1) and l/4 + 8 (d2, d3) of
  // columns 2(l%4) + {0, 1}; warp 0's 16 rows are B's 16 k.
  if (threadIdx.x < 32) {
    unsigned g = threadIdx.x / 4, t = threadIdx.x % 4;
    out[g * 8 + 2 * t] = d[0];
    out[g * 8 + 2 * t + 1] = d[1];
    out[(g + 8) * 8 + 2 * t] = d[2];
    out[(g + 8) * 8 + 2 * t + 1] = d[3];
  }
}

// A and B 64 x 16 f16 from shared memory through one layout each.
__global__ void cost_ss(unsigned mode, unsigned lbo, unsigned sbo,
                        unsigned a_start, unsigned b_start, float *out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  unsigned base = fill(smem);
  float d[32] = {};
  mma_ss_n64(d, descriptor(base + a_start, lbo, sbo, mode),
             descriptor(base + b_start, lbo, sbo, mode));
  for (int i = 0; i < 32; ++i)
    out[threadIdx.x * 32 + i] = d[i];
}

// B alone (64 x 16 f16, N = 64) from shared memory, A from registers: the
// gmma pipe's wavefronts of one operand's layout.
template <bool Transposed>
__device__ void mma_rs_n64(float (&d)[32], const unsigned (&a)[4], uint64_t b) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile(
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, "
      "%30, %31}, {%32, %33, %34, %35}, %36, 1, 1, 1, %37;"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),
        "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]),
        "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]),
        "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]),
        "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),
        "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]),
        "+f"(d[30]), "+f"(d[31])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b),
        "n"(Transposed ? 1 : 0));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
}

template <bool Transposed>
__global__ void cost_rs(unsigned mode, unsigned lbo, unsigned sbo,
                        unsigned b_start, float *out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  unsigned base = fill(smem);
  unsigned a[4];
  one_hot_a(a);
  float d[32] = {};
  mma_rs_n64<Transposed>(d, a, descriptor(base + b_start, lbo, sbo, mode));
  for (int i = 0; i < 32; ++i)
    out[threadIdx.x * 32 + i] = d[i];
}

// B of m64n64k16 (16 x 64) through one layout: warp 0's 16 rows of D are
// B's 16 k (D fragment: d[i] at row lane/4 + 8 ((i/2) % 2), column
// 8 (i/4) + 2 (lane%4) + i%2).
template <bool Transposed>
__global__ void layout64(unsigned mode, unsigned lbo, unsigned sbo,
                         unsigned start, int pass, float *out) {
  extern __shared__ __align__(1024) unsigned char smem[];
  unsigned base = fill(smem, WideRegion, pass);
  unsigned a[4];
  one_hot_a(a);
  float d[32] = {};
  mma_rs_n64<Transposed>(d, a, descriptor(base + start, lbo, sbo, mode));
  if (threadIdx.x < 32) {
    unsigned g = threadIdx.x / 4, t = threadIdx.x % 4;
    for (unsigned i = 0; i < 32; ++i)
      out[(g + 8 * ((i / 2) % 2)) * 64 + 8 * (i / 4) + 2 * t + i % 2] = d[i];
  }
}

static unsigned modeBits(const char *Mode) {
  if (!strcmp(Mode, "128"))
    return 1;
  if (!strcmp(Mode, "64"))
    return 2;
  if (!strcmp(Mode, "32"))
    return 3;
  return 0;
}

int main(int argc, char **argv) {
  float *out = nullptr;
  cudaMalloc(&out, 128 * 32 * sizeof(float));
  size_t Smem = Region + 1024;
  cudaFuncSetAttribute(layout<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(Smem));
  cudaFuncSetAttribute(layout<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(Smem));
  // The cost configs' strides reach 17 KB: A's 8-row groups SBO apart.
  size_t CostSmem = 32768 + 1024;
  cudaFuncSetAttribute(cost_ss, cudaFuncAttributeMaxDynamicSharedMemorySize, int(CostSmem));
  cudaFuncSetAttribute(cost_rs<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(CostSmem));
  cudaFuncSetAttribute(cost_rs<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(CostSmem));
  cudaFuncSetAttribute(layout64<false>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(CostSmem));
  cudaFuncSetAttribute(layout64<true>, cudaFuncAttributeMaxDynamicSharedMemorySize, int(CostSmem));
  if (argc == 7 && !strcmp(argv[1], "layout")) {
    unsigned mode = modeBits(argv[2]);
    unsigned lbo = atoi(argv[3]), sbo = atoi(argv[4]), start = atoi(argv[5]);
    bool trans = atoi(argv[6]) != 0;
    if (trans)
      layout<true><<<1, 128, Smem>>>(mode, lbo, sbo, start, out);
    else
      layout<false><<<1, 128, Smem>>>(mode, lbo, sbo, start, out);
    cudaError_t Err = cudaDeviceSynchronize();
    float host[128];
    cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost);
    printf("mode=%s lbo=%u sbo=%u start=%u trans=%d %s:", argv[2], lbo, sbo,
           start, int(trans), cudaGetErrorString(Err));
    for (int i = 0; i < 128; ++i)
      printf(" %d", int(host[i]));
    printf("\n");
    return Err == cudaSuccess ? 0 : 1;
  }
  if (argc == 7 && !strcmp(argv[1], "layout64")) {
    unsigned mode = modeBits(argv[2]);
    unsigned lbo = atoi(argv[3]), sbo = atoi(argv[4]), start = atoi(argv[5]);
    bool trans = atoi(argv[6]) != 0;
    float host[2][16 * 64];
    cudaError_t Err = cudaSuccess;
    for (int pass = 0; pass < 2 && Err == cudaSuccess; ++pass) {
      if (trans)
        layout64<true><<<1, 128, CostSmem>>>(mode, lbo, sbo, start, pass, out);
      else
        layout64<false><<<1, 128, CostSmem>>>(mode, lbo, sbo, start, pass, out);
      Err = cudaDeviceSynchronize();
      cudaMemcpy(host[pass], out, sizeof(host[pass]), cudaMemcpyDeviceToHost);
    }
    printf("mode=%s lbo=%u sbo=%u start=%u trans=%d n=64 %s:", argv[2], lbo,
           sbo, start, int(trans), cudaGetErrorString(Err));
    for (int i = 0; i < 16 * 64; ++i)
      printf(" %d", int(host[1][i]) * 2048 + int(host[0][i]));
    printf("\n");
    return Err == cudaSuccess ? 0 : 1;
  }
  if (argc == 2 && !strcmp(argv[1], "cost")) {
    // B alone (RS): K-major canonical layouts, strides and starts off the
    // atom (CUTLASS advances a K-block by 32 bytes inside a swizzle atom),
    // then M/N-major.
    struct RsConfig {
      const char *Mode;
      unsigned Lbo, Sbo, Start, Trans;
    } RsConfigs[] = {
        {"none", 128, 256, 0, 0},   {"none", 128, 256, 16, 0},
        {"none", 128, 256, 64, 0},  {"none", 256, 128, 0, 0},
        {"none", 1024, 128, 0, 0},  {"32", 16, 256, 0, 0},
        {"64", 16, 512, 0, 0},      {"64", 16, 512, 32, 0},
        {"128", 16, 1024, 0, 0},    {"128", 16, 1024, 32, 0},
        {"128", 16, 1024, 64, 0},   {"128", 16, 1024, 16, 0},
        {"none", 1024, 128, 0, 1},  {"none", 128, 256, 0, 1},
        {"32", 512, 256, 0, 1},     {"64", 2048, 512, 0, 1},
        {"128", 2048, 1024, 0, 1}};
    for (const RsConfig &C : RsConfigs) {
      if (C.Trans)
        cost_rs<true><<<1, 128, CostSmem>>>(modeBits(C.Mode), C.Lbo, C.Sbo, C.Start, out);
      else
        cost_rs<false><<<1, 128, CostSmem>>>(modeBits(C.Mode), C.Lbo, C.Sbo, C.Start, out);
      cudaError_t Err = cudaDeviceSynchronize();
      printf("cost rs mode=%s lbo=%u sbo=%u start=%u trans=%u %s\n", C.Mode,
             C.Lbo, C.Sbo, C.Start, C.Trans, cudaGetErrorString(Err));
    }
    // A and B (SS), K-major, one layout for both; A at 0, B 2048 bytes in.
    struct Config {
      const char *Mode;
      unsigned Lbo, Sbo;
    } Configs[] = {{"none", 128, 256},  {"none", 256, 128}, {"none", 1024, 128},
                   {"none", 128, 512},  {"32", 16, 256},    {"32", 16, 512},
                   {"64", 16, 512},     {"64", 16, 1024},   {"128", 16, 1024},
                   {"128", 16, 2048}};
    for (const Config &C : Configs) {
      cost_ss<<<1, 128, CostSmem>>>(modeBits(C.Mode), C.Lbo, C.Sbo, 0, 2048, out);
      cudaError_t Err = cudaDeviceSynchronize();
      printf("cost ss mode=%s lbo=%u sbo=%u %s\n", C.Mode, C.Lbo, C.Sbo,
             cudaGetErrorString(Err));
    }
    return 0;
  }
  fprintf(stderr, "usage: wgmma_probes layout MODE LBO SBO START TRANS | cost\n");
  return 2;
}
