// Code nvcc 13 compiles and Clang 19 alone rejects parses without an error,
// with the built-in prelude (this RUN) and with the CUDA 13 headers
// (nvcc-accepts-toolkit.test runs this file again): exit status 0 or 1,
// never 2. Each construct is from real code (llm.c, HeCBench, cuda-samples,
// CUTLASS examples).
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="error:"
// A relative path through `..` reads the file the same way (the rewritten
// `__shared__ alignas(N)` was not read for `../frontend/nvcc-accepts.cu`).
// RUN: cd %S && not %smem-lint ../frontend/nvcc-accepts.cu 2>&1 | FileCheck %s --implicit-check-not="error:"

#include <omp.h> // llm.c's dev/cuda, built with -fopenmp
#include <cstdio>

// Cache-hinted loads and stores of every type (sm_32_intrinsics.hpp).
__global__ void streaming(float4 *out, const float4 *in, const int4 *ints,
                          float *f, int4 *iout, double *d) {
  __shared__ float s[256];
  s[threadIdx.x] = __ldcs(f + threadIdx.x) + __ldcg(f) + __ldca(f) +
                   __ldlu(f) + __ldcv(f);
  __syncthreads();
  __stcs(out + threadIdx.x, __ldcs(in + threadIdx.x));
  __stcg(iout + threadIdx.x, __ldcs(ints + threadIdx.x));
  __stwb(d, 1.0);
  __stwt(f + threadIdx.x, s[255 - threadIdx.x]);
}

// nvcc's __nv_atomic_* builtins (CUDA 12.8) and their orders and scopes
// (CUTLASS's subbyte_reference.h loads with __nv_atomic_load_n): GCC's
// __atomic builtins to the analysis, which reports the race below as it
// would for atomicAdd.
// smem-lint: block_dim(64)
__global__ void nv_atomics(unsigned *p, unsigned char *b) {
  __shared__ unsigned s[64];
  s[threadIdx.x] = __nv_atomic_load_n(p + threadIdx.x, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(&s[threadIdx.x % 4], 1, __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_BLOCK);
  // CHECK: nvcc-accepts.cu:[[@LINE-2]]:3: {{.*}}missing barrier: thread 32 atomically updates s[0], also written by thread 0 at line [[@LINE-3]]
  unsigned expected = 0;
  __nv_atomic_compare_exchange_n(p, &expected, 2u, false, __NV_ATOMIC_ACQ_REL,
                                 __NV_ATOMIC_RELAXED);
  __nv_atomic_store_n(p + 1, 1u, __NV_ATOMIC_RELEASE);
  __nv_atomic_fetch_max(p + 2, expected, __NV_ATOMIC_SEQ_CST,
                        __NV_THREAD_SCOPE_DEVICE);
  unsigned char c = __nv_atomic_load_n(b, __NV_ATOMIC_ACQUIRE);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_CLUSTER);
  __syncthreads();
  p[threadIdx.x] = s[(threadIdx.x + 1) % 64] + c;
}

// An attribute after __shared__ (cuda-samples' globalToShmemAsyncCopy), also
// with extern; the rewrite that lets Clang read it keeps every column, so
// the conflict below is reported at the real place.
__global__ void aligned(float *out) {
  __shared__ alignas(alignof(float4)) float tile[32][32];
  extern __shared__ alignas(16) float dynamic[];
  tile[threadIdx.y][threadIdx.x] = dynamic[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK: nvcc-accepts.cu:[[@LINE-1]]:22: warning: 32-way bank conflict: read of 'tile'
}

// asm operands without the comma between them (cuda-samples'
// conjugateGradientMultiDeviceCG): nvcc reads them, and so does smem-lint.
__device__ void store_flag(unsigned char *flag, unsigned v) {
  asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(v) "l"(flag) : "memory");
}

// nvcc's version macros guard code as in CUTLASS's examples.
#if !defined(__CUDACC_VER_MAJOR__) || __CUDACC_VER_MAJOR__ < 12
#error "nvcc's version macros are not defined"
#endif

// A device-side launch (dynamic parallelism; nvcc -rdc=true): Clang 19
// cannot parse it. A note says the launch is not analysed; both kernels are.
__global__ void child(int *p) { p[threadIdx.x] = 1; }
__global__ void parent(int *p) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  // CHECK: nvcc-accepts.cu:[[@LINE-1]]:5: note: a device-side kernel launch (dynamic parallelism), which Clang 19 cannot parse: this launch is not analysed, the kernel it launches is analysed on its own (Clang: {{.*}}) [smem-lint-frontend]
}

// Host code: min and max of integers and floats, isfinite, 'register' in
// C++17 (HeCBench, cuda-samples' reductionMultiBlockCG and dxtc).
int host_side(int a, unsigned b, float x) {
  register int r = min(a, 256);
  r += max(a, 3) + min(b, 4u) + (int)max(x, 1.0f) + (int)min(1u, a);
  return r + (isfinite(x) ? 1 : 0) + omp_get_max_threads();
}

// Host code the device-side parse cannot read (here an error nvcc reports
// too, in a function no kernel depends on): a note at its place, and the
// kernels are still analysed.
struct Widget { int v; };
int broken(Widget w) { return w.missing; }
// CHECK: nvcc-accepts.cu:[[@LINE-1]]:33: note: host code that this parse cannot read: no member named 'missing' in 'Widget'; kernels, launches and shared variables are not affected [smem-lint-frontend]

int main() {
  float *f; float4 *f4; int4 *i4; double *d; int *p;
  streaming<<<1, 256>>>(f4, f4, i4, f, i4, d);
  aligned<<<1, dim3(32, 32), 32 * sizeof(float)>>>(f);
  parent<<<1, 32>>>(p);
  printf("%d\n", host_side(1, 2, 3.0f) + broken({1}));
}
// CHECK: smem-lint: 1 warning and 0 errors, 3 notes in 1 file

// More nvcc habits in host code: clock() and the minor version macro.
#include <ctime>
long elapsed() {
#if __CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 0)
  return (long)clock();
#else
#error "nvcc's minor version macro is not defined"
#endif
}
