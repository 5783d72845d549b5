// A block barrier built from libcu++'s cuda::barrier in shared memory
// (../shared/cases/r7_barrier.cu). Clang rejects the __shared__ object's
// constructor, nvcc only warns (#20054-D); once rejected, every use was
// dropped, the kernel had no device code, and arrive_and_wait() could not
// order anything. Now the kernel is analysed and the mbarrier followed: the
// 128 arrivals complete phase 0, and the wait orders each thread's write
// before every thread's read, with no note. Without arrive_and_wait(),
// thread 0's read of s[127] races with thread 127's write, and smem-lint
// says so (second RUN).
//
// REQUIRES: cuda-toolkit
// RUN: %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not="warning:" --implicit-check-not="error:"
// RUN: sed 's/  bar.arrive_and_wait();//' %s > %t.cu
// RUN: not %smem-lint-toolkit %t.cu 2>&1 | FileCheck %s --check-prefix=NO-WAIT
#include <cuda/barrier>
__global__ void stage(float *o) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  // CHECK: :[[@LINE-1]]:54: note: no thread runs the constructor of __shared__ 'bar' (nvcc warns the same, #20054-D); libcu++ expects init(&bar, count)
  __shared__ float s[128];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  bar.arrive_and_wait();
  // NO-WAIT: :[[@LINE+1]]:20: warning: missing barrier: thread 0 reads s[127], written by thread 127 at line [[@LINE-2]] with no __syncthreads() in between (block 128x1, sm_90) [smem-missing-barrier]
  o[threadIdx.x] = s[127 - threadIdx.x];
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
int main() { float *o; cudaMalloc(&o, 512); stage<<<1, 128>>>(o); cudaDeviceSynchronize(); }
