// The launch loop the mbarrier probes share: a kernel chosen by name, one
// block of 256 threads, launched again and again with its 256 output values
// checked after each launch. Results: docs/measurements/h200-mbarrier.md.
#ifndef SMEMLINT_GPU_PROBES_PROBE_LAUNCHES_H
#define SMEMLINT_GPU_PROBES_PROBE_LAUNCHES_H

#include <cstdio>
#include <vector>

// Runs Launch(out) `launches` times (it returns false for an unknown
// kernel), checks out[t] against Expected(t) after each and prints how many
// launches and values were wrong. Returns main's exit status: 0 done, 1 a
// launch failed, 2 an unknown kernel.
template <typename LaunchT, typename ExpectedT>
int runProbe(const char *Name, int Launches, float *Out, LaunchT Launch,
             ExpectedT Expected) {
  long Wrong = 0, WrongLaunches = 0;
  for (int L = 0; L < Launches; ++L) {
    cudaMemset(Out, 0xff, 256 * 4);
    if (!Launch(Out))
      return 2;
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      printf("%s: launch %d: %s\n", Name, L, cudaGetErrorString(E));
      return 1;
    }
    std::vector<float> O(256);
    cudaMemcpy(O.data(), Out, 256 * 4, cudaMemcpyDeviceToHost);
    long W = 0;
    for (int T = 0; T < 256; ++T)
      W += O[T] != Expected(T);
    Wrong += W;
    WrongLaunches += W > 0;
  }
  printf("%s: %d launches completed, %ld with wrong values (%ld wrong values)\n",
         Name, Launches, WrongLaunches, Wrong);
  return 0;
}

#endif
