// A test of a shared pointer's alignment (`(uintptr_t)p & 15`) depends on
// where ptxas puts the array when the bits it tests are above the array's
// declared alignment: both branches are evaluated, on that assumption. Below
// the declared alignment the bits are the offset's, and the test is decided.
//
// RUN: %smem-lint %s --format=json | python3 -c "import json, sys; [print(k['name'], a['line'], a['status']) for k in json.load(sys.stdin)['kernels'] for a in k['accesses'] if a['kind'] == 'load']" | FileCheck %s
// CHECK: four_byte_aligned 24 assumed
// CHECK-NEXT: four_byte_aligned 27 assumed
// CHECK: sixteen_byte_aligned 41 exact
// CHECK-NOT: sixteen_byte_aligned 44

#include <cstdint>

// The shared address is cvta'd, so its integer is the shared window's.
// smem-lint: block_dim(32)
__global__ void four_byte_aligned(const float *in, float *out) {
  __shared__ float s[4 * 32];
  for (int i = threadIdx.x; i < 128; i += 32)
    s[i] = in[i];
  __syncthreads();
  const float *p = s + 4 * threadIdx.x;
  float sum;
  if (((unsigned)__cvta_generic_to_shared(s) & 15) == 0) {
    float4 v = *reinterpret_cast<const float4 *>(p);
    sum = v.x + v.y + v.z + v.w;
  } else {
    sum = p[0] + p[1] + p[2] + p[3];
  }
  out[threadIdx.x] = sum;
}

// smem-lint: block_dim(32)
__global__ void sixteen_byte_aligned(const float *in, float *out) {
  __shared__ alignas(16) float s[4 * 32];
  for (int i = threadIdx.x; i < 128; i += 32)
    s[i] = in[i];
  __syncthreads();
  const float *p = s + 4 * threadIdx.x;
  float sum;
  if (((unsigned)__cvta_generic_to_shared(s) & 15) == 0) {
    float4 v = *reinterpret_cast<const float4 *>(p);
    sum = v.x + v.y + v.z + v.w;
  } else {
    sum = p[0] + p[1] + p[2] + p[3];
  }
  out[threadIdx.x] = sum;
}
