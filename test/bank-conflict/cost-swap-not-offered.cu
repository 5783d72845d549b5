// An XOR swizzle that only moves the conflict from one access to another is
// not offered (case h_r11_swizzle_not_fewer). The store's lanes are 32 words
// apart; the read's 33 words apart. Swizzling 's' would make the store
// conflict-free and the read 32-way: the same total, so no note says
// "fewer wavefronts" and no swizzle is proposed.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=swizzle --implicit-check-not="fewer wavefronts"
__global__ void k(float *o) {
  __shared__ float s[1024];
  // nvcc merges 4 iterations into one 16-byte store: lane l writes words
  // 32l..32l+3, 8 lanes per phase all start in bank 0: 8-way, 32 wavefronts
  // for the 4 iterations instead of 4.
  // CHECK: cost-swap-not-offered.cu:[[@LINE+2]]:31: warning: 8-way bank conflict: write of 's' takes 32 wavefronts per warp instead of 4, as the 16-byte store nvcc makes of 4 iterations
  // CHECK: cost-swap-not-offered.cu:[[@LINE+1]]:31: warning: conflicting writes: thread 0 (warp 0) and thread 32 (warp 1) both write s[0] in this statement, with different values
  for (int i = 0; i < 8; ++i) s[(threadIdx.x * 32 + i) % 1024] = threadIdx.x;
  __syncthreads();
  float acc = 0;
  // Lane l reads word 33l + i: bank (l + i) % 32, conflict-free.
  for (int i = 0; i < 8; ++i) acc += s[(threadIdx.x * 33 + i) % 1024];
  o[threadIdx.x] = acc;
}
int main() { float *o; k<<<1, 256>>>(o); }
// CHECK: smem-lint: 2 warnings and 0 errors in 1 file
