// A conditional read as a whole, `c ? s[i] : x` (an lvalue, read once; HeCBench
// bsw's `(warpId != 0 && laneId == 0) ? sh_prev_E[warpId-1] : valeShfl`, llm.c's
// blockReduce `(lane_id < num_warps) ? shared_val[lane_id] : out_of_bounds`):
// the optimizer loads through a phi of the arms' addresses, here one in shared
// and one in global memory. Each arm's threads are placed at their own arm's
// read: lane 0 of warps 1-3 reads sh_prev_E[warp - 1], one lane per warp, 1
// wavefront; the others read in[threadIdx.x] from global memory.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s
// TEXT-NOT: not analysed
// TEXT: smem-lint: 0 warnings and 0 errors in 1 file

// smem-lint: block_dim(128)
__global__ void k(const short *in, short *out) {
  __shared__ short sh_prev_E[4];
  int warpId = threadIdx.x / 32, laneId = threadIdx.x % 32;
  if (laneId == 31)
    sh_prev_E[warpId] = in[warpId];
  __syncthreads();
  short valeShfl = in[threadIdx.x];
  // CHECK: access sh_prev_E load L[[@LINE+2]]:48 width=2 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  // CHECK: gaccess in load L[[@LINE-2]]:20
  short eVal = ((warpId != 0 && laneId == 0) ? sh_prev_E[warpId - 1] : valeShfl) + 3;
  out[threadIdx.x] = eVal;
}
