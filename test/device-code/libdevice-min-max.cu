// CUDA's min() and max() call libdevice (__nv_umin, __nv_max, ...), which
// is not linked into the device code smem-lint evaluates: their results are
// computed, so an index clamped with min() is an address, not "the result
// of '__nv_umin'" (cuda-samples' mergeSort lost 18 accesses to it).
//
// Lane l reads s[min(l * 32, 1023u)]: words 0, 32, ..., 992, all bank 0.
//
// REQUIRES: cuda-toolkit
// RUN: not %smem-lint-toolkit %s 2>&1 | FileCheck %s --implicit-check-not="not analysed"
__global__ void clamped(float *Out, unsigned Last) {
  __shared__ float S[1024];
  S[threadIdx.x] = threadIdx.x;
  __syncthreads();
  Out[threadIdx.x] = S[min(threadIdx.x * 32, Last)];
  // CHECK: libdevice-min-max.cu:[[@LINE-1]]:22: warning: 32-way bank conflict: read of 'S' takes 32 wavefronts per warp instead of 1
  Out[threadIdx.x] += S[max(int(threadIdx.x) - 1, 0)] + S[abs(int(threadIdx.x) - 512)];
}

int main() { clamped<<<1, 1024>>>(nullptr, 1023u); }
