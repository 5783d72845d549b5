//===--- CheckRegistry.h - All checks, by name ------------------*- C++ -*-===//
//
// The one list of checks. Adding a check means adding its file pair and one
// line in CheckRegistry.cpp (utils/add-check.py writes both, the CMake line,
// a docs page and a lit test). Everything that needs to know the checks
// (selection, the finding policy, SARIF rules, runtime_verify, the docs
// table test) asks here.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_CHECKREGISTRY_H
#define SMEMLINT_CHECKS_CHECKREGISTRY_H

#include "Checks/Check.h"
#include "Report/CheckInfo.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace smemlint {

struct RegisteredCheck {
  const CheckInfo &(*Info)();
  std::unique_ptr<Check> (*Create)();
};

/// Every check smem-lint has, in the order they run.
llvm::ArrayRef<RegisteredCheck> registeredChecks();

/// A fresh instance of every check, in registry order.
std::vector<std::unique_ptr<Check>> createAllChecks();

/// Every kind of finding: the checks' in registry order, then the
/// compiler's and the tool's own (toolFindingKinds).
std::vector<const CheckInfo *> allFindingKinds();

/// The kind of finding called \p Name, or null.
const CheckInfo *findFindingKind(llvm::StringRef Name);

/// The names of the checks (not the tool's own kinds), for validating the
/// globs users write.
std::vector<std::string> knownCheckNames();

} // namespace smemlint

#endif
