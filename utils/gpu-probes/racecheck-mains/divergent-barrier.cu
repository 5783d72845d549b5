// Host main for compute-sanitizer racecheck/synccheck runs of test/barriers/divergent-barrier.cu
// (see utils/gpu-probes/racecheck_barrier_tests.sh). Zero-filled device buffers of
// 4 Mi elements each, more than any kernel in the file indexes.
#include "../../../test/barriers/divergent-barrier.cu"
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

// Probe (not in the test file): the threads that skip the first barrier arrive at a second
// __syncthreads() instead of exiting, i.e. two bar.sync instructions of barrier 0 meet. Tells
// whether synccheck's silence on halfBlock comes from the skipping threads exiting.
__global__ void probeHalfThenFull(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.0f;
  if (threadIdx.x < 128)
    __syncthreads();
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "launch";
  float *f = zeros<float>();
  // "launch" runs the file's launch(); a kernel name runs that kernel alone, with the
  // configuration launch() uses, so that one deadlocking kernel cannot hide the others.
  if (!strcmp(which, "launch")) launch(f);
  else if (!strcmp(which, "halfBlock")) halfBlock<<<1, 256>>>(f);
  else if (!strcmp(which, "earlyReturn")) earlyReturn<<<1, 256>>>(f, 200);
  else if (!strcmp(which, "perThreadTrips")) perThreadTrips<<<1, 64>>>(f);
  else if (!strcmp(which, "uniform")) uniform<<<1, 256>>>(f, 1);
  else if (!strcmp(which, "probeHalfThenFull")) probeHalfThenFull<<<1, 256>>>(f);
  else { fprintf(stderr, "unknown kernel %s\n", which); return 2; }
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  printf("divergent-barrier (%s): all launches completed\n", which);
  return 0;
}
