//===--- JsonOutput.h - Machine-readable report -----------------*- C++ -*-===//
//
// The --format=json document: every kernel with its block shapes, shared
// variables and evaluated accesses (not only the findings), and the
// diagnostics. The schema is documented in docs/json-output.md.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_OUTPUT_JSONOUTPUT_H
#define SMEMLINT_OUTPUT_JSONOUTPUT_H

#include "Report/Report.h"

#include <string>

namespace smemlint {

/// Version of the JSON document layout; bumped on incompatible changes.
constexpr unsigned JsonSchemaVersion = 2;

/// The report as a JSON document (pretty-printed, ending in a newline).
std::string renderJsonReport(const RunReport &Report);

} // namespace smemlint

#endif
