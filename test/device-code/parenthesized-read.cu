// A read written in parentheses, `(T)(sData[offset])` (Rodinia dwt2d's
// c_CopySrcToComponents): CodeGen puts the load at the subscript, one column
// after the parenthesis, and the read is placed there. Lane l reads byte 3l
// of 'sData': bytes 0-93 are words 0-23 of one bank cycle, 1 wavefront.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s
// TEXT-NOT: could not be placed
// TEXT: smem-lint: 0 warnings and 0 errors in 1 file

// smem-lint: block_dim(256)
template <typename T>
__global__ void components(T *d_r, const unsigned char *src) {
  int x = threadIdx.x;
  __shared__ unsigned char sData[256 * 3];
  if (x * 4 < 256 * 3)
    ((float *)sData)[x] = ((const float *)src)[x];
  __syncthreads();
  int offset = x * 3;
  // CHECK: access sData load L[[@LINE+1]]:16 width=1 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  d_r[x] = (T)(sData[offset]);
}
template __global__ void components<float>(float *, const unsigned char *);
