// Loops that never end: the evaluator enumerates --max-loop-iterations of
// them and says the rest was sampled; with a huge limit the step budget stops
// them. No hang.

// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s
// RUN: not %smem-lint --format=json %s | python3 %S/Inputs/kernel-status.py | FileCheck --check-prefix=JSON %s
// RUN: not %smem-lint --format=json --max-loop-iterations=4000000000 %s | python3 %S/Inputs/kernel-status.py | FileCheck --check-prefix=BUDGET %s

// smem-lint: block_dim(1024)
__global__ void spin(float *out) {
  __shared__ float s[1024];
  while (true) {
    s[threadIdx.x] += 1;
    __syncthreads();
  }
}

// With no barrier in the loop, the compiler keeps s[threadIdx.x * 2] in a
// register while it spins (as nvcc does): one read before the loop, one
// write after it, and the loop itself, which touches no shared memory, is
// looked at once.
// smem-lint: block_dim(1024)
__global__ void untilFlag(const int *flags, float *out) {
  __shared__ float s[2048];
  for (;;) {
    // CHECK: infinite-loop.cu:[[@LINE+2]]:5: warning: 2-way bank conflict: read-modify-write of 's'
    // CHECK-NOT: evaluated in part
    s[threadIdx.x * 2] += 1;
    if (flags[threadIdx.x])
      break;
  }
}
// CHECK: exit=1

// JSON: kernel spin budget_exceeded=false
// JSON: access spin s load L13 status=sampled
// JSON: kernel untilFlag budget_exceeded=false

// BUDGET: kernel spin budget_exceeded=true
// BUDGET: kernel untilFlag budget_exceeded=false
