// bank_model_probes.cu -- shared-memory phase/bank probes for smem-lint's bank model (H200, sm_90).
//
// One kernel per case. Every kernel runs 1 block of 256 threads (8 warps), lane = threadIdx.x & 31.
//   * load probes : fill the shared buffer with 4-byte stores, __syncthreads(), then ITERS iterations
//                   of the probed load. The probed load is the ONLY shared load in the kernel, so
//                   l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum / smsp__sass_inst_executed_op_shared_ld.sum
//                   is the cost of the probed instruction alone (the fill only shows up in the _st metrics).
//   * store probes: ITERS iterations of the probed store and no other shared store, then one
//                   4-byte load to keep the data observable; the _st metrics isolate the probe.
// Scalar accesses (char, short, float, double) go through a volatile pointer into the __shared__
// array (ld/st.volatile.shared.*), vector accesses (float2, float4) through one inline-PTX
// ld/st.volatile.shared.v2/v4.f32, so each iteration is exactly one shared instruction of the intended
// width; run_probes.sh checks that in the SASS (LDS.U8 / LDS.U16 / LDS / LDS.64 / LDS.128, STS.64 / STS.128).
//
// Part 2 (pat_* kernels): one kernel per width and direction, whose lane->element map is read from a
// table (PATTERN lines in the program output), launched once per pattern: structured patterns plus
// random ones, so that a bank model can be fitted and checked against hundreds of measured maps.
//
// Build: nvcc -arch=sm_90 -O3 -lineinfo -o bank_model_probes bank_model_probes.cu
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define ITERS 8
#define BUFW 4096  // 16 KiB of 4-byte words, enough for every index used below
#define NTHREADS 256

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

