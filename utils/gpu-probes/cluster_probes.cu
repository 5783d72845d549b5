// Thread-block clusters on the H200: what the hardware shows for races
// through distributed shared memory (a block reading or writing a peer's
// shared memory through cluster.map_shared_rank), what a remote access costs
// against the peer's banks, and how many clusters fit (the occupancy API).
// Clusters of 2 blocks of 256 threads along x (rank = blockIdx.x % 2, the
// peer is blockIdx.x ^ 1), 1056 blocks, new inputs every launch, every
// output checked on the host. The racy kernels delay one rank with
// __nanosleep(argv[3] ns) so that a race has a chance to show.
// argv[1]: kernel or "occupancy", "occupancy-table", "timing", "dsmem-cost"
// or "dsmem-cost-wide"; argv[2]: launches.
// Run by run_cluster_probes.sh; results: docs/measurements/h200-clusters.md.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;

constexpr int Blocks = 1056, Threads = 256, Iterations = 16;

__device__ void delayIf(bool Cond, unsigned Ns) {
  if (Cond)
    for (unsigned I = 0; I < 8; ++I)
      __nanosleep(Ns / 8);
}

// Correct: write, cluster.sync(), read the peer's, cluster.sync() so that
// neither block exits while the other reads its memory.
__global__ void __cluster_dims__(2, 1, 1)
    ok(const float *in, float *out, unsigned delay) {
  __shared__ float s[Threads];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  delayIf(rank == 0, delay);
  s[t] = in[blockIdx.x * Threads + t];
  cluster.sync();
  float *peer = cluster.map_shared_rank(s, rank ^ 1);
  out[blockIdx.x * Threads + t] = peer[(t + 1) % Threads];
  cluster.sync();
}

// No cluster.sync() between the peer's write and this block's remote read.
__global__ void __cluster_dims__(2, 1, 1)
    read_before_sync(const float *in, float *out, unsigned delay) {
  __shared__ float s[Threads];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  delayIf(rank == 0, delay);
  s[t] = in[blockIdx.x * Threads + t];
  __syncthreads();
  float *peer = cluster.map_shared_rank(s, rank ^ 1);
  out[blockIdx.x * Threads + t] = peer[(t + 1) % Threads];
  cluster.sync();
}

// No cluster.sync() after the remote read: rank 0 may exit while rank 1
// (delayed) still reads its shared memory.
__global__ void __cluster_dims__(2, 1, 1)
    exit_without_sync(const float *in, float *out, unsigned delay) {
  __shared__ float s[Threads];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  s[t] = in[blockIdx.x * Threads + t];
  cluster.sync();
  delayIf(rank == 1, delay);
  float *peer = cluster.map_shared_rank(s, rank ^ 1);
  out[blockIdx.x * Threads + t] = peer[(t + 1) % Threads];
}

// A tile loop with one cluster.sync() per iteration: the next iteration's
// write of s races with the peer's read of the previous tile.
__global__ void __cluster_dims__(2, 1, 1)
    refill_one_sync(const float *in, float *out, unsigned delay) {
  __shared__ float s[Threads];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  float *peer = cluster.map_shared_rank(s, rank ^ 1);
  float sum = 0;
  for (int k = 0; k < Iterations; ++k) {
    s[t] = in[(blockIdx.x * Iterations + k) * Threads + t];
    cluster.sync();
    delayIf(rank == 1, delay);
    sum += peer[(t + 1) % Threads] * (k + 1);
  }
  out[blockIdx.x * Threads + t] = sum;
  cluster.sync();
}

// The same with the second cluster.sync(): correct.
__global__ void __cluster_dims__(2, 1, 1)
    refill_two_syncs(const float *in, float *out, unsigned delay) {
  __shared__ float s[Threads];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  float *peer = cluster.map_shared_rank(s, rank ^ 1);
  float sum = 0;
  for (int k = 0; k < Iterations; ++k) {
    s[t] = in[(blockIdx.x * Iterations + k) * Threads + t];
    cluster.sync();
    delayIf(rank == 1, delay);
    sum += peer[(t + 1) % Threads] * (k + 1);
    cluster.sync();
  }
  out[blockIdx.x * Threads + t] = sum;
}

