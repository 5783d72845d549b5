//===--- Harness.cpp - Generated host programs and measure.sh -------------===//

#include "runtime_verify/Harness.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace smemlint {
namespace verify {
namespace {

/// A C string literal holding \p Text.
std::string cString(StringRef Text) {
  std::string Out = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

/// One line of a comment: no newline can end it early.
std::string commentText(StringRef Text) {
  std::string Out = Text.str();
  std::replace(Out.begin(), Out.end(), '\n', ' ');
  return Out;
}

/// A bash word holding \p Text.
std::string shellWord(StringRef Text) {
  std::string Out = "'";
  for (char C : Text) {
    if (C == '\'')
      Out += "'\\''";
    else
      Out += C;
  }
  return Out + "'";
}

std::string dimText(const std::array<unsigned, 3> &D) {
  return std::to_string(D[0]) + ", " + std::to_string(D[1]) + ", " +
         std::to_string(D[2]);
}

void writeLaunch(raw_ostream &OS, const PlannedLaunch &L) {
  std::vector<std::string> Types;
  for (const PlannedArgument &A : L.Arguments)
    Types.push_back(A.Type);
  unsigned Threads = L.Block[0] * L.Block[1] * L.Block[2];
  OS << "// " << L.Id << ": " << commentText(L.Kernel) << ", block "
     << L.Block[0] << "x" << L.Block[1] << "x" << L.Block[2] << ", grid "
     << L.Grid[0] << "x" << L.Grid[1] << "x" << L.Grid[2] << " ("
     << L.GridSource << ")\n";
  OS << "static int launch" << L.Id << "(bool OneBlock) {\n";
  OS << "  Buffers B;\n";
  OS << "  void (*Function)(" << join(Types, ", ") << ") = " << L.Kernel
     << ";\n";
  for (size_t I = 0; I < L.Arguments.size(); ++I) {
    const PlannedArgument &A = L.Arguments[I];
    if (A.IsPointer) {
      std::string Pattern = A.Fill == "ones"     ? "FillOnes"
                            : A.Fill == "iota"   ? "FillIota"
                            : A.Fill == "random" ? "FillRandom"
                            : A.Fill == "file"   ? "FillFile"
                                                 : "FillZero";
      OS << "  " << A.Type << " Arg" << I << " = (" << A.Type << ")filled<"
         << (A.ElementType.empty() ? "unsigned char" : A.ElementType) << ">(B, "
         << A.BufferBytes << "ull, " << cString(L.Id) << ", " << cString(A.Name)
         << ", " << Pattern << ", "
         << (A.FillFile.empty() ? "nullptr" : cString(A.FillFile)) << ");\n";
      OS << "  if (!Arg" << I << ")\n    return 1;\n";
    } else if (A.isTensorMap()) {
      auto List = [](const std::vector<uint32_t> &Values) {
        std::string Text;
        for (uint32_t V : Values)
          Text += (Text.empty() ? "" : ", ") + std::to_string(V) + "u";
        return Text;
      };
      OS << "  const cuuint32_t Box" << I << "[] = {" << List(A.MapBox)
         << "};\n";
      OS << "  const cuuint32_t Steps" << I << "[] = {"
         << List(A.MapElementStrides) << "};\n";
      OS << "  CUtensorMap Arg" << I << ";\n";
      OS << "  if (!encodedTensorMap(B, &Arg" << I << ", " << cString(L.Id)
         << ", " << cString(A.Name) << ", " << A.MapBox.size() << ", "
         << A.MapElementBytes << ", Box" << I << ", Steps" << I << ", "
         << A.MapSwizzleBytes << "))\n    return 1;\n";
    } else {
      OS << "  " << A.Type << " Arg" << I << " = (" << A.Value << "); // "
         << commentText(A.Name) << " (" << A.ValueSource << ")\n";
    }
  }
  // --one-block (racecheck's launch) runs the smallest grid the kernel
  // can run in: one block, or one cluster of a kernel launched in clusters.
  OS << "  dim3 Grid = OneBlock ? dim3("
     << dimText(L.Cluster ? *L.Cluster : std::array<unsigned, 3>{1, 1, 1})
     << ") : dim3(" << dimText(L.Grid) << ");\n";
  OS << "  dim3 Block(" << dimText(L.Block) << ");\n";
  OS << "  size_t Dynamic = " << L.DynamicSharedBytes << ";\n";
  if (L.DynamicSharedBytes > 48 * 1024)
    OS << "  cudaFuncSetAttribute((const void *)Function, "
          "cudaFuncAttributeMaxDynamicSharedMemorySize, (int)Dynamic);\n";
  // As the program does: without it a cluster of more than 8 blocks does
  // not launch (smem-capacity says so where the program leaves it out).
  if (L.NonPortableCluster)
    OS << "  cudaFuncSetAttribute((const void *)Function, "
          "cudaFuncAttributeNonPortableClusterSizeAllowed, 1);\n";
  OS << "  describe(" << cString(L.Id) << ", (const void *)Function, "
     << Threads << ", Dynamic);\n";
  if (L.Cluster && L.ClusterByAttribute) {
    // The user's program sets the cluster shape at the launch
    // (cudaLaunchKernelEx with a cluster-dimension attribute); a kernel with
    // __cluster_dims__ takes it from the kernel, and <<<>>> launches it in
    // clusters.
    OS << "  cudaLaunchAttribute Cluster[1];\n";
    OS << "  Cluster[0].id = cudaLaunchAttributeClusterDimension;\n";
    OS << "  Cluster[0].val.clusterDim.x = " << (*L.Cluster)[0] << ";\n";
    OS << "  Cluster[0].val.clusterDim.y = " << (*L.Cluster)[1] << ";\n";
    OS << "  Cluster[0].val.clusterDim.z = " << (*L.Cluster)[2] << ";\n";
    OS << "  cudaLaunchConfig_t Config = {};\n";
    OS << "  Config.gridDim = Grid;\n  Config.blockDim = Block;\n";
    OS << "  Config.dynamicSmemBytes = Dynamic;\n";
    OS << "  Config.attrs = Cluster;\n  Config.numAttrs = 1;\n";
    OS << "  cudaLaunchKernelEx(&Config, Function";
    for (size_t I = 0; I < L.Arguments.size(); ++I)
      OS << ", Arg" << I;
    OS << ");\n";
  } else {
    OS << "  " << L.Kernel << "<<<Grid, Block, Dynamic>>>(";
    for (size_t I = 0; I < L.Arguments.size(); ++I)
      OS << (I ? ", " : "") << "Arg" << I;
    OS << ");\n";
  }
  OS << "  return finish(" << cString(L.Id) << ");\n";
  OS << "}\n\n";
}

// A kernel's CUtensorMap argument: a map of the program's layout (its box,
// element strides and swizzle, as the analysis read its
// cuTensorMapEncodeTiled call) over a buffer of the harness's, four boxes
// along each dimension. The kernel's coordinates may reach past it: the TMA
// engine fills what lies outside with zeros and delivers the whole box, so
// the shared-memory side is the program's either way.
const char *TensorMapHelper = R"(
static bool encodedTensorMap(Buffers &B, CUtensorMap *Map, const char *Launch,
                             const char *Name, unsigned Rank,
                             unsigned ElementBytes, const cuuint32_t *Box,
                             const cuuint32_t *Steps, unsigned SwizzleBytes) {
  cuuint64_t Dims[5], Strides[4];
  unsigned long long Bytes = ElementBytes;
  for (unsigned I = 0; I < Rank; ++I) {
    Dims[I] = 4ull * Box[I];
    if (I > 0)
      Strides[I - 1] = Bytes;
    Bytes *= Dims[I];
  }
  void *Global = filled<unsigned char>(B, Bytes, Launch, Name, FillRandom,
                                       nullptr);
  if (!Global)
    return false;
  CUtensorMapDataType Type = ElementBytes == 1   ? CU_TENSOR_MAP_DATA_TYPE_UINT8
                             : ElementBytes == 2 ? CU_TENSOR_MAP_DATA_TYPE_UINT16
                             : ElementBytes == 8 ? CU_TENSOR_MAP_DATA_TYPE_UINT64
                                                 : CU_TENSOR_MAP_DATA_TYPE_UINT32;
  CUtensorMapSwizzle Swizzle = SwizzleBytes == 32   ? CU_TENSOR_MAP_SWIZZLE_32B
                               : SwizzleBytes == 64 ? CU_TENSOR_MAP_SWIZZLE_64B
                               : SwizzleBytes == 128
                                   ? CU_TENSOR_MAP_SWIZZLE_128B
                                   : CU_TENSOR_MAP_SWIZZLE_NONE;
  CUresult R = cuTensorMapEncodeTiled(
      Map, Type, Rank, Global, Dims, Strides, Box, Steps,
      CU_TENSOR_MAP_INTERLEAVE_NONE, Swizzle, CU_TENSOR_MAP_L2_PROMOTION_NONE,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (R != CUDA_SUCCESS) {
    printf("smem-lint-verify: launch %s status=allocation-error parameter=%s "
           "message=\"cuTensorMapEncodeTiled returned %d\"\n",
           Launch, Name, (int)R);
    return false;
  }
  return true;
}

)";

const char *HarnessHelpers = R"(namespace smem_lint_verify {

// The device buffers of one launch, freed when it returns.
struct Buffers {
  void *Pointers[256] = {};
  int Count = 0;
  ~Buffers() {
    for (int I = 0; I < Count; ++I)
      cudaFree(Pointers[I]);
  }
};

// What a buffer holds (--verify-fill, --param NAME=@FILE).
enum Fill { FillZero, FillOnes, FillIota, FillRandom, FillFile };

// A device buffer of Bytes holding the pattern as elements of T (or the
// file's bytes, then zeros), or null after saying why. The random pattern
// is integers 0 to 15 from one fixed seed: indices stay in range, and every
// run sees the same data.
template <class T>
static void *filled(Buffers &B, unsigned long long Bytes, const char *Launch,
                    const char *Name, Fill Pattern, const char *File) {
  void *P = nullptr;
  const char *Problem = nullptr;
  cudaError_t E = cudaMalloc(&P, Bytes);
  if (E == cudaSuccess)
    E = cudaMemset(P, 0, Bytes);
  if (E == cudaSuccess && Pattern != FillZero) {
    unsigned char *Host = (unsigned char *)calloc(Bytes, 1);
    if (!Host) {
      Problem = "out of host memory";
    } else if (Pattern == FillFile) {
      FILE *In = fopen(File, "rb");
      if (!In)
        Problem = "cannot open the --param file";
      else {
        fread(Host, 1, Bytes, In);
        fclose(In);
      }
    } else {
      T *Elements = (T *)Host;
      unsigned long long State = 0x2545F4914F6CDD1Dull;
      for (unsigned long long I = 0; I < Bytes / sizeof(T); ++I) {
        State ^= State << 13;
        State ^= State >> 7;
        State ^= State << 17;
        Elements[I] = Pattern == FillOnes ? (T)1
                      : Pattern == FillIota ? (T)I
                                            : (T)(State >> 60);
      }
    }
    if (Host && !Problem)
      E = cudaMemcpy(P, Host, Bytes, cudaMemcpyHostToDevice);
    free(Host);
  }
  if (E != cudaSuccess || Problem || B.Count == 256) {
    printf("smem-lint-verify: launch %s status=allocation-error parameter=%s "
           "message=\"%s\"\n",
           Launch, Name, Problem ? Problem : cudaGetErrorString(E));
    if (P)
      cudaFree(P);
    return nullptr;
  }
  B.Pointers[B.Count++] = P;
  return P;
}

// What the runtime says about the kernel: the name the profiler and the
// disassembly use, its registers, and the blocks per SM it can have.
static void describe(const char *Launch, const void *Function, int Threads,
                     size_t Dynamic) {
  const char *Name = "?";
#if CUDART_VERSION >= 12030
  if (cudaFuncGetName(&Name, Function) != cudaSuccess || !Name)
    Name = "?";
#endif
  cudaFuncAttributes A;
  memset(&A, 0, sizeof(A));
  cudaFuncGetAttributes(&A, Function);
  int Blocks = -1;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, Function, Threads,
                                                    Dynamic) != cudaSuccess)
    Blocks = -1;
  cudaGetLastError();
  printf("smem-lint-verify: launch %s function=%s registers=%d "
         "static_shared=%zu dynamic_shared=%zu blocks_per_sm=%d\n",
         Launch, Name, A.numRegs, A.sharedSizeBytes, Dynamic, Blocks);
  // Out before the launch: a kernel that never ends leaves this line.
  fflush(stdout);
}

// Checks the launch and waits for it.
static int finish(const char *Launch) {
  cudaError_t E = cudaGetLastError();
  if (E == cudaSuccess)
    E = cudaDeviceSynchronize();
  if (E == cudaSuccess)
    printf("smem-lint-verify: launch %s status=ok\n", Launch);
  else
    printf("smem-lint-verify: launch %s status=error message=\"%s: %s\"\n",
           Launch, cudaGetErrorName(E), cudaGetErrorString(E));
  fflush(stdout);
  return E == cudaSuccess ? 0 : 1;
}

)";

} // namespace

