// The seed's lane*32 stride on dynamic shared memory.
__global__ void stride32(float *output, int N) {
  extern __shared__ volatile float tile[];
  int tid = threadIdx.x;
  int lane = tid & 31;
  int warp = tid >> 5;
  int sharedIndex = warp * 1024 + lane * 32;
  tile[sharedIndex] = static_cast<float>(lane + 1);
  __syncthreads();
  float sum = 0.0f;
  for (int repeat = 0; repeat < 4; ++repeat)
    sum += tile[sharedIndex];
  if (blockIdx.x * blockDim.x + tid < N)
    output[blockIdx.x * blockDim.x + tid] = sum;
}
void launch(float *o) { stride32<<<4, 256, 256 * 32 * 4>>>(o, 1024); }
