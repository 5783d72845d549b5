// A field of a struct parameter taken by value is a uniform symbol, as a
// scalar parameter is: here it strides a write through a lambda, so the
// kernel is evaluated from its device code, where the field is a load from
// the parameter's space. At the default 1024 the lanes would write past 's';
// the largest stride that keeps them inside is 32 (the square root of its
// 1024 elements, ProblemSizes.h): lane l writes word 32l, all in bank 0:
// 32-way; the stride decides it: gcd(stride, 32)-way, 1- to 32-way over the
// strides tried, and since nothing gives the stride the finding is a note.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s

struct Params {
  int n;
  int stride;
};
// smem-lint: block_dim(32)
__global__ void k(Params p, float *out) {
  __shared__ float s[32 * 32];
  auto put = [&](int i) { s[i] = 1.0f; };
  // CHECK: struct-parameter.cu:[[@LINE-1]]:27: note: 1- to 32-way bank conflict depending on 'p.stride': write of 's' takes 32 wavefronts per warp instead of 1 with p.stride = 32 (block 32x1, sm_90) [smem-bank-conflict]
  // CHECK: note: the conflict degree depends on 'p.stride': gcd(p.stride, 32)-way; evaluated with p.stride = 32
  // CHECK: note: reported as a note: it rests on the assumed p.stride = 32, the largest value tried that keeps the shared arrays it indexes in bounds (a field of a parameter: nothing in the code gives its value)
  put(threadIdx.x * p.stride);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
