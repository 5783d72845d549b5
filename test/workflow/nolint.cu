// Suppression comments, clang-tidy style.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"

__global__ void k(float *out) {
  __shared__ float a[32][32];
  __shared__ float b[32][32];
  __shared__ float c[32][32];
  __shared__ float d[32][32];
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y]; // NOLINT
  out[threadIdx.x] = b[threadIdx.x][threadIdx.y]; // NOLINT(smem-bank-conflict)
  // NOLINTNEXTLINE(smem-*)
  out[threadIdx.x] = c[threadIdx.x][threadIdx.y];
  // A NOLINT for another check does not hide this one.
  out[threadIdx.x] = d[threadIdx.x][threadIdx.y]; // NOLINT(smem-missing-barrier)
  // CHECK: nolint.cu:[[@LINE-1]]:22: warning: 32-way bank conflict: read of 'd'
  // NOLINTBEGIN(smem-bank-conflict)
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y];
  out[threadIdx.x] = b[threadIdx.x][threadIdx.y];
  // NOLINTEND(smem-bank-conflict)
  out[threadIdx.x] = c[threadIdx.x][threadIdx.y]; // NOLINT(smem-bank-conflcit)
  // CHECK: nolint.cu:[[@LINE-1]]:22: warning: 32-way bank conflict: read of 'c'
  // CHECK: nolint.cu:[[@LINE-2]]:51: warning: unknown check 'smem-bank-conflcit' in a suppression comment; it silences nothing [smem-lint-nolint]
}
void launch(float *o) { k<<<1, dim3(32, 32)>>>(o); }
