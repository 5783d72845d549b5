//===--- Ordering.cpp - The order findings are shown in -------------------===//

#include "Output/Ordering.h"

#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <tuple>

namespace smemlint {

std::vector<const Diagnostic *> diagnosticsInOrder(const RunReport &Report) {
  std::vector<const Diagnostic *> Ordered;
  for (const Diagnostic &D : Report.InputErrors)
    Ordered.push_back(&D);
  // A finding in a header that several analysed files include is shown
  // once: the same place, the same fingerprint (less its ordinal in the
  // file) and the same block shape.
  using Key = std::tuple<std::string, unsigned, unsigned, std::string,
                         std::optional<std::array<unsigned, 3>>>;
  std::set<Key> Seen;
  for (const FileReport &File : Report.Files) {
    std::vector<const Diagnostic *> OfFile;
    for (const Diagnostic &D : File.Diagnostics) {
      std::string Identity = D.Fingerprint.substr(0, D.Fingerprint.find(':'));
      if (Seen.insert({D.Where.File, D.Where.Line, D.Where.Column, Identity,
                       D.Block})
              .second)
        OfFile.push_back(&D);
    }
    std::stable_sort(OfFile.begin(), OfFile.end(),
                     [](const Diagnostic *A, const Diagnostic *B) {
                       return std::tie(A->Where.File, A->Where.Line,
                                       A->Where.Column) <
                              std::tie(B->Where.File, B->Where.Line,
                                       B->Where.Column);
                     });
    Ordered.insert(Ordered.end(), OfFile.begin(), OfFile.end());
  }
  return Ordered;
}

} // namespace smemlint
