// Global accesses the analysis cannot place are 'unknown', never guessed:
// an index read from memory, a pointer read from memory (directly or through
// a local). They are left out of the totals and never flagged.
//
// RUN: %smem-lint --checks=gmem-uncoalesced --format=json %s | %summarize | FileCheck %s
// RUN: %smem-lint --checks=gmem-uncoalesced %s 2>&1 | FileCheck --check-prefix=TEXT --implicit-check-not=warning: %s

// CHECK: kernel gather L[[@LINE+1]] block_dims=64x1x1(launch)
__global__ void gather(float *out, const float *in, const int *index,
                       float **rows) {
  int i = threadIdx.x;
  // The index load itself is coalesced; the gather through it is unknown.
  // CHECK: gaccess index load L[[@LINE+2]]:15 width=4 shape=0 requested=128 sectors=4 ideal=4 lines=1 mean=4 stride=4 status=exact
  // CHECK: gaccess in load L[[@LINE+1]]:12 width=4 shape=0 requested=0 sectors=0 ideal=0 lines=0 mean=0 stride=- status=unknown reason=the address depends on data read from memory 'index'
  out[i] = in[index[i]];
  // A row pointer read from memory: the row load is a uniform 8-byte load.
  // CHECK: gaccess rows load L[[@LINE+1]]:16 width=8 shape=0 requested=8 sectors=1 ideal=1 lines=1 mean=1 stride=0 status=exact
  float *row = rows[blockIdx.x];
  row[i] = 1.0f;
  *rows[i] = 2.0f;
}
// Reported after the accesses the evaluator followed, in source order.
// CHECK: gaccess row store L[[@LINE-4]]:3 width=4 shape=0 requested=0 sectors=0 ideal=0 lines=0 mean=0 stride=- status=unknown reason=the access goes through a pointer loaded from memory
// CHECK: gaccess rows[i] store L[[@LINE-4]]:3 width=4 shape=0 requested=0 sectors=0 ideal=0 lines=0 mean=0 stride=- status=unknown reason=the access goes through a pointer loaded from memory
// CHECK: gtotals gather shape=0 {{.*}} unknown=3

// TEXT: smem-lint: 0 warnings and 0 errors in 1 file
int main() { gather<<<1, 64>>>(nullptr, nullptr, nullptr, nullptr); }