std::string harnessSource(const VerifyPlan &Plan,
                          const PlannedVariant &Variant) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "// Generated by smem-lint --verify-prepare (docs/runtime-verify.md).\n"
     << "// Launches the kernels of " << commentText(Variant.OriginalFile)
     << "\n";
  if (Variant.Kind == "fix")
    OS << "// with this fix applied: " << commentText(Variant.FixDescription)
       << "\n";
  OS << "// Usage: " << sys::path::filename(Variant.Binary)
     << " [--launch ID]... [--one-block]\n"
     << "//   --launch ID   run only this launch (may repeat; default: all)\n"
     << "//   --one-block   launch a grid of one block, or of one cluster "
        "(for\n"
     << "//                 racecheck)\n\n"
     << "// The file's own main(), if any, is renamed so that this one runs\n"
     << "// (and may then lack a return statement: not worth a warning).\n"
     << "#pragma nv_diag_suppress 940\n"
     << "#pragma GCC diagnostic push\n"
     << "#pragma GCC diagnostic ignored \"-Wreturn-type\"\n"
     << "#define main smem_lint_verify_user_main\n"
     << "#include \"../" << Variant.Source << "\"\n"
     << "#undef main\n"
     << "#pragma GCC diagnostic pop\n"
     << "#pragma nv_diag_default 940\n\n"
     << "#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n"
     << "#include <cuda_runtime.h>\n\n"
     << HarnessHelpers;
  bool EncodesTensorMaps = llvm::any_of(Plan.Launches, [&](const auto &L) {
    return L.Variant == Variant.Id && L.Verifiable && L.encodesTensorMaps();
  });
  if (EncodesTensorMaps)
    OS << TensorMapHelper;
  std::vector<const PlannedLaunch *> Launches;
  for (const PlannedLaunch &L : Plan.Launches)
    if (L.Variant == Variant.Id && L.Verifiable) {
      writeLaunch(OS, L);
      Launches.push_back(&L);
    }
  OS << "} // namespace smem_lint_verify\n\n";
  OS << R"(int main(int argc, char **argv) {
  struct Launch {
    const char *Id;
    int (*Run)(bool);
  };
  static const Launch Launches[] = {
)";
  for (const PlannedLaunch *L : Launches)
    OS << "      {" << cString(L->Id) << ", smem_lint_verify::launch" << L->Id
       << "},\n";
  OS << R"(  };
  bool OneBlock = false;
  const char *Only[256];
  int OnlyCount = 0;
  for (int I = 1; I < argc; ++I) {
    if (!strcmp(argv[I], "--one-block")) {
      OneBlock = true;
    } else if (!strcmp(argv[I], "--launch") && I + 1 < argc && OnlyCount < 256) {
      Only[OnlyCount++] = argv[++I];
    } else {
      fprintf(stderr, "usage: %s [--launch ID]... [--one-block]\n", argv[0]);
      return 2;
    }
  }
  int Failed = 0, Ran = 0;
  for (const Launch &L : Launches) {
    bool Selected = OnlyCount == 0;
    for (int I = 0; I < OnlyCount; ++I)
      Selected |= !strcmp(Only[I], L.Id);
    if (!Selected)
      continue;
    ++Ran;
    Failed += L.Run(OneBlock);
  }
  if (Ran == 0) {
    fprintf(stderr, "no such launch\n");
    return 2;
  }
  return Failed ? 1 : 0;
}
)";
  return Text;
}

