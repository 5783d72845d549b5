// mbarrier phases through raw PTX, racy and fixed twins (issue 19, item 3;
// run on the H200: docs/measurements/h200-mbarrier.md). Each phase
// completes when the arrivals the mbarrier was initialised for and the
// transaction bytes announced with expect_tx are all in; a wait names its
// phase by parity: the current one when the parities agree, else the one
// before it.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning:

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ void init(unsigned long long *b, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(b)), "r"(count));
}
__device__ void arrive(unsigned long long *b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(b)) : "memory");
}
__device__ void expect(unsigned long long *b, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(b)), "r"(bytes) : "memory");
}
__device__ void wait(unsigned long long *b, unsigned parity) {
  asm volatile("{\n .reg .pred p;\n W_%=:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n @!p bra W_%=;\n}" ::"r"(smem(b)), "r"(parity) : "memory");
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:3: note: the wait that call reaches
}
__device__ void load(void *dst, const void *src, unsigned bytes, unsigned long long *b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               ::"r"(smem(dst)), "l"(src), "r"(bytes), "r"(smem(b)) : "memory");
}

// Initialised for the block, but only half of it arrives: phase 0 gets 128
// of its 256 arrivals and every thread waits for it.
__global__ void count_too_high(float *out) {
  __shared__ unsigned long long bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, 256);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:25: note: 'bar' is initialised for 256 arrivals per phase
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 128) arrive(&bar);
  wait(&bar, 0);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:3: warning: mbarrier wait never completes: needs 256 arrivals and has 128; every thread of the block that has not returned waits here, so none is left to complete it (thread 0 waits with parity 0 on 'bar'; block 256x1, sm_90) [smem-mbarrier-protocol]
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-2]]:3: note: initialise the mbarrier with the number of threads that arrive on each phase (here 128), or make every thread it counts arrive before the wait (the kernel hangs: a phase completes when its arrivals and its transaction bytes are all in)
  out[threadIdx.x] = s[255 - threadIdx.x];
}
// Fixed: every thread arrives; the wait orders each write before the reads.
__global__ void count_right(float *out) {
  __shared__ unsigned long long bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, 256);
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  arrive(&bar);
  wait(&bar, 0);
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// A bulk copy announced as 4096 bytes that copies 2048: the phase has its
// one arrival and never its bytes.
__global__ void bytes_short(const float *in, float *out) {
  __shared__ alignas(128) float s[1024];
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:25: note: 'bar' is initialised for 1 arrival per phase
  __syncthreads();
  if (threadIdx.x == 0) {
    expect(&bar, 4096);
    load(s, in, 2048, &bar);
  }
  wait(&bar, 0);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:3: warning: mbarrier wait never completes: has its 1 arrival but waits for 2048 more transaction bytes than its copies deliver; every thread of the block that has not returned waits here, so none is left to complete it (thread 0 waits with parity 0 on 'bar'; block 256x1, sm_90) [smem-mbarrier-protocol]
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-2]]:3: note: announce with expect_tx the bytes the copies that signal this mbarrier deliver, or copy the bytes announced
  out[threadIdx.x] = s[threadIdx.x];
}
// Fixed: the bytes announced are the bytes copied.
__global__ void bytes_right(const float *in, float *out) {
  __shared__ alignas(128) float s[1024];
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    expect(&bar, 4096);
    load(s, in, 4096, &bar);
  }
  wait(&bar, 0);
  out[threadIdx.x] = s[threadIdx.x];
}

// Parity 1 on a fresh mbarrier: while the copy is in flight (phase 0 in
// progress) it names the phase before the first, and the wait returns at
// once, before the copy lands (so the read is early too); once the copy
// has landed, it names phase 1, which nothing completes.
__global__ void parity_wrong(const float *in, float *out) {
  __shared__ alignas(128) float s[1024];
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:25: note: 'bar' is initialised for 1 arrival per phase
  __syncthreads();
  if (threadIdx.x == 0) {
    expect(&bar, 4096);
    load(s, in, 4096, &bar);
  }
  wait(&bar, 1);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:3: warning: mbarrier wait depends on when the copy at line 28 lands: while it is in flight, phase 0 is in progress and parity 1 names the phase before it, so the wait returns at once; once it has landed, parity 1 names phase 1, which nothing completes (the kernel hangs) (thread 0 waits with parity 1 on 'bar'; block 256x1, sm_90) [smem-mbarrier-protocol]
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-2]]:3: note: wait with the parity of the phase the copy completes (here 0; in a ring of N stages, (k / N) & 1 at iteration k)
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:22: warning: missing wait: thread 0 reads s[0], which its own cp.async.bulk at line 28 may not have written yet; a bulk copy completes when a wait on its mbarrier sees the phase the copy completes, and none came before this access (block 256x1, sm_90) [smem-async-copy-wait]
  // CHECK-DAG: mbarrier-protocol.cu:28:22: note: thread 0 issues the cp.async.bulk that writes s[0] here
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-3]]:22: note: wait on the copy's mbarrier before this access
}

