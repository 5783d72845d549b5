// A double-buffered tile read after its loop: the tile's offset is a phi of
// 0 and the loop's last `(1 - offset) * 2048` floats, which LLVM's known
// bits do not look through, so the vectorizer alone would see a 4-byte
// aligned address and make 8-byte loads. nvcc makes the same 16-byte
// LDS.128 there as in the loop: SGEMM_CUDA's kernel 12
// (runSgemmDoubleBuffering2, the same pattern) ran 12 LDS.128 on an H200,
// 6 in the loop's copy of its shared reads and 6 in the last tile's
// (`smem-lint --verify --run='./sgemm 12'`, 2026-12-05; the issue 18 note).
//
// Each lane reads 16 bytes at row * 16: a quarter-warp phase covers 128
// contiguous bytes, 4 wavefronts per warp, ideal. Per block: 4 warps x 16
// reads per compute() x 4 calls (3 in the loop, K = 64, one after) = 256
// LDS.128, 1024 wavefronts (as 8-byte loads: 512 instructions, 2048).
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); print([(a['line'], a['instruction_bytes'], a['merged_iterations']) for k in r['kernels'] for a in k['accesses'] if a['kind'] == 'load'])" | FileCheck --check-prefix=JSON %s
// JSON: [(26, 16, 4)]
// CHECK: access As load L26:17 width=4 shape=0 wavefronts=4 mean=4 ideal=4 ways=1 status=exact
// CHECK: totals doubleBuffered shape=0 load=1024/256

constexpr int BM = 128, BK = 16;

__device__ void compute(float *acc, const float *As, int row) {
  for (int k = 0; k < BK; ++k)
    for (int i = 0; i < 4; ++i)
      acc[i] += As[k * BM + row * 4 + i];
}

__global__ void doubleBuffered(const float *a, float *out, int K) {
  __shared__ float As[2 * BM * BK];
  int row = threadIdx.x % 32;
  float acc[4] = {};
  int offset = 0;
  for (int i = 0; i < BM * BK / 256; ++i)
    As[threadIdx.x + i * 256] = a[threadIdx.x + i * 256];
  __syncthreads();
  for (int t = 0; t < K - BK; t += BK) {
    for (int i = 0; i < BM * BK / 256; ++i)
      As[(1 - offset) * BM * BK + threadIdx.x + i * 256] =
          a[t + BK + threadIdx.x + i * 256];
    compute(acc, As + offset * BM * BK, row);
    offset = 1 - offset;
    __syncthreads();
  }
  compute(acc, As + offset * BM * BK, row);
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = acc[i];
}

void launch(const float *a, float *out) { doubleBuffered<<<1, 128>>>(a, out, 64); }
