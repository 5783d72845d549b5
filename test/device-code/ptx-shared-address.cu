// Shared addresses made by inline PTX, as AWQ's GEMM (after CUTLASS's older
// cast_smem_ptr_to_uint) makes them: `cvta.to.shared.u64` into a .reg, then
// `cvt.u32.u64` into the result, the generic pointer's 32-bit shared
// address, as __cvta_generic_to_shared computes it. Its ldmatrix is written
// as two strings with no space before the operands ("...shared.b16"
// "{%0, %1, %2, %3}, [%4];"), which ptxas reads. Before, the cp.async
// through such an address and the ldmatrix were "access not analysed"
// (AWQ's gemm_w4a16: 3 such notes); now both are evaluated.
//
// Arithmetic: 16-byte copies of consecutive lanes into consecutive 16-byte
// slots: 512 bytes per warp, 4 wavefronts. The ldmatrix.x4 of rows 128
// bytes apart (64 halves): each 8x8 matrix's 8 rows start in bank 0, 8
// wavefronts per matrix, 32 for the four instead of 4 (an 8-way conflict;
// the rule of docs/measurements/h200-ldmatrix.md); rows 144 bytes apart
// (72 halves) are conflict-free: 4.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="not analysed" --implicit-check-not="warning:"
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s --check-prefix=JSON
#include <cstdint>

__device__ uint32_t castSmemPtrToUint(void const *const ptr) {
  uint32_t smem_int_ptr;
  asm("{.reg .u64 smem_ptr; cvta.to.shared.u64 smem_ptr, %1; cvt.u32.u64 %0, smem_ptr; }\n"
      : "=r"(smem_int_ptr)
      : "l"(ptr));
  return smem_int_ptr;
}

__device__ uint32_t castOneStep(void const *ptr) {
  uint32_t address;
  asm("cvta.to.shared.u32 %0, %1;" : "=r"(address) : "l"(ptr));
  return address;
}

template <typename T>
__device__ void ldmatrixX4(T *fragment, uint32_t addr) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16"
               "{%0, %1, %2, %3}, [%4];"
               : "=r"(((unsigned *)fragment)[0]), "=r"(((unsigned *)fragment)[1]),
                 "=r"(((unsigned *)fragment)[2]), "=r"(((unsigned *)fragment)[3])
               : "r"(addr));
}

template <int Row>
__global__ void loadFragments(const uint4 *in, float *out) {
  __shared__ __align__(16) unsigned short tile[32 * Row];
  uint32_t slot = castSmemPtrToUint(&tile[threadIdx.x * 8]);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(slot),
               "l"(in + threadIdx.x));
  asm volatile("cp.async.wait_all;\n" ::);
  __syncthreads();
  unsigned short fragment[8];
  ldmatrixX4(fragment, castOneStep(&tile[(threadIdx.x % 32) * Row]));
  out[threadIdx.x] = fragment[0] + fragment[7];
}

void launch(const uint4 *in, float *out) {
  loadFragments<64><<<1, 32>>>(in, out);
  loadFragments<72><<<1, 32>>>(in, out);
}

// CHECK: ptx-shared-address.cu:40:22: warning: 8-way bank conflict: ldmatrix.x4 of 'tile' takes 32 wavefronts per warp instead of 4 (in 'loadFragments<64>', block 32x1, sm_90) [smem-bank-conflict]
// CHECK: smem-lint: 1 warning and 0 errors

// JSON-LABEL: kernel loadFragments<64>
// JSON: access tile copy L47:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1 status=exact
// JSON: access tile load L40:{{[0-9]+}} width=16 shape=0 wavefronts=32 mean=32 ideal=4 ways=8 status=exact
// JSON-LABEL: kernel loadFragments<72>
// JSON: access tile copy L47:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1 status=exact
// JSON: access tile load L40:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1 status=exact
