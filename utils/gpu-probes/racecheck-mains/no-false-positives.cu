// Host main for compute-sanitizer racecheck/synccheck runs of test/barriers/no-false-positives.cu
// (see utils/gpu-probes/racecheck_barrier_tests.sh). Zero-filled device buffers of
// 4 Mi elements each, more than any kernel in the file indexes.
#include "../../../test/barriers/no-false-positives.cu"
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); return 2; } } while (0)

template <class T> static T *zeros(size_t n = size_t(1) << 22) {
  T *p = nullptr;
  if (cudaMalloc(&p, n * sizeof(T)) != cudaSuccess || cudaMemset(p, 0, n * sizeof(T)) != cudaSuccess) {
    fprintf(stderr, "allocation failed\n");
    exit(2);
  }
  return p;
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "launch";
  float *o = zeros<float>(), *i = zeros<float>();
  launch(o, i);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  printf("no-false-positives (%s): all launches completed\n", which);
  return 0;
}
