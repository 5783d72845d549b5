// Case x_griddim: an index scaled by gridDim.x. With the launch <<<2, 256>>>
// gridDim.x is 2: a stride of 2 words, a 2-way conflict, reported as a
// warning. Without a launch gridDim.x is not known: the finding is a note that
// gives the conflict degree as gcd(gridDim.x, 32), says it was evaluated with
// gridDim.x = 1, and that it rests on that value and on the assumed block.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %smem-lint --format=json %s | %summarize --launches | FileCheck --check-prefix=JSON %s

// JSON: kernel k L[[@LINE+2]] block_dims=256x1x1(launch)
// JSON-NEXT: launch k shape=0 block=256x1x1 grid=2x1x1 dynamic=0 params=-
__global__ void k(float *out) {
  __shared__ float s[2048];
  // Lane l writes word 2l, bank 2l mod 32: lanes l and l + 16 share a bank
  // (lanes 0 and 16: s[0] and s[32], bank 0), 2 lanes per bank -> 2
  // wavefronts; 8 warps -> 16 wavefronts for 8 warp stores.
  // CHECK: grid-dim.cu:[[@LINE+5]]:3: warning: 2-way bank conflict: write of 's' takes 2 wavefronts per warp instead of 1 (block 256x1, sm_90) [smem-bank-conflict]
  // CHECK: grid-dim.cu:[[@LINE+4]]:3: note: lanes 0, 16 of warp 0 need 2 different words from bank 0: s[0], s[32]; consecutive lanes are 2 words apart
  // CHECK: grid-dim.cu:[[@LINE+3]]:3: note: in Nsight Compute's terms, a 2-way conflict: 1 excessive wavefront of 2 (50%) in each of the block's 8 warp instructions; per block, 8 excessive wavefronts of 16 (50%); per launch (2 blocks, each counted as the block analysed), 16 excessive wavefronts of 32 (50%)
  // CHECK: grid-dim.cu:[[@LINE+10]]:23: note: analysed with block 256x1 from this launch
  // JSON: access s store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2 status=exact{{$}}
  s[gridDim.x * threadIdx.x] = 1.0f;   // launched with 2 blocks: stride 2, a 2-way conflict
  // The XOR swizzle (k ^ ((k >> 5) & 31)) moves word 32 to 33: bank 1.
  // CHECK: grid-dim.cu:[[@LINE-2]]:5: note: swizzle 's' with an XOR at its 2 accesses (s[k ^ ((k >> 5) & 31)]): conflict-free (this write: 2 -> 1 wavefronts), no extra shared memory
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// JSON: totals k shape=0 load=8/8 store=16/8 atomic=0/0{{$}}

void host(float *o) { k<<<2, 256>>>(o); }

// The same kernel with no launch: gridDim.x unknown. Lane l writes word g*l,
// bank g*l mod 32; lanes l and l' share a bank when g*(l - l') is a multiple
// of 32, so gcd(g, 32) lanes per bank: gcd(g, 32)-way, up to 32-way (g = 32,
// 64, ...). Evaluated with g = 1 it is conflict-free (1 wavefront).
// JSON: kernel k_nolaunch L[[@LINE+2]] block_dims=256x1x1(default)
// JSON-NEXT: launch k_nolaunch shape=0 block=256x1x1 grid=- dynamic=None params=-
__global__ void k_nolaunch(float *out) {
  __shared__ float s[2048];
  // CHECK: grid-dim.cu:[[@LINE+6]]:3: note: up to 32-way bank conflict: write of 's' depends on a value the analysis does not know (block 256x1, sm_90) [smem-bank-conflict]
  // CHECK: grid-dim.cu:[[@LINE+5]]:3: note: the conflict degree depends on 'gridDim.x': gcd(gridDim.x, 32)-way; evaluated with gridDim.x = 1
  // CHECK: grid-dim.cu:[[@LINE-4]]:17: note: analysed with the assumed block 256x1: no launch of 'k_nolaunch' with a constant block shape was found
  // CHECK: grid-dim.cu:[[@LINE+3]]:3: note: reported as a note: it rests on the assumed block 256x1 (no launch, annotation or option gives the shape; {{.*}}) and on the assumed gridDim.x = 1 (the grid is not known)
  // JSON: access s store L[[@LINE+2]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=assumed depends_on=gridDim.x reason=the conflict degree depends on 'gridDim.x', evaluated with gridDim.x = 1{{$}}
  // JSON: diagnostic smem-bank-conflict note L[[@LINE+1]]:3 up to 32-way bank conflict
  s[gridDim.x * threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// CHECK: smem-lint: 1 warning and 0 errors, 1 note in 1 file
