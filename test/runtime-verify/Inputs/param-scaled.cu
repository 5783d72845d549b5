// The launch passes n = 1; prepare.test gives the harness n = 32 with --param.
__global__ void scaled(float *out, int n) {
  __shared__ float s[4096];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x * n) % 4096];
}

int main() { scaled<<<1, 128>>>(nullptr, 1); }
