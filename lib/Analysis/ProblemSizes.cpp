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

void ProblemSizeSearch::settle(SymbolSet Through,
                               std::map<unsigned, int64_t> &Values) {
  for (unsigned Id = 0; Id < 64; ++Id)
    if (Through >> Id & 1) {
      Values.erase(Id);
      Reasons.erase(Id);
    }
  Settled |= Through;
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
  return true;
}

} // namespace smemlint
