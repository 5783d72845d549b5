//===--- CheckSelection.h - Which checks run and how loudly -----*- C++ -*-===//
//
// clang-tidy style check globs ("-*,smem-bank-conflict,smem-*barrier*"),
// used for --checks and --warnings-as-errors, and the per-check severities a
// configuration file may set.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_WORKFLOW_CHECKSELECTION_H
#define SMEMLINT_WORKFLOW_CHECKSELECTION_H

#include "Checks/CheckRegistry.h"
#include "Report/Report.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace smemlint {

/// A comma-separated list of globs, each optionally negated with '-'; later
/// globs win. "*" matches any run of characters.
class CheckGlobs {
public:
  CheckGlobs() = default;
  explicit CheckGlobs(llvm::StringRef Text);
  /// Whether \p Check is selected; a list that selects nothing of its own
  /// ("-*") selects nothing.
  bool matches(llvm::StringRef Check) const;
  /// Globs that match no known check: likely typos.
  std::vector<std::string>
  unmatchedGlobs(llvm::ArrayRef<std::string> KnownChecks) const;
  const std::string &text() const { return Text; }

private:
  struct Glob {
    bool Negative;
    std::string Pattern;
  };
  std::string Text;
  std::vector<Glob> Globs;
};

} // namespace smemlint

#endif
