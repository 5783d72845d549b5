// From ../shared/cases/r4_scalar.cu: the row width reaches the kernel through
// run(width), called as run(2). With width = 2, lane l writes word 2l + i:
// lanes l and l + 16 share a bank, 2-way; the read s[2l] is 2-way too. The
// dynamic bytes are 64 * 2 * 4 = 512, so no access is out of bounds. (Before
// the host code was followed, width was the assumed 1024: 32-way.)
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s
// RUN: not %smem-lint --format=json %s | %summarize --launches | FileCheck --check-prefix=JSON %s
// CHECK-NOT: 1024
// JSON: launch filt shape=0 block=64x1x1 grid=1x1x1 dynamic=512 params=width=2

__global__ void filt(const float *zi, float *out, int width) {
  extern __shared__ float s[];
  // CHECK: scalar-through-function.cu:[[@LINE+1]]:35: warning: 2-way bank conflict: write of 's' takes 2 wavefronts per warp instead of 1 (block 64x1, sm_90)
  for (int i = 0; i < width; i++) s[threadIdx.x * width + i] = zi[threadIdx.x * width + i];
  __syncthreads();
  // CHECK: scalar-through-function.cu:[[@LINE+1]]:22: warning: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (block 64x1, sm_90)
  out[threadIdx.x] = s[threadIdx.x * width];
}
void run(int width) {
  float *p; cudaMalloc(&p, 64 * width * 4);
  // CHECK: scalar-through-function.cu:[[@LINE+1]]:3: note: analysed with block 64x1 and width = 2 from this launch, as called at line [[#@LINE+3]]
  filt<<<1, 64, 64 * width * sizeof(float)>>>(p, p, width); cudaDeviceSynchronize();
}
int main() { run(2); }
