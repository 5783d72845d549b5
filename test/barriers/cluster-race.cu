// Races between the blocks of a thread-block cluster through distributed
// shared memory (issue 19, item 4), racy and fixed twins. The kernels are
// those of utils/gpu-probes/cluster_probes.cu without the delays, written
// with Clang's builtins (cooperative groups' cluster.sync() is an arrive and
// a wait; map_shared_rank is mapa). On the H200 (docs/measurements/
// h200-clusters.md) every racy twin gave wrong values in 100 of 100
// launches and racecheck reported the hazard; exit_without_sync failed
// with "unspecified launch failure"; the fixed twins gave no wrong value.
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

// Write, cluster barrier, read the peer's, cluster barrier: no finding.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) ok(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  cluster_sync();
  float *peer = map_rank(s, rank() ^ 1);
  out[blockIdx.x * 256 + t] = peer[(t + 1) % 256];
  cluster_sync();
}

// __syncthreads() orders one block: thread 255 reads the peer's s[0]
// ((255 + 1) % 256), which the peer's thread 0 writes.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) read_before_sync(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  float *peer = map_rank(s, rank() ^ 1);
  out[blockIdx.x * 256 + t] = peer[(t + 1) % 256];
  // CHECK: cluster-race.cu:[[#@LINE-1]]:31: warning: missing cluster barrier: thread 255 reads s[0] in the shared memory of another block of the cluster, and that block's thread 0 writes it at line [[#@LINE-4]]; no cluster barrier orders the two (block 256x1, sm_90) [smem-cluster-race]
  // CHECK: cluster-race.cu:[[#@LINE-5]]:3: note: the access of that block's own copy: thread 0 writes s[0] here
  // CHECK: cluster-race.cu:[[#@LINE-4]]:17: note: the pointer into the shared memory of another block of the cluster is made here
  // CHECK: note: only a cluster barrier orders the blocks of a cluster
  cluster_sync();
}

// No cluster barrier after the remote read: the peer may have exited.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) exit_without_sync(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  cluster_sync();
  float *peer = map_rank(s, rank() ^ 1);
  out[blockIdx.x * 256 + t] = peer[(t + 1) % 256];
  // CHECK: cluster-race.cu:[[#@LINE-1]]:31: warning: block may exit while another reads its shared memory: thread 255 reads s[0] in the shared memory of another block of the cluster, and that block's threads wait at no cluster barrier after this access before they return (block 256x1, sm_90) [smem-cluster-race]
  // CHECK: note: a block's shared memory is released when it exits
}

// One cluster barrier per tile: the next tile's write of s races with the
// peer's read of this one (the loop's second barrier, across blocks).
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) refill_one_sync(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  float *peer = map_rank(s, rank() ^ 1);
  float sum = 0;
  for (int k = 0; k < 16; ++k) {
    s[t] = in[(blockIdx.x * 16 + k) * 256 + t];
    cluster_sync();
    sum += peer[(t + 1) % 256] * (k + 1);
    // CHECK: cluster-race.cu:[[#@LINE-1]]:12: warning: missing cluster barrier: thread 255 reads s[0] in the shared memory of another block of the cluster, and that block's thread 0 writes it at line [[#@LINE-3]]; no cluster barrier orders the two
  }
  out[blockIdx.x * 256 + t] = sum;
  cluster_sync();
}

// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) refill_two_syncs(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  float *peer = map_rank(s, rank() ^ 1);
  float sum = 0;
  for (int k = 0; k < 16; ++k) {
    s[t] = in[(blockIdx.x * 16 + k) * 256 + t];
    cluster_sync();
    sum += peer[(t + 1) % 256] * (k + 1);
    cluster_sync();
  }
  out[blockIdx.x * 256 + t] = sum;
}

// 80 tiles: each word is touched at 160 different barrier counts, more than
// the analysis keeps per word (64); it says it looked among the latest.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) many_tiles(const float *in, float *out) {
  // CHECK: cluster-race.cu:[[#@LINE-1]]:43: note: a shared word was accessed at more than 64 different cluster barrier counts; the races between the blocks were looked for among the latest of each word (block 256x1, sm_90) [smem-cluster-race]
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  float *peer = map_rank(s, rank() ^ 1);
  float sum = 0;
  for (int k = 0; k < 80; ++k) {
    s[t] = in[(blockIdx.x * 80 + k) * 256 + t];
    cluster_sync();
    sum += peer[(t + 1) % 256];
    cluster_sync();
  }
  out[blockIdx.x * 256 + t] = sum;
}

// A remote write, then a read of the block's own copy after __syncthreads():
// the peer's write is not ordered with it.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) remote_write_block_sync(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  cluster_sync();
  float *peer = map_rank(s, rank() ^ 1);
  peer[t] = in[blockIdx.x * 256 + t];
  // CHECK: cluster-race.cu:[[#@LINE-1]]:3: warning: missing cluster barrier: thread 0 writes s[0] in the shared memory of another block of the cluster, and that block's thread 255 reads it at line [[#@LINE+2]]; no cluster barrier orders the two
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[(t + 1) % 256];
  cluster_sync();
}

// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) remote_write_cluster_sync(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  cluster_sync();
  float *peer = map_rank(s, rank() ^ 1);
  peer[t] = in[blockIdx.x * 256 + t];
  cluster_sync();
  out[blockIdx.x * 256 + t] = s[(t + 1) % 256];
}

