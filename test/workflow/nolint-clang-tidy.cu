// smem-lint and clang-tidy read the same NOLINT comments: a list that also
// names clang-tidy's checks suppresses ours without a word about theirs,
// block comments count, and a run whose findings are all suppressed exits 0.
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not="warning:"
// CHECK: smem-lint: 0 warnings and 0 errors in 1 file

__global__ void k(float *out) {
  __shared__ float a[32][32];
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y]; // NOLINT(readability-magic-numbers,smem-bank-conflict)
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y]; /* NOLINT */
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y]; /* NOLINT(smem-bank-*) */
  /* NOLINTNEXTLINE(cppcoreguidelines-*, smem-bank-conflict) */
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y];
  // clang-tidy's own begin marker without an end is clang-tidy's to report.
  // NOLINTBEGIN(google-readability-casting)
  // NOLINTBEGIN
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y];
  // NOLINTEND
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y] /* NOLINT(bugprone-*) */; // NOLINT(smem-*)
  // A quote in a character literal opens no string that would hide the
  // comment after it; nor does a digit separator.
  out[threadIdx.x] = a[threadIdx.x][threadIdx.y] + ('"' - 34) + (1'000 - 1000); // NOLINT
}
void launch(float *o) { k<<<1, dim3(32, 32)>>>(o); }
