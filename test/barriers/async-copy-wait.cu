// smem-async-copy-wait: a cp.async lands its bytes at some point before the
// issuing thread's cp.async.wait_group / wait_all completes it, and
// __syncthreads() does not wait for it. Racy kernels and their fixed twins,
// in the inline PTX that __pipeline_memcpy_async, cuda::memcpy_async and
// CuTe's SM80_CP_ASYNC atoms compile to (the toolkit's forms:
// async-copy-wait-toolkit.cu). The copies' verdicts on the H200:
// docs/measurements/h200-cp-async.md.
//
// The built-in prelude has the pipeline primitives too (cuda_pipeline.h).
#include <cuda_pipeline.h>

// RUN: not %smem-lint --checks='-*,smem-async-copy-wait,smem-missing-barrier' %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="not analysed"

// Thread-private copy of 4 bytes, its group commit and wait.
#define COPY4(dst, src)                                                        \
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(            \
                   (unsigned)__cvta_generic_to_shared(dst)),                   \
               "l"(src))
#define COMMIT() asm volatile("cp.async.commit_group;\n" ::)
#define WAIT_PRIOR(n) asm volatile("cp.async.wait_group %0;\n" ::"n"(n))

// The barrier does not wait for the copies: thread 0 reads thread 255's.
__global__ void barrierWithoutWait(const float *in, float *out) {
  __shared__ float s[256];
  COPY4(&s[threadIdx.x], &in[threadIdx.x]);
  COMMIT();
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK: async-copy-wait.cu:[[@LINE-1]]:22: warning: missing wait: thread 0 reads s[255] before the cp.async at line [[@LINE-4]] that writes it has landed: thread 255 issued the copy; a copy completes only at its thread's cp.async.wait_group or wait_all, and none completed it before this access (block 256x1, sm_90) [smem-async-copy-wait]
  // CHECK-NEXT: out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK-NEXT: ^~~~~~~~~~~~~~~~~~~~
  // CHECK-NEXT: async-copy-wait.cu:[[@LINE-7]]:3: note: thread 255 issues the cp.async that writes s[255] here
  // CHECK: async-copy-wait.cu:[[@LINE-5]]:22: note: wait for the copy before this access: cp.async.wait_group N with at most N groups committed after it (__pipeline_wait_prior(N), cuda::pipeline::consumer_wait()), then __syncthreads() so that every thread's copy has landed before other threads use it
}

// A thread's own copy is not there before its wait either.
__global__ void ownCopyBeforeWait(const float *in, float *out) {
  __shared__ float s[256];
  COPY4(&s[threadIdx.x], &in[threadIdx.x]);
  COMMIT();
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK: async-copy-wait.cu:[[@LINE-1]]:22: warning: missing wait: thread 0 reads s[0], which its own cp.async at line [[@LINE-3]] may not have written yet; a copy completes only at its thread's cp.async.wait_group or wait_all, and none completed it before this access (block 256x1, sm_90) [smem-async-copy-wait]
  // CHECK: note: wait for the copy before this access: cp.async.wait_group N with at most N groups committed after it (__pipeline_wait_prior(N), cuda::pipeline::consumer_wait()){{$}}
  WAIT_PRIOR(0);
}

