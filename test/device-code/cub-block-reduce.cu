// CUB's BlockReduce keeps its partial sums in the TempStorage the kernel
// declares __shared__: the accesses are inside CUB's templates, compiled into
// the kernel and reported at the user's call. The default (warp-reductions)
// algorithm for 256 threads: lane 0 of each of the 8 warps stores its warp's
// sum (one word per instruction: 1 wavefront each, 8 instructions), and
// thread 0 reads the 7 other warps' sums (7 single-word loads). CUB reads
// its lane id with inline PTX (mov.u32 %0, %laneid), which the evaluator
// reads as the special register.
//
// REQUIRES: cuda-toolkit
// RUN: %smem-lint-toolkit --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint-toolkit --format=json %s | python3 -c "import json,sys; [print('evaluator', k['name'], k['evaluator'], k['compiled_shared_variables']) for k in json.load(sys.stdin)['kernels']]" | FileCheck --check-prefix=EVAL %s
#include <cub/block/block_reduce.cuh>

// CHECK: kernel sum L[[@LINE+2]] block_dims=256x1x1(launch)
// EVAL: evaluator sum device-ir ['temp']
__global__ void sum(const float *in, float *out) {
  using BlockReduce = cub::BlockReduce<float, 256>;
  __shared__ typename BlockReduce::TempStorage temp;
  float v = in[blockIdx.x * 256 + threadIdx.x];
  // CHECK: access temp store L[[@LINE+3]]:17 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  // CHECK: access temp load L[[@LINE+2]]:17 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  // CHECK: totals sum shape=0 load=7/7 store=8/8 atomic=0/0
  float total = BlockReduce(temp).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
}
// CHECK-NOT: diagnostic smem-

int main() { sum<<<4, 256>>>(nullptr, nullptr); }
