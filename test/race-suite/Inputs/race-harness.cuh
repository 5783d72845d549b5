// The host side every race-suite program shares: inputs on the device and
// the choice of one kernel to run (argv[1]), so that each file builds alone
// with nvcc for compute-sanitizer (utils/gpu-probes/race_suite_racecheck.sh).
#ifndef RACE_SUITE_HARNESS_CUH
#define RACE_SUITE_HARNESS_CUH

__global__ void fill_ramp(float *p, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    p[i] = (float)(i % 97) - 40.0f;
}

__global__ void fill_mod(int *p, int n, int mod) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    p[i] = i % mod;
}

// Runs every kernel, or only the one named by argv[1].
static bool wanted(int argc, char **argv, const char *name) {
  if (argc < 2)
    return true;
  const char *a = argv[1];
  while (*a && *a == *name) {
    ++a;
    ++name;
  }
  return *a == 0 && *name == 0;
}

#endif
