// A "//" or "NOLINT" inside a string literal is not a comment: the finding
// on that line is reported.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"

__global__ void k(float *out) {
  __shared__ float a[32][32];
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y] + (sizeof("// NOLINT") - 10);
  // CHECK: nolint-literals.cu:[[@LINE-1]]:22: warning: 32-way bank conflict: read of 'a'
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y] + (sizeof(R"x(/* NOLINT */)x") - 15);
  // CHECK: nolint-literals.cu:[[@LINE-1]]:22: warning: 32-way bank conflict: read of 'a'
}
void launch(float *o) { k<<<1, dim3(32, 32)>>>(o); }
