// A loop nest too large to enumerate (1024 threads x 256 x 256 iterations x
// 4 accesses, about 4e9 thread-steps) whose addresses move by squares (i * i), so
// that no closed form gives the iterations it skips (closed-form.cu), is sampled:
// each loop runs its first few iterations, as evenly as the enumeration
// bound allows, and the access says so with the bound and the reason. The conflict degree is the same in every
// iteration, so the sample finds it.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=JSON %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s

// smem-lint: block_dim(1024)
__global__ void nest(float *out) {
  __shared__ float s[4096];
  int tx = threadIdx.x;
  float acc = 0;
  for (int i = 0; i < 256; ++i)
    for (int j = 0; j < 256; ++j) {
      // Word 2tx + i^2 + j^2: lanes l and l + 16 share a bank (row "s[lane * K]",
      // K = 2) in every iteration.
      // JSON: access s load L[[@LINE+3]]:14 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2 status=sampled reason=the loop at line [[#@LINE-4]]: only the first [[I:[0-9]+]] of 256 iterations were evaluated (loop nest sampled: {{.*}} thread-steps, bound 4194304); it is not computed in closed form: the address at line [[#@LINE+3]] is not an affine function of the iteration; the loop at line [[#@LINE-3]]: only the first [[J:[0-9]+]] of 256 iterations were evaluated (loop nest sampled: {{.*}} thread-steps, bound 4194304); it is not computed in closed form: the address at line [[#@LINE+3]] is not an affine function of the iteration
      // TEXT: loop-nest-sampling.cu:[[@LINE+2]]:14: warning: 2-way bank conflict: read of 's'
      // TEXT: loop-nest-sampling.cu:[[@LINE+1]]:14: note: evaluated in part: the loop at line [[#@LINE-6]]: only the first {{[0-9]+}} of 256 iterations were evaluated (loop nest sampled
      acc += s[(tx * 2 + i * i + j * j) & 4095];
      acc += s[(tx + i * i + j * j + 1) & 4095];
      acc += s[(tx * 4 + i * i + j * j + 2) & 4095];
      acc += s[(tx + 3 * i * i + j * j + 3) & 4095];
    }
  out[tx] = acc;
}
// JSON: totals nest shape=0 load={{[0-9]+}}/{{[0-9]+}} store=0/0 atomic=0/0 sampled

// A short inner loop in a long nest: the outer loop is cut, the inner one
// runs its 4 iterations to its own end and is not called sampled (it used to
// read "only the first 4 of 4 iterations").
// smem-lint: block_dim(1024)
__global__ void shortInner(float *out) {
  __shared__ float s[4096];
  float acc = 0;
  for (int i = 0; i < 65536; ++i)
    for (int k = 0; k < 4; ++k)
      // JSON: access s load L[[@LINE+1]]:14 {{.*}} status=sampled reason=the loop at line [[#@LINE-2]]: only the first {{[0-9]+}} of 65536 iterations were evaluated (loop nest sampled: {{[^;]*}} bound 4194304); it is not computed in closed form: the address at line [[#@LINE+1]] is not an affine function of the iteration{{$}}
      acc += s[(threadIdx.x + i * i + k * k) & 4095];
  out[threadIdx.x] = acc;
}
// JSON-NOT: budget

// An outer loop whose first inner loop is a small part of its iteration:
// the first projection, from that inner loop's cost, let the outer loop run
// 227 iterations (2.3e7 thread-steps, five times the bound). Its first whole
// iteration (about 1e5 thread-steps: 1024 threads x 2 + 8 inner iterations)
// corrects it: 4096 iterations are about 4e8 thread-steps, and the outer loop
// runs some 40 iterations, about the bound.
// smem-lint: block_dim(1024)
__global__ void unevenIteration(float *out) {
  __shared__ float s[4096];
  float acc = 0;
  for (int i = 0; i < 4096; ++i) {
    for (int k = 0; k < 2; ++k)
      // JSON: access s load L[[@LINE+1]]:14 {{.*}} status=sampled reason=the loop at line [[#@LINE-2]]: only the first {{[1-9][0-9]}} of 4096 iterations were evaluated (loop nest sampled: {{[0-9.]+}}e8 thread-steps, bound 4194304)
      acc += s[(threadIdx.x + i * i + k * k) & 4095];
    // A known difference from nvcc: its SASS has LDS x16 here, 2-way
    // (stride 2; nvcc 13 -O3, nvdisasm, H200 machine 2026-12-06), and the
    // i loop unrolled by 2; the copy compiled as nvcc would unrolls it too,
    // and LLVM proves 2 tx + i * i even for even i, so that j = 0, 1 become
    // one 8-byte load, conflict-free; ptxas does not
    // (docs/measurements/h200-vectorization.md).
    for (int j = 0; j < 8; ++j)
      acc += s[(threadIdx.x * 2 + i * i + j * j) & 4095];
  }
  out[threadIdx.x] = acc;
}

// A nest a little past the bound (1024 threads x 24 x 24 iterations, about
// 5e6 thread-steps: nest's 2.1e7 for 48 x 48, scaled) runs whole: a sample
// would have skipped a fifth of it (HeCBench gmm's 24 x 24 matrix inversion
// was cut to 23 x 23 so). Up to twice the bound a nest is not sampled.
// smem-lint: block_dim(1024)
__global__ void justPastTheBound(float *out) {
  __shared__ float s[4096];
  float acc = 0;
  for (int i = 0; i < 24; ++i)
    for (int j = 0; j < 24; ++j)
      // JSON: access s load L[[@LINE+1]]:14 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
      acc += s[(threadIdx.x + i * i + j * j) & 4095];
  out[threadIdx.x] = acc;
}

int main() { nest<<<1, 1024>>>(nullptr); }

// The summary says how many accesses rest on a sample, also those that no
// finding's note names (shortInner's, one of unevenIteration's): nest's 4,
// shortInner's 1 and unevenIteration's 2 are 7, in 3 kernels.
// TEXT: smem-lint: 2 warnings {{.*}}; 7 shared accesses of 3 kernels sampled, their loops followed for some iterations only (--format=json gives each access's reason)
