// smem-misaligned-access: shared addresses the instruction rejects, with
// their aligned twins. The kernels are those of
// utils/gpu-probes/misaligned_probes.cu; on the H200 each misaligned one
// stopped with "misaligned address" and compute-sanitizer named the
// misaligned address, and each twin ran clean
// (docs/measurements/h200-misaligned.md).
//
// RUN: not %smem-lint --checks='-*,smem-misaligned-access' --arch=sm_90 %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:

// A float4 read at float index 4 l + 1 of a 16-byte-aligned array: byte
// 16 l + 4, 4 past a multiple of 16.
// smem-lint: block_dim(32)
__global__ void vector_misaligned(float *out) {
  __shared__ __align__(16) float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&s[4 * threadIdx.x + 1]);
  // CHECK: smem-misaligned-access.cu:[[#@LINE-1]]:14: error: misaligned 16-byte read of 's': thread 0's address is s[1], 4 bytes past a multiple of 16 from the start of 's'; the instruction needs a multiple of 16 and the GPU stops the kernel ('misaligned address') (block 32x1, sm_90) [smem-misaligned-access]
  // CHECK: note: misaligned for threads 0-31
  // CHECK: note: measured on the H200: such an access stops the kernel with 'misaligned address'
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// smem-lint: block_dim(32)
__global__ void vector_aligned(float *out) {
  __shared__ __align__(16) float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&s[4 * threadIdx.x]);
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// float2 at float index 2 l + 1: byte 8 l + 4.
// smem-lint: block_dim(32)
__global__ void vector8_misaligned(float *out) {
  __shared__ __align__(16) float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float2 v = *reinterpret_cast<float2 *>(&s[2 * threadIdx.x + 1]);
  // CHECK: smem-misaligned-access.cu:[[#@LINE-1]]:14: error: misaligned 8-byte read of 's': thread 0's address is s[1], 4 bytes past a multiple of 8 from the start of 's'
  // CHECK: note: misaligned for threads 0-31
  // CHECK: note: measured on the H200
  out[threadIdx.x] = v.x + v.y;
}

// ldmatrix rows at half index 16 r + 4: byte 32 r + 8.
// smem-lint: block_dim(32)
__global__ void ldmatrix_misaligned(float *out) {
  __shared__ __align__(16) unsigned short s[8 * 16 + 8];
  for (unsigned i = threadIdx.x; i < 136; i += 32)
    s[i] = i;
  __syncthreads();
  unsigned addr = static_cast<unsigned>(
      __cvta_generic_to_shared(&s[(threadIdx.x % 8) * 16 + 4]));
  unsigned r;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(r)
               : "r"(addr));
  // CHECK: smem-misaligned-access.cu:[[#@LINE-1]]:22: error: misaligned ldmatrix row address of 's': thread 0's address is s[4], 8 bytes past a multiple of 16 from the start of 's'
  // CHECK: note: misaligned for threads 0-7
  // CHECK: note: each lane gives the address of one 16-byte row of an 8x8 matrix, which must be 16-byte aligned
  // CHECK: note: measured on the H200
  out[threadIdx.x] = r;
}

// A 16-byte cp.async into float index 4 t + 2: byte 16 t + 8.
// smem-lint: block_dim(32)
__global__ void cp_async_misaligned(float *out, const float *in) {
  __shared__ __align__(16) float s[256];
  unsigned dst = static_cast<unsigned>(
      __cvta_generic_to_shared(&s[4 * threadIdx.x + 2]));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst),
               "l"(in + 4 * threadIdx.x));
  // CHECK: smem-misaligned-access.cu:[[#@LINE-2]]:66: error: misaligned 16-byte cp.async of 's': thread 0's address is s[2], 8 bytes past a multiple of 16 from the start of 's'
  // CHECK: note: misaligned for threads 0-31
  // CHECK: note: measured on the H200
  asm volatile("cp.async.wait_all;");
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Aligned from its start, but declared 4-byte aligned after another static
// array: the H200 placed it 4 bytes past a multiple of 16.
// smem-lint: block_dim(32)
__global__ void after_small(float *out) {
  __shared__ float a[1];
  __shared__ float s[256];
  // CHECK: smem-misaligned-access.cu:[[#@LINE-1]]:20: note: 's' is accessed with instructions that need 16-byte alignment (line [[#@LINE+7]]) but is declared 4-byte aligned: the accesses are aligned only if the compiler places it at a multiple of 16 bytes (block 32x1, sm_90) [smem-misaligned-access]
  // CHECK: note: the kernel has other static shared variables; on the H200 a float array declared after a 4-byte one started 4 bytes past a multiple of 16
  // CHECK: note: declare 's' __align__(16)
  if (threadIdx.x == 0)
    a[0] = 1;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&s[4 * (threadIdx.x % 32)]);
  out[threadIdx.x] = v.x + v.y + v.z + v.w + a[0];
}

// Declared 8-byte aligned with alignas: the fix-it adds __align__(16) before
// the type (the stricter alignment wins). A declared __align__(N) has its N
// replaced instead (smem-misaligned-access-tma.cu); an alignas after
// __shared__ is moved before it for the parse, as nvcc reads it, so its
// place in the parsed text is not the file's.
// smem-lint: block_dim(32)
__global__ void declared_8(float *out) {
  __shared__ float a[1];
  __shared__ alignas(8) float s[256];
  // CHECK: smem-misaligned-access.cu:[[#@LINE-1]]:31: note: 's' is accessed with instructions that need 16-byte alignment (line [[#@LINE+8]]) but is declared 8-byte aligned
  // CHECK: note: the kernel has other static shared variables
  // CHECK: note: declare 's' __align__(16)
  // CHECK: {{^}}                        __align__(16){{$}}
  if (threadIdx.x == 0)
    a[0] = 1;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&s[4 * (threadIdx.x % 32)]);
  out[threadIdx.x] = v.x + v.y + v.z + v.w + a[0];
}

// The same array alone: it starts where shared memory does. No note.
// smem-lint: block_dim(32)
__global__ void alone(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&s[4 * (threadIdx.x % 32)]);
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// CHECK: smem-lint: 0 warnings and 4 errors, 2 notes in 1 file
