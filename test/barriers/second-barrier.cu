// The seed's "forgetting the second phase barrier": a tiled loop that has the
// barrier after the load but not the one after the last read, so a fast warp
// refills the tile while a slow warp still reads the previous one.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=FIX %s

#define TILE 16

__global__ void matmulOneBarrier(const float *A, const float *B, float *C,
                                 int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[ty * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + tx];
    // CHECK: second-barrier.cu:[[@LINE-1]]:5: warning: missing second barrier: the loop at line [[@LINE-3]] refills 'Bs' while other threads may still read the previous iteration: thread (0,0,0) writes Bs[0][0], which thread (0,15,0) reads at line [[@LINE+4]] in the iteration before (block 16x16, sm_90) [smem-barrier-reuse]
    // CHECK: second-barrier.cu:[[@LINE+3]]:26: note: thread (0,15,0) reads Bs[0][0] here, in iteration 0 of the loop at line [[@LINE-4]]
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
  }
  // CHECK: second-barrier.cu:[[@LINE-1]]:1: note: end the loop body with a second __syncthreads() so that every read of an iteration finishes before the next refill
  // FIX: fixit L[[@LINE-2]]:1 length=0 replacement=    __syncthreads();
  C[ty * n + tx] = acc;
}

// The fixed twin, as the seed's matrix multiply has it: no finding.
__global__ void matmulTwoBarriers(const float *A, const float *B, float *C,
                                  int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[ty * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + tx];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[ty * n + tx] = acc;
}

// Double buffering with the barrier between stages is correct: the buffer a
// stage refills was last read before the previous barrier.
__global__ void doubleBuffered(const float *in, float *out, int n) {
  __shared__ float buf[2][256];
  int tid = threadIdx.x;
  buf[0][tid] = in[tid];
  __syncthreads();
  float acc = 0.0f;
  for (int t = 1; t < n / 256; ++t) {
    int cur = (t - 1) & 1, nxt = t & 1;
    buf[nxt][tid] = in[t * 256 + tid];
    acc += buf[cur][255 - tid];
    __syncthreads();
  }
  out[tid] = acc;
}

void launch(const float *a, float *c) {
  matmulOneBarrier<<<dim3(16, 16), dim3(TILE, TILE)>>>(a, a, c, 256);
  matmulTwoBarriers<<<dim3(16, 16), dim3(TILE, TILE)>>>(a, a, c, 256);
  doubleBuffered<<<1, 256>>>(a, c, 2048);
}
