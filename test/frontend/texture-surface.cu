// The texture and surface object API (cuda-samples' SobelFilter,
// marchingCubes, FunctionPointers; HeCBench): tex1D/2D/3D, tex1Dfetch,
// tex2DLod, surf2Dread/surf2Dwrite parse in both modes. What they return is
// data the analysis cannot know; the shared accesses are analysed as usual.
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="error:"
// RUN: %if cuda-toolkit %{ not %smem-lint-toolkit --cuda-path=/usr/local/cuda %s 2>&1 | FileCheck %s --implicit-check-not="error:" %}
#include <surface_indirect_functions.h>
#include <texture_indirect_functions.h>

__global__ void sample(cudaTextureObject_t t, cudaSurfaceObject_t s,
                       float *out) {
  __shared__ float sh[32][32];
  sh[threadIdx.x][threadIdx.y] =
      tex1D<float>(t, threadIdx.x) + tex2D<float>(t, 1.f, 2.f) +
      tex3D<float>(t, 1.f, 2.f, 3.f) + tex2DLod<float>(t, 1.f, 2.f, 0.f) +
      tex1Dfetch<float>(t, threadIdx.x) + surf2Dread<float>(s, 4, 0);
  // CHECK: texture-surface.cu:[[@LINE-4]]:3: warning: 32-way bank conflict: write of 'sh'
  __syncthreads();
  float v;
  surf2Dread(&v, s, 0, 0);
  surf2Dwrite(v + sh[threadIdx.y][threadIdx.x], s, 0, 0);
  out[threadIdx.x] = v;
}
void launch(cudaTextureObject_t t, cudaSurfaceObject_t s, float *o) {
  sample<<<1, dim3(32, 32)>>>(t, s, o);
}
// CHECK: smem-lint: 1 warning and 0 errors in 1 file
