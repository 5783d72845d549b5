// Another kernel named columnWrite, as a second program of the same folder
// would define it: a launch of that name cannot tell the two apart.
extern "C" __global__ void columnWrite(float *out, int width) {
  __shared__ float row[32];
  row[threadIdx.x] = width;
  __syncthreads();
  out[threadIdx.x] = row[31 - threadIdx.x];
}
