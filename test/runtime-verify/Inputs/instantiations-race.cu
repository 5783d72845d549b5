// One race in two instantiations of a kernel template: the finding, found
// the same way in both, is reported once and predicted for the launches of
// each (prepare-instantiations.test).
template <typename T> __global__ void rotateByAWarp(T *data) {
  __shared__ T ring[64];
  ring[threadIdx.x] = data[threadIdx.x];
  data[threadIdx.x] = ring[(threadIdx.x + 32) % 64];
}

void launch(float *values, int *counts) {
  rotateByAWarp<<<1, 64>>>(values);
  rotateByAWarp<<<1, 64>>>(counts);
}
