// wmma fragments loaded from shared memory, and ldmatrix through inline PTX
// (case m04). The evaluation models neither yet: each load gets its own note
// at the user's statement (the C++ call for wmma, inlined from <mma.h>; the
// asm statement for ldmatrix), counted in the summary line. The mma itself
// touches no memory and gets none. store_matrix_sync writes global memory:
// no shared result depends on it, and the kernel's note says its global
// accesses are missing.
//
// REQUIRES: cuda-toolkit
// RUN: %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %smem-lint-toolkit --format=sarif %s | FileCheck --check-prefix=SARIF %s

#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

// CHECK: wmma-ldmatrix-not-analysed.cu:[[@LINE+1]]:17: note: the analysis of 'k_wmma' is incomplete: 'wmma::store_matrix_sync' on global memory is not evaluated yet at line [[#@LINE+16]]; its accesses are missing from the analysis (block 32x1, sm_90) [smem-lint-incomplete]
__global__ void k_wmma(const half *a, float *c) {
  __shared__ half s[16 * 16];
  // Lane l stores s[l + 32k]: 2-byte halves, 32 lanes in 16 words.
  for (int i = threadIdx.x; i < 256; i += 32)
    s[i] = a[i];
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, s, 16);
  // CHECK: wmma-ldmatrix-not-analysed.cu:[[@LINE-1]]:3: note: access not analysed: 'wmma::load_matrix_sync' reads 's'; the analysis does not evaluate it, so its wavefronts and the races through it are not known (block 32x1, sm_90) [smem-lint-incomplete]
  wmma::load_matrix_sync(fb, s, 16);
  // CHECK: wmma-ldmatrix-not-analysed.cu:[[@LINE-1]]:3: note: access not analysed: 'wmma::load_matrix_sync' reads 's'
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}

// Lanes 0-7 give the row addresses &tile[lane][0]: 8 rows of 128 bytes, all
// in banks 0-3 (an 8-way conflict the analysis cannot see yet).
// CHECK: wmma-ldmatrix-not-analysed.cu:[[@LINE+1]]:17: note: shared memory limits 'k_ldmatrix' to 25 blocks
__global__ void k_ldmatrix(const half *a, float *out) {
  __shared__ half tile[64][64];
  for (int i = threadIdx.x; i < 64 * 64; i += 32)
    tile[i / 64][i % 64] = a[i];
  __syncwarp();
  unsigned addr = static_cast<unsigned>(
      __cvta_generic_to_shared(&tile[threadIdx.x % 8][0]));
  unsigned r0;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(r0)
               : "r"(addr));
  // CHECK: wmma-ldmatrix-not-analysed.cu:[[@LINE-3]]:3: note: access not analysed: inline PTX 'ldmatrix.sync.aligned.m8n8.x1.shared.b16' reads shared memory; the analysis does not evaluate it, so its wavefronts and the races through it are not known (block 32x1, sm_90) [smem-lint-incomplete]
  // SARIF: "text": "access not analysed: inline PTX 'ldmatrix.sync.aligned.m8n8.x1.shared.b16' reads shared memory;
  // SARIF: "startLine": [[@LINE-5]]
  out[threadIdx.x] = __half2float(__ushort_as_half((unsigned short)(r0 & 0xffff)));
}

int main() {
  half *a;
  float *c;
  k_wmma<<<1, 32>>>(a, c);
  k_ldmatrix<<<1, 32>>>(a, c);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 5 notes (3 accesses not analysed) in 1 file