__device__ __forceinline__ unsigned sptr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// ---- one shared instruction each ------------------------------------------------------------
__device__ __forceinline__ float ld_c(unsigned* b, int i)  { return (float)((volatile unsigned char*)b)[i]; }
__device__ __forceinline__ float ld_h(unsigned* b, int i)  { return (float)((volatile unsigned short*)b)[i]; }
__device__ __forceinline__ float ld_f(unsigned* b, int i)  { return ((volatile float*)b)[i]; }
__device__ __forceinline__ float ld_d(unsigned* b, int i)  { return (float)((volatile double*)b)[i]; }
__device__ __forceinline__ float ld_f2(unsigned* b, int i) {
  float x, y;
  asm volatile("ld.volatile.shared.v2.f32 {%0, %1}, [%2];" : "=f"(x), "=f"(y) : "r"(sptr(b) + 8u * i) : "memory");
  return x + y;
}
__device__ __forceinline__ float ld_f4(unsigned* b, int i) {
  float x, y, z, w;
  asm volatile("ld.volatile.shared.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(x), "=f"(y), "=f"(z), "=f"(w) : "r"(sptr(b) + 16u * i) : "memory");
  return (x + y) + (z + w);
}
__device__ __forceinline__ void st_d(unsigned* b, int i, float v) { ((volatile double*)b)[i] = (double)v; }
__device__ __forceinline__ void st_f2(unsigned* b, int i, float v) {
  asm volatile("st.volatile.shared.v2.f32 [%0], {%1, %2};" :: "r"(sptr(b) + 8u * i), "f"(v), "f"(v + 1.f) : "memory");
}
__device__ __forceinline__ void st_f4(unsigned* b, int i, float v) {
  asm volatile("st.volatile.shared.v4.f32 [%0], {%1, %2, %3, %4};"
               :: "r"(sptr(b) + 16u * i), "f"(v), "f"(v + 1.f), "f"(v + 2.f), "f"(v + 3.f) : "memory");
}

// ---- kernel generators ------------------------------------------------------------------------
// LOADK(name, loader, index expression in lane, active-lane condition)
#define LOADK(NAME, LD, IDX, COND)                                                   \
  extern "C" __global__ void __launch_bounds__(NTHREADS) NAME(float* out) {          \
    __shared__ __align__(16) unsigned buf[BUFW];                                     \
    const int tid = threadIdx.x, lane = tid & 31; (void)lane;                        \
    for (int i = tid; i < BUFW; i += NTHREADS) buf[i] = __float_as_uint((float)(i & 255)); \
    __syncthreads();                                                                 \
    float acc = 0.f;                                                                 \
    _Pragma("unroll") for (int it = 0; it < ITERS; ++it) {                           \
      if (COND) acc += LD(buf, (IDX));                                               \
    }                                                                                \
    out[blockIdx.x * NTHREADS + tid] = acc;                                          \
  }
// STOREK(name, storer, index expression in lane)
#define STOREK(NAME, ST, IDX)                                                        \
  extern "C" __global__ void __launch_bounds__(NTHREADS) NAME(float* out) {          \
    __shared__ __align__(16) unsigned buf[BUFW];                                     \
    const int tid = threadIdx.x, lane = tid & 31; (void)lane;                        \
    _Pragma("unroll") for (int it = 0; it < ITERS; ++it) {                           \
      ST(buf, (IDX), (float)(it + tid));                                             \
    }                                                                                \
    __syncthreads();                                                                 \
    out[blockIdx.x * NTHREADS + tid] = ((volatile float*)buf)[tid];                  \
  }

// ---- 8-byte, double --------------------------------------------------------------------------
LOADK(d_lane,      ld_d, lane,                                   true)   // known: 2
LOADK(d_uniform,   ld_d, 0,                                      true)
LOADK(d_and15,     ld_d, lane & 15,                              true)
LOADK(d_shr1,      ld_d, lane >> 1,                              true)
LOADK(d_and15x16,  ld_d, (lane & 15) * 16,                       true)
LOADK(d_and7,      ld_d, lane & 7,                               true)
LOADK(d_xor1,      ld_d, lane ^ 1,                               true)
LOADK(d_and1x16,   ld_d, (lane & 1) * 16,                        true)
LOADK(d_lt16,      ld_d, lane,                                   lane < 16)
LOADK(d_ge16x16,   ld_d, lane * 16,                              lane >= 16)
LOADK(d_x3,        ld_d, lane * 3,                               true)
LOADK(d_and15perm, ld_d, (lane & 15) ^ ((lane >> 4) * 15),       true)   // halves read the same 16 doubles, different lane order
LOADK(d_split128,  ld_d, (lane & 7) + 8 * (lane >> 4),           true)   // whole warp inside one 128-byte row, halves disjoint
STOREK(d_st_and15, st_d, lane & 15)
// ---- 8-byte, float2 --------------------------------------------------------------------------
LOADK(f2_lane,     ld_f2, lane,                                  true)   // known: 2
LOADK(f2_uniform,  ld_f2, 0,                                     true)
LOADK(f2_and15,    ld_f2, lane & 15,                             true)
LOADK(f2_and15x16, ld_f2, (lane & 15) * 16,                      true)
STOREK(f2_st_and15, st_f2, lane & 15)
// ---- 16-byte, float4 -------------------------------------------------------------------------
LOADK(f4_lane,     ld_f4, lane,                                  true)   // known: 4
LOADK(f4_uniform,  ld_f4, 0,                                     true)   // known: 2
LOADK(f4_and7,     ld_f4, lane & 7,                              true)
LOADK(f4_and1,     ld_f4, lane & 1,                              true)
LOADK(f4_and15x8,  ld_f4, (lane & 15) * 8,                       true)
LOADK(f4_lt16,     ld_f4, lane,                                  lane < 16)
LOADK(f4_lt8,      ld_f4, lane,                                  lane < 8)
LOADK(f4_x3,       ld_f4, lane * 3,                              true)
STOREK(f4_st_and7, st_f4, lane & 7)
// ---- 4-byte, float ---------------------------------------------------------------------------
LOADK(f_lane,      ld_f, lane,                                   true)   // known: 1
LOADK(f_and15x32,  ld_f, (lane & 15) * 32,                       true)
LOADK(f_and15,     ld_f, lane & 15,                              true)
LOADK(f_lt16x32,   ld_f, lane * 32,                              lane < 16)
// ---- 2-byte and 1-byte -----------------------------------------------------------------------
LOADK(h_uniform,   ld_h, 0,                                      true)
LOADK(c_uniform,   ld_c, 0,                                      true)


// ---- pattern-driven probes --------------------------------------------------------------------
// One kernel per width and direction; the element index of each lane comes from a table in global
// memory (idx < 0: the lane is inactive), so one binary can measure hundreds of lane->address maps.
// Every launch runs one pattern; ncu reports one row per launch, in launch order.
#define PATLOAD(NAME, LD)                                                            \
  extern "C" __global__ void __launch_bounds__(NTHREADS) NAME(const int* pats, int pid, float* out) { \
    __shared__ __align__(16) unsigned buf[BUFW];                                     \
    const int tid = threadIdx.x, lane = tid & 31;                                    \
    for (int i = tid; i < BUFW; i += NTHREADS) buf[i] = __float_as_uint((float)(i & 255)); \
    const int idx = pats[pid * 32 + lane];                                           \
    __syncthreads();                                                                 \
    float acc = 0.f;                                                                 \
    if (idx >= 0) {                                                                  \
      _Pragma("unroll") for (int it = 0; it < ITERS; ++it) acc += LD(buf, idx);     \
    }                                                                                \
    out[blockIdx.x * NTHREADS + tid] = acc;                                          \
  }
#define PATSTORE(NAME, ST)                                                           \
  extern "C" __global__ void __launch_bounds__(NTHREADS) NAME(const int* pats, int pid, float* out) { \
    __shared__ __align__(16) unsigned buf[BUFW];                                     \
    const int tid = threadIdx.x, lane = tid & 31;                                    \
    const int idx = pats[pid * 32 + lane];                                           \
    if (idx >= 0) {                                                                  \
      _Pragma("unroll") for (int it = 0; it < ITERS; ++it) ST(buf, idx, (float)(it + tid)); \
    }                                                                                \
    __syncthreads();                                                                 \
    out[blockIdx.x * NTHREADS + tid] = ((volatile float*)buf)[tid];                  \
  }
__device__ __forceinline__ void st_f(unsigned* b, int i, float v) { ((volatile float*)b)[i] = v; }
PATLOAD(pat_ld4, ld_f)
PATLOAD(pat_ld8, ld_d)
PATLOAD(pat_ld16, ld_f4)
PATSTORE(pat_st4, st_f)
PATSTORE(pat_st8, st_d)
PATSTORE(pat_st16, st_f4)

struct Pattern { char name[40]; int width; int store; int idx[32]; };
static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static unsigned rnd() { rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17; return (unsigned)(rng_state >> 11); }

// Structured patterns: index of lane l (element units of the access width), -1 = inactive.
#define SP(W, ST, NAME, EXPR) do { Pattern p_; snprintf(p_.name, sizeof p_.name, "%s", NAME); p_.width = W; p_.store = ST; \
    for (int l = 0; l < 32; ++l) p_.idx[l] = (EXPR); v.push_back(p_); } while (0)

