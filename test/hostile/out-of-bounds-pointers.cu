// smem-out-of-bounds through pointers and in dynamic shared memory: the
// bound is the whole object (a flattened 2-D array may be indexed as 1-D),
// and for extern __shared__ the bytes the launch gives.

// RUN: (%smem-lint --checks=-*,smem-out-of-bounds %s 2>&1; echo "exit=$?") | FileCheck %s

__global__ void flat(float *out) {
  __shared__ float tile[32][32];
  float *p = &tile[0][0];
  // Row-major flattening stays inside the array: not reported.
  // CHECK-NOT: out-of-bounds-pointers.cu:[[@LINE+1]]
  p[threadIdx.y * 32 + threadIdx.x] = 1;
  // CHECK: out-of-bounds-pointers.cu:[[@LINE+1]]:3: error: write to 'p[threadIdx.y * 32 + threadIdx.x + 768]' is out of bounds for threads 256-1023: flat indices 1024 to 1791 in 'tile[32][32]', an array of 1024 elements (block 32x32, sm_90)
  p[threadIdx.y * 32 + threadIdx.x + 768] = 2;
  float *row = tile[threadIdx.y];
  // CHECK-NOT: out-of-bounds-pointers.cu:[[@LINE+1]]
  out[threadIdx.x] = row[threadIdx.x];
}

__global__ void dynamic(float *out) {
  extern __shared__ float buf[];
  // CHECK: out-of-bounds-pointers.cu:[[@LINE+1]]:3: error: write to 'buf[threadIdx.x + 64]' is out of bounds for threads 192-255: indices 256 to 319 in an array of 256 elements (1024 bytes of dynamic shared memory, from the launch) (block 256x1, sm_90)
  buf[threadIdx.x + 64] = 1;
}

void launch(float *out) {
  flat<<<1, dim3(32, 32)>>>(out);
  dynamic<<<1, 256, 256 * sizeof(float)>>>(out);
}
// CHECK: exit=1
