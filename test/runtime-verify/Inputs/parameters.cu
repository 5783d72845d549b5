// Kernels a harness can and cannot launch as they are (prepare.test).
struct Params {
  float scale;
  int n;
};

__global__ void scaled(float *out, const float *in, float factor, int n) {
  __shared__ float s[256];
  s[threadIdx.x] = in[threadIdx.x] * factor;
  __syncthreads();
  if (threadIdx.x < n)
    out[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void withStruct(Params p, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = p.scale;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 256];
}

__global__ void indirect(float **rows) {
  __shared__ float s[256];
  s[threadIdx.x] = rows[0][threadIdx.x];
  __syncthreads();
  rows[1][threadIdx.x] = s[255 - threadIdx.x];
}

extern __shared__ float dynamicTile[];
__global__ void unsized(float *out) {
  dynamicTile[threadIdx.x] = 1.0f;
  out[threadIdx.x] = dynamicTile[threadIdx.x];
}

void launch(float *out, const float *in, int n) {
  scaled<<<4, 256>>>(out, in, 2.0f, n);
}
