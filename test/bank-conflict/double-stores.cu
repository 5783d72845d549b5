// 8-byte double stores, 256 threads, 1-D. Stores never merge lanes: always
// two half-warp phases (h200-bank-probes.md: "Uniform and pair-duplicated
// stores never merge: 8 B costs 2").
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel dstore L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void dstore(double *out) {
  __shared__ double s[1024];
  int lane = threadIdx.x & 31;
  double v = out[threadIdx.x];
  // 32 consecutive words per half-warp -> 2 (same cost as the d_lane load).
  // CHECK: access s store L[[@LINE+1]]:3 width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  s[lane] = v;
  // h200-bank-probes.md d_st_and15: 2.
  // CHECK: access s store L[[@LINE+1]]:3 width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  s[lane & 15] = v;
  // Pattern "uniform" (8 B st): 2, not 1 as the same load would.
  // CHECK: access s store L[[@LINE+1]]:3 width=8 shape=0 wavefronts=2 mean=2
  s[0] = v;
  // Pattern "shr1" (8 B st): 2.
  // CHECK: access s store L[[@LINE+1]]:3 width=8 shape=0 wavefronts=2 mean=2
  s[lane >> 1] = v;
  // Pattern "and1x16" (8 B st): each half-warp writes words 0,1 and 32,33,
  // two per bank -> 2 + 2 = 4 (the load costs 2).
  // CHECK: access s store L[[@LINE+2]]:3 width=8 shape=0 wavefronts=4 mean=4
  // TEXT: double-stores.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: 8-byte write of 's'
  s[(lane & 1) * 16] = v;
  // Words 32l, 32l+1: 16 per bank per half-warp -> 32 (as the d_and15x16 load).
  // CHECK: access s store L[[@LINE+2]]:3 width=8 shape=0 wavefronts=32 mean=32 ideal=2 ways=16
  // TEXT: double-stores.cu:[[@LINE+1]]:3: warning: 16-way bank conflict: 8-byte write of 's' takes 32 wavefronts per warp instead of 2
  s[(lane & 15) * 16] = v;
}
// 6 stores x 8 warps = 48; 8 x (2 + 2 + 2 + 2 + 4 + 32) = 352.
// CHECK: totals dstore shape=0 load=0/0 store=352/48 atomic=0/0

int main() { dstore<<<1, 256>>>(nullptr); }
