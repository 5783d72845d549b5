// A tile library header: the kernel's shared accesses happen in here.
#pragma once
template <int Rows, int Cols>
__device__ inline void copyColumn(float (&Tile)[Rows][Cols], const float *In,
                                  int Column) {
  Tile[threadIdx.x][Column] = In[threadIdx.x];
}
