// Thread-block clusters: the size limits and the residency of clusters
// (issue 19 item 4), from docs/measurements/h200-clusters.md: on the H200 a
// cluster of 16 blocks launches only with
// cudaFuncAttributeNonPortableClusterSizeAllowed (cudaErrorInvalidClusterSize
// without it), 32 never, and cudaOccupancyMaxActiveClusters gives, at 4
// blocks per SM, 124 clusters of 4 (496 blocks, against 4 x 132 = 528 one
// by one: 32 empty slots, 6%) but 264 clusters of 2 (all 528).
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="error:" --implicit-check-not="note: clusters of"

// 47 KB of static shared memory (+ 1 KB reserve): 4 blocks per SM.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(4, 1, 1) four(float *out) {
  // CHECK: clusters.cu:[[#@LINE-1]]:17: note: clusters of 4 blocks: on an H200 (132 SMs) at most 124 clusters of 'four' run at once, 496 blocks, where 4 per SM would be 528: 32 block slots (6%) stay empty (block 256x1, sm_90) [smem-occupancy]
  // CHECK: note: a cluster's blocks run on the SMs of one GPC, and the H200's GPCs do not all hold a multiple of 4 blocks (cudaOccupancyMaxActiveClusters, measured: docs/measurements/h200-clusters.md); clusters of 2 blocks would leave none empty
  __shared__ float s[12000];
  s[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// The same tile in clusters of 2: every slot used, no note.
// smem-lint: block_dim(256)
__global__ void __cluster_dims__(2, 1, 1) two(float *out) {
  __shared__ float s[12000];
  s[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// 16 blocks without the attribute: the launch below fails.
// smem-lint: block_dim(128)
__global__ void __cluster_dims__(16, 1, 1) sixteen(float *out) {
  // CHECK: clusters.cu:[[#@LINE-1]]:17: warning: a cluster of 16 blocks (__cluster_dims__(16, 1, 1)) is above the portable 8, and the file never allows it with cudaFuncAttributeNonPortableClusterSizeAllowed; the launch fails with cudaErrorInvalidClusterSize (block 128x1, sm_90) [smem-capacity]
  // CHECK: note: call cudaFuncSetAttribute(sixteen, cudaFuncAttributeNonPortableClusterSizeAllowed, 1) before the launch
  // 40 KB: 5 blocks per SM; 35 clusters of 16 (560 of 660 blocks).
  // CHECK: clusters.cu:[[#@LINE-4]]:17: note: clusters of 16 blocks: on an H200 (132 SMs) at most 35 clusters of 'sixteen' run at once, 560 blocks, where 5 per SM would be 660: 100 block slots (15%) stay empty
  __shared__ float s[10000];
  s[threadIdx.x] = 1;
  out[threadIdx.x] = s[threadIdx.x];
}

// 16 blocks (4 x 2 x 2) with the attribute: allowed.
// smem-lint: block_dim(128)
__global__ void __cluster_dims__(4, 2, 2) sixteen_allowed(float *out) {
  // CHECK: clusters.cu:[[#@LINE-1]]:17: note: clusters of 16 blocks: on an H200 (132 SMs) at most 35 clusters of 'sixteen_allowed' run at once
  __shared__ float s[10000];
  s[threadIdx.x] = 1;
  out[threadIdx.x] = s[threadIdx.x];
}

// 32 blocks: no GPU of sm_90 runs it.
// smem-lint: block_dim(128)
__global__ void __cluster_dims__(32, 1, 1) thirty_two(float *out) {
  // CHECK: clusters.cu:[[#@LINE-1]]:17: error: a cluster of 32 blocks (__cluster_dims__(32, 1, 1)) is more than the 16 an sm_90 GPU runs; the launch fails with cudaErrorInvalidClusterSize (block 128x1, sm_90) [smem-capacity]
  out[threadIdx.x] = 1;
}

// A cluster shape that is not integer literals is not read: said, not
// guessed.
constexpr int Pair = 2;
// smem-lint: block_dim(128)
__global__ void __cluster_dims__(Pair, 1, 1) named_size(float *out) {
  // CHECK: clusters.cu:[[#@LINE-1]]:17: note: the cluster shape 'Pair, 1, 1' is not one to three positive integers: the cluster's size limits and residency are not checked (block 128x1, sm_90) [smem-capacity]
  out[threadIdx.x] = 1;
}

int main() {
  float *o;
  four<<<8, 256>>>(o);
  two<<<8, 256>>>(o);
  sixteen<<<16, 128>>>(o);
  cudaFuncSetAttribute(sixteen_allowed, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  sixteen_allowed<<<16, 128>>>(o);
  thirty_two<<<32, 128>>>(o);
  named_size<<<2, 128>>>(o);
}
// CHECK: smem-lint: 1 warning and 1 error
