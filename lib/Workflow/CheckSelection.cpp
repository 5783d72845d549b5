//===--- CheckSelection.cpp - Which checks run and how loudly -------------===//

#include "Workflow/CheckSelection.h"

#include "llvm/ADT/SmallVector.h"

namespace smemlint {
namespace {

bool globMatches(llvm::StringRef Pattern, llvm::StringRef Text) {
  if (Pattern.empty())
    return Text.empty();
  if (Pattern.front() == '*') {
    for (size_t Skip = 0; Skip <= Text.size(); ++Skip)
      if (globMatches(Pattern.drop_front(), Text.drop_front(Skip)))
        return true;
    return false;
  }
  return !Text.empty() && Pattern.front() == Text.front() &&
         globMatches(Pattern.drop_front(), Text.drop_front());
}

} // namespace

CheckGlobs::CheckGlobs(llvm::StringRef Text) : Text(Text.str()) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Part : Parts) {
    Part = Part.trim();
    if (Part.empty())
      continue;
    bool Negative = Part.consume_front("-");
    Globs.push_back({Negative, Part.trim().str()});
  }
}

bool CheckGlobs::matches(llvm::StringRef Check) const {
  bool Selected = false;
  for (const Glob &G : Globs)
    if (globMatches(G.Pattern, Check))
      Selected = !G.Negative;
  return Selected;
}

std::vector<std::string>
CheckGlobs::unmatchedGlobs(llvm::ArrayRef<std::string> KnownChecks) const {
  std::vector<std::string> Unmatched;
  for (const Glob &G : Globs) {
    bool Any = false;
    for (const std::string &Check : KnownChecks)
      Any |= globMatches(G.Pattern, Check);
    if (!Any)
      Unmatched.push_back(G.Pattern);
  }
  return Unmatched;
}

} // namespace smemlint
