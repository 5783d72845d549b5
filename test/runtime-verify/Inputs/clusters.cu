// Thread-block clusters on a harness (--verify): racy and fixed twins of the
// races between the blocks of a cluster through distributed shared memory
// (smem-cluster-race), written with cooperative groups as users write them
// (test/barriers/cluster-race.cu has the same kernels in Clang's builtins,
// which nvcc does not build). The harness launches each kernel in clusters:
// by <<<>>> for a kernel with __cluster_dims__, by cudaLaunchKernelEx with
// the cluster attribute the program below passes for one without; racecheck
// runs one cluster. exit_without_sync comes last: its launch fails on the
// H200 ("unspecified launch failure", docs/measurements/h200-clusters.md),
// and the harness's plain run launches the kernels in this order.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Write, cluster barrier, read the peer's, cluster barrier: no hazard.
// smem-lint: block_dim(64)
__global__ void __cluster_dims__(2, 1, 1) ok(const float *in, float *out) {
  __shared__ float s[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  cluster.sync();
  float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);
  out[blockIdx.x * 64 + t] = peer[(t + 1) % 64];
  cluster.sync();
}

// __syncthreads() orders one block: thread 255 reads the peer's s[0], which
// the peer's thread 0 writes.
// smem-lint: block_dim(64)
__global__ void __cluster_dims__(2, 1, 1) read_before_sync(const float *in, float *out) {
  __shared__ float s[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);
  out[blockIdx.x * 64 + t] = peer[(t + 1) % 64];
  cluster.sync();
}

// One cluster barrier per tile: the next tile's write of s races with the
// peer's read of this one.
// smem-lint: block_dim(64)
__global__ void __cluster_dims__(2, 1, 1) refill_one_sync(const float *in, float *out) {
  __shared__ float s[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x;
  float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);
  float sum = 0;
  for (int k = 0; k < 2; ++k) {
    s[t] = in[(blockIdx.x * 4 + k) * 64 + t];
    cluster.sync();
    sum += peer[(t + 1) % 64] * (k + 1);
  }
  out[blockIdx.x * 64 + t] = sum;
  cluster.sync();
}

// smem-lint: block_dim(64)
__global__ void __cluster_dims__(2, 1, 1) refill_two_syncs(const float *in, float *out) {
  __shared__ float s[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x;
  float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);
  float sum = 0;
  for (int k = 0; k < 2; ++k) {
    s[t] = in[(blockIdx.x * 4 + k) * 64 + t];
    cluster.sync();
    sum += peer[(t + 1) % 64] * (k + 1);
    cluster.sync();
  }
  out[blockIdx.x * 64 + t] = sum;
}

// A remote write, then a read of the block's own copy after __syncthreads():
// the peer's write is not ordered with it.
// smem-lint: block_dim(64)
__global__ void __cluster_dims__(2, 1, 1) remote_write_block_sync(const float *in, float *out) {
  __shared__ float s[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x;
  cluster.sync();
  float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);
  peer[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  out[blockIdx.x * 64 + t] = s[(t + 1) % 64];
  cluster.sync();
}

// Every block of a cluster of four writes block 0's tile: the same words.
// smem-lint: block_dim(64)
__global__ void __cluster_dims__(4, 1, 1) gather_to_leader(const float *in, float *out) {
  __shared__ float s[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x;
  cluster.sync();
  float *leader = cluster.map_shared_rank(s, 0);
  leader[t] = in[blockIdx.x * 64 + t];
  cluster.sync();
  out[blockIdx.x * 64 + t] = s[t];
}

// No __cluster_dims__: the program launches it in clusters of two with
// cudaLaunchKernelEx (below), and so does the harness.
// smem-lint: block_dim(64)
__global__ void shifted_by_launch(const float *in, float *out) {
  __shared__ float s[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  cluster.sync();
  float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);
  out[blockIdx.x * 64 + t] = peer[(t + 3) % 64];
  cluster.sync();
}

void launch_shifted(const float *in, float *out, int blocks) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 2;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(64);
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, shifted_by_launch, in, out);
}

// No cluster barrier after the remote read: the peer may have exited.
// smem-lint: block_dim(64)
__global__ void __cluster_dims__(2, 1, 1) exit_without_sync(const float *in, float *out) {
  __shared__ float s[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  cluster.sync();
  float *peer = cluster.map_shared_rank(s, cluster.block_rank() ^ 1);
  out[blockIdx.x * 64 + t] = peer[(t + 1) % 64];
}
