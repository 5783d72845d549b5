// Every finding carries what it is about as data, in the JSON report: its
// origin, the source range to underline, the kernel (and the other
// instantiations that found the same), the block shape, arch and accesses it
// was found under, the assumptions it rests on, and a fingerprint that does
// not change when code above it moves.
//
// RUN: %smem-lint --no-cuda-toolkit --format=json %s > %t.json
// RUN: FileCheck %s < %t.json
// The same file two lines further down, under the same name: the findings
// keep their fingerprints.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: (echo; echo; cat %s) > %t.dir/finding-provenance.cu
// RUN: %smem-lint --no-cuda-toolkit --format=json %t.dir/finding-provenance.cu > %t.moved.json
// RUN: grep '"fingerprint"' %t.json > %t.before
// RUN: grep '"fingerprint"' %t.moved.json > %t.after
// RUN: diff %t.before %t.after

template <typename T>
__global__ void strided(T *out, int stride) {
  __shared__ T tile[1024];
  tile[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x * stride) % 1024];
}
void launch(float *f, int *i, int n) {
  strided<<<1, 64>>>(f, n);
  strided<<<1, 64>>>(i, n);
}

// One finding for both instantiations (float first: launched first).
// CHECK: "diagnostics": [
// CHECK-NEXT: {
// CHECK-NEXT: "accesses": [
// CHECK-NEXT: "s1"
// CHECK-NEXT: ],
// CHECK-NEXT: "arch": "sm_90",
// CHECK-NEXT: "assumptions": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "block-shape",
// CHECK-NEXT: "source": "launch",
// CHECK-NEXT: "subject": "block",
// CHECK-NEXT: "text": "block 64x1 from the launch",
// CHECK-NEXT: "value": "64x1",
// CHECK-NEXT: "where": {
// CHECK-NEXT: "column": 3,
// CHECK-NEXT: "file": "{{.*}}finding-provenance.cu",
// CHECK-NEXT: "line": 26
// CHECK-NEXT: }
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "assumed-value",
// CHECK-NEXT: "source": "assumed",
// CHECK-NEXT: "subject": "stride",
// CHECK-NEXT: "text": "'stride' is not known; evaluated with stride = 1024",
// CHECK-NEXT: "value": "1024"
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK-NEXT: "block": {
// CHECK-NEXT: "x": 64,
// CHECK-NEXT: "y": 1,
// CHECK-NEXT: "z": 1
// CHECK-NEXT: },
// CHECK-NEXT: "block_dim_index": 0,
// CHECK-NEXT: "check": "smem-bank-conflict",
// CHECK-NEXT: "column": 22,
// CHECK-NEXT: "file": "{{.*}}finding-provenance.cu",
// CHECK-NEXT: "fingerprint": "{{[0-9a-f]+}}:1",
// CHECK-NEXT: "fixits": [],
// CHECK-NEXT: "holds_for_every_value_tried": false,
// CHECK-NEXT: "kernel": "strided<float>",
// CHECK-NEXT: "kernel_index": 0,
// CHECK-NEXT: "line": 23,
// CHECK-NEXT: "message": "up to 32-way bank conflict: read of 'tile' depends on a value the analysis does not know (in 'strided<float>' and 'strided<int>', block 64x1, sm_90)",
// CHECK: "origin": "check",
// CHECK-NEXT: "other_instantiations": [
// CHECK-NEXT: "strided<int>"
// CHECK-NEXT: ],
// The range covers `tile[(threadIdx.x * stride) % 1024]`: 35 bytes from
// column 22, so it ends at column 57.
// CHECK-NEXT: "range": {
// CHECK-NEXT: "begin": {
// CHECK-NEXT: "column": 22,
// CHECK-NEXT: "file": "{{.*}}finding-provenance.cu",
// CHECK-NEXT: "line": 23
// CHECK-NEXT: },
// CHECK-NEXT: "end": {
// CHECK-NEXT: "column": 57,
// CHECK-NEXT: "file": "{{.*}}finding-provenance.cu",
// CHECK-NEXT: "line": 23
// CHECK-NEXT: }
// CHECK-NEXT: },
// An access of the kernel's own file: reached through no call.
// CHECK-NEXT: "reached_through": [],
// It rests on the assumed stride: a note.
// CHECK-NEXT: "severity": "note"

// The read of line 23 is the kernel's second shared access (s0 is the store
// of line 21); its address depends on 'stride', which no launch gives, so
// the analysis used a value of its own and says which.
// CHECK: "kernels": [
// CHECK: "expression": "tile[threadIdx.x]",
// CHECK: "id": "s0",
// CHECK: "kind": "store",
// CHECK: "assumptions": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "assumed-value",
// CHECK-NEXT: "source": "assumed",
// CHECK-NEXT: "subject": "stride",
// CHECK: "expression": "tile[(threadIdx.x * stride) % 1024]",
// CHECK: "id": "s1",
// CHECK: "version": 2
