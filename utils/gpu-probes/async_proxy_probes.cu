// Does a bulk copy out of shared memory (cp.async.bulk.global.shared::cta)
// ever read the block's stores from before the barrier as stale, without
// fence.proxy.async? Each block of 1024 threads stores 8 words per thread
// (32 KB), with a value unique to the launch, block and word; after the
// barrier thread 0 copies the 32 KB to global memory with the TMA engine;
// a second kernel counts the words that differ from what was stored.
// argv[1]: mode (unfenced, writers_fence, copier_fence), argv[2]: launches.
// Modes refill_no_wait and refill_wait: two tiles per block through one
// buffer; after the first tile's copy is issued (and a barrier), the block
// writes the second tile into the buffer with or without thread 0's
// cp.async.bulk.wait_group.read 0 before that barrier
// (test/barriers/bulk-store-wait.cu's twins). Modes exit_no_wait and
// exit_wait: one block per SM (200 KB of shared memory each), thread 0
// issues the copy of the block's tile and returns with or without
// cp.async.bulk.wait_group.read 0; the next block on the SM writes its own
// tile into the same shared memory (exits_while_reading).
// Run by run_async_proxy_probes.sh; results:
// docs/measurements/h200-async-proxy.md. The kernels of the lit test
// (test/barriers/async-proxy-fence.cu) store the same values every launch,
// so a stale read could not show there; these store new ones each time.
#include <cstdio>
#include <cstring>

constexpr int Threads = 1024, WordsPerThread = 8, Words = Threads * WordsPerThread;

__device__ unsigned valueOf(unsigned Seed, unsigned Block, unsigned Word) {
  return Seed * 2654435761u ^ (Block * Words + Word);
}

template <int Mode>
__global__ void __launch_bounds__(Threads) store_tile(unsigned *out, unsigned seed) {
  extern __shared__ __align__(128) unsigned buf[];
  for (int i = 0; i < WordsPerThread; ++i) {
    unsigned w = i * Threads + threadIdx.x;
    buf[w] = valueOf(seed, blockIdx.x, w);
  }
  if (Mode == 1)
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    if (Mode == 2)
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                 :: "l"(out + size_t(blockIdx.x) * Words),
                    "r"((unsigned)__cvta_generic_to_shared(buf)),
                    "r"(unsigned(Words * 4)) : "memory");
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

template <bool Wait>
__global__ void __launch_bounds__(Threads) refill(unsigned *out, unsigned seed) {
  extern __shared__ __align__(128) unsigned buf[];
  for (unsigned tile = 0; tile < 2; ++tile) {
    for (int i = 0; i < WordsPerThread; ++i) {
      unsigned w = i * Threads + threadIdx.x;
      buf[w] = valueOf(seed + tile * 7919u, blockIdx.x, w);
    }
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
      asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                   :: "l"(out + (size_t(blockIdx.x) * 2 + tile) * Words),
                      "r"((unsigned)__cvta_generic_to_shared(buf)),
                      "r"(unsigned(Words * 4)) : "memory");
      asm volatile("cp.async.bulk.commit_group;");
      if (Wait || tile == 1)
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
    __syncthreads();
  }
}

__global__ void count_stale_refill(const unsigned *out, unsigned seed,
                                   unsigned long long *stale) {
  unsigned block = blockIdx.x;
  for (unsigned tile = 0; tile < 2; ++tile)
    for (unsigned w = threadIdx.x; w < Words; w += blockDim.x)
      if (out[(size_t(block) * 2 + tile) * Words + w] !=
          valueOf(seed + tile * 7919u, block, w))
        atomicAdd(stale, 1ull);
}

constexpr int BigWords = 200 * 1024 / 4;

template <bool Wait>
__global__ void __launch_bounds__(Threads) exit_after_copy(unsigned *out, unsigned seed) {
  extern __shared__ __align__(128) unsigned buf[];
  for (int w = threadIdx.x; w < BigWords; w += Threads)
    buf[w] = valueOf(seed, blockIdx.x, w);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                 :: "l"(out + size_t(blockIdx.x) * BigWords),
                    "r"((unsigned)__cvta_generic_to_shared(buf)),
                    "r"(unsigned(BigWords * 4)) : "memory");
    asm volatile("cp.async.bulk.commit_group;");
    if (Wait)
      asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

/// Counts the words of each block's \p words that are not what it wrote.
__global__ void count_stale(const unsigned *out, unsigned seed, unsigned words,
                            unsigned long long *stale) {
  unsigned block = blockIdx.x;
  for (unsigned w = threadIdx.x; w < words; w += blockDim.x)
    if (out[size_t(block) * words + w] != valueOf(seed, block, w))
      atomicAdd(stale, 1ull);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "unfenced";
  int launches = argc > 2 ? atoi(argv[2]) : 100;
  int blocks = 132 * 2;
  unsigned *out;
  unsigned long long *stale, host = 0;
  cudaMalloc(&out, size_t(blocks) * 2 * Words * 4);
  cudaMalloc(&stale, 8);
  cudaMemset(stale, 0, 8);
  if (!strncmp(mode, "exit", 4)) {
    int big_blocks = 132 * 8;
    unsigned *big;
    cudaMalloc(&big, size_t(big_blocks) * BigWords * 4);
    auto exit_kernel = !strcmp(mode, "exit_wait") ? exit_after_copy<true>
                                                  : exit_after_copy<false>;
    cudaFuncSetAttribute(exit_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                         BigWords * 4);
    for (int l = 0; l < launches; ++l) {
      exit_kernel<<<big_blocks, Threads, BigWords * 4>>>(big, unsigned(l + 1));
      count_stale<<<big_blocks, 256>>>(big, unsigned(l + 1), BigWords, stale);
    }
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(&host, stale, 8, cudaMemcpyDeviceToHost);
    printf("mode=%s launches=%d blocks=%d words_per_block=%d stale_words=%llu of %llu status=%s\n",
           mode, launches, big_blocks, BigWords, host,
           (unsigned long long)launches * big_blocks * BigWords, cudaGetErrorString(e));
    return e != cudaSuccess;
  }
  bool refilling = !strncmp(mode, "refill", 6);
  auto kernel = !strcmp(mode, "refill_no_wait") ? refill<false>
                : !strcmp(mode, "refill_wait")  ? refill<true>
                : !strcmp(mode, "writers_fence") ? store_tile<1>
                : !strcmp(mode, "copier_fence") ? store_tile<2>
                                                 : store_tile<0>;
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Words * 4);
  for (int l = 0; l < launches; ++l) {
    kernel<<<blocks, Threads, Words * 4>>>(out, unsigned(l + 1));
    if (refilling)
      count_stale_refill<<<blocks, 256>>>(out, unsigned(l + 1), stale);
    else
      count_stale<<<blocks, 256>>>(out, unsigned(l + 1), Words, stale);
  }
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(&host, stale, 8, cudaMemcpyDeviceToHost);
  printf("mode=%s launches=%d blocks=%d words_per_block=%d stale_words=%llu of %llu status=%s\n",
         mode, launches, blocks, Words, host,
         (unsigned long long)launches * blocks * Words * (refilling ? 2 : 1),
         cudaGetErrorString(e));
  return e != cudaSuccess;
}
