// The analysis of one kernel stops at its time budget (--max-kernel-seconds,
// default 60 s; every block shape, value tried and fix proof together), and
// the note says which budget it reached. A millisecond is far less than
// this kernel's 100000 data-dependent iterations take.
//
// RUN: %smem-lint --max-kernel-seconds=0.001 %s 2>&1 | FileCheck %s
// RUN: not %smem-lint --max-kernel-seconds=-1 %s 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: %smem-lint --max-kernel-seconds=0 --max-kernel-memory=0 %s 2>&1 | FileCheck --check-prefix=NOLIMIT %s

// CHECK: time-budget.cu:[[@LINE+3]]:17: note: the analysis of 'slow' is incomplete: budget exceeded: the evaluation reached its time budget of 0.001 s per kernel (--max-kernel-seconds); accesses past that point were not analysed
// NOLIMIT-NOT: time budget
// smem-lint: block_dim(256)
__global__ void slow(float *out, const int *data) {
  __shared__ float s[256];
  float acc = 0;
  for (int i = 0; i < 100000; ++i) {
    s[threadIdx.x] = data[i];
    __syncthreads();
    acc += s[(threadIdx.x + data[i]) % 256];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
// BAD: smem-lint: error: --max-kernel-seconds expects seconds from 0 to 1000000
