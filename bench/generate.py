"""Generated inputs for bench/run.py: CUDA sources whose size is set by a few
numbers (kernels per file, threads per block, loop trip counts, shared
accesses), so that the benchmark measures how smem-lint grows with them."""

HEADERS_FILE = r"""// Real CUDA headers: the runtime, cooperative groups and CUB.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cub/cub.cuh>

namespace cg = cooperative_groups;

__global__ void blockSum(const float *in, float *out) {
  using BlockReduce = cub::BlockReduce<float, 256>;
  __shared__ typename BlockReduce::TempStorage temp;
  __shared__ float tile[256];
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * 256 + threadIdx.x;
  tile[threadIdx.x] = in[i];
  block.sync();
  float v = tile[(threadIdx.x * 2) % 256];
  float sum = BlockReduce(temp).Sum(v);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sum;
}

int main() {
  blockSum<<<64, 256>>>(nullptr, nullptr);
  return 0;
}
"""


def access_index(k, tx="tx", i="i", j="j", mask=4095):
    """The k-th of a family of shared indices with varied lane strides (1, 2,
    3, ... words), so that the bank model sees different patterns."""
    stride = k % 8 + 1
    return "(%s * %d + %s * %d + %s + %d) & %d" % (tx, stride, i, k + 1, j,
                                                  k * 5, mask)


def kernel_source(name, threads, outer, inner, accesses, stores=0):
    """One kernel: `accesses` shared loads (and `stores` stores to a second
    array, one word per thread) inside nested loops of outer x inner
    iterations (no outer loop when outer is 0)."""
    body = []
    for k in range(accesses):
        body.append("      acc += s[%s];" % access_index(k))
    for k in range(stores):
        body.append("      t[tx + %d * %d] = acc;" % (k, threads))
    lines = [
        "// smem-lint: block_dim(%d)" % threads,
        "__global__ void %s(float *out) {" % name,
        "  __shared__ float s[4096];",
        "  __shared__ float t[%d];" % max(1, stores * threads),
        "  int tx = threadIdx.x;",
        "  s[tx] = tx;",
        "  __syncthreads();",
        "  float acc = 0;",
    ]
    if outer:
        lines.append("  for (int i = 0; i < %d; ++i) {" % outer)
    else:
        lines.append("  {")
        lines.append("    const int i = 0;")
    lines.append("    for (int j = 0; j < %d; ++j) {" % inner)
    lines.extend(body)
    lines.append("    }")
    lines.append("  }")
    lines.append("  out[blockIdx.x * %d + tx] = acc;" % threads)
    lines.append("}")
    return "\n".join(lines) + "\n"


def big_kernel_file():
    """The issue's stress kernel: 1024-thread blocks, nested loops of 256 x
    256 iterations and 50 shared accesses (45 loads, 5 stores)."""
    return ("// 1024 threads x 65,536 iterations x 50 shared accesses.\n" +
            kernel_source("bigKernel", 1024, 256, 256, 45, stores=5) +
            "\nint main() { bigKernel<<<1, 1024>>>(nullptr); }\n")


def many_kernels_file(count=500):
    """`count` small kernels, each a tile transpose with a different row
    length, launched with a constant 32x8 block."""
    parts = ["// %d generated kernels.\n" % count]
    launches = []
    for k in range(count):
        width = 32 + (k % 4)
        parts.append(
            "__global__ void transpose%d(float *odata, const float *idata,\n"
            "                            int width) {\n"
            "  __shared__ float tile[32][%d];\n"
            "  int x = blockIdx.x * 32 + threadIdx.x;\n"
            "  int y = blockIdx.y * 32 + threadIdx.y;\n"
            "  for (int j = 0; j < 32; j += 8)\n"
            "    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];\n"
            "  __syncthreads();\n"
            "  x = blockIdx.y * 32 + threadIdx.x;\n"
            "  y = blockIdx.x * 32 + threadIdx.y;\n"
            "  for (int j = 0; j < 32; j += 8)\n"
            "    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];\n"
            "}\n\n" % (k, width))
        launches.append("  transpose%d<<<dim3(32, 32), dim3(32, 8)>>>"
                        "(nullptr, nullptr, 1024);" % k)
    parts.append("int main() {\n" + "\n".join(launches) + "\n}\n")
    return "".join(parts)


def sweep_file(configs):
    """One file with a kernel per (name, threads, outer, inner, accesses[,
    stores])."""
    return "\n".join(kernel_source(*config) for config in configs)


def thread_sweep():
    return [("threads%d" % t, t, 0, 64, 8) for t in (32, 64, 128, 256, 512, 1024)]


def trip_sweep():
    configs = []
    for trips in (16, 64, 256, 1024, 4096, 16384, 65536):
        inner = min(trips, 256)
        outer = trips // inner if trips > 256 else 0
        configs.append(("trips%d" % trips, 256, outer, inner, 8))
    return configs


def access_sweep():
    return [("accesses%d" % a, 256, 0, 64, a) for a in (1, 2, 4, 8, 16, 32, 64)]


# The 1024-thread kernel of the issue, with its trip count scaled, to show the
# cost of enumerating it against the sampled evaluation.
def big_trip_sweep():
    configs = []
    for trips in (256, 1024, 4096, 16384, 65536):
        inner = 256
        outer = trips // inner if trips > 256 else 0
        configs.append(("big%d" % trips, 1024, outer, inner, 45, 5))
    return configs
