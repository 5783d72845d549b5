// Integer arithmetic written in inline PTX (CUB's BFE and BFI, radix digits
// through bmsk, hand-written index arithmetic) is computed like the IR's
// own: an index made by one such instruction from the thread index is
// exact, and one made from data says which data, not "inline PTX".
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
// RUN: not %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not="warning:"

// bfe.u32 r, tid, 0, 3 is tid % 8; mad.lo r, r, 32, 0 makes the word index
// 32 (tid % 8): 8 different words in bank 0 for lanes 0-7, each word read by
// the 4 lanes with the same tid % 8: 8 wavefronts, 8-way.
// CHECK: inline-ptx-arithmetic.cu:[[@LINE+8]]:22: warning: 8-way bank conflict: read of 'tile' takes 8 wavefronts per warp instead of 1 (block 32x1, sm_90)
__global__ void extracted(float *out) {
  __shared__ float tile[32 * 8];
  unsigned field, index;
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  asm("bfe.u32 %0, %1, 0, 3;" : "=r"(field) : "r"(threadIdx.x));
  asm("mad.lo.u32 %0, %1, 32, %2;" : "=r"(index) : "r"(field), "r"(0));
  out[threadIdx.x] = tile[index];
}

// shf.l.wrap (the upper word of the funnel hi:lo shifted left) with tid as
// hi and a shift of 0, and prmt's identity selector leave tid; lop3 with table 0xf0 is its first operand: tile[tid], no conflict.
__global__ void identity(float *out) {
  __shared__ float tile[32];
  unsigned shifted, permuted, chosen;
  asm("shf.l.wrap.b32 %0, %1, %2, 0;" : "=r"(shifted) : "r"(7), "r"(threadIdx.x));
  asm("prmt.b32 %0, %1, %2, 0x3210;" : "=r"(permuted) : "r"(shifted), "r"(0));
  asm("lop3.b32 %0, %1, %2, %3, 0xf0;" : "=r"(chosen) : "r"(permuted), "r"(5), "r"(9));
  tile[chosen] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[31 - threadIdx.x];
}

// A digit of a key read from global memory: the note names the key's
// source, not the PTX that extracted the digit.
// CHECK: inline-ptx-arithmetic.cu:[[@LINE+7]]:3: note: access not analysed: the address of this atomic update of 'counts' depends on data read from memory 'keys', so its wavefronts and the races through it are not known (block 64x1, sm_90) [smem-lint-incomplete]
__global__ void digits(const unsigned *keys, unsigned *out) {
  __shared__ unsigned counts[16];
  if (threadIdx.x < 16) counts[threadIdx.x] = 0;
  __syncthreads();
  unsigned digit;
  asm("bfe.u32 %0, %1, 4, 4;" : "=r"(digit) : "r"(keys[threadIdx.x]));
  atomicAdd(&counts[digit], 1u);
  __syncthreads();
  if (threadIdx.x < 16) out[threadIdx.x] = counts[threadIdx.x];
}

// CHECK: smem-lint: 1 warning and 0 errors, 1 note (1 access not analysed) in 1 file

void run(const unsigned *keys, unsigned *out, float *f) {
  extracted<<<1, 32>>>(f);
  identity<<<1, 32>>>(f);
  digits<<<1, 64>>>(keys, out);
}
