// A load the evaluator cannot place: of `c[32] != 0 && c[32] != 7` the
// compiler makes one switch on one load of c[32], moved ahead of the
// condition before it without a source location. Both reads on the
// switch's line name c[32], so neither can be told for the load. The note
// says which load is missing and near which line; the evaluation went on,
// so it does not say that accesses past it were not analysed, and the
// other accesses stay exact.

// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="past that point"
// RUN: %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=JSON %s

// CHECK: unplaced-load.cu:[[#@LINE+3]]:17: note: the analysis of 'twice' is incomplete: a shared load of 'c' near line [[#@LINE+10]] could not be placed in the source; it is missing from the analysis (block 64x1, sm_90) [smem-lint-incomplete]
// JSON: kernel twice
// smem-lint: block_dim(64)
__global__ void twice(int *g) {
  __shared__ int c[64];
  // JSON: access c store L[[#@LINE+1]]:3 {{.*}} status=exact
  c[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  // JSON: access c load L[[#@LINE+2]]:7 {{.*}} status=exact
  // JSON-NOT: access c load
  if (c[threadIdx.x] == 0 && c[32] != 0 && c[32] != 7)
    g[threadIdx.x] = 1;
  __syncthreads();
  // JSON: access c store L[[#@LINE+1]]:3 {{.*}} status=exact
  c[threadIdx.x] = 0;
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
