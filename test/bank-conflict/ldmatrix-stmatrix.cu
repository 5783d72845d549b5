// ldmatrix and stmatrix in inline PTX, as hand-written tensor-core kernels
// and CUTLASS/CuTe emit them. Lane l gives the row address of row l % 8 of
// matrix l / 8 (.x1: lanes 0-7, .x2: 0-15, .x4: all 32). The hardware serves
// each 8x8 matrix on its own: it costs as many wavefronts as the most rows
// that fall in one 16-byte bank group (address / 16 mod 8), and matrices
// never merge (docs/measurements/h200-ldmatrix.md, 96 measured launches).
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="bank conflict" --implicit-check-not="not analysed"
typedef unsigned short half_t;

// 64 halves = 128 bytes per row: 8 rows in one bank group, 8 wavefronts
// for one matrix (the measured "stride128" row: 8 for .x1).
__global__ void columnOfRows(const half_t *In, unsigned *Out) {
  __shared__ __align__(16) half_t Tile[64][64];
  for (int I = threadIdx.x; I < 64 * 64; I += 32)
    Tile[I / 64][I % 64] = In[I];
  __syncwarp();
  unsigned Row = static_cast<unsigned>(
      __cvta_generic_to_shared(&Tile[threadIdx.x % 8][0]));
  unsigned R0;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(R0)
               : "r"(Row));
  // CHECK: ldmatrix-stmatrix.cu:[[@LINE-1]]:22: warning: 8-way bank conflict: ldmatrix.x1 of 'Tile' takes 8 wavefronts per warp instead of 1
  // CHECK: note: lanes 0-7 of warp 0 need 8 different words from bank 0: Tile[0][0], Tile[1][0], Tile[2][0], ..., Tile[7][0] (ldmatrix serves each 8x8 matrix on its own, from the row addresses of 8 lanes)
  // CHECK: note: pad the rows of 'Tile' to 72 elements: conflict-free (this read: 8 -> 1 wavefronts)
  Out[threadIdx.x] = R0;
}

// The same rows padded by 16 bytes (72 halves, the measured "stride144"
// row): one wavefront per matrix.
__global__ void paddedRows(const half_t *In, unsigned *Out) {
  __shared__ __align__(16) half_t Tile[64][72];
  for (int I = threadIdx.x; I < 64 * 64; I += 32)
    Tile[I / 64][I % 64] = In[I];
  __syncwarp();
  unsigned Row = static_cast<unsigned>(
      __cvta_generic_to_shared(&Tile[threadIdx.x % 8][0]));
  unsigned R0;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(R0)
               : "r"(Row));
  Out[threadIdx.x] = R0;
}

// The 16-byte chunk swizzled by the row (chunk ^ row % 8, as CuTe's
// Swizzle<3,3,3> does; the measured "stride128_xor" row): an A fragment of
// 16 rows by 16 columns, .x4 with CUTLASS's qualifier order.
__global__ void swizzledFragment(const half_t *In, unsigned *Out) {
  __shared__ __align__(16) half_t Tile[16][64];
  for (int I = threadIdx.x; I < 16 * 64; I += 32)
    Tile[I / 64][I % 64] = In[I];
  __syncwarp();
  int Lane = threadIdx.x % 32;
  int R = Lane % 16, Chunk = (Lane / 16) ^ (R % 8);
  unsigned Row =
      static_cast<unsigned>(__cvta_generic_to_shared(&Tile[R][Chunk * 8]));
  unsigned R0, R1, R2, R3;
  asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3)
               : "r"(Row));
  Out[threadIdx.x] = R0 ^ R1 ^ R2 ^ R3;
}

// The same fragment without the swizzle: 16 rows of 128 bytes, each matrix
// 8 rows in one bank group, 4 x 8 = 32 wavefronts for 4 matrices.
__global__ void plainFragment(const half_t *In, unsigned *Out) {
  __shared__ __align__(16) half_t Tile[16][64];
  for (int I = threadIdx.x; I < 16 * 64; I += 32)
    Tile[I / 64][I % 64] = In[I];
  __syncwarp();
  int Lane = threadIdx.x % 32;
  unsigned Row = static_cast<unsigned>(
      __cvta_generic_to_shared(&Tile[Lane % 16][(Lane / 16) * 8]));
  unsigned R0, R1, R2, R3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3)
               : "r"(Row));
  // CHECK: ldmatrix-stmatrix.cu:[[@LINE-1]]:22: warning: 8-way bank conflict: ldmatrix.x4 of 'Tile' takes 32 wavefronts per warp instead of 4
  // CHECK: note: pad the rows of 'Tile' to 72 elements: conflict-free (this read: 32 -> 4 wavefronts)
  Out[threadIdx.x] = R0 ^ R1 ^ R2 ^ R3;
}

// stmatrix .x2 to rows 64 bytes apart (the measured "stride64" row: 4 per
// matrix, 8 for .x2).
__global__ void storeRows(unsigned *Out) {
  __shared__ __align__(16) half_t Tile[16][32];
  unsigned Row = static_cast<unsigned>(
      __cvta_generic_to_shared(&Tile[threadIdx.x % 16][0]));
  unsigned V = threadIdx.x;
  asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};"
               :
               : "r"(Row), "r"(V), "r"(V + 1)
               : "memory");
  // CHECK: ldmatrix-stmatrix.cu:[[@LINE-2]]:22: warning: 4-way bank conflict: stmatrix.x2 of 'Tile' takes 8 wavefronts per warp instead of 2
  // CHECK: note: lanes 0, 2, ..., 6 of warp 0 need 4 different words from bank 0: Tile[0][0], Tile[2][0], Tile[4][0], Tile[6][0] (stmatrix serves each 8x8 matrix on its own
  // CHECK: note: pad the rows of 'Tile' to 40 elements: conflict-free (this write: 8 -> 2 wavefronts)
  __syncwarp();
  Out[threadIdx.x] = Tile[0][threadIdx.x];
}

int main() {
  columnOfRows<<<1, 32>>>(nullptr, nullptr);
  paddedRows<<<1, 32>>>(nullptr, nullptr);
  swizzledFragment<<<1, 32>>>(nullptr, nullptr);
  plainFragment<<<1, 32>>>(nullptr, nullptr);
  storeRows<<<1, 32>>>(nullptr);
}
