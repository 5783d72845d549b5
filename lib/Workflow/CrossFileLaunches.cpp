//===--- CrossFileLaunches.cpp - Launches of kernels other files define ---===//

#include "Workflow/CrossFileLaunches.h"

#include "Report/CheckInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace smemlint {
namespace {

std::string placeOf(const SourcePoint &Where) {
  return llvm::sys::path::filename(Where.File).str() + ":" +
         std::to_string(Where.Line);
}

/// Whether every block \p Kernel was analysed with is an assumed one.
bool onlyAssumedBlocks(const KernelReport &Kernel) {
  return !Kernel.BlockDims.empty() &&
         llvm::all_of(Kernel.BlockDims, [](const BlockDimReport &Dim) {
           return Dim.Source == "default";
         });
}

/// "/abs/dir/k.cuh:12": one definition, whichever file's analysis saw it
/// (a header the files of the run include).
std::string definitionPlace(const SourcePoint &Where) {
  llvm::SmallString<256> Path;
  if (llvm::sys::fs::real_path(Where.File, Path))
    Path = Where.File;
  return Path.str().str() + ":" + std::to_string(Where.Line);
}

/// Whether a launch among \p Launches of \p Kernel's symbol has a block
/// that \p Kernel, analysed with the blocks of its own file's launches,
/// was not analysed with.
bool launchAddsBlock(const KernelReport &Kernel,
                     llvm::ArrayRef<ExternalLaunch> Launches) {
  // Blocks from an option or annotation win over every launch.
  if (Kernel.BlockDims.empty() ||
      !llvm::all_of(Kernel.BlockDims, [](const BlockDimReport &Dim) {
        return Dim.Source == "launch";
      }))
    return false;
  return llvm::any_of(Launches, [&](const ExternalLaunch &Launch) {
    return Launch.MangledName == Kernel.MangledName && Launch.Block &&
           llvm::none_of(Kernel.BlockDims, [&](const BlockDimReport &Dim) {
             return std::array<unsigned, 3>{Dim.X, Dim.Y, Dim.Z} ==
                    *Launch.Block;
           });
  });
}

} // namespace

CrossFilePlan
usesAcrossFiles(const std::vector<std::optional<FileReport>> &Reports) {
  CrossFilePlan Plan;
  // The files defining each kernel symbol, and the places of those
  // definitions: two files that include one header define its kernels
  // once.
  std::map<std::string, std::vector<size_t>> Definers;
  std::map<std::string, std::set<std::string>> Places;
  for (size_t I = 0; I < Reports.size(); ++I)
    if (Reports[I])
      for (const KernelReport &Kernel : Reports[I]->Kernels) {
        if (Kernel.MangledName.empty())
          continue;
        if (!llvm::is_contained(Definers[Kernel.MangledName], I))
          Definers[Kernel.MangledName].push_back(I);
        Places[Kernel.MangledName].insert(definitionPlace(Kernel.Where));
      }

  std::map<size_t, OtherFilesUses> Uses;
  // Symbols launched in one file and defined in several: said once each.
  std::map<std::string, const ExternalLaunch *> Ambiguous;
  for (size_t J = 0; J < Reports.size(); ++J) {
    if (!Reports[J])
      continue;
    for (const ExternalLaunch &Launch : Reports[J]->ExternalLaunches) {
      auto Found = Definers.find(Launch.MangledName);
      if (Found == Definers.end())
        continue;
      if (Places[Launch.MangledName].size() > 1) {
        Ambiguous.emplace(Launch.MangledName, &Launch);
        continue;
      }
      for (size_t I : Found->second)
        if (I != J)
          Uses[I].Launches.push_back(Launch);
    }
    for (const ExternalOptIn &OptIn : Reports[J]->ExternalOptIns) {
      auto Found = Definers.find(OptIn.MangledName);
      if (Found == Definers.end() || Places[OptIn.MangledName].size() > 1)
        continue;
      for (size_t I : Found->second)
        if (I != J)
          Uses[I].OptIns.push_back(OptIn);
    }
  }

  // Never silent: a launch that could belong to several definitions is
  // used for none, and the kernels that keep an assumed block say why.
  for (const auto &[Symbol, Launch] : Ambiguous) {
    std::vector<std::string> Where;
    for (const std::string &Place : Places[Symbol])
      Where.push_back(llvm::sys::path::filename(Place).str());
    for (size_t I : Definers[Symbol])
      for (const KernelReport &Kernel : Reports[I]->Kernels) {
        if (Kernel.MangledName != Symbol || !onlyAssumedBlocks(Kernel))
          continue;
        Diagnostic D;
        D.Check = findings::Incomplete;
        D.Origin = FindingOrigin::Tool;
        D.Level = Severity::Note;
        D.Where = Kernel.Where;
        D.Kernel = Kernel.Name;
        D.Message =
            "'" + Kernel.Name + "' is launched at " + placeOf(Launch->Where) +
            ", but the files of this run define a kernel of that "
            "name in " +
            std::to_string(Where.size()) + " places (" +
            llvm::join(Where, ", ") + "): the launch is used for none of them";
        Plan.Notes[I].push_back(std::move(D));
      }
  }

  // Only files whose analysis the uses change are analysed again.
  // (Not a structured binding: a lambda below captures the uses, which
  // C++17 does not allow of a binding.)
  for (auto &Entry : Uses) {
    size_t I = Entry.first;
    OtherFilesUses &Use = Entry.second;
    const FileReport &File = *Reports[I];
    bool Changes = llvm::any_of(File.Kernels, [&](const KernelReport &Kernel) {
      auto Named = [&](const auto &Item) {
        return Item.MangledName == Kernel.MangledName;
      };
      bool Launched = llvm::any_of(Use.Launches, Named);
      bool OptedIn =
          llvm::any_of(Use.OptIns, Named) &&
          llvm::any_of(File.Diagnostics, [&](const Diagnostic &D) {
            return D.Check == "smem-capacity" && D.Kernel == Kernel.Name;
          });
      return (Launched && (onlyAssumedBlocks(Kernel) ||
                           launchAddsBlock(Kernel, Use.Launches))) ||
             OptedIn;
    });
    if (Changes)
      Plan.Reanalyse.emplace(I, std::move(Use));
  }
  return Plan;
}

} // namespace smemlint
