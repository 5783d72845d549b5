// A file-level opt-out for one check.
// smem-lint: disable-file(smem-bank-conflict)
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="bank conflict"
// CHECK: warning: missing barrier
__global__ void k(float *out) {
  __shared__ float a[32][32];
  a[threadIdx.y][threadIdx.x] = 1.0f;
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y];
}
void launch(float *o) { k<<<1, dim3(32, 32)>>>(o); }
