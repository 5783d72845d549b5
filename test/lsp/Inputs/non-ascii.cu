// Characters outside ASCII before the access move byte columns away from
// UTF-16 ones: é is 2 bytes and 1 unit, 𝄞 4 bytes and 2 units.
__global__ void k(float *out) {
  __shared__ float s[32 * 32];
  /* é𝄞 */ out[threadIdx.x] = s[threadIdx.x * 32];
}
