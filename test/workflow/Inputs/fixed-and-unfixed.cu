// A bank conflict (fixed by padding) and a barrier only half the block
// reaches (no fix-it).
__global__ void both(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  if (threadIdx.y < 16)
    __syncthreads();
}
void launch(float *out) { both<<<1, dim3(32, 32)>>>(out); }
