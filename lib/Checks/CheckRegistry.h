//===--- CheckRegistry.h - All checks, by name ------------------*- C++ -*-===//
//
// Adding a check means adding its file pair and one line in CheckRegistry.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_CHECKREGISTRY_H
#define SMEMLINT_CHECKS_CHECKREGISTRY_H

#include "Checks/Check.h"

#include <memory>
#include <vector>

namespace smemlint {

/// Every check smem-lint has, in a fixed order.
std::vector<std::unique_ptr<Check>> createAllChecks();

} // namespace smemlint

#endif
