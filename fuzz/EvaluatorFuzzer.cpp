//===--- EvaluatorFuzzer.cpp - Random kernels through the whole analysis
//---===//
//
// libFuzzer target evaluator-fuzzer. The input bytes choose a small kernel
// from a grammar: one __shared__ array of a random element type (1 to 16
// bytes) and shape, a block shape given by annotation, up to two nested loops
// with small (possibly thread-dependent) trip counts, and a few loads and
// stores, each maybe under a condition, indexed by int or long long
// expressions over threadIdx.x/y, the loop counters and constants with
// + - * / % & | ^ << >>, comparisons, unary - ~ and ?:. The kernel text goes
// through the real front end (prelude mode) and analysis.
//
// The fuzzer also runs the kernel itself, thread by thread with C++'s rules,
// in SIMT order (a loop iteration, then a statement, for all threads still in
// it), and serves every warp request with the brute-force ReferenceBanks.h.
// Where no thread meets undefined behaviour or leaves the array and the
// report says "exact", the reported worst wavefronts, total wavefronts, warp
// instructions and ideal must equal the fuzzer's; everywhere, wavefronts per
// access must lie in [1, 32 x phases]. On a mismatch it prints the kernel and
// both answers and aborts. SMEM_LINT_FUZZ_PRINT=1 prints every kernel and
// what was compared (to replay a corpus and look); SMEM_LINT_FUZZ_STRICT=1
// also fails on a well-defined access the report does not call exact.
//
//===----------------------------------------------------------------------===//

#include "FuzzAnalysis.h"
#include "ReferenceBanks.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using namespace smemlint;

namespace {

//===----------------------------------------------------------------------===//
// Index expressions
//===----------------------------------------------------------------------===//

enum Variable { Tx, Ty, I, J, VariableCount };
const char *const VariableNames[] = {"tx", "ty", "i", "j"};

const char *const BinaryOps[] = {"+",  "-",  "*", "/",  "%", "&",  "|",  "^",
                                 "<<", ">>", "<", "<=", ">", ">=", "==", "!="};
constexpr unsigned BinaryOpCount = sizeof(BinaryOps) / sizeof(BinaryOps[0]);
constexpr unsigned FirstComparison = 10;

struct Expr {
  enum Kind { Constant, Var, Binary, Negate, Complement, Select } K = Constant;
  int64_t Value = 0;
  unsigned Op = 0; ///< Variable for Var, index into BinaryOps for Binary.
  /// Operands; a select is (A op B) ? C : D.
  std::unique_ptr<Expr> A, B, C, D;
};
using ExprPtr = std::unique_ptr<Expr>;

/// Values of the variables for one thread at one point; nullopt: out of scope.
using Env = std::optional<int64_t>[VariableCount];

/// The kernel being generated computes its indices in long long rather than
/// int (set once per input; the fuzzer is single-threaded).
bool WideIntegers = false;
int64_t integerMin() { return WideIntegers ? INT64_MIN : INT32_MIN; }
int64_t integerMax() { return WideIntegers ? INT64_MAX : INT32_MAX; }
unsigned integerBits() { return WideIntegers ? 64 : 32; }

class Generator {
public:
  explicit Generator(FuzzedDataProvider &Data) : Data(Data) {}

  /// An index kept inside [0, Dim): ((E % Dim) + Dim) % Dim, so that most
  /// accesses stay in bounds and can be compared exactly.
  static ExprPtr wrapped(ExprPtr E, unsigned Dim) {
    auto Make = [](unsigned Op, ExprPtr A, ExprPtr B) {
      auto R = std::make_unique<Expr>();
      R->K = Expr::Binary;
      R->Op = Op;
      R->A = std::move(A);
      R->B = std::move(B);
      return R;
    };
    auto Constant = [Dim] {
      auto C = std::make_unique<Expr>();
      C->Value = Dim;
      return C;
    };
    return Make(4, Make(0, Make(4, std::move(E), Constant()), Constant()),
                Constant());
  }

