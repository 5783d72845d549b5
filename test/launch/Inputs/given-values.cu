// Values the configuration gives: grid 2 for scatter, n = 128 for overlap.
__global__ void scatter(float *out) {
  __shared__ float s[2048];
  s[gridDim.x * threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void overlap(float *out, int n) {
  __shared__ float s[2048];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 128)
    s[threadIdx.x + n] = 0.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
