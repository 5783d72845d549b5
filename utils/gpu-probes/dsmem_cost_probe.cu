// The cost of one warp's loads and stores of another block's shared memory
// (distributed shared memory) on the H200, for Nsight Compute: warp 0 of
// block rank 0 reads or writes the peer's 1024-byte-aligned array at
// base + lane * stride bytes, 64 times per launch (volatile PTX, so that
// none is merged or dropped); the other threads only fill the array and
// wait at the cluster barriers. One launch per configuration given on the
// command line as quadruples "width stride base store" (width 4, 8 or 16
// bytes; store 0 or 1), then one launch with no access (the background).
// Wavefronts per instruction: (l1tex__data_pipe_lsu_wavefronts_mem_lgds of
// the launch - of the background) / 64.
// Run by run_cluster_probes.sh; results: docs/measurements/h200-clusters.md.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>

namespace cg = cooperative_groups;

__device__ float volatileLoad(const char *p, int width) {
  float a = 0, b = 0, c = 0, d = 0;
  if (width == 4)
    asm volatile("ld.volatile.f32 %0, [%1];" : "=f"(a) : "l"(p));
  else if (width == 8)
    asm volatile("ld.volatile.v2.f32 {%0, %1}, [%2];"
                 : "=f"(a), "=f"(b)
                 : "l"(p));
  else
    asm volatile("ld.volatile.v4.f32 {%0, %1, %2, %3}, [%4];"
                 : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
                 : "l"(p));
  return a + b + c + d;
}

__device__ void volatileStore(char *p, int width, float v) {
  if (width == 4)
    asm volatile("st.volatile.f32 [%0], %1;" ::"l"(p), "f"(v) : "memory");
  else if (width == 8)
    asm volatile("st.volatile.v2.f32 [%0], {%1, %1};" ::"l"(p), "f"(v)
                 : "memory");
  else
    asm volatile("st.volatile.v4.f32 [%0], {%1, %1, %1, %1};" ::"l"(p), "f"(v)
                 : "memory");
}

__global__ void __cluster_dims__(2, 1, 1)
    remote_probe(float *out, int stride, int base, int width, int store,
                 int reps) {
  __shared__ __align__(1024) float s[8192];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  for (unsigned i = t; i < 8192; i += blockDim.x)
    s[i] = i;
  cluster.sync();
  float sum = 0;
  if (rank == 0 && t < 32) {
    char *peer = reinterpret_cast<char *>(cluster.map_shared_rank(s, 1));
    char *p = peer + (base + t * stride) % 32768;
    for (int r = 0; r < reps; ++r) {
      if (store)
        volatileStore(p, width, float(r));
      else
        sum += volatileLoad(p, width);
    }
  }
  if (sum == 12345.f) // never: keeps the loads
    out[t] = sum;
  cluster.sync();
}

int main(int argc, char **argv) {
  float *out;
  cudaMalloc(&out, 4096);
  for (int i = 1; i + 3 < argc; i += 4) {
    int width = atoi(argv[i]), stride = atoi(argv[i + 1]),
        base = atoi(argv[i + 2]), store = atoi(argv[i + 3]);
    remote_probe<<<2, 64>>>(out, stride, base, width, store, 64);
    cudaError_t e = cudaDeviceSynchronize();
    printf("cfg w=%d stride=%d base=%d store=%d %s\n", width, stride, base,
           store, cudaGetErrorString(e));
  }
  remote_probe<<<2, 64>>>(out, 4, 0, 4, 0, 0);
  cudaDeviceSynchronize();
  printf("cfg background\n");
  return 0;
}
