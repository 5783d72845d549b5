// --verify-prepare links each finding to the launches of the kernel it was
// found in, from the finding's own kernel field: here a divergent barrier in
// a device function defined above every kernel, so no kernel is "the last
// one declared before it" (what the plan guessed before findings carried
// their kernel; the finding then had no launch and synccheck did not run).
// RUN: rm -rf %t && %smem-lint-verify --no-cuda-toolkit --verify-prepare=%t %s 2>/dev/null | FileCheck %s
// CHECK: smem-lint: prepared {{.*}}: 2 launches (2 verifiable) of 1 source variant
// RUN: FileCheck --check-prefix=PLAN %s < %t/plan.json

__device__ void stage(float *s, float *out) {
  if (threadIdx.x < 128)
    __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void early(float *out) { out[threadIdx.x] = 1.0f; }
__global__ void late(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = out[threadIdx.x];
  stage(s, out);
}
void launch(float *o) {
  early<<<1, 256>>>(o);
  late<<<1, 256>>>(o);
}

// The finding (line 12) belongs to 'late', launched second (L1), which runs
// under synccheck; 'early' (L0) does not.
// PLAN: "findings": [
// PLAN-NEXT: {
// PLAN-NEXT: "check": "smem-divergent-barrier",
// PLAN: "launches": [
// PLAN-NEXT: "L1"
// PLAN-NEXT: ],
// PLAN-NEXT: "line": 12,
// PLAN: "launches": [
// PLAN: "id": "L0",
// PLAN: "kernel": "early",
// PLAN: "synccheck": false,
// PLAN: "id": "L1",
// PLAN: "kernel": "late",
// PLAN: "synccheck": true,
