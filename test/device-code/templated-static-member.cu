// Case m06: __shared__ inside a templated struct's static member function, a
// member function of an object holding the array, and a lambda capturing it.
// Each is found through the compiled code, where the calls are inlined.
// - Reducer<256>::run reads s[(2*tx) % 256]: a warp's lanes read words 0, 2,
//   ..., 62, banks 0, 2, ..., 30 twice each: 2 wavefronts, 2-way.
// - Tile::at and the lambda read tile[tx][ty] with block 32x8: lane l reads
//   word 32l + ty, every lane in bank ty: 32-way, as the direct read does.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
template <int N> struct Reducer {
  static __device__ float run(float v) {
    __shared__ float s[N];
    s[threadIdx.x] = v;
    __syncthreads();
    // CHECK: templated-static-member.cu:[[@LINE+1]]:12: warning: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (in 'k_static', block 256x1, sm_90) [smem-bank-conflict]
    return s[(threadIdx.x * 2) % N];
  }
};

struct Tile {
  float (*t)[32];
  __device__ float &at(int r, int c) { return t[r][c]; }
};

__global__ void k_static(float *out) { out[threadIdx.x] = Reducer<256>::run(1.0f); }

__global__ void k_method(float *out) {
  __shared__ float tile[32][32];
  Tile T{tile};
  for (int j = 0; j < 32; j += 8) T.at(threadIdx.y + j, threadIdx.x) = threadIdx.x;
  __syncthreads();
  // CHECK: templated-static-member.cu:[[@LINE+1]]:41: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90) [smem-bank-conflict]
  out[threadIdx.y * 32 + threadIdx.x] = T.at(threadIdx.x, threadIdx.y);
}

__global__ void k_lambda(float *out) {
  __shared__ float tile[32][32];
  auto at = [&](int r, int c) -> float & { return tile[r][c]; };
  for (int j = 0; j < 32; j += 8) at(threadIdx.y + j, threadIdx.x) = threadIdx.x;
  __syncthreads();
  // CHECK: templated-static-member.cu:[[@LINE+1]]:41: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90) [smem-bank-conflict]
  out[threadIdx.y * 32 + threadIdx.x] = at(threadIdx.x, threadIdx.y);
}

// the same three, written directly: the reference answer
__global__ void k_direct(float *out) {
  __shared__ float tile[32][32];
  for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = threadIdx.x;
  __syncthreads();
  // CHECK: templated-static-member.cu:[[@LINE+1]]:41: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90) [smem-bank-conflict]
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

int main() {
  float *o;
  k_static<<<1, 256>>>(o);
  k_method<<<1, dim3(32, 8)>>>(o);
  k_lambda<<<1, dim3(32, 8)>>>(o);
  k_direct<<<1, dim3(32, 8)>>>(o);
}
// CHECK: smem-lint: 4 warnings and 0 errors in 1 file
