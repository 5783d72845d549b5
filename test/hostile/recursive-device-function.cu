// A device function that calls itself: the optimizer turns the recursion
// (an accumulating tail call) into a loop, so every access is seen. With n
// unknown (taken as 1024), the recursion is 1025 calls deep, past the limit
// of 1024 iterations; the address does not move between calls (threadIdx.x,
// read again in each call, is the same), so the calls past the limit are
// computed in closed form: exact, 1025 warp instructions per block, and the
// analysis is not incomplete otherwise.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s
// RUN: not %smem-lint --format=json %s | python3 %S/Inputs/kernel-status.py | FileCheck --check-prefix=JSON %s

__device__ int walk(float *s, int n) {
  // CHECK: recursive-device-function.cu:[[@LINE+2]]:3: warning: 32-way bank conflict: read-modify-write of 's'
  // CHECK: note: in Nsight Compute's terms, a 32-way conflict: 31 excessive wavefronts of 32 (96.9%) in each of the block's 1025 warp instructions
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
// JSON: access k s load L15 status=exact
// JSON: access k s store L15 status=exact
