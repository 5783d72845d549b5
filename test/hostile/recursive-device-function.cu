// A device function that calls itself: the evaluator follows calls 16 deep,
// then stops and says so; the accesses it saw are still analysed.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s
// RUN: not %smem-lint --format=json %s | python3 %S/Inputs/kernel-status.py | FileCheck --check-prefix=JSON %s

__device__ int walk(float *s, int n) {
  // CHECK: recursive-device-function.cu:[[@LINE+1]]:3: warning: 32-way bank conflict: read-modify-write of 's'
  s[threadIdx.x * 32] += 1.0f;
  return n <= 0 ? 0 : walk(s, n - 1) + 1;
}

// CHECK: recursive-device-function.cu:[[@LINE+3]]:17: note: the analysis of 'k' is incomplete: call depth limit reached in 'walk' at line 10; accesses past that point were not analysed (block 32x1, sm_90) [smem-lint-incomplete]
// JSON: not_evaluated k: call depth limit reached in 'walk' at line 10
// smem-lint: block_dim(32)
__global__ void k(int n) {
  __shared__ float s[32 * 32];
  walk(s, n);
}
// CHECK: smem-lint: 1 warning and 0 errors, 1 note in 1 file
// CHECK: exit=1
// JSON: access k s load L9 status=exact
// JSON: access k s store L9 status=exact
