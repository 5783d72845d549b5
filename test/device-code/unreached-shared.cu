// A __shared__ variable the compiled kernel accesses but no thread of the
// evaluated block reaches (here: 'border' is not known, the value taken for
// it puts every thread outside the guard) gets a note at its declaration,
// with the values the evaluation took: a clean result is not shown clean.
// With the value given, the accesses are analysed and the note goes.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %smem-lint --param border=16 %s 2>&1 | FileCheck --check-prefix=GIVEN %s --implicit-check-not=warning: --implicit-check-not=note:

__global__ void shifted(const float *in, float *out, int border) {
  __shared__ float tile[256];
  // CHECK: unreached-shared.cu:[[@LINE-1]]:20: note: 'tile' is not analysed: the compiled code accesses it at line [[@LINE+4]], but no thread of the block evaluated reached that code, so the checks say nothing about it; the evaluation took border = 1024, which nothing in the code gives: give the values of a real launch with --param NAME=VALUE (block 256x1, sm_90) [smem-lint-incomplete]
  int x = int(threadIdx.x) - border;
  bool inside = x >= 0;
  if (inside)
    tile[threadIdx.x] = in[x];
  __syncthreads();
  if (inside)
    out[x] = tile[255 - threadIdx.x];
}

int main(int argc, char **argv) {
  float *i, *o;
  shifted<<<1, 256>>>(i, o, argc);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
// GIVEN: smem-lint: 0 warnings and 0 errors in 1 file
