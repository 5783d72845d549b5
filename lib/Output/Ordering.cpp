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
  // once, for the first of them: the same place and the same fingerprint
  // under the same block shape. Within one file every finding stays (two
  // launches of one shape may find different things).
  using Key = std::tuple<std::string, unsigned, unsigned, std::string,
                         std::optional<std::array<unsigned, 3>>>;
  std::set<Key> Seen;
  for (const FileReport &File : Report.Files) {
    std::vector<const Diagnostic *> OfFile;
    std::vector<Key> Keys;
    for (const Diagnostic &D : File.Diagnostics) {
      Key K{D.Where.File, D.Where.Line, D.Where.Column, D.Fingerprint,
            D.Block};
      if (!Seen.count(K))
        OfFile.push_back(&D);
      Keys.push_back(std::move(K));
    }
    Seen.insert(Keys.begin(), Keys.end());
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
