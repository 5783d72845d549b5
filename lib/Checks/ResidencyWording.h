//===--- ResidencyWording.h - How findings speak of blocks per SM -*- C++ -*-//
//
// The words the capacity, occupancy and bank-conflict checks share to say
// what a kernel's shared memory, or a fix, does to residency.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_CHECKS_RESIDENCYWORDING_H
#define SMEMLINT_CHECKS_RESIDENCYWORDING_H

#include "Analysis/KernelAnalysis.h"
#include "Report/Report.h"

#include <string>

namespace smemlint {

/// Blocks and warps per SM before and after \p ExtraBytes more shared memory
/// per block.
OccupancyChange residencyChange(const KernelAnalysis &Analysis,
                                uint64_t ExtraBytes);

/// "still 8 blocks per SM on sm_90" or "16 -> 15 blocks per SM on sm_90".
std::string describeResidencyChange(const OccupancyChange &Change);

/// "49152 bytes (48 KB)".
std::string describeBytes(uint64_t Bytes);

} // namespace smemlint

#endif
