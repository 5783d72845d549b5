// A cvta'd shared address used in 64-bit arithmetic: `base + offset *
// sizeof(half)` widens the 32-bit address, which the optimizer writes as
// `and (ptrtoint @smem), 0xfffffffe` (the truncation, with the alignment it
// knows) when the sum is shared by two statements. The evaluator read that
// `and` as "arithmetic on an address", and the cp.async and ldmatrix below
// were "access not analysed" (LeetCUDA's multi-stage HGEMM kernels address
// their stages this way). Shared memory lies in the 32-bit window at 16-byte
// boundaries, so the mask changes nothing: both are analysed.
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="not analysed"
// CHECK: masked-shared-address.cu:[[# @LINE + 18]]:70: note: 2-way bank conflict: 16-byte cp.async into 'smem' takes 8 wavefronts per warp instead of 4
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file

#include <cuda_fp16.h>
#include <cstdint>

template <int Stages>
__global__ void staged(const half *A, half *out, int k_tiles) {
  extern __shared__ half smem[];
  uint32_t base = __cvta_generic_to_shared(smem);
  constexpr int upper = Stages * 128 * 24;
  uint32_t r0 = 0, r1 = 0, r2 = 0, r3 = 0;
  for (int k = 0; k < k_tiles; ++k) {
    int stage = k % Stages;
    // Lane pairs 48 bytes apart, 16 bytes each: lanes 1 and 6 both use
    // bank 4 (bytes 12304 and 12432 of the block's upper half).
    uint32_t dst = base + upper * sizeof(half) +
                   (stage * 128 * 24 + threadIdx.x / 2 * 24 + threadIdx.x % 2 * 8) * sizeof(half);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst),
                 "l"(A + k * 2048 + threadIdx.x * 8));
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 0;\n" ::);
    __syncthreads();
    // Rows of 48 bytes: the eight rows of each matrix start in banks 0, 12,
    // 24, 4, 16, 28, 8, 20; no conflict.
    uint32_t src = base + upper * sizeof(half) +
                   (stage * 128 * 24 + (threadIdx.x % 32) % 16 * 24 + (threadIdx.x % 32) / 16 * 8) * sizeof(half);
    asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(src));
    __syncthreads();
  }
  out[threadIdx.x] = __float2half(float(r0 + r1 + r2 + r3));
}

void run(const half *A, half *out) {
  staged<2><<<1, 256, 2 * 2 * 128 * 24 * 2>>>(A, out, 4);
}
