// A division or modulo by zero in a shared index: the address is undefined,
// reported by smem-out-of-bounds; the bank-conflict analysis leaves the
// access unknown. No crash.

// RUN: (%smem-lint --checks=-*,smem-out-of-bounds %s 2>&1; echo "exit=$?") | FileCheck %s
// RUN: not %smem-lint --format=json %s | python3 %S/Inputs/kernel-status.py | FileCheck --check-prefix=JSON %s

// Every thread divides by zero: the compiler drops what follows (nvcc may
// too), and the analysis says where it stopped.
// smem-lint: block_dim(32)
__global__ void all(int d) {
  __shared__ float s[32];
  int zero = 0;
  // CHECK: division-by-zero.cu:[[@LINE-3]]:17: note: the analysis of 'all' is incomplete: every thread divides by zero at line [[@LINE+1]]: the compiler drops the code after an integer division by zero, as nvcc may; accesses past that point were not analysed
  s[threadIdx.x / zero] = 1;
}

// smem-lint: block_dim(32)
__global__ void k(int d) {
  __shared__ float s[32];
  // Only thread 5 divides by zero.
  // CHECK: division-by-zero.cu:[[@LINE+1]]:3: error: write to 's[32 % ((int)threadIdx.x - 5)]' divides by zero for thread 5: the address is undefined
  s[32 % ((int)threadIdx.x - 5)] = 2;
  // With an unknown divisor the analysis assumes d = 1024: nothing to say.
  // CHECK-NOT: division-by-zero.cu:[[@LINE+1]]
  s[threadIdx.x + threadIdx.x / d] = 3;
}

// Threads unknown for another reason (data read from memory) are not the
// ones that divide by zero: each thread keeps why its value is undefined.
// smem-lint: block_dim(32)
__global__ void mixed(const int *data) {
  __shared__ float s[64];
  int v = data[threadIdx.x];
  // Thread 5 divides by zero; threads 16-31 read data: only thread 5.
  int first = threadIdx.x < 16 ? 32 / ((int)threadIdx.x - 5) : v;
  // CHECK: division-by-zero.cu:[[@LINE+1]]:3: error: write to 's[first + 40]' divides by zero for thread 5: the address is undefined
  s[first + 40] = 1;
  // Threads 0-15 read data first; thread 20 divides by zero: still found.
  int second = threadIdx.x < 16 ? v : 32 / ((int)threadIdx.x - 20);
  // CHECK: division-by-zero.cu:[[@LINE+1]]:3: error: write to 's[second + 40]' divides by zero for thread 20: the address is undefined
  s[second + 40] = 2;
}
// CHECK: exit=1
// JSON: not_evaluated all: every thread divides by zero at line 15
// JSON: access k s store L23 status=unknown
