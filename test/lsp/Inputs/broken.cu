// The first kernel does not parse; the second still does, and has a
// 32-way bank conflict.
__global__ void broken(float *out) {
  out[threadIdx.x] = 1.0f +;
}

// smem-lint: block_dim(32)
__global__ void fine(float *out) {
  __shared__ float s[32 * 32];
  out[threadIdx.x] = s[threadIdx.x * 32];
}
