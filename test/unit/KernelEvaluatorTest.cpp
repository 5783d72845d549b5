//===--- KernelEvaluatorTest.cpp - The SIMT evaluator alone -----------===//
//
// Parses small kernels with the prelude and checks the per-thread byte
// offsets, active threads and widths the evaluator reports. No bank model is
// involved: the expected offsets are the index arithmetic done by hand.
//
//===----------------------------------------------------------------------===//

#include "Evaluation/KernelEvaluator.h"
#include "DeviceCode/DeviceModule.h"
#include "Frontend/Prelude.h"

#include "clang/Basic/CodeGenOptions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace smemlint;

namespace {

struct RecordedAccess {
  unsigned Line;
  AccessKind Kind;
  unsigned Width;
  std::string Object;
  bool Shared;
  /// Byte offset per active thread; -1 for an inactive thread, -2 unknown.
  std::vector<int64_t> Offsets;
  SymbolSet Symbols;
  /// The iteration of each enclosing loop, outermost first.
  std::vector<unsigned> Iterations;
};

class Recorder : public ExecutionObserver {
public:
  explicit Recorder(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  std::vector<RecordedAccess> Accesses;
  unsigned Barriers = 0;
  std::vector<std::string> SampledLoops;

  void onMemoryAccess(const MemoryAccessEvent &E) override {
    RecordedAccess A;
    A.Line = Ctx.getSourceManager().getPresumedLineNumber(
        Ctx.getSourceManager().getExpansionLoc(E.Site->getBeginLoc()));
    A.Kind = E.Kind;
    A.Width = E.WidthBytes;
    A.Object = E.Address.Object.Decl
                   ? E.Address.Object.Decl->getNameAsString()
                   : "";
    A.Shared = E.Address.Object.IsShared;
    A.Symbols = E.Address.Symbols;
    A.Iterations.assign(E.LoopIterations.begin(), E.LoopIterations.end());
    for (unsigned T = 0; T < E.Active.size(); ++T)
      A.Offsets.push_back(!E.Active[T]          ? -1
                          : !E.Address.Known[T] ? -2
                                                : E.Address.Values[T]);
    Accesses.push_back(A);
  }
  void onBarrier(const BarrierEvent &) override { ++Barriers; }
  void onLoopSampled(const clang::Stmt *, const std::string &Why) override {
    SampledLoops.push_back(Why);
  }

private:
  clang::ASTContext &Ctx;
};

struct Evaluation {
  std::unique_ptr<clang::ASTUnit> AST;
  std::unique_ptr<DeviceModule> Device;
  std::unique_ptr<Recorder> Events;
  EvaluationSummary Summary;
  SymbolTable Symbols;
};

/// Parses \p Code (line 1 is the first line of Code) and evaluates the kernel
/// named \p Kernel with \p Options.
Evaluation evaluate(const std::string &Code, const std::string &Kernel,
                    EvaluationOptions Options) {
  Evaluation Result;
  clang::tooling::FileContentMappings Virtual;
  for (const auto &[Name, Text] : preludeFiles())
    Virtual.emplace_back((preludeDirectory() + "/" + Name).str(), Text.str());
  std::vector<std::string> Args = {
      "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
      "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version",
      "-resource-dir=" SMEM_LINT_RESOURCE_DIR, "-isystem",
      preludeDirectory().str(), "-include",
      (preludeDirectory() + "/" + preludeFileName()).str()};
  Result.AST = clang::tooling::buildASTFromCodeWithArgs(
      Code, Args, "input.cu", "smem-lint-unit-test",
      std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), Virtual);
  EXPECT_TRUE(Result.AST);
  if (!Result.AST)
    return Result;
  EXPECT_FALSE(Result.AST->getDiagnostics().hasErrorOccurred());
  clang::ASTContext &Ctx = Result.AST->getASTContext();
  const clang::FunctionDecl *Found = nullptr;
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D))
      if (F->getNameAsString() == Kernel && F->hasBody())
        Found = F;
    if (const auto *T = llvm::dyn_cast<clang::FunctionTemplateDecl>(D))
      if (T->getNameAsString() == Kernel)
        for (const clang::FunctionDecl *S : T->specializations())
          if (S->hasBody())
            Found = S;
  }
  EXPECT_NE(Found, nullptr) << Kernel;
  Result.Events = std::make_unique<Recorder>(Ctx);
  if (!Found)
    return Result;
  // The kernel's device code, as the analysis generates it.
  clang::CodeGenOptions CodeGen;
  DeviceCodeGenInputs Inputs;
  clang::Preprocessor &Preprocessor = Result.AST->getPreprocessor();
  Inputs.HeaderSearch =
      &Preprocessor.getHeaderSearchInfo().getHeaderSearchOpts();
  Inputs.Preprocessor = &Preprocessor.getPreprocessorOpts();
  Inputs.CodeGen = &CodeGen;
  Inputs.FileSystem = Result.AST->getFileManager().getVirtualFileSystemPtr();
  std::string Error;
  Result.Device = DeviceModule::generate(Ctx, Inputs, {Found}, Error);
  EXPECT_TRUE(Result.Device) << Error;
  Options.Device = Result.Device.get();
  Result.Summary =
      evaluateKernel(Ctx, Found, Options, Result.Symbols, *Result.Events);
  return Result;
}

