// From ../shared/cases/r5_blockdim.cu: a launch through a function pointer,
// as the cuda-samples and HeCBench transposes write it, gives the block shape
// 16x16. tile[16][17] is then in bounds: the row write tile[ty][tx] puts lane
// l (ty = l / 16, tx = l % 16) on word 17 ty + tx, and lanes 0 and 31 share
// bank 0 (words 0 and 32): 2-way; the column read tile[tx][ty], word
// 17 tx + ty, has lanes 0 and 31 on words 0 and 256: 2-way. (With the
// assumed 32x8 it reported out-of-bounds notes and a conflicting-writes
// warning.)
//
// RUN: not %smem-lint %s 2>&1 | FileCheck --implicit-check-not='out of bounds' --implicit-check-not='conflicting writes' %s

__global__ void tr(float *o, const float *in) {
  __shared__ float tile[16][17];
  // CHECK: function-pointer-shape.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: write of 'tile' takes 2 wavefronts per warp instead of 1 (block 16x16, sm_90)
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  // CHECK: function-pointer-shape.cu:[[@LINE+1]]:39: warning: 2-way bank conflict: read of 'tile' takes 2 wavefronts per warp instead of 1 (block 16x16, sm_90)
  o[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
int main() {
  float *p; cudaMalloc(&p, 1024);
  void (*kernel)(float *, const float *) = &tr;   // as cuda-samples/HeCBench transpose do
  // CHECK: function-pointer-shape.cu:[[@LINE+1]]:3: note: analysed with block 16x16 from this launch
  kernel<<<1, dim3(16, 16)>>>(p, p); cudaDeviceSynchronize();
}
