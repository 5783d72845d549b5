// CuTe's TMA copies (make_tma_atom, make_tma_copy, and the CUTLASS
// collectives built on them) carry their CUtensorMap inside the copy atom,
// encoded on the host by CuTe's layout code, which the analysis does not
// evaluate. The atom's type says what the copy does to shared memory: one
// TMA instruction moves Copy_Traits<SM90_TMA_LOAD, C<NumBitsPerTMA>, ...>'s
// bits (8192 here: 1024 bytes, 8 rows of 64 shorts), laid out by
// AuxTmaParams' Swizzle<B,4,3> (the 16 << B byte mode: Swizzle<3,4,3> is
// 128-byte, repeating every 1024 bytes). The stand-in below declares CuTe's
// types as cute/atom/copy_traits_sm90_tma.hpp does, so that the test needs
// no CUTLASS; the descriptor is found by its offset in the parameter (an
// atom, or CUTLASS's Params struct holding several). CuTe's reads swizzle
// by the shared address as the TMA engine does, so only the engine's own
// 128-byte alignment is checked (measured on an H100: a CuTe stage 128, 256,
// 512 or 896 bytes past a 1024-byte boundary read back whole, one 16 bytes
// off stopped the kernel; docs/measurements/h200-tma.md). A TMA store through
// CuTe's store atom reads the box's bytes through the async proxy.
//
// RUN: not %smem-lint --arch=sm_90a %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

#include <cuda.h>
#include <cstdint>

namespace cute {
template <auto V> struct C { static constexpr auto value = V; };
template <int B, int M, int S = B> struct Swizzle {};
template <class GmemStrides, class TmaGmemBasis, class TmaSwizzle>
struct AuxTmaParams {
  GmemStrides g_stride_;
};
struct SM90_TMA_LOAD {};
struct SM90_TMA_STORE {};
template <class CopyOperation, class... CopyOpArgs> struct Copy_Traits;
template <class NumBitsPerTMA, class AuxParams>
struct Copy_Traits<SM90_TMA_LOAD, NumBitsPerTMA, AuxParams> {
  CUtensorMap tma_desc_;
  AuxParams aux_params_;
  __device__ const CUtensorMap *get_tma_descriptor() const { return &tma_desc_; }
};
template <class NumBitsPerTMA, class AuxParams>
struct Copy_Traits<SM90_TMA_STORE, NumBitsPerTMA, AuxParams> {
  CUtensorMap tma_desc_;
  AuxParams aux_params_;
};
template <class Traits, class ValueType> struct Copy_Atom : Traits {};
} // namespace cute

using namespace cute;
using TmaAtom = Copy_Atom<
    Copy_Traits<SM90_TMA_LOAD, C<8192>,
                AuxTmaParams<int, int, const Swizzle<3, 4, 3> &>>,
    short>;
using OddAtom = Copy_Atom<
    Copy_Traits<SM90_TMA_LOAD, C<8192>,
                AuxTmaParams<int, int, const Swizzle<2, 5, 2> &>>,
    short>;
using StoreAtom = Copy_Atom<
    Copy_Traits<SM90_TMA_STORE, C<8192>,
                AuxTmaParams<int, int, const Swizzle<3, 4, 3> &>>,
    short>;
struct Params {
  TmaAtom tma_a;
  TmaAtom tma_b;
};

