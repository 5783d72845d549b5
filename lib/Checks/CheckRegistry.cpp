//===--- CheckRegistry.cpp - All checks, by name --------------------------===//

#include "Checks/CheckRegistry.h"

#include "Checks/BankConflictCheck.h"
#include "Checks/BarrierReuseCheck.h"
#include "Checks/CapacityCheck.h"
#include "Checks/ConflictingWritesCheck.h"
#include "Checks/DivergentBarrierCheck.h"
#include "Checks/MissingBarrierCheck.h"
#include "Checks/OccupancyCheck.h"
#include "Checks/OutOfBoundsCheck.h"
#include "Checks/UncoalescedAccessCheck.h"
#include "Checks/WarpSyncCheck.h"

namespace smemlint {

std::vector<std::unique_ptr<Check>> createAllChecks() {
  std::vector<std::unique_ptr<Check>> Checks;
  Checks.push_back(std::make_unique<BankConflictCheck>());
  Checks.push_back(std::make_unique<MissingBarrierCheck>());
  Checks.push_back(std::make_unique<BarrierReuseCheck>());
  Checks.push_back(std::make_unique<DivergentBarrierCheck>());
  Checks.push_back(std::make_unique<WarpSyncCheck>());
  Checks.push_back(std::make_unique<OutOfBoundsCheck>());
  Checks.push_back(std::make_unique<ConflictingWritesCheck>());
  Checks.push_back(std::make_unique<CapacityCheck>());
  Checks.push_back(std::make_unique<OccupancyCheck>());
  Checks.push_back(std::make_unique<UncoalescedAccessCheck>());
  return Checks;
}

} // namespace smemlint
