//===--- FindingPolicy.cpp - From what the checks found to what is reported ===//

#include "Workflow/FindingPolicy.h"

#include "Workflow/Suppressions.h"

#include "Checks/CheckRegistry.h"

#include "llvm/Support/MemoryBuffer.h"

namespace smemlint {

unsigned FindingPolicy::optionValue(const CheckOption &Option) const {
  auto It = OptionValues.find(Option.Name);
  return It == OptionValues.end() ? Option.Default : It->second;
}

void applyFindingPolicy(FileReport &File, const FindingPolicy &Policy) {
  // Before anything is filtered: a finding's fingerprint does not change
  // when NOLINT, --checks or --min-ways hide another one.
  stampFingerprints(File);
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
    const CheckInfo *Kind = findFindingKind(D.Check);
    if (Kind && Kind->AlwaysShown) {
      Kept.push_back(std::move(D));
      continue;
    }
    bool AboutTheTool = Kind && Kind->AboutTheTool;
    if (!AboutTheTool && !Policy.Checks.matches(D.Check))
      continue;
    if (Kind && llvm::any_of(Kind->Options, [&](const CheckOption &Option) {
          return !Option.Keeps(D, Policy.optionValue(Option));
        }))
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
  // The problems with the comments, numbered after what was stamped.
  stampFingerprints(File);
}

} // namespace smemlint