// Each block writes the peer's s; a __syncthreads() (not a cluster.sync())
// before reading its own: the peer's remote writes are not ordered with it.
__global__ void __cluster_dims__(2, 1, 1)
    remote_write_block_sync(const float *in, float *out, unsigned delay) {
  __shared__ float s[Threads];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  cluster.sync(); // the peer has started
  float *peer = cluster.map_shared_rank(s, rank ^ 1);
  delayIf(rank == 0, delay);
  peer[t] = in[blockIdx.x * Threads + t];
  __syncthreads();
  out[blockIdx.x * Threads + t] = s[(t + 1) % Threads];
  cluster.sync();
}

// The same with cluster.sync(): correct.
__global__ void __cluster_dims__(2, 1, 1)
    remote_write_cluster_sync(const float *in, float *out, unsigned delay) {
  __shared__ float s[Threads];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  cluster.sync();
  float *peer = cluster.map_shared_rank(s, rank ^ 1);
  delayIf(rank == 0, delay);
  peer[t] = in[blockIdx.x * Threads + t];
  cluster.sync();
  out[blockIdx.x * Threads + t] = s[(t + 1) % Threads];
}

// Cost of a remote read against the peer's banks (ncu and clock64): word
// t * Stride % 1024 of the peer (Stride 1: conflict-free if banked; 32:
// 32 words of one bank), and the same locally for comparison.
template <int Stride, bool Remote>
__global__ void __cluster_dims__(2, 1, 1) strided_read(float *out,
                                                        long long *cycles) {
  __shared__ float s[1024];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  for (unsigned i = t; i < 1024; i += Threads)
    s[i] = i;
  cluster.sync();
  volatile float *p = Remote ? cluster.map_shared_rank(s, rank ^ 1) : s;
  unsigned index = (t * Stride + t / 32) % 1024;
  float sum = 0;
  long long start = clock64();
  for (int r = 0; r < 64; ++r)
    sum += p[index];
  long long stop = clock64();
  out[blockIdx.x * Threads + t] = sum;
  if (t % 32 == 0)
    cycles[blockIdx.x * (Threads / 32) + t / 32] = stop - start;
  cluster.sync();
}

// Volatile generic loads and stores of 4, 8 and 16 bytes, so that the
// compiler keeps every one (a volatile float2 has no copy).
__device__ float volatileLoad(const float *p) {
  float a;
  asm volatile("ld.volatile.f32 %0, [%1];" : "=f"(a) : "l"(p));
  return a;
}
__device__ float volatileLoad(const float2 *p) {
  float a, b;
  asm volatile("ld.volatile.v2.f32 {%0, %1}, [%2];" : "=f"(a), "=f"(b) : "l"(p));
  return a + b;
}
__device__ float volatileLoad(const float4 *p) {
  float a, b, c, d;
  asm volatile("ld.volatile.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
               : "l"(p));
  return a + b + c + d;
}
__device__ void volatileStore(float *p, float v) {
  asm volatile("st.volatile.f32 [%0], %1;" ::"l"(p), "f"(v) : "memory");
}
__device__ void volatileStore(float2 *p, float v) {
  asm volatile("st.volatile.v2.f32 [%0], {%1, %1};" ::"l"(p), "f"(v) : "memory");
}
__device__ void volatileStore(float4 *p, float v) {
  asm volatile("st.volatile.v4.f32 [%0], {%1, %1, %1, %1};" ::"l"(p), "f"(v)
               : "memory");
}

