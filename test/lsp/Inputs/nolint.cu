// A 32-way conflict, silenced by a NOLINT comment on its line.
__global__ void column(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y]; // NOLINT(smem-bank-conflict)
}
void launch(float *out) { column<<<1, dim3(32, 32)>>>(out); }
