// The cost of loads and stores of another block's shared memory
// (distributed shared memory, issue 19 item 4), against the rule measured
// on the H200 (docs/measurements/h200-clusters.md, "One warp's remote
// loads and stores"): a load is served one aligned 512-byte segment at a
// time, each segment's lanes by the bank rule; a store costs at least the
// bank rule's wavefronts. Nsight Compute counts them in
// l1tex__data_pipe_lsu_wavefronts_mem_lgds, not among shared wavefronts.
//
// RUN: not %smem-lint --arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="error:"

__device__ unsigned rank() { return __nvvm_read_ptx_sreg_cluster_ctarank(); }
__device__ void cluster_sync() {
  __nvvm_barrier_cluster_arrive();
  __nvvm_barrier_cluster_wait();
}
template <typename T> __device__ T *map_rank(T *p, unsigned r) {
  return static_cast<T *>(__nvvm_mapa(p, r));
}

// A warp reads a row of the peer's tile: 128 contiguous bytes, one
// segment, 1 wavefront. Nothing to report.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) row(const float *in, float *out) {
  __shared__ float tile[32][32];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  tile[warp][lane] = in[t];
  cluster_sync();
  float (*peer)[32] = map_rank(tile, rank() ^ 1);
  out[t] = peer[warp][lane];
  cluster_sync();
}

// A column of the peer's tile: lanes 128 bytes apart, 4 to a segment, all
// in bank 0: 8 segments of 4 wavefronts, 32 (measured for a 128-byte
// stride: 32).
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) column(const float *in, float *out) {
  __shared__ float tile[32][32];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  tile[warp][lane] = in[t];
  cluster_sync();
  float (*peer)[32] = map_rank(tile, rank() ^ 1);
  out[t] = peer[lane][warp];
  // CHECK: distributed-shared.cu:[[#@LINE-1]]:12: warning: 32-way conflict in distributed shared memory: read of 'tile' in another block of the cluster takes 32 wavefronts per warp instead of 1 (block 256x1, sm_90) [smem-bank-conflict]
  // CHECK-NEXT: {{^}}  out[t] = peer[lane][warp];
  // CHECK: note: lanes 0-31 of warp 0 read tile[0][0], tile[1][0], tile[2][0], ..., tile[31][0] of the other block's 'tile', 128 bytes apart: 8 different 512-byte segments, and a load of another block's shared memory is served one segment at a time, each segment's lanes by the bank rule (docs/measurements/h200-clusters.md)
  // CHECK: note: lanes 0-3 of warp 0 need 4 different words from bank 0: tile[0][0], tile[1][0], tile[2][0], tile[3][0]; consecutive lanes are 32 words apart
  // CHECK: note: Nsight Compute counts these with local and global memory (l1tex__data_pipe_lsu_wavefronts_mem_lgds), not among shared memory's wavefronts; per block, 248 excessive wavefronts of 256 (96.9%)
  // CHECK: distributed-shared.cu:[[#@LINE-11]]:20: note: make consecutive lanes read consecutive words of the other block's 'tile': a warp's 128 contiguous bytes are one segment and one wavefront; padding the rows removes the bank conflicts within a segment, not the segments
  cluster_sync();
}

// The padded column: 132 bytes apart, no bank conflict, but every lane in
// its own 128-byte row: 8 segments of 1 wavefront (measured 8 or 9 for a
// 132-byte stride; 8.01 with 8 warps).
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) padded_column(const float *in, float *out) {
  __shared__ float tile[32][33];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  tile[warp][lane] = in[t];
  cluster_sync();
  float (*peer)[33] = map_rank(tile, rank() ^ 1);
  out[t] = peer[lane][warp];
  // CHECK: distributed-shared.cu:[[#@LINE-1]]:12: warning: 9-way conflict in distributed shared memory: read of 'tile' in another block of the cluster takes 9 wavefronts per warp instead of 1 (block 256x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0-31 of warp 1 read tile[0][1], tile[1][1], tile[2][1], ..., tile[31][1] of the other block's 'tile', 132 bytes apart: 9 different 512-byte segments
  // CHECK-NOT: different words from bank
  // CHECK: note: Nsight Compute counts these with local and global memory (l1tex__data_pipe_lsu_wavefronts_mem_lgds), not among shared memory's wavefronts; per block, 63 excessive wavefronts of 71 (88.7%)
  cluster_sync();
}

// A store down the padded column: no bank conflict, so at least 1
// wavefront; spread over segments, up to the load rule's (measured 6.1 to
// 7.3 for a 132-byte stride, from run to run).
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) padded_column_store(const float *in, float *out) {
  __shared__ float tile[32][33];
  unsigned t = threadIdx.x, lane = t % 32, warp = t / 32;
  float (*peer)[33] = map_rank(tile, rank() ^ 1);
  peer[lane][warp] = in[t];
  // CHECK: distributed-shared.cu:[[#@LINE-1]]:3: note: up to 9-way conflict in distributed shared memory: write of 'tile' in another block of the cluster takes up to 9 wavefronts per warp instead of 1 (block 256x1, sm_90) [smem-bank-conflict]
  // CHECK: note: a store of another block's shared memory costs at least the bank rule's wavefronts; lanes spread over 512-byte segments add some, up to 9 wavefronts, varying from run to run on the H200
  // CHECK-NOT: Nsight Compute counts
  // CHECK: smem-lint: 2 warnings and 0 errors, 1 note in 1 file
  cluster_sync();
  out[t] = tile[warp][lane];
  cluster_sync();
}
