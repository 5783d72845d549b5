// A kernel with shared memory and no launch: it is analysed with the default
// block, and the summary line says so, so that "0 warnings" does not read as
// a result for the real launch shape. A shape given on the command line is
// not an assumption.
// RUN: %smem-lint %s 2>&1 | FileCheck %s --check-prefix=ASSUMED
// ASSUMED: smem-lint: 0 warnings and 0 errors in 1 file (sm_90, parsed with the built-in prelude); 1 of 2 kernels with shared memory analysed with an assumed block shape (no launch, annotation or option gives it: --block-dim, a '// smem-lint: block_dim(x, y, z)' comment above the kernel, or the files that launch them in the same run)
// RUN: %smem-lint --block-dim=reverse=128 %s 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: smem-lint: 0 warnings and 0 errors in 1 file (sm_90, parsed with the built-in prelude){{$}}

__global__ void reverse(float *out, const float *in) {
  __shared__ float s[1024];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

// A kernel without shared memory is not counted: its shape matters to no
// shared-memory check.
__global__ void scale(float *out) { out[threadIdx.x] *= 2; }

__global__ void launched(float *out) {
  __shared__ float t[64];
  t[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[63 - threadIdx.x];
}

void run(float *out, const float *in) {
  launched<<<1, 64>>>(out);
  scale<<<1, 64>>>(out);
}
