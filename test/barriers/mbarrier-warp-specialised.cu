// A warp-specialised pipeline: warp 0 produces (thread 0 waits for a free
// stage, announces the bytes and issues the bulk copy), warps 1-3 consume
// (wait for a full stage, read it, arrive on its empty mbarrier). The
// evaluation runs one branch after the other, so the consumers' arrivals
// in it are not paced by the producer's copies as on the GPU: from the
// first wait it cannot decide on, no wait is decided (each says so), and
// nothing is reported from arrivals that may come from the future. A
// correct protocol gets no warning.
//
// RUN: %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning:

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ void init(unsigned long long *b, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(b)), "r"(count));
}
__device__ void arrive(unsigned long long *b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(b)) : "memory");
}
__device__ void expect(unsigned long long *b, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(b)), "r"(bytes) : "memory");
}
__device__ void wait(unsigned long long *b, unsigned parity) {
  asm volatile("{\n .reg .pred p;\n W_%=:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n @!p bra W_%=;\n}" ::"r"(smem(b)), "r"(parity) : "memory");
  // CHECK: mbarrier-warp-specialised.cu:[[@LINE-1]]:3: note: synchronisation not followed: inline PTX 'mbarrier.try_wait.parity.shared::cta.b64' waits on an mbarrier phase the analysis could not decide
}
__device__ void load(void *dst, const void *src, unsigned bytes, unsigned long long *b) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               ::"r"(smem(dst)), "l"(src), "r"(bytes), "r"(smem(b)) : "memory");
}

__global__ void pipeline(const float *in, float *out, int tiles) {
  __shared__ alignas(128) float s[2][96];
  __shared__ unsigned long long full[2], empty[2];
  if (threadIdx.x == 0)
    for (int i = 0; i < 2; ++i) {
      init(&full[i], 1);
      init(&empty[i], 96);
    }
  __syncthreads();
  if (threadIdx.x < 32) {
    if (threadIdx.x == 0)
      for (int k = 0; k < 8; ++k) {
        wait(&empty[k % 2], ((k / 2) & 1) ^ 1);
        expect(&full[k % 2], 384);
        load(s[k % 2], in + k * 96, 384, &full[k % 2]);
      }
  } else {
    float acc = 0;
    for (int k = 0; k < 8; ++k) {
      wait(&full[k % 2], (k / 2) & 1);
      acc += s[k % 2][threadIdx.x - 32];
      arrive(&empty[k % 2]);
    }
    out[threadIdx.x] = acc;
  }
}

int main() {
  float *in, *out;
  pipeline<<<1, 128>>>(in, out, 8);
}
// CHECK: smem-lint: 0 warnings and 0 errors, 1 note (1 access not analysed) in 1 file