EvaluationOptions block(unsigned X, unsigned Y = 1, unsigned Z = 1) {
  EvaluationOptions Options;
  Options.Block = {X, Y, Z};
  return Options;
}

/// The shared accesses in source order (the evaluator may run the sides of
/// a branch in either order).
std::vector<RecordedAccess> sharedAccesses(const Evaluation &E) {
  std::vector<RecordedAccess> Shared;
  for (const RecordedAccess &A : E.Events->Accesses)
    if (A.Shared)
      Shared.push_back(A);
  std::stable_sort(Shared.begin(), Shared.end(),
                   [](const RecordedAccess &A, const RecordedAccess &B) {
                     return A.Line < B.Line;
                   });
  return Shared;
}

} // namespace

TEST(KernelEvaluator, TransposeColumnReadVisitsEveryIteration) {
  Evaluation E = evaluate(R"(
__global__ void k(float *out) {
  __shared__ float tile[32][32];
  for (int j = 0; j < 32; j += 8)
    out[j] = tile[threadIdx.x][threadIdx.y + j];
})",
                          "k", block(32, 8));
  std::vector<RecordedAccess> Reads = sharedAccesses(E);
  ASSERT_EQ(Reads.size(), 4u); // one per iteration
  for (unsigned Iteration = 0; Iteration < 4; ++Iteration) {
    const RecordedAccess &A = Reads[Iteration];
    EXPECT_EQ(A.Kind, AccessKind::Load);
    EXPECT_EQ(A.Width, 4u);
    EXPECT_EQ(A.Object, "tile");
    for (unsigned T = 0; T < 256; ++T) {
      unsigned X = T % 32, Y = T / 32;
      EXPECT_EQ(A.Offsets[T], int64_t(4 * (X * 32 + Y + 8 * Iteration)));
    }
  }
  // The global store is reported too, as global.
  EXPECT_EQ(E.Events->Accesses.size(), 8u);
}

TEST(KernelEvaluator, BranchesAndEarlyReturnSwitchThreadsOff) {
  Evaluation E = evaluate(R"(
__global__ void k() {
  __shared__ int s[64];
  if (threadIdx.x >= 20)
    return;
  if (threadIdx.x & 1)
    s[threadIdx.x] = 1;
  else
    s[threadIdx.x + 32] = 2;
  s[0] += 1;
})",
                          "k", block(64));
  std::vector<RecordedAccess> A = sharedAccesses(E);
  ASSERT_EQ(A.size(), 4u); // odd store, even store, load + store of s[0]
  for (unsigned T = 0; T < 64; ++T) {
    bool Alive = T < 20;
    EXPECT_EQ(A[0].Offsets[T], Alive && (T & 1) ? int64_t(4 * T) : -1);
    EXPECT_EQ(A[1].Offsets[T], Alive && !(T & 1) ? int64_t(4 * (T + 32)) : -1);
    EXPECT_EQ(A[2].Offsets[T], Alive ? 0 : -1);
  }
  EXPECT_EQ(A[2].Kind, AccessKind::Load);
  EXPECT_EQ(A[3].Kind, AccessKind::Store);
}

