// The reads of an if/else chain that the optimizer merges into one load
// after it (InstCombine folds the phi of the branches' loads into a load of
// a phi of their addresses, as in Rodinia's srad): each is reported at its
// own source read, for the threads that take its branch, even where the
// branch's address was computed for another access (north[ty][tx] once for
// the store at line 30 and both reads of it). The one instruction's
// conflicts between the branches' lanes of one warp are not counted, and
// the kernel's note says so: in warp 0, lanes 0-15 (ty = 0) read north[0][tx]
// and lanes 16-31 (ty = 1) temp[0][tx], words tx and 256 + tx, the same 16
// banks: the merged load takes 2 wavefronts where each read alone takes 1.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s
// RUN: %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=JSON %s
// CHECK: merged-branch-loads.cu:26:17: note: the analysis of 'edges' is incomplete: the compiler made one shared load at line 44 of the reads at lines 36, 39 and 42 in different branches; each is counted for the threads of its branch, the bank conflicts between the branches' lanes of one warp are not; the compiler made one shared load at line 44 of the reads at lines 35, 38 and 41 in different branches
// CHECK-NOT: could not be placed
//
// A half row of 16 threads reads 16 consecutive words: 1 wavefront each.
// JSON-DAG: access north load L35:9 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
// JSON-DAG: access temp load L36:9 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
// JSON-DAG: access temp load L38:9 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
// JSON-DAG: access north load L39:9 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
// JSON-DAG: access temp load L41:9 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
// JSON-DAG: access temp load L42:9 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact

// smem-lint: block_dim(16, 16)
__global__ void edges(const float *in, float *out) {
  __shared__ float north[16][16];
  __shared__ float temp[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  north[ty][tx] = in[tx];
  temp[ty][tx] = in[ty];
  __syncthreads();
  float n, s;
  if (ty == 0) {
    n = north[ty][tx] - 1;
    s = temp[ty + 1][tx] - 1;
  } else if (ty == 15) {
    n = temp[ty - 1][tx] - 1;
    s = north[ty][tx] - 1;
  } else {
    n = temp[ty - 1][tx] - 1;
    s = temp[ty + 1][tx] - 1;
  }
  out[ty * 16 + tx] = n * s;
}

// The first arm of the chain reads only what stores before it addressed
// (south[ty][tx], east[ty][tx], as in srad's corner case): the optimizer
// empties it, and its edge goes from the condition straight to the merged
// loads. Its reads are placed in the arm that edge takes, the `then` of the
// `if` whose condition the branch was compiled from.
// CHECK: merged-branch-loads.cu:[[#@LINE+4]]:17: note: the analysis of 'corners' is incomplete: the compiler made one shared load at line [[#@LINE+27]] of the reads at lines [[#@LINE+16]], [[#@LINE+19]], [[#@LINE+22]] and [[#@LINE+25]] in different branches; {{.*}}; the compiler made one shared load at line [[#@LINE+27]] of the reads at lines [[#@LINE+15]], [[#@LINE+18]], [[#@LINE+21]] and [[#@LINE+24]] in different branches
// JSON-DAG: access south load L[[#@LINE+14]]:10 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
// JSON-DAG: access east load L[[#@LINE+14]]:10 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
// smem-lint: block_dim(16, 16)
__global__ void corners(const float *in, float *out) {
  __shared__ float south[16][16];
  __shared__ float east[16][16];
  __shared__ float temp[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  south[ty][tx] = in[tx];
  east[ty][tx] = in[ty];
  temp[ty][tx] = in[tx + ty];
  __syncthreads();
  float cs, ce;
  if (ty == 15 && tx == 15) {
    cs = south[ty][tx];
    ce = east[ty][tx];
  } else if (tx == 15) {
    cs = temp[ty + 1][tx];
    ce = east[ty][tx];
  } else if (ty == 15) {
    cs = south[ty][tx];
    ce = temp[ty][tx + 1];
  } else {
    cs = temp[ty + 1][tx];
    ce = temp[ty][tx + 1];
  }
  out[ty * 16 + tx] = cs * ce;
}

// An if/else whose arms each read one word: SimplifyCFG computes both
// addresses ahead of the branch and loads through a select of them, with no
// line of its own. Each side's threads are placed at the read of their arm:
// the arm that reads the side's array and not the other side's. Before,
// the load "could not be placed in the source" and both reads were missing.
// In warp 0, lanes 0-15 (y = 0) read border[x] and lanes 16-31 (y = 1)
// inner[0][x]: 16 consecutive words each, 1 wavefront for each read alone.
// CHECK: merged-branch-loads.cu:[[#@LINE+5]]:17: note: the analysis of 'borderSelect' is incomplete: the compiler made one shared load at line [[#@LINE+18]] of the reads at lines [[#@LINE+15]] and [[#@LINE+17]] in different branches
// CHECK-NOT: could not be placed
// JSON-DAG: access border load L[[#@LINE+13]]:13 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
// JSON-DAG: access inner load L[[#@LINE+14]]:13 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
// smem-lint: block_dim(16, 16)
__global__ void borderSelect(float *out) {
  __shared__ float inner[16][16];
  __shared__ float border[16];
  int x = threadIdx.x, y = threadIdx.y;
  inner[y][x] = out[y * 16 + x];
  if (y == 0)
    border[x] = out[256 + x];
  __syncthreads();
  float above;
  if (y == 0)
    above = border[x];
  else
    above = inner[y - 1][x];
  out[y * 16 + x] = above;
}
