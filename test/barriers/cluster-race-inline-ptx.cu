// Distributed shared memory in inline PTX, as CuTe writes it
// (cute/arch/cluster_sm90.hpp: block_rank_in_cluster reads %cluster_ctarank,
// set_block_rank is `mapa.shared::cluster.u32`, and the access through the
// mapped 32-bit address is `ld.shared::cluster`): the same races between the
// blocks of a cluster as through cluster.map_shared_rank (cluster-race.cu,
// whose kernels these are; measured on the H200 there), racy and fixed twins.
//
// RUN: not %smem-lint --arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

__device__ unsigned rank() {
  unsigned r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;\n" : "=r"(r) :);
  return r;
}
__device__ unsigned set_block_rank(unsigned addr, unsigned r) {
  unsigned result;
  asm volatile("mapa.shared::cluster.u32  %0, %1, %2;\n" : "=r"(result) : "r"(addr), "r"(r));
  return result;
}
__device__ void cluster_sync() {
  asm volatile("barrier.cluster.arrive.aligned;\n" : :);
  asm volatile("barrier.cluster.wait.aligned;\n" : :);
}
__device__ float ld_cluster(unsigned addr) {
  float v;
  asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(v) : "r"(addr));
  // CHECK: cluster-race-inline-ptx.cu:[[#@LINE-1]]:67: warning: missing cluster barrier: thread 255 reads s[0] in the shared memory of another block of the cluster, and that block's thread 0 writes it at line [[#WRITE:]]; no cluster barrier orders the two (block 256x1, sm_90) [smem-cluster-race]
  // CHECK: cluster-race-inline-ptx.cu:[[#WRITE]]:3: note: the access of that block's own copy: thread 0 writes s[0] here
  // CHECK: cluster-race-inline-ptx.cu:{{[0-9]+}}:19: note: the pointer into the shared memory of another block of the cluster is made here
  // CHECK: cluster-race-inline-ptx.cu:[[#@LINE-4]]:67: note: only a cluster barrier orders the blocks of a cluster
  return v;
}
// __syncthreads() orders one block: thread 255 reads the peer's s[0]
// ((255 + 1) % 256), which the peer's thread 0 writes.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) read_before_sync(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  unsigned peer = set_block_rank((unsigned)__cvta_generic_to_shared(&s[(t + 1) % 256]), rank() ^ 1);
  out[blockIdx.x * 256 + t] = ld_cluster(peer);
  cluster_sync();
}
// The fix: a cluster barrier between the write and the remote read.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) ok(const float *in, float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  cluster_sync();
  unsigned peer = set_block_rank((unsigned)__cvta_generic_to_shared(&s[(t + 1) % 256]), rank() ^ 1);
  out[blockIdx.x * 256 + t] = ld_cluster(peer);
  cluster_sync();
}