TEST(KernelEvaluator, DeviceFunctionsPointersAndVectorCasts) {
  Evaluation E = evaluate(R"(
__device__ void put(float *row, int i, float v) { row[i] = v; }
__device__ int lane() { return threadIdx.x & 31; }
__global__ void k() {
  __shared__ float tile[4][40];
  extern __shared__ float dyn[];
  float *p = tile[2] + 1;
  put(p, lane(), 0.f);
  float4 v = reinterpret_cast<float4 *>(dyn)[threadIdx.x];
  reinterpret_cast<float4 *>(dyn)[threadIdx.x + 64] = v;
  int2 *pairs = (int2 *)dyn;
  pairs[threadIdx.x].y = 3;
})",
                          "k", block(32));
  std::vector<RecordedAccess> A = sharedAccesses(E);
  ASSERT_EQ(A.size(), 4u); // the float4 copy is a 16-byte load and store
  EXPECT_EQ(A[0].Object, "tile");
  EXPECT_EQ(A[0].Kind, AccessKind::Store);
  EXPECT_EQ(A[1].Object, "dyn");
  EXPECT_EQ(A[1].Width, 16u);
  EXPECT_EQ(A[2].Width, 16u);
  EXPECT_EQ(A[3].Width, 4u);
  for (unsigned T = 0; T < 32; ++T) {
    EXPECT_EQ(A[0].Offsets[T], int64_t(4 * (2 * 40 + 1 + T)));
    EXPECT_EQ(A[1].Offsets[T] + A[2].Offsets[T], int64_t(32 * T + 1024));
    EXPECT_EQ(A[3].Offsets[T], int64_t(8 * T + 4));
  }
}

TEST(KernelEvaluator, TemplatesConstantsAndIntegerSemantics) {
  Evaluation E = evaluate(R"(
constexpr int Pad = 1;
template <int Tile> __global__ void k() {
  __shared__ float s[Tile][Tile + Pad];
  unsigned lane = threadIdx.x % warpSize;
  unsigned back = (lane - 1u) % 32u;  // unsigned wrap: lane 0 -> 31
  int col = min(lane, 7u) + max(int(lane) >> 3, 1);
  s[back][lane < 16 ? col : col ^ 1] = 0;
}
template __global__ void k<32>();
)",
                          "k", block(32));
  std::vector<RecordedAccess> A = sharedAccesses(E);
  ASSERT_EQ(A.size(), 1u);
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    unsigned Back = (Lane + 31) % 32;
    int Col = std::min(Lane, 7u) + std::max(int(Lane) >> 3, 1);
    if (Lane >= 16)
      Col ^= 1;
    EXPECT_EQ(A[0].Offsets[Lane], int64_t(4 * (Back * 33 + Col)));
  }
}

