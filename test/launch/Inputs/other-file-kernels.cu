// Kernels defined here and launched only from other files
// (launch-in-other-file.cu, other-file-launches*.cu).
extern "C" __global__ void columnWrite(float *out, int width) {
  __shared__ float tile[32][33];
  __shared__ float rows[8][32];
  // Lanes threadIdx.x = 0..31 of one warp write one column of 'rows'
  // transposed: word (threadIdx.x % 8) * 32 + threadIdx.y, 8 rows 32 words
  // apart.
  rows[threadIdx.x % 8][threadIdx.y] = width;
  tile[threadIdx.y][threadIdx.x] = width;
  __syncthreads();
  if (threadIdx.x < width)
    out[threadIdx.y * 32 + threadIdx.x] =
        tile[threadIdx.x][threadIdx.y] + rows[threadIdx.y % 8][threadIdx.x];
}

// Sized for the 64 threads it is launched with.
template <int Stride> __global__ void strided(float *out) {
  __shared__ float data[64 * Stride];
  data[threadIdx.x * Stride] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = data[(threadIdx.x * Stride + Stride) % (64 * Stride)];
}
template __global__ void strided<8>(float *);

__global__ void staged(float *out) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = buffer[blockDim.x - 1 - threadIdx.x];
}
