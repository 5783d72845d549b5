// Lane l reads tile[l][w]: a column, 32 words in one bank.
__device__ inline float readColumn(float (*tile)[32]) {
  return tile[threadIdx.x][threadIdx.y];
}
#ifdef BROKEN
int broken = ;
#endif