// Fixed: wait, then the barrier.
__global__ void waitThenBarrier(const float *in, float *out) {
  __shared__ float s[256];
  COPY4(&s[threadIdx.x], &in[threadIdx.x]);
  COMMIT();
  WAIT_PRIOR(0);
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// The wait without the barrier: from its wait on the copy is the thread's
// write, and other threads need the barrier (smem-missing-barrier, whose
// fix-it goes after the wait).
__global__ void waitWithoutBarrier(const float *in, float *out) {
  __shared__ float s[256];
  COPY4(&s[threadIdx.x], &in[threadIdx.x]);
  COMMIT();
  WAIT_PRIOR(0);
  out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK: async-copy-wait.cu:[[@LINE-1]]:22: warning: missing barrier: thread 0 reads s[255], written by thread 255 at line [[@LINE-4]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  // CHECK: async-copy-wait.cu:[[@LINE-2]]:3: note: insert __syncthreads() here
}

// wait_group 1 leaves the newest group in flight: 'a' has landed, 'b' may
// not have.
__global__ void newestGroupInFlight(const float *in, float *out) {
  __shared__ float a[256], b[256];
  COPY4(&a[threadIdx.x], &in[threadIdx.x]);
  COMMIT();
  COPY4(&b[threadIdx.x], &in[256 + threadIdx.x]);
  COMMIT();
  WAIT_PRIOR(1);
  __syncthreads();
  out[threadIdx.x] = a[255 - threadIdx.x] + b[255 - threadIdx.x];
  // CHECK: async-copy-wait.cu:[[@LINE-1]]:45: warning: missing wait: thread 0 reads b[255] before the cp.async at line [[@LINE-5]] that writes it
  WAIT_PRIOR(0);
}

// A two-stage pipeline: with Leave = 1 the wait completes stage t's group
// before it is read; with Leave = 2 it completes nothing in time, and the
// refill of a stage may race with its first copy too.
template <int Leave> __global__ void twoStages(const float *in, float *out) {
  __shared__ float buf[2][256];
  float acc = 0;
  COPY4(&buf[0][threadIdx.x], &in[threadIdx.x]);
  COMMIT();
  for (int t = 0; t < 8; ++t) {
    if (t + 1 < 8)
      COPY4(&buf[(t + 1) % 2][threadIdx.x], &in[(t + 1) * 256 + threadIdx.x]);
    // CHECK: async-copy-wait.cu:[[@LINE-1]]:7: warning: missing wait: thread 0's cp.async writes buf[0][0] while the cp.async at line [[@LINE-5]] of the same thread may still write it, so either value may stay; {{.*}} (in 'twoStages<2>', block 256x1, sm_90) [smem-async-copy-wait]
    // CHECK: async-copy-wait.cu:[[@LINE-2]]:7: warning: missing wait: thread 0's cp.async writes buf[1][0] while the cp.async at line [[@LINE-2]] of the same thread may still write it
    // CHECK: note: thread 0 issues the cp.async that writes buf[1][0] here, in iteration 0 of the loop at line [[@LINE-5]]
    COMMIT();
    WAIT_PRIOR(Leave);
    __syncthreads();
    acc += buf[t % 2][255 - threadIdx.x];
    // CHECK: async-copy-wait.cu:[[@LINE-1]]:12: warning: missing wait: thread 0 reads buf[0][255] before the cp.async at line [[@LINE-12]] that writes it has landed: thread 255 issued the copy; {{.*}} (in 'twoStages<2>', block 256x1, sm_90) [smem-async-copy-wait]
    // CHECK: async-copy-wait.cu:[[@LINE-2]]:12: warning: missing wait: thread 0 reads buf[1][255] before the cp.async at line [[@LINE-9]] that writes it has landed: thread 255 issued the copy; {{.*}} (in 'twoStages<2>', block 256x1, sm_90) [smem-async-copy-wait]
    // CHECK: note: thread 255 issues the cp.async that writes buf[1][255] here, in iteration 0 of the loop at line [[@LINE-12]]
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

// CUTLASS's guarded copy: threads whose guard is 0 copy nothing. Threads
// 0-127 copy; thread 128 reads thread 0's copy after a barrier but before any
// wait.
__global__ void guardedCopy(const float4 *in, float *out) {
  __shared__ float4 s[256];
  unsigned a = (unsigned)__cvta_generic_to_shared(&s[threadIdx.x]);
  int guard = threadIdx.x < 128;
  asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %0, 0;\n"
               " @p cp.async.cg.shared.global.L2::128B [%1], [%2], %3;\n}\n" ::
                   "r"(guard),
               "r"(a), "l"(in + threadIdx.x), "n"(16));
  COMMIT();
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 128].x;
  // CHECK: async-copy-wait.cu:[[@LINE-1]]:22: warning: missing wait: thread 128 reads s[0] before the cp.async at line {{[0-9]+}} that writes it has landed: thread 0 issued the copy
  asm volatile("cp.async.wait_all;\n" ::);
}

// The toolkit's primitives, as the prelude spells them without a toolkit.
__global__ void primitives(const float *in, float *out) {
  __shared__ float s[256];
  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(float));
  __pipeline_commit();
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK: async-copy-wait.cu:[[@LINE-1]]:22: warning: missing wait: thread 0 reads s[255] before the cp.async at line [[@LINE-4]] that writes it has landed: thread 255 issued the copy
  __pipeline_wait_prior(0);
}

// Clang's builtins (llvm.nvvm.cp.async.* in the IR): the same, racy and
// fixed.
template <bool Wait> __global__ void builtins(const float *in, float *out) {
  __shared__ float s[256];
  __nvvm_cp_async_ca_shared_global_4(
      (__attribute__((address_space(3))) void *)&s[threadIdx.x],
      (__attribute__((address_space(1))) const void *)&in[threadIdx.x]);
  __nvvm_cp_async_commit_group();
  if (Wait)
    __nvvm_cp_async_wait_group(0);
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK: async-copy-wait.cu:[[@LINE-1]]:22: warning: missing wait: thread 0 reads s[255] before the cp.async at line [[@LINE-8]] that writes it has landed: thread 255 issued the copy; {{.*}} (in 'builtins<false>', block 256x1, sm_90) [smem-async-copy-wait]
}

int main() {
  float *i, *o;
  primitives<<<1, 256>>>(i, o);
  builtins<false><<<1, 256>>>(i, o);
  builtins<true><<<1, 256>>>(i, o);
  barrierWithoutWait<<<1, 256>>>(i, o);
  ownCopyBeforeWait<<<1, 256>>>(i, o);
  waitThenBarrier<<<1, 256>>>(i, o);
  waitWithoutBarrier<<<1, 256>>>(i, o);
  newestGroupInFlight<<<1, 256>>>(i, o);
  twoStages<1><<<1, 256>>>(i, o);
  twoStages<2><<<1, 256>>>(i, o);
  guardedCopy<<<1, 256>>>((const float4 *)i, o);
}
// CHECK: smem-lint: 11 warnings and 0 errors
