// Loops whose iterations go through the same inner loops and branches again
// are computed in closed form too, not sampled:
// - an inner loop whose two ends move together with the outer loop
//   (`for (pos = base + i; pos < base + n; ...)`, NVIDIA's scalar-product
//   sample) runs as often in every iteration; an inner loop whose counter
//   halves (`stride >>= 1`) from the same start goes through the same values,
//   and so does what is computed from such values (`c / 8`, `(d + t) % 32`);
// - a branch on data that guards only private and global work (a random
//   generator's Box-Muller flag, cuRAND's curand_normal) decides nothing the
//   shared-memory model sees.
// Where a data branch guards a shared access (a writer that stops at the
// image's end, its shared operand loaded under the branch by the compiler),
// which threads read, and so the cost, may change: sampled, with the reason.
//
// RUN: %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=JSON %s
// RUN: %if cuda-toolkit %{ %smem-lint-toolkit --format=json %s | %summarize | FileCheck --check-prefix=JSON %s %}
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not="is incomplete"

// Per vec iteration: 1024 / 256 = 4 stores of acc[i] per thread, 32 warp
// stores; the reduction runs 16 + 8 + 4 + 2 + 1 + 1 + 1 + 1 + 1 + 1 = 36
// warp iterations of two loads and a store (strides 512 to 1, the warps
// with a thread below the stride, twice for stride 512), and thread 0 reads
// acc[0]: 73 loads and 68 stores, each one wavefront (consecutive words).
// 4096 iterations: 299008 loads, 278528 stores.
// smem-lint: block_dim(256)
__global__ void movingEnds(const float *a, float *c, int elementN) {
  __shared__ float acc[1024];
  for (int vec = 0; vec < 4096; ++vec) {
    int base = __mul24(elementN, vec); // scalar evolution cannot follow it
    int end = base + elementN;
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) {
      float sum = 0;
      for (int pos = base + i; pos < end; pos += 1024)
        sum += a[pos];
      // JSON: access acc store L[[@LINE+1]]:7 {{.*}} status=exact
      acc[i] = sum;
    }
    for (int stride = 512; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int i = threadIdx.x; i < stride; i += blockDim.x)
        // JSON: access acc load L[[@LINE+1]]:19 {{.*}} status=exact
        acc[i] += acc[stride + i];
    }
    __syncthreads();
    if (threadIdx.x == 0)
      c[vec] = acc[0];
  }
}
// JSON: totals movingEnds shape=0 load=299008/299008 store=278528/278528 atomic=0/0{{$}}

// A linear congruential generator with a Box-Muller-like flag: every other
// draw computes two values and keeps one. The flag changes between
// iterations, but what it guards is private arithmetic. Per option: 8 warp
// stores of sums[t]; the tree reduction's strides 128..1 run 4 + 2 + 1 x 6
// = 12 warp iterations of two loads and a store; thread 0 reads sums[0]:
// 25 loads and 20 stores, one wavefront each. 8192 options: 204800 loads,
// 163840 stores.
// smem-lint: block_dim(256)
__global__ void dataBranch(const unsigned *seed, float *out) {
  __shared__ float sums[256];
  unsigned state = seed[threadIdx.x];
  bool haveExtra = false;
  float extra = 0;
  for (int option = 0; option < 8192; ++option) {
    float sum = 0;
    for (int i = 0; i < 16; ++i) {
      float r;
      if (!haveExtra) {
        state = state * 1664525u + 1013904223u;
        float x = state * 2.3283064e-10f;
        r = __logf(x);
        extra = __sinf(x);
        haveExtra = true;
      } else {
        r = extra;
        haveExtra = false;
      }
      sum += r;
    }
    // JSON: access sums store L[[@LINE+1]]:5 {{.*}} status=exact
    sums[threadIdx.x] = sum;
    __syncthreads();
    for (int s = 128; s > 0; s >>= 1) {
      if (threadIdx.x < s)
        sums[threadIdx.x] += sums[threadIdx.x + s];
      __syncthreads();
    }
    if (threadIdx.x == 0)
      out[option] = sums[0];
    __syncthreads();
  }
}
// JSON: totals dataBranch shape=0 load=204800/204800 store=163840/163840 atomic=0/0{{$}}