namespace {

/// Fresh raw/ and build/ directories, the status file and the time limit;
/// then step NAME ID COMMAND... and limit COMMAND...: each step's status line.
const char *StepFunctions =
    R"XX(
rm -rf raw build
mkdir -p raw build
STATUS=raw/status.txt
: > $STATUS
START=$SECONDS
out_of_time() { [ "$TIME_LIMIT" -gt 0 ] && [ $((SECONDS - START)) -ge "$TIME_LIMIT" ]; }
# step NAME ID COMMAND...: runs COMMAND, appends "NAME ID rc=RC seconds=S" to
# raw/status.txt. The tools in COMMAND run under `limit`: a step that hangs
# (a kernel spinning on data it never gets) is stopped and recorded as
# rc=timeout instead of holding the GPU.
step() {
  local name=$1 id=$2 t0=$SECONDS rc
  shift 2
  if out_of_time; then
    echo "$name $id rc=skipped seconds=0" >> $STATUS
    return 1
  fi
  "$@"
  rc=$?
  case $rc in 124|137) echo "$name $id rc=timeout seconds=$((SECONDS - t0))" >> $STATUS ;;
    *) echo "$name $id rc=$rc seconds=$((SECONDS - t0))" >> $STATUS ;;
  esac
  return $rc
}
limit() { timeout -k 5 "$STEP_TIMEOUT" "$@"; }
# inline_lines BINARY OUTPUT: the shared-memory instructions nvcc placed in
# an inlined function (a library header's line, as libcu++'s memcpy_async
# gets), and its generic loads and stores (LD, ST, ATOM, RED: the source
# page says which ran on shared memory), each after its whole inline chain
# from `nvdisasm -gi` (printed again only when it changes; instructions that
# never run, @!PT, left out). The source page knows only the innermost
# line; compare follows the chain out to the analysed file's line.
INLINE_FILTER='
/^\/\/-+ \.text\./ { fn = $2; sub(/^\.text\./, "", fn); named = 0; chain = ""; inl = 0; fresh = 0; next }
/\/\/## File/ { if (fresh) { chain = ""; inl = 0; fresh = 0 } chain = chain $0 "\n"; if ($0 ~ /inlined at/) inl = 1; next }
/^[ \t]*\/\*[0-9a-f]+\*\// {
  fresh = 1
  if (!inl || $0 ~ /@!PT /) next
  text = $0; sub(/^[ \t]*\/\*/, "", text); off = text; sub(/\*\/.*/, "", off)
  sub(/^[0-9a-f]+\*\/[ \t]*/, "", text); sub(/^@!?U?P[T0-9]+[ \t]+/, "", text)
  op = text; sub(/[ \t;].*/, "", op)
  if (op !~ /^(LDS|STS|LDGSTS|ATOMS|[HIQB]GMMA|(LD|ST|ATOM|RED)(\.|$))/) next
  if (!named) { print "function " fn; named = 1; shown = "" }
  if (chain != shown) { printf "%s", chain; shown = chain }
  print "/*" off "*/ " op
}'
inline_lines() {
  local bin dir rc=0
  bin=$(realpath "$1") || return 1
  dir=$(mktemp -d) || return 1
  (cd "$dir" && limit cuobjdump -xelf all "$bin") > "$2" 2>&1 ||
    { rc=$?; rm -rf "$dir"; return $rc; }
  : > "$2"
  set -- "$dir"/*.$ARCH.cubin "$2"
  [ -f "$1" ] || set -- "$dir"/*.cubin "${@: -1}"
  while [ $# -gt 1 ]; do
    if [ -f "$1" ]; then
      limit nvdisasm -gi -c "$1" | awk "$INLINE_FILTER" >> "${@: -1}" || rc=$?
    else
      rc=1
    fi
    shift
  done
  rm -rf "$dir"
  return $rc
}
)XX";

/// The shared-memory and global counters Nsight Compute records, where
/// `ncu --query-metrics` lists them.
const char *MetricsScript =
    R"XX(# Hardware counters (the truth for every access width), their instrumented
# twins, the SourceCounters section (per instruction, by source line), and
# launch statistics with occupancy. One launch per profile, one at a time.
limit ncu --query-metrics > raw/ncu-query-metrics.txt 2>&1
METRICS=
for m in l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st \
         l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom \
         smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_shared_st \
         smsp__sass_inst_executed_op_shared_atom \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st \
         smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom \
         l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st \
         smsp__sass_inst_executed_op_ldgsts smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts \
         l1tex__t_sectors_pipe_lsu_mem_global_op_ld l1tex__t_sectors_pipe_lsu_mem_global_op_st \
         l1tex__t_requests_pipe_lsu_mem_global_op_ld l1tex__t_requests_pipe_lsu_mem_global_op_st \
         l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma smsp__sass_inst_executed_op_shared_gmma; do
  if grep -q "^$m[[:space:]]" raw/ncu-query-metrics.txt; then METRICS=$METRICS${METRICS:+,}$m.sum; fi
done
[ -n "$METRICS" ] || METRICS=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
echo "metrics: $METRICS" >> raw/environment.txt
)XX";

/// "transpose" for "ns::transpose<32>": the name Nsight Compute's
/// "function" kernel-name base matches.
std::string baseName(StringRef Kernel) {
  size_t Template = Kernel.find('<');
  if (Template != StringRef::npos)
    Kernel = Kernel.take_front(Template);
  size_t Scope = Kernel.rfind("::");
  if (Scope != StringRef::npos)
    Kernel = Kernel.drop_front(Scope + 2);
  return Kernel.str();
}

/// The script's part that is the same in both modes: options, tools,
/// raw/, step() and limit(), the environment and the metrics.
const char *CommonScript = R"XX(
BUILD_ONLY=0
JOBS=8
TIME_LIMIT=0
STEP_TIMEOUT=60
while [ $# -gt 0 ]; do
  case $1 in
    --build-only) BUILD_ONLY=1 ;;
    --jobs) JOBS=${2:?}; shift ;;
    --time-limit) TIME_LIMIT=${2:?}; shift ;;
    --step-timeout) STEP_TIMEOUT=${2:?}; shift ;;
    *) echo "measure.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
case $STEP_TIMEOUT in
  ''|*[!0-9]*|0) echo "measure.sh: --step-timeout expects a positive number of seconds" >&2; exit 2 ;;
esac
for d in "${CUDA_PATH:-}" /usr/local/cuda; do
  if [ -n "$d" ] && [ -d "$d/bin" ]; then PATH=$PATH:$d/bin; fi
done
need() {
  if ! command -v "$1" > /dev/null 2>&1; then
    echo "measure.sh: error: '$1' not found (PATH, \$CUDA_PATH/bin, /usr/local/cuda/bin); $2" >&2
    exit 3
  fi
}
)XX";

/// measure.sh for --run: the user's command, plainly, under racecheck (and
/// synccheck), and under Nsight Compute for the analysed kernels only.
std::string programScript(const VerifyPlan &Plan) {
  const PlannedProgram &Program = *Plan.Program;
  std::vector<std::string> Names;
  for (const PlannedKernel &K : Program.Kernels) {
    std::string Base = baseName(K.Name);
    if (!is_contained(Names, Base))
      Names.push_back(Base);
  }
  std::string Text;
  raw_string_ostream OS(Text);
  OS << R"XX(#!/usr/bin/env bash
# measure.sh -- generated by smem-lint --verify-prepare --run (docs/runtime-verify.md).
# Runs the user's program (the command below, from the directory measure.sh is
# started in) plainly, under compute-sanitizer racecheck, and under Nsight
# Compute for the analysed kernels only (at most LAUNCH_COUNT launches, each
# with SourceCounters, launch statistics and the shared-memory counters).
# Writes the raw outputs to raw/; `smem-lint --verify-compare=DIR` reads them,
# re-analyses each launch with its block, grid and dynamic shared bytes, and
# judges every prediction. The program must be built with -lineinfo.
#
# Usage: bash measure.sh [--time-limit SECONDS] [--step-timeout SECONDS]
#   --time-limit S     skip the steps that would start after S seconds
#   --step-timeout S   stop any one step after S seconds (default 60); it is
#                      recorded as rc=timeout, and its predictions are not
#                      measurable
# Needs ncu and compute-sanitizer on PATH or in $CUDA_PATH/bin or
# /usr/local/cuda/bin. Exit status: 0 when every step ran (each step's own
# status is in raw/status.txt), 2 on a usage error, 3 when a tool is missing.
set -u
CALLER=$PWD
cd "$(dirname "$0")" || exit 2
HERE=$PWD
)XX";
  OS << "ARCH=" << Plan.Arch << "\n";
  OS << "PROGRAM=" << shellWord(Program.Command) << "\n";
  OS << "KERNEL_REGEX=" << shellWord("(^|::)(" + join(Names, "|") + ")$")
     << "\n";
  // compute-sanitizer matches mangled names, where an identifier is
  // preceded by its length: "_Z12histogram256PjPKhi". An extern "C" kernel's
  // symbol is its bare name, which that pattern misses: racecheck then
  // checked nothing, and its empty log read as "no hazard".
  std::vector<std::string> Mangled;
  for (const std::string &Name : Names)
    Mangled.push_back(std::to_string(Name.size()) + Name);
  for (const PlannedKernel &K : Program.Kernels)
    if (!K.Mangled.empty() && !StringRef(K.Mangled).starts_with("_Z")) {
      std::string Bare = "^" + K.Mangled + "$";
      if (!is_contained(Mangled, Bare))
        Mangled.push_back(Bare);
    }
  OS << "SANITIZER_REGEX=" << shellWord("(" + join(Mangled, "|") + ")") << "\n";
  OS << "LAUNCH_COUNT=" << Program.LaunchCount << "\n";
  OS << "SYNCCHECK=" << (Program.Synccheck ? 1 : 0) << "\n";
  OS << CommonScript;
  OS << R"XX(need ncu "wavefronts and occupancy cannot be measured"
need compute-sanitizer "races cannot be checked"
[ $BUILD_ONLY = 1 ] && exit 0

)XX";
  OS << StepFunctions;
  OS << R"XX(
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "arch: $ARCH"
  echo "step-timeout: $STEP_TIMEOUT"
  echo "program: $PROGRAM"
  nvidia-smi --query-gpu=name,driver_version,compute_cap,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1 | sed 's/^/gpu: /'
  ncu --version 2>&1 | tail -n 1 | sed 's/^/ncu: /'
  compute-sanitizer --version 2>&1 | grep -i version | tail -n 1 | sed 's/^/compute-sanitizer: /'
} > raw/environment.txt

# The command runs where measure.sh was started, as the user would run it.
in_caller() { (cd "$CALLER" && "$@"); }
# The plain run records every launch's configuration and argument bytes
# (raw/program.launches.txt) through the launch recorder, a CUPTI library
# the driver loads (CUDA_INJECTION64_PATH): smem-lint re-analyses each
# profiled launch with its scalar arguments. Without CUPTI the run is plain.
# CUPTI is in the toolkit's include/ and lib64/, or in extras/CUPTI.
CUPTI_INCLUDE= CUPTI_LIB=
for d in "${CUDA_PATH:-}" /usr/local/cuda; do
  for sub in "" /extras/CUPTI; do
    if [ -z "$CUPTI_INCLUDE" ] && [ -n "$d" ] && [ -f "$d$sub/include/cupti.h" ] &&
       ls "$d$sub"/lib64/libcupti.so* > /dev/null 2>&1; then
      CUPTI_INCLUDE=$d$sub/include CUPTI_LIB=$d$sub/lib64
    fi
  done
done
build_recorder() {
  if [ -z "$CUPTI_INCLUDE" ]; then
    echo "no CUPTI (cupti.h, libcupti.so) in \$CUDA_PATH or /usr/local/cuda, nor in their extras/CUPTI: the launches' scalar arguments are not recorded" > raw/recorder-build.txt
    return 1
  fi
  limit nvcc -O2 -shared -Xcompiler -fPIC -cudart none -I"$CUPTI_INCLUDE" recorder/launch_recorder.cpp \
    -o build/launch_recorder.so -L"$CUPTI_LIB" -lcupti -lcuda > raw/recorder-build.txt 2>&1
}
step build recorder build_recorder
run_program() {
  if [ -f build/launch_recorder.so ]; then
    (export CUDA_INJECTION64_PATH=$HERE/build/launch_recorder.so \
            SMEM_LINT_LAUNCH_LOG=$HERE/raw/program.launches.txt \
            LD_LIBRARY_PATH=$CUPTI_LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
     in_caller limit bash -c "$PROGRAM") > raw/program.run.txt 2>&1
  else
    in_caller limit bash -c "$PROGRAM" > raw/program.run.txt 2>&1
  fi
}
step run program run_program

# Races and barriers in the launches of the analysed kernels (the hazards
# name their kernel).
SANITIZER=(compute-sanitizer --target-processes all --kernel-name "regex=$SANITIZER_REGEX"
           --launch-count "$LAUNCH_COUNT")
# cp.async's writes are tracked where the tool has the option.
ASYNC_RACES=()
compute-sanitizer --help 2>/dev/null | grep -q -- '--racecheck-memcpy-async' &&
  ASYNC_RACES=(--racecheck-memcpy-async yes)
race_program() {
  in_caller limit "${SANITIZER[@]}" --tool racecheck --racecheck-report all \
    "${ASYNC_RACES[@]}" --print-limit 2000 bash -c "$PROGRAM" \
    > raw/program.racecheck.txt 2>&1
}
step racecheck program race_program
# Past the print limit the hazards left out may hold any pair of lines: the
# analysis report lists every racing pair of instructions once.
race_pairs_program() {
  in_caller limit "${SANITIZER[@]}" --tool racecheck --racecheck-report analysis \
    "${ASYNC_RACES[@]}" --print-limit 2000 bash -c "$PROGRAM" \
    > raw/program.racecheck-pairs.txt 2>&1
}
if sed -n 's/.*RACECHECK SUMMARY: \([0-9]*\) hazards\{0,1\} displayed (\([0-9]*\) errors\{0,1\}, \([0-9]*\) warnings\{0,1\}).*/\1 \2 \3/p' \
     raw/program.racecheck.txt 2>/dev/null | tail -1 | { read -r shown errors warnings &&
     [ $((errors + warnings)) -gt "$shown" ]; }; then
  step racecheck-pairs program race_pairs_program
