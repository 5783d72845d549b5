// cp.async (LDGSTS) on the H200: the shared-memory write side
// (docs/measurements/h200-cp-async.md).
// Mode "bank": one launch of one warp per (width, op, destination pattern);
//   op 0 = cp.async.ca, 1 = cp.async.cg (16 bytes only), 2 = st.shared of the
//   same width (the STS twin, same source and destination), measured with ncu.
// Mode "time": clock64 cycles of 1 and of 64 back-to-back instructions per
//   (width, op, pattern), best of 6 launches.
// Mode 0..7 [launches]: race probes, 256 threads, run under racecheck and
//   plainly (the plain run counts reads that did not see the copied value).
#include <cstdio>
#include <cstdlib>
#include <cstring>

__device__ __forceinline__ unsigned smemAddr(const void *P) {
  return (unsigned)__cvta_generic_to_shared(P);
}
template <int W> __device__ __forceinline__ void cpAsyncCa(unsigned Dst, const void *Src) {
  if (W == 4) asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" : : "r"(Dst), "l"(Src) : "memory");
  if (W == 8) asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" : : "r"(Dst), "l"(Src) : "memory");
  if (W == 16) asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" : : "r"(Dst), "l"(Src) : "memory");
}
__device__ __forceinline__ void cpAsyncCg16(unsigned Dst, const void *Src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" : : "r"(Dst), "l"(Src) : "memory");
}
__device__ __forceinline__ void commitGroup() { asm volatile("cp.async.commit_group;" : : : "memory"); }
template <int N> __device__ __forceinline__ void waitGroup() {
  asm volatile("cp.async.wait_group %0;" : : "n"(N) : "memory");
}
__device__ __forceinline__ void waitAll() { asm volatile("cp.async.wait_all;" : : : "memory"); }

// Destination byte offset of lane L for pattern P (P and its name: Names[]).
enum { CONTIG, S8, S12, S16, S32, S64, S128, S136, S144, SAME, PAIR, TWO, SWZ };
static const char *Names[] = {
    "l*W (contiguous)", "l*8", "l*12", "l*16", "l*32", "l*64", "l*128", "l*136", "l*144",
    "0 (all lanes same address)", "(l>>1)*W (lane pairs share)", "(l&1)*128 (two addresses, one bank)",
    "l*128 + (l%8)*16 (128-byte rows, chunk l%8)"};
template <int W, int P> __device__ __forceinline__ unsigned dstOffset(unsigned L) {
  switch (P) {
  case CONTIG: return L * W;
  case S8: return L * 8;
  case S12: return L * 12;
  case S16: return L * 16;
  case S32: return L * 32;
  case S64: return L * 64;
  case S128: return L * 128;
  case S136: return L * 136;
  case S144: return L * 144;
  case SAME: return 0;
  case PAIR: return (L >> 1) * W;
  case TWO: return (L & 1) * 128;
  case SWZ: return L * 128 + (L % 8) * 16;
  }
  return 0;
}

template <int W, int Op>
__device__ __forceinline__ void issue(unsigned Dst, const char *Src, uint4 V) {
  if (Op == 0) cpAsyncCa<W>(Dst, Src);
  if (Op == 1) cpAsyncCg16(Dst, Src);
  if (Op == 2 && W == 4) asm volatile("st.shared.u32 [%0], %1;" : : "r"(Dst), "r"(V.x) : "memory");
  if (Op == 2 && W == 8)
    asm volatile("st.shared.v2.u32 [%0], {%1, %2};" : : "r"(Dst), "r"(V.x), "r"(V.y) : "memory");
  if (Op == 2 && W == 16)
    asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" : : "r"(Dst), "r"(V.x), "r"(V.y), "r"(V.z), "r"(V.w) : "memory");
}
template <int W> __device__ __forceinline__ uint4 loadValue(const char *Src) {
  uint4 V = {0, 0, 0, 0};
  if (W == 4) V.x = *(const unsigned *)Src;
  if (W == 8) { uint2 U = *(const uint2 *)Src; V.x = U.x; V.y = U.y; }
  if (W == 16) V = *(const uint4 *)Src;
  return V;
}

template <int W, int Op, int P>
__global__ void bank(const char *G, unsigned *Out) {
  __shared__ __align__(128) char S[8192];
  unsigned L = threadIdx.x;
  const char *Src = G + L * W;  // the global side is the same (coalesced) for every pattern
  unsigned Dst = smemAddr(S + dstOffset<W, P>(L));
  uint4 V = {0, 0, 0, 0};
  if (Op == 2) V = loadValue<W>(Src);
  issue<W, Op>(Dst, Src, V);
  if (Op != 2) {
    commitGroup();
    waitGroup<0>();
  }
  __syncthreads();
  Out[L] = *(volatile unsigned *)(S + L * 4);  // one conflict-free LDS so nothing is optimised away
}

