// No findings: each thread reads the word it wrote.
__global__ void copy(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.0f;
  out[threadIdx.x] = s[threadIdx.x];
}