fi
# The program's binary is the command's first word.
lines_program() {
  local bin
  bin=$(cd "$CALLER" && set -- $PROGRAM && command -v "$1") &&
    [ -n "$bin" ] && (cd "$CALLER" && inline_lines "$bin" "$HERE/raw/program.inline-lines.txt")
}
step lines program lines_program
sync_program() {
  in_caller limit "${SANITIZER[@]}" --tool synccheck bash -c "$PROGRAM" > raw/program.synccheck.txt 2>&1
}
[ "$SYNCCHECK" = 1 ] && step synccheck program sync_program

)XX";
  OS << MetricsScript;
  OS << R"XX(ncu_program() {
  in_caller limit ncu --clock-control none --target-processes all --kernel-name-base function \
    --kernel-name "regex:$KERNEL_REGEX" --launch-count "$LAUNCH_COUNT" \
    --import-source yes --section SourceCounters --section LaunchStats --section Occupancy \
    --metrics "$METRICS" -f -o "$HERE/build/program" bash -c "$PROGRAM" > raw/program.ncu-log.txt 2>&1
}
# One raw page for every launch (mangled names), then each launch's source
# page.
export_program() {
  limit ncu -i build/program.ncu-rep --page raw --csv --print-units base \
    --print-kernel-base mangled > raw/program.ncu-raw.csv 2>&1 || return $?
  local n i
  n=$(grep -c '^"' raw/program.ncu-raw.csv)
  n=$((n > 2 ? n - 2 : 0))
  for ((i = 0; i < n; i++)); do
    limit ncu -i build/program.ncu-rep --page source --csv --print-source cuda,sass \
      --launch-skip $i --launch-count 1 > raw/program.$i.ncu-source-cuda.csv 2>&1
  done
}
step ncu program ncu_program && step export program export_program
echo "done all seconds=$((SECONDS - START))" >> $STATUS
exit 0
)XX";
  return Text;
}

} // namespace