// The arithmetic takes one loop over the threads where every active thread
// knows the operands, and a thread at a time where some do not: the same
// 32-bit wrapping, shifts of negatives and masks either way, with all
// threads active, a third of them, and operands known to some threads only.
TEST(KernelEvaluator, IntegerArithmeticIsTheSameForEveryMixOfThreads) {
  Evaluation E = evaluate(R"(
__global__ void k(const int *g) {
  __shared__ int s[4096];
  int t = threadIdx.x;
  unsigned u = t * 2654435761u;
  int a = ((t * 37 - 500) >> 2) ^ (t << 3);
  unsigned b = (u >> 7) | (u & 0xF0Fu);
  s[(a + int(b)) & 4095] = 1;
  s[4000 + (((t * 37 - 500) >> 30) & 15)] = 4;
  if (t % 3 == 1)
    s[(a - int(b)) & 4095] = 2;
  int m = t < 16 ? 0 : g[t];
  s[(a + int(b) + m) & 4095] = 3;
})",
                          "k", block(256));
  std::vector<RecordedAccess> A = sharedAccesses(E);
  ASSERT_EQ(A.size(), 4u);
  for (unsigned T = 0; T < 256; ++T) {
    uint32_t U = T * 2654435761u;
    int32_t Ai = ((int32_t(T) * 37 - 500) >> 2) ^ int32_t(T << 3);
    int32_t B = int32_t((U >> 7) | (U & 0xF0Fu));
    int32_t Sum = int32_t(uint32_t(Ai) + uint32_t(B));
    int32_t Difference = int32_t(uint32_t(Ai) - uint32_t(B));
    EXPECT_EQ(A[0].Offsets[T], int64_t(4 * (Sum & 4095))) << T;
    // An arithmetic shift: the sign in the high bits.
    int32_t Sign = ((int32_t(T) * 37 - 500) >> 30) & 15;
    EXPECT_EQ(A[1].Offsets[T], int64_t(4 * (4000 + Sign))) << T;
    EXPECT_EQ(A[2].Offsets[T],
              T % 3 == 1 ? int64_t(4 * (Difference & 4095)) : -1)
        << T;
    EXPECT_EQ(A[3].Offsets[T], T < 16 ? int64_t(4 * (Sum & 4095)) : -2) << T;
  }
}

TEST(KernelEvaluator, ThreadsOutsideTheMaskAreZeroed) {
  // 200 threads: words of 64 with none, one and several active, and a last
  // word that is partly past the block.
  ThreadValue V = ThreadValue::uniform(200, 7);
  ThreadMask Active(200);
  for (unsigned T : {0u, 63u, 130u, 131u, 199u})
    Active.set(T);
  V.zeroOutside(Active);
  for (unsigned T = 0; T < 200; ++T)
    EXPECT_EQ(V.Values[T], Active[T] ? 7 : 0) << T;
  ThreadValue All = ThreadValue::uniform(200, 7);
  All.zeroOutside(ThreadMask(200, true));
  EXPECT_EQ(std::count(All.Values.begin(), All.Values.end(), 7), 200);
}

TEST(KernelEvaluator, UniformSymbolsAreTrackedAndVaried) {
  const char *Code = R"(
__global__ void k(int stride, float *out) {
  __shared__ float s[4096];
  out[blockIdx.x] = s[(threadIdx.x * stride) % 4096];
})";
  Evaluation Default = evaluate(Code, "k", block(32));
  std::vector<RecordedAccess> A = sharedAccesses(Default);
  ASSERT_EQ(A.size(), 1u);
  ASSERT_EQ(Default.Symbols.size(), 2u);
  EXPECT_EQ(Default.Symbols.symbol(0).spelling(), "stride");
  EXPECT_EQ(Default.Symbols.symbol(1).spelling(), "blockIdx.x");
  EXPECT_EQ(A[0].Symbols, SymbolSet(1));
  // The default for an unknown integer parameter is 1024.
  EXPECT_EQ(A[0].Offsets[3], int64_t(4 * ((3 * 1024) % 4096)));

  EvaluationOptions Three = block(32);
  Three.SymbolValues[0] = 3;
  Evaluation Varied = evaluate(Code, "k", Three);
  EXPECT_EQ(sharedAccesses(Varied)[0].Offsets[5], int64_t(4 * 15));
}

TEST(KernelEvaluator, LoopsBeyondTheLimitAreSampledAndSaySo) {
  EvaluationOptions Options = block(32);
  Options.LoopIterationLimit = 10;
  Evaluation E = evaluate(R"(
__global__ void k(int n) {
  __shared__ float s[32];
  for (int i = 0; i < 100; ++i) {
    s[(threadIdx.x + i * i) % 32] += 1.0f; // squares: no closed form
    __syncthreads(); // keeps s[...] in memory in every iteration
  }
})",
                          "k", Options);
  EXPECT_EQ(sharedAccesses(E).size(), 20u); // 10 iterations, load + store
  ASSERT_EQ(E.Events->SampledLoops.size(), 1u);
  EXPECT_EQ(E.Events->SampledLoops[0],
            "the loop at line 4: only the first 10 of 100 iterations were "
            "evaluated; it is not computed in closed form: the address at "
            "line 5 is not an affine function of the iteration");
}

