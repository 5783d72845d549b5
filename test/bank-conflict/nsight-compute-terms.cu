// A bank conflict in Nsight Compute's terms: the excessive wavefronts (the
// wavefronts beyond the ideal, its Source page's "L1 Wavefronts Shared
// Excessive") of the total, for the worst warp instruction, on average when
// the warps differ, per block and per launch when the grid is known.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s
// RUN: not %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s
// RUN: not %smem-lint --format=sarif %s | FileCheck --check-prefix=SARIF %s

// Every warp alike: lane l reads word 32*l + w (a column), all in one bank.
// 32 wavefronts where 1 would do: 31 excessive of 32, 96.875% -> 96.9%. A
// block of 32x8 has 8 warp instructions: 248 excessive of 256; the launch's
// 64 blocks: 15872 of 16384.
__global__ void column(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  // CHECK: nsight-compute-terms.cu:[[@LINE+2]]:22: warning: 32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90) [smem-bank-conflict]
  // CHECK: nsight-compute-terms.cu:[[@LINE+1]]:22: note: in Nsight Compute's terms, a 32-way conflict: 31 excessive wavefronts of 32 (96.9%) in each of the block's 8 warp instructions; per block, 248 excessive wavefronts of 256 (96.9%); per launch (64 blocks, each counted as the block analysed), 15872 excessive wavefronts of 16384 (96.9%)
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// Warps that differ: warp 0 (threads 0-31) reads words 0, 2, ..., 62, two
// lanes per even bank: 2 wavefronts, 1 excessive (50%). Warp 1 reads words
// 32-63, one per bank: 1 wavefront. Mean 1.5 wavefronts, ideal 1: a
// 1.5-way conflict, 0.5 excessive of 1.5 (33.3%); per block 1 of 3. The
// grid is a parameter, so there is no per-launch count.
__global__ void firstWarpStrided(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  unsigned i = threadIdx.x < 32 ? threadIdx.x * 2 : threadIdx.x;
  // CHECK: nsight-compute-terms.cu:[[@LINE+2]]:22: warning: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (block 64x1, sm_90) [smem-bank-conflict]
  // CHECK: nsight-compute-terms.cu:[[@LINE+1]]:22: note: in Nsight Compute's terms, a 2-way conflict: 1 excessive wavefront of 2 (50%) in the worst warp instruction (warp 0); on average over the block's 2 warp instructions a 1.5-way conflict: 0.5 excessive wavefronts of 1.5 (33.3%); per block, 1 excessive wavefront of 3 (33.3%); per launch: the grid is not known (give it with --grid-dim)
  out[threadIdx.x] = s[i];
}

void launch(float *out, int blocks) {
  column<<<64, dim3(32, 8)>>>(out);
  firstWarpStrided<<<blocks, 64>>>(out);
}

// The access entries carry the counts per block and, with a grid, per launch.
// JSON: "excessive_wavefronts_per_block": 248,
// JSON: "ideal_wavefronts_per_block": 8,
// JSON: "launch": {
// JSON-NEXT: "blocks": 64,
// JSON-NEXT: "excessive_wavefronts": 15872,
// JSON-NEXT: "ideal_wavefronts": 512,
// JSON-NEXT: "warp_instructions": 512,
// JSON-NEXT: "wavefronts": 16384
// JSON: "wavefronts_per_block": 256
// JSON: "excessive_wavefronts_per_block": 1,
// JSON: "launch": null,
// JSON: "wavefronts_per_block": 3

// SARIF results carry them as properties of the finding.
// SARIF: "sharedWavefronts": [
// SARIF-NEXT: {
// SARIF-NEXT: "access": "s{{[0-9]+}}",
// SARIF-NEXT: "perBlock": {
// SARIF-NEXT: "warpInstructions": 8,
// SARIF-NEXT: "wavefronts": 256,
// SARIF-NEXT: "idealWavefronts": 8,
// SARIF-NEXT: "excessiveWavefronts": 248
// SARIF-NEXT: },
// SARIF-NEXT: "perLaunch": {
// SARIF-NEXT: "blocks": 64,
// SARIF-NEXT: "warpInstructions": 512,
// SARIF-NEXT: "wavefronts": 16384,
// SARIF-NEXT: "idealWavefronts": 512,
// SARIF-NEXT: "excessiveWavefronts": 15872
// SARIF: "sharedWavefronts": [
// SARIF-NEXT: {
// SARIF-NEXT: "access": "s{{[0-9]+}}",
// SARIF-NEXT: "perBlock": {
// SARIF-NEXT: "warpInstructions": 2,
// SARIF-NEXT: "wavefronts": 3,
// SARIF-NEXT: "idealWavefronts": 2,
// SARIF-NEXT: "excessiveWavefronts": 1
// SARIF-NEXT: }
// SARIF-NEXT: }
