// A loop whose work nothing the checks look at depends on (global stores
// through a struct's pointer, no shared access, no barrier, no value used
// after it) is not evaluated: its threads go on from its exit. Before, the
// nest below ran into the step budget (1024 clusters x 4096 iterations of
// the inner loop at the assumed n = 1024) and the analysis of the kernel
// was incomplete; now the shared read after each inner loop is exact. A
// loop whose result is used after it is evaluated as before.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="incomplete" --implicit-check-not="budget"
//
// The JSON report describes global accesses too, so there the loop is
// evaluated (and this nest reaches the budget, which the report says): the
// one place where the text, SARIF and editor output and the JSON report may
// differ, which is why this file is not among those the editor test
// compares with the JSON report (test/lsp/preamble-findings.test).
// RUN: %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=JSON %s

struct Clusters {
  float *R;
  float *avgvar;
};

// From HeCBench's gmm seed_clusters_kernel: the identity matrix of every
// cluster, then a read of the block's shared average.
// smem-lint: block_dim(256)
__global__ void seed(Clusters *clusters, int num_clusters, int n) {
  __shared__ float avgvar;
  if (threadIdx.x == 0)
    avgvar = 1.0f;
  __syncthreads();
  for (int c = 0; c < num_clusters; c++) {
    for (int i = threadIdx.x; i < n * n; i += blockDim.x)
      clusters->R[c * n * n + i] = (i / n == i % n) ? 1.0f : 0.0f;
    if (threadIdx.x == 0)
      clusters->avgvar[c] = avgvar / 2;
  }
}

// The sum is used after the loop: the loop is evaluated (in closed form),
// and the store of the sum and the read after the barrier are exact.
// smem-lint: block_dim(256)
__global__ void sum_then_tile(const float *in, float *out, int n) {
  __shared__ float tile[256];
  float sum = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    sum += in[i];
  tile[threadIdx.x] = sum;
  __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x];
}

// CHECK: smem-lint: 0 warnings and 0 errors in 1 file
// JSON: diagnostic smem-lint-incomplete note L[[#@LINE-27]]:17 the analysis of 'seed' is incomplete: budget exceeded
