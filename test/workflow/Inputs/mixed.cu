// A 32-way and a 4-way bank conflict, and a missing barrier.
__global__ void mixed(float *out) {
  __shared__ float tile[32][32];
  __shared__ float s[4096];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  s[threadIdx.x * 4 + threadIdx.y * 128] = 2.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  s[threadIdx.y * 32 + threadIdx.x] = out[threadIdx.x];
  out[threadIdx.x + 1] = s[(31 - threadIdx.y) * 32 + threadIdx.x];
}
void launch(float *o) { mixed<<<1, dim3(32, 32)>>>(o); }
