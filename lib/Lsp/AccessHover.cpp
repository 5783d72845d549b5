//===--- AccessHover.cpp - What the editor shows over a shared access -----===//

#include "Lsp/AccessHover.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace smemlint {
namespace lsp {
namespace {

/// The most entries one hover lists: a template with many instantiations
/// would otherwise fill the screen.
constexpr size_t MaxListed = 4;

/// Lanes per row of the lane -> bank table: four rows for a warp.
constexpr size_t LanesPerRow = 8;

/// "32x8", "64x1x2".
std::string shapeText(const BlockDimReport &Dim) {
  return std::to_string(Dim.X) + "x" + std::to_string(Dim.Y) +
         (Dim.Z > 1 ? "x" + std::to_string(Dim.Z) : "");
}

/// Where the block shape came from, in the user's words.
std::string shapeOrigin(const BlockDimReport &Dim) {
  if (Dim.Source == "default")
    return "assumed: no launch, annotation or --block-dim gives it";
  if (Dim.Source == "option")
    return "given by --block-dim";
  std::string Origin = "from the " + Dim.Source;
  if (Dim.Where.valid())
    Origin += " at line " + std::to_string(Dim.Where.Line);
  return Origin;
}

/// The worst warp's banks, LanesPerRow lanes a row; "-" for an inactive lane.
std::string bankTable(const AccessReport &Access) {
  std::string Table;
  llvm::raw_string_ostream Out(Table);
  size_t Lanes = Access.WorstWarpBanks.size();
  for (size_t First = 0; First < Lanes; First += LanesPerRow) {
    size_t Last = std::min(Lanes, First + LanesPerRow) - 1;
    Out << llvm::format("lanes %2zu-%-2zu:", First, Last);
    for (size_t Lane = First; Lane <= Last; ++Lane) {
      const std::optional<unsigned> &Bank = Access.WorstWarpBanks[Lane];
      if (Bank)
        Out << llvm::format(" %2u", *Bank);
      else
        Out << "  -";
    }
    Out << "\n";
  }
  return Table;
}

std::string describe(const KernelReport &Kernel, const AccessReport &Access) {
  std::string Text;
  llvm::raw_string_ostream Out(Text);
  Out << "**" << Access.Kind << " of `" << Access.Array << "`** in kernel `"
      << abbreviatedName(Kernel.Name, MessageNameLimit) << "`";
  if (Access.BlockDimIndex < Kernel.BlockDims.size()) {
    const BlockDimReport &Dim = Kernel.BlockDims[Access.BlockDimIndex];
    Out << ", block " << shapeText(Dim) << " (" << shapeOrigin(Dim) << ")";
  }
  Out << "\n\n";
  if (!Access.WarpInstructions && Access.MergedInto) {
    Out << "performed by the wider instruction nvcc makes of it and the "
        << Access.Kind << " at line " << Access.MergedInto->Line
        << ", which counts its wavefronts\n";
    return Text;
  }
  if (!Access.WarpInstructions) {
    Out << "not evaluated"
        << (Access.Reason.empty() ? "" : ": " + Access.Reason) << "\n";
    return Text;
  }
  Out << "wavefronts per warp: worst " << Access.Wavefronts << " (warp "
      << Access.WorstWarp << "), mean "
      << llvm::format("%.1f", Access.WavefrontsMean) << ", ideal "
      << Access.IdealWavefronts;
  if (Access.Ways >= 2)
    Out << " (" << Access.Ways << "-way conflict)";
  Out << " over " << Access.WarpInstructions << " warp instruction"
      << (Access.WarpInstructions == 1 ? "" : "s") << "\n";
  if (Access.Status != "exact" && !Access.Reason.empty())
    Out << "\n" << Access.Status << ": " << Access.Reason << "\n";
  if (!Access.WorstWarpBanks.empty()) {
    unsigned Width =
        Access.InstructionBytes ? Access.InstructionBytes : Access.WidthBytes;
    Out << "\nbank of each lane's first word, warp " << Access.WorstWarp;
    if (Access.LanesPerPhase &&
        Access.LanesPerPhase < Access.WorstWarpBanks.size())
      Out << " (" << Width << "-byte accesses, served " << Access.LanesPerPhase
          << " lanes at a time)";
    Out << ":\n```text\n" << bankTable(Access) << "```\n";
  }
  return Text;
}

} // namespace

std::optional<AccessHover> accessHover(const FileReport &Report,
                                       const std::string &DocumentPath,
                                       const Position &At, AnalysedFiles &Files,
                                       PositionEncoding Encoding) {
  const LineTable *Lines = Files.lines(DocumentPath);
  if (!Lines)
    return std::nullopt;
  struct Covering {
    const KernelReport *Kernel;
    const AccessReport *Access;
    Range Covered;
  };
  std::vector<Covering> Found;
  for (const KernelReport &Kernel : Report.Kernels)
    for (const AccessReport &Access : Kernel.Accesses) {
      if (!Access.Where.valid() ||
          Files.path(Access.Where.File) != DocumentPath)
        continue;
      Range Covered = rangeAt(Access.Where, Lines, Encoding);
      if (Access.End.valid() && Access.End.File == Access.Where.File)
        if (std::optional<unsigned> End =
                Lines->offsetOf(Access.End.Line, Access.End.Column))
          Covered.End = Lines->position(*End, Encoding);
      if (At < Covered.Start || Covered.End < At)
        continue;
      Found.push_back({&Kernel, &Access, Covered});
    }
  if (Found.empty())
    return std::nullopt;
  // Nested accesses (tile[idx[i]]): the innermost one under the cursor.
  auto Narrower = [](const Range &A, const Range &B) {
    return B.Start < A.Start || A.End < B.End;
  };
  Range Innermost = Found.front().Covered;
  for (const Covering &C : Found)
    if (Narrower(C.Covered, Innermost))
      Innermost = C.Covered;
  std::string Expression;
  std::vector<std::string> Parts;
  size_t Left = 0;
  for (const Covering &C : Found) {
    if (Narrower(Innermost, C.Covered) || Narrower(C.Covered, Innermost))
      continue;
    Expression = C.Access->Expression;
    if (Parts.size() == MaxListed) {
      ++Left;
      continue;
    }
    Parts.push_back(describe(*C.Kernel, *C.Access));
  }
  std::string Markdown = "`" + Expression + "`\n\n";
  Markdown += llvm::join(Parts, "\n---\n\n");
  if (Left)
    Markdown += "\n---\n\nand " + std::to_string(Left) +
                " more (other "
                "kernels or block shapes)\n";
  return AccessHover{Markdown, Innermost};
}

} // namespace lsp
} // namespace smemlint
