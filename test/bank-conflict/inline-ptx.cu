// Shared loads and stores written in inline PTX (`ld.shared`, `st.shared`,
// vector forms, an offset in the brackets), as CUTLASS's shared_load and
// hand-tuned kernels write them: each is evaluated as the access it makes,
// at its address operand (where nvcc's line table puts the instruction).
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="not analysed" --implicit-check-not=warning:

// Case m03's k_ldshared: lane l reads word 32 l % 1024, all in bank 0.
__global__ void columnRead(float *Out) {
  __shared__ float S[1024];
  S[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float V;
  unsigned A = static_cast<unsigned>(
      __cvta_generic_to_shared(&S[(threadIdx.x * 32) % 1024]));
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(V) : "r"(A));
  // CHECK: inline-ptx.cu:[[@LINE-1]]:58: warning: 32-way bank conflict: read of 'S' takes 32 wavefronts per warp instead of 1 (block 256x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0-31 of warp 0 need 32 different words from bank 0: S[0], S[32], S[64], ..., S[992]; consecutive lanes are 32 words apart
  Out[threadIdx.x] = V;
}

// 16-byte rows 144 bytes apart: each quarter-warp's 8 rows fall into 8
// different 16-byte bank groups, so the vector store and the vector load 16
// bytes further on are conflict-free (no finding).
__global__ void paddedVectorRows(float *Out) {
  __shared__ __align__(16) float S[32][36];
  unsigned A =
      static_cast<unsigned>(__cvta_generic_to_shared(&S[threadIdx.x][0]));
  asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" ::"r"(A), "f"(1.f),
               "f"(2.f), "f"(3.f), "f"(4.f)
               : "memory");
  __syncthreads();
  float X, Y, Z, W;
  asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4+16];"
               : "=f"(X), "=f"(Y), "=f"(Z), "=f"(W)
               : "r"(A));
  Out[threadIdx.x] = X + Y + Z + W;
}

// The stored value is followed: lanes 0 and 8 store different values to
// S[0] in one instruction.
__global__ void sharedWord(float *Out) {
  __shared__ float S[256];
  unsigned A =
      static_cast<unsigned>(__cvta_generic_to_shared(&S[threadIdx.x % 8]));
  unsigned V = threadIdx.x;
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(A), "r"(V) : "memory");
  // CHECK: inline-ptx.cu:[[@LINE-1]]:48: warning: conflicting writes: thread 0 (warp 0) and thread 8 (warp 0) both write S[0] in this statement, with different values
  __syncthreads();
  Out[threadIdx.x] = S[threadIdx.x];
}

int main() {
  columnRead<<<1, 256>>>(nullptr);
  paddedVectorRows<<<1, 32>>>(nullptr);
  sharedWord<<<1, 32>>>(nullptr);
}
