//===--- CheckRegistry.cpp - All checks, by name --------------------------===//

#include "Checks/CheckRegistry.h"

#include "Checks/AsyncCopyWaitCheck.h"
#include "Checks/AsyncProxyFenceCheck.h"
#include "Checks/BankConflictCheck.h"
#include "Checks/BarrierReuseCheck.h"
#include "Checks/CapacityCheck.h"
#include "Checks/ClusterRaceCheck.h"
#include "Checks/ConflictingWritesCheck.h"
#include "Checks/DivergentBarrierCheck.h"
#include "Checks/MbarrierProtocolCheck.h"
#include "Checks/MisalignedAccessCheck.h"
#include "Checks/MissingBarrierCheck.h"
#include "Checks/OccupancyCheck.h"
#include "Checks/OutOfBoundsCheck.h"
#include "Checks/UncoalescedAccessCheck.h"
#include "Checks/WarpSyncCheck.h"

namespace smemlint {
namespace {

template <typename CheckType> RegisteredCheck entry() {
  return {&CheckType::info, []() -> std::unique_ptr<Check> {
            return std::make_unique<CheckType>();
          }};
}

} // namespace

llvm::ArrayRef<RegisteredCheck> registeredChecks() {
  // One entry per line, as utils/add-check.py edits them.
  // clang-format off
  static const RegisteredCheck Checks[] = {
      entry<BankConflictCheck>(),
      entry<MissingBarrierCheck>(),
      entry<BarrierReuseCheck>(),
      entry<DivergentBarrierCheck>(),
      entry<WarpSyncCheck>(),
      entry<OutOfBoundsCheck>(),
      entry<ConflictingWritesCheck>(),
      entry<CapacityCheck>(),
      entry<OccupancyCheck>(),
      entry<UncoalescedAccessCheck>(),
      entry<AsyncCopyWaitCheck>(),
      entry<MbarrierProtocolCheck>(),
      entry<AsyncProxyFenceCheck>(),
      entry<ClusterRaceCheck>(),
      entry<MisalignedAccessCheck>(),
  };
  // clang-format on
  return Checks;
}

std::vector<std::unique_ptr<Check>> createAllChecks() {
  std::vector<std::unique_ptr<Check>> Checks;
  for (const RegisteredCheck &Entry : registeredChecks())
    Checks.push_back(Entry.Create());
  return Checks;
}

std::vector<const CheckInfo *> allFindingKinds() {
  std::vector<const CheckInfo *> Kinds;
  for (const RegisteredCheck &Entry : registeredChecks())
    Kinds.push_back(&Entry.Info());
  for (const CheckInfo &Kind : toolFindingKinds())
    Kinds.push_back(&Kind);
  return Kinds;
}

const CheckInfo *findFindingKind(llvm::StringRef Name) {
  for (const CheckInfo *Kind : allFindingKinds())
    if (Name == Kind->Name)
      return Kind;
  return nullptr;
}

std::vector<std::string> knownCheckNames() {
  std::vector<std::string> Names;
  for (const RegisteredCheck &Entry : registeredChecks())
    Names.push_back(Entry.Info().Name);
  return Names;
}

} // namespace smemlint
