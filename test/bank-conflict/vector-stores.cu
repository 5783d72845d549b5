// float2 and float4 stores, written the usual way (assigning a whole vector),
// 256 threads, 1-D. Stores never merge lanes: 8 B stores are served as
// half-warps and 16 B stores as quarter-warps (h200-bank-probes.md, Conclusion).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel f2store L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void f2store(const float2 *in) {
  __shared__ float2 s[1024];
  int lane = threadIdx.x & 31;
  float2 v = in[threadIdx.x];
  // Each half-warp writes 32 consecutive words -> 1 + 1 = 2;
  // h200-shared-memory.md row "float2 s[], s[lane]" 8 B st 2.00.
  // CHECK: access s store L[[@LINE+1]]:3 width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  s[lane] = v;
  // h200-bank-probes.md f2_st_and15: 2.
  // CHECK: access s store L[[@LINE+1]]:3 width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  s[lane & 15] = make_float2(1.0f, 2.0f);
}
// CHECK: totals f2store shape=0 load=0/0 store=32/16 atomic=0/0

// CHECK: kernel f4store L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void f4store(const float4 *in) {
  __shared__ float4 a[1024];
  int lane = threadIdx.x & 31;
  float4 v = in[threadIdx.x];
  // Each quarter writes 32 consecutive words -> 4 x 1 = 4;
  // h200-shared-memory.md row "float4 s[], s[lane]" 16 B st 4.00.
  // CHECK: access a store L[[@LINE+1]]:3 width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1
  a[lane] = v;
  // h200-bank-probes.md f4_st_and7: 4.
  // CHECK: access a store L[[@LINE+1]]:3 width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1
  a[lane & 7] = v;
  // h200-bank-probes.md pattern "uniform" (16 B st): 4 (stores never merge).
  // CHECK: access a store L[[@LINE+1]]:3 width=16 shape=0 wavefronts=4 mean=4
  a[0] = v;
  // h200-bank-probes.md pattern "and1x8" (16 B st): a[0] and a[8] share
  // banks 0-3 in every quarter -> 4 x 2 = 8.
  // CHECK: access a store L[[@LINE+2]]:3 width=16 shape=0 wavefronts=8 mean=8
  // TEXT: vector-stores.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: 16-byte write of 'a' takes 8 wavefronts per warp instead of 4
  a[(lane & 1) * 8] = v;
}
// 4 stores x 8 warps = 32; 8 x (4 + 4 + 4 + 8) = 160.
// CHECK: totals f4store shape=0 load=0/0 store=160/32 atomic=0/0

int main() {
  f2store<<<1, 256>>>(nullptr);
  f4store<<<1, 256>>>(nullptr);
}
