// Case x_assume: the host always passes stride = 1 and the kernel says so with
// __builtin_assume(stride == 1). The analysis takes stride as 1: thread t
// writes s[t / 1] = s[t], one word per thread (no conflicting writes), lane l
// word l of its warp (bank l: 1 wavefront), and the index rests on no assumed
// value: the JSON lists no assumption and no depends_on for it (it has no
// field that states stride = 1 outright).
//
// The twin without the assume has nothing that gives stride: it is evaluated
// with the unknown-parameter default, stride = 1024, so t / 1024 = 0 for all
// 256 threads and every thread writes s[0]. The user sees a note on
// conflicting writes (values from in[], which may be the same); the JSON says
// it rests on 'stride' = 1024. Still no bank conflict: for any stride the
// lanes write s[l / stride], consecutive or equal words, 1 wavefront.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %smem-lint --format=json %s | %summarize | FileCheck --check-prefix=SUM %s
// RUN: %smem-lint --format=json %s | python3 -c "import json,sys; r=json.load(sys.stdin); [print('access', k['name'], a['kind'], a['expression'], 'assumes', ' '.join('%%s=%%s(%%s)' %% (x['subject'], x['value'], x['source']) for x in a['assumptions']) or '-', 'depends_on', ','.join(a['depends_on']) or '-') for k in r['kernels'] for a in k['accesses']]; [print('diag', d['check'], d['severity'], d['kernel'], 'L%%d' %% d['line'], ' '.join('%%s=%%s(%%s)' %% (x['subject'], x['value'], x['source']) for x in d['assumptions'])) for d in r['diagnostics']]" | FileCheck --check-prefix=JSON %s

// SUM: kernel k L[[@LINE+1]] block_dims=256x1x1(default)
__global__ void k(float *out, const float *in, int stride) {
  __builtin_assume(stride == 1);        // the host always passes 1
  __shared__ float s[256];
  // JSON: access k store s[threadIdx.x / stride] assumes - depends_on -
  // SUM: access s store L[[@LINE+1]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
  s[threadIdx.x / stride] = in[threadIdx.x];
  __syncthreads();
  // JSON-NEXT: access k load s[threadIdx.x] assumes - depends_on -
  out[threadIdx.x] = s[threadIdx.x];
}

// SUM: kernel k_noassume L[[@LINE+1]] block_dims=256x1x1(default)
__global__ void k_noassume(float *out, const float *in, int stride) {
  __shared__ float s[256];
  // Threads 0 and 32 (warps 0 and 1) both write s[0 / 1024] = s[32 / 1024] = s[0].
  // The text ends "(block 256x1, sm_90, assumed: ...)": it names the assumed
  // block but not stride = 1024, which only the JSON gives.
  // CHECK: builtin-assume.cu:[[@LINE+5]]:3: note: conflicting writes: thread 0 (warp 0) and thread 32 (warp 1) both write s[0] in this statement; their values depend on what the analysis could not compute, and may be the same (then the write is benign); if they differ, which one lands is undefined
  // CHECK: builtin-assume.cu:[[@LINE+4]]:3: note: a barrier cannot order a statement with itself
  // JSON-NEXT: access k_noassume store s[threadIdx.x / stride] assumes stride=1024(assumed) depends_on -
  // SUM: access s store L[[@LINE+2]]:3 width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact{{$}}
  // SUM: diagnostic smem-conflicting-writes note L[[@LINE+1]]:3 conflicting writes
  s[threadIdx.x / stride] = in[threadIdx.x];
  __syncthreads();
  // JSON-NEXT: access k_noassume load s[threadIdx.x] assumes - depends_on -
  // JSON-NEXT: diag smem-conflicting-writes note k_noassume L[[@LINE-3]] block=256x1(default) stride=1024(assumed)
  out[threadIdx.x] = s[threadIdx.x];
}
// JSON-NOT: diag
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note in 1 file