std::string launchRecorderSource() {
  return
#include "LaunchRecorderSource.inc"
      ;
}

std::string measureScript(const VerifyPlan &Plan) {
  if (Plan.Program)
    return programScript(Plan);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << R"XX(#!/usr/bin/env bash
# measure.sh -- generated by smem-lint --verify-prepare (docs/runtime-verify.md).
# Builds the harnesses of this directory with nvcc, records their SASS, and runs
# every launch plainly, under Nsight Compute (hardware shared-memory counters,
# SourceCounters per instruction, launch statistics and occupancy) and under
# compute-sanitizer racecheck (synccheck too where a finding asks for it).
# Writes the raw outputs to raw/; `smem-lint --verify-compare=DIR` reads them.
#
# Usage: bash measure.sh [--build-only] [--jobs N] [--time-limit SECONDS]
#                        [--step-timeout SECONDS]
#   --build-only       build the harnesses and stop (needs nvcc only, no GPU)
#   --jobs N           parallel builds and sanitizer runs (default 8)
#   --time-limit S     skip the steps that would start after S seconds
#   --step-timeout S   stop any one step after S seconds (default 60); it is
#                      recorded as rc=timeout, and its predictions are not
#                      measurable
# Needs, on PATH or in $CUDA_PATH/bin or /usr/local/cuda/bin: nvcc, and unless
# --build-only, ncu, compute-sanitizer and cuobjdump. Exit status: 0 when
# every step ran (each step's own status is in raw/status.txt), 2 on a usage
# error, 3 when a tool is missing, 4 when no harness built.
set -u
cd "$(dirname "$0")" || exit 2
)XX";
  OS << "ARCH=" << Plan.Arch << "\n";
  OS << "NVCC_FLAGS=(";
  for (const std::string &F : Plan.NvccFlags)
    OS << " " << shellWord(F);
  OS << " )\n";
  OS << "VARIANTS=(";
  for (const PlannedVariant &V : Plan.Variants)
    for (const PlannedLaunch &L : Plan.Launches)
      if (L.Variant == V.Id && L.Verifiable) {
        OS << " " << V.Id;
        break;
      }
  OS << " )\n";
  OS << "# launch id, variant, 1 when synccheck runs too\nLAUNCHES=(\n";
  for (const PlannedLaunch &L : Plan.Launches)
    if (L.Verifiable)
      OS << "  \"" << L.Id << " " << L.Variant << " " << (L.Synccheck ? 1 : 0)
         << "\"\n";
  OS << ")\n";
  OS << CommonScript;
  OS << R"XX(need nvcc "the harnesses cannot be built"
