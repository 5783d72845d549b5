// Case r3_budget: a work-efficient scan upsweep inside a grid-stride loop over
// 1024-element tiles, 1024 threads, launched with 132 blocks. Each level of
// the tree has its barrier at the top, and the only shared write after the
// level loop (t[1023] = 0) is by thread 0, which also made the last level's
// write to t[1023] itself. The user sees no missing-barrier or race finding:
// once the loop nest was cut short by the evaluation budget, lost its
// barriers and gave a false race. The nest is now evaluated in full: no
// access is 'sampled' and there is no smem-lint-incomplete note.
//
// What is reported are the tree's bank conflicts, which are real. Level k
// (k = 0..9) has off = 2^k, d = 512 / off active threads; thread t reads
// t[off*(2t+1) - 1] and read-modify-writes t[off*(2t+2) - 1]. Lane l of warp
// w (t = 32w + l):
//   off = 1 (d = 512, warps 0-15): words 2t and 2t + 1, lane stride 2: 2-way
//   off = 2, 4, 8 (8, 4, 2 warps): lane stride 4, 8, 16: 4-, 8-, 16-way
//   off = 16 (d = 32, warp 0 only): writes 32l + 31, every lane in bank 31
//     (t[31], t[63], ..., t[1023]), reads 32l + 15, every lane in bank 15
//     (t[15], ..., t[1007]): 32 different words in one bank, 32-way
//   off = 32..512 (d = 16..1, lanes 0..d-1 of warp 0): 64l + 63, ... all in
//     bank 31: d-way (16, 8, 4, 2, 1)
// The warnings give the worst instruction, the off = 16 level. Per tile each
// of these accesses takes 16*2 + 8*4 + 4*8 + 2*16 + 1*32 + 16+8+4+2+1 = 191
// wavefronts over 16+8+4+2+1+5 = 36 warp instructions: mean 191/36 = 5.306.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=smem-missing-barrier --implicit-check-not=smem-barrier-reuse
// RUN: not %smem-lint --format=json %s | %summarize --launches | FileCheck --check-prefix=JSON --implicit-check-not=sampled --implicit-check-not=smem-lint-incomplete --implicit-check-not=smem-missing-barrier --implicit-check-not=smem-barrier-reuse --implicit-check-not=smem-conflicting-writes %s
// RUN: not %smem-lint --format=json %s | python3 -c "import json,sys; [print('budget', k['name'], k['budget_exceeded'], k['not_evaluated']) for k in json.load(sys.stdin)['kernels']]" | FileCheck --check-prefix=BUDGET %s
#include <cstdlib>

