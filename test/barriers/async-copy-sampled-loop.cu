// A three-stage cp.async pipeline (Marlin's shape: a prologue loop fetches
// two stages, each iteration fetches one more, waits for all but the newest
// two groups and reads the oldest). Exact, it has no missing wait. When a
// loop is cut short (here by --max-loop-iterations=1; in Marlin by the step
// budget), the iterations skipped committed groups that the evaluation did
// not count, and the next wait_group then left the first stage's copies in
// flight: "missing wait: thread 0 reads stage[0][1] before the cp.async at
// line 21 that writes it has landed", where racecheck, following cp.async,
// finds Marlin's reads ordered (H100, 2026-12-06). A cut loop that commits
// or waits for groups now completes the copies issued before it.
#define COPY16(dst, src)                                                       \
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(           \
                   (unsigned)__cvta_generic_to_shared(dst)),                   \
               "l"(src))
#define COMMIT() asm volatile("cp.async.commit_group;\n" ::)
#define WAIT_PRIOR(n) asm volatile("cp.async.wait_group %0;\n" ::"n"(n))

__global__ void pipelinedSum(const float4 *in, float *out, int tiles) {
  __shared__ float4 stage[3][128];
  for (int s = 0; s < 2; ++s) {
    COPY16(&stage[s][threadIdx.x], &in[s * 128 + threadIdx.x]);
    COMMIT();
  }
  float sum = 0;
  for (int t = 0; t < tiles; ++t) {
    COPY16(&stage[(t + 2) % 3][threadIdx.x], &in[(t + 2) * 128 + threadIdx.x]);
    COMMIT();
    WAIT_PRIOR(2);
    __syncthreads();
    float4 v = stage[t % 3][(threadIdx.x + 1) % 128];
    sum += v.x + v.y + v.z + v.w;
    __syncthreads();
  }
  out[threadIdx.x] = sum;
}

void launch(const float4 *in, float *out) { pipelinedSum<<<1, 128>>>(in, out, 8); }

// RUN: %smem-lint %s 2>&1 | FileCheck %s --check-prefix=EXACT --implicit-check-not=warning:
// EXACT: smem-lint: 0 warnings and 0 errors in 1 file
// RUN: %smem-lint --max-loop-iterations=1 %s 2>&1 | FileCheck %s --check-prefix=CUT --implicit-check-not=warning:
// CUT: smem-lint: 0 warnings and 0 errors in 1 file {{.*}}3 shared accesses of 1 kernel sampled
