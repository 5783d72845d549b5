// A missing barrier whose fix inserts a line; the test writes it with CRLF.
__global__ void reverse(float *out, const float *in) {
  __shared__ float s[256];
  s[threadIdx.x] = in[threadIdx.x];
  out[threadIdx.x] = s[255 - threadIdx.x];
}
void launch(float *o, const float *i) { reverse<<<1, 256>>>(o, i); }