if [ $BUILD_ONLY = 0 ]; then
  need ncu "wavefronts and occupancy cannot be measured"
  need compute-sanitizer "races cannot be checked"
  need cuobjdump "the SASS cannot be recorded"
fi

)XX";
  OS << StepFunctions;
  OS << R"XX(throttle() { while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done; }

{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "arch: $ARCH"
  echo "step-timeout: $STEP_TIMEOUT"
  nvidia-smi --query-gpu=name,driver_version,compute_cap,clocks.sm,clocks.max.sm --format=csv,noheader 2>&1 | sed 's/^/gpu: /'
  nvcc --version 2>&1 | tail -n 1 | sed 's/^/nvcc: /'
  [ $BUILD_ONLY = 0 ] && ncu --version 2>&1 | tail -n 1 | sed 's/^/ncu: /'
  [ $BUILD_ONLY = 0 ] && compute-sanitizer --version 2>&1 | grep -i version | tail -n 1 | sed 's/^/compute-sanitizer: /'
} > raw/environment.txt

build_one() {
  limit nvcc -gencode "arch=compute_${ARCH#sm_},code=$ARCH" -lineinfo -O3 ${NVCC_FLAGS[@]+"${NVCC_FLAGS[@]}"} -o build/$1.bin harness/$1.cu > raw/$1.build.txt 2>&1
}
for v in "${VARIANTS[@]}"; do
  throttle
  step build $v build_one $v &
