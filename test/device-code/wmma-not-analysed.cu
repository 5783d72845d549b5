// wmma fragments whose instructions were not measured (8-bit m32n8k16
// operands and their s32 accumulator on global memory; the measured ones
// are evaluated: test/bank-conflict/wmma.cu, wmma-more.cu)
// loaded from shared memory: each load gets its own note at the user's
// statement (the C++ call, inlined from <mma.h>), counted in the summary
// line. The mma itself
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

// CHECK: wmma-not-analysed.cu:[[@LINE+1]]:17: note: the analysis of 'k_wmma' is incomplete: 'wmma::store_matrix_sync' on global memory is not evaluated yet at line [[#@LINE+18]]; its accesses are missing from the analysis (block 32x1, sm_90) [smem-lint-incomplete]
__global__ void k_wmma(const unsigned char *a, int *c) {
  __shared__ unsigned char s[16 * 32];
  // Lane l stores s[l + 32k]: bytes, 32 lanes in 8 words.
  for (int i = threadIdx.x; i < 512; i += 32)
    s[i] = a[i];
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 32, 8, 16, unsigned char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, unsigned char, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 32, 8, 16, int> fc;
  wmma::fill_fragment(fc, 0);
  wmma::load_matrix_sync(fa, s, 16);
  // CHECK: wmma-not-analysed.cu:[[@LINE-1]]:3: note: access not analysed: 'wmma::load_matrix_sync' reads 's'; the analysis does not evaluate it, so its wavefronts and the races through it are not known (block 32x1, sm_90) [smem-lint-incomplete]
  // SARIF: "text": "access not analysed: 'wmma::load_matrix_sync' reads 's';
  // SARIF: "startLine": [[@LINE-3]]
  wmma::load_matrix_sync(fb, s, 16);
  // CHECK: wmma-not-analysed.cu:[[@LINE-1]]:3: note: access not analysed: 'wmma::load_matrix_sync' reads 's'
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}

int main() {
  unsigned char *a;
  int *c;
  k_wmma<<<1, 32>>>(a, c);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 3 notes (2 accesses not analysed) in 1 file
