// 16-byte float4 loads, 256 threads, 1-D. A 16-byte access is served as
// quarter-warps (8 lanes x 16 B = 128 B); a load whose aligned lane quads read
// in pairs is served as half-warps (h200-bank-probes.md, Conclusion).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

__device__ float all(float4 v) { return v.x + v.y + v.z + v.w; }

// CHECK: kernel f4 L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void f4(float *out) {
  __shared__ float4 a[1024];
  int lane = threadIdx.x & 31;
  // Each quarter: 32 consecutive words -> 4 x 1 = 4, the ideal for 512 B;
  // h200-shared-memory.md row "float4 s[], s[lane]" 4.00.
  // CHECK: access a load L[[@LINE+1]]:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1
  float4 v0 = a[lane];
  // Words 32l..32l+3: per quarter 8 words in each of banks 0-3 -> 4 x 8 = 32;
  // h200-shared-memory.md row "float4 s[], s[lane * 8]" 32.00.
  // CHECK: access a load L[[@LINE+3]]:{{[0-9]+}} width=16 shape=0 wavefronts=32 mean=32 ideal=4 ways=8
  // TEXT: float4-loads.cu:[[@LINE+2]]:{{[0-9]+}}: warning: 8-way bank conflict: 16-byte read of 'a' takes 32 wavefronts per warp instead of 4 (block 256x1, sm_90)
  // TEXT: note: lanes 0-7 of warp 0 need 8 different words from bank 0: a[0], a[8], a[16], ..., a[56] (this 16-byte access is served 8 lanes at a time)
  float4 v1 = a[lane * 8];
  // h200-bank-probes.md "float4 a[], every lane reads a[0]": 2 (two half-warps).
  // CHECK: access a load L[[@LINE+1]]:{{[0-9]+}} width=16 shape=0 wavefronts=2 mean=2
  float4 v2 = a[0];
  // h200-bank-probes.md "a[lane >> 1] (pairs of lanes share an address)": 2.
  // CHECK: access a load L[[@LINE+1]]:{{[0-9]+}} width=16 shape=0 wavefronts=2 mean=2
  float4 v3 = a[lane >> 1];
  // h200-bank-probes.md "a[2*lane]": 8 (words 8l..8l+3, lanes l and l+4 of a
  // quarter share banks -> 4 x 2).
  // CHECK: access a load L[[@LINE+2]]:{{[0-9]+}} width=16 shape=0 wavefronts=8 mean=8 ideal=4 ways=2
  // TEXT: float4-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 2-way bank conflict: 16-byte read of 'a'
  float4 v4 = a[2 * lane];
  // h200-bank-probes.md f4_and7: 4 (quads read 4 addresses: no merging).
  // CHECK: access a load L[[@LINE+1]]:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1
  float4 v5 = a[lane & 7];
  // h200-bank-probes.md f4_and1: 2.
  // CHECK: access a load L[[@LINE+1]]:{{[0-9]+}} width=16 shape=0 wavefronts=2 mean=2
  float4 v6 = a[lane & 1];
  // h200-bank-probes.md f4_and15x8: 32.
  // CHECK: access a load L[[@LINE+2]]:{{[0-9]+}} width=16 shape=0 wavefronts=32 mean=32 ideal=4 ways=8
  // TEXT: float4-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 8-way bank conflict
  float4 v7 = a[(lane & 15) * 8];
  // h200-bank-probes.md f4_x3: 4.
  // CHECK: access a load L[[@LINE+1]]:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1
  float4 v8 = a[lane * 3];
  // h200-bank-probes.md patterns "and3" (16 B ld) 4 and "and1x8" (16 B ld) 4.
  // CHECK: access a load L[[@LINE+1]]:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4
  float4 v9 = a[lane & 3];
  // and1x8 merges into half-warps, but a[0] and a[8] are both in banks 0-3:
  // 2 words per bank in each half-warp -> 2 + 2 = 4, twice the ideal of 2.
  // CHECK: access a load L[[@LINE+2]]:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4 ideal=2 ways=2
  // TEXT: float4-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 2-way bank conflict: 16-byte read of 'a' takes 4 wavefronts per warp instead of 2
  float4 v10 = a[(lane & 1) * 8];
  // h200-bank-probes.md pattern "lane31_is1" (16 B ld): one failing quad
  // turns merging off for the whole warp -> 4, not 3.
  // CHECK: access a load L[[@LINE+1]]:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4
  float4 v11 = a[lane == 31 ? 1 : 0];
  // The barrier keeps the compiler from serving the field from v0's load.
  __syncthreads();
  // Only one field read: h200-shared-memory.md row "float4 x = a[lane];
  // use(x.x + x.w)": the compiler split it into 4-byte loads of words 4l
  // (and 4l+3), lanes l, l+8, l+16, l+24 in one bank -> 4 each. The source
  // analysis reads a 4-byte field access: width=4, 4 wavefronts.
  // CHECK: access a load L[[@LINE+2]]:{{[0-9]+}} width=4 shape=0 wavefronts=4 mean=4 ideal=1 ways=4
  // TEXT: float4-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 4-way bank conflict: read of 'a'
  float x = a[lane].x;
  // Every field of v0-v11 is used, so each load stays one 16-byte
  // instruction (a field alone is a 4-byte load, as x is).
  out[threadIdx.x] = all(v0) + all(v1) + all(v2) + all(v3) + all(v4) +
                     all(v5) + all(v6) + all(v7) + all(v8) + all(v9) +
                     all(v10) + all(v11) + x;
}
// 13 loads x 8 warps = 104;
// 8 x (4 + 32 + 2 + 2 + 8 + 4 + 2 + 32 + 4 + 4 + 4 + 4 + 4) = 8 x 106 = 848.
// CHECK: totals f4 shape=0 load=848/104 store=0/0 atomic=0/0

int main() { f4<<<1, 256>>>(nullptr); }
