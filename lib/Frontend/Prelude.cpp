//===--- Prelude.cpp - Declarations for parsing without a CUDA toolkit ----===//

#include "Frontend/Prelude.h"

#include <cstring>
#include <string>

namespace smemlint {
namespace {

constexpr llvm::StringLiteral PreludeText = R"cuda(
// smem-lint prelude: parsing without the CUDA toolkit's headers.
#pragma once
#define __SMEM_LINT_PRELUDE__ 1
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __cluster_dims__(...) __attribute__((cluster_dims(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __grid_constant__
#define __device_builtin__
#define CUDART_VERSION 13000

#include <__clang_cuda_builtin_vars.h>

typedef __SIZE_TYPE__ size_t;

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
};
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12,
  cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15
};
extern "C" {
int cudaConfigureCall(dim3 grid, dim3 block, size_t shared = 0,
                      cudaStream_t stream = 0);
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared = 0,
                                     void *stream = 0);
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags = 1);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       enum cudaMemcpyKind kind);
cudaError_t cudaMemset(void *ptr, int value, size_t count);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr,
                                 int value);
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
}
enum cudaLaunchAttributeID {
  cudaLaunchAttributeIgnore = 0,
  cudaLaunchAttributeAccessPolicyWindow = 1,
  cudaLaunchAttributeCooperative = 2,
  cudaLaunchAttributeSynchronizationPolicy = 3,
  cudaLaunchAttributeClusterDimension = 4,
  cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
  cudaLaunchAttributeProgrammaticStreamSerialization = 6,
  cudaLaunchAttributeProgrammaticEvent = 7,
  cudaLaunchAttributePriority = 8
};
typedef union cudaLaunchAttributeValue {
  char pad[64];
  int cooperative;
  struct {
    unsigned int x;
    unsigned int y;
    unsigned int z;
  } clusterDim;
  int programmaticStreamSerializationAllowed;
  int priority;
} cudaLaunchAttributeValue;
typedef struct cudaLaunchAttribute_st {
  enum cudaLaunchAttributeID id;
  char pad[8 - sizeof(enum cudaLaunchAttributeID)];
  cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
extern "C" cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                           const void *func, void **args);
// The driver API's tensor maps (cuda.h), for TMA tensor copies: what
// cuTensorMapEncodeTiled reads is what the analysis reads of it.
typedef __UINT32_TYPE__ cuuint32_t; // uint32_t, as cuda.h has it
typedef __UINT64_TYPE__ cuuint64_t;
typedef enum cudaError_enum { CUDA_SUCCESS = 0 } CUresult;
typedef struct CUtensorMap_st {
  alignas(128) cuuint64_t opaque[16];
} CUtensorMap;
typedef enum CUtensorMapDataType_enum {
  CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0,
  CU_TENSOR_MAP_DATA_TYPE_UINT16,
  CU_TENSOR_MAP_DATA_TYPE_UINT32,
  CU_TENSOR_MAP_DATA_TYPE_INT32,
  CU_TENSOR_MAP_DATA_TYPE_UINT64,
  CU_TENSOR_MAP_DATA_TYPE_INT64,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT64,
  CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
  CU_TENSOR_MAP_DATA_TYPE_FLOAT32_FTZ,
  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32,
  CU_TENSOR_MAP_DATA_TYPE_TFLOAT32_FTZ,
  CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B,
  CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B,
  CU_TENSOR_MAP_DATA_TYPE_16U6_ALIGN16B
} CUtensorMapDataType;
typedef enum CUtensorMapInterleave_enum {
  CU_TENSOR_MAP_INTERLEAVE_NONE = 0,
  CU_TENSOR_MAP_INTERLEAVE_16B,
  CU_TENSOR_MAP_INTERLEAVE_32B
} CUtensorMapInterleave;
typedef enum CUtensorMapSwizzle_enum {
  CU_TENSOR_MAP_SWIZZLE_NONE = 0,
  CU_TENSOR_MAP_SWIZZLE_32B,
  CU_TENSOR_MAP_SWIZZLE_64B,
  CU_TENSOR_MAP_SWIZZLE_128B,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B_FLIP_8B,
  CU_TENSOR_MAP_SWIZZLE_128B_ATOM_64B
} CUtensorMapSwizzle;
typedef enum CUtensorMapL2promotion_enum {
  CU_TENSOR_MAP_L2_PROMOTION_NONE = 0,
  CU_TENSOR_MAP_L2_PROMOTION_L2_64B,
  CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
  CU_TENSOR_MAP_L2_PROMOTION_L2_256B
} CUtensorMapL2promotion;
typedef enum CUtensorMapFloatOOBfill_enum {
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0,
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
} CUtensorMapFloatOOBfill;
extern "C" CUresult cuTensorMapEncodeTiled(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
    cuuint32_t tensorRank, void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);
enum cudaDriverEntryPointQueryResult {
  cudaDriverEntryPointSuccess = 0,
  cudaDriverEntryPointSymbolNotFound = 1,
  cudaDriverEntryPointVersionNotSufficent = 2
};
#define cudaEnableDefault 0x0
cudaError_t cudaGetDriverEntryPoint(
    const char *symbol, void **funcPtr, unsigned long long flags,
    enum cudaDriverEntryPointQueryResult *driverStatus = 0);
