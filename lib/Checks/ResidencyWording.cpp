//===--- ResidencyWording.cpp - How findings speak of blocks per SM -------===//

#include "Checks/ResidencyWording.h"

namespace smemlint {

OccupancyChange residencyChange(const KernelAnalysis &Analysis,
                                uint64_t ExtraBytes) {
  Occupancy Before = Analysis.occupancy();
  Occupancy After = Analysis.occupancy(ExtraBytes);
  return {Analysis.arch().Name.str(), Before.BlocksPerSM, After.BlocksPerSM,
          Before.WarpsPerSM, After.WarpsPerSM};
}

std::string describeResidencyChange(const OccupancyChange &Change) {
  std::string Blocks = Change.BlocksAfter == 1 ? " block" : " blocks";
  if (Change.BlocksBefore == Change.BlocksAfter)
    return "still " + std::to_string(Change.BlocksAfter) + Blocks +
           " per SM on " + Change.Arch;
  return std::to_string(Change.BlocksBefore) + " -> " +
         std::to_string(Change.BlocksAfter) + Blocks + " per SM on " +
         Change.Arch;
}

std::string describeBytes(uint64_t Bytes) {
  std::string Text = std::to_string(Bytes) + " bytes";
  if (Bytes >= 1024 && Bytes % 1024 == 0)
    Text += " (" + std::to_string(Bytes / 1024) + " KB)";
  return Text;
}

} // namespace smemlint
