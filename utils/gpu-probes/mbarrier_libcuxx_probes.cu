// The kernels of test/barriers/mbarrier-protocol-libcuxx.cu (cuda::barrier
// and cuda::pipeline), one per process (argv[1]), with their values
// checked; the pipeline also without consumer_wait (two_stages_no_wait, a
// copy of two_stages here). Run by run_mbarrier_probes.sh; results:
// docs/measurements/h200-mbarrier.md.
#define main test_main
#include "../../test/barriers/mbarrier-protocol-libcuxx.cu"
#undef main
#include "probe_launches.h"

#include <cstring>
#include <vector>

__global__ void two_stages_no_wait(const float *in, float *out) {
  __shared__ float s[2][256];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  for (int stage = 0; stage < 2; ++stage) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, s[stage], in + stage * 256, sizeof(float) * 256,
                       pipe);
    pipe.producer_commit();
  }
  float acc = 0;
  for (int stage = 0; stage < 2; ++stage) {
    acc += s[stage][255 - threadIdx.x];
    pipe.consumer_release();
  }
  out[threadIdx.x] = acc;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  const char *k = argv[1];
  int launches = argc > 2 ? atoi(argv[2]) : 1;
  float *in, *out;
  cudaMalloc(&in, 512 * 4);
  cudaMalloc(&out, 256 * 4);
  std::vector<float> h(512);
  for (int i = 0; i < 512; ++i)
    h[i] = float(i + 1);
  cudaMemcpy(in, h.data(), 512 * 4, cudaMemcpyHostToDevice);
  bool Pipe = !strncmp(k, "two_stages", 10);
  return runProbe(
      k, launches, out,
      [&](float *o) {
        if (!strcmp(k, "count_high")) count_high<<<1, 256>>>(o);
        else if (!strcmp(k, "count_right")) count_right<<<1, 256>>>(o);
        else if (!strcmp(k, "two_stages")) two_stages<<<1, 256>>>(in, o);
        else if (!strcmp(k, "two_stages_no_wait")) two_stages_no_wait<<<1, 256>>>(in, o);
        else
          return false;
        return true;
      },
      [&](int t) {
        return Pipe ? float(255 - t + 1) + float(256 + 255 - t + 1)
                    : float(255 - t);
      });
}
