// A 16x16 block over a 16x16 tile: no padding is conflict-free for both the
// row store and the column read; the XOR swizzle is.
__global__ void transpose16(float *out, const float *in) {
  __shared__ float t[16][16];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
void launch(float *o, const float *i) { transpose16<<<1, dim3(16, 16)>>>(o, i); }