// What an inner loop's counter computes by arithmetic scalar evolution does
// not follow goes through the same values in every iteration too: llm.c's
// `s_res[c / x128::size]`, a rotated row read `(d + tx) % 32`. Per t: two
// stores of res (c = 4t', t' = 0..63 over two rounds), 32 reads of tile
// (lane l reads word 32l + (d + l) % 32, bank (d + l) % 32: one wavefront)
// and one of res. 4096 iterations: 33 x 4096 = 135168 loads, 2 x 4096 + 32
// (the tile's fill) = 8224 stores.
// smem-lint: block_dim(32)
__global__ void repeatingArithmetic(const float *in, float *out) {
  __shared__ float tile[32 * 32];
  __shared__ float res[64];
  for (int i = threadIdx.x; i < 1024; i += 32)
    tile[i] = in[i];
  for (int t = 0; t < 4096; ++t) {
    for (int c = threadIdx.x * 4; c < 256; c += 128)
      // JSON: access res store L[[@LINE+1]]:7 {{.*}} status=exact
      res[c / 4] = in[t * 256 + c];
    __syncthreads();
    float sum = 0;
    for (int d = 0; d < 32; ++d)
      // JSON: access tile load L[[@LINE+1]]:14 {{.*}} wavefronts=1 {{.*}} status=exact
      sum += tile[threadIdx.x * 32 + (d + threadIdx.x) % 32];
    out[t * 32 + threadIdx.x] = sum + res[threadIdx.x];
    __syncthreads();
  }
}
// JSON: totals repeatingArithmetic shape=0 load=135168/135168 store=8224/8224 atomic=0/0{{$}}

struct Writer {
  int next, end, stride;
  __device__ void write(float *out, float v) {
    if (next != end) {
      out[next] = v;
      next += stride;
    }
  }
};

// The writer's branch guards the shared read the compiler moved under it:
// sampled.
// smem-lint: block_dim(64)
__global__ void dataBranchGuardsShared(const float *in, float *out, int sizeX) {
  __shared__ float buffer[8 * 64];
  Writer w{(int)threadIdx.x, 2048 * sizeX + (int)threadIdx.x, sizeX};
  for (int s = 0; s < 4000; s++) {
    for (int r = 0; r < 8; r++)
      buffer[r * 64 + threadIdx.x] = in[(s * 8 + r) * sizeX + threadIdx.x];
    __syncthreads();
    for (int r = 0; r < 8; r += 2)
      // JSON: access buffer load L[[@LINE+1]]:20 {{.*}} status=sampled reason=the loop at line [[#@LINE-5]]: only the first {{[0-9]+}} of 4000 iterations were evaluated {{.*}}it is not computed in closed form: the branch at line [[#@LINE+1]] changes between iterations
      w.write(out, buffer[r * 64 + threadIdx.x]);
    __syncthreads();
  }
}
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file

// The same writer used twice per iteration, its shared operands read before
// either branch (the sum needs them): each branch guards only global stores
// and the position that decides the other branch, so the two together
// decide only data. Per iteration: 2 stores and 2 loads of each of the 2
// warps, one wavefront each (buffer[t ^ 1] swaps neighbours: every word
// once); 4000 iterations: 16000 of each.
// smem-lint: block_dim(64)
__global__ void twoWrites(const float *in, float *out, float *sums,
                          int sizeX) {
  __shared__ float buffer[2 * 64];
  Writer w{(int)threadIdx.x, 2048 * sizeX + (int)threadIdx.x, sizeX};
  float total = 0;
  for (int s = 0; s < 4000; s++) {
    buffer[threadIdx.x] = in[2 * s * sizeX + threadIdx.x];
    buffer[64 + threadIdx.x] = in[(2 * s + 1) * sizeX + threadIdx.x];
    __syncthreads();
    // JSON: access buffer load L[[@LINE+1]]:{{[0-9]+}} {{.*}} status=exact
    float low = buffer[threadIdx.x ^ 1], high = buffer[64 + (threadIdx.x ^ 1)];
    total += low + high;
    w.write(out, low);
    w.write(out, high);
    __syncthreads();
  }
  sums[threadIdx.x] = total;
}
// JSON: totals twoWrites shape=0 load=16000/16000 store=16000/16000 atomic=0/0{{$}}

