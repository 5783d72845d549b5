//===--- CheckListOutput.h - smem-lint --list-checks -------------*- C++
//-*-===//
//
// The registry as users read it: every check with its default, category and
// one-line summary (text), or every kind of finding with all its facts
// (JSON, read by utils/check-registry.py), or one kind explained (--explain).
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_OUTPUT_CHECKLISTOUTPUT_H
#define SMEMLINT_OUTPUT_CHECKLISTOUTPUT_H

#include "Workflow/CheckSelection.h"

#include <string>

namespace smemlint {

/// The checks \p Selected selects and the others, one per line.
std::string renderCheckListText(const CheckGlobs &Selected);

/// --explain: what \p Info finds, why it matters, what to do, its options
/// and its docs page.
std::string renderCheckExplanation(const CheckInfo &Info);

/// Every kind of finding, checks first, as a JSON document.
std::string renderCheckListJson();

} // namespace smemlint

#endif
