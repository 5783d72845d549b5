// Case m01 (../shared/cases/m01_cluster_dsmem.cu) with the CUDA 13 headers:
// cooperative groups' cluster_group, map_shared_rank and cluster.sync().
// k_ok separates the write of s and the remote read with cluster.sync() and
// ends with one: no race. k_conflict writes s[2 t] (2-way conflict: lanes 0
// and 16 meet in bank 0, 2 wavefronts instead of 1) and reads the peer's
// the same way (2 wavefronts too: docs/measurements/h200-clusters.md). k_local_race reads a
// word another warp wrote with no barrier (smem-missing-barrier). k_no_sync
// is k_ok with __syncthreads() for the first cluster.sync() and none at the
// end: the peer's write is unordered, and the peer may exit while this
// block reads its memory (smem-cluster-race; measured on the H200:
// docs/measurements/h200-clusters.md).
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="error:"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) k_ok(float *out) {
  __shared__ float s[256];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  s[threadIdx.x] = threadIdx.x + rank;
  cluster.sync();
  float *peer = cluster.map_shared_rank(s, rank ^ 1);
  out[blockIdx.x * 256 + threadIdx.x] = peer[(threadIdx.x + 1) % 256];
  cluster.sync();
}

__global__ void __cluster_dims__(2, 1, 1) k_conflict(float *out) {
  __shared__ float s[512];
  cg::cluster_group cluster = cg::this_cluster();
  s[threadIdx.x * 2] = threadIdx.x;
  // CHECK: cluster-race-toolkit.cu:[[#@LINE-1]]:3: warning: 2-way bank conflict: write of 's' takes 2 wavefronts per warp instead of 1 (block 256x1, sm_90) [smem-bank-conflict]
  cluster.sync();
  float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);
  out[blockIdx.x * 256 + threadIdx.x] = peer[threadIdx.x * 2];
  // CHECK: cluster-race-toolkit.cu:[[#@LINE-1]]:41: warning: 2-way conflict in distributed shared memory: read of 's' in another block of the cluster takes 2 wavefronts per warp instead of 1 (block 256x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0, 16 of warp 0 need 2 different words from bank 0: s[0], s[32]; consecutive lanes are 2 words apart
  // CHECK: note: Nsight Compute counts these with local and global memory (l1tex__data_pipe_lsu_wavefronts_mem_lgds), not among shared memory's wavefronts; per block, 8 excessive wavefronts of 16 (50%)
  cluster.sync();
}

__global__ void __cluster_dims__(2, 1, 1) k_local_race(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = s[255 - threadIdx.x];
  // CHECK: cluster-race-toolkit.cu:[[#@LINE-1]]:22: warning: missing barrier: thread 0 reads s[255], written by thread 255 at line [[#@LINE-2]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
}

__global__ void __cluster_dims__(2, 1, 1) k_no_sync(float *out) {
  __shared__ float s[256];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  s[threadIdx.x] = threadIdx.x + rank;
  __syncthreads();
  float *peer = cluster.map_shared_rank(s, rank ^ 1);
  out[blockIdx.x * 256 + threadIdx.x] = peer[(threadIdx.x + 1) % 256];
  // CHECK: cluster-race-toolkit.cu:[[#@LINE-1]]:41: warning: missing cluster barrier: thread 255 reads s[0] in the shared memory of another block of the cluster, and that block's thread 0 writes it at line [[#@LINE-4]]; no cluster barrier orders the two (block 256x1, sm_90) [smem-cluster-race]
  // CHECK: cluster-race-toolkit.cu:[[#@LINE-5]]:3: note: the access of that block's own copy: thread 0 writes s[0] here
  // CHECK: cluster-race-toolkit.cu:[[#@LINE-4]]:17: note: the pointer into the shared memory of another block of the cluster is made here
  // CHECK: cluster-race-toolkit.cu:[[#@LINE-4]]:41: warning: block may exit while another reads its shared memory: thread 255 reads s[0] in the shared memory of another block of the cluster
}

int main() {
  float *o;
  cudaMalloc(&o, 4096 * 4);
  k_ok<<<4, 256>>>(o);
  k_conflict<<<4, 256>>>(o);
  k_local_race<<<4, 256>>>(o);
  k_no_sync<<<4, 256>>>(o);
  return 0;
}
// CHECK: smem-lint: 5 warnings and 0 errors in 1 file
