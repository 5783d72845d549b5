// The kernels of test/barriers/mbarrier-protocol.cu, run on the GPU one per
// process (argv[1]: the kernel's name, argv[2]: launches), with the values
// each reads checked: a kernel that hangs is killed by the script's timeout
// (run_mbarrier_probes.sh); one that returns early reads values its
// producers had not written yet. Results: docs/measurements/h200-mbarrier.md.
// Each phase
// completes when the arrivals the mbarrier was initialised for and the
// transaction bytes announced with expect_tx are all in; a wait names its
// phase by parity: the current one when the parities agree, else the one
// before it.
//

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ void init(unsigned long long *b, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(b)), "r"(count));
}
__device__ void arrive(unsigned long long *b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(b)) : "memory");
}
__device__ void expect(unsigned long long *b, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(b)), "r"(bytes) : "memory");
}
__device__ void wait(unsigned long long *b, unsigned parity) {
  asm volatile("{\n .reg .pred p;\n W_%=:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n @!p bra W_%=;\n}" ::"r"(smem(b)), "r"(parity) : "memory");
}
__device__ void load(void *dst, const void *src, unsigned bytes, unsigned long long *b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               ::"r"(smem(dst)), "l"(src), "r"(bytes), "r"(smem(b)) : "memory");
}

// Initialised for the block, but only half of it arrives: phase 0 gets 128
// of its 256 arrivals and every thread waits for it.
__global__ void count_too_high(float *out) {
  __shared__ unsigned long long bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, 256);
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 128) arrive(&bar);
  wait(&bar, 0);
  out[threadIdx.x] = s[255 - threadIdx.x];
}
// Fixed: every thread arrives; the wait orders each write before the reads.
__global__ void count_right(float *out) {
  __shared__ unsigned long long bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, 256);
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  arrive(&bar);
  wait(&bar, 0);
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// A bulk copy announced as 4096 bytes that copies 2048: the phase has its
// one arrival and never its bytes.
__global__ void bytes_short(const float *in, float *out) {
  __shared__ alignas(128) float s[1024];
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    expect(&bar, 4096);
    load(s, in, 2048, &bar);
  }
  wait(&bar, 0);
  out[threadIdx.x] = s[threadIdx.x];
}
// Fixed: the bytes announced are the bytes copied.
__global__ void bytes_right(const float *in, float *out) {
  __shared__ alignas(128) float s[1024];
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    expect(&bar, 4096);
    load(s, in, 4096, &bar);
  }
  wait(&bar, 0);
  out[threadIdx.x] = s[threadIdx.x];
}

// Parity 1 on a fresh mbarrier: while the copy is in flight (phase 0 in
// progress) it names the phase before the first, and the wait returns at
// once, before the copy lands (so the read is early too); once the copy
// has landed, it names phase 1, which nothing completes.
__global__ void parity_wrong(const float *in, float *out) {
  __shared__ alignas(128) float s[1024];
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    expect(&bar, 4096);
    load(s, in, 4096, &bar);
  }
  wait(&bar, 1);
  out[threadIdx.x] = s[threadIdx.x];
}

// The same with arrivals: until every thread has arrived, parity 1 names
// the phase before the first; the read of another thread's write is early.
__global__ void parity_wrong_arrivals(float *out) {
  __shared__ unsigned long long bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, 256);
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;
  arrive(&bar);
  wait(&bar, 1);
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// Every thread arrives on an mbarrier counted for one: each arrival
// completes a phase, 256 in all, and parity 0 then names phase 256.
__global__ void count_too_low(float *out) {
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  __syncthreads();
  arrive(&bar);
  wait(&bar, 0);
  out[threadIdx.x] = 1;
}

