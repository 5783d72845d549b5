// smem-async-copy-wait for a bulk copy (cp.async.bulk, the TMA engine): its
// bytes land when the mbarrier it signals completes its phase. A read before
// any wait on it is reported; after the wait (synchronisation the analysis
// does not follow, which it takes to complete every copy) nothing is.
//
// RUN: not %smem-lint --checks='-*,smem-async-copy-wait,smem-missing-barrier' %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#define WAIT_PARITY_0(bar)                                                     \
  asm volatile("{\n .reg .pred p;\n WAIT:\n "                                  \
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n @!p "   \
               "bra WAIT;\n}" ::"r"(bar))

template <bool WaitFirst>
__global__ void tmaCopy(const float *in, float *out) {
  __shared__ alignas(128) float s[1024];
  __shared__ alignas(8) unsigned long long mbar;
  unsigned sa = static_cast<unsigned>(__cvta_generic_to_shared(s));
  unsigned ba = static_cast<unsigned>(__cvta_generic_to_shared(&mbar));
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(ba));
    asm volatile("fence.proxy.async.shared::cta;" ::);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile(
        "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], 4096;" ::"r"(ba));
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::"
                 "bytes [%0], [%1], 4096, [%2];" ::"r"(sa),
                 "l"(in), "r"(ba)
                 : "memory");
  }
  if (WaitFirst)
    WAIT_PARITY_0(ba);
  out[threadIdx.x] = s[threadIdx.x];
  // CHECK: async-copy-wait-bulk.cu:[[@LINE-1]]:22: warning: missing wait: thread 0 reads s[0], which its own cp.async.bulk at line [[@LINE-7]] may not have written yet; a bulk copy completes when a wait on its mbarrier sees the phase the copy completes, and none came before this access (in 'tmaCopy<false>', block 128x1, sm_90) [smem-async-copy-wait]
  // CHECK: async-copy-wait-bulk.cu:[[@LINE-8]]:{{[0-9]+}}: note: thread 0 issues the cp.async.bulk that writes s[0] here
  // CHECK: async-copy-wait-bulk.cu:[[@LINE-3]]:22: note: wait on the copy's mbarrier before this access (mbarrier.try_wait.parity for the phase the copy completes, cuda::barrier::wait())
  if (!WaitFirst)
    WAIT_PARITY_0(ba);
}

int main() {
  tmaCopy<true><<<1, 128>>>(0, 0);
  tmaCopy<false><<<1, 128>>>(0, 0);
}
// CHECK: smem-lint: 1 warning and 0 errors
