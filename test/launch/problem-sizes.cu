// Scalar parameters nothing gives are evaluated at 1024, unless the shared
// arrays they size rule that out (ProblemSizes.h): an access that leaves an
// array of known size through such a parameter (its index, or the bound of
// its loop) makes the analysis try the next smaller value the array suggests
// (its elements, their square and cube roots, its dimensions), until every
// access stays inside.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s
// RUN: %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=SUMMARY %s
// RUN: %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s

// One thread inverts an n x n matrix in place (the LU step of HeCBench's gmm):
// at n = 1024 it would leave the 576 elements at once and take about 1e9
// iterations, sampled; the array allows n = 24 (576 = 24 * 24), where every
// loop runs in full: exact, and nothing to report (one thread, no conflict).
// SUMMARY: kernel invert L[[@LINE+1]]
__global__ void invert(const float *in, float *out, int n) {
  __shared__ float m[24 * 24];
  for (int i = threadIdx.x; i < n * n; i += blockDim.x)
    m[i] = in[i];
  __syncthreads();
  if (threadIdx.x == 0)
    for (int i = 1; i < n; i++)
      for (int j = i; j < n; j++) {
        float sum = 0;
        // SUMMARY: access m load L[[@LINE+2]]:{{[0-9]+}} {{.*}} status=exact
        for (int k = 0; k < i; k++)
          sum += m[j * n + k] * m[k * n + i];
        m[j * n + i] -= sum;
      }
  __syncthreads();
  for (int i = threadIdx.x; i < n * n; i += blockDim.x)
    out[i] = m[i];
}
// JSON: "inferred_values": [
// JSON-NEXT: {
// JSON-NEXT: "parameter": "n",
// JSON-NEXT: "reason": "the largest value tried that keeps the accesses of 'm' (576 elements) in bounds; with n = 1024 they leave it",
// JSON-NEXT: "value": 24

// Column reads of a 32 x 32 tile whose row length is a parameter: at 1024
// lane 1 would read element 1024, past the tile; at 32 (the square root of
// its 1024 elements; lane 31 reads element 992) lane l reads word 32l, all in
// bank 0: 32-way. The finding rests on the chosen value and says so.
// smem-lint: block_dim(32)
__global__ void column(const float *in, float *out, int n) {
  __shared__ float tile[32 * 32];
  for (int i = threadIdx.x; i < n * n; i += blockDim.x)
    tile[i] = in[i];
  __syncthreads();
  // CHECK: problem-sizes.cu:[[@LINE+4]]:24: note: 1- to 32-way bank conflict depending on 'n': read of 'tile' takes 32 wavefronts per warp instead of 1 with n = 32 (block 32x1, sm_90) [smem-bank-conflict]
  // CHECK: note: the conflict degree depends on 'n': 1- to 32-way (32-way with n = 32); evaluated with n = 32
  // CHECK: note: reported as a note: it rests on the assumed n = 32, the largest value tried that keeps the shared arrays it indexes in bounds (give the value with --param n=VALUE)
  if (threadIdx.x < n)
    out[threadIdx.x] = tile[threadIdx.x * n];
}
// JSON: "inferred_values": [
// JSON-NEXT: {
// JSON-NEXT: "parameter": "n",
// JSON-NEXT: "reason": "the largest value tried that keeps the accesses of 'tile' (1024 elements) in bounds; with n = 1024 they leave it",
// JSON-NEXT: "value": 32

// A launch that gives n is used as given: no value is chosen.
__global__ void given(const float *in, float *out, int n) {
  __shared__ float s[256];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    s[i] = in[i];
}
void launch(const float *in, float *out) { given<<<1, 256>>>(in, out, 200); }
// JSON: "inferred_values": [],

// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file ({{.*}}); 2 kernels evaluated with parameter values nothing gives, chosen to keep the shared arrays they index in bounds (--param gives the real ones; --format=json lists them)