cudaError_t cudaGetDriverEntryPointByVersion(
    const char *symbol, void **funcPtr, unsigned int cudaVersion,
    unsigned long long flags,
    enum cudaDriverEntryPointQueryResult *driverStatus = 0);
// cudaTypedefs.h: the entry point cudaGetDriverEntryPoint returns.
typedef decltype(&cuTensorMapEncodeTiled) PFN_cuTensorMapEncodeTiled_v12000;
#define PFN_cuTensorMapEncodeTiled PFN_cuTensorMapEncodeTiled_v12000
template <class T>
cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem = 0, cudaStream_t stream = 0) {
  return cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                          sharedMem, stream);
}
template <class T>
cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                                        void **args, size_t sharedMem = 0,
                                        cudaStream_t stream = 0) {
  return cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim,
                                     args, sharedMem, stream);
}
template <typename... ExpTypes, typename... ActTypes>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                               void (*kernel)(ExpTypes...),
                               ActTypes &&...args) {
  // The user's call is the launch the analysis reads; a call of
  // cudaLaunchKernelExC here would be a second one, of unknown shape.
  (void)config;
  (void)kernel;
  (void)sizeof...(args);
  return cudaSuccess;
}
template <class T>
cudaError_t cudaMalloc(T **ptr, size_t size) {
  return cudaMalloc((void **)ptr, size);
}
template <class T>
cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr,
                                 int value) {
  return cudaFuncSetAttribute((const void *)func, attr, value);
}

#define SMEM_LINT_VECTOR2(T, N, A)                                           \
  struct __align__(A) N##2 { T x, y; };                                      \
  __host__ __device__ inline N##2 make_##N##2(T x, T y) { return {x, y}; }
#define SMEM_LINT_VECTOR4(T, N, A)                                           \
  struct __align__(A) N##4 { T x, y, z, w; };                                \
  __host__ __device__ inline N##4 make_##N##4(T x, T y, T z, T w) {          \
    return {x, y, z, w};                                                     \
  }
#define SMEM_LINT_VECTOR13(T, N)                                             \
  struct N##1 { T x; };                                                      \
  struct N##3 { T x, y, z; };                                                \
  __host__ __device__ inline N##1 make_##N##1(T x) { return {x}; }           \
  __host__ __device__ inline N##3 make_##N##3(T x, T y, T z) {               \
    return {x, y, z};                                                        \
  }
SMEM_LINT_VECTOR13(signed char, char) SMEM_LINT_VECTOR2(signed char, char, 2)
SMEM_LINT_VECTOR4(signed char, char, 4)
SMEM_LINT_VECTOR13(unsigned char, uchar) SMEM_LINT_VECTOR2(unsigned char, uchar, 2)
SMEM_LINT_VECTOR4(unsigned char, uchar, 4)
SMEM_LINT_VECTOR13(short, short) SMEM_LINT_VECTOR2(short, short, 4)
SMEM_LINT_VECTOR4(short, short, 8)
SMEM_LINT_VECTOR13(unsigned short, ushort)
SMEM_LINT_VECTOR2(unsigned short, ushort, 4)
SMEM_LINT_VECTOR4(unsigned short, ushort, 8)
SMEM_LINT_VECTOR13(int, int) SMEM_LINT_VECTOR2(int, int, 8)
SMEM_LINT_VECTOR4(int, int, 16)
SMEM_LINT_VECTOR13(unsigned int, uint) SMEM_LINT_VECTOR2(unsigned int, uint, 8)
SMEM_LINT_VECTOR4(unsigned int, uint, 16)
SMEM_LINT_VECTOR13(long long, longlong) SMEM_LINT_VECTOR2(long long, longlong, 16)
SMEM_LINT_VECTOR4(long long, longlong, 16)
SMEM_LINT_VECTOR13(unsigned long long, ulonglong)
SMEM_LINT_VECTOR2(unsigned long long, ulonglong, 16)
SMEM_LINT_VECTOR4(unsigned long long, ulonglong, 16)
SMEM_LINT_VECTOR13(float, float) SMEM_LINT_VECTOR2(float, float, 8)
SMEM_LINT_VECTOR4(float, float, 16)
SMEM_LINT_VECTOR13(double, double) SMEM_LINT_VECTOR2(double, double, 16)
SMEM_LINT_VECTOR4(double, double, 16)
#undef SMEM_LINT_VECTOR2
#undef SMEM_LINT_VECTOR4
#undef SMEM_LINT_VECTOR13

struct __align__(2) __half { unsigned short __x; };
struct __align__(4) __half2 { __half x, y; };
struct __align__(2) __nv_bfloat16 { unsigned short __x; };
struct __align__(4) __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __half half;
typedef __half2 half2;
__device__ __half __float2half(float);
__device__ float __half2float(__half);
__device__ __half __hadd(__half, __half);
__device__ __half __hmul(__half, __half);

