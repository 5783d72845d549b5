// Inline PTX that touches shared memory (case m03): mbarrier.init, arrive
// and try_wait synchronise through it, and a bulk copy completes through
// its mbarrier. (Its ld.shared is evaluated: test/bank-conflict/inline-ptx.cu;
// its cp.async and cp.async.bulk: test/bank-conflict/cp-async.cu,
// test/barriers/async-copy-wait.cu.) The mbarriers of the block are
// followed (test/barriers/mbarrier-protocol.cu): k_bulk's wait sees the phase
// the copy completes, so the read after it is analysed and races with
// nothing. An address in another block's shared memory (mapa) and an
// arrival on another block's mbarrier (shared::cluster) are not followed:
// each gets its own note at its asm statement, counted in the summary line,
// in every output format.
//
// RUN: not %smem-lint %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not="is incomplete"
// RUN: not %smem-lint --format=json %s | FileCheck --check-prefix=JSON %s
// RUN: not %smem-lint --format=sarif %s | FileCheck --check-prefix=SARIF %s

__global__ void k_bulk(const float *in, float *out) {
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
  asm volatile("{\n .reg .pred p;\n WAIT:\n mbarrier.try_wait.parity.shared::cta.b64 "
               "p, [%0], 0;\n @!p bra WAIT;\n}" ::"r"(ba));
  // The C++ read is analysed: lane l reads word 32*l % 1024, all in bank 0.
  out[threadIdx.x] = s[threadIdx.x * 32 % 1024];
  // CHECK: inline-ptx-not-analysed.cu:[[@LINE-1]]:22: warning: 32-way bank conflict: read of 's' takes 32 wavefronts per warp instead of 1 (block 128x1, sm_90) [smem-bank-conflict]
  // CHECK: note: lanes 0-31 of warp 0 need 32 different words from bank 0
  // CHECK: note: in Nsight Compute's terms, a 32-way conflict: 31 excessive wavefronts of 32 (96.9%) in each of the block's 4 warp instructions; per block, 124 excessive wavefronts of 128 (96.9%); per launch (1 block), 124 excessive wavefronts of 128 (96.9%)
  // CHECK: note: analysed with block 128x1 from this launch
  // CHECK: note: 's' is copied by the TMA engine (line 31) as contiguous bytes, which a change of its layout would not move; make consecutive lanes touch consecutive words
}

// Thread 0 arrives on the mbarrier of the cluster's next block, at the
// address mapa gives.
__global__ void k_remote(float *out) {
  __shared__ alignas(8) unsigned long long mbar;
  unsigned ba = static_cast<unsigned>(__cvta_generic_to_shared(&mbar));
  if (threadIdx.x == 0) {
    unsigned remote;
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(remote) : "r"(ba));
    // CHECK: inline-ptx-not-analysed.cu:[[@LINE-1]]:5: note: access not analysed: inline PTX 'mapa.shared::cluster.u32' maps shared memory into the shared memory of a block of the cluster (distributed shared memory); the accesses through it are not analysed: neither their cost nor the races between the blocks (block 128x1, sm_90) [smem-lint-incomplete]
    asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(remote));
    // CHECK: inline-ptx-not-analysed.cu:[[@LINE-1]]:5: note: access not analysed: inline PTX 'mbarrier.arrive.release.cluster.shared::cluster.b64' updates an mbarrier the analysis does not follow (an mbarrier of the cluster, which may be another block's), so the phases it completes are not known (block 128x1, sm_90) [smem-lint-incomplete]
    // JSON: "line": [[@LINE-2]],
    // JSON-NEXT: "message": "access not analysed: inline PTX 'mbarrier.arrive.release.cluster.shared::cluster.b64' updates an mbarrier the analysis does not follow
    // SARIF: "ruleId": "smem-lint-incomplete"
    // SARIF: "text": "access not analysed: inline PTX 'mbarrier.arrive.release.cluster.shared::cluster.b64' updates an mbarrier the analysis does not follow
    // SARIF: "startLine": [[@LINE-6]]
  }
  out[threadIdx.x] = 1;
}

// A TMA copy multicast to the blocks of the cluster its mask names (CuTe's
// SM90_TMA_LOAD_MULTICAST): it writes and signals other blocks too.
__global__ void k_multicast(const void *map, float *out) {
  __shared__ alignas(1024) float tile[256];
  __shared__ alignas(8) unsigned long long mbar;
  unsigned ta = static_cast<unsigned>(__cvta_generic_to_shared(tile));
  unsigned ba = static_cast<unsigned>(__cvta_generic_to_shared(&mbar));
  if (threadIdx.x == 0)
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
                 "complete_tx::bytes.multicast::cluster [%0], [%1, {%3, %4}], "
                 "[%2], %5;"
                 ::"r"(ta), "l"(map), "r"(ba), "r"(0), "r"(0), "h"((unsigned short)3)
                 : "memory");
    // CHECK: inline-ptx-not-analysed.cu:[[@LINE-5]]:5: note: access not analysed: inline PTX 'cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster' writes shared memory; the analysis does not evaluate it (a multicast copy, which writes the shared memory and signals the mbarriers of every block of the cluster its mask names, is not followed)
  // An im2col copy (convolutions): another form the note names.
  if (threadIdx.x == 32)
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col."
                 "mbarrier::complete_tx::bytes [%0], [%1, {%3, %4, %5}], "
                 "[%2], {%6};"
                 ::"r"(ta), "l"(map), "r"(ba), "r"(0), "r"(0), "r"(0), "h"((unsigned short)0)
                 : "memory");
    // CHECK: inline-ptx-not-analysed.cu:[[@LINE-5]]:5: note: access not analysed: inline PTX 'cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes' writes shared memory; the analysis does not evaluate it (its .im2col form is not followed)
  out[threadIdx.x] = 1;
}

int main() {
  float *i, *o;
  k_bulk<<<1, 128>>>(i, o);
  k_remote<<<2, 128>>>(o);
  k_multicast<<<2, 128>>>(i, o);
}
// CHECK: smem-lint: 1 warning and 0 errors, 4 notes (4 accesses not analysed) in 1 file
