// Case h_r12_uniform_unknown_divergent_barrier, shaped like
// cutlass/util/device_dump.h (dump_fragment): a parameter check whose value
// comes from a member call (frag.size()), which a source-level view cannot
// compute, but which is the same for every thread, guards a uniform early
// exit with its own barrier; then thread t prints in turn between barriers, in
// a loop over blockDim.x that every thread runs the same number of times.
// Every thread reaches every barrier: the user sees no divergent-barrier
// finding (smem-lint once reported "divergent barrier: thread 0 skips it" at
// the barrier in the loop), and the kernel is analysed from its compiled code,
// not skipped.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=divergent
// RUN: %smem-lint --format=json %s | python3 -c "import json,sys; [print('evaluator', k['name'], k['evaluator'], k['not_evaluated'], k['budget_exceeded'], ['%%dx%%dx%%d(%%s)' %% (d['x'], d['y'], d['z'], d['source']) for d in k['block_dims']]) for k in json.load(sys.stdin)['kernels']]" | FileCheck --check-prefix=JSON %s
#include <cstdio>

struct Frag {
  float v[8];
  __device__ int size() const { return 8; }
  __device__ float operator[](int i) const { return v[i]; }
};

__device__ void dump(Frag const &frag, int M = 0) {
  int n = int(frag.size());                            // uniform, from a member call
  if (M < 0 || M > n) { __syncthreads(); return; }     // uniform early exit
  if (M == 0) M = n;
  // blockDim.x = 32 from the launch: 32 trips for every thread, 32 barriers.
  for (int t = 0; t < blockDim.x; ++t) {
    if (t == threadIdx.x)
      for (int i = 0; i < M; ++i) printf("%f ", frag[i]);
    // CHECK-NOT: uniform-unknown-condition.cu:[[@LINE+1]]
    __syncthreads();
  }
}

// JSON: evaluator k device-ir [] False ['32x1x1(launch)']
__global__ void k() {
  Frag f;
  for (int i = 0; i < 8; ++i) f.v[i] = i;
  dump(f);
}

int main() { k<<<1, 32>>>(); }
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file
