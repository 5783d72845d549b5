// Does racecheck see hazards through LDSM / STSM? Warp 0 writes an 8x8
// matrix, warp 1 reads it, no barrier between (docs/measurements/h200-ldmatrix.md).
// Mode 0: st.shared -> ld.shared; 1: stmatrix -> ldmatrix; 2: st.shared ->
// ldmatrix; 3: stmatrix -> ld.shared. Lanes 0 and 8 also write the same row
// (write-write hazards with st.shared; they show only that it is recorded).
#include <cstdio>
typedef unsigned short half_t;
template <int Mode>
__global__ void handOff(unsigned *Out) {
  __shared__ __align__(16) half_t Tile[8][8];
  unsigned Row = static_cast<unsigned>(__cvta_generic_to_shared(&Tile[threadIdx.x % 8][0]));
  if (threadIdx.x < 32) {
    unsigned V = threadIdx.x;
    if (Mode == 0 || Mode == 2)  // plain stores: lane l writes row l%8 (16 bytes) as 4 words
      asm volatile("st.shared.v4.u32 [%0], {%1, %1, %1, %1};" : : "r"(Row), "r"(V) : "memory");
    else
      asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" : : "r"(Row), "r"(V) : "memory");
  }
  if (threadIdx.x >= 32) {
    unsigned R, R1, R2, R3;
    if (Mode == 0 || Mode == 3)
      asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(R), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(Row));
    else
      asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(R) : "r"(Row));
    Out[threadIdx.x] = R;
  }
}
int main(int argc, char **argv) {
  unsigned *o; cudaMalloc(&o, 4096);
  int m = atoi(argv[1]);
  if (m == 0) handOff<0><<<1, 64>>>(o);   // STS -> LDS
  if (m == 1) handOff<1><<<1, 64>>>(o);   // STSM -> LDSM
  if (m == 2) handOff<2><<<1, 64>>>(o);   // STS -> LDSM
  if (m == 3) handOff<3><<<1, 64>>>(o);   // STSM -> LDS
  cudaDeviceSynchronize();
  printf("mode %d: %s\n", m, cudaGetErrorString(cudaGetLastError()));
}
