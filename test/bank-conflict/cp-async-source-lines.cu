// A cp.async whose lanes copy from several 128-byte lines of global memory:
// LDGSTS writes a lane into shared memory only once its line has arrived,
// one line per wavefront, so a warp's copy takes at least as many
// wavefronts as it has source lines (per quarter warp for 16-byte copies),
// and a bank conflict adds to that (docs/measurements/h200-cp-async.md,
// "Sources in several lines": 8 source by 5 destination patterns at 4, 8
// and 16 bytes, measured on the H200; BankModel.AsyncCopyFromSeveralLines
// checks the table).
//
// RUN: not %smem-lint --block-dim=128 --checks='-*,smem-bank-conflict' %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="note: {{.*}}[smem-bank-conflict]"
// RUN: not %smem-lint --block-dim=128 --checks='-*,smem-bank-conflict' --format=json %s | python3 -c "import json, sys; [print(k['name'], a['line'], a['wavefronts'], a['ideal_wavefronts']) for k in json.load(sys.stdin)['kernels'] for a in k['accesses'] if a['kind'] == 'copy']" | FileCheck --check-prefix=JSON %s

#define COPY(bytes, dst, src)                                                  \
  asm volatile("cp.async.ca.shared.global [%0], [%1], " #bytes ";\n" ::"r"(   \
                   (unsigned)__cvta_generic_to_shared(dst)),                   \
               "l"(src))
#define WAIT_ALL() asm volatile("cp.async.wait_all;\n" ::)

// siboehm/SGEMM_CUDA's kernel 12 loads a 128x16 tile of A (rows of 128
// floats) transposed into As, 4 bytes a copy: a warp's lanes read 8 rows of
// A (8 lines, lanes 4r to 4r+3 in row r) and write 4 rows of As 128 words
// apart (one bank per line, 4 words in it). The lines arrive in 8
// wavefronts and the last one's 4 words take 3 more: 11 (measured on the
// program itself: 704 wavefronts over 64 LDGSTS), where the bank rule alone
// gives 4.
__global__ void transposedTile(const float *A, float *out) {
  __shared__ float As[16][128];
  const int innerRowA = threadIdx.x / 4, innerColA = threadIdx.x % 4;
  for (int offset = 0; offset < 128; offset += 32)
    for (int j = 0; j < 4; ++j)
      COPY(4, &As[innerColA * 4 + j][innerRowA + offset],
           &A[(innerRowA + offset) * 128 + innerColA * 4 + j]);
  // CHECK: cp-async-source-lines.cu:[[@LINE-2]]:7: warning: 2-way bank conflict: cp.async into 'As' takes 11 wavefronts per warp instead of 8 (block 128x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0-3 of warp 0 need 4 different words from bank 0: As[0][0], As[4][0], As[8][0], As[12][0]; and the warp copies from 8 different 128-byte lines of global memory: a cp.async writes a lane only once its line has arrived, one line per wavefront, so its ideal is 8 wavefronts (docs/measurements/h200-cp-async.md)
  // CHECK: cp-async-source-lines.cu:[[@LINE-8]]:27: note: pad the rows of 'As' to 129 elements: conflict-free (this write: 11 -> 8 wavefronts)
  // JSON: transposedTile 31 11 8
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = As[0][threadIdx.x];
}

// The same rows of A copied straight (lane l to word l of its warp's
// 32): no bank is shared, and the 8 lines still take 8 wavefronts (probe:
// 8 rows x 4 lanes, contiguous destination, 8).
__global__ void straightTile(const float *A, float *out) {
  __shared__ float As[128 * 4];
  const int innerRowA = threadIdx.x / 4, innerColA = threadIdx.x % 4;
  COPY(4, &As[threadIdx.x], &A[innerRowA * 128 + innerColA]);
  // JSON: straightTile 48 8 8
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = As[threadIdx.x];
}

// One line per warp (lane l copies word l of a row), 8 lanes on each bank:
// the bank rule, unchanged (probe: one line, 8 lanes per bank, 8).
__global__ void coalescedColumns(const float *A, float *out) {
  __shared__ float As[8][128];
  unsigned l = threadIdx.x % 32;
  COPY(4, &As[l % 8][l / 8 + 4 * (threadIdx.x / 32)], &A[threadIdx.x]);
  // CHECK: cp-async-source-lines.cu:[[@LINE-1]]:3: warning: 8-way bank conflict: cp.async into 'As' takes 8 wavefronts per warp instead of 1 (block 128x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0-7 of warp 0 need 8 different words from bank 0: As[0][0], As[1][0], As[2][0], ..., As[7][0]{{$}}
  // CHECK: cp-async-source-lines.cu:[[@LINE-5]]:26: note: pad the rows of 'As' to 132 elements: conflict-free (this write: 8 -> 1 wavefronts)
  // JSON: coalescedColumns 60 8 1
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = As[0][threadIdx.x];
}

// 16 bytes a lane, each quarter warp from 8 different rows of A (lane l
// reads row l): a quarter warp's lines arrive one per wavefront, 8, and the
// quarters come one after the other: 32 for the warp, all of it ideal (the
// destination is contiguous). The probe's 16-byte row l into 16l: 32.
__global__ void gatherRows(const float4 *A, float4 *out) {
  __shared__ float4 rows[128];
  COPY(16, &rows[threadIdx.x], &A[threadIdx.x * 64]);
  // JSON: gatherRows [[@LINE-1]] 32 32
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x ^ 1];
}

// 16 bytes from two rows per quarter warp into rows of 128 bytes: the 8
// lanes of a quarter all write banks 0-3, 4 lanes from each of its 2 lines
// (lanes 4r to 4r+3 read row r). The second line arrives while the first's
// words are written, so a quarter takes its 8 writes, 8 wavefronts, where its
// 2 lines alone take 2: 32 for the warp, ideal 8 (probe: 16 bytes, row
// l/4, destination 128l: 32).
__global__ void rowsFromTwoLines(const float4 *A, float4 *out) {
  __shared__ float4 tile[128][8];
  COPY(16, &tile[threadIdx.x][0], &A[(threadIdx.x / 4) * 64 + threadIdx.x % 4]);
  // CHECK: cp-async-source-lines.cu:[[@LINE-1]]:3: warning: 4-way bank conflict: 16-byte cp.async into 'tile' takes 32 wavefronts per warp instead of 8 (block 128x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0-7 of warp 0 need 8 different words from bank 0: {{.*}}; and the warp copies from 8 different 128-byte lines of global memory: a cp.async writes a lane only once its line has arrived, one line per wavefront for each 8 lanes served together, so its ideal is 8 wavefronts (docs/measurements/h200-cp-async.md)
  // JSON: rowsFromTwoLines [[@LINE-3]] 32 8
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x % 8];
}
