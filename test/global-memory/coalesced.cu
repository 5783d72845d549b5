// Coalesced global accesses: consecutive lanes on consecutive elements, a
// uniform address, and a contiguous row one element off alignment. None
// reaches the gmem-uncoalesced threshold (at least twice the ideal sectors
// and 4 more). Measured rows: docs/measurements/h200-global-sectors.md.
//
// RUN: %smem-lint --checks=gmem-uncoalesced --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint --checks=gmem-uncoalesced %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not=gmem-uncoalesced %s

// CHECK: kernel copy L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void copy(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // 32 floats = bytes 0..127 of one line: 4 sectors, ideal 4; measured 4
  // (g_coalesced, and "a warp reading 32 consecutive floats takes 4 sectors"
  // in shared/ref/h200-shared-memory.md). 8 warps: 8 x 128 = 1024 bytes.
  // CHECK: gaccess in load L[[@LINE+2]]:12 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=4 stride=4 status=exact
  // CHECK: gaccess out store L[[@LINE+1]]:3 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=4 stride=4 status=exact
  out[i] = in[i];
}
// CHECK: gtotals copy shape=0 requested=2048 transferred=2048 ratio=1 load=1024/1024 store=1024/1024 atomic=0/0

// CHECK: kernel uniform L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void uniform(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Every lane reads in[0]: 4 distinct bytes, 1 sector; measured 1
  // (g_uniform). Never flagged.
  // CHECK: gaccess in load L[[@LINE+1]]:12 width=4 shape=0 requested=4 sectors=1 ideal=1 lines=1 mean=1 stride=0 status=exact
  out[i] = in[0] + 1.0f;
}
// Loads: 8 x 4 requested, 8 x 32 moved; stores 8 x 128 both.
// CHECK: gtotals uniform shape=0 requested=1056 transferred=1280 ratio=1.212 load=32/256 store=1024/1024 atomic=0/0

// CHECK: kernel misaligned L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void misaligned(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Bytes 4..131 cross sectors 0-4 of lines 0-1: 5 sectors, ideal 4, below
  // the threshold; measured 5 (g_misaligned).
  // CHECK: gaccess in load L[[@LINE+2]]:16 width=4 shape=0 requested=128 sectors=5 ideal=4 lines=2 mean=5 stride=4 status=exact
  // CHECK: gaccess out store L[[@LINE+1]]:3 width=4 shape=0 requested=128 sectors=5 ideal=4 lines=2 mean=5 stride=4 status=exact
  out[i + 1] = in[i + 1];
}

// A row of a 2-D array with a known pitch: warp w reads row w, 32 floats.
// CHECK: kernel rows L[[@LINE+1]] block_dims=32x8x1(launch)
__global__ void rows(float *out, const float *in, int pitch) {
  const float *row = in + (blockIdx.y * 8 + threadIdx.y) * pitch;
  // CHECK: gaccess in load L[[@LINE+1]]:41 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=4 stride=4 status=exact
  out[threadIdx.y * 32 + threadIdx.x] = row[threadIdx.x];
}

// TEXT: smem-lint: 0 warnings and 0 errors in 1 file
int main() {
  copy<<<1024, 256>>>(nullptr, nullptr);
  uniform<<<1024, 256>>>(nullptr, nullptr);
  misaligned<<<1024, 256>>>(nullptr, nullptr);
  rows<<<dim3(1, 128), dim3(32, 8)>>>(nullptr, nullptr, 1024);
}
