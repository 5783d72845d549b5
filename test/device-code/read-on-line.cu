// A load whose location's column names no access of the source: the
// optimizer rewrites `s_found && !s_goto` so that the load of s_goto carries
// the column of the `&&` (HeCBench hungarian's `while (s_found &&
// !s_goto_5)`). It is placed at the one read of that variable on its line
// that no other instruction kept the place of; it was "could not be placed
// in the source". (The loop's condition reads data: sampled. The reset of
// s_found at the top of the loop races with the reads of the iteration
// before, as in hungarian: the missing second barrier is found too.)
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s
// TEXT-NOT: could not be placed
// TEXT: warning: missing second barrier: the loop at line {{[0-9]+}} refills 's_found'

// smem-lint: block_dim(64)
__global__ void k(int *out, int n) {
  __shared__ bool s_found, s_goto;
  int i = threadIdx.x;
  do {
    if (i == 0) { s_found = false; }
    __syncthreads();
    if (i < n) { s_found = true; if (i == 3) s_goto = true; }
    __syncthreads();
    // CHECK: access s_goto load L[[@LINE+1]]:24 width=1 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=sampled
  } while (s_found && !s_goto);
  if (i == 0 && s_goto) out[0] = 1;
}