// Throughput: R back-to-back copies (or stores) of one warp to the same
// destination pattern, then wait, then a read of the lane's own destination;
// clock64 cycles around that. For .cg, whose shared-side writes ncu's LSU
// counters do not show (docs/measurements/h200-cp-async.md).
template <int W, int Op, int P, int R>
__global__ void timed(const char *G, unsigned *Out, long long *Cyc) {
  __shared__ __align__(128) char S[8192];
  unsigned L = threadIdx.x;
  const char *Src = G + L * W;
  unsigned Off = dstOffset<W, P>(L), Dst = smemAddr(S + Off);
  uint4 V = loadValue<W>(Src);
  __syncthreads();
  long long T0 = clock64();
#pragma unroll
  for (int I = 0; I < R; ++I) issue<W, Op>(Dst, Src, V);
  if (Op != 2) {
    commitGroup();
    waitGroup<0>();
  }
  unsigned X = *(volatile unsigned *)(S + Off);
  long long T1 = clock64();
  Out[L] = X;
  if (L == 0) Cyc[0] = T1 - T0;
}

// Race probes: A[t] and B[t] hold a sentinel (stored and barriered first),
// then thread t copies G[t] into A[t] (and G[256 + t] into B[t]) with 4-byte
// cp.async.ca. Each mode reads at the line marked "read".
enum {
  A_RACY,     // (a) read own A[t] before any wait
  A_FIXED,    // (a') wait_group 0, then read own A[t]
  B_RACY,     // (b) wait_all, no __syncthreads, read A[255-t] (another warp's)
  C_RACY,     // (c) commit, __syncthreads, no wait, read A[255-t]
  D_FIXED,    // (d) commit, wait_group 0, __syncthreads, read A[255-t]
  E_RACY,     // (e) group A, group B, wait_group 1, __syncthreads, read B[255-t]
  E_FIXED,    // (e') same, read A[255-t]
  ST_CONTROL, // control: plain st.shared A[t], no barrier, read A[255-t]
  NModes
};
static const char *ModeNames[] = {"a_racy", "a_fixed", "b_racy", "c_racy", "d_fixed",
                                  "e_racy", "e_fixed", "st_control_racy"};
template <int Mode>
__global__ void race(const unsigned *G, unsigned *Out) {
  __shared__ __align__(16) unsigned A[256], B[256];
  unsigned T = threadIdx.x, V;
  A[T] = 0xdeadbeefu;
  B[T] = 0xdeadbeefu;
  __syncthreads();
  if (Mode == ST_CONTROL) {
    asm volatile("st.shared.u32 [%0], %1;" : : "r"(smemAddr(&A[T])), "r"(G[T]) : "memory");
    V = A[255 - T];  // read
    Out[T] = V;
    return;
  }
  cpAsyncCa<4>(smemAddr(&A[T]), G + T);
  commitGroup();
  if (Mode == A_RACY) {
    V = A[T];  // read
    waitAll();
  } else if (Mode == A_FIXED) {
    waitGroup<0>();
    V = A[T];  // read
  } else if (Mode == B_RACY) {
    waitAll();
    V = A[255 - T];  // read
  } else if (Mode == C_RACY) {
    __syncthreads();
    V = A[255 - T];  // read
    waitAll();
  } else if (Mode == D_FIXED) {
    waitGroup<0>();
    __syncthreads();
    V = A[255 - T];  // read
  } else {  // E_RACY, E_FIXED
    cpAsyncCa<4>(smemAddr(&B[T]), G + 256 + T);
    commitGroup();
    waitGroup<1>();
    __syncthreads();
    V = Mode == E_RACY ? B[255 - T] : A[255 - T];  // read
    waitAll();
  }
  Out[T] = V;
}

