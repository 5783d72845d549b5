// The kernels of one file share a budget of thread-steps (--max-file-steps,
// 256000000 by default: a file of many heavy instantiations, a quantized GEMM
// for every tile width, stays within seconds). Once the kernels before it
// have taken it, a kernel is evaluated with a 32nd of a kernel's budget
// (64000000 / 32 = 2000000), and the note that says the budget was reached
// says why it was smaller. With the default, the same kernel is not cut.
//
// RUN: %smem-lint --max-file-steps=1000 %s 2>&1 | FileCheck %s
// RUN: %smem-lint %s 2>&1 | FileCheck --check-prefix=DEFAULT %s
// DEFAULT-NOT: budget

// smem-lint: block_dim(256)
__global__ void first(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// 100000 iterations of an index that moves by squares (no closed form):
// 1024 iterations evaluated, about 256 threads x 10 instructions each, more
// than 2000000 thread-steps.
// CHECK: file-step-budget.cu:[[@LINE+2]]:17: note: the analysis of 'second' is incomplete: budget exceeded: the evaluation reached its budget of 2000000 thread-steps, reduced because the file's kernels share 1000 (--max-file-steps) and those before it took most of them (the loop at line [[#@LINE+5]]
// smem-lint: block_dim(256)
__global__ void second(float *out) {
  __shared__ float s[1024];
  float acc = 0;
  for (int i = 0; i < 100000; ++i)
    acc += s[(i * i + threadIdx.x) % 1024];
  out[threadIdx.x] = acc;
}
