// A wmma GEMM's k-loop, too long to run in full (K = 65536 from the launch:
// 4096 iterations of 128 threads): each iteration stages a 64x16 tile of A
// and a 16x16 tile of B in shared memory and loads fragments from them. The
// fragments' tile pointers stay (the tiles are refilled), their leading
// dimension is the same in every iteration and the global loads move by 16
// columns, so the loop is computed in closed form: exact, not sampled.
//
// Per block (4 warps), the loop's 4096 iterations: the A fill 1024 / 128 = 8
// stores per thread, 4 x 8 x 4096 = 131072 warp instructions; the B fill
// 256 / 128 = 2, 32768; each fragment load 4 x 4096 = 16384. A row-major A
// and a column-major B fragment of half are one ldmatrix.x4 each: 8
// wavefronts at ldm 16 (rows 32 bytes apart: 2-way), 4 at ldm 24
// (docs/measurements/h200-wmma.md). The whole loop, one block, measured on
// an H100: 262,144 load wavefronts at ldm 16 and 131,072 at 24, 163,840
// stores (the same file, "A k-loop of fragment loads, in closed form").
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not="evaluated in part" --implicit-check-not="sampled"
// RUN: not %smem-lint-toolkit --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); [print(k['name'], a['line'], a['kind'], a['warp_instructions'], a['wavefronts_per_block'], a['status']) for k in r['kernels'] for a in k['accesses']]" | FileCheck --check-prefix=COUNTS %s
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

constexpr int N = 4096;

template <int Ld>
__global__ void tileLoop(const half *A, const half *B, float *C, int K) {
  __shared__ __align__(128) half As[64 * Ld];
  __shared__ __align__(128) half Bs[16 * Ld];
  int Warp = threadIdx.x / 32;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;
  wmma::fill_fragment(Acc, 0.0f);
  for (int K0 = 0; K0 < K; K0 += 16) {
    // COUNTS: tileLoop<16> [[@LINE+2]] store 131072 131072 exact
    for (int I = threadIdx.x; I < 64 * 16; I += blockDim.x)
      As[I / 16 * Ld + I % 16] = A[(blockIdx.y * 64 + I / 16) * K + K0 + I % 16];
    // COUNTS: tileLoop<16> [[@LINE+2]] store 32768 32768 exact
    for (int I = threadIdx.x; I < 16 * 16; I += blockDim.x)
      Bs[I / 16 * Ld + I % 16] = B[(blockIdx.x * 16 + I / 16) * K + K0 + I % 16];
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> Fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> Fb;
    wmma::load_matrix_sync(Fa, As + Warp * 16 * Ld, Ld);
    // CHECK: wmma-closed-form.cu:[[@LINE-1]]:5: warning: 2-way bank conflict: 'wmma::load_matrix_sync' (ldmatrix.x4) of 'As' takes 8 wavefronts per warp instead of 4 (in 'tileLoop<16>'
    // CHECK: note: in Nsight Compute's terms, a 2-way conflict: 4 excessive wavefronts of 8 (50%) in each of the block's 16384 warp instructions; per block, 65536 excessive wavefronts of 131072 (50%)
    // COUNTS: tileLoop<16> [[@LINE-3]] load 16384 131072 exact
    wmma::load_matrix_sync(Fb, Bs, Ld);
    // CHECK: wmma-closed-form.cu:[[@LINE-1]]:5: warning: 2-way bank conflict: 'wmma::load_matrix_sync' (ldmatrix.x4) of 'Bs' takes 8 wavefronts per warp instead of 4 (in 'tileLoop<16>'
    // COUNTS: tileLoop<16> [[@LINE-2]] load 16384 131072 exact
    wmma::mma_sync(Acc, Fa, Fb, Acc);
    __syncthreads();
  }
  wmma::store_matrix_sync(C + (blockIdx.y * 64 + Warp * 16) * N + blockIdx.x * 16,
                          Acc, N, wmma::mem_row_major);
}

// COUNTS: tileLoop<24> 36 store 131072 131072 exact
// COUNTS: tileLoop<24> 39 store 32768 32768 exact
// COUNTS: tileLoop<24> 43 load 16384 65536 exact
// COUNTS: tileLoop<24> 47 load 16384 65536 exact
int main() {
  int K = 1 << 16;
  tileLoop<16><<<dim3(N / 16, N / 64), 128>>>(nullptr, nullptr, nullptr, K);
  tileLoop<24><<<dim3(N / 16, N / 64), 128>>>(nullptr, nullptr, nullptr, K);
}
