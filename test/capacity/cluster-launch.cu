// A cluster shape given at the launch (cudaLaunchKernelEx with a
// cudaLaunchAttributeClusterDimension attribute, as CUDA's programming
// guide writes it) instead of __cluster_dims__: checked like it
// (test/capacity/clusters.cu). Measured on the H200
// (docs/measurements/h200-clusters.md): a cluster of 16 is refused with
// cudaErrorInvalidClusterSize unless cudaFuncAttributeNonPortableClusterSizeAllowed
// is set, 32 always.
//
// RUN: not %smem-lint --arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

__global__ void sixteen(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void thirty_two(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void two(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

void launch(float *out, void (*kernel)(float *), unsigned blocks) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(64, 1, 1);
  config.blockDim = dim3(256, 1, 1);
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = blocks;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, kernel, out);
}

int main() {
  float *out = nullptr;
  {
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(64, 1, 1);
    config.blockDim = dim3(256, 1, 1);
    cudaLaunchAttribute attribute[1];
    attribute[0].id = cudaLaunchAttributeClusterDimension;
    attribute[0].val.clusterDim.x = 16;
    // CHECK: cluster-launch.cu:[[#@LINE-1]]:5: warning: a cluster of 16 blocks (cluster dimension (16, 1, 1) of the launch) is above the portable 8, and the file never allows it with cudaFuncAttributeNonPortableClusterSizeAllowed; the launch fails with cudaErrorInvalidClusterSize
    // 8 blocks of 256 threads per SM; clusters of 16 leave 128 of the 1056
    // block slots empty (the measured cudaOccupancyMaxActiveClusters table).
    // CHECK: cluster-launch.cu:[[#@LINE-4]]:5: note: clusters of 16 blocks: on an H200 (132 SMs) at most 58 clusters of 'sixteen' run at once, 928 blocks, where 8 per SM would be 1056: 128 block slots (12%) stay empty
    attribute[0].val.clusterDim.y = 1;
    attribute[0].val.clusterDim.z = 1;
    config.attrs = attribute;
    config.numAttrs = 1;
    cudaLaunchKernelEx(&config, sixteen, out);
  }
  {
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(64, 1, 1);
    config.blockDim = dim3(256, 1, 1);
    cudaLaunchAttribute attribute[2];
    attribute[0].id = cudaLaunchAttributeCooperative;
    attribute[0].val.cooperative = 0;
    attribute[1].id = cudaLaunchAttributeClusterDimension;
    attribute[1].val.clusterDim.x = 32;
    // CHECK: cluster-launch.cu:[[#@LINE-1]]:5: error: a cluster of 32 blocks (cluster dimension (32, 1, 1) of the launch) is more than the 16 an sm_90 GPU runs; the launch fails with cudaErrorInvalidClusterSize
    attribute[1].val.clusterDim.y = 1;
    attribute[1].val.clusterDim.z = 1;
    config.attrs = attribute;
    config.numAttrs = 2;
    cudaLaunchKernelEx(&config, thirty_two, out);
  }
  // Through a helper, with the size its caller passes: a cluster of 2 is
  // portable, nothing to say.
  launch(out, two, 2);
}
// CHECK: smem-lint: 1 warning and 1 error, 1 note in 1 file
