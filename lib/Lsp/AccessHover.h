//===--- AccessHover.h - What the editor shows over a shared access -*- C++
//-*-//
//
// textDocument/hover on a shared-memory access: for each kernel and block
// shape that reaches it, the lane -> bank map of its worst warp instruction,
// its wavefronts per warp (worst and mean, and the ideal), and the block
// shape it was evaluated with and where that came from. The numbers are the
// report's (AccessReport, BlockDimReport); this only lays them out as
// Markdown.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_LSP_ACCESSHOVER_H
#define SMEMLINT_LSP_ACCESSHOVER_H

#include "Lsp/DiagnosticConversion.h"
#include "Report/Report.h"

#include <optional>
#include <string>

namespace smemlint {
namespace lsp {

/// What to show over a shared access: Markdown, and the range of the
/// access it is about.
struct AccessHover {
  std::string Markdown;
  Range Covered;
};

/// The hover for the shared accesses of \p Report whose expression covers
/// \p At in the document at \p DocumentPath (the innermost expression, when
/// accesses nest); nullopt when none does.
std::optional<AccessHover> accessHover(const FileReport &Report,
                                       const std::string &DocumentPath,
                                       const Position &At, AnalysedFiles &Files,
                                       PositionEncoding Encoding);

} // namespace lsp
} // namespace smemlint

#endif
