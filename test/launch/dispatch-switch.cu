// A launch under `case 256:` of a switch on a value is reached only when the
// value is 256: the dynamic bytes it is analysed with are those computed
// from 256, not from the 64 another call passes (FlashInfer's
// DISPATCH_HEAD_DIM: one template instance per case, the bytes from the
// runtime value). Before, every instance took the first call's value, and
// 'merge<8U, 16U>' got 17408 bytes, 'merge<32U, 4U>' 1280 and a write out of
// bounds.
//
// RUN: %smem-lint --format=json %s | %summarize --launches | FileCheck %s
// RUN: %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s
// TEXT-NOT: out of bounds

#include <cstdint>
#include <cstdlib>

// Block bdx x bdy = 128 threads; thread y writes word bdx * bdy + y.
template <uint32_t bdx, uint32_t bdy>
__global__ void merge(float *out, uint32_t n) {
  extern __shared__ float smem[];
  float *s = smem + bdx * bdy;
  s[threadIdx.y] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.y];
}

#define DISPATCH(head_dim, HEAD_DIM, ...)                                      \
  switch (head_dim) {                                                          \
  case 64: {                                                                   \
    constexpr uint32_t HEAD_DIM = 64;                                          \
    __VA_ARGS__                                                                \
    break;                                                                     \
  }                                                                            \
  case 256: {                                                                  \
    constexpr uint32_t HEAD_DIM = 256;                                         \
    __VA_ARGS__                                                                \
    break;                                                                     \
  }                                                                            \
  default:                                                                     \
    return;                                                                    \
  }

// (bdy + 1) * head_dim floats: for 64, bdx = 8, bdy = 16: 17 * 64 * 4 = 4352;
// for 256, bdx = 32, bdy = 4: 5 * 256 * 4 = 5120.
// CHECK-DAG: launch merge<8U, 16U> shape=0 block=8x16x1 grid=32x1x1 dynamic=4352 params=n=32
// CHECK-DAG: launch merge<32U, 4U> shape=0 block=32x4x1 grid=32x1x1 dynamic=5120 params=n=32
void launchMerge(float *out, uint32_t heads, uint32_t head_dim) {
  DISPATCH(head_dim, HEAD_DIM, {
    constexpr uint32_t bdx = HEAD_DIM / 8;
    constexpr uint32_t bdy = 128 / bdx;
    size_t bytes = (bdy + 1) * head_dim * sizeof(float);
    merge<bdx, bdy><<<heads, dim3(bdx, bdy), bytes>>>(out, heads);
  });
}

// An early return: the launch below `if (n < 128) return;` runs only with
// the 256 of the two calls (its 64 would have put the block at 64 threads).
// An exit() in a branch is an early return too.
// CHECK-DAG: launch guarded shape=0 block=256x1x1 grid=1x1x1 dynamic=0
// CHECK-NOT: launch guarded shape=1
__global__ void guarded(float *out) {
  __shared__ float t[256];
  t[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[(threadIdx.x + 1) % blockDim.x];
}
void runGuarded(float *out, int n) {
  if (n < 128)
    return;
  if (n > 512) {
    __builtin_printf("too many\n");
    exit(1);
  }
  guarded<<<1, n>>>(out);
}

// Forty instances of a caller template pass 64 before any passes 256: each
// call site binds the same values, which are one configuration, not forty
// that crowd the 256 out (the callers read are bounded).
template <uint32_t HD, int Variant> void decode(float *out, uint32_t heads) {
  launchMerge(out, heads, HD);
  if constexpr (Variant > 0)
    decode<HD, Variant - 1>(out, heads);
}

// An if on a value known at the call: the launch in the branch the value
// does not take is not one of its configurations (256 threads under
// `n > 1000` with n = 4096, never 64).
// CHECK-DAG: launch branches shape=0 block=256x1x1 grid=1x1x1 dynamic=1024
// CHECK-NOT: launch branches shape=1
__global__ void branches(float *out) {
  extern __shared__ float t[];
  t[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[blockDim.x - 1 - threadIdx.x];
}
void pick(float *out, int n) {
  if (n > 1000)
    branches<<<1, 256, 256 * sizeof(float)>>>(out);
  else
    branches<<<1, 64, 64 * sizeof(float)>>>(out);
}

// Under `default:`, a launch is reached by the values no other label of
// the switch takes: kind 1 (a case of its own) does not reach it, kind 7
// does, so the launch has 128 threads only.
// CHECK-DAG: launch fallback shape=0 block=128x1x1 grid=1x1x1 dynamic=512
// CHECK-NOT: launch fallback shape=1
__global__ void fallback(float *out) {
  extern __shared__ float t[];
  t[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = t[blockDim.x - 1 - threadIdx.x];
}
void choose(float *out, int kind, int n) {
  switch (kind) {
  case 1:
  case 2:
    break;
  default:
    fallback<<<1, n, n * sizeof(float)>>>(out);
  }
}

int main() {
  float *out = nullptr;
  choose(out, 1, 64);
  choose(out, 7, 128);
  decode<64, 40>(out, 32);
  decode<256, 0>(out, 32);
  pick(out, 4096);
  runGuarded(out, 64);
  runGuarded(out, 256);
  runGuarded(out, 1024);
}