// Barriers (__syncthreads is a Clang builtin; its _count/_and/_or forms are
// the CUDA headers' wrappers of Clang's barrier builtins).
__device__ inline int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__device__ inline int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__device__ inline int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence_block(void);
__device__ void __threadfence(void);
__device__ void __threadfence_system(void);
__device__ unsigned __activemask(void);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
__device__ int __any_sync(unsigned mask, int predicate);
__device__ int __all_sync(unsigned mask, int predicate);

// Address-space conversions (sm_20_intrinsics.h), as Clang's CUDA headers
// define them: the 32-bit shared address inline PTX takes (cp.async,
// ldmatrix, mbarrier).
__device__ inline size_t __cvta_generic_to_shared(const void *p) {
  return (size_t)(void __attribute__((address_space(3))) *)p;
}
__device__ inline void *__cvta_shared_to_generic(size_t a) {
  return (void *)(void __attribute__((address_space(3))) *)a;
}
// Which memory a generic pointer is in (sm_20_intrinsics.h).
__device__ inline unsigned __isGlobal(const void *p) {
  return __nvvm_isspacep_global(p);
}
__device__ inline unsigned __isShared(const void *p) {
  return __nvvm_isspacep_shared(p);
}
__device__ inline unsigned __isConstant(const void *p) {
  return __nvvm_isspacep_const(p);
}
__device__ inline unsigned __isLocal(const void *p) {
  return __nvvm_isspacep_local(p);
}

#define SMEM_LINT_SHUFFLES(T)                                                \
  __device__ T __shfl_sync(unsigned mask, T var, int lane, int width = 32);  \
  __device__ T __shfl_up_sync(unsigned mask, T var, unsigned delta,          \
                              int width = 32);                               \
  __device__ T __shfl_down_sync(unsigned mask, T var, unsigned delta,        \
                                int width = 32);                             \
  __device__ T __shfl_xor_sync(unsigned mask, T var, int lane_mask,          \
                               int width = 32);
SMEM_LINT_SHUFFLES(int)
SMEM_LINT_SHUFFLES(unsigned)
SMEM_LINT_SHUFFLES(long long)
SMEM_LINT_SHUFFLES(unsigned long long)
SMEM_LINT_SHUFFLES(float)
SMEM_LINT_SHUFFLES(double)
#undef SMEM_LINT_SHUFFLES

#define SMEM_LINT_ATOMIC(NAME, T)                                            \
  __device__ T NAME(T *address, T value);                                    \
  __device__ T NAME##_block(T *address, T value);                            \
  __device__ T NAME##_system(T *address, T value);
#define SMEM_LINT_ATOMIC_INTEGERS(NAME)                                      \
  SMEM_LINT_ATOMIC(NAME, int)                                                \
  SMEM_LINT_ATOMIC(NAME, unsigned)                                           \
  SMEM_LINT_ATOMIC(NAME, unsigned long long)
SMEM_LINT_ATOMIC_INTEGERS(atomicAdd)
SMEM_LINT_ATOMIC(atomicAdd, float)
SMEM_LINT_ATOMIC(atomicAdd, double)
SMEM_LINT_ATOMIC(atomicSub, int)
SMEM_LINT_ATOMIC(atomicSub, unsigned)
SMEM_LINT_ATOMIC_INTEGERS(atomicExch)
SMEM_LINT_ATOMIC(atomicExch, float)
SMEM_LINT_ATOMIC_INTEGERS(atomicMin)
SMEM_LINT_ATOMIC_INTEGERS(atomicMax)
SMEM_LINT_ATOMIC(atomicInc, unsigned)
SMEM_LINT_ATOMIC(atomicDec, unsigned)
SMEM_LINT_ATOMIC_INTEGERS(atomicAnd)
SMEM_LINT_ATOMIC_INTEGERS(atomicOr)
SMEM_LINT_ATOMIC_INTEGERS(atomicXor)
#undef SMEM_LINT_ATOMIC_INTEGERS
#undef SMEM_LINT_ATOMIC
__device__ int atomicCAS(int *address, int compare, int value);
__device__ unsigned atomicCAS(unsigned *address, unsigned compare,
                              unsigned value);
__device__ unsigned long long atomicCAS(unsigned long long *address,
                                        unsigned long long compare,
                                        unsigned long long value);

__device__ int min(int, int);
__device__ unsigned min(unsigned, unsigned);
__device__ long long min(long long, long long);
__device__ unsigned long long min(unsigned long long, unsigned long long);
__device__ float min(float, float);
__device__ double min(double, double);
__device__ int max(int, int);
__device__ unsigned max(unsigned, unsigned);
__device__ long long max(long long, long long);
__device__ unsigned long long max(unsigned long long, unsigned long long);
__device__ float max(float, float);
__device__ double max(double, double);
__device__ unsigned umin(unsigned, unsigned);
__device__ unsigned umax(unsigned, unsigned);
__device__ int abs(int);
__device__ int __mul24(int, int);
__device__ unsigned __umul24(unsigned, unsigned);
__device__ int __popc(unsigned);
__device__ int __popcll(unsigned long long);
__device__ int __clz(int);
__device__ int __ffs(int);
__device__ unsigned __brev(unsigned);

