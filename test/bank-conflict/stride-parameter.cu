// s[lane * stride] with stride a kernel parameter and no launch: the degree
// depends on 'stride' as gcd(stride, 32)-way (h200-shared-memory.md row
// "s[lane * K]": gcd(K, 32)): 1- to 32-way, a note, since the finding rests
// on the assumed stride and block. The stride evaluated is 32, not the
// default 1024: the largest that keeps lane 31 inside the 1024 elements of
// 's' (their square root; 31 * 32 = 992), and the strides tried stop there.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel strided L[[@LINE+1]] block_dims=256x1x1(default)
__global__ void strided(float *out, int stride) {
  __shared__ float s[32 * 32];
  int lane = threadIdx.x & 31;
  // CHECK: access s load L[[@LINE+4]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=assumed depends_on=stride reason=the conflict degree depends on 'stride', evaluated with stride = 32
  // TEXT: stride-parameter.cu:[[@LINE+3]]:22: note: 1- to 32-way bank conflict depending on 'stride': read of 's' takes 32 wavefronts per warp instead of 1 with stride = 32 (block 256x1, sm_90)
  // TEXT: stride-parameter.cu:[[@LINE+2]]:22: note: the conflict degree depends on 'stride': gcd(stride, 32)-way
  // TEXT: note: analysed with the assumed block 256x1
  out[threadIdx.x] = s[lane * stride];
}
// 8 warps x 32.
// CHECK: totals strided shape=0 load=256/8 store=0/0 atomic=0/0

// A stride that only changes which bank is hot, not the degree: the address
// depends on 'offset' but every value gives the same 2-way (K = 2), so no
// dependence is reported.
// CHECK: kernel offsetOnly L[[@LINE+1]] block_dims=256x1x1(default)
__global__ void offsetOnly(float *out, int offset) {
  __shared__ float s[4096];
  int lane = threadIdx.x & 31;
  // CHECK: access s load L[[@LINE+3]]:22 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2 status=exact{{$}}
  // TEXT: stride-parameter.cu:[[@LINE+2]]:22: note: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (block 256x1, sm_90)
  // TEXT-NOT: depends on 'offset'
  out[threadIdx.x] = s[offset + lane * 2];
}
// CHECK: totals offsetOnly shape=0 load=16/8 store=0/0 atomic=0/0