__device__ __forceinline__ unsigned smem(const void *p) {
  return (unsigned)__cvta_generic_to_shared(p);
}
__device__ __forceinline__ void init(uint64_t *bar) {
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(bar)));
    asm volatile("fence.mbarrier_init.release.cluster;");
  }
  __syncthreads();
}
__device__ __forceinline__ void expect(uint64_t *bar, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
               ::"r"(smem(bar)), "r"(bytes) : "memory");
}
// As CuTe's SM90_TMA_LOAD_2D::copy.
__device__ __forceinline__ void copy(const void *desc, uint64_t *bar,
                                     void *dst, int x, int y) {
  // sm100_swizzle's copy, reported at the asm (first in the output):
  // CHECK: cute-tma-traits.cu:[[#@LINE+1]]:3: note: access not analysed: inline PTX 'cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes' writes shared memory; the analysis does not evaluate it (CuTe's copy traits 'cute::Copy_Traits<cute::SM90_TMA_LOAD, cute::C<8192>, cute::AuxTmaParams<int, int, const cute::Swizzle<2, 5, 2> &>>' of 'tma' swizzle by Swizzle<2,5,2>, which is not one of the 32-, 64- or 128-byte TMA modes the analysis follows)
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
               "complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
               ::"r"(smem(dst)), "l"(desc), "r"(smem(bar)), "r"(x), "r"(y)
               : "memory");
  // refill_before_wait's second copy, then off_128's:
  // CHECK: cute-tma-traits.cu:[[#COPY:@LINE-3]]:22: warning: missing wait: thread 0's TMA tensor copy writes a[0][0] while the TMA tensor copy at line [[#@LINE-3]] of the same thread may still write it
  // CHECK: cute-tma-traits.cu:[[#COPY]]:22: note: thread 0 issues the TMA tensor copy that writes a[0][0] here
  // CHECK: note: wait on the copy's mbarrier before this access
  // CHECK: cute-tma-traits.cu:[[#COPY]]:22: error: misaligned TMA tensor copy of 'tiles': thread 0's address is tiles[0][0][8], 16 bytes past a multiple of 128 from the start of 'tiles'
  // CHECK: note: misaligned for threads 0
  // CHECK: note: measured on the H200: a TMA tensor copy whose shared address is not a multiple of 128 bytes stops the kernel
}
__device__ __forceinline__ void wait(uint64_t *bar, unsigned parity) {
  asm volatile("{\n .reg .pred p;\n W:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n"
               " @!p bra W;\n}" ::"r"(smem(bar)), "r"(parity) : "memory");
}

// Both tiles' copies signal one mbarrier, whose phase expects the bytes of
// one: it completes on a's 1024 bytes, before b's are in.
__global__ void one_tile_announced(const __grid_constant__ Params params, short *out) {
  __shared__ __align__(1024) short a[8][64], b[8][64];
  __shared__ uint64_t bar;
  init(&bar);
  if (threadIdx.x == 0) {
    expect(&bar, sizeof(a));
    copy(&params.tma_a.tma_desc_, &bar, a, 0, 0);
    copy(params.tma_b.get_tma_descriptor(), &bar, b, 0, 0);
  }
  wait(&bar, 0);
  out[threadIdx.x] = a[threadIdx.x / 64][threadIdx.x % 64] + b[threadIdx.x / 64][threadIdx.x % 64];
  // CHECK: cute-tma-traits.cu:[[#@LINE-1]]:62: warning: missing wait: thread 0 reads b[0][0], which its own TMA tensor copy at line [[#COPY]] may not have written yet
  // CHECK: cute-tma-traits.cu:[[#COPY]]:22: note: thread 0 issues the TMA tensor copy that writes b[0][0] here
  // CHECK: note: wait on the copy's mbarrier before this access
}

// The same stage filled twice before any wait: the second copy may land
// before or after the first.
__global__ void refill_before_wait(const __grid_constant__ TmaAtom tma, short *out) {
  __shared__ __align__(1024) short a[8][64];
  __shared__ uint64_t bar;
  init(&bar);
  if (threadIdx.x == 0) {
    expect(&bar, 2 * sizeof(a));
    copy(&tma.tma_desc_, &bar, a, 0, 0);
    copy(&tma.tma_desc_, &bar, a, 0, 8);
  }
  wait(&bar, 0);
  out[threadIdx.x] = a[threadIdx.x / 64][threadIdx.x % 64];
}

// The fix: announce both copies' 2048 bytes.
__global__ void both_tiles_announced(const __grid_constant__ Params params, short *out) {
  __shared__ __align__(1024) short a[8][64], b[8][64];
  __shared__ uint64_t bar;
  init(&bar);
  if (threadIdx.x == 0) {
    expect(&bar, sizeof(a) + sizeof(b));
    copy(&params.tma_a.tma_desc_, &bar, a, 0, 0);
    copy(params.tma_b.get_tma_descriptor(), &bar, b, 0, 0);
  }
  wait(&bar, 0);
  out[threadIdx.x] = a[threadIdx.x / 64][threadIdx.x % 64] + b[threadIdx.x / 64][threadIdx.x % 64];
}

