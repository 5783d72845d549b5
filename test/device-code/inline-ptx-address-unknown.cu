// An inline-PTX shared access the evaluator models (here a cp.async) whose
// address it could not compute: the note says why, instead of "the analysis
// does not evaluate it", which reads as if the instruction were not
// supported. An XOR on a cvta'd address is not followed here (it equals the
// XOR of the offset only where the array's base is aligned past the bits it
// flips, and this array is declared 2-byte aligned; a 1024-byte aligned one
// is followed: bank-conflict/xor-swizzled-ptx-address.cu).
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
// CHECK: inline-ptx-address-unknown.cu:[[@LINE+10]]:3: note: access not analysed: inline PTX 'cp.async.ca.shared.global' writes shared memory; the analysis could not compute its address (arithmetic on an address), so its wavefronts and the races through it are not known (block 64x1, sm_90) [smem-lint-incomplete]
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note (1 access not analysed) in 1 file

#include <cuda_fp16.h>
#include <cstdint>

__global__ void xored(const half *A, half *out) {
  __shared__ half tile[64 * 8];
  uint32_t base = __cvta_generic_to_shared(tile);
  uint32_t dst = (base + threadIdx.x * 16) ^ ((threadIdx.x & 7) << 4);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(dst),
               "l"(A + threadIdx.x * 8));
  asm volatile("cp.async.wait_all;\n" ::);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}

void run(const half *A, half *out) { xored<<<1, 64>>>(A, out); }