#define SMEM_LINT_MATH1(F)                                                   \
  __device__ float F##f(float);                                              \
  __device__ double F(double);
SMEM_LINT_MATH1(sqrt) SMEM_LINT_MATH1(rsqrt) SMEM_LINT_MATH1(exp)
SMEM_LINT_MATH1(exp2) SMEM_LINT_MATH1(log) SMEM_LINT_MATH1(log2)
SMEM_LINT_MATH1(sin) SMEM_LINT_MATH1(cos) SMEM_LINT_MATH1(tanh)
SMEM_LINT_MATH1(fabs) SMEM_LINT_MATH1(floor) SMEM_LINT_MATH1(ceil)
SMEM_LINT_MATH1(round) SMEM_LINT_MATH1(trunc)
#undef SMEM_LINT_MATH1
__device__ float fmaxf(float, float);
__device__ float fminf(float, float);
__device__ float powf(float, float);
__device__ float fmaf(float, float, float);
__device__ double fmax(double, double);
__device__ double fmin(double, double);
__device__ double pow(double, double);
__device__ double fma(double, double, double);
__device__ float __expf(float);
__device__ float __logf(float);
__device__ float __log2f(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __tanf(float);
__device__ float __powf(float, float);
__device__ void __sincosf(float, float *, float *);
__device__ void sincosf(float, float *, float *);
__device__ float __fdividef(float, float);
__device__ int __float2int_rn(float);
__device__ int __float2int_rz(float);
__device__ float __int2float_rn(int);
__device__ float __ldg(const float *);
__device__ int __ldg(const int *);
__device__ float2 __ldg(const float2 *);
__device__ float4 __ldg(const float4 *);
__device__ long long clock64(void);
__device__ int clock(void);
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void __assertfail(const char *, const char *, unsigned,
                                        const char *, size_t);

// texture_types.h, surface_types.h, texture_indirect_functions.h: the
// texture and surface object API. Declared, not defined: what a texture
// holds is data the analysis cannot know.
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaSurfaceBoundaryMode {
  cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2
};
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t, int);
template <class T> __device__ T tex1D(cudaTextureObject_t, float);
template <class T> __device__ T tex1DLod(cudaTextureObject_t, float, float);
template <class T> __device__ T tex2D(cudaTextureObject_t, float, float);
template <class T>
__device__ T tex2DLod(cudaTextureObject_t, float, float, float);
template <class T>
__device__ T tex2DLayered(cudaTextureObject_t, float, float, int);
template <class T> __device__ T tex3D(cudaTextureObject_t, float, float, float);
template <class T> __device__ void tex1Dfetch(T *, cudaTextureObject_t, int);
template <class T> __device__ void tex1D(T *, cudaTextureObject_t, float);
template <class T> __device__ void tex2D(T *, cudaTextureObject_t, float, float);
template <class T>
__device__ void tex2DLod(T *, cudaTextureObject_t, float, float, float);
template <class T>
__device__ void tex3D(T *, cudaTextureObject_t, float, float, float);
)cuda";

