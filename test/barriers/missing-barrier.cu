// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
// RUN: not %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s

// Read-after-write: thread 0 reads s[255], which thread 255 (another warp)
// writes one line earlier; nothing orders the two.
__global__ void reverse(float *out, const float *in) {
  __shared__ float s[256];
  s[threadIdx.x] = in[threadIdx.x];
  out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK: missing-barrier.cu:[[@LINE-1]]:22: warning: missing barrier: thread 0 reads s[255], written by thread 255 at line [[@LINE-2]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  // CHECK: missing-barrier.cu:[[@LINE-3]]:3: note: thread 255 writes s[255] here
  // CHECK: missing-barrier.cu:[[@LINE-3]]:3: note: insert __syncthreads() here so that every thread of the block finishes the access at line [[@LINE-4]] first
  // CHECK-NEXT: out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK-NEXT: ^
  // CHECK-NEXT: __syncthreads();
}

// The fixed twin: no finding.
__global__ void reverseFixed(float *out, const float *in) {
  __shared__ float s[256];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// Write-after-read with no loop: thread 1 writes s[1] while thread 0 may not
// have read it yet. Neighbours in another warp: thread 32 reads s[32]... the
// pair reported is the first the evaluator meets across warps.
__global__ void shiftLeft(float *out) {
  __shared__ float s[257];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float right = s[threadIdx.x + 1];
  s[threadIdx.x] = right;
  // CHECK: missing-barrier.cu:[[@LINE-1]]:3: warning: missing barrier: thread 32 writes s[32], which thread 31 reads at line [[@LINE-2]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  out[threadIdx.x] = right;
}

__global__ void shiftLeftFixed(float *out) {
  __shared__ float s[257];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float right = s[threadIdx.x + 1];
  __syncthreads();
  s[threadIdx.x] = right;
  out[threadIdx.x] = right;
}

// A thread that reads back only what it wrote itself needs no barrier.
__global__ void ownSlot(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 2.0f * threadIdx.x;
  out[threadIdx.x] = s[threadIdx.x];
}

// Atomics on one word do not race with each other.
__global__ void histogram(const int *keys, int *out) {
  __shared__ int bins[16];
  if (threadIdx.x < 16) bins[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&bins[threadIdx.x % 16], 1);
  __syncthreads();
  if (threadIdx.x < 16) out[threadIdx.x] = bins[threadIdx.x];
}

void launch(float *f, const float *c, const int *k, int *o) {
  reverse<<<1, 256>>>(f, c);
  reverseFixed<<<1, 256>>>(f, c);
  shiftLeft<<<1, 256>>>(f);
  shiftLeftFixed<<<1, 256>>>(f);
  ownSlot<<<1, 256>>>(f);
  histogram<<<1, 256>>>(k, o);
}

// The JSON diagnostic names both accesses: the read here, the write in a note.
// JSON: "check": "smem-missing-barrier",
// JSON: "column": 22,
// JSON: "line": 9,
// JSON: "message": "missing barrier: thread 0 reads s[255], written by thread 255 at line 8
// JSON: "notes": [
// JSON: "line": 8,
// JSON-NEXT: "message": "thread 255 writes s[255] here"
