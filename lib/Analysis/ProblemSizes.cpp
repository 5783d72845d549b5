//===--- ProblemSizes.cpp - Parameter values the shared arrays allow ------===//

#include "Analysis/ProblemSizes.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>

namespace smemlint {

namespace {

/// The largest r with r^Power <= N, in integers (pow's rounding may give
/// 31.99999 for the cube root of 32768).
int64_t integerRoot(int64_t N, unsigned Power) {
  auto Raised = [Power](int64_t R) {
    double P = 1;
    for (unsigned I = 0; I < Power; ++I)
      P *= double(R);
    return P;
  };
  int64_t R = std::llround(std::pow(double(N), 1.0 / Power));
  while (R > 0 && Raised(R) > double(N))
    --R;
  while (Raised(R + 1) <= double(N))
    ++R;
  return R;
}

} // namespace

std::optional<int64_t> nextProblemSize(const ObjectBounds &Bounds,
                                       int64_t Below) {
  std::vector<int64_t> Candidates;
  if (Bounds.Bytes && Bounds.ElementBytes) {
    int64_t Elements = int64_t(*Bounds.Bytes / Bounds.ElementBytes);
    Candidates.push_back(Elements);
    // A size squared or cubed indexes it (an n x n matrix in a flat array).
    Candidates.push_back(integerRoot(Elements, 2));
    Candidates.push_back(integerRoot(Elements, 3));
  }
  for (uint64_t Dim : Bounds.Dims)
    Candidates.push_back(int64_t(Dim));
  std::optional<int64_t> Best;
  for (int64_t Candidate : Candidates)
    if (Candidate > 1 && Candidate < Below && (!Best || Candidate > *Best))
      Best = Candidate;
  return Best;
}

namespace {

/// A violation through no parameter a size could change: the thread index
/// alone, or the block.
bool byThreadIndex(const Violation &V, const KernelAnalysis &Analysis) {
  if (V.Level == UndefinedAddress)
    return false;
  SymbolSet Through =
      (V.Symbols | V.ControlSymbols) & ~Analysis.sizesLeftAtDefault();
  for (unsigned Id = 0; Id < 64 && Id < Analysis.symbols().size(); ++Id)
    if ((Through >> Id & 1) && Analysis.symbols().symbol(Id).SymbolKind ==
                                   UniformSymbol::Kind::Parameter)
      return false;
  return true;
}

} // namespace

bool leavesTilesByThreadIndex(const KernelAnalysis &Analysis) {
  return llvm::any_of(Analysis.boundsViolations(), [&](const Violation &V) {
    return byThreadIndex(V, Analysis);
  });
}

std::vector<BlockShape> blockShapesFromTiles(const KernelAnalysis &Analysis,
                                             std::vector<std::string> &Tiles) {
  std::vector<BlockShape> Shapes;
  Tiles.clear();
  const KernelInfo &Kernel = Analysis.kernel();
  uint64_t MostThreads = std::min<uint64_t>(
      1024,
      Kernel.MaxThreads && *Kernel.MaxThreads ? *Kernel.MaxThreads : 1024);
  auto Offer = [&](BlockShape Shape, const clang::VarDecl *Tile,
                   llvm::ArrayRef<uint64_t> Dims) {
    if (Shape.threads() > MostThreads || Shape.threads() < 2 ||
        Shape == Analysis.shape().Block || llvm::is_contained(Shapes, Shape))
      return;
    std::string Name = "'" + Tile->getNameAsString();
    for (uint64_t Dim : Dims)
      Name += "[" + std::to_string(Dim) + "]";
    Shapes.push_back(Shape);
    Tiles.push_back(Name + "'");
  };
  for (const Violation &V : Analysis.boundsViolations()) {
    if (!byThreadIndex(V, Analysis))
      continue;
    auto Bounds = Analysis.bounds().find(V.Array);
    if (Bounds == Analysis.bounds().end())
      continue;
    const std::vector<uint64_t> &Dims = Bounds->second.Dims;
    if (Dims.empty() || llvm::is_contained(Dims, uint64_t(0)))
      continue;
    size_t Rank = Dims.size();
    // A block has at most 1024 threads: a longer dimension offers none
    // (1025 is out of the limit whatever it multiplies).
    auto Dim = [&](size_t FromLast) {
      return unsigned(std::min<uint64_t>(Dims[Rank - 1 - FromLast], 1025));
    };
    // threadIdx.x runs along the last dimension, y the one before it.
    if (Kernel.UsesThreadZ && Rank >= 3)
      Offer({Dim(0), Dim(1), Dim(2)}, V.Array, Dims);
    if ((Kernel.UsesThreadY || Kernel.UsesThreadZ) && Rank >= 2) {
      Offer({Dim(0), Dim(1), 1}, V.Array, Dims);
      // A padded tile (`float t[16][17]`, read transposed): the square.
      unsigned Square = std::min(Dim(0), Dim(1));
      Offer({Square, Square, 1}, V.Array, Dims);
    }
    if (!Kernel.UsesThreadY && !Kernel.UsesThreadZ)
      Offer({Dim(0), 1, 1}, V.Array, Dims);
    if (Shapes.size() >= 3)
      break;
  }
  Shapes.resize(std::min<size_t>(Shapes.size(), 3));
  Tiles.resize(Shapes.size());
  return Shapes;
}

ProblemSizeSearch::ProblemSizeSearch(const SymbolTable &Symbols,
                                     const std::map<unsigned, int64_t> &Given)
    : Symbols(Symbols), Given(Given) {}

bool ProblemSizeSearch::searched(unsigned Symbol) const {
  return Symbol < 64 && !(Settled >> Symbol & 1) && !Given.count(Symbol) &&
         Symbol < Symbols.size() &&
         Symbols.symbol(Symbol).SymbolKind == UniformSymbol::Kind::Parameter;
}

const Violation *
ProblemSizeSearch::stoppingViolation(llvm::ArrayRef<Violation> Violations,
                                     SymbolSet &Through) const {
  if (Ended)
    return nullptr;
  for (const Violation &V : Violations) {
    if (V.Level == UndefinedAddress)
      continue;
    Through = 0;
    for (unsigned Id = 0; Id < 64; ++Id)
      if (((V.Symbols | V.ControlSymbols) >> Id & 1) && searched(Id))
        Through |= SymbolSet(1) << Id;
    if (Through)
      return &V;
  }
  return nullptr;
}

bool ProblemSizeSearch::shouldStop(llvm::ArrayRef<Violation> Violations) const {
  SymbolSet Through = 0;
  return stoppingViolation(Violations, Through) != nullptr;
}

SymbolSet ProblemSizeSearch::leftAtDefault() const {
  SymbolSet Chosen = 0;
  for (const auto &[Id, Why] : Reasons)
    Chosen |= SymbolSet(1) << Id;
  return Tried & ~Chosen;
}

void ProblemSizeSearch::settle(SymbolSet Through,
                               std::map<unsigned, int64_t> &Values) {
  for (unsigned Id = 0; Id < 64; ++Id)
    if (Through >> Id & 1) {
      Values.erase(Id);
      Reasons.erase(Id);
    }
  Settled |= Through;
  Tried |= Through;
}

bool ProblemSizeSearch::retry(const BoundsObserver &Bounds,
                              std::map<unsigned, int64_t> &Values) {
  if (Ended)
    return false;
  SymbolSet Through = 0;
  const Violation *V = stoppingViolation(Bounds.violations(), Through);
  // Sizes that kept threads from an access that were in bounds there: the
  // size is not the one the access is written for. (`if (tid < n) m[tid]`
  // over 24 elements keeps exactly the threads from 24 on from it: n = 24
  // is; a guard shrunk around a halo read keeps in-bounds threads out too.)
  SymbolSet Excluding = 0;
  if (!V)
    for (const Trial &Tried : Trials) {
      ThreadMask Left = Tried.Before;
      Left.reset(Bounds.threadsAt(Tried.Site));
      Left.reset(Tried.Threads);
      if (Left.any())
        Excluding |= Tried.Sizes;
    }
  if (!V && !Excluding)
    return false;
  if (++Retries > MaxRetries) {
    // Values no run has kept in bounds yet are not reported as chosen.
    for (const auto &[Id, Why] : Reasons)
      Values.erase(Id);
    Reasons.clear();
    Ended = true;
    return true;
  }
  if (Excluding) {
    settle(Excluding, Values);
    llvm::erase_if(Trials, [&](const Trial &T) { return T.Sizes & Excluding; });
    return true;
  }
  // Every size the access goes through takes the candidate together: a
  // loop to G * K over 32 elements is in bounds with G = K = 5, not with
  // either alone at any value while the other stays at 1024.
  int64_t Now = 0;
  std::string Defaults;
  for (unsigned Id = 0; Id < 64; ++Id) {
    if (!(Through >> Id & 1))
      continue;
    const UniformSymbol &Size = Symbols.symbol(Id);
    auto Current = Values.find(Id);
    Now = std::max(Now, Current != Values.end() ? Current->second
                                                : defaultSymbolValue(Size));
    Defaults += std::string(Defaults.empty() ? "" : " and ") + Size.spelling() +
                " = " + std::to_string(defaultSymbolValue(Size));
  }
  const ObjectBounds *Object = nullptr;
  if (auto Found = Bounds.objects().find(V->Array);
      Found != Bounds.objects().end())
    Object = &Found->second;
  std::optional<int64_t> Next =
      Object ? nextProblemSize(*Object, Now) : std::nullopt;
  if (!Next) {
    settle(Through, Values);
    return true;
  }
  std::string Size;
  if (Object->Bytes && Object->ElementBytes)
    Size = " (" + std::to_string(*Object->Bytes / Object->ElementBytes) +
           " elements)";
  for (unsigned Id = 0; Id < 64; ++Id)
    if (Through >> Id & 1) {
      Values[Id] = *Next;
      Reasons[Id] = "the largest value tried that keeps the accesses of '" +
                    V->Array->getNameAsString() + "'" + Size +
                    " in bounds; with " + Defaults + " they leave it";
    }
  Trials.push_back({V->Site, V->Threads, Bounds.threadsAt(V->Site), Through});
  Tried |= Through;
  return true;
}

} // namespace smemlint
