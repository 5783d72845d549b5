// A double-buffered loop whose tiles arrive by cp.async, too long to run in
// full: the copies' shared destinations only rotate with the buffer and
// their global sources move by a fixed step, so the loop is computed in
// closed form (exact, not sampled), in both modes (the toolkit's
// __pipeline_memcpy_async takes its shared address through
// __nvvm_get_smem_pointer, the prelude's through a cast).
//
// Each warp copies 32 consecutive floats from a + t * 64 bytes: a whole
// 128-byte line when t is even, two halves of two lines when t is odd; a
// cp.async writes a lane only once its line has arrived, one line per
// wavefront (docs/measurements/h200-cp-async.md), so the copy at line 34
// takes 1 and 2 wavefronts in turn, its ideal too. The skipped iterations
// are whole periods of that alternation (and of the buffer's). Per block,
// 4 warps: t = 1..4095 has 2047 even and 2048 odd iterations, 4 x (2047 +
// 2 x 2048) = 24572 wavefronts in 4 x 4095 = 16380 instructions; the
// prologue's copy 4 in 4; the reads one each, 16380 in the loop and 4 after.
//
// RUN: %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); [print(a['line'], a['kind'], a['warp_instructions'], a['wavefronts_per_block'], a['ideal_wavefronts_per_block'], a['status']) for k in r['kernels'] for a in k['accesses']]" | FileCheck %s
// RUN: %if cuda-toolkit %{ %smem-lint-toolkit --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); [print(a['line'], a['kind'], a['warp_instructions'], a['wavefronts_per_block'], a['ideal_wavefronts_per_block'], a['status']) for k in r['kernels'] for a in k['accesses']]" | FileCheck %s %}
// RUN: %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); [print(a['reason']) for k in r['kernels'] for a in k['accesses'] if a['status'] != 'exact']" | FileCheck --check-prefix=REASON %s
#include <cuda_pipeline.h>

// smem-lint: block_dim(128)
__global__ void pipelined(const float *a, float *out) {
  __shared__ float tile[2][128];
  float acc = 0;
  int stage = 0;
  // CHECK: [[@LINE+1]] copy 4 4 4 exact
  __pipeline_memcpy_async(&tile[0][threadIdx.x], &a[threadIdx.x], 4);
  __pipeline_commit();
  for (int t = 1; t < 4096; ++t) {
    // CHECK: [[@LINE+1]] copy 16380 24572 24572 exact
    __pipeline_memcpy_async(&tile[stage ^ 1][threadIdx.x], &a[t * 16 + threadIdx.x], 4);
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    // CHECK: [[@LINE+1]] load 16380 16380 16380 exact
    acc += tile[stage][threadIdx.x];
    __syncthreads();
    stage ^= 1;
  }
  __pipeline_wait_prior(0);
  __syncthreads();
  // CHECK: [[@LINE+1]] load 4 4 4 exact
  acc += tile[stage][threadIdx.x];
  out[threadIdx.x] = acc;
}

#define GUARDED_COPY                                                           \
  "{\n .reg .pred p;\n setp.ne.b32 p, %2, 0;\n"                                  \
  " @p cp.async.ca.shared.global [%0], [%1], 4;\n}\n"

// CUTLASS's guarded copy (`@p cp.async`, the predicate set from an operand):
// a guard the same in every iteration (threads 0-63, warps 0 and 1) keeps the
// closed form: 2 warps x 4096 copies from whole lines, 1 wavefront each.
// smem-lint: block_dim(128)
__global__ void guarded(const float *a, float *out) {
  __shared__ float tile[2][128];
  float acc = 0;
  int stage = 0;
  for (int t = 0; t < 4096; ++t) {
    unsigned d = (unsigned)__cvta_generic_to_shared(&tile[stage][threadIdx.x]);
    // CHECK: [[@LINE+1]] copy 8192 8192 8192 exact
    asm volatile(GUARDED_COPY :: "r"(d), "l"(&a[t * 32 + threadIdx.x]), "r"((int)(threadIdx.x < 64)));
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 0;\n" ::);
    __syncthreads();
    // CHECK: [[@LINE+1]] load 16384 16384 16384 exact
    acc += tile[stage][threadIdx.x];
    __syncthreads();
    stage ^= 1;
  }
  out[threadIdx.x] = acc;
}

// A guard that compares the iteration with a bound (CUTLASS's residue
// predicate) switches once: the skip stays before the switch at 4064 and the
// last 32 iterations run for real. 4064 x 4 warps copy.
// smem-lint: block_dim(128)
__global__ void guardedToABound(const float *a, float *out) {
  __shared__ float tile[128];
  float acc = 0;
  for (int t = 0; t < 4096; ++t) {
    unsigned d = (unsigned)__cvta_generic_to_shared(&tile[threadIdx.x]);
    // CHECK: [[@LINE+1]] copy 16256 16256 16256 exact
    asm volatile(GUARDED_COPY :: "r"(d), "l"(&a[t * 32 + threadIdx.x]), "r"((int)(t < 4064)));
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 0;\n" ::);
    __syncthreads();
    acc += tile[threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

// A guard that alternates: sampled, and the note says why.
// smem-lint: block_dim(128)
__global__ void guardedByIteration(const float *a, float *out) {
  __shared__ float tile[128];
  float acc = 0;
  for (int t = 0; t < 4096; ++t) {
    unsigned d = (unsigned)__cvta_generic_to_shared(&tile[threadIdx.x]);
    // REASON: the guard of the copy at line [[@LINE+1]] changes between iterations
    asm volatile(GUARDED_COPY :: "r"(d), "l"(&a[t * 32 + threadIdx.x]), "r"(t & 1));
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 0;\n" ::);
    __syncthreads();
    acc += tile[threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
