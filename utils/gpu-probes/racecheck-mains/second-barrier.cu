// Host main for compute-sanitizer racecheck/synccheck runs of test/barriers/second-barrier.cu
// (see utils/gpu-probes/racecheck_barrier_tests.sh). Zero-filled device buffers of
// 4 Mi elements each, more than any kernel in the file indexes.
#include "../../../test/barriers/second-barrier.cu"
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
  float *a = zeros<float>(), *c = zeros<float>();
  // "launch" runs the file's launch(); a kernel name runs that kernel alone, with the
  // configuration launch() uses (matmulOneBarrier's hazard reports can fill the print limit).
  if (!strcmp(which, "launch")) launch(a, c);
  else if (!strcmp(which, "matmulOneBarrier")) matmulOneBarrier<<<dim3(16, 16), dim3(TILE, TILE)>>>(a, a, c, 256);
  else if (!strcmp(which, "matmulTwoBarriers")) matmulTwoBarriers<<<dim3(16, 16), dim3(TILE, TILE)>>>(a, a, c, 256);
  else if (!strcmp(which, "doubleBuffered")) doubleBuffered<<<1, 256>>>(a, c, 2048);
  else { fprintf(stderr, "unknown kernel %s\n", which); return 2; }
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  printf("second-barrier (%s): all launches completed\n", which);
  return 0;
}
