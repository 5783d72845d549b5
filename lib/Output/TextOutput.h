//===--- TextOutput.h - Clang-style diagnostics -----------------*- C++ -*-===//

#ifndef SMEMLINT_OUTPUT_TEXTOUTPUT_H
#define SMEMLINT_OUTPUT_TEXTOUTPUT_H

#include "Report/Report.h"

#include "llvm/Support/raw_ostream.h"

namespace smemlint {

/// Prints \p D as Clang does: for a place in a header, the "In file
/// included from" lines; `file:line:col: warning: message [check]`; the
/// source line with a caret and `~` under the rest of the finding's range,
/// fix-it text under it; then each note the same way; in Clang's colours
/// where \p OS has colours enabled.
void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D);

/// Prints every diagnostic of \p Report, sorted by file and position; an
/// include chain is printed once for consecutive findings in one header
/// whose notes stay in it.
void printTextReport(llvm::raw_ostream &OS, const RunReport &Report);

} // namespace smemlint

#endif
