// 8-byte double loads, 256 threads, 1-D: half-warp phases, merged into one
// whole-warp phase when every aligned lane quad reads in pairs
// (h200-bank-probes.md, Conclusion).
//
// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: not %smem-lint %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not='bank conflict' %s

// CHECK: kernel d L[[@LINE+1]] block_dims=256x1x1(launch)
__global__ void d(double *out) {
  __shared__ double s[2048];
  int lane = threadIdx.x & 31;
  double r = 0;
  // h200-bank-probes.md "double s[lane*K], K = 1, 2, 16, 17, 32":
  // 2, 4, 32, 2, 32.
  // K = 1: 32 consecutive words per half-warp -> 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  r += s[lane];
  // K = 2: words 4l, 4l+1; lanes l, l+8 share a bank -> 2 + 2 = 4.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=4 mean=4 ideal=2 ways=2
  // TEXT: double-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 2-way bank conflict: 8-byte read of 's' takes 4 wavefronts per warp instead of 2
  r += s[lane * 2];
  // K = 16: words 32l, 32l+1: 16 per bank per half-warp -> 16 + 16 = 32.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=32 mean=32 ideal=2 ways=16
  // TEXT: double-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 16-way bank conflict: 8-byte read of 's' takes 32 wavefronts per warp instead of 2
  r += s[lane * 16];
  // K = 17: words 34l, 34l+1, bank 2l % 32 and 2l+1: 32 banks per half -> 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  r += s[lane * 17];
  // K = 32: words 64l, 64l+1 -> 32.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=32 mean=32 ideal=2 ways=16
  // TEXT: double-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 16-way bank conflict
  r += s[lane * 32];
  // Named cases of h200-bank-probes.md ("measured wf/inst" column).
  // d_uniform: 1.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += s[0];
  // d_and15: 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  r += s[lane & 15];
  // d_shr1: 1.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  r += s[lane >> 1];
  // d_and15x16: 32.
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=32 mean=32
  // TEXT: double-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 16-way bank conflict
  r += s[(lane & 15) * 16];
  // d_and7: 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  r += s[lane & 7];
  // d_xor1: 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  r += s[lane ^ 1];
  // d_and1x16: 2 (merged whole warp: words 0,1 and 32,33, 2 per bank).
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2
  // TEXT: double-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 2-way bank conflict
  r += s[(lane & 1) * 16];
  // d_x3: 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  r += s[lane * 3];
  // d_and15perm: 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  r += s[(lane & 15) ^ ((lane >> 4) * 15)];
  // d_split128: 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2 ideal=2 ways=1
  r += s[(lane & 7) + 8 * (lane >> 4)];
  // d_lt16: 1 (one half-warp active). The probes read s[lane] and
  // s[lane * 16]; these read 4096 bytes further on (the same banks), since
  // a second read of an address no thread wrote in between is no
  // instruction of its own: the compiler reuses the first
  // (device-code/repeated-load.cu).
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=1 mean=1 ideal=1 ways=1
  if (lane < 16)
    r += s[lane + 512];
  // d_ge16x16: 16 (one half-warp active, 16 words in bank 0).
  // CHECK: access s load L[[@LINE+3]]:{{[0-9]+}} width=8 shape=0 wavefronts=16 mean=16
  // TEXT: double-loads.cu:[[@LINE+2]]:{{[0-9]+}}: warning: 16-way bank conflict
  if (lane >= 16)
    r += s[lane * 16 + 1024];
  // Patterns (8 B ld) of h200-bank-probes.md: and1 1, and3 2,
  // shr1and7x16 8, and3x16 8, lane31_is1 2.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=1 mean=1
  r += s[lane & 1];
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2
  r += s[lane & 3];
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=8 mean=8
  // TEXT: double-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 8-way bank conflict
  r += s[((lane >> 1) & 7) * 16];
  // CHECK: access s load L[[@LINE+2]]:{{[0-9]+}} width=8 shape=0 wavefronts=8 mean=8
  // TEXT: double-loads.cu:[[@LINE+1]]:{{[0-9]+}}: warning: 4-way bank conflict
  r += s[(lane & 3) * 16];
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=8 shape=0 wavefronts=2 mean=2
  r += s[lane == 31 ? 1 : 0];
  out[threadIdx.x] = r;
}
// 22 loads x 8 warps = 176 instructions; 8 x (2 + 4 + 32 + 2 + 32 + 1 + 2 +
// 1 + 32 + 2 + 2 + 2 + 2 + 2 + 2 + 1 + 16 + 1 + 2 + 8 + 8 + 2) = 8 x 158.
// CHECK: totals d shape=0 load=1264/176 store=0/0 atomic=0/0

int main() { d<<<1, 256>>>(nullptr); }
