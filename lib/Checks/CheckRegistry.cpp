//===--- CheckRegistry.cpp - All checks, by name --------------------------===//

#include "Checks/CheckRegistry.h"

#include "Checks/BankConflictCheck.h"

namespace smemlint {

std::vector<std::unique_ptr<Check>> createAllChecks() {
  std::vector<std::unique_ptr<Check>> Checks;
  Checks.push_back(std::make_unique<BankConflictCheck>());
  return Checks;
}

} // namespace smemlint
