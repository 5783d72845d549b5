// Kernels whose buffers --verify fills (fill.test): a histogram of small
// integers, a float4 pointee (filled as floats), a struct pointee (left zero),
// and a gather through an index buffer given as a file.
struct Cell {
  int Count;
  float Weight;
};

__global__ void histogram(int *bins, const float4 *values, const Cell *cells) {
  __shared__ int counts[16];
  if (threadIdx.x < 16)
    counts[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&counts[int(values[threadIdx.x].x) & 15], cells[threadIdx.x].Count + 1);
  __syncthreads();
  if (threadIdx.x < 16)
    bins[threadIdx.x] = counts[threadIdx.x];
}

__global__ void gather(float *out, const int *idx) {
  __shared__ float tile[256];
  tile[threadIdx.x] = float(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[idx[threadIdx.x] & 255];
}

int main() {
  histogram<<<1, 256>>>(nullptr, nullptr, nullptr);
  gather<<<1, 256>>>(nullptr, nullptr);
}
