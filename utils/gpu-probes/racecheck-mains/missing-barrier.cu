// Host main for compute-sanitizer racecheck/synccheck runs of test/barriers/missing-barrier.cu
// (see utils/gpu-probes/racecheck_barrier_tests.sh). Zero-filled device buffers of
// 4 Mi elements each, more than any kernel in the file indexes.
#include "../../../test/barriers/missing-barrier.cu"
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
  float *f = zeros<float>(), *c = zeros<float>();
  int *k = zeros<int>(), *o = zeros<int>();
  launch(f, c, k, o);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  printf("missing-barrier (%s): all launches completed\n", which);
  return 0;
}
