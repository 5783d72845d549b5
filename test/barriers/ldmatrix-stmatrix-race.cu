// Warp 0 writes an 8x8 matrix with stmatrix and warp 1 reads it with
// ldmatrix. Each lane's 16-byte row is its access (lane l of the writing warp
// gives row l's address), so the hand-off between the warps needs a block
// barrier: without one, thread 32 reads the row thread 0 wrote.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s
// RUN: %smem-lint --extra-arg=-DFIXED %s 2>&1 | FileCheck --check-prefix=FIXED %s
typedef unsigned short half_t;

__global__ void handOff(unsigned *Out) {
  __shared__ __align__(16) half_t Tile[8][8];
  unsigned Row = static_cast<unsigned>(
      __cvta_generic_to_shared(&Tile[threadIdx.x % 8][0]));
  if (threadIdx.x < 32) {
    unsigned V = threadIdx.x;
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};"
                 :
                 : "r"(Row), "r"(V)
                 : "memory");
  }
#ifdef FIXED
  __syncthreads();
#endif
  if (threadIdx.x >= 32) {
    unsigned R;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
                 : "=r"(R)
                 : "r"(Row));
    // CHECK: ldmatrix-stmatrix-race.cu:[[@LINE-1]]:24: warning: missing barrier: thread 32 reads Tile[0][0], written by thread 0 at line 18 with no __syncthreads() in between
    // CHECK: ldmatrix-stmatrix-race.cu:18:24: note: thread 0 writes Tile[0][0] here
    Out[threadIdx.x] = R;
  }
}

int main() { handOff<<<1, 64>>>(nullptr); }
// FIXED: smem-lint: 0 warnings and 0 errors in 1 file
