// Case r10_unused: the launch's block and dynamic size come through a host
// function's parameter: run(32) launches noshared<<<1, bs, bs * sizeof(float)>>>
// with bs = 32, so the launch asks for 32 x 4 = 128 bytes of dynamic shared
// memory. The kernel declares 'extern __shared__ float s[]' but never names
// it again: 0 bytes used. The user sees a capacity note (not a warning: unused
// dynamic memory only lowers residency, and 128 bytes costs no block here),
// analysed with the block 32x1 from that launch, and nothing else (the
// compiled code makes no shared access, and neither does the source).
// The same note when the size comes from --dynamic-smem instead of a launch
// (at the kernel then), and for a kernel that touches only part of it: part
// writes s[t] for t < 32, 32 x 4 = 128 of the 256 bytes.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %smem-lint --format=json %s | %summarize --launches | FileCheck --check-prefix=JSON %s
// RUN: %smem-lint --dynamic-smem=256 --block-dim=32 %s 2>&1 | FileCheck --check-prefix=OPTION %s --implicit-check-not=warning: --implicit-check-not=note:

// JSON: kernel noshared L[[@LINE+2]] block_dims=32x1x1(launch)
// JSON-NEXT: launch noshared shape=0 block=32x1x1 grid=1x1x1 dynamic=128 params=-
__global__ void noshared(float *o) { extern __shared__ float s[]; o[threadIdx.x] = 1.0f; }
// OPTION: unused-dynamic-through-call.cu:[[@LINE-1]]:17: note: --dynamic-smem gives 'noshared' 256 bytes of dynamic shared memory, but the kernel never accesses it (block 32x1, sm_90) [smem-capacity]

// Another kernel's 's' is another array: its accesses are its own.
// OPTION: unused-dynamic-through-call.cu:[[@LINE+1]]:17: note: --dynamic-smem gives 'part' 256 bytes of dynamic shared memory, but the kernel touches only the first 128 bytes (block 32x1, sm_90) [smem-capacity]
__global__ void part(float *o) {
  extern __shared__ float s[];
  s[threadIdx.x] = 1.0f;
  o[threadIdx.x] = s[threadIdx.x];
}

void run(int bs) {
  float *o;
  cudaMalloc(&o, 4 * bs);
  // CHECK: unused-dynamic-through-call.cu:[[@LINE+2]]:3: note: launch of 'noshared' asks for 128 bytes of dynamic shared memory, but the kernel never accesses it (block 32x1, sm_90) [smem-capacity]
  // JSON: diagnostic smem-capacity note L[[@LINE+1]]:3 launch of 'noshared' asks for 128 bytes of dynamic shared memory, but the kernel never accesses it (block 32x1, sm_90)
  noshared<<<1, bs, bs * sizeof(float)>>>(o);
  cudaDeviceSynchronize();
}

int main() { run(32); }
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
// OPTION: smem-lint: 0 warnings and 0 errors, 2 notes in 1 file
