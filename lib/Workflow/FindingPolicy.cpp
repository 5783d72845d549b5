//===--- FindingPolicy.cpp - From what the checks found to what is reported ===//

#include "Workflow/FindingPolicy.h"

#include "Workflow/Suppressions.h"

#include "llvm/Support/MemoryBuffer.h"

namespace smemlint {
namespace {

/// Findings about the input itself, which no selection or comment hides.
bool alwaysShown(llvm::StringRef Check) {
  return Check == "clang-diagnostic-error" || Check == "smem-lint-input" ||
         Check == "smem-lint-internal";
}

/// Findings about how smem-lint was told things (annotations, NOLINT
/// comments) and how far its analysis got: shown unless suppressed, whatever
/// the check selection.
bool aboutTheTool(llvm::StringRef Check) {
  return Check == "smem-lint-annotation" || Check == "smem-lint-nolint" ||
         Check == "smem-lint-incomplete";
}

} // namespace

void applyFindingPolicy(FileReport &File, const FindingPolicy &Policy) {
  std::map<std::string, Suppressions> ByFile;
  std::vector<Diagnostic> Problems;
  auto SuppressionsOf = [&](const std::string &Path) -> const Suppressions & {
    auto It = ByFile.find(Path);
    if (It != ByFile.end())
      return It->second;
    auto Buffer = llvm::MemoryBuffer::getFile(Path);
    Suppressions Parsed =
        Buffer ? Suppressions::parse(Path, (*Buffer)->getBuffer(), Problems)
               : Suppressions();
    return ByFile.emplace(Path, std::move(Parsed)).first->second;
  };

  std::vector<Diagnostic> Kept;
  for (Diagnostic &D : File.Diagnostics) {
    if (alwaysShown(D.Check)) {
      Kept.push_back(std::move(D));
      continue;
    }
    if (!aboutTheTool(D.Check) && !Policy.Checks.matches(D.Check))
      continue;
    if (D.Check == "smem-bank-conflict" && D.Ways < Policy.MinWays)
      continue;
    if (D.Where.valid() &&
        SuppressionsOf(D.Where.File).suppresses(D.Check, D.Where.Line))
      continue;
    auto Level = Policy.Severities.find(D.Check);
    if (Level != Policy.Severities.end())
      D.Level = Level->second;
    if (D.Level == Severity::Warning && Policy.WarningsAsErrors.matches(D.Check))
      D.Level = Severity::Error;
    Kept.push_back(std::move(D));
  }
  // Comments that silence nothing are findings themselves.
  for (Diagnostic &Problem : Problems)
    Kept.push_back(std::move(Problem));
  File.Diagnostics = std::move(Kept);
}

} // namespace smemlint
