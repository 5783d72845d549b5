// A block_dim(x, y, z) annotation comment (see docs/checks/smem-bank-conflict.md)
// on the line(s) right above a kernel, or above its template head, gives its
// block shape; it wins over the launches in the file.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck --implicit-check-not=smem-lint-annotation %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='ignored annotation' %s

// CHECK: kernel annotated L[[@LINE+4]] block_dims=32x32x1(annotation)
// (the annotation is on the line right above the kernel)

// smem-lint: block_dim(32, 32)
__global__ void annotated(float *out) {
  __shared__ float tile[32][32];
  // Block 32x32, word 32*lane + ty: 32 (row "tile[32][32], block 32x32").
  // 32 warps.
  // CHECK: access tile load L[[@LINE+2]]:22 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // TEXT: block-dim-annotation.cu:[[@LINE+1]]:22: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x32, sm_90)
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// TEXT: block-dim-annotation.cu:[[@LINE-9]]:1: note: analysed with block 32x32 from this annotation
// CHECK: totals annotated shape=0 load=1024/32 store=0/0 atomic=0/0

// The annotation need not be the last comment line.
// CHECK: kernel twoLines L[[@LINE+4]] block_dims=16x16x1(annotation)

// smem-lint: block_dim(16, 16)
// (a 16x16 block: a warp covers two rows)
__global__ void twoLines(float *out) {
  __shared__ float tile[32][32];
  // Block 16x16: banks 0 and 1, 16 words each -> 16.
  // CHECK: access tile load L[[@LINE+1]]:22 width=4 shape=0 wavefronts=16 mean=16
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// CHECK: totals twoLines shape=0 load=128/8 store=0/0 atomic=0/0

// Two shapes in one comment, above a template head; the launch's 32x32 is
// not used.
// CHECK: kernel templ<float> L[[@LINE+4]] block_dims=32x8x1(annotation) 8x32x1(annotation)

// smem-lint: block_dim(32, 8) block_dim(8, 32)
template <typename T>
__global__ void templ(T *out) {
  __shared__ T tile[32][32];
  // 32x8 -> 32, 8x32 -> 8 (8 words per bank).
  // CHECK: access tile load L[[@LINE+2]]:22 width=4 shape=0 wavefronts=32 mean=32
  // CHECK: access tile load L[[@LINE+1]]:22 width=4 shape=1 wavefronts=8 mean=8
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// CHECK: totals templ<float> shape=0 load=256/8
// CHECK: totals templ<float> shape=1 load=64/8

int main() {
  annotated<<<1, dim3(32, 8)>>>(nullptr);
  templ<float><<<1, dim3(32, 32)>>>(nullptr);
}
