//===--- Ordering.h - The order findings are shown in -----------*- C++ -*-===//

#ifndef SMEMLINT_OUTPUT_ORDERING_H
#define SMEMLINT_OUTPUT_ORDERING_H

#include "Report/Report.h"

#include <vector>

namespace smemlint {

/// Input errors, then every file's diagnostics sorted by position, with exact
/// repeats (the same finding from two template instantiations or two block
/// shapes that agree) shown once.
std::vector<const Diagnostic *> diagnosticsInOrder(const RunReport &Report);

} // namespace smemlint

#endif
