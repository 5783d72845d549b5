//===--- ClusterRaceCheck.h - smem-cluster-race ------------------*- C++
//-*-===//
//
// Races between the blocks of a thread-block cluster through distributed
// shared memory: an access of another block's shared memory (through
// cluster.map_shared_rank or mapa) that no cluster barrier orders with that
// block's own access of the word, and one that no cluster barrier orders
// before that block's exit. The analysis is ClusterProfile's.
//
// For the user-facing documentation see: docs/checks/smem-cluster-race.md
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_CLUSTERRACECHECK_H
#define SMEMLINT_CHECKS_CLUSTERRACECHECK_H

#include "Checks/Check.h"

namespace smemlint {

class ClusterRaceCheck : public Check {
public:
  ClusterRaceCheck() : Check(info()) {}
  static const CheckInfo &info();
  void checkKernel(const CheckContext &Context,
                   std::vector<Diagnostic> &Findings) override;
};

} // namespace smemlint

#endif
