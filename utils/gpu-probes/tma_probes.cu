// TMA tensor copies into shared memory at destinations of every alignment,
// for each swizzle mode (issue 19, item 5): does the copy fail, land as the
// tensor map says relative to the destination, or land swizzled by the
// absolute shared address (a silent permutation for the program)?
// A third argument varies the box: "half" announces half its bytes with
// expect_tx (does the wait ever complete?), "strided" steps 2 rows at a time
// (elementStrides {1, 2}: 4 of the 8 rows, announced as such), "narrow"
// makes the inner dimension half the swizzle span (where do its rows land?).
// Usage: tma_probes MODE OFFSET [half|strided|narrow]   (MODE: none|32|64|128)
// Prints one line: mode, offset, outcome. Results:
// docs/measurements/h200-tma.md; run by run_tma_probes.sh.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

constexpr int Rows = 8, GlobalCols = 256, GlobalRows = 64;

__global__ void tma_load(const __grid_constant__ CUtensorMap map,
                         unsigned offset, unsigned bytes, unsigned *out,
                         int *status) {
  extern __shared__ __align__(1024) unsigned char smem[];
  __shared__ alignas(8) uint64_t bar;
  unsigned b = (unsigned)__cvta_generic_to_shared(&bar);
  unsigned char *dst = smem + offset;
  for (unsigned i = threadIdx.x; i < 6144; i += blockDim.x)
    smem[i] = 0xee;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(b), "r"(1));
    asm volatile("fence.mbarrier_init.release.cluster;");
    asm volatile("fence.proxy.async.shared::cta;");
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b),
                 "r"(bytes) : "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
                 "complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(
                     (unsigned)__cvta_generic_to_shared(dst)),
                 "l"(&map), "r"(0), "r"(0), "r"(b)
                 : "memory");
  }
  // Bounded wait: a copy that never completes its bytes shows as a timeout.
  unsigned done = 0;
  for (long spin = 0; spin < (1l << 22) && !done; ++spin)
    asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0;\n"
                 " selp.u32 %0, 1, 0, p;\n}"
                 : "=r"(done) : "r"(b) : "memory");
  if (threadIdx.x == 0)
    *status = done ? 1 : 2;
  __syncthreads();
  for (unsigned i = threadIdx.x; i < 512; i += blockDim.x)
    out[i] = reinterpret_cast<unsigned *>(dst)[i];
}

int main(int argc, char **argv) {
  if (argc < 3) return 2;
  const char *mode = argv[1];
  unsigned offset = unsigned(atoi(argv[2]));
  CUtensorMapSwizzle swizzle = CU_TENSOR_MAP_SWIZZLE_NONE;
  unsigned swizzleBytes = 0;
  if (!strcmp(mode, "32")) swizzle = CU_TENSOR_MAP_SWIZZLE_32B, swizzleBytes = 32;
  if (!strcmp(mode, "64")) swizzle = CU_TENSOR_MAP_SWIZZLE_64B, swizzleBytes = 64;
  if (!strcmp(mode, "128")) swizzle = CU_TENSOR_MAP_SWIZZLE_128B, swizzleBytes = 128;
  // The box's inner dimension: one swizzle span (128 bytes unswizzled).
  const char *variant = argc > 3 ? argv[3] : "";
  unsigned inner = (swizzleBytes ? swizzleBytes : 128) / 4;
  if (!strcmp(variant, "narrow")) inner /= 2;
  unsigned rowStep = !strcmp(variant, "strided") ? 2 : 1;
  unsigned rowsLoaded = Rows / rowStep;
  unsigned bytes = inner * rowsLoaded * 4;
  unsigned announced = !strcmp(variant, "half") ? bytes / 2 : bytes;
  std::vector<unsigned> host(GlobalRows * GlobalCols);
  for (size_t i = 0; i < host.size(); ++i) host[i] = unsigned(i);
  unsigned *g, *out; int *status;
  cudaMalloc(&g, host.size() * 4);
  cudaMalloc(&out, bytes);
  cudaMalloc(&status, 4);
  cudaMemset(status, 0, 4);
  cudaMemcpy(g, host.data(), host.size() * 4, cudaMemcpyHostToDevice);
  CUtensorMap map;
  cuuint64_t dims[2] = {GlobalCols, GlobalRows};
  cuuint64_t strides[1] = {GlobalCols * 4};
  cuuint32_t box[2] = {inner, Rows};
  cuuint32_t estr[2] = {1, rowStep};
  CUresult r = cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, g, dims, strides, box, estr,
                                      CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                                      CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) { printf("mode=%s offset=%u encode-error=%d\n", mode, offset, int(r)); return 0; }
  unsigned dyn = 4096 + 2048 + 1024;
  cudaFuncSetAttribute(tma_load, cudaFuncAttributeMaxDynamicSharedMemorySize, dyn);
  // The kernel announces `announced` bytes and copies 2048 bytes out.
  cudaFree(out);
  cudaMalloc(&out, 2048);
  tma_load<<<1, 128, dyn>>>(map, offset, announced, out, status);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { printf("mode=%s offset=%u launch-error=%s\n", mode, offset, cudaGetErrorName(e)); return 0; }
  int st = 0; cudaMemcpy(&st, status, 4, cudaMemcpyDeviceToHost);
  std::vector<unsigned> got(512);
  cudaMemcpy(got.data(), out, 2048, cudaMemcpyDeviceToHost);
  // Expected: element (row, col) of the box at byte row*inner*4 + col*4 of
  // the tile, its 16-byte chunk index XORed with the 128-byte line's index
  // (mod the swizzle's chunks) — computed on the offset from the tile
  // (relative) or on the absolute shared address (absolute, the base being
  // 1024-aligned so the absolute address's bits are those of offset + rel).
  unsigned bits = swizzleBytes == 32 ? 1 : swizzleBytes == 64 ? 2 : swizzleBytes == 128 ? 3 : 0;
  auto place = [&](unsigned byteOff) {
    return byteOff ^ (((byteOff >> 7) & ((1u << bits) - 1)) << 4);
  };
  bool relative = true, absolute = true;
  for (unsigned row = 0; row < rowsLoaded; ++row)
    for (unsigned col = 0; col < inner; ++col) {
      unsigned v = row * rowStep * GlobalCols + col;
      unsigned rel = row * inner * 4 + col * 4;
      unsigned relPlace = place(rel);
      unsigned absPlace = place(rel + offset) - offset;
      if (relPlace / 4 >= got.size() || got[relPlace / 4] != v) relative = false;
      if (absPlace / 4 >= got.size() || got[absPlace / 4] != v) absolute = false;
    }
  // Where each loaded row's first element landed, in words from the tile.
  std::string where;
  for (unsigned row = 0; row < rowsLoaded; ++row)
    for (unsigned i = 0; i < got.size(); ++i)
      if (got[i] == row * rowStep * GlobalCols) {
        where += " " + std::to_string(i);
        break;
      }
  printf("mode=%s offset=%u variant=%s bytes=%u announced=%u rows-at-words=%s\n",
         mode, offset, variant, bytes, announced, where.c_str());
  printf("mode=%s offset=%u status=%s layout=%s\n", mode, offset,
         st == 1 ? "complete" : st == 2 ? "timeout" : "not-run",
         relative && absolute ? "as-map(relative=absolute)" : relative ? "relative" : absolute ? "absolute-address-swizzle" : "neither");
  return 0;
}
