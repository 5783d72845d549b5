// REQUIRES: cuda-toolkit
// Thread-block clusters and a libcu++ barrier in shared memory, with the
// CUDA 13 headers: cooperative_groups offers cluster_group to nvcc only
// unless told the cluster intrinsics are there (Clang 19 has them); a
// __shared__ object with a constructor is an error for Clang and a warning
// for nvcc (#20054-D). libcu++'s barrier and pipeline state are meant to be
// declared so and initialised in the kernel: smem-lint says so in a note,
// reads the file again with the declarations accepted, and analyses the
// kernels. No error, no warning: exit 0.
// RUN: %smem-lint-toolkit --cuda-path=/usr/local/cuda %s 2>&1 | FileCheck %s --implicit-check-not="error:" --implicit-check-not="warning:"
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) exchange(float *out) {
  __shared__ float s[256];
  cg::cluster_group cluster = cg::this_cluster();
  s[threadIdx.x] = threadIdx.x;
  cluster.sync();
  out[threadIdx.x] =
      cluster.map_shared_rank(s, cluster.block_rank() ^ 1)[threadIdx.x];
  // The races through the peer's shared memory are followed
  // (test/barriers/cluster-race.cu) and its cost (one segment, one
  // wavefront: test/bank-conflict/distributed-shared.cu), with no note.
  // CHECK-NOT: clusters-and-barriers.cu:[[@LINE-4]]:{{.*}}note:
  cluster.sync();
}

__global__ void arrive(float *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  // CHECK: clusters-and-barriers.cu:[[@LINE-1]]:54: note: no thread runs the constructor of __shared__ 'bar' (nvcc warns the same, #20054-D); libcu++ expects init(&bar, count) in one thread, then __syncthreads(), before its first use [smem-lint-frontend]
  // The mbarrier itself is followed: blockDim.x threads arrive on phase 0
  // and wait for it, with no note (test/barriers/mbarrier-protocol.cu).
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  bar.arrive_and_wait();
  out[threadIdx.x] = 1;
}

// cuda::pipeline's shared state has a constructor too (cuda-samples'
// globalToShmemAsyncCopy).
__global__ void staged(const float *in, float *out) {
  __shared__ float s[256];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  // CHECK: clusters-and-barriers.cu:[[@LINE-1]]:{{[0-9]+}}: note: no thread runs the constructor of __shared__ 'state' (nvcc warns the same, #20054-D); libcu++ expects cuda::make_pipeline(block, &state) to initialise it
  auto pipe = cuda::make_pipeline(cooperative_groups::this_thread_block(),
                                  &state);
  pipe.producer_acquire();
  cuda::memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  out[threadIdx.x] = s[threadIdx.x];
  pipe.consumer_release();
}

int main() {
  float *o;
  exchange<<<2, 256>>>(o);
  arrive<<<1, 256>>>(o);
  staged<<<1, 256>>>(o, o);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 2 notes in 1 file