// A count under a data branch, reduced through the warp's shuffles (inline
// PTX, as hand-written reductions spell it, with the lane from %laneid) and
// shared memory, then compared with a bound: data all the way, so every row
// makes the same shared accesses. Per row: lane 0 of each of the 8 warps
// stores its warp's count (8 store instructions of one lane, 1 wavefront
// each), thread 0 loads the 8 counts, which nvcc merges into two 16-byte
// loads (1 wavefront each); 4096 rows: 32768 stores, 8192 loads.
__device__ unsigned laneId() {
  unsigned Lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(Lane));
  return Lane;
}
__device__ int shuffleDown(int Value, int Delta) {
  int Result;
  asm volatile("shfl.sync.down.b32 %0, %1, %2, 31, -1;"
               : "=r"(Result)
               : "r"(Value), "r"(Delta));
  return Result;
}
// smem-lint: block_dim(256)
__global__ void countAbove(const float *x, const int *label, int *hits,
                           int topK) {
  __shared__ int warpCounts[8];
  int count = 0;
  for (int row = 0; row < 4096; ++row) {
    float pivot = x[row * 1024 + label[row]];
    int above = 0;
    for (int col = threadIdx.x; col < 1024; col += blockDim.x)
      if (x[row * 1024 + col] > pivot)
        ++above;
    for (int delta = 1; delta < 32; delta *= 2)
      above += shuffleDown(above, delta);
    if (laneId() == 0)
      // JSON: access warpCounts store L[[@LINE+1]]:{{[0-9]+}} {{.*}} status=exact
      warpCounts[threadIdx.x / 32] = above;
    __syncthreads();
    if (threadIdx.x == 0) {
      int total = 0;
      for (int w = 0; w < 8; ++w)
        // JSON: access warpCounts load L[[@LINE+1]]:{{[0-9]+}} {{.*}} status=exact
        total += warpCounts[w];
      if (total <= topK)
        ++count;
    }
    __syncthreads();
  }
  if (threadIdx.x == 0)
    hits[blockIdx.x] = count;
}
// JSON: totals countAbove shape=0 load=8192/8192 store=32768/32768 atomic=0/0{{$}}

// A branch on a distance computed from data read from memory, compared with
// a radius read from shared memory (mean-shift's `if (sq_dist <= radius)`):
// the evaluation knows that data for no thread in any iteration, so every
// thread takes both sides in every iteration and the iterations repeat;
// the reads under the branch are `assumed`, as a data branch's are. Per t:
// each of the 2 warps stores tile's pair as one 8-byte store (256 bytes, 2
// wavefronts) and radius (1); per i, each warp reads tile's pair as one
// broadcast 8-byte load, radius[i], and the pair again under the branch (1
// wavefront each). 200 x 2 = 400 stores of each; 200 x 64 x 2 = 25600 of
// each load, 76800 in all.
// smem-lint: block_dim(64)
__global__ void branchOnReadData(const float *points, float *out) {
  __shared__ float tile[64 * 2];
  __shared__ float radius[64];
  int me = blockIdx.x * 64 + threadIdx.x;
  float x = points[2 * me], y = points[2 * me + 1];
  float sx = 0, sy = 0, total = 0;
  for (int t = 0; t < 200; ++t) {
    tile[2 * threadIdx.x] = points[2 * (t * 64 + threadIdx.x)];
    tile[2 * threadIdx.x + 1] = points[2 * (t * 64 + threadIdx.x) + 1];
    // JSON: access radius store L[[@LINE+1]]:5 {{.*}} status=exact
    radius[threadIdx.x] = points[2 * (t * 64 + threadIdx.x)] * 0.5f;
    __syncthreads();
    for (int i = 0; i < 64; ++i) {
      float dx = x - tile[2 * i], dy = y - tile[2 * i + 1];
      float d = dx * dx + dy * dy;
      // JSON: access radius load L[[@LINE+1]]:16 {{.*}} status=exact
      if (d <= radius[i]) {
        float w = __expf(-d);
        // JSON: access tile load L[[@LINE+1]]:19 {{.*}} status=assumed reason=the condition at line [[#@LINE-2]] depends on data read from memory 'points'; both branches were evaluated for those threads
        sx += w * tile[2 * i];
        sy += w * tile[2 * i + 1];
        total += w;
      }
    }
    __syncthreads();
  }
  out[2 * me] = sx / total;
  out[2 * me + 1] = sy / total;
}
// JSON: totals branchOnReadData shape=0 load=76800/76800 store=1200/800 atomic=0/0{{$}}
