// REQUIRES: sarif-validator
// A missing barrier as a SARIF result: the racing write is a related location
// with its message, and the fix-it that inserts __syncthreads() is a fix whose
// deleted region is empty (an insertion).
// RUN: not %smem-lint --format=sarif --sarif-source-root=%S %s > %t.sarif
// RUN: FileCheck %s < %t.sarif
// RUN: %validate-sarif %t.sarif

__global__ void reverse(float *out, const float *in) {
  __shared__ float s[256];
  s[threadIdx.x] = in[threadIdx.x];
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// CHECK: "results": [
// CHECK-NEXT: {
// CHECK-NEXT: "ruleId": "smem-missing-barrier",
// CHECK-NEXT: "ruleIndex": 1,
// CHECK-NEXT: "level": "warning",
// CHECK-NEXT: "message": {
// CHECK-NEXT: "text": "missing barrier: thread 0 reads s[255], written by thread 255 at line 11 with no __syncthreads() in between (block 256x1, sm_90{{.*}})"
// CHECK: "uri": "missing-barrier.cu",
// CHECK-NEXT: "uriBaseId": "%SRCROOT%",
// CHECK: "region": {
// CHECK-NEXT: "startLine": 12,
// CHECK-NEXT: "startColumn": 22,
// The whole read `s[255 - threadIdx.x]`: 20 characters from column 22.
// CHECK-NEXT: "endLine": 12,
// CHECK-NEXT: "endColumn": 42
// CHECK: "relatedLocations": [
// CHECK-NEXT: {
// CHECK-NEXT: "id": 1,
// CHECK-NEXT: "physicalLocation": {
// CHECK-NEXT: "artifactLocation": {
// CHECK-NEXT: "uri": "missing-barrier.cu",
// CHECK-NEXT: "uriBaseId": "%SRCROOT%",
// CHECK-NEXT: "index": 0
// CHECK-NEXT: },
// CHECK-NEXT: "region": {
// CHECK-NEXT: "startLine": 11,
// CHECK-NEXT: "startColumn": 3,
// CHECK-NEXT: "endLine": 11,
// CHECK-NEXT: "endColumn": 4
// CHECK-NEXT: }
// CHECK-NEXT: },
// CHECK-NEXT: "message": {
// CHECK-NEXT: "text": "thread 255 writes s[255] here"
// CHECK-NEXT: }
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "id": 2,
// CHECK: "text": "insert __syncthreads() here so that every thread of the block finishes the access at line 11 first"
// CHECK: "fixes": [
// CHECK-NEXT: {
// CHECK-NEXT: "description": {
// CHECK-NEXT: "text": "insert __syncthreads() here so that every thread of the block finishes the access at line 11 first"
// CHECK: "replacements": [
// CHECK-NEXT: {
// CHECK-NEXT: "deletedRegion": {
// CHECK-NEXT: "startLine": 12,
// CHECK-NEXT: "startColumn": 3,
// CHECK-NEXT: "endLine": 12,
// CHECK-NEXT: "endColumn": 3
// CHECK-NEXT: },
// CHECK-NEXT: "insertedContent": {
// CHECK-NEXT: "text": "__syncthreads();\n  "
// CHECK: "partialFingerprints": {
// CHECK-NEXT: "smemLintFinding/v2": "{{[0-9a-f]+}}:1"
// The race names both accesses (s1, the read of line 12; s0, the write of
// line 11), and rests on the block shape of the launch.
// CHECK: "accesses": [
// CHECK-NEXT: "s1",
// CHECK-NEXT: "s0"
// CHECK-NEXT: ],
// CHECK-NEXT: "assumptions": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "block-shape",
// CHECK-NEXT: "subject": "block",
// CHECK-NEXT: "value": "256x1",
// CHECK-NEXT: "source": "launch",
int main() { reverse<<<1, 256>>>(nullptr, nullptr); }
