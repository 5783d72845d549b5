// 64-bit arithmetic at the edges in shared indices: INT64_MIN / -1 and
// INT64_MIN % -1 (which trap on x86 if computed natively), and additions,
// subtractions, products, negations and increments that overflow. The
// analysis computes in two's complement like the GPU; it must neither crash
// (it used to die of SIGFPE, exit code 3) nor, in the sanitizer build, trip
// UBSan. Found while hardening (docs/hardening.md); the loop bound by
// evaluator-fuzzer (fuzz/regressions/evaluator/loop-bound-overflow).

// RUN: not %smem-lint --format=json %s | %summarize | FileCheck %s
// RUN: (%smem-lint %s 2>&1; echo "exit=$?") | FileCheck --check-prefix=EXIT %s
// EXIT-NOT: crashed

// smem-lint: block_dim(32)
__global__ void edges(float *out) {
  __shared__ float s[64];
  long long tx = threadIdx.x;
  long long lo = -9223372036854775807LL - 1;
  long long hi = 9223372036854775807LL;
  long long minusOne = tx - tx - 1;
  // hi + tx wraps for tx >= 1: indices 63, 0, 1, ..., 30.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  out[2] = s[(hi + tx) & 63];
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  out[3] = s[(lo - tx) & 63];
  // hi * (tx + 2) = -(tx + 2) modulo 2^64.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  out[4] = s[(hi * (tx + 2)) & 63];
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  out[5] = s[(-(lo + tx)) & 63];
  long long c = hi;
  c += tx;
  c -= hi;
  c *= hi;
  c = -c;
  c %= lo;
  // c = tx.
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  out[6] = s[c & 63];
  // hi - 1 + 1 for even tx, hi + 1 wrapping to lo for odd: s[63], s[0].
  long long d = hi - 1 + (tx & 1);
  d++;
  // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
  out[7] = s[d & 63];
  // The same in a loop bound: hi * hi = 1 modulo 2^64, so one trip.
  for (long long i = 0; i < ((hi * hi) & 7) + (minusOne & 0); ++i)
    // CHECK: access s load L[[@LINE+1]]:{{[0-9]+}} width=4 shape=0 wavefronts=1 mean=1 ideal=1 ways=1 status=exact
    out[8] = s[(tx + i) & 63];
}

// INT64_MIN / -1 and INT64_MIN % -1 overflow: undefined behaviour, whose
// result the compiler treats as poison (nvcc may too): the loads of s that
// used it are gone from the compiled code, and the analysis says that
// nothing was analysed instead of computing a quotient.
// EXIT: int64-overflow.cu:[[@LINE+2]]:17: note: the compiled code of 'quotient' makes no shared-memory access, though its source uses 's'
// smem-lint: block_dim(32)
__global__ void quotient(float *out) {
  __shared__ float s[64];
  long long tx = threadIdx.x;
  long long lo = -9223372036854775807LL - 1;
  long long minusOne = tx - tx - 1;
  out[0] = s[((lo / minusOne) + tx) & 63];
  out[1] = s[((lo % minusOne) + tx) & 63];
}

// smem-lint: block_dim(32)
__global__ void wild(char *out) {
  __shared__ char s[60];
  // Out of bounds, and naming the element took -(INT64_MIN + 1) + 1
  // (evaluator-fuzzer: fuzz/regressions/evaluator/element-name-overflow).
  // EXIT: int64-overflow.cu:[[@LINE+1]]:{{.*}}[smem-out-of-bounds]
  s[-9223372036854775807LL] = 1;
  // Offsets 0, 2^62, -2^63, -2^62 (modulo 2^64), all in bank 0: explaining
  // the conflict negated INT64_MIN (fuzz/regressions/evaluator/
  // hotspot-wild-offset).
  // EXIT: int64-overflow.cu:[[@LINE+1]]:{{.*}} 4-way bank conflict
  out[0] = s[(long long)threadIdx.x * 4611686018427387904LL];
  // An inner index near INT64_MAX: reading the subscripts back overflowed
  // (fuzz/regressions/evaluator/bounds-wild-index).
  __shared__ char t[19][44];
  // EXIT: int64-overflow.cu:[[@LINE+1]]:{{.*}}[smem-out-of-bounds]
  out[1] = t[0][(long long)threadIdx.x + 9223372036854775800LL];
}
// EXIT: exit=1