TEST(KernelEvaluator, AffineLoopsSkipTheirMiddleIterations) {
  EvaluationOptions Options = block(32);
  Options.LoopIterationLimit = 10;
  Evaluation E = evaluate(R"(
__global__ void k(int n) {
  __shared__ float s[4096];
  for (int i = 0; i < 100; ++i) {
    s[i * 32 + threadIdx.x] = 1.0f;
    __syncthreads();
  }
  s[threadIdx.x] = 2.0f;
})",
                          "k", Options);
  // Iterations 0 and 1 run (two, to see one follow the other), 2-98 are
  // skipped (each moves the store by 128 bytes), 99 runs; then the store
  // after the loop.
  std::vector<RecordedAccess> A = sharedAccesses(E);
  ASSERT_EQ(A.size(), 4u);
  EXPECT_TRUE(E.Events->SampledLoops.empty());
  EXPECT_EQ(A[1].Iterations, std::vector<unsigned>{1});
  EXPECT_EQ(A[2].Iterations, std::vector<unsigned>{99});
  for (unsigned T = 0; T < 32; ++T)
    EXPECT_EQ(A[2].Offsets[T], int64_t(4 * (99 * 32 + T)));
  EXPECT_EQ(E.Events->Barriers, 3u);
}

TEST(KernelEvaluator, ClosedFormNeedsTheSameBranchesInEveryIteration) {
  EvaluationOptions Options = block(32);
  Options.LoopIterationLimit = 10;
  Evaluation E = evaluate(R"(
__global__ void k(int n) {
  __shared__ float s[4096];
  for (int i = 0; i < 100; ++i) {
    if (i == threadIdx.x)
      s[i * 32 + threadIdx.x] = 1.0f;
    __syncthreads();
  }
})",
                          "k", Options);
  ASSERT_EQ(E.Events->SampledLoops.size(), 1u);
  EXPECT_EQ(E.Events->SampledLoops[0],
            "the loop at line 4: only the first 10 of 100 iterations were "
            "evaluated; it is not computed in closed form: the branch at "
            "line 5 changes between iterations");
}

TEST(KernelEvaluator, BreakContinueAndDataDependentValues) {
  Evaluation E = evaluate(R"(
__global__ void k(const int *index) {
  __shared__ int s[1024];
  for (int i = 0; i < 8; ++i) {
    if (i == threadIdx.x % 4) continue;
    if (i > 5) break;
    s[i * 32 + threadIdx.x] = i;
  }
  s[index[threadIdx.x]] = 0;
  __syncthreads();
})",
                          "k", block(32));
  std::vector<RecordedAccess> A = sharedAccesses(E);
  ASSERT_EQ(A.size(), 7u); // i = 0..5, then the indexed store
  for (unsigned I = 0; I < 6; ++I)
    for (unsigned T = 0; T < 32; ++T)
      EXPECT_EQ(A[I].Offsets[T],
                I == T % 4 ? -1 : int64_t(4 * (I * 32 + T)));
  EXPECT_EQ(A[6].Offsets[0], -2); // depends on global data
  EXPECT_EQ(E.Events->Barriers, 1u);
}

TEST(KernelEvaluator, ShufflesAndAtomics) {
  Evaluation E = evaluate(R"(
__global__ void k() {
  __shared__ int s[64];
  int lane = threadIdx.x & 31;
  int partner = __shfl_xor_sync(0xffffffffu, lane, 1);
  atomicAdd(&s[partner * 2], 1);
})",
                          "k", block(32));
  std::vector<RecordedAccess> A = sharedAccesses(E);
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0].Kind, AccessKind::Atomic);
  for (unsigned T = 0; T < 32; ++T)
    EXPECT_EQ(A[0].Offsets[T], int64_t(4 * 2 * (T ^ 1)));
}