static std::vector<Pattern> make_patterns() {
  std::vector<Pattern> v;
  // 8-byte loads
  SP(8, 0, "lane", l);                 SP(8, 0, "uniform", 0);             SP(8, 0, "and15", l & 15);
  SP(8, 0, "shr1", l >> 1);            SP(8, 0, "and15x16", (l & 15) * 16); SP(8, 0, "and7", l & 7);
  SP(8, 0, "xor1", l ^ 1);             SP(8, 0, "and1x16", (l & 1) * 16);  SP(8, 0, "lt16", l < 16 ? l : -1);
  SP(8, 0, "ge16_x16", l >= 16 ? l * 16 : -1); SP(8, 0, "x3", l * 3);       SP(8, 0, "x2", l * 2);
  SP(8, 0, "x16", l * 16);             SP(8, 0, "x17", l * 17);
  SP(8, 0, "and1", l & 1);             SP(8, 0, "and3", l & 3);            SP(8, 0, "shr1and1", (l >> 1) & 1);
  SP(8, 0, "shr2", l >> 2);            SP(8, 0, "shr3", l >> 3);           SP(8, 0, "shr4", l >> 4);
  SP(8, 0, "shr4x16", (l >> 4) * 16);  SP(8, 0, "shr1and7x16", ((l >> 1) & 7) * 16); SP(8, 0, "shr1x16", (l >> 1) * 16);
  SP(8, 0, "and3x16", (l & 3) * 16);   SP(8, 0, "and7x16", (l & 7) * 16);  SP(8, 0, "shr2and1x16", ((l >> 2) & 1) * 16);
  SP(8, 0, "shr3and1x16", ((l >> 3) & 1) * 16); SP(8, 0, "shr2and3x16", ((l >> 2) & 3) * 16);
  SP(8, 0, "and1x16_plus_shr4", (l & 1) * 16 + (l >> 4));
  SP(8, 0, "quad0_distinct", l < 4 ? l : 0); SP(8, 0, "octet0_distinct", l < 8 ? l : 0);
  SP(8, 0, "pair0_distinct", l < 2 ? l : 0); SP(8, 0, "lane31_is1", l == 31 ? 1 : 0);
  SP(8, 0, "lane31_is16", l == 31 ? 16 : 0); SP(8, 0, "shr1_lane31_is16", l == 31 ? 16 : (l >> 1));
  SP(8, 0, "shr1_lane31_is20", l == 31 ? 20 : (l >> 1));
  SP(8, 0, "even_shr1", l % 2 == 0 ? l >> 1 : -1); SP(8, 0, "even_lane", l % 2 == 0 ? l : -1);
  SP(8, 0, "mod4_shr2", l % 4 == 0 ? l >> 2 : -1); SP(8, 0, "lt8", l < 8 ? l : -1);
  SP(8, 0, "lt24", l < 24 ? l : -1);   SP(8, 0, "lt16_and1x16", l < 16 ? (l & 1) * 16 : -1);
  SP(8, 0, "xor16", l ^ 16);           SP(8, 0, "x2and31", (l * 2) & 31);  SP(8, 0, "and15x2", (l & 15) * 2);
  SP(8, 0, "and15_xor_shr4", (l & 15) ^ (l >> 4)); SP(8, 0, "and1_plus_shr4x2", (l & 1) + 2 * (l >> 4));
  SP(8, 0, "and1x16_lt24", l < 24 ? (l & 1) * 16 : -1); SP(8, 0, "and3x16_shr4", (l & 3) * 16 + (l >> 4));
  SP(8, 0, "shr1_halves_x16", (l >> 1) + ((l >> 4) ? 16 : 0)); SP(8, 0, "and1x16_plus_shr1and1x2", (l & 1) * 16 + ((l >> 1) & 1) * 2);
  SP(8, 0, "lt12_else0", l < 12 ? l : 0); SP(8, 0, "lt16_else0", l < 16 ? l : 0); SP(8, 0, "and1_lt16", l < 16 ? l & 1 : -1);
  // 16-byte loads
  SP(16, 0, "lane", l);                SP(16, 0, "uniform", 0);            SP(16, 0, "and7", l & 7);
  SP(16, 0, "and1", l & 1);            SP(16, 0, "and15x8", (l & 15) * 8); SP(16, 0, "lt16", l < 16 ? l : -1);
  SP(16, 0, "lt8", l < 8 ? l : -1);    SP(16, 0, "x3", l * 3);             SP(16, 0, "shr1", l >> 1);
  SP(16, 0, "x2", l * 2);              SP(16, 0, "x8", l * 8);             SP(16, 0, "and3", l & 3);
  SP(16, 0, "shr2", l >> 2);           SP(16, 0, "shr3", l >> 3);          SP(16, 0, "shr4", l >> 4);
  SP(16, 0, "shr1and1", (l >> 1) & 1); SP(16, 0, "shr2and1", (l >> 2) & 1); SP(16, 0, "shr3and1", (l >> 3) & 1);
  SP(16, 0, "and15", l & 15);          SP(16, 0, "and1x8", (l & 1) * 8);   SP(16, 0, "shr1and1x8", ((l >> 1) & 1) * 8);
  SP(16, 0, "shr2and1x8", ((l >> 2) & 1) * 8); SP(16, 0, "shr3and1x8", ((l >> 3) & 1) * 8); SP(16, 0, "shr4x8", (l >> 4) * 8);
  SP(16, 0, "and3x8", (l & 3) * 8);    SP(16, 0, "shr2x8", (l >> 2) * 8);  SP(16, 0, "shr1x8", (l >> 1) * 8);
  SP(16, 0, "even_lane", l % 2 == 0 ? l : -1); SP(16, 0, "even_shr1", l % 2 == 0 ? l >> 1 : -1);
  SP(16, 0, "mod4_shr2", l % 4 == 0 ? l >> 2 : -1); SP(16, 0, "mod4_lane", l % 4 == 0 ? l : -1);
  SP(16, 0, "lt4", l < 4 ? l : -1);    SP(16, 0, "lt12", l < 12 ? l : -1); SP(16, 0, "lt24", l < 24 ? l : -1);
  SP(16, 0, "quad0_distinct", l < 4 ? l : 0); SP(16, 0, "octet0_distinct", l < 8 ? l : 0);
  SP(16, 0, "pair0_distinct", l < 2 ? l : 0); SP(16, 0, "lane31_is1", l == 31 ? 1 : 0);
  SP(16, 0, "lane31_is8", l == 31 ? 8 : 0);   SP(16, 0, "xor8", l ^ 8);    SP(16, 0, "xor16", l ^ 16);
  SP(16, 0, "xor1", l ^ 1);            SP(16, 0, "split128", (l & 7) + 8 * (l >> 4));
  SP(16, 0, "lt16_uniform", l < 16 ? 0 : -1); SP(16, 0, "lt8_uniform", l < 8 ? 0 : -1);
  SP(16, 0, "shr1_lt16", l < 16 ? l >> 1 : -1); SP(16, 0, "and3_lt16", l < 16 ? l & 3 : -1);
  SP(16, 0, "and1_lt8", l < 8 ? l & 1 : -1);  SP(16, 0, "and7_lt16", l < 16 ? l & 7 : -1);
  SP(16, 0, "shr2and3", (l >> 2) & 3); SP(16, 0, "shr1and3", (l >> 1) & 3);
  SP(16, 0, "lt6_else0", l < 6 ? l : 0); SP(16, 0, "lt16_else0", l < 16 ? l : 0);
  // 4-byte loads
  SP(4, 0, "lane", l);                 SP(4, 0, "and15x32", (l & 15) * 32); SP(4, 0, "and15", l & 15);
  SP(4, 0, "lt16_x32", l < 16 ? l * 32 : -1); SP(4, 0, "and1x32", (l & 1) * 32); SP(4, 0, "shr4x32", (l >> 4) * 32);
  SP(4, 0, "x2", l * 2);               SP(4, 0, "shr1x32", (l >> 1) * 32);
  // stores
  SP(8, 1, "lane", l);                 SP(8, 1, "uniform", 0);             SP(8, 1, "and15", l & 15);
  SP(8, 1, "shr1", l >> 1);            SP(8, 1, "and1x16", (l & 1) * 16);  SP(8, 1, "and15x16", (l & 15) * 16);
  SP(8, 1, "and1", l & 1);             SP(8, 1, "and3", l & 3);            SP(8, 1, "shr2", l >> 2);
  SP(8, 1, "split128", (l & 7) + 8 * (l >> 4)); SP(8, 1, "even_shr1", l % 2 == 0 ? l >> 1 : -1);
  SP(8, 1, "quad0_distinct", l < 4 ? l : 0);
  SP(16, 1, "lane", l);                SP(16, 1, "uniform", 0);            SP(16, 1, "and7", l & 7);
  SP(16, 1, "and1", l & 1);            SP(16, 1, "shr1", l >> 1);          SP(16, 1, "and3", l & 3);
  SP(16, 1, "and1x8", (l & 1) * 8);    SP(16, 1, "even_lane", l % 2 == 0 ? l : -1);
  SP(16, 1, "shr2", l >> 2);           SP(16, 1, "quad0_distinct", l < 4 ? l : 0);
  SP(4, 1, "lane", l);                 SP(4, 1, "and15x32", (l & 15) * 32); SP(4, 1, "and1x32", (l & 1) * 32);
  // random patterns: a pool of a few addresses inside 512 bytes (4 bank rows), random lane->pool map,
  // sometimes a random active mask, sometimes lanes grouped (pairs/quads share a pool entry)
  const int widths[3] = {8, 16, 4};
  const int nrand[3] = {70, 70, 16};
  const int poolsizes[10] = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32};
  for (int wi = 0; wi < 3; ++wi) {
    const int w = widths[wi], span = 512 / w;  // elements inside 512 bytes
    for (int r = 0; r < nrand[wi]; ++r) {
      Pattern p; p.width = w; p.store = (wi < 2 && r % 7 == 6) ? 1 : 0;
      int ps = poolsizes[rnd() % 10], pool[32];
      for (int k = 0; k < ps; ++k) pool[k] = (int)(rnd() % span);
      const int group = 1 << (rnd() % 3);       // 1, 2 or 4 lanes in a row take the same pool entry
      const int masked = (rnd() % 3 == 0);
      int cur = 0;
      for (int l = 0; l < 32; ++l) {
        if (l % group == 0) cur = pool[rnd() % ps];
        p.idx[l] = cur;
        if (masked && (rnd() % 3 == 0)) p.idx[l] = -1;
      }
      snprintf(p.name, sizeof p.name, "rand%d_pool%d_g%d%s", r, ps, group, masked ? "_m" : "");
      v.push_back(p);
    }
  }
  return v;
}

