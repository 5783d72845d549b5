// Scalar kernel parameters take the constant passed at the launch of each
// block shape. s[lane * stride]: gcd(stride, 32) wavefronts (h200-shared-memory.md
// row "s[lane * K]").
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel strided L[[@LINE+1]] block_dims=64x1x1(launch) 128x1x1(launch) 32x1x1(launch)
__global__ void strided(float *out, int stride) {
  __shared__ float s[2048];
  int lane = threadIdx.x & 31;
  // shape 0 (64 threads, stride 3): gcd(3, 32) = 1, 2 warps.
  // CHECK: access s load L[[@LINE+13]]:22 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  // shape 1 (128 threads, stride 8 in both launches): 8, 4 warps.
  // CHECK: access s load L[[@LINE+11]]:22 width=4 shape=1 wavefronts=8 mean=8 ideal=1 ways=8
  // shape 2 (32 threads, launched with stride 1 and with stride 2): the two
  // launches take 1 and 2 wavefronts, so the worst is 2 (gcd(2, 32)); no
  // launch of this kernel uses a stride that gives more.
  // CHECK: access s load L[[@LINE+7]]:22 width=4 shape=2 wavefronts=2 mean={{[0-9.]+}} ideal=1 ways=2
  // TEXT: launch-arguments.cu:[[@LINE+6]]:22: warning: 8-way bank conflict: read of 's' takes 8 wavefronts per warp instead of 1 (block 128x1, sm_90)
  // TEXT: launch-arguments.cu:[[@LINE+13]]:3: note: analysed with block 128x1 and stride = 8 from this launch
  // TEXT: launch-arguments.cu:[[@LINE+4]]:22: warning: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (block 32x1, sm_90)
  // TEXT: note: the conflict degree depends on 'stride': gcd(stride, 32)-way
  // TEXT-NOT: evaluated with stride = 1024
  // TEXT: launch-arguments.cu:[[@LINE+11]]:3: note: analysed with block 32x1 from this launch
  out[threadIdx.x] = s[lane * stride];
}
// CHECK: totals strided shape=0 load=2/2 store=0/0 atomic=0/0
// CHECK: totals strided shape=1 load=32/4 store=0/0 atomic=0/0
// CHECK: totals strided shape=2 load={{[0-9]+}}/{{[0-9]+}} store=0/0 atomic=0/0

int main() {
  strided<<<1, 64>>>(nullptr, 3);
  strided<<<1, 128>>>(nullptr, 8);
  strided<<<1, 128>>>(nullptr, 8);
  strided<<<1, 32>>>(nullptr, 1);
  strided<<<1, 32>>>(nullptr, 2);
}
