// Case x_unknown: an index read from memory. The evaluation cannot compute
// s[perm[t]], so neither its wavefronts nor whether another thread reads the
// word it writes are known (here thread t reads s[t] with no barrier: if
// perm is not the identity, that is a race). Nothing about it may be silent:
// a note at the access says what is not known, and the summary line counts
// it. The read of s[t] is analysed (lane l reads word l: 1 wavefront).

// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %smem-lint --format=sarif %s | FileCheck --check-prefix=SARIF %s

// CHECK: unknown-address.cu:[[@LINE+7]]:3: note: access not analysed: the address of this write of 's' depends on data read from memory 'perm', so its wavefronts and the races through it are not known (block 256x1, sm_90) [smem-lint-incomplete]
// SARIF: "ruleId": "smem-lint-incomplete"
// SARIF: "text": "access not analysed: the address of this write of 's' depends on data read from memory 'perm'
// SARIF: "startLine": [[@LINE+4]]
// smem-lint: block_dim(256)
__global__ void k(const int *perm, int *out) {
  __shared__ int s[256];
  s[perm[threadIdx.x]] = threadIdx.x;
  out[threadIdx.x] = s[threadIdx.x];
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note (1 access not analysed) in 1 file
