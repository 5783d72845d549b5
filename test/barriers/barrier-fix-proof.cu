// A barrier fix-it is proven like a padding: the kernel is analysed again
// with the barrier inserted, and the fix-it is offered only if the race is
// gone and every thread the barrier must order reaches it (issue 16, item 8).
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="[smem-"

// Thread 31 reads s[32] before or after thread 32 overwrites it: the read
// and the write are one statement, and a barrier before it orders neither.
// Analysed again with a __syncthreads() before line 13, the race remains.
__global__ void shift(float *out) {
  __shared__ float s[257];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  s[threadIdx.x] = s[threadIdx.x + 1];
  // CHECK: barrier-fix-proof.cu:[[@LINE-1]]:3: warning: missing barrier: thread 32 writes s[32], which thread 31 reads at line [[@LINE-1]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  // CHECK-NEXT: s[threadIdx.x] = s[threadIdx.x + 1];
  // CHECK: barrier-fix-proof.cu:[[@LINE-3]]:20: note: thread 31 reads s[32] here
  // CHECK: barrier-fix-proof.cu:[[@LINE-4]]:3: note: no fix-it: re-analysed with a __syncthreads() before line [[@LINE-4]], the race remains; both accesses are in this statement, which a barrier cannot split: read into a local variable, then __syncthreads(), then write
  // CHECK-NOT: fix-it applied
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// The same data through a local variable: the barrier between the read and
// the write is proven, and offered.
__global__ void shift_fixed_by_hint(float *out) {
  __shared__ float s[257];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float next = s[threadIdx.x + 1];
  s[threadIdx.x] = next;
  // CHECK: barrier-fix-proof.cu:[[@LINE-1]]:3: warning: missing barrier: thread 32 writes s[32], which thread 31 reads at line [[@LINE-2]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  // CHECK: barrier-fix-proof.cu:[[@LINE-3]]:16: note: thread 31 reads s[32] here
  // CHECK: barrier-fix-proof.cu:[[@LINE-3]]:3: note: insert __syncthreads() here so that every thread of the block finishes the access at line [[@LINE-4]] first
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  float *o;
  shift<<<1, 256>>>(o);
  shift_fixed_by_hint<<<1, 256>>>(o);
}
// CHECK: smem-lint: 2 warnings and 0 errors in 1 file