// The same with arrivals: until every thread has arrived, parity 1 names
// the phase before the first; the read of another thread's write is early.
__global__ void parity_wrong_arrivals(float *out) {
  __shared__ unsigned long long bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, 256);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:25: note: 'bar' is initialised for 256 arrivals per phase
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:3: note: thread 255 writes s[255] here
  arrive(&bar);
  wait(&bar, 1);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:3: warning: mbarrier wait depends on when the other threads arrive: until they all have, phase 0 is in progress and parity 1 names the phase before it, so the wait returns at once; once they all have, parity 1 names phase 1, which nothing completes (the kernel hangs) (thread 0 waits with parity 1 on 'bar'; block 256x1, sm_90) [smem-mbarrier-protocol]
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-2]]:3: note: wait with the parity of the phase the arrivals complete (here 0; in a ring of N stages, (k / N) & 1 at iteration k)
  out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:22: warning: missing barrier: thread 0 reads s[255], written by thread 255 at line [[@LINE-7]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-2]]:3: note: insert __syncthreads() here
}

// Every thread arrives on an mbarrier counted for one: warp 0's one
// instruction makes 32 arrivals where phase 0 needs 1, and the mbarrier
// overflows (the H200: synccheck "Barrier overflow", the launch fails).
// Fixed: one lane per warp arrives, each arrival completing a phase (the
// H200 runs it).
__global__ void count_too_low(float *out) {
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:25: note: 'bar' is initialised for 1 arrival per phase
  __syncthreads();
  arrive(&bar);
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-1]]:3: warning: mbarrier arrivals overflow its phase 0: one warp instruction makes 32 arrivals and the phase needs 1 more; the mbarrier overflows and the kernel fails there (compute-sanitizer's synccheck: "Barrier overflow"; the launch returns "unspecified launch failure") (thread 0 arrives on 'bar'; block 256x1, sm_90) [smem-mbarrier-protocol]
  // CHECK-DAG: mbarrier-protocol.cu:17:3: note: the arrival that call reaches
  // CHECK-DAG: mbarrier-protocol.cu:[[@LINE-3]]:3: note: initialise the mbarrier with the number of arrivals of one phase (every thread that arrives on it), or let fewer threads arrive; arrivals of different warps, or of one thread in turn, complete phase after phase instead
  wait(&bar, 0);
  out[threadIdx.x] = 1;
}
__global__ void lane_per_warp(float *out) {
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  __syncthreads();
  if (threadIdx.x % 32 == 0) arrive(&bar);
  out[threadIdx.x] = 1;
}

// A ring of two stages refilled by thread 0: the copy into stage k % 2 at
// iteration k + 2 may land while other threads still read it in iteration
// k; no wait orders their reads before it. Fixed: a __syncthreads() ends
// each iteration.
__global__ void ring(const float *in, float *out) {
  __shared__ alignas(128) float s[2][256];
  __shared__ unsigned long long full[2];
  if (threadIdx.x == 0) { init(&full[0], 1); init(&full[1], 1); }
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 8; ++k) {
    if (threadIdx.x == 0) {
      expect(&full[k % 2], 1024);
      load(s[k % 2], in + k * 256, 1024, &full[k % 2]);
      // CHECK-DAG: mbarrier-protocol.cu:28:22: warning: missing second barrier: the loop at line [[@LINE-4]] refills 's' while other threads may still read the previous iteration: thread 0 writes s[0][32], which thread 32 reads at line [[@LINE+4]] in the iteration before (in 'ring', block 256x1, sm_90) [smem-barrier-reuse]
      // CHECK-DAG: mbarrier-protocol.cu:[[@LINE+3]]:12: note: thread 32 reads s[0][32] here, in iteration 0 of the loop at line [[@LINE-5]]
    }
    wait(&full[k % 2], (k / 2) & 1);
    acc += s[k % 2][threadIdx.x];
    // CHECK-DAG: mbarrier-protocol.cu:[[@LINE+1]]:1: note: end the loop body with a second __syncthreads() so that every read of an iteration finishes before the next refill
  }
  out[threadIdx.x] = acc;
}
__global__ void ring_fixed(const float *in, float *out) {
  __shared__ alignas(128) float s[2][256];
  __shared__ unsigned long long full[2];
  if (threadIdx.x == 0) { init(&full[0], 1); init(&full[1], 1); }
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 8; ++k) {
    if (threadIdx.x == 0) {
      expect(&full[k % 2], 1024);
      load(s[k % 2], in + k * 256, 1024, &full[k % 2]);
    }
    wait(&full[k % 2], (k / 2) & 1);
    acc += s[k % 2][threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

int main() {
  float *in, *out;
  count_too_high<<<1, 256>>>(out);
  count_right<<<1, 256>>>(out);
  bytes_short<<<1, 256>>>(in, out);
  bytes_right<<<1, 256>>>(in, out);
  parity_wrong<<<1, 256>>>(in, out);
  parity_wrong_arrivals<<<1, 256>>>(out);
  count_too_low<<<1, 256>>>(out);
  lane_per_warp<<<1, 256>>>(out);
  ring<<<1, 256>>>(in, out);
  ring_fixed<<<1, 256>>>(in, out);
}
// CHECK: smem-lint: 8 warnings and 0 errors in 1 file
