// The shared write of a cp.async (LDGSTS) as the H200 serves it
// (docs/measurements/h200-cp-async.md, reproduced row by row in
// BankModel.AsyncCopyOfTheH200Table): a store of the copy's width, except
// that lanes writing one word are not merged. A padding that would move a
// 16-byte destination off its alignment is not proposed. .cg's write is seen
// by no counter: its finding is a note.
//
// RUN: not %smem-lint --checks='-*,smem-bank-conflict' %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="note: {{.*}}[smem-bank-conflict]"

#define COPY(bytes, dst, src)                                                  \
  asm volatile("cp.async.ca.shared.global [%0], [%1], " #bytes ";\n" ::"r"(   \
                   (unsigned)__cvta_generic_to_shared(dst)),                   \
               "l"(src))
#define COPY_CG(dst, src)                                                      \
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(           \
                   (unsigned)__cvta_generic_to_shared(dst)),                   \
               "l"(src))
#define WAIT_ALL() asm volatile("cp.async.wait_all;\n" ::)

// Lane l copies 4 bytes into row l: 32 words of bank 0 (row = 128 bytes).
__global__ void columnCopy(const float *in, float *out) {
  __shared__ float tile[32][32];
  for (int c = 0; c < 32; ++c)
    COPY(4, &tile[threadIdx.x][c], &in[c * 32 + threadIdx.x]);
  // CHECK: cp-async.cu:[[@LINE-1]]:5: warning: 32-way bank conflict: cp.async into 'tile' takes 32 wavefronts per warp instead of 1 (block 32x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0-31 of warp 0 need 32 different words from bank 0: tile[0][0], tile[1][0], tile[2][0], ..., tile[31][0]; consecutive lanes are 32 words apart
  // CHECK: cp-async.cu:[[@LINE-5]]:29: note: pad the rows of 'tile' to 33 elements: conflict-free (this write: 32 -> 1 wavefronts)
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}

// Every lane copies into one word: an st.shared costs 1 wavefront, LDGSTS
// 32 (measured).
__global__ void oneWord(const float *in, float *out) {
  __shared__ float s[32];
  COPY(4, &s[0], &in[threadIdx.x]);
  // CHECK: cp-async.cu:[[@LINE-1]]:3: warning: 32-way bank conflict: cp.async into 's' takes 32 wavefronts per warp instead of 1 (block 32x1, sm_90) [smem-bank-conflict]
  // CHECK-NEXT: COPY(4, &s[0], &in[threadIdx.x]);
  // CHECK-NEXT: ^
  // CHECK-NEXT: cp-async.cu:[[@LINE-4]]:3: note: lanes 0-31 of warp 0 make 32 writes to bank 0 (s[0]): a cp.async serves each lane's write on its own, even to one word{{$}}
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = s[0];
}

// 16 bytes into each 128-byte row: 8-way in each quarter-warp phase. Rows
// of 33 floats would put the copies off their 16-byte alignment: the
// padding proposed is to 36.
__global__ void rows16(const float4 *in, float *out) {
  __shared__ float tile[32][32];
  COPY(16, &tile[threadIdx.x][0], &in[threadIdx.x]);
  // CHECK: cp-async.cu:[[@LINE-1]]:3: warning: 8-way bank conflict: 16-byte cp.async into 'tile' takes 32 wavefronts per warp instead of 4 (block 32x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0-7 of warp 0 need 8 different words from bank 0: tile[0][0], tile[1][0], tile[2][0], ..., tile[7][0] (this 16-byte access is served 8 lanes at a time); consecutive lanes are 32 words apart
  // CHECK: cp-async.cu:[[@LINE-4]]:29: note: pad the rows of 'tile' to 36 elements: conflict-free (this write: 32 -> 4 wavefronts), +512 bytes per block (4096 -> 4608)
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}

// The same with .cg (what __pipeline_memcpy_async and CuTe's
// SM80_CP_ASYNC_CACHEGLOBAL issue for 16 bytes).
__global__ void rows16Bypass(const float4 *in, float *out) {
  __shared__ float tile[32][32];
  COPY_CG(&tile[threadIdx.x][0], &in[threadIdx.x]);
  // CHECK: cp-async.cu:[[@LINE-1]]:3: note: 8-way bank conflict: 16-byte cp.async into 'tile' takes 32 wavefronts per warp instead of 4 (block 32x1, sm_90) [smem-bank-conflict]
  // CHECK: note: reported as a note: a cp.async.cg writes shared memory past L1, where no H200 counter sees its wavefronts; they are counted as for cp.async.ca, though the H200 times .cg's conflicts at about a third of .ca's (128-byte stride; docs/measurements/h200-cp-async.md)
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}

// Contiguous 16-byte copies: 4 wavefronts, the fewest 512 bytes take.
__global__ void contiguous16(const float4 *in, float *out) {
  __shared__ float s[128];
  COPY(16, &s[4 * threadIdx.x], &in[threadIdx.x]);
  WAIT_ALL();
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  float *i, *o;
  columnCopy<<<1, 32>>>(i, o);
  oneWord<<<1, 32>>>(i, o);
  rows16<<<1, 32>>>((const float4 *)i, o);
  rows16Bypass<<<1, 32>>>((const float4 *)i, o);
  contiguous16<<<1, 32>>>((const float4 *)i, o);
}