done
wait
BUILT=0
for v in "${VARIANTS[@]}"; do [ -x build/$v.bin ] && BUILT=$((BUILT + 1)); done
if [ $BUILD_ONLY = 1 ]; then
  echo "done build-only seconds=$((SECONDS - START))" >> $STATUS
  [ $BUILT = ${#VARIANTS[@]} ] && exit 0 || exit 4
fi
[ $BUILT = 0 ] && { echo "measure.sh: error: no harness built; see raw/*.build.txt" >&2; exit 4; }

sass_one() { limit cuobjdump -sass build/$1.bin > raw/$1.sass.txt 2>&1; }
lines_one() { inline_lines build/$1.bin raw/$1.inline-lines.txt; }
# Each launch in a process of its own, so that one that fails (a misaligned
# TMA destination is a sticky error) or hangs leaves the others their run.
run_one() {
  local v=$1 entry id variant rest rc=0
  : > raw/$v.run.txt
  for entry in "${LAUNCHES[@]}"; do
    read -r id variant rest <<< "$entry"
    [ "$variant" = "$v" ] || continue
    limit build/$v.bin --launch $id >> raw/$v.run.txt 2>&1
    case $? in
      0) ;;
      124|137) rc=124 ;;
      *) [ $rc = 124 ] || rc=1 ;;
    esac
  done
  return $rc
}
for v in "${VARIANTS[@]}"; do
  [ -x build/$v.bin ] || continue
  throttle
  { step sass $v sass_one $v; step lines $v lines_one $v; step run $v run_one $v; } &
