// Dynamic shared memory: extern __shared__ arrays, sized at the launch, and
// reinterpret_cast views of them. Block 128 from the launch (4 warps).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel dyn L[[@LINE+1]] block_dims=128x1x1(launch)
__global__ void dyn(float *out) {
  extern __shared__ float buf[];
  int lane = threadIdx.x & 31;
  // Word 2t: lanes l and l + 16 share a bank -> 2 (s[lane * K], K = 2).
  // CHECK: access buf store L[[@LINE+3]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  // TEXT: dynamic-shared.cu:[[@LINE+2]]:3: warning: 2-way bank conflict: write of 'buf' takes 2 wavefronts per warp instead of 1 (block 128x1, sm_90)
  // TEXT: note: 'buf' is dynamic shared memory; its layout is in the index arithmetic
  buf[threadIdx.x * 2] = 1.0f;
  __syncthreads();
  // A float4 view of the same memory.
  float4 *v = reinterpret_cast<float4 *>(buf);
  // 128-byte stride: h200-shared-memory.md row "float4 s[], s[lane * 8]" 32.
  // CHECK: access buf load L[[@LINE+2]]:{{[0-9]+}} width=16 shape=0 wavefronts=32 mean=32 ideal=4 ways=8
  // TEXT: dynamic-shared.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 8-way bank conflict: 16-byte read of 'buf' takes 32 wavefronts per warp instead of 4 (block 128x1, sm_90)
  float4 a = v[lane * 8];
  // Row "float4 s[], s[lane]" 4.00.
  // CHECK: access buf load L[[@LINE+1]]:{{[0-9]+}} width=16 shape=0 wavefronts=4 mean=4 ideal=4 ways=1
  float4 b = v[threadIdx.x];
  // A double view: row "double s[lane*K]", K = 16: 32.
  const double *d = reinterpret_cast<const double *>(buf);
  // CHECK: access buf load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=32 mean=32 ideal=2 ways=16
  // TEXT: dynamic-shared.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 16-way bank conflict: 8-byte read of 'buf'
  double c = d[lane * 16];
  // A second region placed after the first 1024 floats: word 1024 + 33t,
  // odd stride -> 1.
  float *second = buf + 1024;
  // CHECK: access buf load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  float e = second[lane * 33];
  // Every field is used, so the float4 loads stay 16-byte instructions.
  out[threadIdx.x] = a.x + a.y + a.z + a.w + b.x + b.y + b.z + b.w + c + e;
}
// 4 warps: store 4 x 2 = 8; loads 4 x (32 + 4 + 32 + 1) = 276 over 16.
// CHECK: totals dyn shape=0 load=276/16 store=8/4 atomic=0/0

int main() { dyn<<<1, 128, 8192>>>(nullptr); }
