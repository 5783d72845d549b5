// A launching function whose host code this parse cannot compile (a
// library's factory it lacks, as a PyTorch extension's torch::full without
// PyTorch's headers) and a launch argument that depends on it. The error is
// a note (smem-lint-frontend): nvcc, given the headers, compiles it. The
// launch still gives the block shape: 32 threads (before, Clang's launch
// expression, holding the unreadable argument, was skipped and the kernel
// analysed with an assumed 256x1 block, its findings notes). The column
// write tile[threadIdx.x][0] puts consecutive lanes 32 words apart, all in
// bank 0: 32 wavefronts for the block's one warp.
// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck %s
struct Tensor {
  float *data() const;
};

__global__ void columnToRow(float *out, int n) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = n;
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}

void run(Tensor input, int n) {
  auto output = zerosLike(input);
  columnToRow<<<1, 32>>>(output.data(), n);
}

// CHECK: launch-after-host-error.cu:17:3: warning: 32-way bank conflict: write of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x1, sm_90) [smem-bank-conflict]
// CHECK: launch-after-host-error.cu:24:3: note: analysed with block 32x1 from this launch
// CHECK: launch-after-host-error.cu:23:17: note: host code that this parse cannot read: use of undeclared identifier 'zerosLike'; the launches of 'run' (line 24) are analysed from the rest of it [smem-lint-frontend]
// CHECK: smem-lint: 1 warning and 0 errors, 1 note in 1 file
// CHECK: exit=1
