// One function the kernel calls for two arrays of the same type (one
// template instantiation, so one source expression for both, as CuTe's copy
// is for A's and B's tiles): each array gets its own access and finding,
// with its own lanes and words. Both reads were once merged into one access
// of 'A' with 2 warp instructions, and B's conflict was lost.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s
// RUN: not %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s
template <int Rows, int Cols>
__device__ inline float readColumn(float (&Tile)[Rows][Cols], int Column) {
  return Tile[threadIdx.x][Column];
  // CHECK: one-site-two-arrays.cu:[[@LINE-1]]:10: warning: 32-way bank conflict: read of 'A' takes 32 wavefronts per warp instead of 1
  // CHECK: note: lanes 0-31 of warp 0 need 32 different words from bank 0: A[0][0], A[1][0], A[2][0], ..., A[31][0]
  // CHECK: one-site-two-arrays.cu:[[@LINE-3]]:10: warning: 32-way bank conflict: read of 'B' takes 32 wavefronts per warp instead of 1
  // CHECK: note: lanes 0-31 of warp 0 need 32 different words from bank 0: B[0][0], B[1][0], B[2][0], ..., B[31][0]
  // JSON-LABEL: "kernels": [
  // JSON: "array": "A",
  // JSON: "line": [[@LINE-7]],
  // JSON: "warp_instructions": 1,
  // JSON: "array": "B",
  // JSON: "line": [[@LINE-10]],
  // JSON: "warp_instructions": 1,
}

__global__ void twoTiles(float *Out) {
  __shared__ float A[32][32];
  __shared__ float B[32][32];
  A[threadIdx.x][threadIdx.x] = 1;
  B[threadIdx.x][threadIdx.x] = 2;
  __syncthreads();
  Out[threadIdx.x] = readColumn(A, 0) + readColumn(B, 0);
}

int main() { twoTiles<<<1, 32>>>(nullptr); }
