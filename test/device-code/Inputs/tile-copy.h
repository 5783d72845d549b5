// A tile library header: the kernel's shared accesses happen in here.
#pragma once
template <int Rows, int Cols>
__device__ inline void copyColumn(float (&Tile)[Rows][Cols], const float *In,
                                  int Column) {
  Tile[threadIdx.x][Column] = In[threadIdx.x];
}

/// Thread t writes its input to word t * Stride of Tile.
__device__ inline void storeStrided(float *Tile, const float *In, int Stride) {
  Tile[threadIdx.x * Stride] = In[threadIdx.x];
}

/// One element from Src to Dst, as a copy algorithm's loop body does (CuTe's
/// `dst(i) = src(i)`): the kernel calls it for global to shared and for
/// shared to global, so one statement here holds both accesses of a tile.
__device__ inline void copyElement(float *Dst, const float *Src, int DstIndex,
                                   int SrcIndex) {
  Dst[DstIndex] = Src[SrcIndex];
}

/// Writes the thread's value, then reads another thread's, with no barrier
/// between: a race inside one call.
__device__ inline float exchangeUnordered(float *Tile, float Value, int From) {
  Tile[threadIdx.x] = Value;
  return Tile[From];
}
