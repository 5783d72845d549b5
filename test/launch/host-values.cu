// The values a launch is configured with are followed through the host code
// that computes them: each configuration the code can take is analysed, and a
// value the code does not determine is not guessed.
//
// RUN: not %smem-lint --format=json %s | %summarize --launches | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s
// TEXT-NOT: out of bounds

// Lane l writes word l * width: gcd(width, 32)-way. run() passes width on,
// main calls run(2): 2-way, and the dynamic bytes 64 * 2 * 4 = 512.
// CHECK: kernel rows L[[@LINE+2]] block_dims=64x1x1(launch)
// CHECK-NEXT: launch rows shape=0 block=64x1x1 grid=16x1x1 dynamic=512 params=width=2
__global__ void rows(float *out, int width) {
  extern __shared__ float s[];
  // CHECK: access s store L[[@LINE+2]]:3 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2 status=exact
  // TEXT: host-values.cu:[[@LINE+1]]:3: warning: 2-way bank conflict: write of 's'
  s[threadIdx.x * width] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// A helper of one return statement is evaluated: (1000 + 63) / 64 = 16.
static int blocksFor(int n, int threads) { return (n + threads - 1) / threads; }
void run(float *out, int width) {
  int threads = 64;
  // TEXT: host-values.cu:[[@LINE+1]]:3: note: analysed with block 64x1 and width = 2 from this launch, as called at line [[#@LINE+58]]
  rows<<<blocksFor(1000, threads), threads, threads * width * sizeof(float)>>>(
      out, width);
}

// A loop over block sizes: each size is analysed with the shared bytes
// computed from it. Mixing them up (block 128 with 32 * 4 bytes) would put
// threads out of bounds.
// CHECK: kernel sized L[[@LINE+4]] block_dims=32x1x1(launch) 64x1x1(launch) 128x1x1(launch)
// CHECK-NEXT: launch sized shape=0 block=32x1x1 grid=4x1x1 dynamic=128
// CHECK-NEXT: launch sized shape=1 block=64x1x1 grid=4x1x1 dynamic=256
// CHECK-NEXT: launch sized shape=2 block=128x1x1 grid=4x1x1 dynamic=512
__global__ void sized(float *out) {
  extern __shared__ float t[];
  t[threadIdx.x] = 0;
  __syncthreads();
  out[threadIdx.x] = t[blockDim.x - 1 - threadIdx.x];
}

// gridDim is the launch's: lane l reads word 4l with a grid of 4, 4-way.
// CHECK: kernel by_grid L[[@LINE+2]] block_dims=32x1x1(launch)
// CHECK-NEXT: launch by_grid shape=0 block=32x1x1 grid=4x1x1
__global__ void by_grid(float *out) {
  __shared__ float u[32 * 8];
  u[threadIdx.x] = 0;
  __syncthreads();
  // CHECK: access u load L[[@LINE+1]]:22 width=4 shape=0 wavefronts=4 mean=4 ideal=1 ways=4 status=exact
  out[threadIdx.x] = u[threadIdx.x * gridDim.x];
}

// A block size that depends on a branch, or on a value read at run time, is
// not known: the kernel is analysed with the assumed shape and says so.
// CHECK: kernel undetermined L[[@LINE+1]] block_dims=256x1x1(default)
__global__ void undetermined(float *out) {
  __shared__ float v[256];
  v[threadIdx.x] = 0;
  __syncthreads();
  out[threadIdx.x] = v[threadIdx.x];
}
int readSize();

// Sizes in namespace-scope constants (Clang makes a constexpr one __constant__
// itself; on the host it is still the constant): 96 threads, 96 * 2 * 4 =
// 768 dynamic bytes.
constexpr int TileThreads = 96;
const int TileRows = 2;
// CHECK: kernel tiled L[[@LINE+2]] block_dims=96x1x1(launch)
// CHECK-NEXT: launch tiled shape=0 block=96x1x1 grid=1x1x1 dynamic=768
__global__ void tiled(float *out) {
  extern __shared__ float w[];
  w[threadIdx.x] = 0;
  w[TileThreads + threadIdx.x] = 0;
  __syncthreads();
  out[threadIdx.x] = w[2 * TileThreads - 1 - threadIdx.x];
}

int main(int argc, char **argv) {
  float *out;
  run(out, 2);
  for (int threads = 32; threads <= 128; threads *= 2)
    sized<<<4, threads, threads * sizeof(float)>>>(out);
  int grid = 2;
  grid = 4; // the later assignment decides
  by_grid<<<grid, 32>>>(out);

  int branchy = 32;
  if (argc > 1)
    branchy = 64;
  undetermined<<<1, branchy>>>(out);
  // Beside a launch whose shape is known, one whose shape is not is said.
  // TEXT: host-values.cu:[[@LINE+1]]:3: note: this launch of 'by_grid' is not analysed: its block shape depends on what the analysis cannot follow in the host code
  by_grid<<<grid, branchy>>>(out);
  int read = 32;
  read = readSize();
  undetermined<<<1, read>>>(out);
  tiled<<<1, TileThreads, TileThreads * TileRows * sizeof(float)>>>(out);
  int escaped = 32;
  int *where = &escaped;
  *where = 64;
  undetermined<<<1, escaped>>>(out);
}
