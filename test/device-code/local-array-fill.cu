// A thread's own array filled by a memset (`int offsets[8] = {}`, which
// Clang emits as llvm.memset) or copied whole is the thread's, not a memory
// access of the kernel: nothing is reported missing, and a zero fill reads
// back as zero, so an index taken from it is known.
//
// RUN: %smem-lint --block-dim=32 --format=json %s | python3 -c "import json, sys; d = json.load(sys.stdin); [print(k['name'], 'not_evaluated', len(k['not_evaluated'])) for k in d['kernels']]; [print(a['line'], a['status'], a['wavefronts']) for k in d['kernels'] for a in k['accesses']]" | FileCheck %s

// offsets[] is zero: each lane reads s[lane], conflict-free, exact.
__global__ void zeroFilled(float *out) {
  __shared__ float s[64];
  int offsets[8] = {};
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  float acc[4] = {};
  for (int i = 0; i < 4; ++i)
    acc[i] += s[offsets[(threadIdx.x + i) % 8] + threadIdx.x];
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = acc[i];
}
// CHECK: zeroFilled not_evaluated 0
// CHECK: 12 exact 1
// CHECK: 16 exact 1