// Every block writes block 0's tile: blocks 1, 2 and 3 write the same words
// (and block 0 too, through its own copy).
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(4, 1, 1) gather_to_leader(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  cluster_sync();
  float *leader = map_rank(s, 0);
  leader[t] = in[blockIdx.x * 256 + t];
  // CHECK: cluster-race.cu:[[#@LINE-1]]:3: warning: missing cluster barrier: thread 0 writes s[0] in the shared memory of block 0 of the cluster, and thread 0 of another block writes it through the same mapping at line [[#@LINE-1]]; no cluster barrier orders the two
  // CHECK: note: the other block's access: thread 0 writes s[0] here
  cluster_sync();
  out[blockIdx.x * 256 + t] = s[t];
}

// A distributed histogram: atomics into block 0's bins do not race with
// each other, and cluster barriers order them with the zeroing and the read.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(4, 1, 1) histogram(const int *in, int *out) {
  __shared__ int bins[64];
  unsigned t = threadIdx.x;
  if (t < 64)
    bins[t] = 0;
  cluster_sync();
  int *leader = map_rank(bins, 0);
  atomicAdd(&leader[in[blockIdx.x * 256 + t] & 63], 1);
  cluster_sync();
  if (rank() == 0 && t < 64)
    out[t] = bins[t];
}

// Bins spread over the cluster, each value counted in the block its data
// names: the rank and the word depend on data, so what is found rests on it
// (notes). With both cluster barriers: nothing.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(4, 1, 1) spread_bins(const int *in, int *out) {
  __shared__ int bins[64];
  unsigned t = threadIdx.x;
  if (t < 64)
    bins[t] = 0;
  cluster_sync();
  int v = in[blockIdx.x * 256 + t];
  atomicAdd(&map_rank(bins, v & 3)[(v >> 2) & 63], 1);
  cluster_sync();
  if (t < 64)
    out[blockIdx.x * 64 + t] = bins[t];
}

// Without the first: another block may count into bins before they are
// zeroed.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(4, 1, 1) spread_bins_unzeroed(const int *in, int *out) {
  __shared__ int bins[64];
  unsigned t = threadIdx.x;
  if (t < 64)
    bins[t] = 0;
  __syncthreads();
  int v = in[blockIdx.x * 256 + t];
  atomicAdd(&map_rank(bins, v & 3)[(v >> 2) & 63], 1);
  // CHECK: cluster-race.cu:[[#@LINE-1]]:3: note: missing cluster barrier: thread 0 atomically updates a word of 'bins' its data selects (such as bins[0]) in the shared memory of the block of the cluster its data names, and that block's thread 0 writes it at line [[#@LINE-4]]; no cluster barrier orders the two
  // CHECK: note: reported as a note: the rank given to map_shared_rank is computed from data the analysis could not read
  cluster_sync();
  if (t < 64)
    out[blockIdx.x * 64 + t] = bins[t];
}

// Without the second: a block may read its bins while others still count,
// and exit before they are done.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(4, 1, 1) spread_bins_early_exit(const int *in, int *out) {
  __shared__ int bins[64];
  unsigned t = threadIdx.x;
  if (t < 64)
    bins[t] = 0;
  cluster_sync();
  int v = in[blockIdx.x * 256 + t];
  atomicAdd(&map_rank(bins, v & 3)[(v >> 2) & 63], 1);
  // CHECK: cluster-race.cu:[[#@LINE-1]]:3: note: missing cluster barrier: thread 0 atomically updates a word of 'bins' its data selects (such as bins[0]) in the shared memory of the block of the cluster its data names, and that block's thread 0 reads it at line [[#@LINE+4]]
  // CHECK: cluster-race.cu:[[#@LINE-2]]:3: note: block may exit while another atomically updates its shared memory: thread 0 atomically updates a word of 'bins' its data selects in the shared memory of the block of the cluster its data names
  __syncthreads();
  if (t < 64)
    out[blockIdx.x * 64 + t] = bins[t];
}

// A relaxed arrival orders nothing before it.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) relaxed_arrive(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __nvvm_barrier_cluster_arrive_relaxed();
  __nvvm_barrier_cluster_wait();
  float *peer = map_rank(s, rank() ^ 1);
  out[blockIdx.x * 256 + t] = peer[(t + 1) % 256];
  // CHECK: cluster-race.cu:[[#@LINE-1]]:31: warning: missing cluster barrier: thread 255 reads s[0] in the shared memory of another block of the cluster, and that block's thread 0 writes it at line [[#@LINE-5]]; no cluster barrier orders the two
  cluster_sync();
}

// The cluster barrier as CUTLASS writes it (cute::cluster_sync()).
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) ptx_cluster_sync(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  asm volatile("barrier.cluster.arrive.aligned;\n" : : : "memory");
  asm volatile("barrier.cluster.wait.aligned;\n" : : : "memory");
  float *peer = map_rank(s, rank() ^ 1);
  out[blockIdx.x * 256 + t] = peer[(t + 1) % 256];
  asm volatile("barrier.cluster.arrive.aligned;\nbarrier.cluster.wait.aligned;\n" : : : "memory");
}

// The clusters of 4 also get smem-occupancy's note (test/capacity/clusters.cu).
// CHECK: smem-lint: 6 warnings and 0 errors, 9 notes in 1 file
