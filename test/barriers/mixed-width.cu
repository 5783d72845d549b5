// Accesses of different widths meet where their bytes overlap: 16-bit
// elements written one by one and read back as 16-byte vectors by other
// threads race like same-width ones. A thread reading back as one word the
// two halves it wrote itself does not.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning:

// Threads 0-63 write 512 shorts in stripes; thread t then reads the 16 bytes
// at 8 (t + 8) % 64: written by other threads of other warps. Thread 4 reads
// vector 12, shorts 96-103; short 96 is thread 96 % 64 = 32's.
// smem-lint: block_dim(64)
__global__ void shorts_then_vectors(const unsigned short *in, uint4 *out) {
  __shared__ alignas(16) unsigned short s[512];
  for (int i = threadIdx.x; i < 512; i += 64)
    s[i] = in[i];
  out[threadIdx.x] = reinterpret_cast<const uint4 *>(s)[(threadIdx.x + 8) % 64];
  // CHECK: mixed-width.cu:[[#@LINE-1]]:3: warning: missing barrier: thread 4 reads s[96], written by thread 32 at line [[#@LINE-2]] with no __syncthreads() in between (block 64x1, sm_90) [smem-missing-barrier]
  // CHECK: mixed-width.cu:[[#@LINE-3]]:5: note: thread 32 writes s[96] here
  // CHECK: note: insert __syncthreads() here
}

// smem-lint: block_dim(64)
__global__ void shorts_barrier_vectors(const unsigned short *in, uint4 *out) {
  __shared__ alignas(16) unsigned short s[512];
  for (int i = threadIdx.x; i < 512; i += 64)
    s[i] = in[i];
  __syncthreads();
  out[threadIdx.x] = reinterpret_cast<const uint4 *>(s)[(threadIdx.x + 8) % 64];
}

// Each thread writes two shorts and reads them back as one 4-byte word.
// smem-lint: block_dim(64)
__global__ void own_halves(const unsigned short *in, unsigned *out) {
  __shared__ alignas(4) unsigned short s[128];
  s[2 * threadIdx.x] = in[threadIdx.x];
  s[2 * threadIdx.x + 1] = in[threadIdx.x + 64];
  out[threadIdx.x] = reinterpret_cast<const unsigned *>(s)[threadIdx.x];
}
