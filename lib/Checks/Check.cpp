//===--- Check.cpp - What every check shares ------------------------------===//

#include "Checks/Check.h"

#include "llvm/ADT/STLExtras.h"

namespace smemlint {
namespace {

void addOnce(std::vector<std::string> &Ids, std::string Id) {
  if (!Id.empty() && !llvm::is_contained(Ids, Id))
    Ids.push_back(std::move(Id));
}

} // namespace

void CheckContext::nameSharedAccess(Diagnostic &Finding,
                                    const clang::Expr *Site,
                                    AccessKind Kind) const {
  addOnce(Finding.Accesses, Ids.shared(Site, Kind));
}

void CheckContext::nameGlobalAccess(Diagnostic &Finding,
                                    const clang::Expr *Site,
                                    AccessKind Kind) const {
  addOnce(Finding.Accesses, Ids.global(Site, Kind));
}

void CheckContext::nameAccessesAt(Diagnostic &Finding,
                                  const clang::Expr *Site) const {
  for (AccessKind Kind :
       {AccessKind::Load, AccessKind::Store, AccessKind::Atomic}) {
    nameSharedAccess(Finding, Site, Kind);
    nameGlobalAccess(Finding, Site, Kind);
  }
}

} // namespace smemlint
