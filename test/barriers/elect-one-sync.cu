// elect.sync elects one active lane of each warp (CuTe's elect_one_sync,
// written out here as CuTe writes it): the evaluator follows it, taking the
// lowest lane, so one arrival per warp meets an mbarrier initialised for one
// per warp. A thread that waits on a ring's phase its own earlier wait saw
// complete is not told that the phase may still be in progress.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file

#include <cstdint>

__device__ unsigned elect_one_sync() {
  unsigned pred = 0, laneid = 0;
  asm volatile("{\n"
               ".reg .b32 %%rx;\n"
               ".reg .pred %%px;\n"
               "     elect.sync %%rx|%%px, %2;\n"
               "@%%px mov.s32 %1, 1;\n"
               "     mov.s32 %0, %%rx;\n"
               "}\n"
               : "+r"(laneid), "+r"(pred)
               : "r"(0xFFFFFFFF));
  return pred;
}

__device__ void init(uint64_t *bar, int count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(
                   (unsigned)__cvta_generic_to_shared(bar)),
               "r"(count)
               : "memory");
}

__device__ void arrive(uint64_t *bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(
                   (unsigned)__cvta_generic_to_shared(bar))
               : "memory");
}

__device__ void wait(uint64_t *bar, int phase) {
  asm volatile("{\n.reg .pred P1;\nLAB_WAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], %1;\n"
               "@P1 bra DONE;\nbra LAB_WAIT;\nDONE:\n}\n" ::"r"(
                   (unsigned)__cvta_generic_to_shared(bar)),
               "r"(phase)
               : "memory");
}

// Each warp's elected lane arrives: four arrivals per phase.
// smem-lint: block_dim(128)
__global__ void one_arrival_per_warp(float *out) {
  __shared__ uint64_t bar;
  __shared__ float partial[4];
  if (threadIdx.x == 0)
    init(&bar, 4);
  __syncthreads();
  if (elect_one_sync()) {
    partial[threadIdx.x / 32] = threadIdx.x;
    arrive(&bar);
  }
  wait(&bar, 0);
  out[threadIdx.x] = partial[threadIdx.x % 4];
}

// Every thread arrives each round; thread 0 waits for the round's phase,
// which its wait of the round before has ordered after the previous one.
// smem-lint: block_dim(128)
__global__ void rounds(float *out) {
  __shared__ uint64_t consumed;
  if (threadIdx.x == 0)
    init(&consumed, 128);
  __syncthreads();
  for (int round = 0; round < 4; ++round) {
    out[round * 128 + threadIdx.x] = round;
    arrive(&consumed);
    if (threadIdx.x == 0)
      wait(&consumed, round & 1);
  }
}

// cuda::ptx::elect_sync's form: `elect.sync _|P_OUT, mask;` and a selp.
__device__ bool elect_sync(unsigned membermask) {
  unsigned is_elected;
  asm volatile("{\n\t .reg .pred P_OUT; \n\t"
               "elect.sync _|P_OUT, %1;\n\t"
               "selp.b32 %0, 1, 0, P_OUT; \n"
               "}"
               : "=r"(is_elected)
               : "r"(membermask)
               :);
  return is_elected != 0;
}

// smem-lint: block_dim(128)
__global__ void one_arrival_per_warp_libcuxx(float *out) {
  __shared__ uint64_t bar;
  if (threadIdx.x == 0)
    init(&bar, 4);
  __syncthreads();
  if (elect_sync(0xffffffff))
    arrive(&bar);
  wait(&bar, 0);
  out[threadIdx.x] = 1.0f;
}
