// Case x_valuedep: a shared read the optimizer moved ahead of the condition
// that guards it. Of `c[threadIdx.x] == 0 && c[32] != 0` SimplifyCFG makes
// one branch on a select of both sides, and loads c[32] before it for every
// thread, without a source location; the compare that reads the value has
// none either. The load is placed through its users at the select's line:
// the one read of 'c' there whose place no other load kept is `c[32]`
// (column 30), the element its address (128 bytes = 4 * 32) names. In the
// source it reads only when c[threadIdx.x] == 0, data the analysis cannot
// read: the access carries that condition, and nothing is left out.

// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="could not be placed" --implicit-check-not="is incomplete"
// RUN: %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=JSON %s

// smem-lint: block_dim(64)
__global__ void k(int *g) {
  __shared__ int c[64];
  c[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  // Thread 32 would write c[32] only if c[32] == 0 && c[32] != 0: it never
  // does. The analysis takes both ways for every thread, so thread 32 writes
  // c[32] while the lanes of its warp (threads 32-63) read it: a race only
  // if the branch on data went that way, so a note that names the condition,
  // for the write (the branch) and for the read (the `&&`).
  // CHECK: speculated-load.cu:[[#@LINE+7]]:42: note: warp-synchronous exchange without __syncwarp(): thread 32 writes c[32], which thread 63 of the same warp reads at line [[#@LINE+7]]; the lanes of a warp are not in lockstep since sm_70 (block 64x1, sm_90) [smem-warp-sync]
  // CHECK: speculated-load.cu:[[#@LINE+6]]:30: note: thread 63 reads c[32] here
  // CHECK: speculated-load.cu:[[#@LINE+5]]:42: note: reported as a note: it rests on a branch on data the analysis could not read (the condition at line [[#@LINE+5]] depends on data read from shared memory 'c'; both branches were evaluated for those threads; the condition at line [[#@LINE+5]] depends on data read from shared memory 'c'; the read that waits for it was evaluated for those threads)
  // Every thread reads c[32]: one word, a broadcast, 1 wavefront per warp.
  // JSON: access c load L[[#@LINE+3]]:7 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  // JSON: access c load L[[#@LINE+2]]:30 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=assumed reason=the condition at line [[#@LINE+2]] depends on data read from shared memory 'c'; the read that waits for it was evaluated for those threads
  // JSON: access c store L[[#@LINE+1]]:42 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=assumed reason=the condition at line [[#@LINE+1]] depends on data read from shared memory 'c'; both branches were evaluated for those threads
  if (c[threadIdx.x] == 0 && c[32] != 0) c[threadIdx.x] = 1;
  __syncthreads();
  g[threadIdx.x] = c[threadIdx.x];
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
