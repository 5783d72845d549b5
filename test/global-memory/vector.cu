// Vector loads and stores: a float2 lane asks for 8 bytes, a float4 lane for
// 16, so a coalesced warp request is 8 or 16 sectors, which is its ideal.
// Measured on an H200 (docs/measurements/h200-global-sectors.md): float2 8,
// float4 16 (also through reinterpret_cast of a const __restrict__ float
// pointer, LDG.E.128.CONSTANT), every other float4 32.
//
// RUN: not %smem-lint --checks=gmem-uncoalesced --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint --checks=gmem-uncoalesced %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not=warning: %s

// CHECK: kernel vectors L[[@LINE+1]] block_dims=128x1x1(launch)
__global__ void vectors(float2 *out2, const float2 *in2, float4 *out4,
                        const float4 *in4, float *out,
                        const float *__restrict__ in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // 32 x 8 = 256 bytes: 8 sectors in 2 lines, ideal 8.
  // CHECK: gaccess in2 load L[[@LINE+2]]:13 width=8 shape=0 requested=256 sectors=8 ideal=8 lines=2 mean=8 stride=8 status=exact
  // CHECK: gaccess out2 store L[[@LINE+1]]:3 width=8 shape=0 requested=256 sectors=8 ideal=8 lines=2 mean=8 stride=8 status=exact
  out2[i] = in2[i];
  // 32 x 16 = 512 bytes: 16 sectors in 4 lines, ideal 16.
  // CHECK: gaccess in4 load L[[@LINE+2]]:13 width=16 shape=0 requested=512 sectors=16 ideal=16 lines=4 mean=16 stride=16 status=exact
  // CHECK: gaccess out4 store L[[@LINE+1]]:3 width=16 shape=0 requested=512 sectors=16 ideal=16 lines=4 mean=16 stride=16 status=exact
  out4[i] = in4[i];
  // The same through float pointers; the array is the parameter.
  // CHECK: gaccess in load L[[@LINE+2]]:40 width=16 shape=0 requested=512 sectors=16 ideal=16 lines=4 mean=16 stride=16 status=exact
  // CHECK: gaccess out store L[[@LINE+1]]:3 width=16 shape=0 requested=512 sectors=16 ideal=16 lines=4 mean=16 stride=16 status=exact
  reinterpret_cast<float4 *>(out)[i] = reinterpret_cast<const float4 *>(in)[i];
  // Every other float4: bytes 32L..32L+15, a sector per lane: 32 sectors
  // in 8 lines for 512 bytes (ideal 16), 50% unused.
  // CHECK: gaccess in4 load L[[@LINE+6]]:24 width=16 shape=0 requested=512 sectors=32 ideal=16 lines=8 mean=32 stride=32 status=exact
  // CHECK: gaccess out4 store L[[@LINE+5]]:3 width=16 shape=0 requested=512 sectors=32 ideal=16 lines=8 mean=32 stride=32 status=exact
  // TEXT: vector.cu:[[@LINE+4]]:3: warning: 16-byte store to 'out4': consecutive lanes are 32 bytes apart: 32 sectors per request, ideal 16; 50% of transferred bytes unused (block 128x1, sm_90) [gmem-uncoalesced]
  // TEXT: note: lanes 0-31 of warp 0 write out4[1024], out4[1026], out4[1028], ..., out4[1086]: 512 bytes spread over 32 sectors in 8 lines
  // TEXT: vector.cu:[[@LINE+2]]:24: warning: 16-byte load from 'in4': consecutive lanes are 32 bytes apart: 32 sectors per request, ideal 16; 50% of transferred bytes unused (block 128x1, sm_90) [gmem-uncoalesced]
  // TEXT: note: lanes 0-31 of warp 0 read in4[1024], in4[1026], in4[1028], ..., in4[1086]
  out4[1024 + 2 * i] = in4[1024 + 2 * i];
  // One float2 field per lane: 4 bytes every 8, 8 sectors for 128 bytes:
  // flagged like any 8-byte stride.
  // CHECK: gaccess in2 load L[[@LINE+2]]:19 width=4 shape=0 requested=128 sectors=8 ideal=4 lines=2 mean=8 stride=8 status=exact
  // TEXT: vector.cu:[[@LINE+1]]:19: warning: load from 'in2': consecutive lanes are 8 bytes apart: 8 sectors per request, ideal 4; 50% of transferred bytes unused (block 128x1, sm_90) [gmem-uncoalesced]
  out[i + 8192] = in2[i].y;
}
// Requested 4 warps x (256 x 2 + 512 x 4 + 512 x 2 + 128 x 2) = 4 x 3840;
// moved 4 x 32 x (8 x 2 + 16 x 4 + 32 x 2 + 8 + 4) = 4 x 32 x 156.
// CHECK: gtotals vectors shape=0 requested=15360 transferred=19968 ratio=1.3

int main() { vectors<<<64, 128>>>(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr); }
