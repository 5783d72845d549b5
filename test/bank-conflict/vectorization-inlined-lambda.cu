// Partial sums reduced through shared memory in a lambda, as Marlin's
// thread_block_reduce: the upper half of the block stores its register tile,
// the lower half adds it in, four floats of an int4 at a time. nvcc inlines
// the lambda, `acc` stays in registers and the four reads of `c[j]` are one
// LDS.128. LLVM's -O2 inliner, which the copy compiled as nvcc would used to
// follow, left the lambda a call once its loops were unrolled (too large);
// the reads, between stores through the captured `acc`, stayed 4-byte loads
// reported as a 4-way conflict. The copy inlines what the evaluated code does
// (Marlin's line 503 on an H100, 2026-12-06: LDS.128 of 4.00 wavefronts).
//
// Arithmetic: a warp's 32 lanes read 32 x 16 consecutive bytes, 512 bytes,
// 4 wavefronts, the ideal; 4 warps (threads 0-127) x M x 8 reads. The store
// of line 34 is an int4 per lane, contiguous: 4 wavefronts, 4 warps x M x 8.
// Measured on an H100 (compare-inlined-lambda.test): LDS.128 x32 and x64 at
// line 43, 4.00 and 4.05 wavefronts each.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint %s 2>&1 | FileCheck %s --check-prefix=TEXT

template <int M> __global__ void reduceInLambda(float *out) {
  extern __shared__ int4 sh[];
  float acc[M][8][4];
  for (int m = 0; m < M; m++)
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 4; j++)
        acc[m][i][j] = out[threadIdx.x + 256 * (m * 32 + i * 4 + j)];
  auto reduce = [&]() {
    int rd = 8 * 128 * (threadIdx.x / 128) + threadIdx.x % 128;
#pragma unroll
    for (int m = 0; m < M; m++) {
      if (threadIdx.x >= 128) {
#pragma unroll
        for (int i = 0; i < 8; i++)
          sh[128 * i + rd - 1024] = reinterpret_cast<int4 *>(&acc[m][i])[0];
      }
      __syncthreads();
      if (threadIdx.x < 128) {
#pragma unroll
        for (int i = 0; i < 8; i++) {
          float *c = reinterpret_cast<float *>(&sh[128 * i + rd]);
#pragma unroll
          for (int j = 0; j < 4; j++)
            acc[m][i][j] += c[j];
        }
      }
      __syncthreads();
    }
  };
  reduce();
  float sum = 0;
  for (int m = 0; m < M; m++)
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 4; j++)
        sum += acc[m][i][j];
  out[threadIdx.x] = sum;
}

void launch(float *out) {
  reduceInLambda<4><<<1, 256, 8 * 128 * 16>>>(out);
  reduceInLambda<8><<<1, 256, 8 * 128 * 16>>>(out);
}

// 128 lanes x M x 8 int4 stores, 32 per warp instruction: 4 x M x 8 STS.128
// of 4 wavefronts; as many LDS.128 of 4.
// CHECK-LABEL: kernel reduceInLambda<4>
// CHECK: access sh store L34:11 width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1 status=exact
// CHECK: access sh load L43:29 width=4 shape=0 wavefronts=4 mean=4 ideal=4 ways=1 status=exact
// CHECK: totals reduceInLambda<4> shape=0 load=512/128 store=512/128
// CHECK-LABEL: kernel reduceInLambda<8>
// CHECK: access sh load L43:29 width=4 shape=0 wavefronts=4 mean=4 ideal=4 ways=1 status=exact
// CHECK: totals reduceInLambda<8> shape=0 load=1024/256 store=1024/256

// TEXT-NOT: bank conflict
// TEXT: smem-lint: 0 warnings and 0 errors in 1 file
