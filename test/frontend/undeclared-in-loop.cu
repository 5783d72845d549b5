// Case x_truncloop: the condition of an upsweep loop (32 threads, given by
// the annotation) calls 'check', which is declared nowhere. Clang reports the
// error, the kernel has no device code to evaluate, so it is not analysed (an
// smem-lint-incomplete note says so and where), and nothing about its shared
// memory is reported: in particular no race on s[31] (which, had the loop
// compiled, thread 0 writes in the last level and again after the loop,
// itself). Exit code 2: the file has a compile error.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not=error:
// RUN: (%smem-lint %s > /dev/null 2>&1; echo "exit=$?") | FileCheck --check-prefix=EXIT %s
// EXIT: exit=2
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=JSON %s --implicit-check-not=smem-missing-barrier --implicit-check-not=smem-conflicting-writes --implicit-check-not=access

// JSON: kernel k L[[@LINE+3]] block_dims=32x1x1(annotation)
// smem-lint: block_dim(32)
// CHECK: undeclared-in-loop.cu:[[@LINE+1]]:17: note: 'k' is not analysed: Clang cannot compile what it reaches at line [[#@LINE+6]] (a compile error, or the use of a __shared__ object with a constructor, which nvcc only warns about), so there is no device code to evaluate [smem-lint-incomplete]
__global__ void k(float *out) {
  __shared__ float s[32];
  s[threadIdx.x] = 1.0f;
  int stride = 1;
  // CHECK: undeclared-in-loop.cu:[[@LINE+1]]:20: error: use of undeclared identifier 'check'
  for (int d = 16; check(d), d > 0; d >>= 1) {      // 'check' is not declared
    __syncthreads();
    if (threadIdx.x < d) s[2 * stride * threadIdx.x + 2 * stride - 1] += s[2 * stride * threadIdx.x + stride - 1];
    stride *= 2;
  }
  if (threadIdx.x == 0) s[31] = 0.0f;   // last iteration wrote s[31] from thread 0 itself
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// JSON: totals k shape=0 load=0/0 store=0/0 atomic=0/0
// JSON: diagnostic smem-lint-incomplete note L[[@LINE-15]]:17 'k' is not analysed
// JSON: diagnostic clang-diagnostic-error error L[[@LINE-11]]:20 use of undeclared identifier 'check'
// CHECK: smem-lint: 0 warnings and 1 error, 1 note in 1 file
