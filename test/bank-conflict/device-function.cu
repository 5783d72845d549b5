// Shared accesses inside __device__ functions: the functions are followed
// into, with the caller's arrays and lane values. Block 64 (2 warps).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

__device__ float load4(const float *p, int i) {
  // TEXT: device-function.cu:[[@LINE+1]]:10: warning: 2-way bank conflict: read of 's' takes 4 wavefronts per warp instead of 2, as the 8-byte load nvcc makes of 2 executions of this read side by side (its function called in a row) (in 'viafn', block 64x1, sm_90)
  return p[i * 4];
}

__device__ void store(float *p, int i, float v) {
  // TEXT: device-function.cu:[[@LINE+1]]:3: warning: 32-way bank conflict: write of 's' takes 32 wavefronts per warp instead of 1 (in 'viafn', block 64x1, sm_90)
  p[i] = v;
}

__device__ void addTo(float &dst, float v) {
  // TEXT: device-function.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: read-modify-write of 's' takes 2 wavefronts per warp instead of 1 (in 'viafn', block 64x1, sm_90)
  dst += v;
}

__device__ float column(const float (*t)[32], int c) {
  // TEXT: device-function.cu:[[@LINE+1]]:10: warning: 32-way bank conflict: read of 't' takes 32 wavefronts per warp instead of 1 (in 'viafn', block 64x1, sm_90)
  return t[threadIdx.x & 31][c];
}

// A __shared__ array declared in a __device__ function.
__device__ float ownShared() {
  __shared__ float mine[1024];
  // TEXT: device-function.cu:[[@LINE+1]]:10: warning: 8-way bank conflict: read of 'mine' takes 8 wavefronts per warp instead of 1 (in 'viafn', block 64x1, sm_90)
  return mine[(threadIdx.x & 31) * 8];
}

// Accesses are reported per source location, in the order first executed;
// a location reached from two calls sums both.
// CHECK: kernel viafn L[[@LINE+1]] block_dims=64x1x1(launch)
__global__ void viafn(float *out) {
  __shared__ float s[1024];
  __shared__ float t[32][32];
  int lane = threadIdx.x & 31;
  // store(): call 1 writes word 32*lane (bank 0) -> 32, call 2 word lane -> 1;
  // 2 warps x 2 calls: worst 32, mean (32 + 32 + 1 + 1) / 4 = 16.5.
  // CHECK: access s store L[[@LINE-29]]:3 width=4 shape=0 wavefronts=32 mean=16.5 ideal=1 ways=32
  store(s, lane * 32, 1.0f);
  store(s, lane, 2.0f);
  __syncthreads();
  // load4() twice: words 4*lane and 4*lane + 1, which ptxas makes one
  // LDS.64 (nvcc 13 -arch=sm_90 -O3, SASS read on the H200 on 2026-12-04:
  // `LDS.64 R4, [R3+UR5]`): 8 bytes at a 16-byte lane stride, a half-warp
  // per phase spans 256 bytes, 2 words per bank -> 2 x 2 = 4, ideal 2.
  // CHECK: access s load L[[@LINE-42]]:10 width=4 shape=0 wavefronts=4 mean=4 ideal=2 ways=2
  float r = load4(s, lane);
  r += load4(s + 1, lane);
  // addTo(): a reference to s[2 * lane]: K = 2 -> 2, read and write.
  // CHECK: access s load L[[@LINE-36]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // CHECK: access s store L[[@LINE-37]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  addTo(s[lane * 2], r);
  // column(): t[lane][0], all bank 0 -> 32.
  // CHECK: access t load L[[@LINE-35]]:10 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  r += column(t, 0);
  // ownShared(): word 8 * lane -> 8 (K = 8).
  // CHECK: access mine load L[[@LINE-31]]:10 width=4 shape=0 wavefronts=8 mean=8 ideal=1 ways=8
  r += ownShared();
  out[threadIdx.x] = r;
}
// 2 warps. loads: load4's one LDS.64 4 + addTo 2 + column 32 + mine 8, per
//   warp (4 + 2 + 32 + 8) x 2 = 92 over (1 + 1 + 1 + 1) x 2 = 8;
// stores: store (32 + 1) + addTo 2, per warp: 35 x 2 = 70 over 3 x 2 = 6.
// CHECK: totals viafn shape=0 load=92/8 store=70/6 atomic=0/0

int main() { viafn<<<1, 64>>>(nullptr); }