TEST(KernelEvaluator, LoopNestsBeyondTheBoundAreSampledEvenly) {
  // 1024 threads x 256 x 256 iterations: far beyond the enumeration bound.
  // Both loops run their first few iterations, and say why.
  Evaluation E = evaluate(R"(
__global__ void k() {
  __shared__ float s[4096];
  for (int i = 0; i < 256; ++i)
    for (int j = 0; j < 256; ++j)
      s[(threadIdx.x + i * 256 + j) & 4095] = 1.0f;
})",
                          "k", block(1024));
  std::vector<RecordedAccess> A = sharedAccesses(E);
  std::set<int64_t> Is, Js;
  for (const RecordedAccess &Access : A) {
    ASSERT_EQ(Access.Iterations.size(), 2u);
    Is.insert(Access.Iterations[0]);
    Js.insert(Access.Iterations[1]);
  }
  // The first iterations of each loop, and every pair of them.
  EXPECT_GE(Is.size(), 2u);
  EXPECT_GE(Js.size(), 2u);
  EXPECT_EQ(*Is.rbegin(), int64_t(Is.size() - 1));
  EXPECT_EQ(*Js.rbegin(), int64_t(Js.size() - 1));
  EXPECT_EQ(A.size(), Is.size() * Js.size());
  EXPECT_LE(E.Summary.Steps, 2 * EvaluationOptions().EnumerationBound);
  // The inner loop is cut in every outer iteration, with the same reason.
  std::set<std::string> Reasons(E.Events->SampledLoops.begin(),
                                E.Events->SampledLoops.end());
  ASSERT_EQ(Reasons.size(), 2u);
  for (const std::string &Reason : Reasons) {
    EXPECT_NE(Reason.find("of 256 iterations were evaluated (loop nest "
                          "sampled: "),
              std::string::npos)
        << Reason;
    EXPECT_NE(Reason.find("bound 4194304)"), std::string::npos) << Reason;
  }
  EXPECT_FALSE(E.Summary.BudgetExceeded);
}

TEST(KernelEvaluator, LoopNestsWithinTheBoundAreEnumerated) {
  Evaluation E = evaluate(R"(
__global__ void k() {
  __shared__ float s[1024];
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      s[i * 32 + j] = 1.0f;
})",
                          "k", block(32));
  EXPECT_EQ(sharedAccesses(E).size(), 256u);
  EXPECT_TRUE(E.Events->SampledLoops.empty());
}

TEST(KernelEvaluator, TripCountsOfStridedLoopsAndRaisedLimits) {
  // Each thread starts at its index and steps by the block: 4096 / 32 = 128
  // iterations, which a small bound samples.
  const char *Code = R"(
__global__ void k() {
  __shared__ float s[4096];
  for (int i = threadIdx.x; i < 4096; i += blockDim.x)
    s[i] = 1.0f;
})";
  EvaluationOptions Options = block(32);
  Options.EnumerationBound = 3200;
  Evaluation Sampled = evaluate(Code, "k", Options);
  ASSERT_EQ(Sampled.Events->SampledLoops.size(), 1u);
  EXPECT_NE(Sampled.Events->SampledLoops[0].find(
                "of 128 iterations were evaluated (loop nest sampled: "),
            std::string::npos)
      << Sampled.Events->SampledLoops[0];
  EXPECT_LT(sharedAccesses(Sampled).size(), 128u);
  // A higher --max-loop-iterations raises the bound in proportion.
  Options.LoopIterationLimit = 1024 * 1024;
  Evaluation Enumerated = evaluate(Code, "k", Options);
  EXPECT_TRUE(Enumerated.Events->SampledLoops.empty());
  EXPECT_EQ(sharedAccesses(Enumerated).size(), 128u);
}
