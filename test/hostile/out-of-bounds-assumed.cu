// smem-out-of-bounds when the finding rests on a value the analysis assumed:
// reported as a note that says which value, never as a certain error.

// RUN: (%smem-lint --checks=-*,smem-out-of-bounds %s 2>&1; echo "exit=$?") | FileCheck %s

// 'n' is unknown: at the default 1024 the loop would run past the 256
// elements only because of that value, so it is evaluated with the largest
// value that keeps 's' in bounds, 256 (ProblemSizes.h): no finding.
// smem-lint: block_dim(256)
__global__ void upTo(float *out, int n) {
  __shared__ float s[256];
  // CHECK-NOT: out-of-bounds-assumed.cu:[[@LINE+2]]
  for (int i = threadIdx.x; i < n; i += 256)
    s[i] = 0;
}

// The index itself depends on 'offset', and no value the array suggests
// (256, 16, 6) keeps thread 255 inside: it stays at 1024, and the finding is
// a note that says so.
// smem-lint: block_dim(256)
__global__ void shifted(float *out, int offset) {
  __shared__ float s[256];
  // CHECK: out-of-bounds-assumed.cu:[[@LINE+2]]:3: note: write to 's[threadIdx.x + offset]' is out of bounds for threads 0-255 with offset = 1024 (values the analysis assumed)
  // CHECK: note: the index or the path to this access depends on offset = 1024, assumed, and the finding changes with other values: check the values the kernel is launched with
  s[threadIdx.x + offset] = 0;
}

// A launch that gives 'n' makes it certain.
__global__ void known(float *out, int n) {
  __shared__ float s[256];
  // CHECK: out-of-bounds-assumed.cu:[[@LINE+2]]:5: error: write to 's[i]' is out of bounds for threads 0-43: indices 256 to 299 in an array of 256 elements (block 256x1, sm_90)
  for (int i = threadIdx.x; i < n; i += 256)
    s[i] = 0;
}
void launch(float *out) { known<<<1, 256>>>(out, 300); }

// No launch and no annotation: the block size is assumed (256 threads). An
// index past the end already within the first warp is a note; one past the
// end only for threads beyond it (the kernel may be written for a smaller
// block) is left out.
__global__ void assumedBlock(float *out) {
  __shared__ float s[32];
  __shared__ float t[128];
  // CHECK: out-of-bounds-assumed.cu:[[@LINE+2]]:3: note: write to 's[threadIdx.x + 1]' is out of bounds for threads 31-255 with the assumed block 256x1: indices 32 to 256 in an array of 32 elements
  // CHECK: note: analysed with the assumed block 256x1: no launch of 'assumedBlock' with a constant block shape was found
  s[threadIdx.x + 1] = 0;
  // CHECK-NOT: out-of-bounds-assumed.cu:[[@LINE+1]]
  t[threadIdx.x] = 0;
}

// A data-dependent branch the analysis assumed taken: a warning.
// smem-lint: block_dim(32)
__global__ void dataBranch(const int *flags, float *out) {
  __shared__ float s[32];
  if (flags[threadIdx.x])
    // CHECK: out-of-bounds-assumed.cu:[[@LINE+2]]:5: warning: write to 's[threadIdx.x + 1]' is out of bounds for thread 31: index 32 in an array of 32 elements
    // CHECK: note: assumed:
    s[threadIdx.x + 1] = 0;
}
// CHECK: exit=1
