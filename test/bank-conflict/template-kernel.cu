// Template kernels: each instantiation named by a launch is analysed with its
// own element type and constants; a template that is never launched is not.
// Instantiations that find the same thing at the same place share one
// warning that names them all.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s --implicit-check-not=unused
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

template <typename T, int STRIDE>
__global__ void gather(T *out) {
  __shared__ T s[1024];
  int lane = threadIdx.x & 31;
  out[threadIdx.x] = s[lane * STRIDE];
}

// Never instantiated: nothing to analyse.
template <typename T>
__global__ void unused(T *out) {
  __shared__ T s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
}

// The kernels are reported in launch order; every access is the load at
// column 22 of the `out[threadIdx.x] = s[lane * STRIDE]` line (AL below).
// float, STRIDE 1: adjacent words -> 1.
// CHECK: kernel gather<float, 1> L[[#KL:@LINE-16]] block_dims=256x1x1(launch)
// CHECK-NEXT: access s load L[[#AL:@LINE-14]]:22 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
// CHECK-NEXT: totals gather<float, 1> shape=0 load=8/8 store=0/0 atomic=0/0
// float, STRIDE 32: row "s[lane * K]", K = 32 -> 32.
// CHECK: kernel gather<float, 32> L[[#KL]] block_dims=256x1x1(launch)
// CHECK-NEXT: access s load L[[#AL]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
// CHECK-NEXT: totals gather<float, 32> shape=0 load=256/8 store=0/0 atomic=0/0
// double, STRIDE 2: row "double s[lane*K]", K = 2 -> 4.
// CHECK: kernel gather<double, 2> L[[#KL]] block_dims=256x1x1(launch)
// CHECK-NEXT: access s load L[[#AL]]:22 width=8 shape=0 wavefronts=4 mean=4 ideal=2 ways=2
// CHECK-NEXT: totals gather<double, 2> shape=0 load=32/8 store=0/0 atomic=0/0
// char, STRIDE 128: row "char s[]: s[lane*128]" -> 32.
// CHECK: kernel gather<char, 128> L[[#KL]] block_dims=256x1x1(launch)
// CHECK-NEXT: access s load L[[#AL]]:22 width=1 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
// CHECK-NEXT: totals gather<char, 128> shape=0 load=256/8 store=0/0 atomic=0/0
// int, STRIDE 32: the same words as float -> 32, the same finding.
// CHECK: kernel gather<int, 32> L[[#KL]] block_dims=256x1x1(launch)
// CHECK-NEXT: access s load L[[#AL]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32

// One warning per distinct finding, each with its (first) launch.
// TEXT: template-kernel.cu:[[@LINE-33]]:22: warning: 32-way bank conflict: read of 's' takes 32 wavefronts per warp instead of 1 (in 'gather<float, 32>' and 'gather<int, 32>', block 256x1, sm_90)
// TEXT: template-kernel.cu:[[@LINE+11]]:3: note: analysed with block 256x1 from this launch
// TEXT-NEXT: gather<float, 32><<<1, 256>>>(nullptr);
// TEXT: template-kernel.cu:[[@LINE-36]]:22: warning: 2-way bank conflict: 8-byte read of 's' takes 4 wavefronts per warp instead of 2 (in 'gather<double, 2>', block 256x1, sm_90)
// TEXT: template-kernel.cu:[[@LINE+9]]:3: note: analysed with block 256x1 from this launch
// TEXT: template-kernel.cu:[[@LINE-38]]:22: warning: 32-way bank conflict: 1-byte read of 's' takes 32 wavefronts per warp instead of 1 (in 'gather<char, 128>', block 256x1, sm_90)
// TEXT: template-kernel.cu:[[@LINE+8]]:3: note: analysed with block 256x1 from this launch
// Three bank-conflict warnings in all: <float, 32> with <int, 32>,
// <double, 2>, <char, 128>.

int main() {
  gather<float, 1><<<1, 256>>>(nullptr);
  gather<float, 32><<<1, 256>>>(nullptr);
  gather<double, 2><<<1, 256>>>(nullptr);
  gather<char, 128><<<1, 256>>>(nullptr);
  gather<int, 32><<<1, 256>>>((int *)nullptr);
}
