// From ../shared/cases/h_r08_assumed_param_out_of_range.cu: G and K come from
// the command line. At the default 1024 every lane would be outside 's' (the
// loops run to G * K over 32 elements), so the analysis evaluates both with
// the largest value the array suggests that keeps them inside (ProblemSizes.h):
// 32 and 5 (the square root of 32) tried together, 32 * 32 and 5 * 5 = 25 <= 32.
// s[(i % 5) * 5 + i / 5] for lanes 0-24 is a permutation of words 0-24:
// conflict-free, as the case says for every G * K <= 32, and the values the
// sweep tries stop at 5 (past it the loops leave 's' again). The summary says
// what was chosen; JSON gives the values and why.
//
// RUN: %smem-lint %s 2>&1 | FileCheck --implicit-check-not=warning: --implicit-check-not='bank conflict' %s
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file ({{.*}}); 1 kernel evaluated with parameter values nothing gives, chosen to keep the shared arrays they index in bounds (--param gives the real ones; --format=json lists them)
// RUN: %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s
// JSON: "inferred_values": [
// JSON-NEXT: {
// JSON-NEXT: "parameter": "G",
// JSON-NEXT: "reason": "the largest value tried that keeps the accesses of 's' (32 elements) in bounds; with G = 1024 and K = 1024 they leave it",
// JSON-NEXT: "value": 5
// Given real values, the analysis uses them: G = 4, K = 8 puts lane i on
// word (i % 4) * 8 + i / 4, a permutation of 0-31: conflict-free.
// RUN: %smem-lint --param G=4 --param K=8 %s 2>&1 | FileCheck --check-prefix=GIVEN %s
// GIVEN-NOT: bank conflict
// GIVEN: smem-lint: 0 warnings and 0 errors in 1 file ({{[^;]*}}){{$}}
#include <cstdlib>
__global__ void shuffle(int G, int K, const float *x, float *y) {
  __shared__ float s[32];
  int C = G * K;
  for (int i = threadIdx.x; i < C; i += blockDim.x) s[i] = x[i];
  __syncthreads();
  for (int i = threadIdx.x; i < C; i += blockDim.x) y[i] = s[(i % G) * K + i / G];
}
int main(int argc, char **argv) {
  float *x, *y;
  int G = atoi(argv[1]), K = atoi(argv[2]);
  if (G * K <= 32) shuffle<<<1, 32>>>(G, K, x, y);
}
