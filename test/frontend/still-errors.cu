// What stays a compile error (exit 2): an error in device code, an
// initialiser of a __shared__ scalar (nvcc rejects it too), and an error in
// a host statement that launches a kernel (the analysis needs its shape).
// A `<<<` in a comment makes no launch of a host error beside it.
// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s
__global__ void device_error(float *out) {
  __shared__ float s[32];
  s[threadIdx.x] = undeclared_in_device_code;
  // CHECK: still-errors.cu:[[@LINE-1]]:20: error: use of undeclared identifier 'undeclared_in_device_code'
  out[threadIdx.x] = s[threadIdx.x];
}
// A dependent name that a `<` follows but that is no member at all: not the
// missing `template` keyword smem-lint adds (missing-template-keyword.cu).
template <typename T> struct Limits { static const int other = 1; };
template <typename T, int N> __device__ bool below() {
  return Limits<T>::value < N > (1);
  // CHECK: still-errors.cu:[[@LINE-1]]:21: error: no member named 'value' in 'Limits<float>'
  // CHECK-NOT: read as 'value'
}
__global__ void not_a_template(bool *out) { out[0] = below<float, 3>(); }
__global__ void scalar_init(float *out) {
  __shared__ float s = 0.f;
  // CHECK: still-errors.cu:[[@LINE-1]]:20: error: initialization is not supported for __shared__ variables
  out[threadIdx.x] = s;
}
int main() {
  float *o;
  device_error<<<1, UNKNOWN_BLOCK>>>(o);
  // CHECK: still-errors.cu:[[@LINE-1]]:21: error: use of undeclared identifier 'UNKNOWN_BLOCK'
  int n = also_undeclared; // launched later as k<<<1, n>>>
  // CHECK: still-errors.cu:[[@LINE-1]]:11: note: host code that this parse cannot read: use of undeclared identifier 'also_undeclared'; the launches of 'main' (line [[#@LINE-3]]) are analysed from the rest of it [smem-lint-frontend]
  scalar_init<<<1, 32>>>(o);
  return n;
}
// CHECK: exit=2
