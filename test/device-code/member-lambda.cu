// The same 32-way column read reached four ways (case h_r04): a static member
// function with its own __shared__ array, a method of an object holding a
// pointer to the array, a lambda capturing it, and directly. Each is found;
// the calls are inlined in the compiled code the evaluator runs.
// Block 32x8: lane l reads t[l][c], word 32l + c, all lanes in bank c -> 32.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
// RUN: not %smem-lint --format=json %s | python3 -c "import json,sys; [print('evaluator', k['name'], k['evaluator']) for k in json.load(sys.stdin)['kernels']]" | FileCheck --check-prefix=JSON %s

template <int N> struct Smem {
  static __device__ float column(int r, int c) {
    __shared__ float t[N][N];
    t[c][r] = r;
    __syncthreads();
    // CHECK: member-lambda.cu:[[@LINE+1]]:12: warning: 32-way bank conflict: read of 't' takes 32 wavefronts per warp instead of 1 (in 'k_static_member', block 32x8, sm_90) [smem-bank-conflict]
    return t[r][c];
  }
};
struct View {
  float (*t)[32];
  // CHECK: member-lambda.cu:[[@LINE+1]]:53: warning: 32-way bank conflict: read of 't' takes 32 wavefronts per warp instead of 1 (in 'k_method', block 32x8, sm_90) [smem-bank-conflict]
  __device__ float get(int r, int c) const { return t[r][c]; }
};

// JSON: evaluator k_static_member device-ir
__global__ void k_static_member(float *o) {
  o[threadIdx.x] = Smem<32>::column(threadIdx.x, threadIdx.y);
}
// JSON: evaluator k_method device-ir
__global__ void k_method(float *o) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  View v{t};
  o[threadIdx.x] = v.get(threadIdx.x, threadIdx.y);
}
// JSON: evaluator k_lambda device-ir
__global__ void k_lambda(float *o) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  // CHECK: member-lambda.cu:[[@LINE+1]]:41: warning: 32-way bank conflict: read of 't' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90) [smem-bank-conflict]
  auto get = [&](int r, int c) { return t[r][c]; };
  o[threadIdx.x] = get(threadIdx.x, threadIdx.y);
}
// The direct read the source evaluator follows itself.
// JSON: evaluator k_direct device-ir
__global__ void k_direct(float *o) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  // CHECK: member-lambda.cu:[[@LINE+1]]:20: warning: 32-way bank conflict: read of 't' takes 32 wavefronts per warp instead of 1 (block 32x8, sm_90) [smem-bank-conflict]
  o[threadIdx.x] = t[threadIdx.x][threadIdx.y];
}
// CHECK: smem-lint: 4 warnings and 0 errors in 1 file

int main() {
  float *o;
  dim3 b(32, 8);
  k_static_member<<<1, b>>>(o);
  k_method<<<1, b>>>(o);
  k_lambda<<<1, b>>>(o);
  k_direct<<<1, b>>>(o);
}
