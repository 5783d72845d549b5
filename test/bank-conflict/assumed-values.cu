// From ../shared/cases/h_r08_assumed_param_out_of_range.cu: G and K come from
// the command line, so the analysis assumes G = K = 1024, which puts every
// lane outside 's'. A finding that rests on assumed values is a note, not a
// warning, and the bank-conflict headline is the range over the values
// tried: s[(i % G) * K + i / G] for one warp (i = lane) is lane * K words
// apart once G >= 32, gcd(K, 32)-way, and conflict-free for G = 1 (words
// i / 1 = lane): 1- to 32-way.
//
// RUN: %smem-lint %s 2>&1 | FileCheck --implicit-check-not=warning: %s
// Given real values, the analysis uses them: G = 4, K = 8 puts lane i on
// word (i % 4) * 8 + i / 4, a permutation of 0-31: conflict-free.
// RUN: %smem-lint --param G=4 --param K=8 %s 2>&1 | FileCheck --check-prefix=GIVEN %s
// GIVEN-NOT: bank conflict
// GIVEN: smem-lint: 0 warnings and 0 errors in 1 file
// CHECK: assumed-values.cu:23:60: note: 1- to 32-way bank conflict depending on 'G' and 'K': read of 's' takes 32 wavefronts per warp instead of 1 with G = 1024, K = 1024 (block 32x1, sm_90)
// CHECK: note: reported as a note: it rests on the assumed G = 1024 (give the value with --param G=VALUE) and on the assumed K = 1024 (give the value with --param K=VALUE)
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