static int run_patterns() {
  std::vector<Pattern> v = make_patterns();
  const int n = (int)v.size();
  std::vector<int> h(n * 32);
  for (int k = 0; k < n; ++k) for (int l = 0; l < 32; ++l) h[k * 32 + l] = v[k].idx[l];
  int* d_p; float* d_out;
  CK(cudaMalloc(&d_p, h.size() * sizeof(int)));
  CK(cudaMalloc(&d_out, NTHREADS * sizeof(float)));
  CK(cudaMemcpy(d_p, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  int bad_total = 0;
  for (int k = 0; k < n; ++k) {
    const Pattern& p = v[k];
    // print the pattern first: the analysis reads the lane->index map from this line
    printf("PATTERN %d %s w=%d %s idx=", k, p.name, p.width, p.store ? "st" : "ld");
    for (int l = 0; l < 32; ++l) printf("%d%c", p.idx[l], l == 31 ? '\n' : ',');
    void (*f)(const int*, int, float*) =
        p.store ? (p.width == 4 ? pat_st4 : p.width == 8 ? pat_st8 : pat_st16)
                : (p.width == 4 ? pat_ld4 : p.width == 8 ? pat_ld8 : pat_ld16);
    f<<<1, NTHREADS>>>(d_p, k, d_out);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    float o[NTHREADS];
    CK(cudaMemcpy(o, d_out, sizeof(o), cudaMemcpyDeviceToHost));
    for (int t = 0; t < NTHREADS; ++t) if (o[t] != o[t]) ++bad_total;
  }
  CK(cudaFree(d_p)); CK(cudaFree(d_out));
  printf("ran %d pattern launches, %d NaN outputs\n", n, bad_total);
  return 0;
}

typedef void (*kfn)(float*);
struct Case { const char* name; kfn f; };
#define C(n) { #n, n }
static const Case cases[] = {
  C(d_lane), C(d_uniform), C(d_and15), C(d_shr1), C(d_and15x16), C(d_and7), C(d_xor1), C(d_and1x16),
  C(d_lt16), C(d_ge16x16), C(d_x3), C(d_and15perm), C(d_split128), C(d_st_and15),
  C(f2_lane), C(f2_uniform), C(f2_and15), C(f2_and15x16), C(f2_st_and15),
  C(f4_lane), C(f4_uniform), C(f4_and7), C(f4_and1), C(f4_and15x8), C(f4_lt16), C(f4_lt8), C(f4_x3), C(f4_st_and7),
  C(f_lane), C(f_and15x32), C(f_and15), C(f_lt16x32),
  C(h_uniform), C(c_uniform),
};

int main() {
  const int n = (int)(sizeof(cases) / sizeof(cases[0]));
  cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
  printf("device: %s (sm_%d%d)\n", p.name, p.major, p.minor);
  float* d_out; CK(cudaMalloc(&d_out, NTHREADS * sizeof(float)));
  float h_out[NTHREADS];
  for (int k = 0; k < n; ++k) {
    CK(cudaMemset(d_out, 0xff, NTHREADS * sizeof(float)));  // poison: NaN everywhere
    cases[k].f<<<1, NTHREADS>>>(d_out);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
    double s = 0; int bad = 0;
    for (int t = 0; t < NTHREADS; ++t) { if (h_out[t] != h_out[t]) ++bad; s += h_out[t]; }
    printf("%-12s checksum %.6g%s\n", cases[k].name, s, bad ? "  (UNWRITTEN OUTPUT)" : "");
  }
  CK(cudaFree(d_out));
  printf("ran %d kernels\n", n);
  run_patterns();
  return 0;
}
