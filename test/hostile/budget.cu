// A kernel far past the step budget next to a normal one: the evaluation of
// that kernel stops short and a note says so, and the other kernels of the
// file are analysed in full.

// RUN: (%smem-lint --max-loop-iterations=1048576 %s 2>&1; echo "exit=$?") | FileCheck %s
// RUN: not %smem-lint --format=json --max-loop-iterations=1048576 %s | python3 %S/Inputs/kernel-status.py | FileCheck --check-prefix=JSON %s

// Each call makes two more: 8191 calls for each of 1024 threads, several
// times the budget of 64 million thread-steps. The compiler turns the second
// call into a loop (tail recursion); the evaluation stops that loop at half
// the budget, says so, and goes on with what follows.
__device__ void fan(float *s, int depth) {
  s[threadIdx.x] += 1.0f;
  if (depth > 0) {
    fan(s, depth - 1);
    fan(s, depth - 1);
  }
}

// CHECK: budget.cu:[[@LINE+7]]:17: note: the analysis of 'huge' is incomplete: budget exceeded: the evaluation reached its budget of 64000000 thread-steps (the recursion at line 16: only the first iteration of {{[0-9]+}} was evaluated; it is not computed in closed form: a call at line 15)
// What follows the calls is analysed: thread 16 writes s[32], which
// thread 32 reads and writes in fan(), with no barrier anywhere between.
// CHECK: budget.cu:[[@LINE+7]]:3: warning: 2-way bank conflict: write of 's'
// CHECK: budget.cu:[[@LINE+6]]:3: note: missing barrier: thread 16 writes s[32], also written by thread 32 at line 13 with no __syncthreads() in between
// CHECK: budget.cu:[[@LINE+5]]:3: warning: missing barrier: thread 16 writes s[32], which thread 32 reads at line 13 with no __syncthreads() in between
// smem-lint: block_dim(1024)
__global__ void huge(float *out) {
  __shared__ float s[1024];
  fan(s, 12);
  s[(threadIdx.x * 2) % 1024] = 0;
}

// Nested loops of 2^20 x 2^20 iterations with a loop limit as large: the
// evaluator samples them (the reason says how far it got, and why the
// squares keep them from a closed form) and goes on. The
// nest bound grows with the limit (2^22 x 2^20 / 1024 = 2^32 thread-steps),
// past the budget of 64 million: the budget stops the nest first, and says so.
// CHECK: budget.cu:[[@LINE+2]]:17: note: the analysis of 'loops' is incomplete: budget exceeded: the evaluation reached its budget of 64000000 thread-steps (the loop at line [[#@LINE+5]]: only the first {{[0-9]+}} of 1048576 iterations were evaluated; it is not computed in closed form: the address at line [[#@LINE+7]] is not an affine function of the iteration; the loop at line [[#@LINE+6]]: only the first {{[0-9]+}} of 1048576 iterations were evaluated (loop nest sampled: {{.*}} bound 4294967296); it is not computed in closed form: the address at line [[#@LINE+7]] is not an affine function of the iteration)
// smem-lint: block_dim(1024)
__global__ void loops(float *out) {
  __shared__ float s[1024];
  float acc = 0;
  for (int i = 0; i < (1 << 20); ++i)
    for (int j = 0; j < (1 << 20); ++j)
      acc += s[(threadIdx.x + i * i + j * j) % 1024];
  out[threadIdx.x] = acc;
}

// smem-lint: block_dim(32, 8)
__global__ void normal(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  // CHECK: budget.cu:[[@LINE+1]]:22: warning: 32-way bank conflict: read of 'tile'
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
// Two notes: 'huge' and 'loops' incomplete.
// CHECK: smem-lint: 3 warnings and 0 errors, 3 notes in 1 file
// CHECK: exit=1

// JSON: kernel huge budget_exceeded=true accesses=3
// JSON: access huge s load L13 status=sampled
// JSON: access huge s store L13 status=sampled
// JSON: access huge s store L30 status=exact
// JSON: kernel loops budget_exceeded=true accesses=1
// JSON: access loops s load L45 status=sampled
// JSON: kernel normal budget_exceeded=false accesses=2
// JSON: access normal tile store L52 status=exact
// JSON: access normal tile load L55 status=exact
