//===--- SourceNames.h - Name elements and threads as users write them -*- C++ -*-//

#ifndef SMEMLINT_ANALYSIS_SOURCENAMES_H
#define SMEMLINT_ANALYSIS_SOURCENAMES_H

#include "Evaluation/BlockShape.h"
#include "Evaluation/ThreadValue.h"

#include <cstdint>
#include <string>

namespace clang {
class ASTContext;
class VarDecl;
} // namespace clang

namespace smemlint {

/// The element at \p Offset bytes into \p Array: "tile[3][0]", or
/// "s[2] + 2 bytes" inside an element.
std::string elementName(const clang::ASTContext &Ctx,
                        const clang::VarDecl *Array, int64_t Offset);

/// "thread 5" in a 1-D block, "thread (5,1,0)" otherwise.
std::string threadName(const BlockShape &Block, unsigned LinearThread);

/// "warpgroup 1": the 128 consecutive threads \p LinearThread is one of,
/// which issue a wgmma together.
std::string warpgroupName(unsigned LinearThread);

/// The threads of \p Threads as a short list: "31", "0-7",
/// "31, 63, ..., 255", "0-3, 8-11, ... (40 threads)".
std::string threadList(const ThreadMask &Threads);

} // namespace smemlint

#endif
