typedef unsigned short half_t;
__global__ void handOff(unsigned *Out) {
  __shared__ __align__(16) half_t Tile[8][8];
  unsigned Row = static_cast<unsigned>(__cvta_generic_to_shared(&Tile[threadIdx.x % 8][0]));
  if (threadIdx.x < 32) {
    unsigned V = threadIdx.x;
    asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" : : "r"(Row), "r"(V) : "memory");
  }
#ifdef FIXED
  __syncthreads();
#endif
  if (threadIdx.x >= 32) {
    unsigned R;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(R) : "r"(Row));
    Out[threadIdx.x] = R;
  }
}
int main() { handOff<<<1, 64>>>(nullptr); }
