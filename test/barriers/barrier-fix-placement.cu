// Case x_fixdiv and its neighbours: a barrier fix-it goes only where every
// thread the barrier must order arrives. The branches the evaluation saw
// split the threads decide it: a block barrier needs the whole block, a
// __syncwarp() the lanes of each warp.

// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %smem-lint --export-fixes=%t.yaml %s > /dev/null 2>&1
// RUN: FileCheck --check-prefix=FIXES %s < %t.yaml

// Both accesses sit inside `if (threadIdx.x < 128)`: thread 0 reads s[64],
// which thread 64 (warp 2) wrote, but a __syncthreads() between them would be
// reached by threads 0-127 only. No fix-it; the note says why.
// CHECK: barrier-fix-placement.cu:[[@LINE+8]]:24: warning: missing barrier: thread 0 reads s[64], written by thread 64 at line [[@LINE+7]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
// CHECK: barrier-fix-placement.cu:[[@LINE+6]]:5: note: thread 64 writes s[64] here
// CHECK: barrier-fix-placement.cu:[[@LINE+6]]:24: note: no fix-it: a barrier between them would be inside the branch at line [[@LINE+4]], which only some threads of the block take (a divergent barrier); order the accesses where every thread arrives, for example by moving them out of it
// smem-lint: block_dim(256)
__global__ void both_inside(float *out) {
  __shared__ float s[256];
  if (threadIdx.x < 128) {
    s[threadIdx.x] = threadIdx.x;
    out[threadIdx.x] = s[threadIdx.x + 64];
  }
}

// The write is before the branch: the barrier is hoisted to just before the
// `if`, which every thread reaches.
// CHECK: barrier-fix-placement.cu:[[@LINE+10]]:24: warning: missing barrier: thread 0 reads s[64], written by thread 64 at line [[@LINE+8]] with no __syncthreads() in between
// CHECK: barrier-fix-placement.cu:[[@LINE+7]]:3: note: thread 64 writes s[64] here
// CHECK: barrier-fix-placement.cu:[[@LINE+7]]:3: note: insert __syncthreads() here so that every thread of the block finishes the access at line [[@LINE+6]] first
// FIXES: FilePath: {{.*}}barrier-fix-placement.cu
// FIXES: ReplacementText: "__syncthreads();\n  "
// smem-lint: block_dim(256)
__global__ void read_inside(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 128) {
    out[threadIdx.x] = s[threadIdx.x + 64];
  }
}

// A branch that splits whole warps only (threads 0-63: warps 0 and 1) keeps
// the lanes of each warp together: a __syncwarp() inside it is reached by
// every lane of the warps that take it, so the fix-it stays there.
// CHECK: barrier-fix-placement.cu:[[@LINE+9]]:24: warning: warp-synchronous exchange without __syncwarp(): thread 0 reads s[1], written by thread 1 of the same warp at line [[@LINE+8]]
// CHECK: barrier-fix-placement.cu:[[@LINE+7]]:5: note: thread 1 writes s[1] here
// CHECK: barrier-fix-placement.cu:[[@LINE+7]]:5: note: insert __syncwarp() here to order the lanes of the warp
// FIXES: ReplacementText: "__syncwarp();\n    "
// smem-lint: block_dim(256)
__global__ void warp_uniform(float *out) {
  __shared__ float s[256];
  if (threadIdx.x < 64) {
    s[threadIdx.x] = threadIdx.x;
    out[threadIdx.x] = s[threadIdx.x ^ 1];
  }
}

// Lanes 0-15 of each warp: a __syncwarp() inside would leave lanes 16-31
// out (its default mask names all 32), so no fix-it.
// CHECK: barrier-fix-placement.cu:[[@LINE+8]]:24: warning: warp-synchronous exchange without __syncwarp(): thread 0 reads s[1], written by thread 1 of the same warp at line [[@LINE+7]]
// CHECK: barrier-fix-placement.cu:[[@LINE+6]]:5: note: thread 1 writes s[1] here
// CHECK: barrier-fix-placement.cu:[[@LINE+6]]:24: note: no fix-it: a barrier between them would be inside the branch at line [[@LINE+4]], which only some lanes of a warp take (a divergent barrier)
// smem-lint: block_dim(256)
__global__ void half_warp(float *out) {
  __shared__ float s[256];
  if (threadIdx.x % 32 < 16) {
    s[threadIdx.x] = threadIdx.x;
    out[threadIdx.x] = s[threadIdx.x ^ 1];
  }
}

// A loop whose trip count differs between threads (t % 4 iterations): a
// barrier inside it would be divergent too. The refill of the next iteration
// races with this iteration's reads (thread 2 runs two iterations; thread 194
// reads s[2] in its first), and no second barrier can end the body either.
// Thread 1 reads s[65], which thread 65 (warp 2) writes in the same iteration.
// CHECK: barrier-fix-placement.cu:[[@LINE+10]]:5: warning: missing second barrier: the loop at line [[@LINE+9]] refills 's' while other threads may still read the previous iteration: thread 2 writes s[2], which thread 194 reads at line [[@LINE+11]] in the iteration before
// CHECK: barrier-fix-placement.cu:[[@LINE+10]]:15: note: thread 194 reads s[2] here, in iteration 0 of the loop at line [[@LINE+8]]
// CHECK: barrier-fix-placement.cu:[[@LINE+8]]:5: note: no fix-it: a barrier there would be inside the loop at line [[@LINE+7]], whose iterations differ between the threads of the block (a divergent barrier); make the loop's trip count the same for every thread of the block
// CHECK: barrier-fix-placement.cu:[[@LINE+8]]:15: warning: missing barrier: thread 1 reads s[65], written by thread 65 at line [[@LINE+7]] with no __syncthreads() in between
// CHECK: barrier-fix-placement.cu:[[@LINE+6]]:5: note: thread 65 writes s[65] here
// CHECK: barrier-fix-placement.cu:[[@LINE+6]]:15: note: no fix-it: a barrier between them would be inside the loop at line [[@LINE+4]], whose iterations differ between the threads of the block
// smem-lint: block_dim(256)
__global__ void uneven_loop(float *out, const float *in) {
  __shared__ float s[256];
  for (int i = 0; i < int(threadIdx.x % 4); ++i) {
    s[threadIdx.x] = in[i];
    out[i] += s[(threadIdx.x + 64) % 256];
  }
}
// CHECK: smem-lint: 6 warnings and 0 errors in 1 file
// FIXES-NOT: ReplacementText
