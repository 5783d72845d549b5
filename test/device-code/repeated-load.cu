// A shared read repeated with no write or barrier of the thread in between
// is one instruction: the compiler reuses the value it loaded first, so the
// second read costs no wavefronts and is not reported on its own. nvcc 13
// compiles this kernel (`nvcc -arch=sm_90 -ptx`) to two ld.shared.f32: the
// read at the first line and the one after the barrier; the read under the
// branch reuses the first.

// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s

// CHECK: kernel repeated L[[@LINE+1]] block_dims=512x1x1(launch)
__global__ void repeated(const float *in, float *out) {
  __shared__ float s[1024];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  // Lanes 2 words apart: lanes l and l + 16 share a bank, 2 wavefronts.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  float r = s[threadIdx.x * 2];
  // CHECK-NOT: access s load L[[@LINE+2]]
  if (threadIdx.x < 16)
    r += s[threadIdx.x * 2];
  __syncthreads();
  // Another thread may have written s since: loaded again.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2
  r += s[threadIdx.x * 2];
  out[threadIdx.x] = r;
}
// 16 warps: the store (1 wavefront each) and two loads (2 each).
// CHECK: totals repeated shape=0 load=64/32 store=16/16 atomic=0/0

int main() { repeated<<<1, 512>>>(nullptr, nullptr); }