// A ring of two stages refilled by thread 0: the copy into stage k % 2 at
// iteration k + 2 may land while other threads still read it in iteration
// k; no wait orders their reads before it. Fixed: a __syncthreads() ends
// each iteration.
__global__ void ring(const float *in, float *out) {
  __shared__ alignas(128) float s[2][256];
  __shared__ unsigned long long full[2];
  if (threadIdx.x == 0) { init(&full[0], 1); init(&full[1], 1); }
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 8; ++k) {
    if (threadIdx.x == 0) {
      expect(&full[k % 2], 1024);
      load(s[k % 2], in + k * 256, 1024, &full[k % 2]);
    }
    wait(&full[k % 2], (k / 2) & 1);
    acc += s[k % 2][threadIdx.x];
  }
  out[threadIdx.x] = acc;
}
__global__ void ring_fixed(const float *in, float *out) {
  __shared__ alignas(128) float s[2][256];
  __shared__ unsigned long long full[2];
  if (threadIdx.x == 0) { init(&full[0], 1); init(&full[1], 1); }
  __syncthreads();
  float acc = 0;
  for (int k = 0; k < 8; ++k) {
    if (threadIdx.x == 0) {
      expect(&full[k % 2], 1024);
      load(s[k % 2], in + k * 256, 1024, &full[k % 2]);
    }
    wait(&full[k % 2], (k / 2) & 1);
    acc += s[k % 2][threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}


// What an arrival beyond the pending count does (no wait: only the
// arrivals). One lane per warp on a count-1 mbarrier: 8 phases, one
// arrival each; thread 0 twice in a row; a whole warp (32 arrivals in one
// instruction) on a count-2 mbarrier; the same on a count-32 one (exact).
__global__ void overrun_lane_per_warp(float *out) {
  __shared__ unsigned long long bar;
  if (threadIdx.x == 0) init(&bar, 1);
  __syncthreads();
  if (threadIdx.x % 32 == 0) arrive(&bar);
  out[threadIdx.x] = 1;
}
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

#include <cstdio>
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
      !strcmp(k, "exact_one_warp"))
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
  long wrong = 0, wrongLaunches = 0;
  for (int l = 0; l < launches; ++l) {
    cudaMemset(out, 0xff, 256 * 4);
    if (!strcmp(k, "count_too_high")) count_too_high<<<1, 256>>>(out);
    else if (!strcmp(k, "count_right")) count_right<<<1, 256>>>(out);
    else if (!strcmp(k, "bytes_short")) bytes_short<<<1, 256>>>(in, out);
    else if (!strcmp(k, "bytes_right")) bytes_right<<<1, 256>>>(in, out);
    else if (!strcmp(k, "parity_wrong")) parity_wrong<<<1, 256>>>(in, out);
    else if (!strcmp(k, "parity_wrong_arrivals")) parity_wrong_arrivals<<<1, 256>>>(out);
    else if (!strcmp(k, "count_too_low")) count_too_low<<<1, 256>>>(out);
    else if (!strcmp(k, "ring")) ring<<<1, 256>>>(in, out);
    else if (!strcmp(k, "ring_fixed")) ring_fixed<<<1, 256>>>(in, out);
    else if (!strcmp(k, "overrun_lane_per_warp")) overrun_lane_per_warp<<<1, 256>>>(out);
    else if (!strcmp(k, "overrun_thread_twice")) overrun_thread_twice<<<1, 256>>>(out);
    else if (!strcmp(k, "overrun_in_one_warp")) overrun_in_one_warp<<<1, 256>>>(out);
    else if (!strcmp(k, "exact_one_warp")) exact_one_warp<<<1, 256>>>(out);
    else return 2;
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      printf("%s: launch %d: %s\n", k, l, cudaGetErrorString(e));
      return 1;
    }
    std::vector<float> o(256);
    cudaMemcpy(o.data(), out, 256 * 4, cudaMemcpyDeviceToHost);
    long w = 0;
    for (int t = 0; t < 256; ++t)
      w += o[t] != expected(k, t);
    wrong += w;
    wrongLaunches += w > 0;
  }
  printf("%s: %d launches completed, %ld with wrong values (%ld wrong values)\n",
         k, launches, wrongLaunches, wrong);
  return 0;
}
