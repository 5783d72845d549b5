// Kernels whose run takes another path than the analysis assumed, or never
// ends (compare-paths.test). The analysis cannot know the data: it runs
// every side of a branch on it. The harness fills buffers with small
// integers (--verify-fill=random: 0 to 15).

// Only tiles whose mask is above 100 are processed: with the harness's data
// the block skips the 32-way conflicting read at line 14; line 18 runs.
__global__ void activeTiles(float *out, const int *mask) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = float(threadIdx.x);
  __syncthreads();
  float v = 0;
  if (mask[blockIdx.x] > 100)
    v = tile[threadIdx.x][threadIdx.y];
  out[threadIdx.y * 32 + threadIdx.x] = v;
  __syncthreads();
  if (threadIdx.y == 0)
    out[1024 + threadIdx.x] = tile[0][threadIdx.x];
}

// Waits for a flag the harness never sets: measure.sh stops each step after
// --step-timeout seconds.
__global__ void waitForFlag(float *out, const volatile int *flag) {
  __shared__ float staged[256];
  staged[threadIdx.x] = float(threadIdx.x);
  __syncthreads();
  while (*flag != 0x7fffffff) {
  }
  out[threadIdx.x] = staged[255 - threadIdx.x];
}

int main() {
  activeTiles<<<1, dim3(32, 32)>>>(nullptr, nullptr);
  waitForFlag<<<1, 256>>>(nullptr, nullptr);
}
