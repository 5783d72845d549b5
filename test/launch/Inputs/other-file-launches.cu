// Launches of kernels defined in other-file-kernels.cu.
extern "C" __global__ void columnWrite(float *out, int width);
template <int Stride> __global__ void strided(float *out);
__global__ void staged(float *out);

void run(float *out) {
  columnWrite<<<4, dim3(32, 8)>>>(out, 32);
  strided<8><<<1, 64>>>(out);
  cudaFuncSetAttribute(staged, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       65536);
  staged<<<1, 256, 65536>>>(out);
}
