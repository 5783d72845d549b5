// A loop nest too large to enumerate is sampled; an access that none of the
// iterations evaluated reaches (here the read inside the disc, which the
// first iterations, at dx = -r, lie outside) would otherwise be missing
// from the findings without a word. It gets a note of its own.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s

// 'r' is not known (no launch): 1024 is assumed, and the nest has 2049 x
// 2049 iterations of 256 threads.
// CHECK: sampled-loop-unreached.cu:[[@LINE+9]]:16: note: this shared read was not reached in the iterations evaluated, so its bank conflicts and races are not known: the loop at line [[@LINE+7]]: only the first {{[0-9]+}} of 2049 iterations were evaluated (loop nest sampled: {{.*}} (in 'disc', block 256x1) [smem-lint-incomplete]
__global__ void disc(float *out, int r) {
  __shared__ float tile[256];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float sum = 0;
  for (int dy = -r; dy <= r; dy++)
    for (int dx = -r; dx <= r; dx++)
      if (dx * dx + dy * dy <= r * r)
        sum += tile[(threadIdx.x + dx + dy * 32) & 255];
  out[threadIdx.x] = sum;
}

// With r = 2 from the launch the nest is enumerated and the read is
// analysed: no such note.
// CHECK-NOT: 'small', block {{.*}} [smem-lint-incomplete]
__global__ void small(float *out, int r) {
  __shared__ float tile[256];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float sum = 0;
  for (int dy = -r; dy <= r; dy++)
    for (int dx = -r; dx <= r; dx++)
      if (dx * dx + dy * dy <= r * r)
        sum += tile[(threadIdx.x + dx + dy * 32) & 255];
  out[threadIdx.x] = sum;
}

void launch(float *out) { small<<<1, 256>>>(out, 2); }