// The rule's wider test: element type T (4, 8 or 16 bytes), lane stride
// in elements, loads or stores, of the peer's memory; Stride 0 is one
// element for the whole warp (a broadcast). Each warp starts one element
// further (t / 32), as in strided_read.
template <typename T, int Stride, bool Store>
__global__ void __cluster_dims__(2, 1, 1) remote_access(float *out,
                                                        long long *cycles) {
  constexpr unsigned Elements = 8192 / sizeof(T);
  __shared__ __align__(16) float s[2048];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned t = threadIdx.x, rank = cluster.block_rank();
  for (unsigned i = t; i < 2048; i += Threads)
    s[i] = i;
  cluster.sync();
  T *p = reinterpret_cast<T *>(cluster.map_shared_rank(s, rank ^ 1));
  unsigned index = (t * Stride + t / 32) % Elements;
  float sum = 0;
  long long start = clock64();
  for (int r = 0; r < 64; ++r) {
    if (Store)
      volatileStore(p + index, float(r));
    else
      sum += volatileLoad(p + index);
  }
  long long stop = clock64();
  out[blockIdx.x * Threads + t] = sum;
  if (t % 32 == 0)
    cycles[blockIdx.x * (Threads / 32) + t / 32] = stop - start;
  cluster.sync();
}

__global__ void plain(float *) { extern __shared__ float d[]; d[0] = 0; }

template <typename KernelT>
void timeStrided(const char *Name, KernelT Kernel, float *Out) {
  long long *Cycles;
  int Warps = 264 * (Threads / 32);
  cudaMalloc(&Cycles, Warps * sizeof(long long));
  Kernel<<<264, Threads>>>(Out, Cycles);
  cudaError_t E = cudaDeviceSynchronize();
  std::vector<long long> H(Warps);
  cudaMemcpy(H.data(), Cycles, Warps * sizeof(long long),
             cudaMemcpyDeviceToHost);
  double Sum = 0;
  long long Min = H[0];
  for (long long C : H)
    Sum += C, Min = C < Min ? C : Min;
  printf("%s: %s, cycles for 64 reads per warp: mean %.0f, min %lld\n", Name,
         cudaGetErrorString(E), Sum / Warps, Min);
  cudaFree(Cycles);
}

int occupancy() {
  cudaDeviceProp P;
  cudaGetDeviceProperties(&P, 0);
  printf("device %s, %d SMs, %zu shared bytes per SM, %zu per block opt-in\n",
         P.name, P.multiProcessorCount, P.sharedMemPerMultiprocessor,
         P.sharedMemPerBlockOptin);
  cudaFuncSetAttribute(plain, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       227 * 1024);
  cudaFuncSetAttribute(plain, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  int Sizes[] = {1, 2, 3, 4, 8, 16};
  int Shared[] = {0, 16 * 1024, 48 * 1024, 100 * 1024, 114 * 1024,
                  160 * 1024, 227 * 1024};
  int BlockThreads[] = {128, 256, 1024};
  for (int Bt : BlockThreads)
    for (int Sh : Shared) {
      int PerSm = -1;
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, plain, Bt, Sh);
      printf("threads %d shared %d: blocks/SM %d; clusters:", Bt, Sh, PerSm);
      for (int C : Sizes) {
        cudaLaunchConfig_t Config = {};
        cudaLaunchAttribute A[1];
        A[0].id = cudaLaunchAttributeClusterDimension;
        A[0].val.clusterDim.x = C, A[0].val.clusterDim.y = 1,
        A[0].val.clusterDim.z = 1;
        Config.gridDim = dim3(C * 132, 1, 1);
        Config.blockDim = dim3(Bt, 1, 1);
        Config.dynamicSmemBytes = Sh;
        Config.attrs = A;
        Config.numAttrs = 1;
        int Clusters = -1;
        cudaError_t E = cudaOccupancyMaxActiveClusters(&Clusters, plain, &Config);
        if (E != cudaSuccess)
          printf(" %d:%s", C, cudaGetErrorName(E));
        else
          printf(" %d:%d", C, Clusters);
      }
      printf("\n");
    }
  // Cluster size 16 without the non-portable attribute, and 32 with it.
  cudaFuncSetAttribute(plain, cudaFuncAttributeNonPortableClusterSizeAllowed, 0);
  for (int C : {8, 16}) {
    cudaLaunchConfig_t Config = {};
    cudaLaunchAttribute A[1];
    A[0].id = cudaLaunchAttributeClusterDimension;
    A[0].val.clusterDim.x = C, A[0].val.clusterDim.y = 1, A[0].val.clusterDim.z = 1;
    Config.gridDim = dim3(C * 4, 1, 1);
    Config.blockDim = dim3(128, 1, 1);
    Config.attrs = A;
    Config.numAttrs = 1;
    float *O;
    cudaMalloc(&O, 4);
    cudaError_t E = cudaLaunchKernelEx(&Config, plain, O);
    cudaError_t S = cudaDeviceSynchronize();
    printf("launch cluster %d, portable only: %s / %s\n", C,
           cudaGetErrorName(E), cudaGetErrorName(S));
    cudaGetLastError();
  }
  return 0;
}