// BUDGET: budget upsweep False []
// JSON: kernel upsweep L[[@LINE+2]] block_dims=1024x1x1(launch)
// JSON-NEXT: launch upsweep shape=0 block=1024x1x1 grid=132x1x1 dynamic=0 params=-
__global__ void upsweep(const float *in, float *out, long nblocks) {
  __shared__ float t[1024];
  // blockIdx.x = 0, gridDim.x = 132; nblocks is not known (1024 assumed):
  // b = 0, 132, ..., 924, 8 tiles.
  for (long b = blockIdx.x; b < nblocks; b += gridDim.x) {   // grid-stride over tiles
    // JSON: access t store L[[@LINE+1]]:5 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
    t[threadIdx.x] = in[b * 1024 + threadIdx.x];
    int off = 1;
    for (int d = 512; d > 0; d >>= 1) {                      // barrier at the top of each level
      __syncthreads();
      // CHECK: upsweep-grid-stride.cu:[[@LINE+14]]:28: warning: 32-way bank conflict: read-modify-write of 't' takes 32 wavefronts per warp instead of 1 (block 1024x1, sm_90) [smem-bank-conflict]
      // CHECK: upsweep-grid-stride.cu:[[@LINE+13]]:28: note: lanes 0-31 of warp 0 need 32 different words from bank 31: t[31], t[63], t[95], ..., t[1023]; consecutive lanes are 32 words apart
      // CHECK: upsweep-grid-stride.cu:[[@LINE+12]]:28: note: in Nsight Compute's terms, a 32-way conflict: 31 excessive wavefronts of 32 (96.9%) in the worst warp instruction (warp 0); on average over the block's 288 warp instructions a 5.31-way conflict: 4.31 excessive wavefronts of 5.31 (81.2%); per block, 1240 excessive wavefronts of 1528 (81.2%); per launch (132 blocks, each counted as the block analysed), 163680 excessive wavefronts of 201696 (81.2%)
      // CHECK: upsweep-grid-stride.cu:[[@LINE+31]]:3: note: analysed with block 1024x1 from this launch
      // CHECK: upsweep-grid-stride.cu:[[@LINE-13]]:20: note: 't' is one-dimensional; padding has to go into the index arithmetic; make consecutive lanes touch consecutive words (a lane stride of 1 word, or any odd number of words, is conflict-free)
      // CHECK: upsweep-grid-stride.cu:[[@LINE+9]]:66: warning: 32-way bank conflict: read of 't' takes 32 wavefronts per warp instead of 1 (block 1024x1, sm_90) [smem-bank-conflict]
      // CHECK: upsweep-grid-stride.cu:[[@LINE+8]]:66: note: lanes 0-31 of warp 0 need 32 different words from bank 15: t[15], t[47], t[79], ..., t[1007]; consecutive lanes are 32 words apart
      // CHECK: upsweep-grid-stride.cu:[[@LINE+7]]:66: note: in Nsight Compute's terms, a 32-way conflict: 31 excessive wavefronts of 32 (96.9%) in the worst warp instruction (warp 0); on average over the block's 288 warp instructions a 5.31-way conflict: 4.31 excessive wavefronts of 5.31 (81.2%); per block, 1240 excessive wavefronts of 1528 (81.2%); per launch (132 blocks, each counted as the block analysed), 163680 excessive wavefronts of 201696 (81.2%)
      // CHECK: upsweep-grid-stride.cu:[[@LINE+26]]:3: note: analysed with block 1024x1 from this launch
      // CHECK: upsweep-grid-stride.cu:[[@LINE-18]]:20: note: 't' is one-dimensional
      // JSON: access t load L[[@LINE+4]]:66 width=4 shape=0 wavefronts=32 mean=5.306 ideal=1 ways=32 status=exact{{$}}
      // JSON: access t load L[[@LINE+3]]:28 width=4 shape=0 wavefronts=32 mean=5.306 ideal=1 ways=32 status=exact{{$}}
      // JSON: access t store L[[@LINE+2]]:28 width=4 shape=0 wavefronts=32 mean=5.306 ideal=1 ways=32 status=exact{{$}}
      // JSON-NOT: access
      if (threadIdx.x < d) t[off * (2 * threadIdx.x + 2) - 1] += t[off * (2 * threadIdx.x + 1) - 1];
      off *= 2;
    }
    // JSON: access t store L[[@LINE+1]]:27 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
    if (threadIdx.x == 0) t[1023] = 0;   // only thread 0 wrote t[1023] in the last level
    __syncthreads();
    // JSON: access t load L[[@LINE+1]]:35 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
    out[b * 1024 + threadIdx.x] = t[threadIdx.x];
    __syncthreads();
  }
}
// 8 tiles. Loads: 8 x (2 x 191 + 32) = 3312 wavefronts over 8 x (2 x 36 + 32)
// = 832 instructions; stores: 8 x (32 + 191 + 1) = 1792 over 8 x (32 + 36 +
// 1) = 552. No " sampled" after the totals.
// JSON: totals upsweep shape=0 load=3312/832 store=1792/552 atomic=0/0{{$}}
// JSON: diagnostic smem-bank-conflict warning L[[@LINE-15]]:28 32-way bank conflict
// JSON: diagnostic smem-bank-conflict warning L[[@LINE-16]]:66 32-way bank conflict

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 264; float *p; cudaMalloc(&p, n * 4096);
  upsweep<<<132, 1024>>>(p, p, n); cudaDeviceSynchronize();
}
// CHECK: smem-lint: 2 warnings and 0 errors in 1 file
