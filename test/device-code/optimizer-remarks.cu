// The copy of the kernels compiled as nvcc would runs LLVM's loop unroller,
// which warns when it cannot honour a `#pragma unroll` (here: a call it
// cannot see into). That warning is about the copy, not the user's code:
// nothing of LLVM's own is printed.

// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="loop not unrolled"
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file

__device__ float heavy(float x);

__global__ void sum(const float *in, float *out, int n) {
  __shared__ float s[256];
  float acc = 0;
#pragma unroll 8
  for (int i = threadIdx.x; i < n; i += 256)
    acc += heavy(in[i]);
  s[threadIdx.x] = acc;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

int main() { sum<<<1, 256>>>(nullptr, nullptr, 4096); }