// Stages of 8 x 96 shorts (1536 bytes): the second starts 512 bytes past
// the 128-byte swizzle's 1024-byte repeat. CuTe's swizzled layouts XOR the
// shared address, as the TMA engine does, so its reads find the box where
// it landed: no finding (a cuTensorMapEncodeTiled map read by the tile's
// own offsets is a warning: smem-misaligned-access-tma.cu).
__global__ void second_tile_off_repeat(const __grid_constant__ TmaAtom tma, short *out) {
  __shared__ __align__(1024) short tiles[2][8][64 + 32];
  __shared__ uint64_t bar;
  init(&bar);
  if (threadIdx.x == 0) {
    expect(&bar, 2 * 1024);
    copy(&tma.tma_desc_, &bar, tiles[0], 0, 0);
    copy(&tma.tma_desc_, &bar, tiles[1], 0, 8);
  }
  wait(&bar, 0);
  out[threadIdx.x] = tiles[1][threadIdx.x / 64][threadIdx.x % 64];
}

// A destination 16 bytes into the tile: the TMA engine needs 128.
__global__ void off_128(const __grid_constant__ TmaAtom tma, short *out) {
  __shared__ __align__(1024) short tiles[2][8][64 + 32];
  __shared__ uint64_t bar;
  init(&bar);
  if (threadIdx.x == 0) {
    expect(&bar, 1024);
    copy(&tma.tma_desc_, &bar, &tiles[0][0][8], 0, 0);
  }
  wait(&bar, 0);
  out[threadIdx.x] = tiles[0][threadIdx.x / 64][8 + threadIdx.x % 64];
}

// Swizzle<2,5,2> (SM100's 32-byte atom base): not followed, said.
__global__ void sm100_swizzle(const __grid_constant__ OddAtom tma, short *out) {
  __shared__ __align__(1024) short a[8][64];
  __shared__ uint64_t bar;
  init(&bar);
  if (threadIdx.x == 0) {
    expect(&bar, sizeof(a));
    copy(&tma.tma_desc_, &bar, a, 0, 0);
  }
  wait(&bar, 0);
  out[threadIdx.x] = a[threadIdx.x / 64][threadIdx.x % 64];
}

// As CuTe's SM90_TMA_STORE_2D::copy and tma_store_arrive / tma_store_wait.
__device__ __forceinline__ void store(const void *desc, const void *src) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group"
               " [%0, {%2, %3}], [%1];"
               ::"l"(desc), "r"(smem(src)), "r"(0), "r"(0) : "memory");
  asm volatile("cp.async.bulk.commit_group;");
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}

// The epilogue writes the tile with generic stores and hands it to the TMA
// store (the async proxy) without fence.proxy.async (CuTe's
// tma_store_fence).
__global__ void store_without_fence(const __grid_constant__ StoreAtom tma) {
  __shared__ __align__(1024) short c[8][64];
  for (int i = threadIdx.x; i < 8 * 64; i += blockDim.x)
    c[i / 64][i % 64] = short(i);
  __syncthreads();
  if (threadIdx.x == 0)
    store(&tma.tma_desc_, c);
  // CHECK: cute-tma-traits.cu:[[#@LINE-1]]:5: warning: bulk copy out of shared memory reads 'c' through the async proxy, but the generic write at line [[#@LINE-4]] is not made visible to it with fence.proxy.async
  // CHECK: note: the copy that call reaches
  // CHECK: cute-tma-traits.cu:[[#@LINE-6]]:5: note: the write the copy reads: 256 of the 256 words it copies come from it unfenced
  // CHECK: note: barriers order the generic proxy only
}

// The fix: the writers fence before the barrier.
__global__ void store_after_fence(const __grid_constant__ StoreAtom tma) {
  __shared__ __align__(1024) short c[8][64];
  for (int i = threadIdx.x; i < 8 * 64; i += blockDim.x)
    c[i / 64][i % 64] = short(i);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0)
    store(&tma.tma_desc_, c);
}

void launch(const Params &p, const TmaAtom &t, const OddAtom &o,
            const StoreAtom &s, short *out) {
  one_tile_announced<<<1, 128>>>(p, out);
  refill_before_wait<<<1, 128>>>(t, out);
  both_tiles_announced<<<1, 128>>>(p, out);
  second_tile_off_repeat<<<1, 128>>>(t, out);
  off_128<<<1, 128>>>(t, out);
  sm100_swizzle<<<1, 128>>>(o, out);
  store_without_fence<<<1, 128>>>(s);
  store_after_fence<<<1, 128>>>(s);
}