// Every (width, op, pattern) probed, in launch order (ncu's launch index).
#define CASES(X)                                                                                  \
  X(4, 0, CONTIG) X(4, 2, CONTIG) X(4, 0, S8) X(4, 2, S8) X(4, 0, S12) X(4, 2, S12)             \
  X(4, 0, S16) X(4, 2, S16) X(4, 0, S32) X(4, 2, S32) X(4, 0, S128) X(4, 2, S128)               \
  X(4, 0, SAME) X(4, 2, SAME) X(4, 0, TWO) X(4, 2, TWO)                                          \
  X(8, 0, CONTIG) X(8, 2, CONTIG) X(8, 0, S16) X(8, 2, S16) X(8, 0, S128) X(8, 2, S128)         \
  X(8, 0, S136) X(8, 2, S136) X(8, 0, SAME) X(8, 2, SAME) X(8, 0, PAIR) X(8, 2, PAIR)           \
  X(16, 0, CONTIG) X(16, 1, CONTIG) X(16, 2, CONTIG) X(16, 0, S32) X(16, 1, S32) X(16, 2, S32) \
  X(16, 0, S64) X(16, 1, S64) X(16, 2, S64) X(16, 0, S128) X(16, 1, S128) X(16, 2, S128)       \
  X(16, 0, S144) X(16, 1, S144) X(16, 2, S144) X(16, 0, SWZ) X(16, 1, SWZ) X(16, 2, SWZ)       \
  X(16, 0, SAME) X(16, 1, SAME) X(16, 2, SAME) X(16, 0, PAIR) X(16, 1, PAIR) X(16, 2, PAIR)
static const char *OpName(int Op) { return Op == 0 ? "cp.async.ca" : Op == 1 ? "cp.async.cg" : "st.shared"; }
#define BANK(W, OP, P)                                                                            \
  bank<W, OP, P><<<1, 32>>>(G, Out);                                                              \
  printf("bank<%d, %d, %d>: W=%d op=%s dst=%s\n", W, OP, P, W, OpName(OP), Names[P]);
#define TIME(W, OP, P) timeOne(timed<W, OP, P, 1>, timed<W, OP, P, 64>, W, OP, P, G, Out, Cyc);

typedef void (*TimedFn)(const char *, unsigned *, long long *);
static void timeOne(TimedFn One, TimedFn Many, int W, int Op, int P, const char *G, unsigned *Out,
                    long long *Cyc) {
  long long Best[2] = {1LL << 62, 1LL << 62};
  for (int K = 0; K < 2; ++K)
    for (int Rep = 0; Rep < 7; ++Rep) {
      (K ? Many : One)<<<1, 32>>>(G, Out, Cyc);
      long long C;
      cudaMemcpy(&C, Cyc, sizeof C, cudaMemcpyDeviceToHost);
      if (Rep > 0 && C < Best[K]) Best[K] = C;  // first launch is warm-up
    }
  printf("time W=%-2d %-11s %-45s R=1: %5lld  R=64: %6lld  (R64-R1)/63 = %6.2f cycles per instruction\n", W,
         OpName(Op), Names[P], Best[0], Best[1], (Best[1] - Best[0]) / 63.0);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s bank | time | %s MODE(0..%d) [launches]\n", argv[0], argv[0], NModes - 1);
    return 2;
  }
  unsigned *Gu, *Out;
  cudaMalloc(&Gu, 65536);
  cudaMalloc(&Out, 65536);
  unsigned H[512];
  for (int I = 0; I < 512; ++I) H[I] = I < 256 ? I + 1 : 100000 + I;
  cudaMemcpy(Gu, H, sizeof H, cudaMemcpyHostToDevice);
  const char *G = (const char *)Gu;
  if (!strcmp(argv[1], "bank")) {
    CASES(BANK)
    cudaDeviceSynchronize();
    printf("bank: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
  }
  if (!strcmp(argv[1], "time")) {
    long long *Cyc;
    cudaMalloc(&Cyc, 64);
    CASES(TIME)
    printf("time: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
  }
  int M = atoi(argv[1]), N = argc > 2 ? atoi(argv[2]) : 1;
  long Bad = 0;
  for (int K = 0; K < N; ++K) {
    switch (M) {
    case 0: race<0><<<1, 256>>>(Gu, Out); break;
    case 1: race<1><<<1, 256>>>(Gu, Out); break;
    case 2: race<2><<<1, 256>>>(Gu, Out); break;
    case 3: race<3><<<1, 256>>>(Gu, Out); break;
    case 4: race<4><<<1, 256>>>(Gu, Out); break;
    case 5: race<5><<<1, 256>>>(Gu, Out); break;
    case 6: race<6><<<1, 256>>>(Gu, Out); break;
    case 7: race<7><<<1, 256>>>(Gu, Out); break;
    default: fprintf(stderr, "bad mode\n"); return 2;
    }
    unsigned R[256];
    cudaMemcpy(R, Out, sizeof R, cudaMemcpyDeviceToHost);
    for (int T = 0; T < 256; ++T) {
      unsigned Want = (M == A_RACY || M == A_FIXED) ? H[T] : M == E_RACY ? H[256 + 255 - T] : H[255 - T];
      Bad += R[T] != Want;
    }
  }
  printf("mode %d (%s): %ld of %d reads did not see the copied value over %d launches; %s\n", M,
         ModeNames[M], Bad, 256 * N, N, cudaGetErrorString(cudaGetLastError()));
  return 0;
}