done
wait

# Races within one block (the block the analysis evaluates): a grid of one
# block, so that a racy kernel does not print the same hazards per block; of
# one cluster for a kernel launched in clusters (races between its blocks).
RACECHECK="compute-sanitizer --tool racecheck --racecheck-report all --print-limit 100000"
# cp.async's writes are tracked where the tool has the option.
compute-sanitizer --help 2>/dev/null | grep -q -- '--racecheck-memcpy-async' &&
  RACECHECK="$RACECHECK --racecheck-memcpy-async yes"
race_one() { limit $RACECHECK build/$2.bin --launch $1 --one-block > raw/$1.racecheck.txt 2>&1; }
sync_one() { limit compute-sanitizer --tool synccheck build/$2.bin --launch $1 --one-block > raw/$1.synccheck.txt 2>&1; }
for entry in "${LAUNCHES[@]}"; do
  set -- $entry
  [ -x build/$2.bin ] || continue
  throttle
  step racecheck $1 race_one $1 $2 &
  if [ "$3" = 1 ]; then
    throttle
    step synccheck $1 sync_one $1 $2 &
  fi
done
wait

)XX";
  OS << MetricsScript;
  OS << R"XX(export_one() {
  limit ncu -i build/$1.ncu-rep --page raw --csv --print-units base > raw/$1.ncu-raw.csv 2>&1
  limit ncu -i build/$1.ncu-rep --page source --csv --print-source cuda,sass > raw/$1.ncu-source-cuda.csv 2>&1
}
ncu_one() {
  limit ncu --clock-control none --import-source yes --section SourceCounters \
    --section LaunchStats --section Occupancy --metrics "$METRICS" \
    -f -o build/$1 build/$2.bin --launch $1 > raw/$1.ncu-log.txt 2>&1
}
for entry in "${LAUNCHES[@]}"; do
  set -- $entry
  [ -x build/$2.bin ] || continue
  # The exports need no GPU: they overlap the next profile.
  step ncu $1 ncu_one $1 $2 && { throttle; export_one $1 & }
done
wait
echo "done all seconds=$((SECONDS - START))" >> $STATUS
exit 0
)XX";
  return Text;
}

std::string directoryReadme(const VerifyPlan &Plan) {
  std::string Text;
  raw_string_ostream OS(Text);
  unsigned Verifiable = 0;
  for (const PlannedLaunch &L : Plan.Launches)
    Verifiable += L.Verifiable;
  OS << "Prepared by smem-lint --verify-prepare for " << Plan.Arch << ": "
     << Plan.Variants.size() << " variant(s) of the source, "
     << Plan.Launches.size() << " launch(es) (" << Verifiable
     << " verifiable), " << Plan.Predictions.size() << " prediction(s).\n\n"
     << "  plan.json    what is launched and what the analysis predicts\n"
     << "  src/Vn/      the analysed file (V0...) and its fixed copies\n"
     << "  harness/     one host program per variant\n"
     << "  measure.sh   build + measure on a machine with a GPU, nvcc, ncu\n"
     << "               and compute-sanitizer; writes raw/\n\n"
     << "Run `bash measure.sh` there (copy this directory if needed), bring\n"
     << "raw/ back, then `smem-lint --verify-compare=THIS_DIR`.\n"
     << "See docs/runtime-verify.md.\n";
  return Text;
}

} // namespace verify
} // namespace smemlint
