// Races that depend on a parameter nothing gives (case x_assume_fn). The
// kernels are evaluated with the unknown n = 1024; the runs that try n = 1
// to 32 (the sweep the bank model makes of what an address depends on) look
// for races too. A race only some of those values show is a note that says
// which ones show it and how to give the real value; a race every value
// tried shows is a warning; values that show none give no finding.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: not %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); [print('diag', d['check'], d['severity'], d['kernel'], 'L%%d' %% d['line'], ' '.join('%%s=%%s(%%s)' %% (x['subject'], x['value'], x['source']) for x in d['assumptions'])) for d in r['diagnostics']]" | FileCheck --check-prefix=JSON %s
// RUN: not %smem-lint --param k:n=128 %s 2>&1 | FileCheck --check-prefix=GIVEN %s

// The host always passes n = 128: threads 0-127 write s[128..255], which
// threads 128-255 wrote one line before. With the evaluated n = 1024 they
// write s[1024..1151], which no other thread touches: no race. With n = 1
// thread t < 128 writes s[t + 1], which thread t + 1 wrote at the line
// before; the first such pair in different warps is thread 31 writing
// s[32] after thread 32. Every n from 1 to 32 gives such a pair (thread 31
// writes s[31 + n], written by thread 31 + n of warp 1).
// smem-lint: block_dim(256)
__global__ void k(float *out, int n) {
  __shared__ float s[2048];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 128) s[threadIdx.x + n] = 0.0f;
  // CHECK: assumed-value-race.cu:[[@LINE-1]]:26: note: missing barrier: with n = 1 (of the values tried, 1 to 32 show it; 'n' is not known), thread 31 writes s[32], also written by thread 32 at line [[@LINE-2]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  // CHECK: assumed-value-race.cu:[[@LINE-3]]:3: note: thread 32 writes s[32] here
  // CHECK: assumed-value-race.cu:[[@LINE-3]]:3: note: insert __syncthreads() here so that every thread of the block finishes the access at line [[@LINE-4]] first
  // CHECK: assumed-value-race.cu:[[@LINE-4]]:26: note: reported as a note: it rests on n = 1, one of the values tried for 'n' (give the value with --param n=VALUE)
  // JSON: diag smem-missing-barrier note k L[[@LINE-5]] n=1(tried) block=256x1(annotation)
  // With the real value the race is the evaluation's own: thread 0 writes
  // s[0 + 128], which thread 128 (warp 4) wrote.
  // GIVEN: assumed-value-race.cu:[[@LINE-8]]:26: warning: missing barrier: thread 0 writes s[128], also written by thread 128 at line [[@LINE-9]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Only small values race: thread t < 8 writes s[t + 248 + n], which thread
// t + 248 + n wrote at the line before while t + 248 + n < 256, that is for
// n up to 7 (thread 0). With n = 1, thread 0 (warp 0) writes s[249] after
// thread 249 (warp 7). n = 8 to 32 and 1024 write past every thread's word.
// smem-lint: block_dim(256)
__global__ void smallValues(float *out, int n) {
  __shared__ float s[2048];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 8) s[threadIdx.x + 248 + n] = 0.0f;
  // CHECK: assumed-value-race.cu:[[@LINE-1]]:24: note: missing barrier: with n = 1 (of the values tried, 1 to 7 show it; 'n' is not known), thread 0 writes s[249], also written by thread 249 at line [[@LINE-2]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  // CHECK: note: thread 249 writes s[249] here
  // CHECK: note: insert __syncthreads() here
  // CHECK: assumed-value-race.cu:[[@LINE-4]]:24: note: reported as a note: it rests on n = 1, one of the values tried for 'n' (give the value with --param n=VALUE)
  // JSON: diag smem-missing-barrier note smallValues L[[@LINE-5]] n=1(tried) block=256x1(annotation)
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Every value races: thread t reads s[(t + 32 + n) % 256], the word of
// thread (t + 32 + n) % 256, 33 to 64 threads away (or, past 255, 192 or
// more): always another warp. The evaluated n = 1024 reads s[(t + 32) %
// 256]: thread 0 reads s[32], written by thread 32. A warning: the race
// does not rest on the value of n.
// smem-lint: block_dim(256)
__global__ void everyValue(float *out, int n) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = s[(threadIdx.x + 32 + n) % 256];
  // CHECK: assumed-value-race.cu:[[@LINE-1]]:22: warning: missing barrier: thread 0 reads s[32], written by thread 32 at line [[@LINE-2]] with no __syncthreads() in between (block 256x1, sm_90) [smem-missing-barrier]
  // CHECK: note: thread 32 writes s[32] here
  // CHECK: note: insert __syncthreads() here
  // CHECK: assumed-value-race.cu:[[@LINE-4]]:22: note: a race for every value tried of 'n' (1 to 32, and n = 1024 as evaluated)
  // JSON: diag smem-missing-barrier warning everyValue L[[@LINE-5]] block=256x1(annotation) n=1024(assumed)
}

// No value tried races: thread t < 128 writes s[t + 256 + n], above every
// word a thread writes at the line before (0 to 255) for every n >= 0; the
// evaluated n = 1024 writes s[1280..1407], inside the array. No finding.
// smem-lint: block_dim(256)
__global__ void noValue(float *out, int n) {
  __shared__ float s[2048];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 128) s[threadIdx.x + 256 + n] = 0.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
// JSON-NOT: diag
// CHECK: smem-lint: 1 warning and 0 errors, 2 notes in 1 file
