// Every way the host code launches a kernel gives the analysis the real block
// shape. Each kernel below runs with a 16x16 block; its column read
// s[tx][ty] of 16-word rows then has lanes 0-15 (ty = 0) on words 0, 16, ...,
// 240 (banks 0 and 16) and lanes 16-31 (ty = 1) on banks 1 and 17: 8 words
// per bank, 8-way. The default 32x8 shape would read s[16..31][*], out of
// bounds, and report a 16-way conflict.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s
// TEXT-NOT: out of bounds
// TEXT-NOT: assumed block

#define TRANSPOSED_READ(o)                                                     \
  __shared__ float s[16][16];                                                  \
  s[threadIdx.y][threadIdx.x] = threadIdx.x;                                   \
  __syncthreads();                                                             \
  o[threadIdx.y * 16 + threadIdx.x] = s[threadIdx.x][threadIdx.y];

// CHECK: kernel through_variable L[[@LINE+2]] block_dims=16x16x1(launch)
// CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=8
__global__ void through_variable(float *o) { TRANSPOSED_READ(o) }
// CHECK: kernel through_pointer L[[@LINE+2]] block_dims=16x16x1(launch)
// CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=8
__global__ void through_pointer(float *o) { TRANSPOSED_READ(o) }
// CHECK: kernel from_table_a L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void from_table_a(float *o) { TRANSPOSED_READ(o) }
// CHECK: kernel from_table_b L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void from_table_b(float *o) { TRANSPOSED_READ(o) }
// CHECK: kernel with_launch_kernel L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void with_launch_kernel(float *o) { TRANSPOSED_READ(o) }
// CHECK: kernel with_cooperative_launch L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void with_cooperative_launch(float *o) { TRANSPOSED_READ(o) }
// CHECK: kernel with_launch_config L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void with_launch_config(float *o) { TRANSPOSED_READ(o) }
// CHECK: kernel with_launch_config_c L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void with_launch_config_c(float *o) { TRANSPOSED_READ(o) }
// CHECK: kernel passed_to_launcher L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void passed_to_launcher(float *o) { TRANSPOSED_READ(o) }
// CHECK: kernel built_field_by_field L[[@LINE+1]] block_dims=16x16x1(launch)
__global__ void built_field_by_field(float *o) { TRANSPOSED_READ(o) }

// A launcher that takes the kernel and the block as parameters: the values
// come from its call.
void launch(void (*kernel)(float *), dim3 block, float *o) {
  kernel<<<1, block>>>(o);
}

int main() {
  float *o;
  int side = 16;
  through_variable<<<1, dim3(side, side)>>>(o);

  void (*pointer)(float *) = &through_pointer;
  pointer<<<1, dim3(16, 16)>>>(o);

  void (*table[])(float *) = {from_table_a, from_table_b};
  for (int i = 0; i < 2; ++i)
    table[i]<<<1, dim3(16, 16)>>>(o);

  void *args[] = {&o};
  cudaLaunchKernel((const void *)with_launch_kernel, dim3(1), dim3(16, 16),
                   args, 0, 0);
  cudaLaunchCooperativeKernel(with_cooperative_launch, dim3(1), dim3(16, 16),
                              args);

  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(16, 16);
  cudaLaunchKernelEx(&config, with_launch_config, o);
  cudaLaunchKernelExC(&config, (const void *)with_launch_config_c, args);

  launch(passed_to_launcher, dim3(16, 16), o);

  dim3 block;
  block.x = 16;
  block.y = 16;
  built_field_by_field<<<1, block>>>(o);
}
