// A device function that calls itself: the source evaluator follows calls 16
// deep and stops; the kernel is then evaluated from its compiled code, where
// the optimizer has turned the recursion (an accumulating tail call) into a
// loop, so every access is seen and nothing is incomplete.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s
// RUN: not %smem-lint --format=json %s | python3 %S/Inputs/kernel-status.py | FileCheck --check-prefix=JSON %s

__device__ int walk(float *s, int n) {
  // CHECK: recursive-device-function.cu:[[@LINE+1]]:3: warning: 32-way bank conflict: read-modify-write of 's'
  s[threadIdx.x * 32] += 1.0f;
  return n <= 0 ? 0 : walk(s, n - 1) + 1;
}

// CHECK-NOT: incomplete
// JSON-NOT: not_evaluated
// smem-lint: block_dim(32)
__global__ void k(int n) {
  __shared__ float s[32 * 32];
  walk(s, n);
}
// CHECK: smem-lint: 1 warning and 0 errors in 1 file
// CHECK: exit=1
// JSON: access k s load L11 status=exact
// JSON: access k s store L11 status=exact
