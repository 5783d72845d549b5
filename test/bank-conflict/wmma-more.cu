// wmma fragments beyond 16x16x16 half operands and f32 stores: accumulator
// loads, f16/s32/f64 accumulators, 8-bit operands (the imma GEMMs), double
// m8n8k4 (the dmma GEMMs), the m32n8k16 and m8n32k16 shapes, bf16 operands,
// and loads and stores through global memory. Every expected number was
// measured on an H100 (sm_90, the H200's SM) on 2026-12-05 by
// utils/gpu-probes/wmma_more_probes.cu and wmma_bf16_probes.cu
// (docs/measurements/h200-wmma.md):
// shared wavefronts / instructions of one warp's call, global sectors.
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit --format=json %s | %summarize | FileCheck %s
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

template <typename Use, int M, int N, int K, typename T, typename Layout,
          int Ldm>
__global__ void operand(const T *In, float *Out) {
  __shared__ __align__(128) T S[4096 / sizeof(T)];
  wmma::fragment<Use, M, N, K, T, Layout> F;
  wmma::load_matrix_sync(F, S, Ldm);
  Out[threadIdx.x] = float(F.x[0]);
}

template <int M, int N, int K, typename T, int Ldm, bool RowMajor>
__global__ void accumulator(float *Out) {
  __shared__ __align__(128) T S[8192 / sizeof(T)];
  wmma::fragment<wmma::accumulator, M, N, K, T> C;
  wmma::load_matrix_sync(C, S, Ldm,
                         RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
  wmma::store_matrix_sync(S + 4096 / sizeof(T), C, Ldm,
                          RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
}

template <typename T, int Ldm, bool RowMajor>
__global__ void global(const half *A, const T *C, T *D) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> F;
  wmma::load_matrix_sync(F, A, Ldm);
  wmma::fragment<wmma::accumulator, 16, 16, 16, T> Acc;
  wmma::load_matrix_sync(Acc, C, Ldm,
                         RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
  wmma::store_matrix_sync(D, Acc, Ldm,
                          RowMajor ? wmma::mem_row_major : wmma::mem_col_major);
}

// 8-bit operands: A row-major / B column-major one ldmatrix.x2 (ldm 64: 8,
// ldm 80: 2); the other layouts 8 one-byte loads (ldm 128: 32, ldm 48: 16).
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_a, 16, 16, 16, unsigned char, nvcuda::wmma::row_major, 64> shape=0 load=8/1
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_b, 16, 16, 16, unsigned char, nvcuda::wmma::col_major, 80> shape=0 load=2/1
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_b, 16, 16, 16, unsigned char, nvcuda::wmma::row_major, 128> shape=0 load=32/8
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_a, 16, 16, 16, signed char, nvcuda::wmma::col_major, 48> shape=0 load=16/8
// double m8n8k4 operands, one 8-byte load each (A row-major ldm 6: 4; B
// row-major ldm 16: 8).
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_a, 8, 8, 4, double, nvcuda::wmma::row_major, 6> shape=0 load=4/1
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_b, 8, 8, 4, double, nvcuda::wmma::row_major, 16> shape=0 load=8/1
// half m32n8k16 / m8n32k16: two ldmatrix.x4 (A row-major ldm 64: 64; B
// row-major ldm 40: 8) or one x2 (B column-major ldm 16: 4; A
// column-major ldm 8: 2).
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_a, 32, 8, 16, __half, nvcuda::wmma::row_major, 64> shape=0 load=64/2
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_b, 32, 8, 16, __half, nvcuda::wmma::col_major, 16> shape=0 load=4/1
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_b, 8, 32, 16, __half, nvcuda::wmma::row_major, 40> shape=0 load=8/2
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_a, 8, 32, 16, __half, nvcuda::wmma::col_major, 8> shape=0 load=2/1
// __nv_bfloat16 16x16x16 operands: the generic wmma.load CUDA 13's mma.hpp
// emits for bf16 (no ldmatrix): 4 LD.E of 4 bytes, 8 rows of 4 words each,
// whatever the layout (measured on the H100 on 2026-12-05 by
// utils/gpu-probes/wmma_bf16_probes.cu: ldm 16 8 wavefronts, ldm 64 32,
// ldm 24 and 72 4, 4 instructions each).
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_a, 16, 16, 16, __nv_bfloat16, nvcuda::wmma::row_major, 16> shape=0 load=8/4
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_a, 16, 16, 16, __nv_bfloat16, nvcuda::wmma::col_major, 64> shape=0 load=32/4
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_b, 16, 16, 16, __nv_bfloat16, nvcuda::wmma::row_major, 24> shape=0 load=4/4
// CHECK-LABEL: totals operand<nvcuda::wmma::matrix_b, 16, 16, 16, __nv_bfloat16, nvcuda::wmma::col_major, 72> shape=0 load=4/4

// f32 accumulator, loaded as it is stored: row-major ldm 32, 4 LDS.64 of
// 8 wavefronts (measured 32); column-major ldm 20, 8 LDS of 1 (measured 8).
// CHECK-LABEL: totals accumulator<16, 16, 16, float, 32, true> shape=0 load=32/4 store=32/4
// CHECK-LABEL: totals accumulator<16, 16, 16, float, 20, false> shape=0 load=8/8 store=8/8
// f16 accumulator: 4 LDS / STS of 16-bit pairs at the same places in both
// layouts (measured: ldm 64 32 wavefronts, ldm 24 4, either layout).
// CHECK-LABEL: totals accumulator<16, 16, 16, __half, 64, true> shape=0 load=32/4 store=32/4
// CHECK-LABEL: totals accumulator<16, 16, 16, __half, 24, false> shape=0 load=4/4 store=4/4
// s32 accumulator, as the f32 one (measured: row-major ldm 32 32, column-major ldm 20 8).
// CHECK-LABEL: totals accumulator<16, 16, 16, int, 32, true> shape=0 load=32/4 store=32/4
// CHECK-LABEL: totals accumulator<16, 16, 16, int, 20, false> shape=0 load=8/8 store=8/8
// double 8x8: row-major one 16-byte access (ldm 10: 8 wavefronts),
// column-major two 8-byte ones (ldm 8: 16).
// CHECK-LABEL: totals accumulator<8, 8, 4, double, 10, true> shape=0 load=8/1 store=8/1
// CHECK-LABEL: totals accumulator<8, 8, 4, double, 8, false> shape=0 load=16/2 store=16/2
// 32x8 f32 (ldm 12 row-major: 16 in 4) and the 8x32 one loaded and stored
// as its transpose (row-major ldm 32: 32 in 8 loads, 32 in 8 stores).
// CHECK-LABEL: totals accumulator<32, 8, 16, float, 12, true> shape=0 load=16/4 store=16/4
// CHECK-LABEL: totals accumulator<8, 32, 16, float, 32, true> shape=0 load=32/8 store=32/8

// Global memory: a half A fragment is 4 4-byte loads of the mma layout (ldm
// 64: 8 rows, 8 sectors each: 32); an f32 accumulator 4 8-byte (row-major)
// or 8 4-byte (column-major) accesses, 32 sectors either way at ldm 64.
// CHECK-LABEL: kernel global<float, 64, false>
// CHECK: gaccess A load {{.*}} sectors=8 ideal=4
// CHECK: gaccess C load {{.*}} sectors=4 ideal=4
// CHECK: gaccess D store {{.*}} sectors=4 ideal=4
// In bytes: 64 sectors loaded (2048; measured 32 + 32), 32 stored (1024).
// CHECK: gtotals global<float, 64, false> shape=0 {{.*}} load=1536/2048 store=1024/1024

// A bf16 fragment from global memory: the same 4 generic 4-byte loads, 8
// rows of 16 bytes each, 8 sectors per load: 32 sectors (1024 bytes) in 4
// requests, measured for A and B in both layouts at ldm 16, 64 and 72.
template <typename Layout, int Ldm>
__global__ void globalBf16(const __nv_bfloat16 *B, float *Out) {
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, Layout> F;
  wmma::load_matrix_sync(F, B, Ldm);
  Out[threadIdx.x] = float(F.x[0]);
}
// CHECK-LABEL: kernel globalBf16<nvcuda::wmma::row_major, 64>
// CHECK: gaccess B load {{.*}} sectors=8 ideal=4
// CHECK: gtotals globalBf16<nvcuda::wmma::row_major, 64> shape=0 {{.*}} load=512/1024

int main() {
  accumulator<16, 16, 16, float, 32, true><<<1, 32>>>(nullptr);
  accumulator<16, 16, 16, float, 20, false><<<1, 32>>>(nullptr);
  accumulator<16, 16, 16, half, 64, true><<<1, 32>>>(nullptr);
  accumulator<16, 16, 16, half, 24, false><<<1, 32>>>(nullptr);
  accumulator<16, 16, 16, int, 32, true><<<1, 32>>>(nullptr);
  accumulator<16, 16, 16, int, 20, false><<<1, 32>>>(nullptr);
  accumulator<8, 8, 4, double, 10, true><<<1, 32>>>(nullptr);
  accumulator<8, 8, 4, double, 8, false><<<1, 32>>>(nullptr);
  accumulator<32, 8, 16, float, 12, true><<<1, 32>>>(nullptr);
  accumulator<8, 32, 16, float, 32, true><<<1, 32>>>(nullptr);
  operand<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major, 64><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major, 80><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::row_major, 128><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_a, 16, 16, 16, signed char, wmma::col_major, 48><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_a, 8, 8, 4, double, wmma::row_major, 6><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_b, 8, 8, 4, double, wmma::row_major, 16><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_a, 32, 8, 16, half, wmma::row_major, 64><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_b, 32, 8, 16, half, wmma::col_major, 16><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_b, 8, 32, 16, half, wmma::row_major, 40><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_a, 8, 32, 16, half, wmma::col_major, 8><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major, 16><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::col_major, 64><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major, 24><<<1, 32>>>(nullptr, nullptr);
  operand<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major, 72><<<1, 32>>>(nullptr, nullptr);
  global<float, 64, false><<<1, 32>>>(nullptr, nullptr, nullptr);
  globalBf16<wmma::row_major, 64><<<1, 32>>>(nullptr, nullptr);
}