constexpr llvm::StringLiteral CooperativeGroupsText = R"cuda(
// smem-lint prelude: cooperative groups, the parts kernels use most, defined
// as the CUDA headers define them, so that compiled code means the same: a
// block's rank is the linear thread index, a tile of Size threads is an
// aligned part of a warp, its sync a __syncwarp of its lanes.
#pragma once
#include "smem_lint_prelude.h"
namespace cooperative_groups {
namespace __smem_lint {
__device__ inline unsigned linear_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ inline unsigned block_size() {
  return blockDim.x * blockDim.y * blockDim.z;
}
template <unsigned Size> __device__ inline unsigned tile_mask() {
  return Size >= 32 ? 0xffffffffu
                    : ((1u << Size) - 1u) << (linear_rank() % 32 / Size * Size);
}
} // namespace __smem_lint
struct thread_group {
  __device__ void sync() const;
  __device__ unsigned thread_rank() const;
  __device__ unsigned size() const;
  __device__ unsigned num_threads() const;
};
struct thread_block : thread_group {
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned thread_rank() const { return __smem_lint::linear_rank(); }
  __device__ unsigned size() const { return __smem_lint::block_size(); }
  __device__ unsigned num_threads() const { return __smem_lint::block_size(); }
  __device__ dim3 group_index() const {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  __device__ dim3 thread_index() const {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  __device__ dim3 group_dim() const {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
};
template <unsigned Size> struct thread_block_tile : thread_group {
  __device__ void sync() const { __syncwarp(__smem_lint::tile_mask<Size>()); }
  __device__ unsigned thread_rank() const {
    return __smem_lint::linear_rank() % Size;
  }
  __device__ unsigned size() const { return Size; }
  __device__ unsigned num_threads() const { return Size; }
  __device__ unsigned meta_group_rank() const {
    return __smem_lint::linear_rank() / Size;
  }
  __device__ unsigned meta_group_size() const {
    return (__smem_lint::block_size() + Size - 1) / Size;
  }
  template <class T> __device__ T shfl(T var, int lane) const {
    return __shfl_sync(__smem_lint::tile_mask<Size>(), var, lane, Size);
  }
  template <class T> __device__ T shfl_down(T var, unsigned delta) const {
    return __shfl_down_sync(__smem_lint::tile_mask<Size>(), var, delta, Size);
  }
  template <class T> __device__ T shfl_up(T var, unsigned delta) const {
    return __shfl_up_sync(__smem_lint::tile_mask<Size>(), var, delta, Size);
  }
  template <class T> __device__ T shfl_xor(T var, unsigned mask) const {
    return __shfl_xor_sync(__smem_lint::tile_mask<Size>(), var, mask, Size);
  }
};
// The whole grid. Its sync waits for every block; within the one block
// the analysis runs it is a block barrier (the CUDA headers add a global
// arrival counter around one).
struct grid_group : thread_group {
  __device__ void sync() const { __syncthreads(); }
  __device__ bool is_valid() const { return true; }
  __device__ unsigned long long block_rank() const {
    return (blockIdx.z * 1ull * gridDim.y + blockIdx.y) * gridDim.x +
           blockIdx.x;
  }
  __device__ unsigned long long num_blocks() const {
    return 1ull * gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ unsigned long long thread_rank() const {
    return block_rank() * __smem_lint::block_size() +
           __smem_lint::linear_rank();
  }
  __device__ unsigned long long num_threads() const {
    return num_blocks() * __smem_lint::block_size();
  }
  __device__ unsigned long long size() const { return num_threads(); }
  __device__ dim3 group_dim() const {
    return dim3(gridDim.x, gridDim.y, gridDim.z);
  }
  __device__ dim3 dim_blocks() const { return group_dim(); }
  __device__ dim3 block_index() const {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
};
__device__ inline grid_group this_grid() { return grid_group(); }
__device__ inline void sync(const grid_group &group) { group.sync(); }
__device__ inline thread_block this_thread_block() { return thread_block(); }
template <unsigned Size, class Parent>
__device__ thread_block_tile<Size> tiled_partition(const Parent &) {
  return thread_block_tile<Size>();
}
__device__ inline void sync(const thread_block &group) { group.sync(); }
template <unsigned Size>
__device__ void sync(const thread_block_tile<Size> &group) {
  group.sync();
}
__device__ void sync(const thread_group &group);
} // namespace cooperative_groups
)cuda";

constexpr llvm::StringLiteral CompatibilityText = R"cuda(
// smem-lint's compatibility layer: what nvcc 13 accepts and a parse with
// Clang 19 (and the CUDA 13 headers, or smem-lint's prelude) lacks. Included
// after the CUDA headers in both modes. Each piece names what it stands in
// for; definitions where the meaning is known, so that compiled device code
// means what nvcc's does, and declarations alone where what comes back is
// data the analysis cannot know (surfaces).
#pragma once

// nvcc's version macros (code guards nvcc-only paths with them; CUTLASS,
// HeCBench). __NVCC__ stays undefined: the CUDA C++ libraries take it to
// mean the compiler is nvcc and use nvcc's builtins.
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ __SMEM_LINT_CUDA_MAJOR__
#define __CUDACC_VER_MINOR__ __SMEM_LINT_CUDA_MINOR__
#define __CUDACC_VER_BUILD__ 0
#endif

// cooperative_groups/details/info.h offers thread-block clusters
// (cluster_group, this_cluster) to nvcc alone, unless this says the cluster
// intrinsics are there; Clang 19 has them (__nvvm_read_ptx_sreg_cluster*) for
// sm_90.
#ifndef _CG_CLUSTER_INTRINSICS_AVAILABLE
#define _CG_CLUSTER_INTRINSICS_AVAILABLE 1
#endif

template <class __T> struct __smem_lint_same { typedef __T type; };

// sm_32_intrinsics.hpp: loads and stores with a cache hint (__ldcs in
// llm.c). Clang's CUDA wrapper leaves that header out (it defines __ldg
// itself), so CUDA 13 code that uses them does not parse. To the analysis
// they are plain global loads and stores; nvcc's overloads of every scalar
// and vector type are one template each (cuda_fp16.h's and cuda_bf16.h's own
// overloads stay the better match for their types).
#define __SMEM_LINT_CACHED_LOAD(__name)                                        \
  template <class __T> __device__ inline __T __name(const __T *__ptr) {        \
    return *__ptr;                                                             \
  }
#define __SMEM_LINT_CACHED_STORE(__name)                                       \
  template <class __T>                                                         \
  __device__ inline void __name(__T *__ptr,                                    \
                                typename __smem_lint_same<__T>::type __value) { \
    *__ptr = __value;                                                          \
  }
__SMEM_LINT_CACHED_LOAD(__ldcg)
__SMEM_LINT_CACHED_LOAD(__ldca)
__SMEM_LINT_CACHED_LOAD(__ldcs)
__SMEM_LINT_CACHED_LOAD(__ldlu)
__SMEM_LINT_CACHED_LOAD(__ldcv)
__SMEM_LINT_CACHED_STORE(__stwb)
__SMEM_LINT_CACHED_STORE(__stcg)
__SMEM_LINT_CACHED_STORE(__stcs)
__SMEM_LINT_CACHED_STORE(__stwt)
#undef __SMEM_LINT_CACHED_LOAD
#undef __SMEM_LINT_CACHED_STORE

// surface_indirect_functions.h: Clang 19 implements the texture object
// functions but none of the surface ones (its __nv_tex_surf_handler knows no
// surface operation), so the header is left out (see cuda13ShimFiles) and
// its functions are declared here. Declared, not defined: a surface's
// contents are data the analysis cannot know.
#define __SMEM_LINT_SURFACE_MODE                                               \
  cudaSurfaceBoundaryMode __mode = cudaBoundaryModeTrap
template <class __T>
__device__ void surf1Dread(__T *, cudaSurfaceObject_t, int,
                           __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ __T surf1Dread(cudaSurfaceObject_t, int, __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ void surf2Dread(__T *, cudaSurfaceObject_t, int, int,
                           __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ __T surf2Dread(cudaSurfaceObject_t, int, int,
                          __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ void surf3Dread(__T *, cudaSurfaceObject_t, int, int, int,
                           __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ __T surf3Dread(cudaSurfaceObject_t, int, int, int,
                          __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ void surf2DLayeredread(__T *, cudaSurfaceObject_t, int, int, int,
                                  __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ __T surf2DLayeredread(cudaSurfaceObject_t, int, int, int,
                                 __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ void surf1Dwrite(__T, cudaSurfaceObject_t, int,
                            __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ void surf2Dwrite(__T, cudaSurfaceObject_t, int, int,
                            __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ void surf3Dwrite(__T, cudaSurfaceObject_t, int, int, int,
                            __SMEM_LINT_SURFACE_MODE);
template <class __T>
__device__ void surf2DLayeredwrite(__T, cudaSurfaceObject_t, int, int, int,
                                   __SMEM_LINT_SURFACE_MODE);
#undef __SMEM_LINT_SURFACE_MODE

// nvcc's __nv_atomic_* builtins (CUDA 12.8; CUTLASS's subbyte_reference.h
// loads with __nv_atomic_load_n) and their orders and scopes, an enum of
// crt/device_functions.h, which Clang's wrapper leaves out. They are GCC's
// __atomic builtins with a thread scope, which the analysis has no use for:
// the orders are numbered alike. The value's type follows the pointer's, as
// for nvcc's.
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};
#define __SMEM_LINT_SCOPE int = __NV_THREAD_SCOPE_SYSTEM
#define __SMEM_LINT_VALUE(__T) typename __smem_lint_same<__T>::type
template <class __T>
__device__ inline __T __nv_atomic_load_n(const __T *__ptr, int __order,
                                         __SMEM_LINT_SCOPE) {
  return __atomic_load_n(__ptr, __order);
}
template <class __T>
__device__ inline void __nv_atomic_load(const __T *__ptr, __T *__ret,
                                        int __order, __SMEM_LINT_SCOPE) {
  __atomic_load(__ptr, __ret, __order);
}
template <class __T>
__device__ inline void __nv_atomic_store_n(__T *__ptr, __SMEM_LINT_VALUE(__T) __val,
                                           int __order, __SMEM_LINT_SCOPE) {
  __atomic_store_n(__ptr, __val, __order);
}
template <class __T>
__device__ inline void __nv_atomic_store(__T *__ptr, __T *__val, int __order,
                                         __SMEM_LINT_SCOPE) {
  __atomic_store(__ptr, __val, __order);
}
template <class __T>
__device__ inline __T __nv_atomic_exchange_n(__T *__ptr,
                                             __SMEM_LINT_VALUE(__T) __val,
                                             int __order, __SMEM_LINT_SCOPE) {
  return __atomic_exchange_n(__ptr, __val, __order);
}
template <class __T>
__device__ inline void __nv_atomic_exchange(__T *__ptr, __T *__val, __T *__ret,
                                            int __order, __SMEM_LINT_SCOPE) {
  __atomic_exchange(__ptr, __val, __ret, __order);
}
template <class __T>
__device__ inline bool
__nv_atomic_compare_exchange_n(__T *__ptr, __T *__expected,
                               __SMEM_LINT_VALUE(__T) __desired, bool __weak,
                               int __success, int __failure, __SMEM_LINT_SCOPE) {
  return __atomic_compare_exchange_n(__ptr, __expected, __desired, __weak,
                                     __success, __failure);
}
template <class __T>
__device__ inline bool
__nv_atomic_compare_exchange(__T *__ptr, __T *__expected, __T *__desired,
                             bool __weak, int __success, int __failure,
                             __SMEM_LINT_SCOPE) {
  return __atomic_compare_exchange(__ptr, __expected, __desired, __weak,
                                   __success, __failure);
}
#define __SMEM_LINT_FETCH(__name, __builtin)                                   \
  template <class __T>                                                         \
  __device__ inline __T __name(__T *__ptr, __SMEM_LINT_VALUE(__T) __val,       \
                               int __order, __SMEM_LINT_SCOPE) {               \
    return __builtin(__ptr, __val, __order);                                   \
  }
__SMEM_LINT_FETCH(__nv_atomic_fetch_add, __atomic_fetch_add)
__SMEM_LINT_FETCH(__nv_atomic_fetch_sub, __atomic_fetch_sub)
__SMEM_LINT_FETCH(__nv_atomic_fetch_and, __atomic_fetch_and)
__SMEM_LINT_FETCH(__nv_atomic_fetch_or, __atomic_fetch_or)
__SMEM_LINT_FETCH(__nv_atomic_fetch_xor, __atomic_fetch_xor)
__SMEM_LINT_FETCH(__nv_atomic_fetch_min, __atomic_fetch_min)
__SMEM_LINT_FETCH(__nv_atomic_fetch_max, __atomic_fetch_max)
#undef __SMEM_LINT_FETCH
#undef __SMEM_LINT_VALUE
#undef __SMEM_LINT_SCOPE
__device__ inline void __nv_atomic_thread_fence(int __order,
                                                int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_thread_fence(__order);
}

// crt/math_functions.hpp: nvcc gives host code ::min and ::max of integers
// and floating point;
// Clang's wrapper has them for the device only, so host code that calls
// them (HeCBench, cuda-samples) does not parse. Clang allows a __host__ and
// a __device__ overload of one signature.
#define __SMEM_LINT_HOST_MINMAX(__type)                                        \
  __host__ inline __type min(__type __a, __type __b) {                         \
    return __b < __a ? __b : __a;                                              \
  }                                                                            \
  __host__ inline __type max(__type __a, __type __b) {                         \
    return __a < __b ? __b : __a;                                              \
  }
__SMEM_LINT_HOST_MINMAX(int)
__SMEM_LINT_HOST_MINMAX(unsigned int)
__SMEM_LINT_HOST_MINMAX(long)
__SMEM_LINT_HOST_MINMAX(unsigned long)
__SMEM_LINT_HOST_MINMAX(long long)
__SMEM_LINT_HOST_MINMAX(unsigned long long)
__SMEM_LINT_HOST_MINMAX(float)
__SMEM_LINT_HOST_MINMAX(double)
#undef __SMEM_LINT_HOST_MINMAX
// The mixed overloads nvcc's header has (int with unsigned: unsigned).
__host__ inline unsigned int min(int __a, unsigned int __b) {
  return min((unsigned int)__a, __b);
}
__host__ inline unsigned int min(unsigned int __a, int __b) {
  return min(__a, (unsigned int)__b);
}
__host__ inline unsigned int max(int __a, unsigned int __b) {
  return max((unsigned int)__a, __b);
}
__host__ inline unsigned int max(unsigned int __a, int __b) {
  return max(__a, (unsigned int)__b);
}
__host__ inline double min(float __a, double __b) { return min((double)__a, __b); }
__host__ inline double max(float __a, double __b) { return max((double)__a, __b); }
__host__ inline double min(double __a, float __b) { return min(__a, (double)__b); }
__host__ inline double max(double __a, float __b) { return max(__a, (double)__b); }
// nvcc's headers bring math.h's host isfinite, isnan and isinf into the
// global namespace; libstdc++'s <math.h> does the same from std.
#ifdef __cplusplus
#include <math.h>
#endif
)cuda";

/// omp.h for a build with -fopenmp: the system's where the parse finds one,
/// else the OpenMP runtime calls host code makes (llm.c's dev/cuda). The
/// device-side parse never runs OpenMP regions; their pragmas are ignored.
constexpr llvm::StringLiteral OpenMPText = R"cuda(
#pragma once
#if __has_include_next(<omp.h>)
#include_next <omp.h>
#else
#ifdef __cplusplus
extern "C" {
#endif
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_num_procs(void);
void omp_set_num_threads(int);
int omp_in_parallel(void);
double omp_get_wtime(void);
#ifdef __cplusplus
}
#endif
#endif
)cuda";

// The toolkit's pipeline primitives as cuda_pipeline_primitives.h compiles
// them: from sm_80 on a cp.async per copy (16 bytes bypass L1, as the
// toolkit's), the group commit and wait; before sm_80 a plain copy and no
// wait. The C++ API of cuda_pipeline.h (nvcuda::experimental) is not here.
constexpr llvm::StringLiteral PipelinePrimitivesText = R"cuda(
#pragma once
#include "smem_lint_prelude.h"
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define __SMEM_LINT_ASYNC_COPY__ 1
#endif
static __device__ __forceinline__ void
__pipeline_memcpy_async(void *__restrict__ dst_shared,
                        const void *__restrict__ src_global,
                        size_t size_and_align, size_t zfill = 0) {
#ifdef __SMEM_LINT_ASYNC_COPY__
  unsigned dst = (unsigned)__cvta_generic_to_shared(dst_shared);
  unsigned src_size = (unsigned)(size_and_align - zfill);
  if (size_and_align == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;"
                 ::"r"(dst), "l"(src_global), "r"(src_size) : "memory");
  else if (size_and_align == 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;"
                 ::"r"(dst), "l"(src_global), "r"(src_size) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;"
                 ::"r"(dst), "l"(src_global), "r"(src_size) : "memory");
#else
  char *d = (char *)dst_shared;
  const char *s = (const char *)src_global;
  for (size_t i = 0; i < size_and_align; ++i)
    d[i] = i < size_and_align - zfill ? s[i] : 0;
#endif
}
static __device__ __forceinline__ void __pipeline_commit() {
#ifdef __SMEM_LINT_ASYNC_COPY__
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
static __device__ __forceinline__ void __pipeline_wait_prior(size_t prior) {
#ifdef __SMEM_LINT_ASYNC_COPY__
  switch (prior) {
  case 0: asm volatile("cp.async.wait_group 0;" ::: "memory"); break;
  case 1: asm volatile("cp.async.wait_group 1;" ::: "memory"); break;
  case 2: asm volatile("cp.async.wait_group 2;" ::: "memory"); break;
  case 3: asm volatile("cp.async.wait_group 3;" ::: "memory"); break;
  case 4: asm volatile("cp.async.wait_group 4;" ::: "memory"); break;
  case 5: asm volatile("cp.async.wait_group 5;" ::: "memory"); break;
  case 6: asm volatile("cp.async.wait_group 6;" ::: "memory"); break;
  case 7: asm volatile("cp.async.wait_group 7;" ::: "memory"); break;
  default: asm volatile("cp.async.wait_group 8;" ::: "memory"); break;
  }
#endif
}
static __device__ __forceinline__ void
__pipeline_arrive_on(unsigned long long *barrier) {
#ifdef __SMEM_LINT_ASYNC_COPY__
  asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];"
               ::"r"((unsigned)__cvta_generic_to_shared(barrier)));
#endif
}
)cuda";

constexpr llvm::StringLiteral IncludePrelude =
    "#pragma once\n#include \"smem_lint_prelude.h\"\n";

// Clang 19's CUDA wrappers include headers CUDA 13 removed (the legacy
// texture references' texture_fetch_functions.h); the shim includes the real
// header where the toolkit still has it (texture_indirect_functions.h and
// surface_indirect_functions.h: the texture and surface object API).
constexpr llvm::StringLiteral Cuda13Shim =
    "// Stands in for a CUDA header Clang 19's wrappers include: the real one "
    "where the toolkit has it.\n#pragma once\n"
    "#if __has_include_next(<__SHIM__>)\n#include_next <__SHIM__>\n#endif\n";

} // namespace

llvm::StringRef preludeDirectory() { return "/__smem_lint__/prelude"; }
llvm::StringRef preludeFileName() { return "smem_lint_prelude.h"; }
llvm::StringRef compatibilityFileName() { return "smem_lint_compat.h"; }

std::vector<std::pair<llvm::StringRef, llvm::StringRef>> preludeFiles() {
  return {{"smem_lint_prelude.h", PreludeText},
          {compatibilityFileName(), CompatibilityText},
          {"omp.h", OpenMPText},
          {"cooperative_groups.h", CooperativeGroupsText},
          {"cuda_pipeline_primitives.h", PipelinePrimitivesText},
          {"cuda_pipeline.h", PipelinePrimitivesText},
          {"cuda_runtime.h", IncludePrelude},
          {"cuda_runtime_api.h", IncludePrelude},
          {"cuda.h", IncludePrelude},
          {"cudaTypedefs.h", IncludePrelude},
          {"device_launch_parameters.h", IncludePrelude},
          {"device_functions.h", IncludePrelude},
          {"cuda_fp16.h", IncludePrelude},
          {"cuda_bf16.h", IncludePrelude},
          {"vector_types.h", IncludePrelude},
          {"sm_32_intrinsics.h", IncludePrelude},
          {"helper_cuda.h", IncludePrelude},
          {"texture_types.h", IncludePrelude},
          {"surface_types.h", IncludePrelude},
          {"texture_indirect_functions.h", IncludePrelude},
          {"surface_indirect_functions.h", IncludePrelude}};
}

llvm::StringRef cuda13ShimDirectory() { return "/__smem_lint__/cuda13-shims"; }

std::vector<std::pair<llvm::StringRef, llvm::StringRef>> cuda13ShimFiles() {
  static const std::vector<std::pair<std::string, std::string>> Files = [] {
    std::vector<std::pair<std::string, std::string>> Result;
    for (const char *Name :
         {"texture_fetch_functions.h", "texture_indirect_functions.h"}) {
      std::string Text = Cuda13Shim.str();
      for (size_t At; (At = Text.find("__SHIM__")) != std::string::npos;)
        Text.replace(At, strlen("__SHIM__"), Name);
      Result.emplace_back(Name, std::move(Text));
    }
    // The compatibility layer declares what this header defines.
    Result.emplace_back("surface_indirect_functions.h",
                        "// smem-lint: see smem_lint_compat.h\n#pragma once\n");
    return Result;
  }();
  std::vector<std::pair<llvm::StringRef, llvm::StringRef>> Refs;
  for (const auto &[Name, Text] : Files)
    Refs.emplace_back(Name, Text);
  Refs.emplace_back(compatibilityFileName(), CompatibilityText);
  Refs.emplace_back("omp.h", OpenMPText);
  return Refs;
}

} // namespace smemlint
