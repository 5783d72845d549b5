// Case h_r01_same_value_int_to_float: every thread that writes a word of 's'
// stores the same value, and only how the value reaches the store differs: a
// float literal, an int literal converted to float, and the loop counter i
// (the same in every writer of one iteration) converted to float. With 256
// threads 8 threads (one per warp: tx, tx + 32, ..., tx + 224) write each word
// s[tx % 32] (s[(tx + i) % 32] in the loop), all the same value: no
// smem-conflicting-writes for any of the three, and no bank conflict (lane l
// writes word l, or (l + i) % 32: 32 banks, 1 wavefront).
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=JSON %s

// JSON: kernel k_float_literal L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void k_float_literal(float *o) {
  __shared__ float s[32];
  // JSON: access s store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
  s[threadIdx.x % 32] = 0.0f;
  __syncthreads();
  o[threadIdx.x] = s[threadIdx.x % 32];
}

// JSON: kernel k_int_literal L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void k_int_literal(float *o) {
  __shared__ float s[32];
  // JSON: access s store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
  s[threadIdx.x % 32] = 0;          // int 0 converted to float 0.0f
  __syncthreads();
  o[threadIdx.x] = s[threadIdx.x % 32];
}

// JSON: kernel k_loop_counter L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void k_loop_counter(float *o) {
  __shared__ float s[32];
  for (int i = 0; i < 4; ++i) {
    // 8 warps x 4 iterations = 32 warp stores, each 1 wavefront.
    // JSON: access s store L[[@LINE+1]]:5 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
    s[(threadIdx.x + i) % 32] = i;  // every writer of a word in one iteration stores i
    __syncthreads();
  }
  o[threadIdx.x] = s[threadIdx.x % 32];
}
// JSON: totals k_loop_counter shape=0 load=8/8 store=32/32 atomic=0/0{{$}}

int main() {
  float *o;
  k_float_literal<<<1, 256>>>(o);
  k_int_literal<<<1, 256>>>(o);
  k_loop_counter<<<1, 256>>>(o);
}
// JSON-NOT: diagnostic
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file
