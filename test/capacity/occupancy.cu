// Residency per SM, and a padding fix that costs a resident block.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s
// RUN: not %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s

// Block 32x2 = 64 threads: threads allow 2048 / 64 = 32 blocks, the SM holds
// at most 32 blocks. Shared memory: 64 * 32 floats = 8192 bytes, plus the
// 1 KB reserve = 9216 bytes per block; 228 KB / 9216 = 25.3 -> 25 blocks.
// Padding to 33 columns: 8448 + 1024 = 9472 bytes; 233472 / 9472 = 24.6 ->
// 24 blocks (sm_90 row of ArchTable.cpp; the calculator is checked against
// cuda_occupancy.h in test/unit/OccupancyTest.cpp).
__global__ void columnRead(float *out) {
  // CHECK: occupancy.cu:[[@LINE-1]]:17: note: shared memory limits 'columnRead' to 25 blocks (50 of 64 warps) per SM: 9216 bytes (9 KB) per block with the driver's reserve and rounding, where the threads would allow 32 (block 32x2, sm_90) [smem-occupancy]
  __shared__ float tile[64][32];
  // CHECK: occupancy.cu:[[@LINE-1]]:29: warning: padding the rows of 'tile' to 33 elements adds 256 bytes per block: 25 -> 24 blocks per SM on sm_90 (block 32x2, sm_90) [smem-occupancy]
  // CHECK: note: weigh the conflict's wavefronts against the lost residency
  for (int r = threadIdx.y; r < 64; r += 2)
    tile[r][threadIdx.x] = r;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: occupancy.cu:[[@LINE-1]]:41: warning: 32-way bank conflict: read of 'tile'
  // CHECK: note: pad the rows of 'tile' to 33 elements: conflict-free (this read: 32 -> 1 wavefronts), +256 bytes per block (8192 -> 8448), 25 -> 24 blocks per SM on sm_90
}

void launch(float *o) { columnRead<<<1, dim3(32, 2)>>>(o); }

// JSON: "message": "pad the rows of 'tile' to 33 elements
// JSON-NEXT: "occupancy_change": {
// JSON-NEXT: "arch": "sm_90",
// JSON-NEXT: "blocks_per_sm_after": 24,
// JSON-NEXT: "blocks_per_sm_before": 25,
// JSON-NEXT: "warps_per_sm_after": 48,
// JSON-NEXT: "warps_per_sm_before": 50
// JSON: "occupancy": [
// JSON-NEXT: {
// JSON-NEXT: "arch": "sm_90",
// JSON-NEXT: "block_dim_index": 0,
// JSON-NEXT: "blocks_by": {
// JSON-NEXT: "blocks_per_sm": 32,
// JSON-NEXT: "registers": null,
// JSON-NEXT: "shared_memory": 25,
// JSON-NEXT: "threads": 32
// JSON-NEXT: },
// JSON-NEXT: "blocks_per_sm": 25,
// JSON-NEXT: "dynamic_shared_known": true,
// JSON-NEXT: "limited_by": "shared memory",
// JSON-NEXT: "max_warps_per_sm": 64,
// JSON-NEXT: "occupancy": 0.781,
// JSON-NEXT: "registers_known": false,
// JSON-NEXT: "shared_bytes_allocated_per_block": 9216,
// JSON-NEXT: "shared_bytes_per_block": 8192,
// JSON-NEXT: "warps_per_sm": 50
