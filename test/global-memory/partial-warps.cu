// Partial warps: inactive lanes ask for nothing, so the ideal shrinks with
// the active lanes. Measured on an H200 (g_partial in
// docs/measurements/h200-global-sectors.md): 16 active lanes reading 16
// consecutive floats take 2 sectors, writing 4096 bytes apart 16.
//
// RUN: not %smem-lint --checks=gmem-uncoalesced --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint --checks=gmem-uncoalesced %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not=warning: %s

// CHECK: kernel halfWarps L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void halfWarps(float *out, const float *in) {
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  // 16 floats, 64 bytes: 2 sectors, ideal 2. 16 lanes 4096 bytes apart:
  // 16 sectors for 64 bytes (ideal 2), 1 - 64 / 512 = 87.5% unused.
  // CHECK: gaccess in load L[[@LINE+5]]:38 width=4 shape=0 requested=64 sectors=2 ideal=2 lines=1 mean=2 stride=4 status=exact
  // CHECK: gaccess out store L[[@LINE+4]]:5 width=4 shape=0 requested=64 sectors=16 ideal=2 lines=16 mean=16 stride=4096 status=exact
  // TEXT: partial-warps.cu:[[@LINE+3]]:5: warning: store to 'out': consecutive lanes are 4096 bytes apart: 16 sectors per request, ideal 2; 87.5% of transferred bytes unused (block 256x1, sm_90) [gmem-uncoalesced]
  // TEXT: note: lanes 0-15 of warp 0 write out[0], out[1024], out[2048], ..., out[15360]: 64 bytes spread over 16 sectors in 16 lines
  if (lane < 16)
    out[(warp * 16 + lane) * 1024] = in[warp * 16 + lane];
}

// 48 threads: warp 0 is full, warp 1 has lanes 0-15. Worst: warp 0 with 32
// sectors (ideal 4); mean (32 + 16) / 2 = 24.
// CHECK: kernel block48 L[[@LINE+1]] block_dims=48x1x1(launch)
__global__ void block48(float *out, const float *in) {
  // CHECK: gaccess in load L[[@LINE+5]]:27 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=3 stride=4 status=exact
  // CHECK: gaccess out store L[[@LINE+4]]:3 width=4 shape=0 requested=128 sectors=32 ideal=4 lines=32 mean=24 stride=256 status=exact
  // TEXT: partial-warps.cu:[[@LINE+3]]:3: warning: store to 'out': consecutive lanes are 256 bytes apart: 32 sectors per request, ideal 4; 87.5% of transferred bytes unused (block 48x1, sm_90) [gmem-uncoalesced]
  // TEXT: note: lanes 0-31 of warp 0 write out[0], out[64], out[128], ..., out[1984]
  // TEXT: note: over its 2 requests in this block the mean is 24 sectors per request
  out[threadIdx.x * 64] = in[threadIdx.x];
}
// Loads 128 + 64 requested, (4 + 2) x 32 moved; stores 128 + 64, 48 x 32.
// CHECK: gtotals block48 shape=0 requested=384 transferred=1728 ratio=4.5 load=192/192 store=192/1536 atomic=0/0

// A bounds check that leaves the last warp with lanes 0-7: the model counts
// only the lanes that run.
// CHECK: kernel bounded L[[@LINE+1]] block_dims=64x1x1(launch)
__global__ void bounded(float *out, const float *in, int n) {
  int i = threadIdx.x;
  // Warp 1: 8 floats, 32 bytes, 1 sector. Mean (4 + 1) / 2 = 2.5.
  // CHECK: gaccess in load L[[@LINE+2]]:14 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=2.5 stride=4 status=exact
  if (i < n)
    out[i] = in[i];
}

int main() {
  halfWarps<<<8, 256>>>(nullptr, nullptr);
  block48<<<1, 48>>>(nullptr, nullptr);
  bounded<<<1, 64>>>(nullptr, nullptr, 40);
}
