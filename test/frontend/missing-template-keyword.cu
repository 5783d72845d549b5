// A member template of a dependent type called without the `template`
// keyword (`vec_cast<To, From>::cast<N>(dst, src)`): nvcc and GCC accept it,
// Clang rejects every instantiation, and the kernels that use it had no
// device code (exit 2, every access lost). smem-lint reads the file again
// with the keyword added, says so in a note, and analyses the kernels. Lines
// and columns do not move: the finding after the name on the same line is
// at its column.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="error:"
// RUN: not %smem-lint --format=sarif %s | FileCheck --check-prefix=SARIF %s --implicit-check-not='"ruleId": "clang-diagnostic-error"'
// SARIF-COUNT-5: "ruleId": "smem-lint-frontend"

#include "Inputs/vec-cast.cuh"

template <typename T> struct Holder {
  T value;
  template <int K> __device__ T scaled() const { return value * K; }
  template <int K> __device__ T times(T x) const { return x * K; }
  template <int K> __device__ static T f(T x) { return x + K; }
};

// In the header, in the order of its lines: lane l writes words 8l to 8l + 7
// (cast_store) and reads them (cast_load), one at a time: stride 8 words,
// 8-way (lanes l and l + 4 share a bank); then the notes at both names.
// CHECK: vec-cast.cuh:8:7: warning: 8-way bank conflict: write of 'tile' takes 8 wavefronts per warp instead of 1 (in 'widen<float>', block 32x1, sm_90)
// CHECK: vec-cast.cuh:8:19: warning: 8-way bank conflict: read of 'tile' takes 8 wavefronts per warp instead of 1 (in 'widen<float>', block 32x1, sm_90)
// CHECK: vec-cast.cuh:16:23: note: read as 'cast' with the 'template' keyword: it names a member template of a dependent type, which C++ asks to be written 'template cast<...>' ([temp.names]); nvcc and GCC accept it without, Clang does not [smem-lint-frontend]
// CHECK: vec-cast.cuh:26:23: note: read as 'cast' with the 'template' keyword
template <typename T>
__global__ void widen(float *out, const Holder<T> *holders) {
  __shared__ T tile[32 * 8];
  __shared__ float sums[64];
  tile[threadIdx.x] = T(threadIdx.x);
  __syncthreads();
  float values[8];
  cast_load<float, T, 8>(values, tile + threadIdx.x * 8);
  cast_store<float, float, 8>(tile + threadIdx.x * 8, values);
  __syncthreads();
  // The `.` form, in a kernel's own code: the note names its place, and the
  // write after it on the same line is at its own column.
  // CHECK: missing-template-keyword.cu:[[@LINE+2]]:24: note: read as 'scaled' with the 'template' keyword
  // CHECK: missing-template-keyword.cu:[[@LINE+1]]:49: warning: 2-way bank conflict: write of 'sums'
  float s = holders[0].scaled<2>() + values[0]; sums[threadIdx.x * 2] = s;
  __syncthreads();
  // After `->` and after a bare qualifier (`H::`), and a one-letter name:
  // only the name is replaced, so nothing runs into the token before it.
  using H = Holder<T>;
  // CHECK: missing-template-keyword.cu:[[@LINE+1]]:22: note: read as 'times' with the 'template' keyword
  float t = holders->times<3>(sums[0]);
  // CHECK: missing-template-keyword.cu:[[@LINE+1]]:11: note: read as 'f' with the 'template' keyword
  t += H::f<1>(s);
  out[threadIdx.x] = sums[threadIdx.x] + t;
}

void run(float *out, const Holder<float> *holders) {
  widen<<<1, 32>>>(out, holders);
}