  ExprPtr expr(unsigned Depth, unsigned InScope) {
    auto E = std::make_unique<Expr>();
    if (Depth == 0 || Data.remaining_bytes() == 0 ||
        Data.ConsumeIntegralInRange(0, 2) == 0) {
      if (Data.ConsumeIntegralInRange(0, 2) != 0) {
        E->K = Expr::Var;
        std::vector<unsigned> Vars;
        for (unsigned V = 0; V < VariableCount; ++V)
          if (InScope >> V & 1)
            Vars.push_back(V);
        E->Op = Vars[Data.ConsumeIntegralInRange<size_t>(0, Vars.size() - 1)];
        return E;
      }
      // Mostly small; an exhausted input gives 0.
      E->K = Expr::Constant;
      switch (Data.ConsumeIntegralInRange(0, 15)) {
      case 14:
        E->Value = Data.ConsumeIntegralInRange(-1024, 1024);
        break;
      case 15: // anything an int literal can spell
        E->Value = Data.ConsumeIntegralInRange(-integerMax(), integerMax());
        break;
      default:
        E->Value = Data.ConsumeIntegralInRange(0, 33);
        break;
      }
      return E;
    }
    // Arithmetic most of the time, comparisons (0 or 1) now and then.
    unsigned Choice = Data.ConsumeIntegralInRange(0, 21);
    if (Choice < 19) {
      E->K = Expr::Binary;
      E->Op = Choice < 16 ? Choice % FirstComparison
                          : Data.ConsumeIntegralInRange(FirstComparison,
                                                        BinaryOpCount - 1);
      E->A = expr(Depth - 1, InScope);
      E->B = expr(Depth - 1, InScope);
      return E;
    }
    if (Choice < 21) {
      E->K = Choice == 19 ? Expr::Negate : Expr::Complement;
      E->A = expr(Depth - 1, InScope);
      return E;
    }
    E->K = Expr::Select;
    E->Op = Data.ConsumeIntegralInRange(FirstComparison, BinaryOpCount - 1);
    E->A = expr(Depth - 1, InScope);
    E->B = expr(Depth - 1, InScope);
    E->C = expr(Depth - 1, InScope);
    E->D = expr(Depth - 1, InScope);
    return E;
  }

private:
  FuzzedDataProvider &Data;
};

std::string print(const Expr &E) {
  switch (E.K) {
  case Expr::Constant: {
    // Every literal has the index type, so that C++ computes in it too.
    std::string Suffix = WideIntegers ? "LL" : "";
    return E.Value < 0 ? "(-" + std::to_string(-E.Value) + Suffix + ")"
                       : std::to_string(E.Value) + Suffix;
  }
  case Expr::Var:
    return VariableNames[E.Op];
  case Expr::Negate:
    return "(-" + print(*E.A) + ")";
  case Expr::Complement:
    return "(~" + print(*E.A) + ")";
  case Expr::Binary:
    return "(" + print(*E.A) + " " + BinaryOps[E.Op] + " " + print(*E.B) + ")";
  case Expr::Select:
    return "((" + print(*E.A) + " " + BinaryOps[E.Op] + " " + print(*E.B) +
           ") ? " + print(*E.C) + " : " + print(*E.D) + ")";
  }
  return "0";
}

/// C++17's value of \p Op on two ints or long longs; nullopt where the
/// behaviour is undefined (the analysis may then say anything but must not
/// crash).
std::optional<int64_t> binary(unsigned Op, int64_t A, int64_t B) {
  auto Fits = [](__int128 V) -> std::optional<int64_t> {
    if (V < integerMin() || V > integerMax())
      return std::nullopt;
    return int64_t(V);
  };
  switch (Op) {
  case 0:
    return Fits(__int128(A) + B);
  case 1:
    return Fits(__int128(A) - B);
  case 2:
    return Fits(__int128(A) * B);
  case 3:
  case 4:
    if (B == 0 || (A == integerMin() && B == -1))
      return std::nullopt;
    return Op == 3 ? A / B : A % B;
  case 5:
    return A & B;
  case 6:
    return A | B;
  case 7:
    return A ^ B;
  case 8: { // E1 << E2: E1 >= 0 and the result fits the unsigned type
    if (B < 0 || B >= integerBits() || A < 0)
      return std::nullopt;
    unsigned __int128 R = (unsigned __int128)A << B;
    if (R >> integerBits())
      return std::nullopt;
    return WideIntegers ? int64_t(uint64_t(R)) : int64_t(int32_t(uint32_t(R)));
  }
  case 9: // arithmetic for negative E1 (implementation-defined; clang's)
    if (B < 0 || B >= integerBits())
      return std::nullopt;
    return A >> B;
  case 10:
    return A < B;
  case 11:
    return A <= B;
  case 12:
    return A > B;
  case 13:
    return A >= B;
  case 14:
    return A == B;
  case 15:
    return A != B;
  }
  return std::nullopt;
}

std::optional<int64_t> evaluate(const Expr &E, const Env &Vars) {
  switch (E.K) {
  case Expr::Constant:
    return E.Value;
  case Expr::Var:
    return Vars[E.Op];
  case Expr::Negate: {
    std::optional<int64_t> A = evaluate(*E.A, Vars);
    if (!A || *A == integerMin())
      return std::nullopt;
    return -*A;
  }
  case Expr::Complement: {
    std::optional<int64_t> A = evaluate(*E.A, Vars);
    if (!A)
      return std::nullopt;
    return ~*A;
  }
  case Expr::Binary: {
    std::optional<int64_t> A = evaluate(*E.A, Vars);
    std::optional<int64_t> B = evaluate(*E.B, Vars);
    if (!A || !B)
      return std::nullopt;
    return binary(E.Op, *A, *B);
  }
  case Expr::Select: {
    std::optional<int64_t> A = evaluate(*E.A, Vars);
    std::optional<int64_t> B = evaluate(*E.B, Vars);
    if (!A || !B)
      return std::nullopt;
    // Only the chosen branch is evaluated, as in C++.
    return evaluate(*binary(E.Op, *A, *B) ? *E.C : *E.D, Vars);
  }
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

struct ElementType {
  const char *Name;
  unsigned Bytes;
};
const ElementType ElementTypes[] = {
    {"float", 4},   {"char", 1},      {"short", 2},  {"int", 4},
    {"double", 8},  {"long long", 8}, {"float2", 8}, {"int2", 8},
    {"float4", 16}, {"int4", 16}};

/// for (int V = 0; V < Bound; ++V) (or long long V) with Bound a constant or
/// (E & 7) or
/// (E % 5), so that no thread iterates more than 8 times.
struct Loop {
  bool Present = false;
  ExprPtr Bound;
  int Constant = 0;
  unsigned Wrap = 0; ///< 0: constant, 1: & 7, 2: % 5.

  std::string boundText() const {
    if (Wrap == 0)
      return std::to_string(Constant);
    return "(" + print(*Bound) + (Wrap == 1 ? " & 7)" : " % 5)");
  }
  std::optional<int64_t> bound(const Env &Vars) const {
    if (Wrap == 0)
      return Constant;
    std::optional<int64_t> V = evaluate(*Bound, Vars);
    if (!V)
      return std::nullopt;
    return Wrap == 1 ? binary(5, *V, 7) : binary(4, *V, 5);
  }
};

struct Access {
  bool IsStore = false;
  std::vector<ExprPtr> Index; ///< One per dimension.
  ExprPtr CondLeft, CondRight;
  unsigned CondOp = 0; ///< 0: unconditional, else a comparison.
  unsigned Line = 0;
};

struct Kernel {
  unsigned X = 32, Y = 1;
  ElementType Type = {"float", 4};
  std::vector<unsigned> Dims;
  Loop Outer, Inner;
  std::vector<Access> Accesses;
  std::string Text;
};

Kernel generate(FuzzedDataProvider &Data) {
  Generator Gen(Data);
  Kernel K;
  WideIntegers = Data.ConsumeIntegralInRange(0, 3) == 3;
  // Up to 256 threads; an exhausted input gives 64 x 4.
  K.X = 64 - Data.ConsumeIntegralInRange(0u, 63u);
  K.Y = 256 / K.X - Data.ConsumeIntegralInRange(0u, 256 / K.X - 1);
  K.Type = ElementTypes[Data.ConsumeIntegralInRange<size_t>(
      0, sizeof(ElementTypes) / sizeof(ElementTypes[0]) - 1)];
  unsigned DimCount = Data.ConsumeIntegralInRange(1, 3);
  uint64_t Bytes = K.Type.Bytes;
  for (unsigned D = 0; D < DimCount; ++D) {
    unsigned Dim = 65 - Data.ConsumeIntegralInRange(0u, 64u); // 1 .. 65
    if (Bytes * Dim > 64 * 1024)
      break;
    Bytes *= Dim;
    K.Dims.push_back(Dim);
  }
  if (K.Dims.empty())
    K.Dims.push_back(1);

  unsigned Scope = 1 << Tx | 1 << Ty;
  auto MakeLoop = [&](Loop &L, unsigned Var) {
    L.Present = Data.ConsumeBool();
    if (!L.Present)
      return;
    L.Wrap = Data.ConsumeIntegralInRange(0, 2);
    if (L.Wrap == 0)
      L.Constant = Data.ConsumeIntegralInRange(0, 8);
    else
      L.Bound = Gen.expr(3, Scope | 1 << Var);
    Scope |= 1 << Var;
  };
  MakeLoop(K.Outer, I);
  if (K.Outer.Present)
    MakeLoop(K.Inner, J);

  unsigned AccessCount = Data.ConsumeIntegralInRange(1, 4);
  for (unsigned A = 0; A < AccessCount; ++A) {
    Access Acc;
    Acc.IsStore = Data.ConsumeBool();
    for (size_t D = 0; D < K.Dims.size(); ++D) {
      ExprPtr Index = Gen.expr(4, Scope);
      if (!Data.ConsumeBool())
        Index = Generator::wrapped(std::move(Index), K.Dims[D]);
      Acc.Index.push_back(std::move(Index));
    }
    if (Data.ConsumeBool()) {
      Acc.CondOp =
          Data.ConsumeIntegralInRange(FirstComparison, BinaryOpCount - 1);
      Acc.CondLeft = Gen.expr(2, Scope);
      Acc.CondRight = Gen.expr(2, Scope);
    }
    K.Accesses.push_back(std::move(Acc));
  }

  // The text, one access per line so that reports can be matched by line.
  std::vector<std::string> Lines;
  Lines.push_back("// smem-lint: block_dim(" + std::to_string(K.X) + ", " +
                  std::to_string(K.Y) + ")");
  std::string T = K.Type.Name;
  Lines.push_back("__global__ void fuzzKernel(" + T + " *out, " + T +
                  " val) {");
  std::string Decl = "  __shared__ " + T + " s";
  for (unsigned Dim : K.Dims)
    Decl += "[" + std::to_string(Dim) + "]";
  Lines.push_back(Decl + ";");
  std::string Int = WideIntegers ? "long long" : "int";
  Lines.push_back("  " + Int + " tx = threadIdx.x;");
  Lines.push_back("  " + Int + " ty = threadIdx.y;");
  if (K.Outer.Present)
    Lines.push_back("  for (" + Int + " i = 0; i < " + K.Outer.boundText() +
                    "; ++i) {");
  if (K.Inner.Present)
    Lines.push_back("  for (" + Int + " j = 0; j < " + K.Inner.boundText() +
                    "; ++j) {");
  for (Access &Acc : K.Accesses) {
    std::string Subscript = "s";
    for (const ExprPtr &Index : Acc.Index)
      Subscript += "[" + print(*Index) + "]";
    std::string Line = "    ";
    if (Acc.CondOp)
      Line += "if (" + print(*Acc.CondLeft) + " " + BinaryOps[Acc.CondOp] +
              " " + print(*Acc.CondRight) + ") ";
    Line += Acc.IsStore ? Subscript + " = val;"
                        : "{ " + T + " v = " + Subscript + "; out[0] = v; }";
    Lines.push_back(Line);
    Acc.Line = Lines.size();
  }
  if (K.Inner.Present)
    Lines.push_back("  }");
  if (K.Outer.Present)
    Lines.push_back("  }");
  Lines.push_back("}");
  for (const std::string &Line : Lines)
    K.Text += Line + "\n";
  return K;
}

//===----------------------------------------------------------------------===//
// Running the kernel in the fuzzer
//===----------------------------------------------------------------------===//

struct ExpectedAccess {
  /// Some thread met undefined behaviour or left the array: no exact answer.
  bool Inexact = false;
  uint64_t WarpInstructions = 0, TotalWavefronts = 0;
  unsigned Worst = 0, WorstIdeal = 0;
};

struct Expected {
  /// Control flow itself hit undefined behaviour: nothing is exact.
  bool Inexact = false;
  std::vector<ExpectedAccess> Accesses;
};

Expected run(const Kernel &K) {
  Expected Result;
  Result.Accesses.resize(K.Accesses.size());
  unsigned Threads = K.X * K.Y;
  std::vector<Env> Vars(Threads);
  for (unsigned T = 0; T < Threads; ++T) {
    Vars[T][Tx] = T % K.X;
    Vars[T][Ty] = T / K.X;
  }
  fuzz::ReferenceBanking Banking; // the H200's, as documented

  auto Statements = [&](const std::vector<bool> &Active) {
    for (size_t A = 0; A < K.Accesses.size(); ++A) {
      const Access &Acc = K.Accesses[A];
      ExpectedAccess &Out = Result.Accesses[A];
      std::vector<bool> Runs = Active;
      for (unsigned T = 0; T < Threads; ++T) {
        if (!Runs[T] || !Acc.CondOp)
          continue;
        auto L = evaluate(*Acc.CondLeft, Vars[T]);
        auto R = evaluate(*Acc.CondRight, Vars[T]);
        if (!L || !R) {
          Result.Inexact = true; // which threads run is unknown
          return;
        }
        Runs[T] = *binary(Acc.CondOp, *L, *R);
      }
      for (unsigned First = 0; First < Threads; First += 32) {
        std::vector<std::optional<uint64_t>> Lanes;
        bool Any = false;
        for (unsigned T = First; T < std::min(Threads, First + 32); ++T) {
          if (!Runs[T]) {
            Lanes.push_back(std::nullopt);
            continue;
          }
          uint64_t Element = 0;
          for (size_t D = 0; D < K.Dims.size(); ++D) {
            std::optional<int64_t> Index = evaluate(*Acc.Index[D], Vars[T]);
            if (!Index || *Index < 0 || *Index >= K.Dims[D]) {
              Out.Inexact = true;
              Index = 0;
            }
            Element = Element * K.Dims[D] + uint64_t(*Index);
          }
          Lanes.push_back(Element * K.Type.Bytes);
          Any = true;
        }
        if (!Any)
          continue; // a warp with no active lane does not issue
        fuzz::ReferenceCost Cost = fuzz::referenceWavefronts(
            Banking, K.Type.Bytes, !Acc.IsStore, Lanes);
        ++Out.WarpInstructions;
        Out.TotalWavefronts += Cost.Wavefronts;
        if (Cost.Wavefronts > Out.Worst) {
          Out.Worst = Cost.Wavefronts;
          Out.WorstIdeal = Cost.Ideal;
        }
      }
    }
  };

  // One loop level: iterations run while any thread is still in the loop;
  // a thread leaves for good when its condition fails.
  auto RunLoop =
      [&](const Loop &L, Variable Var, const std::vector<bool> &Entering,
          const std::function<void(const std::vector<bool> &)> &Body) {
        std::vector<bool> In = Entering;
        for (int64_t V = 0; V <= 16 && !Result.Inexact; ++V) {
          bool Any = false;
          for (unsigned T = 0; T < Threads; ++T) {
            Vars[T][Var] = V;
            if (!In[T])
              continue;
            std::optional<int64_t> Bound = L.bound(Vars[T]);
            if (!Bound) {
              Result.Inexact = true;
              return;
            }
            In[T] = V < *Bound;
            Any |= In[T];
          }
          if (!Any)
            return;
          Body(In);
        }
      };

  std::vector<bool> All(Threads, true);
  if (!K.Outer.Present) {
    Statements(All);
  } else if (!K.Inner.Present) {
    RunLoop(K.Outer, I, All, Statements);
  } else {
    RunLoop(K.Outer, I, All, [&](const std::vector<bool> &InOuter) {
      RunLoop(K.Inner, J, InOuter, Statements);
    });
  }
  return Result;
}

//===----------------------------------------------------------------------===//
// Comparing
//===----------------------------------------------------------------------===//

[[noreturn]] void fail(const Kernel &K, const FileReport &Report,
                       const std::string &What) {
  std::fprintf(stderr,
               "evaluator-fuzzer: %s\n--- kernel ---\n%s--- report ---\n",
               What.c_str(), K.Text.c_str());
  for (const Diagnostic &D : Report.Diagnostics)
    std::fprintf(stderr, "  %u:%u: %s [%s]\n", D.Where.Line, D.Where.Column,
                 D.Message.c_str(), D.Check.c_str());
  for (const KernelReport &Kernel : Report.Kernels)
    for (const AccessReport &A : Kernel.Accesses)
      std::fprintf(stderr,
                   "  line %u: %s %s width %u: wavefronts %u ideal %u total "
                   "%llu instructions %llu status %s %s\n",
                   A.Where.Line, A.Array.c_str(), A.Kind.c_str(), A.WidthBytes,
                   A.Wavefronts, A.IdealWavefronts,
                   (unsigned long long)A.TotalWavefronts,
                   (unsigned long long)A.WarpInstructions, A.Status.c_str(),
                   A.Reason.c_str());
  std::abort();
}

void check(const Kernel &K, const FileReport &Report, const Expected &Want) {
  if (Report.HadCompileErrors)
    fail(K, Report, "the generated kernel does not compile (a fuzzer bug)");
  if (Report.Kernels.size() != 1)
    fail(K, Report, "expected exactly one kernel in the report");
  const KernelReport &Kernel = Report.Kernels.front();

  for (const AccessReport &A : Kernel.Accesses) {
    if (A.Array != "s")
      continue;
    // 32 lanes, each a distinct word in one bank, in each phase.
    unsigned Phases = std::max(1u, A.WidthBytes * 32 / 128);
    if (A.WarpInstructions > 0 &&
        (A.Wavefronts < 1 || A.Wavefronts > 32 * Phases))
      fail(K, Report, "wavefronts outside [1, 32 x phases]");
    if (A.WarpInstructions == 0 && A.Wavefronts != 0)
      fail(K, Report, "wavefronts without a warp instruction");
    if (A.IdealWavefronts > A.Wavefronts || A.TotalWavefronts < A.Wavefronts ||
        A.WavefrontsMean > A.Wavefronts + 1e-9)
      fail(K, Report, "ideal, mean or total inconsistent with the worst");
  }

  static const bool Print = std::getenv("SMEM_LINT_FUZZ_PRINT") != nullptr;
  if (Want.Inexact) {
    if (Print)
      std::fprintf(stderr, "  -> control flow undefined: invariants only\n");
    return;
  }
  for (size_t Index = 0; Index < K.Accesses.size(); ++Index) {
    const Access &Acc = K.Accesses[Index];
    const ExpectedAccess &E = Want.Accesses[Index];
    if (E.Inexact) {
      if (Print)
        std::fprintf(stderr, "  -> line %u: undefined or out of bounds\n",
                     Acc.Line);
      continue;
    }
    const AccessReport *Found = nullptr;
    for (const AccessReport &A : Kernel.Accesses)
      if (A.Array == "s" && A.Where.Line == Acc.Line &&
          A.Kind == (Acc.IsStore ? "store" : "load"))
        Found = &A;
    std::string Where = "line " + std::to_string(Acc.Line) + ": ";
    if (!Found) {
      if (E.WarpInstructions > 0)
        fail(K, Report, Where + "access executed but not reported");
      continue;
    }
    if (Found->WidthBytes != K.Type.Bytes)
      fail(K, Report, Where + "width differs from sizeof the element");
    if (Found->Status != "exact") {
      // The analysis may give up on what it cannot follow (and say so); that
      // is imprecision, not a wrong answer. SMEM_LINT_FUZZ_STRICT=1 hunts it.
      static const bool Strict = std::getenv("SMEM_LINT_FUZZ_STRICT");
      if (Strict)
        fail(K, Report,
             Where + "access is well defined but reported '" + Found->Status +
                 "'");
      if (Print)
        std::fprintf(stderr, "  -> line %u: reported '%s' (%s)\n", Acc.Line,
                     Found->Status.c_str(), Found->Reason.c_str());
      continue;
    }
    if (Found->WarpInstructions != E.WarpInstructions ||
        Found->TotalWavefronts != E.TotalWavefronts ||
        Found->Wavefronts != E.Worst || Found->IdealWavefronts != E.WorstIdeal)
      fail(K, Report,
           Where + "expected wavefronts " + std::to_string(E.Worst) +
               " ideal " + std::to_string(E.WorstIdeal) + " total " +
               std::to_string(E.TotalWavefronts) + " instructions " +
               std::to_string(E.WarpInstructions));
    if (Print)
      std::fprintf(stderr,
                   "  -> line %u: exact, %u wavefronts, %llu warp "
                   "instructions: agree\n",
                   Acc.Line, E.Worst, (unsigned long long)E.WarpInstructions);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  FuzzedDataProvider Data(Bytes, Size);
  Kernel K = generate(Data);
  if (std::getenv("SMEM_LINT_FUZZ_PRINT"))
    std::fprintf(stderr, "%s", K.Text.c_str());
  Expected Want = run(K);
  FileReport Report = fuzz::analyzeSourceText(K.Text);
  check(K, Report, Want);
  return 0;
}
