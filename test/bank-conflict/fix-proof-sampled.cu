// A fix is proven by evaluating the kernel again with the new layout. An XOR
// swizzle does not move an address by a fixed step, so a long loop through
// the swizzled array is not computed in closed form there: the proof skips
// the iterations the kernel's own evaluation skipped all the same, the
// iterations run standing for the others, and says that the numbers are an
// estimate and which loop's iterations were estimated. It costs what the
// kernel's evaluation did (it used to sample the nest up to the enumeration
// bound).
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s

// The read without the fix, exact (the loop nest is in closed form): 96 x
// 256 iterations x 8 warps = 196608 warp reads of 8 wavefronts = 1572864,
// plus the store s[tx], 8 warps of 1 wavefront: 1572872.
// smem-lint: block_dim(256)
__global__ void sweep(float *out) {
  __shared__ float s[4096];
  int tx = threadIdx.x;
  s[tx] = tx;
  __syncthreads();
  float acc = 0;
  for (int i = 0; i < 96; ++i)
    for (int j = 0; j < 256; ++j)
      acc += s[(tx * 8 + i * 8 + j) & 4095];
  // CHECK: fix-proof-sampled.cu:[[#@LINE-1]]:14: warning: 8-way bank conflict: read of 's'
  // CHECK: in each of the block's 196608 warp instructions
  // Swizzled, every (i, j, warp) counted one by one (a Python loop over the
  // 96 x 256 x 8 warp reads, the bank of word k being (k ^ ((k >> 5) & 31))
  // % 32) gives 319488 wavefronts, plus 8 for the store: 319496, which the
  // estimate hits here.
  // CHECK: note: or swizzle 's' with an XOR at its 2 accesses (s[k ^ ((k >> 5) & 31)]): fewer wavefronts (1572872 -> 319496 wavefronts per block in all; this read: 8 -> 2 wavefronts), no extra shared memory; an estimate: with the fix, the loop at line [[#@LINE-8]]: iterations 2-254 were estimated from the others, as the address at line [[#@LINE-7]] moves through 's' in the layout a fix tries
  out[tx] = acc;
}

// CHECK: smem-lint: 1 warning and 0 errors in 1 file
