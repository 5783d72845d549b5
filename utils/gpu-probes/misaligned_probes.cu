// Misaligned shared-memory accesses on the H200: what the hardware does
// with a vector load, an ldmatrix row and a cp.async whose shared address
// is not a multiple of its size, and where ptxas places a 4-byte-aligned
// array that follows a smaller one (is it 16-byte aligned anyway?).
// argv[1]: the kernel (after_small_where: the addresses only). Prints the launch's error. Run by
// run_misaligned_probes.sh; results: docs/measurements/h200-misaligned.md.
#include <cstdio>
#include <cstring>

// float4 load at byte 4 of a 16-byte-aligned array: misaligned.
__global__ void vector_misaligned(float *out) {
  __shared__ __align__(16) float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&s[4 * (threadIdx.x % 32) + 1]);
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// The aligned twin.
__global__ void vector_aligned(float *out) {
  __shared__ __align__(16) float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&s[4 * (threadIdx.x % 32)]);
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// float2 load at byte 4: misaligned for 8 bytes.
__global__ void vector8_misaligned(float *out) {
  __shared__ __align__(16) float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float2 v = *reinterpret_cast<float2 *>(&s[2 * (threadIdx.x % 32) + 1]);
  out[threadIdx.x] = v.x + v.y;
}

// ldmatrix.x1 with row addresses 8 bytes past a 16-byte boundary.
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
  out[threadIdx.x] = r;
}

// cp.async of 16 bytes into byte 8 of the array.
__global__ void cp_async_misaligned(float *out, const float *in) {
  __shared__ __align__(16) float s[256];
  unsigned dst = static_cast<unsigned>(
      __cvta_generic_to_shared(&s[4 * threadIdx.x + 2]));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst),
               "l"(in + 4 * threadIdx.x));
  asm volatile("cp.async.wait_all;");
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// A 4-byte-aligned float array after a 4-byte one, read as float4 at
// offsets that are multiples of 16 from its start: where does ptxas put it?
__global__ void after_small(float *out, unsigned *where, int read) {
  __shared__ float a[1];
  __shared__ float s[256];
  if (threadIdx.x == 0)
    a[0] = 1;
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    where[0] = static_cast<unsigned>(__cvta_generic_to_shared(a));
    where[1] = static_cast<unsigned>(__cvta_generic_to_shared(s));
  }
  if (read) {
    float4 v = *reinterpret_cast<float4 *>(&s[4 * (threadIdx.x % 32)]);
    out[threadIdx.x] = v.x + v.y + v.z + v.w + a[0];
  }
}

// Dynamic shared memory: the array's start.
__global__ void dynamic_start(unsigned *where) {
  extern __shared__ float d[];
  if (threadIdx.x == 0)
    where[2] = static_cast<unsigned>(__cvta_generic_to_shared(d));
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  float *out, *in;
  unsigned *where;
  cudaMalloc(&out, 4096);
  cudaMalloc(&in, 8192);
  cudaMalloc(&where, 16);
  cudaMemset(where, 0xff, 16);
  const char *K = argv[1];
  if (!strcmp(K, "vector_misaligned"))
    vector_misaligned<<<1, 32>>>(out);
  else if (!strcmp(K, "vector_aligned"))
    vector_aligned<<<1, 32>>>(out);
  else if (!strcmp(K, "vector8_misaligned"))
    vector8_misaligned<<<1, 32>>>(out);
  else if (!strcmp(K, "ldmatrix_misaligned"))
    ldmatrix_misaligned<<<1, 32>>>(out);
  else if (!strcmp(K, "cp_async_misaligned"))
    cp_async_misaligned<<<1, 32>>>(out, in);
  else if (!strcmp(K, "after_small_where")) {
    after_small<<<1, 32>>>(out, where, 0);
    dynamic_start<<<1, 32, 64>>>(where);
  } else if (!strcmp(K, "after_small"))
    after_small<<<1, 32>>>(out, where, 1);
  else
    return 2;
  cudaError_t E = cudaDeviceSynchronize();
  printf("%s: %s\n", K, cudaGetErrorString(E));
  if (!strcmp(K, "after_small_where") && E == cudaSuccess) {
    unsigned H[3];
    cudaMemcpy(H, where, 12, cudaMemcpyDeviceToHost);
    printf("shared addresses: a %u, s %u (s %% 16 = %u), dynamic %u (%% 1024 = %u)\n",
           H[0], H[1], H[1] % 16, H[2], H[2] % 1024);
  }
  return E == cudaSuccess ? 0 : 1;
}
