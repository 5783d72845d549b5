// A conditional that chooses between variables is an lvalue: each thread reads
// the side it chooses. The costs are arithmetic over the 32 banks of 4-byte
// words (bank = word % 32); a conditional on a parameter makes the finding
// depend on it; one on data read from memory leaves the address unknown.
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// smem-lint: block_dim(32)
__global__ void pick(float *out, const int *flags, int c) {
  __shared__ float s[1024];
  int tx = threadIdx.x;
  int wide = tx * 32, narrow = tx;
  s[tx] = 0;
  __syncthreads();
  // Lanes 0-15 read s[32 * tx]: 16 words of bank 0; lanes 16-31 read banks
  // 16-31 once each: 16 wavefronts.
  // CHECK: access s load L[[@LINE+2]]:13 width=4 shape=0 wavefronts=16 mean=16 ideal=1 ways=16 status=exact
  // TEXT: conditional-index.cu:[[@LINE+1]]:13: warning: 16-way bank conflict: read of 's' takes 16 wavefronts per warp instead of 1
  out[tx] = s[(tx < 16) ? wide : narrow];
  // c = 1024 (the default for a parameter) > 4: every lane reads s[32 * tx],
  // 32 words of bank 0; with c <= 4 the reads are adjacent words: 1. The
  // finding rests on the assumed c: a note, with the range over c.
  // CHECK: access s load L[[@LINE+4]]:14 width=4 shape=0 wavefronts=32 mean=32 ideal=1 ways=32 status=assumed
  // TEXT: conditional-index.cu:[[@LINE+3]]:14: note: 1- to 32-way bank conflict depending on 'c': read of 's' takes 32 wavefronts per warp instead of 1 with c = 1024 (block 32x1, sm_90)
  // TEXT: note: the conflict degree depends on 'c': 1- to 32-way
  // TEXT: note: reported as a note: it rests on the assumed c = 1024 (give the value with --param c=VALUE)
  out[tx] += s[c > 4 ? wide : narrow];
  // Lane 0 reads s[0] either way (32 * 0 = 0); the others are unknown.
  // CHECK: access s load L[[@LINE+1]]:14 width=4 shape=0 wavefronts=1 {{.*}}status=unknown
  out[tx] += s[flags[tx] ? wide : narrow];
  // Nested: lanes 0-7 read s[32 * tx] (8 words of bank 0), lanes 8-15 s[tx],
  // lanes 16-31 all s[0], the word lane 0 reads (a broadcast): 8.
  // CHECK: access s load L[[@LINE+2]]:14 width=4 shape=0 wavefronts=8 mean=8 ideal=1 ways=8 status=exact
  // TEXT: conditional-index.cu:[[@LINE+1]]:14: warning: 8-way bank conflict
  out[tx] += s[tx < 8 ? wide : tx < 16 ? narrow : 0];
}
