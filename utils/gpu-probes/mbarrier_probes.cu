// The kernels of test/barriers/mbarrier-protocol.cu, run on the GPU one per
// process (argv[1]: the kernel's name, argv[2]: launches), with the values
// each reads checked: a kernel that hangs is killed by the script's timeout
// (run_mbarrier_probes.sh); one that returns early reads values its
// producers had not written yet. Results: docs/measurements/h200-mbarrier.md.
#define main test_main
#include "../../test/barriers/mbarrier-protocol.cu"
#undef main

// What an arrival beyond the pending count does besides the test's
// lane_per_warp (one lane per warp on a count-1 mbarrier): thread 0 twice
// in a row; a whole warp (32 arrivals in one instruction) on a count-2
// mbarrier; the same on a count-32 one (exact).
__global__ void overrun_thread_twice(float *out) {
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  __syncthreads();
  if (threadIdx.x == 0) { arrive(&bar); arrive(&bar); }
  out[threadIdx.x] = 1;
}
__global__ void overrun_in_one_warp(float *out) {
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 2);
  __syncthreads();
  if (threadIdx.x < 32) arrive(&bar);
  out[threadIdx.x] = 1;
}
__global__ void exact_one_warp(float *out) {
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 32);
  __syncthreads();
  if (threadIdx.x < 32) arrive(&bar);
  out[threadIdx.x] = 1;
}

#include "probe_launches.h"

#include <cstring>
#include <vector>

// Each kernel's expected out[0..255] for in[i] = i + 1 (8 tiles of 256).
static float expected(const char *k, int t) {
  if (!strcmp(k, "bytes_short") || !strcmp(k, "bytes_right") ||
      !strcmp(k, "parity_wrong"))
    return float(t + 1);
  if (!strcmp(k, "ring") || !strcmp(k, "ring_fixed")) {
    float acc = 0;
    for (int j = 0; j < 8; ++j)
      acc += float(j * 256 + t + 1);
    return acc;
  }
  if (!strcmp(k, "count_too_low") || !strncmp(k, "overrun", 7) ||
      !strcmp(k, "exact_one_warp") || !strcmp(k, "lane_per_warp"))
    return 1.0f;
  return float(255 - t);
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  const char *k = argv[1];
  int launches = argc > 2 ? atoi(argv[2]) : 1;
  float *in, *out;
  cudaMalloc(&in, 8 * 256 * 4);
  cudaMalloc(&out, 256 * 4);
  std::vector<float> h(8 * 256);
  for (int i = 0; i < 8 * 256; ++i)
    h[i] = float(i + 1);
  cudaMemcpy(in, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
  return runProbe(
      k, launches, out,
      [&](float *o) {
        if (!strcmp(k, "count_too_high")) count_too_high<<<1, 256>>>(o);
        else if (!strcmp(k, "count_right")) count_right<<<1, 256>>>(o);
        else if (!strcmp(k, "bytes_short")) bytes_short<<<1, 256>>>(in, o);
        else if (!strcmp(k, "bytes_right")) bytes_right<<<1, 256>>>(in, o);
        else if (!strcmp(k, "parity_wrong")) parity_wrong<<<1, 256>>>(in, o);
        else if (!strcmp(k, "parity_wrong_arrivals")) parity_wrong_arrivals<<<1, 256>>>(o);
        else if (!strcmp(k, "count_too_low")) count_too_low<<<1, 256>>>(o);
        else if (!strcmp(k, "ring")) ring<<<1, 256>>>(in, o);
        else if (!strcmp(k, "ring_fixed")) ring_fixed<<<1, 256>>>(in, o);
        else if (!strcmp(k, "lane_per_warp")) lane_per_warp<<<1, 256>>>(o);
        else if (!strcmp(k, "overrun_thread_twice")) overrun_thread_twice<<<1, 256>>>(o);
        else if (!strcmp(k, "overrun_in_one_warp")) overrun_in_one_warp<<<1, 256>>>(o);
        else if (!strcmp(k, "exact_one_warp")) exact_one_warp<<<1, 256>>>(o);
        else
          return false;
        return true;
      },
      [&](int t) { return expected(k, t); });
}
