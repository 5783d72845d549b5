// A layout library in the style of CuTe: a tile view returns its sliced
// layout and offset as a tuple-like pair that the caller unpacks with a
// structured binding (cute::Tensor::operator() with an underscore does this:
// `auto [sliced_layout, offset] = slice_and_offset(...)`). Clang compiles
// each name of the binding from a call to `get<I>`; those calls are reached
// only through the binding's hidden variables, and were once left out of the
// device code, so the offset was "the result of 'get'" and the read was not
// analysed.
//
// The loop also runs CuTe's cp_async_wait<0>() (`cp.async.wait_all` in inline
// PTX): it moves no data here, so the loop is still computed in closed form
// for all 4096 tiles, not sampled.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="not analysed" --implicit-check-not="evaluated in part"
namespace std {
template <class T> struct tuple_size;
template <unsigned long I, class T> struct tuple_element;
} // namespace std

struct RowSlice {
  int Stride;
  int Offset;
};
template <unsigned long I> __device__ int get(const RowSlice &S) {
  return I == 0 ? S.Stride : S.Offset;
}
template <> struct std::tuple_size<RowSlice> {
  static constexpr unsigned long value = 2;
};
template <unsigned long I> struct std::tuple_element<I, RowSlice> {
  using type = int;
};

__device__ RowSlice sliceRow(int Row) { return {32, Row * 32}; }

__global__ void columnRead(const float *In, float *Out, int Tiles) {
  __shared__ float tile[32 * 32];
  for (int T = 0; T < Tiles; ++T) {
    tile[threadIdx.y * 32 + threadIdx.x] = In[T * 1024 + threadIdx.y * 32 + threadIdx.x];
    // What CuTe's cp_async_wait<0>() emits: it moves no data here.
    asm volatile("cp.async.wait_all;\n" ::);
    __syncthreads();
    auto [Stride, Offset] = sliceRow(threadIdx.x);
    // Lane x reads tile[32*x + y]: 32 words apart, all in bank y.
    // CHECK: :[[@LINE+1]]:54: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1
    Out[T * 1024 + threadIdx.y * 32 + threadIdx.x] = tile[Offset + threadIdx.y];
    __syncthreads();
  }
}

// CHECK: :[[@LINE+2]]:3: note: analysed with block 32x32 and Tiles = 4096 from this launch
void launch(const float *In, float *Out, int Tiles) {
  columnRead<<<1, dim3(32, 32)>>>(In, Out, 4096);
}
