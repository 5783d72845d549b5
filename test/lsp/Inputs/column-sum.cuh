// Two column reads of a 32x32 tile, two words apart (nvcc keeps them two
// LDS): each a 32-way bank conflict, found by the file that includes this.
__device__ float column_sum(float (*tile)[32]) {
  float first = tile[threadIdx.x][0];
  float second = tile[threadIdx.x][2];
  return first + second;
}
