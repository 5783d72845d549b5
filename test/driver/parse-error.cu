// A parse error is reported with its location, exit code 2, and the kernels
// that still parsed are analysed.
// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s

__global__ void broken(float *out) {
  out[0] = undeclared_name;
  // CHECK: parse-error.cu:[[@LINE-1]]:12: error: use of undeclared identifier 'undeclared_name'
}

__global__ void fine(float *out) {
  __shared__ float s[32 * 32];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // The block shape is assumed (no launch): a note.
  // CHECK: parse-error.cu:[[@LINE-2]]:22: note: 32-way bank conflict: read of 's'
}
// CHECK: exit=2
