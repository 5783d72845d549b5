// char and short accesses, 256 threads, 1-D: one whole-warp phase; lanes that
// touch the same 4-byte word are served together (h200-bank-probes.md,
// "Sub-word, 8-byte, atomic and 16x16-block cases").
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel bytes L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void bytes(int *out) {
  __shared__ char c[4096];
  int lane = threadIdx.x & 31;
  int r = 0;
  // "char s[]: s[lane]": bytes 0-31 = words 0-7 -> 1.
  // CHECK: access c load L[[@LINE+1]]:{{[0-9]+}} width=1 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += c[lane];
  // "s[lane*4]": words 0-31, one per bank -> 1.
  // CHECK: access c load L[[@LINE+1]]:{{[0-9]+}} width=1 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += c[lane * 4];
  // "s[lane*128]": word 32l, 32 different words of bank 0 -> 32.
  // CHECK: access c load L[[@LINE+2]]:{{[0-9]+}} width=1 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // TEXT: subword.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 32-way bank conflict: 1-byte read of 'c' takes 32 wavefronts per warp instead of 1
  r += c[lane * 128];
  // h200-bank-probes.md c_uniform: 1.
  // CHECK: access c load L[[@LINE+1]]:{{[0-9]+}} width=1 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += c[0];
  // Store, same words as the s[lane*128] load: 32 (arithmetic).
  // CHECK: access c store L[[@LINE+2]]:3 width=1 shape=0 wavefronts=32 mean=32
  // TEXT: subword.cu:[[@LINE+1]]:3: warning: 32-way bank conflict: 1-byte write of 'c'
  c[lane * 128] = (char)r;
  out[threadIdx.x] = r;
}
// loads 8 x (1 + 1 + 32 + 1) = 280 over 32; stores 8 x 32 = 256 over 8.
// CHECK: totals bytes shape=0 load=280/32 store=256/8 atomic=0/0

// CHECK: kernel shorts L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void shorts(int *out) {
  __shared__ short h[2048];
  int lane = threadIdx.x & 31;
  int r = 0;
  // "short s[]: s[lane]": words 0-15 -> 1.
  // CHECK: access h load L[[@LINE+1]]:{{[0-9]+}} width=2 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += h[lane];
  // "s[lane*2]": words 0-31 -> 1.
  // CHECK: access h load L[[@LINE+1]]:{{[0-9]+}} width=2 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += h[lane * 2];
  // "s[lane*64]": word 32l, all bank 0 -> 32.
  // CHECK: access h load L[[@LINE+2]]:{{[0-9]+}} width=2 shape=0 wavefronts=32 mean=32 ideal=1 ways=32
  // TEXT: subword.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 32-way bank conflict: 2-byte read of 'h' takes 32 wavefronts per warp instead of 1
  r += h[lane * 64];
  // h200-bank-probes.md h_uniform: 1.
  // CHECK: access h load L[[@LINE+1]]:{{[0-9]+}} width=2 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += h[0];
  // Store of h[lane]: words 0-15 -> 1 (arithmetic).
  // CHECK: access h store L[[@LINE+1]]:3 width=2 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  h[lane] = (short)r;
  out[threadIdx.x] = r;
}
// loads 8 x (1 + 1 + 32 + 1) = 280 over 32; stores 8 x 1 over 8.
// CHECK: totals shorts shape=0 load=280/32 store=8/8 atomic=0/0

int main() {
  bytes<<<1, 256>>>(nullptr);
  shorts<<<1, 256>>>(nullptr);
}
