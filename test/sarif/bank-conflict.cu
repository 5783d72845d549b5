// REQUIRES: sarif-validator
// A bank conflict as a SARIF result: the region spans the token, the notes are
// related locations, the padding note's fix-it is a fix that replaces the
// extent 32 with 33.
// RUN: not %smem-lint --format=sarif --sarif-source-root=%src_root %s > %t.sarif
// RUN: FileCheck %s < %t.sarif
// RUN: %validate-sarif %t.sarif

__global__ void column(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
void launch(float *out) { column<<<1, dim3(32, 32)>>>(out); }

// CHECK: "executionSuccessful": true
// CHECK: "artifacts": [
// CHECK-NEXT: {
// CHECK-NEXT: "location": {
// CHECK-NEXT: "uri": "test/sarif/bank-conflict.cu",
// CHECK-NEXT: "uriBaseId": "%SRCROOT%"
// CHECK-NEXT: },
// CHECK-NEXT: "roles": [
// CHECK-NEXT: "analysisTarget"
// CHECK: "results": [
// CHECK-NEXT: {
// CHECK-NEXT: "ruleId": "smem-bank-conflict",
// CHECK-NEXT: "ruleIndex": 0,
// CHECK-NEXT: "level": "warning",
// CHECK-NEXT: "message": {
// CHECK-NEXT: "text": "32-way bank conflict: read of 'tile' takes 32 wavefronts per warp instead of 1 (block 32x32, sm_90)"
// CHECK-NEXT: },
// CHECK-NEXT: "locations": [
// CHECK-NEXT: {
// CHECK-NEXT: "physicalLocation": {
// CHECK-NEXT: "artifactLocation": {
// CHECK-NEXT: "uri": "test/sarif/bank-conflict.cu",
// CHECK-NEXT: "uriBaseId": "%SRCROOT%",
// CHECK-NEXT: "index": 0
// CHECK-NEXT: },
// CHECK-NEXT: "region": {
// CHECK-NEXT: "startLine": 13,
// CHECK-NEXT: "startColumn": 41,
// The region is the whole access, `tile[threadIdx.x][threadIdx.y]`: 30
// characters from column 41, so it ends before column 71.
// CHECK-NEXT: "endLine": 13,
// CHECK-NEXT: "endColumn": 71
// CHECK: "relatedLocations": [
// CHECK-NEXT: {
// CHECK-NEXT: "id": 1,
// CHECK: "message": {
// CHECK-NEXT: "text": "lanes 0-31 of warp 0 need 32 different words from bank 0: {{.*}}"
// CHECK: "id": 2,
// CHECK: "message": {
// CHECK-NEXT: "text": "in Nsight Compute's terms, a 32-way conflict: {{.*}}"
// CHECK: "id": 3,
// CHECK: "startLine": 15,
// CHECK-NEXT: "startColumn": 27,
// CHECK-NEXT: "endLine": 15,
// CHECK-NEXT: "endColumn": 33
// CHECK: "text": "analysed with block 32x32 from this launch"
// CHECK: "id": 4,
// CHECK: "startLine": 10,
// CHECK-NEXT: "startColumn": 29,
// CHECK-NEXT: "endLine": 10,
// CHECK-NEXT: "endColumn": 31
// CHECK: "text": "pad the rows of 'tile' to 33 elements: conflict-free {{.*}}"
// CHECK: "fixes": [
// CHECK-NEXT: {
// CHECK-NEXT: "description": {
// CHECK-NEXT: "text": "pad the rows of 'tile' to 33 elements: conflict-free {{.*}}"
// CHECK-NEXT: },
// CHECK-NEXT: "artifactChanges": [
// CHECK-NEXT: {
// CHECK-NEXT: "artifactLocation": {
// CHECK-NEXT: "uri": "test/sarif/bank-conflict.cu",
// CHECK-NEXT: "uriBaseId": "%SRCROOT%",
// CHECK-NEXT: "index": 0
// CHECK-NEXT: },
// CHECK-NEXT: "replacements": [
// CHECK-NEXT: {
// CHECK-NEXT: "deletedRegion": {
// CHECK-NEXT: "startLine": 10,
// CHECK-NEXT: "startColumn": 29,
// CHECK-NEXT: "endLine": 10,
// CHECK-NEXT: "endColumn": 31
// CHECK-NEXT: },
// CHECK-NEXT: "insertedContent": {
// CHECK-NEXT: "text": "33"
// CHECK: "partialFingerprints": {
// CHECK-NEXT: "smemLintFinding/v2": "{{[0-9a-f]+}}:1"
// What the finding was found under, from its fields: the read of line 13 is
// the file's second shared access (s0 is the store of line 11).
// CHECK: "properties": {
// CHECK-NEXT: "origin": "check",
// CHECK-NEXT: "kernel": "column",
// CHECK-NEXT: "block": {
// CHECK-NEXT: "x": 32,
// CHECK-NEXT: "y": 32,
// CHECK-NEXT: "z": 1
// CHECK-NEXT: },
// CHECK-NEXT: "arch": "sm_90",
// CHECK-NEXT: "accesses": [
// CHECK-NEXT: "s1"
// CHECK-NEXT: ],
// CHECK-NEXT: "assumptions": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "block-shape",
// CHECK-NEXT: "subject": "block",
// CHECK-NEXT: "value": "32x32",
// CHECK-NEXT: "source": "launch",
