// Loops too long to enumerate whose accesses move by the same offset every
// iteration are computed, not sampled: the evaluator runs the first
// iterations, skips to the last ones (each induction variable moved by the
// skipped iterations times its step) and runs those, and the totals count
// the skipped iterations. The accesses are `exact`. Where the closed form
// does not hold, the loop is sampled and the note says why.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="evaluated in part" --implicit-check-not="is incomplete"
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=JSON %s
// RUN: %if cuda-toolkit %{ not %smem-lint-toolkit --format=json %s | %summarize | FileCheck --check-prefix=JSON %s %}

// A tiled GEMM over 2048 tiles, its k-loop merged by nvcc into 16-byte
// loads: every access is exact, and the totals are those of all 2048 tiles.
// The Bs read: 32 k-iterations in 16-byte groups of 4 = 8 loads per tile,
// 8 x 2048 x 32 warps = 524288 warp loads of 32 wavefronts = 16777216; with
// 33-element rows 32 x 2048 x 32 = 2097152 loads of one wavefront.
// smem-lint: block_dim(32, 32)
__global__ void tiled(const float *A, const float *B, float *C, int N) {
  __shared__ float As[32][32];
  __shared__ float Bs[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 32 + ty, col = blockIdx.x * 32 + tx;
  float sum = 0;
  for (int t = 0; t < 2048; ++t) {
    // JSON: access As store L[[@LINE+1]]:5 {{.*}} status=exact
    As[ty][tx] = A[row * N + t * 32 + tx];
    // JSON: access Bs store L[[@LINE+1]]:5 {{.*}} wavefronts=32 {{.*}} status=exact
    Bs[tx][ty] = B[(t * 32 + ty) * N + col];
    __syncthreads();
    for (int k = 0; k < 32; ++k)
      // JSON: access As load L[[@LINE+3]]:14 {{.*}} status=exact
      // JSON: access Bs load L[[@LINE+2]]:26 {{.*}} wavefronts=32 {{.*}} status=exact
      // CHECK: closed-form.cu:[[#@LINE-13]]:27: note: pad the rows of 'Bs' to 33 elements: conflict-free (this read: 16777216 -> 2097152 wavefronts in all
      sum += As[ty][k] * Bs[tx][k];
    __syncthreads();
  }
  C[row * N + col] = sum;
}
// JSON: totals tiled shape=0 load=17825792/1048576 store=2162688/131072 atomic=0/0{{$}}

// The "second barrier" is still found: the refill of iteration i + 1 meets
// the reads of iteration i, in the first iterations, which are run. The
// 100000 iterations count in full: 8 warps x 100000 loads. Thread 255 reads
// s[255 - 255] = s[0], which thread 0 refills in the next iteration.
// smem-lint: block_dim(256)
__global__ void secondBarrier(const float *in, float *out) {
  __shared__ float s[256];
  float acc = 0;
  for (int i = 0; i < 100000; ++i) {
    // CHECK: closed-form.cu:[[@LINE+1]]:5: warning: missing second barrier: the loop at line [[#@LINE-1]] refills 's' while other threads may still read the previous iteration: thread 0 writes s[0], which thread 255 reads at line [[#@LINE+3]] in the iteration before
    s[threadIdx.x] = in[i * 256 + threadIdx.x];
    __syncthreads();
    acc += s[255 - threadIdx.x];
  }
  out[threadIdx.x] = acc;
}
// JSON: totals secondBarrier shape=0 load=800000/800000 store=800000/800000 atomic=0/0{{$}}

// An index that wraps around its array (% 8192 of an 8192-float array:
// whole 128-byte bank cycles) moves as an affine one does, banks rotated:
// exact. 100000 x 8 warps x 2 wavefronts = 1600000. The reads move with no
// barrier between iterations, and no write shares their barrier interval.
// smem-lint: block_dim(256)
__global__ void wrapping(const float *in, float *out) {
  __shared__ float s[8192];
  float acc = 0;
  for (int i = 0; i < 32; ++i)
    s[i * 256 + threadIdx.x] = in[i * 256 + threadIdx.x];
  __syncthreads();
  for (int i = 0; i < 100000; ++i)
    // JSON: access s load L[[@LINE+1]]:12 {{.*}} wavefronts=2 {{.*}} status=exact
    acc += s[(i * 7 + threadIdx.x * 2) % 8192];
  out[threadIdx.x] = acc;
}
// JSON: totals wrapping shape=0 load=1600000/800000 store=256/256 atomic=0/0{{$}}

// An index that moves by squares has no closed form: sampled, with the
// reason.
// smem-lint: block_dim(256)
__global__ void squares(const float *in, float *out) {
  __shared__ float s[8192];
  float acc = 0;
  for (int i = 0; i < 32; ++i)
    s[i * 256 + threadIdx.x] = in[i * 256 + threadIdx.x];
  __syncthreads();
  for (int i = 0; i < 100000; ++i)
    // JSON: access s load L[[@LINE+2]]:12 {{.*}} status=sampled reason=the loop at line [[#@LINE-1]]: only the first 1024 of 100000 iterations were evaluated; it is not computed in closed form: the address at line [[#@LINE+2]] is not an affine function of the iteration
    // CHECK: closed-form.cu:[[@LINE+1]]:12: note: evaluated in part: the loop at line [[#@LINE-2]]: only the first 1024 of 100000 iterations were evaluated; it is not computed in closed form: the address at line [[#@LINE+1]] is not an affine function of the iteration
    acc += s[(i * i + threadIdx.x * 2) % 8192];
  out[threadIdx.x] = acc;
}

// The same reads with a write after the loop in their barrier interval:
// the skipped reads were not compared with it, and the note says so (the
// race between the reads and the write is still found in the iterations
// run: in iteration 0 thread 16 reads s[2 * 16] = s[32], which thread 32
// then writes).
// smem-lint: block_dim(256)
__global__ void writeAfter(const float *in, float *out) {
  __shared__ float s[8192];
  float acc = 0;
  for (int i = 0; i < 32; ++i)
    s[i * 256 + threadIdx.x] = in[i * 256 + threadIdx.x];
  __syncthreads();
  for (int i = 0; i < 100000; ++i)
    acc += s[(i * 7 + threadIdx.x * 2) % 8192];
  // CHECK: closed-form.cu:[[#@LINE-8]]:17: note: the analysis of 'writeAfter' is incomplete: the race analysis of the loop at line [[#@LINE-2]] is incomplete: the reads of the iterations computed in closed form were not compared with the writes after it in the same barrier interval (block 256x1, sm_90)
  // CHECK: closed-form.cu:[[@LINE+1]]:3: warning: missing barrier: thread 32 writes s[32], which thread 16 reads at line [[#@LINE-2]] with no __syncthreads() in between
  s[threadIdx.x] = acc;
  out[threadIdx.x] = acc;
}

// The same reads and write by one thread (the `tid == 0` part of a kernel):
// a thread's own accesses are in program order, so the skipped reads race
// with no write of its own, and the analysis is complete (the
// implicit-check-not above). Thread 0 reads s[7i % 8192] and then writes
// s[0]: exact.
// smem-lint: block_dim(256)
__global__ void oneThreadWriteAfter(const float *in, float *out) {
  __shared__ float s[8192];
  for (int i = 0; i < 32; ++i)
    s[i * 256 + threadIdx.x] = in[i * 256 + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    float acc = 0;
    s[1] = 1;
    for (int i = 0; i < 100000; ++i)
      // JSON: access s load L[[@LINE+1]]:14 {{.*}} status=exact
      acc += s[(i * 7) % 8192];
    s[0] = acc;
  }
}

// The same reads with a write after the loop to another shared array: no
// skipped read can meet it, and the analysis is complete (the
// implicit-check-not above).
// smem-lint: block_dim(256)
__global__ void writeAfterToOther(const float *in, float *out) {
  __shared__ float s[8192];
  __shared__ float partial[256];
  float acc = 0;
  for (int i = 0; i < 32; ++i)
    s[i * 256 + threadIdx.x] = in[i * 256 + threadIdx.x];
  __syncthreads();
  for (int i = 0; i < 100000; ++i)
    // JSON: access s load L[[@LINE+1]]:12 {{.*}} status=exact
    acc += s[(i * 7 + threadIdx.x * 2) % 8192];
  partial[threadIdx.x] = acc;
  out[threadIdx.x] = partial[threadIdx.x];
}

// A GEMM's tile load, A[(row + off) * K + col] in an inner loop over off,
// K a parameter: the inner loop's 32-bit index starts where it did in the
// last iteration of the outer loop, so it goes through the same values
// again, and the outer loop is computed in closed form (it was "not an
// affine function of the iteration" and sampled). 10000 iterations: stores
// 10000 x 4 x 8 warps = 320000, loads 10000 x 8 = 80000.
// smem-lint: block_dim(256)
__global__ void tileLoad(const float *A, float *out, int K) {
  __shared__ float As[128 * 8];
  unsigned row = threadIdx.x / 8, col = threadIdx.x % 8;
  float acc = 0;
  for (unsigned k = 0; k < 80000; k += 8) {
    for (unsigned off = 0; off < 128; off += 32)
      // JSON: access As store L[[@LINE+1]]:7 {{.*}} status=exact
      As[(row + off) * 8 + col] = A[(row + off) * K + col];
    __syncthreads();
    acc += As[threadIdx.x];
    __syncthreads();
    A += 8;
  }
  out[threadIdx.x] = acc;
}
// JSON: totals tileLoad shape=0 load=80000/80000 store=320000/320000 atomic=0/0{{$}}

// A switch whose impossible default is `unreachable` (as libcu++'s
// memcpy_async leaves one in every copy) gives the loop a second exit edge,
// into undefined behaviour: it is no exit, and the loop is computed in
// closed form (it was "more than one exit" and sampled). Each warp runs
// each case (its lanes take all three): 3 x 100000 x 8 = 2400000 loads.
// smem-lint: block_dim(256)
__global__ void unreachableDefault(const float *in, float *out) {
  __shared__ float s[3][256];
  s[0][threadIdx.x] = in[threadIdx.x];
  s[1][threadIdx.x] = in[threadIdx.x];
  s[2][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float acc = 0;
  int mode = threadIdx.x % 3;
  for (int i = 0; i < 100000; ++i) {
    switch (mode) {
    case 0:
      // JSON: access s load L[[@LINE+1]]:14 {{.*}} status=exact
      acc += s[0][threadIdx.x];
      break;
    case 1:
      acc += s[1][threadIdx.x] * 2;
      break;
    case 2:
      acc -= s[2][threadIdx.x];
      break;
    default:
      __builtin_unreachable();
    }
  }
  out[threadIdx.x] = acc;
}
// JSON: totals unreachableDefault shape=0 load=2400000/2400000 store=24/24 atomic=0/0{{$}}

// Inline PTX that only loads global memory through its pointer (`__ldcs`
// is ld.global.cs in the toolkit's headers) moves nothing the evaluation
// models: the loop is computed in closed form (it was "inline assembly" and
// sampled). 100000 x 8 warps = 800000 loads.
__device__ float loadStreaming(const float *p) {
  float v;
  asm volatile("ld.global.cs.f32 %0, [%1];" : "=f"(v) : "l"(p));
  return v;
}
// smem-lint: block_dim(256)
__global__ void streamingLoads(const float *in, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  float acc = 0;
  for (int i = 0; i < 100000; ++i)
    // JSON: access s load L[[@LINE+1]]:12 {{.*}} status=exact
    acc += s[(i + threadIdx.x) % 256] *
           loadStreaming(in + i * 256 + threadIdx.x);
  out[threadIdx.x] = acc;
}
// JSON: totals streamingLoads shape=0 load=800000/800000 store=8/8 atomic=0/0{{$}}

// A branch on the iteration against a bound, as a double-buffered GEMM
// guards its next load (`if (k + 2 * BK < K)`), goes one way up to some
// iteration and the other way after it: the skip stops before the switch
// and the last iterations run for real, exact. k = 0, 16, ..., 99984: 6250
// iterations; k + 32 < 100000 holds for the first 6248. Loads: 6250 x 8
// warps = 50000; stores: 6248 x 8 + the 8 before the loop = 49992.
// smem-lint: block_dim(256)
__global__ void boundBranch(const float *in, float *out) {
  __shared__ float s[2][256];
  float acc = 0;
  s[0][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int k = 0; k < 100000; k += 16) {
    // JSON: access s load L[[@LINE+1]]:12 {{.*}} status=exact
    acc += s[0][threadIdx.x];
    if (k + 32 < 100000)
      // JSON: access s store L[[@LINE+1]]:7 {{.*}} status=exact
      s[1][threadIdx.x] = acc;
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
// JSON: totals boundBranch shape=0 load=50000/50000 store=49992/49992 atomic=0/0{{$}}

// Such a branch that changes sides halfway leaves too many iterations
// after the switch to run: sampled, and the reason says where it switches
// (k < 50000 for k = 0, 16, ...: iteration 3125 of 6250).
// smem-lint: block_dim(256)
__global__ void halfwayBranch(const float *in, float *out) {
  __shared__ float s[2][256];
  float acc = 0;
  s[0][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int k = 0; k < 100000; k += 16) {
    // JSON: access s load L[[@LINE+1]]:12 {{.*}} status=sampled reason=the loop at line [[#@LINE-1]]: only the first 1024 of 6250 iterations were evaluated; it is not computed in closed form: the branch at line [[#@LINE+2]] changes sides at iteration 3125 of 6250
    acc += s[0][threadIdx.x];
    if (k < 50000)
      s[1][threadIdx.x] = acc;
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

// A grid-stride loop: the threads' trip counts differ by one; the last
// iterations run for real with the threads still in them.
// smem-lint: block_dim(256)
__global__ void gridStride(const float *in, float *out, int n) {
  __shared__ float s[256];
  s[threadIdx.x] = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < 1000000; i += 256)
    // JSON: access s atomic L[[@LINE+1]]:5 {{.*}} status=exact
    atomicAdd(&s[threadIdx.x], in[i]);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// 1000000 = 3906 x 256 + 64: threads 0-63 make 3907 atomics, the others
// 3906; 2 warps x 3907 + 6 x 3906 = 31250.
// JSON: totals gridStride shape=0 load=8/8 store=8/8 atomic=31250/31250{{$}}

// A ping-pong buffer: the buffer index rotates (cur = 1 - cur) rather than
// moving; its values repeat with period 2, so the skip is a whole number of
// periods. 9999 iterations x 8 warps x 2 wavefronts + the read after the
// loop (8) = 159992.
// smem-lint: block_dim(256)
__global__ void pingPong(const float *in, float *out) {
  __shared__ float buf[2][256];
  int cur = 0;
  buf[cur][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int i = 1; i < 10000; ++i) {
    // JSON: access buf load L[[@LINE+1]]:33 {{.*}} wavefronts=2 {{.*}} status=exact
    buf[1 - cur][threadIdx.x] = buf[cur][(threadIdx.x * 2) % 256] + in[i * 256 + threadIdx.x];
    __syncthreads();
    cur = 1 - cur;
  }
  out[threadIdx.x] = buf[cur][threadIdx.x];
}
// JSON: totals pingPong shape=0 load=159992/80000 store=80000/80000 atomic=0/0{{$}}

// The same with the other buffer named `cur ^ 1`: scalar evolution sees the
// xor as an opaque value, arithmetic on the rotating index alone, which
// repeats with its period (it was "not an affine function of the
// iteration" before). The same counts.
// smem-lint: block_dim(256)
__global__ void pingPongXor(const float *in, float *out) {
  __shared__ float buf[2][256];
  int cur = 0;
  buf[cur][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int i = 1; i < 10000; ++i) {
    // JSON: access buf load L[[@LINE+1]]:33 {{.*}} wavefronts=2 {{.*}} status=exact
    buf[cur ^ 1][threadIdx.x] = buf[cur][(threadIdx.x * 2) % 256] + in[i * 256 + threadIdx.x];
    __syncthreads();
    cur ^= 1;
  }
  out[threadIdx.x] = buf[cur][threadIdx.x];
}
// JSON: totals pingPongXor shape=0 load=159992/80000 store=80000/80000 atomic=0/0{{$}}

// A branch on which memory a moving pointer is in (__isGlobal; libcu++'s
// memcpy_async and cuda::barrier ask __isShared and __isGlobal of their
// pointers in every call): a kernel's pointer parameter stays global however
// far it moves, so the branch goes the same way in every iteration.
// 100000 iterations x 8 warps: 800000 stores of 1 wavefront, 800000 loads
// of 2.
// smem-lint: block_dim(256)
__global__ void spaceTest(const float *in, float *out) {
  __shared__ float s[256];
  float acc = 0;
  for (int i = 0; i < 100000; ++i) {
    if (__isGlobal(in + i * 256))
      // JSON: access s store L[[@LINE+1]]:7 {{.*}} status=exact
      s[threadIdx.x] = in[i * 256 + threadIdx.x];
    __syncthreads();
    acc += s[(threadIdx.x * 2) % 256];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
// JSON: totals spaceTest shape=0 load=1600000/800000 store=800000/800000 atomic=0/0{{$}}

// The same through a pointer the loop moves (`in += 256`, a phi of the
// parameter and itself, still global memory) and both of libcu++'s tests
// joined (`__isShared(d) && __isGlobal(in)` becomes a phi of true and false
// after the two branches): each goes the same way in every iteration.
// smem-lint: block_dim(256)
__global__ void spaceTestMoving(const float *in, float *out) {
  __shared__ float s[256];
  float acc = 0;
  for (int i = 0; i < 100000; ++i, in += 256) {
    bool Direct = __isShared(&s[threadIdx.x]) && __isGlobal(in);
    if (Direct)
      // JSON: access s store L[[@LINE+1]]:7 {{.*}} status=exact
      s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    acc += s[(threadIdx.x * 2) % 256];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
// JSON: totals spaceTestMoving shape=0 load=1600000/800000 store=800000/800000 atomic=0/0{{$}}

// A block-stride loop over a runtime size (`int i += blockDim.x`, which
// scalar evolution cannot count: the trips come from the exit test solved
// with each thread's values), filling shared memory with no barrier between
// iterations: the hazards of such a loop may span any two iterations, so it
// is not skipped; its 4096 iterations are short enough to run in full.
// 4096 x 8 warps = 32768.
__global__ void blockStride(const float *in, float *out, int C) {
  extern __shared__ float sh[];
  for (int i = threadIdx.x; i < C; i += blockDim.x)
    // JSON: access sh store L[[@LINE+1]]:5 {{.*}} status=exact
    sh[i] = in[i];
  __syncthreads();
  float acc = 0;
  for (int i = threadIdx.x; i < C; i += blockDim.x)
    acc += sh[i];
  out[threadIdx.x] = acc;
}
// JSON: totals blockStride shape=0 load=32768/32768 store=32768/32768 atomic=0/0{{$}}
int main() {
  float *p;
  blockStride<<<1, 256, 1 << 22>>>(p, p, 1 << 20);
}

// A loop in a function the kernel calls, not inlined, reads global memory
// through the function's pointer argument at an address no step moves
// (`in[i * i % 4096]`): every call passes the kernel's own pointer, so the
// argument reaches global memory, whose costs may be estimated, and the
// shared reads are exact. 4096 iterations x 8 warps = 32768 loads; the
// stores: 16 iterations x 8 warps = 128.
struct Gather {
  __device__ __noinline__ float sum(const float *in, const float *s) {
    float acc = 0;
    for (int i = 0; i < 4096; ++i)
      // JSON: access s load L[[@LINE+1]]:14 {{.*}} status=exact
      acc += s[i] * in[(i * i) % 4096];
    return acc;
  }
};
// smem-lint: block_dim(256)
__global__ void calleeArgument(const float *in, float *out) {
  __shared__ float s[4096];
  for (int j = threadIdx.x; j < 4096; j += 256)
    s[j] = in[j];
  __syncthreads();
  Gather g;
  out[threadIdx.x] = g.sum(in, s);
}
// JSON: totals calleeArgument shape=0 load=32768/32768 store=128/128 atomic=0/0{{$}}
