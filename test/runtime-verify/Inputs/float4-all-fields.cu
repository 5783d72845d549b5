// 16-byte shared accesses whose four fields are all used, so that the
// compiler keeps them as LDS.128 / STS.128, and one such access per kernel,
// so that Nsight Compute's hardware counter measures each one alone. The
// expected costs are rows of docs/measurements/h200-bank-probes.md.
// (test/bank-conflict/float4-loads.cu reads only .x, and the compiler
// narrows those loads to 4 bytes.)

__device__ float sum(float4 v) { return v.x + v.y + v.z + v.w; }

// f4_lane: 4, the ideal for 512 bytes.
__global__ void f4Lane(float *out) {
  __shared__ float4 a[1024];
  out[threadIdx.x] = sum(a[threadIdx.x & 31]);
}

// f4 a[lane * 8] (128-byte stride): 32.
__global__ void f4Stride8(float *out) {
  __shared__ float4 a[1024];
  out[threadIdx.x] = sum(a[(threadIdx.x & 31) * 8]);
}

// a[2 * lane]: 8.
__global__ void f4Stride2(float *out) {
  __shared__ float4 a[1024];
  out[threadIdx.x] = sum(a[2 * (threadIdx.x & 31)]);
}

// Pairs of lanes read a[0] and a[8]: half-warps, 2 + 2 = 4.
__global__ void f4Pairs(float *out) {
  __shared__ float4 a[1024];
  out[threadIdx.x] = sum(a[(threadIdx.x & 1) * 8]);
}

// f4_st_and7: a 16-byte store of a[lane & 7] costs 4 (stores never merge).
__global__ void f4StoreAnd7(float *out) {
  __shared__ float4 a[1024];
  float f = threadIdx.x;
  a[threadIdx.x & 7] = make_float4(f, f + 1, f + 2, f + 3);
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x & 63].y;
}

int main() {
  f4Lane<<<1, 256>>>(nullptr);
  f4Stride8<<<1, 256>>>(nullptr);
  f4Stride2<<<1, 256>>>(nullptr);
  f4Pairs<<<1, 256>>>(nullptr);
  f4StoreAnd7<<<1, 256>>>(nullptr);
}