__global__ void __cluster_dims__(16, 1, 1) fixed16(float *o) { o[0] = 1; }
__global__ void __cluster_dims__(32, 1, 1) fixed32(float *o) { o[0] = 1; }
__global__ void small(float *o) {
  extern __shared__ float d[];
  d[threadIdx.x] = threadIdx.x;
  o[blockIdx.x] = d[0];
}

// The full table: for every count B of blocks per SM (32 threads per
// block, the dynamic shared memory that gives exactly B) and cluster size
// C from 1 to 16, cudaOccupancyMaxActiveClusters; then the cluster sizes a
// launch accepts.
int occupancyTable() {
  cudaFuncSetAttribute(small, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       227 * 1024);
  cudaFuncSetAttribute(small, cudaFuncAttributeNonPortableClusterSizeAllowed,
                       1);
  for (int B = 1; B <= 32; ++B) {
    int Shared = -1;
    for (int S = 227 * 1024; S >= 0; S -= 256) {
      int PerSm = 0;
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, small, 32, S);
      if (PerSm == B) {
        Shared = S;
        break;
      }
      if (PerSm > B)
        break;
    }
    if (Shared < 0) {
      printf("B %d: no shared size gives it\n", B);
      continue;
    }
    printf("B %d shared %d:", B, Shared);
    for (int C = 1; C <= 16; ++C) {
      cudaLaunchConfig_t Config = {};
      cudaLaunchAttribute A[1];
      A[0].id = cudaLaunchAttributeClusterDimension;
      A[0].val.clusterDim.x = C, A[0].val.clusterDim.y = 1,
      A[0].val.clusterDim.z = 1;
      Config.gridDim = dim3(C * 64, 1, 1);
      Config.blockDim = dim3(32, 1, 1);
      Config.dynamicSmemBytes = Shared;
      Config.attrs = A;
      Config.numAttrs = 1;
      int Clusters = -1;
      cudaError_t E = cudaOccupancyMaxActiveClusters(&Clusters, small, &Config);
      printf(" %d", E == cudaSuccess ? Clusters : -1);
    }
    printf("\n");
  }
  float *O;
  cudaMalloc(&O, 1 << 20);
  auto Report = [](const char *What, cudaError_t Launch) {
    cudaError_t Sync = cudaDeviceSynchronize();
    printf("%s: launch %s, sync %s\n", What, cudaGetErrorName(Launch),
           cudaGetErrorName(Sync));
    cudaGetLastError();
  };
  fixed16<<<32, 32>>>(O);
  Report("__cluster_dims__(16), no attribute", cudaGetLastError());
  cudaFuncSetAttribute(fixed16, cudaFuncAttributeNonPortableClusterSizeAllowed,
                       1);
  fixed16<<<32, 32>>>(O);
  Report("__cluster_dims__(16), non-portable allowed", cudaGetLastError());
  cudaFuncSetAttribute(fixed32, cudaFuncAttributeNonPortableClusterSizeAllowed,
                       1);
  fixed32<<<64, 32>>>(O);
  Report("__cluster_dims__(32), non-portable allowed", cudaGetLastError());
  for (int C : {8, 16}) {
    for (int Allowed : {0, 1}) {
      cudaFuncSetAttribute(small,
                           cudaFuncAttributeNonPortableClusterSizeAllowed,
                           Allowed);
      cudaLaunchConfig_t Config = {};
      cudaLaunchAttribute A[1];
      A[0].id = cudaLaunchAttributeClusterDimension;
      A[0].val.clusterDim.x = C, A[0].val.clusterDim.y = 1,
      A[0].val.clusterDim.z = 1;
      Config.gridDim = dim3(C * 4, 1, 1);
      Config.blockDim = dim3(32, 1, 1);
      Config.dynamicSmemBytes = 200 * 1024;
      Config.attrs = A;
      Config.numAttrs = 1;
      char What[96];
      snprintf(What, sizeof(What),
               "cluster %d of 200 KB blocks, non-portable %s", C,
               Allowed ? "allowed" : "not allowed");
      Report(What, cudaLaunchKernelEx(&Config, small, O));
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  const char *Name = argv[1];
  if (!strcmp(Name, "occupancy"))
    return occupancy();
  if (!strcmp(Name, "occupancy-table"))
    return occupancyTable();
  size_t InWords = size_t(Blocks) * Iterations * Threads,
         OutWords = size_t(Blocks) * Threads;
  float *In, *Out;
  cudaMalloc(&In, InWords * 4);
  cudaMalloc(&Out, OutWords * 4);
  if (!strcmp(Name, "dsmem-cost")) {
    // Every lane stride of a remote 4-byte read, for Nsight Compute's
    // global/distributed-shared counters (run_cluster_probes.sh).
    timeStrided("local stride 1", strided_read<1, false>, Out);
    timeStrided("remote stride 1", strided_read<1, true>, Out);
    timeStrided("remote stride 2", strided_read<2, true>, Out);
    timeStrided("remote stride 4", strided_read<4, true>, Out);
    timeStrided("remote stride 8", strided_read<8, true>, Out);
    timeStrided("remote stride 16", strided_read<16, true>, Out);
    timeStrided("remote stride 32", strided_read<32, true>, Out);
    timeStrided("remote stride 33", strided_read<33, true>, Out);
    return 0;
  }
  if (!strcmp(Name, "dsmem-cost-wide")) {
    // Widths, stores, odd strides and a broadcast, for the same counters.
    timeStrided("load4 stride 0", remote_access<float, 0, false>, Out);
    timeStrided("load4 stride 3", remote_access<float, 3, false>, Out);
    timeStrided("load4 stride 5", remote_access<float, 5, false>, Out);
    timeStrided("load4 stride 9", remote_access<float, 9, false>, Out);
    timeStrided("load8 stride 1", remote_access<float2, 1, false>, Out);
    timeStrided("load8 stride 2", remote_access<float2, 2, false>, Out);
    timeStrided("load8 stride 3", remote_access<float2, 3, false>, Out);
    timeStrided("load8 stride 16", remote_access<float2, 16, false>, Out);
    timeStrided("load8 stride 17", remote_access<float2, 17, false>, Out);
    timeStrided("load16 stride 1", remote_access<float4, 1, false>, Out);
    timeStrided("load16 stride 2", remote_access<float4, 2, false>, Out);
    timeStrided("load16 stride 8", remote_access<float4, 8, false>, Out);
    timeStrided("load16 stride 9", remote_access<float4, 9, false>, Out);
    timeStrided("store4 stride 1", remote_access<float, 1, true>, Out);
    timeStrided("store4 stride 2", remote_access<float, 2, true>, Out);
    timeStrided("store4 stride 3", remote_access<float, 3, true>, Out);
    timeStrided("store4 stride 32", remote_access<float, 32, true>, Out);
    timeStrided("store4 stride 33", remote_access<float, 33, true>, Out);
    timeStrided("store4 stride 0", remote_access<float, 0, true>, Out);
    timeStrided("store8 stride 1", remote_access<float2, 1, true>, Out);
    timeStrided("store8 stride 17", remote_access<float2, 17, true>, Out);
    timeStrided("store16 stride 1", remote_access<float4, 1, true>, Out);
    timeStrided("store16 stride 9", remote_access<float4, 9, true>, Out);
    return 0;
  }
  if (!strcmp(Name, "timing")) {
    timeStrided("local stride 1", strided_read<1, false>, Out);
    timeStrided("local stride 32", strided_read<32, false>, Out);
    timeStrided("remote stride 1", strided_read<1, true>, Out);
    timeStrided("remote stride 2", strided_read<2, true>, Out);
    timeStrided("remote stride 32", strided_read<32, true>, Out);
    return 0;
  }
  if (argc < 4)
    return 2;
  int Launches = atoi(argv[2]);
  unsigned Delay = atoi(argv[3]);
  std::vector<float> H(InWords), O(OutWords);
  long Wrong = 0, WrongLaunches = 0, Checked = 0;
  for (int L = 0; L < Launches; ++L) {
    for (size_t I = 0; I < InWords; ++I)
      H[I] = float((I * 2654435761u + L * 40503u) % 1000);
    cudaMemcpy(In, H.data(), InWords * 4, cudaMemcpyHostToDevice);
    cudaMemset(Out, 0xff, OutWords * 4);
    bool Loop = false, Remote = false;
    if (!strcmp(Name, "ok"))
      ok<<<Blocks, Threads>>>(In, Out, Delay);
    else if (!strcmp(Name, "read_before_sync"))
      read_before_sync<<<Blocks, Threads>>>(In, Out, Delay);
    else if (!strcmp(Name, "exit_without_sync"))
      exit_without_sync<<<Blocks, Threads>>>(In, Out, Delay);
    else if (!strcmp(Name, "refill_one_sync"))
      refill_one_sync<<<Blocks, Threads>>>(In, Out, Delay), Loop = true;
    else if (!strcmp(Name, "refill_two_syncs"))
      refill_two_syncs<<<Blocks, Threads>>>(In, Out, Delay), Loop = true;
    else if (!strcmp(Name, "remote_write_block_sync"))
      remote_write_block_sync<<<Blocks, Threads>>>(In, Out, Delay), Remote = true;
    else if (!strcmp(Name, "remote_write_cluster_sync"))
      remote_write_cluster_sync<<<Blocks, Threads>>>(In, Out, Delay), Remote = true;
    else
      return 2;
    cudaError_t E = cudaDeviceSynchronize();
    if (E != cudaSuccess) {
      printf("%s: launch %d: %s\n", Name, L, cudaGetErrorString(E));
      return 1;
    }
    cudaMemcpy(O.data(), Out, OutWords * 4, cudaMemcpyDeviceToHost);
    long W = 0;
    for (int B = 0; B < Blocks; ++B) {
      int Peer = B ^ 1;
      for (int T = 0; T < Threads; ++T) {
        float Expected = 0;
        if (Loop)
          for (int K = 0; K < Iterations; ++K)
            Expected += H[(size_t(Peer) * Iterations + K) * Threads +
                          (T + 1) % Threads] * (K + 1);
        else if (Remote)
          Expected = H[size_t(Peer) * Threads + (T + 1) % Threads];
        else
          Expected = H[size_t(Peer) * Threads + (T + 1) % Threads];
        W += O[size_t(B) * Threads + T] != Expected;
        ++Checked;
      }
    }
    Wrong += W;
    WrongLaunches += W > 0;
  }
  printf("%s (delay %u ns): %d launches of %d blocks completed, %ld with "
         "wrong values (%ld of %ld values wrong)\n",
         Name, Delay, Launches, Blocks, WrongLaunches, Wrong, Checked);
  return 0;
}
