// A loop longer than --max-loop-iterations (default 1024) is evaluated in
// part: the access is "sampled" and the warning says so. With a larger limit
// the same loop is evaluated exactly.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=SAMPLED %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT %s
// RUN: not %smem-lint --format=json --max-loop-iterations=4096 %s | %summarize | FileCheck --check-prefix=EXACT %s

// SAMPLED: kernel big L[[@LINE+2]] block_dims=32x1x1(launch)
// EXACT: kernel big L[[@LINE+1]] block_dims=32x1x1(launch)
__global__ void big(float *out) {
  __shared__ float s[1024];
  int tx = threadIdx.x;
  float acc = 0;
  // Word (2tx + k^2) % 1024: stride 2, lanes l and l + 16 share a bank -> 2
  // in every iteration (row "s[lane * K]", K = 2). k^2 is no affine move, so
  // no closed form gives the iterations past the limit (closed-form.cu).
  // SAMPLED: access s load L[[@LINE+6]]:12 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2 status=sampled reason=the loop at line [[#@LINE+5]]: only the first 1024 of 2048 iterations were evaluated
  // EXACT: access s load L[[@LINE+5]]:12 width=4 shape=0 wavefronts=2 mean=2 ideal=1 ways=2 status=exact
  // TEXT: loop-sampling.cu:[[@LINE+4]]:12: warning: 2-way bank conflict: read of 's' takes 2 wavefronts per warp instead of 1 (block 32x1, sm_90)
  // TEXT: note: lanes 0, 16 of warp 0 need 2 different words from bank 0: s[0], s[32]; consecutive lanes are 2 words apart
  // TEXT: loop-sampling.cu:[[@LINE+2]]:12: note: evaluated in part: the loop at line [[#@LINE+1]]: only the first 1024 of 2048 iterations were evaluated
  for (int k = 0; k < 2048; ++k)
    acc += s[(tx * 2 + k * k) & 1023];
  out[tx] = acc;
}
// The kernel executes the load 2048 times (one warp), 2 wavefronts each:
// 4096 / 2048, what Nsight Compute would count. Sampled, the totals count the
// 1024 evaluated executions (1024 x 2 = 2048 wavefronts) and say they are
// sampled; with the larger limit they are the whole kernel's.
// SAMPLED: totals big shape=0 load=2048/1024 store=0/0 atomic=0/0 sampled
// EXACT: totals big shape=0 load=4096/2048 store=0/0 atomic=0/0{{$}}

int main() { big<<<1, 32>>>(nullptr); }
