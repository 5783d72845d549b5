// A kernel with C linkage that only extern-c-main.cu launches
// (run-program-extern-c.test). Each iteration refills 'tile' from the next
// 32x32 block of 'in' and sums a column per lane; no barrier stands between
// one iteration's reads and the next one's refill (the missing second
// barrier), and the column read tile[threadIdx.x][r] puts a warp's 32 lanes
// 32 words apart, all in one bank.
extern "C" __global__ void tileSums(const float *in, float *out, int tiles) {
  __shared__ float tile[32][32];
  float sum = 0;
  for (int t = 0; t < tiles; ++t) {
    for (int r = threadIdx.y; r < 32; r += blockDim.y)
      tile[r][threadIdx.x] = in[(t * 32 + r) * 32 + threadIdx.x];
    __syncthreads();
    for (int r = threadIdx.y; r < 32; r += blockDim.y)
      sum += tile[threadIdx.x][r];
  }
  out[(blockIdx.x * blockDim.y + threadIdx.y) * 32 + threadIdx.x] = sum;
}
