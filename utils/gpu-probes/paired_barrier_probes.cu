// Does the GPU complete one barrier when the two halves of a block wait at
// different __syncthreads() calls, one on each side of a branch (siboehm's
// SGEMM_CUDA double-buffering kernel relies on it)? The kernels are those of
// test/barriers/paired-divergent-barriers.cu, launched on 1024 blocks with
// new inputs every launch; the host checks every output against the values
// the pairing gives. halves and double_buffered are race-free if the calls
// pair; refill_too_early and one_side are the racy twins (wrong values are
// possible, not certain). argv[1]: kernel, argv[2]: launches.
// Run by run_paired_barrier_probes.sh; results:
// docs/measurements/h200-paired-barriers.md.
#include <cstdio>
#include <cstring>
#include <vector>

constexpr int Blocks = 1024, Tiles = 18; // double_buffered: 16 iterations

__global__ void halves(const float *in, float *out) {
  __shared__ float buf[2][128];
  in += blockIdx.x * 256;
  if (threadIdx.x < 128) {
    buf[0][threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = buf[1][threadIdx.x];
  } else {
    buf[1][threadIdx.x - 128] = in[threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = buf[0][threadIdx.x - 128];
  }
}

__global__ void double_buffered(const float *in, float *out) {
  __shared__ float buf[2][128];
  in += blockIdx.x * Tiles * 128;
  bool second = threadIdx.x >= 128;
  unsigned lane = threadIdx.x % 128;
  if (!second)
    buf[0][lane] = in[lane];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < Tiles - 2; ++k) {
    if (!second) {
      sum += buf[0][127 - lane];
      __syncthreads();
      sum += buf[1][127 - lane];
      __syncthreads();
      buf[0][lane] = in[(k + 2) * 128 + lane];
    } else {
      buf[1][lane] = in[(k + 1) * 128 + lane];
      __syncthreads();
      sum += buf[0][127 - lane];
      __syncthreads();
      sum += buf[1][127 - lane];
    }
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = sum;
}

__global__ void refill_too_early(const float *in, float *out) {
  __shared__ float buf[128];
  in += blockIdx.x * 256;
  if (threadIdx.x < 128) {
    buf[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    buf[threadIdx.x] = in[128 + threadIdx.x];
  } else {
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = buf[255 - threadIdx.x];
  }
}

__global__ void one_side(const float *in, float *out) {
  __shared__ float buf[128];
  in += blockIdx.x * 256;
  if (threadIdx.x < 128) {
    buf[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
  } else {
    out[blockIdx.x * 256 + threadIdx.x] = buf[255 - threadIdx.x];
  }
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  const char *Name = argv[1];
  int Launches = atoi(argv[2]);
  size_t InWords = size_t(Blocks) * Tiles * 128, OutWords = Blocks * 256;
  float *In, *Out;
  cudaMalloc(&In, InWords * 4);
  cudaMalloc(&Out, OutWords * 4);
  std::vector<float> H(InWords), O(OutWords);
  long Wrong = 0, WrongLaunches = 0, Checked = 0;
  for (int L = 0; L < Launches; ++L) {
    for (size_t I = 0; I < InWords; ++I)
      H[I] = float((I * 2654435761u + L * 40503u) % 1000);
    cudaMemcpy(In, H.data(), InWords * 4, cudaMemcpyHostToDevice);
    cudaMemset(Out, 0xff, OutWords * 4);
    bool Half = false; // only the second half writes out
    if (!strcmp(Name, "halves"))
      halves<<<Blocks, 256>>>(In, Out);
    else if (!strcmp(Name, "double_buffered"))
      double_buffered<<<Blocks, 256>>>(In, Out);
    else if (!strcmp(Name, "refill_too_early"))
      refill_too_early<<<Blocks, 256>>>(In, Out), Half = true;
    else if (!strcmp(Name, "one_side"))
      one_side<<<Blocks, 256>>>(In, Out), Half = true;
    else
      return 2;
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      printf("%s: launch %d: %s\n", Name, L, cudaGetErrorString(E));
      return 1;
    }
    cudaMemcpy(O.data(), Out, OutWords * 4, cudaMemcpyDeviceToHost);
    long W = 0;
    for (int B = 0; B < Blocks; ++B)
      for (int T = Half ? 128 : 0; T < 256; ++T) {
        float Expected;
        const float *Tile = &H[size_t(B) * (strcmp(Name, "double_buffered") ? 256 : Tiles * 128)];
        if (!strcmp(Name, "halves"))
          Expected = T < 128 ? Tile[128 + T] : Tile[T - 128];
        else if (!strcmp(Name, "double_buffered")) {
          unsigned Lane = T % 128;
          Expected = 0;
          for (int K = 0; K < Tiles - 2; ++K) {
            const float *Current = Tile + (K == 0 ? 0 : (K + 1) * 128);
            Expected += Current[127 - Lane];
            Expected += Tile[(K + 1) * 128 + 127 - Lane];
          }
        } else
          Expected = Tile[255 - T];
        W += O[size_t(B) * 256 + T] != Expected;
        ++Checked;
      }
    Wrong += W;
    WrongLaunches += W > 0;
  }
  printf("%s: %d launches of %d blocks completed, %ld with wrong values "
         "(%ld of %ld values wrong)\n",
         Name, Launches, Blocks, WrongLaunches, Wrong, Checked);
  return 0;
}
