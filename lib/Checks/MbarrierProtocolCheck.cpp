//===--- MbarrierProtocolCheck.cpp - smem-mbarrier-protocol ---------------===//

#include "Checks/MbarrierProtocolCheck.h"

#include "Checks/HazardWording.h"

#include "Analysis/SourceNames.h"
#include "Analysis/SourcePoints.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringExtras.h"

namespace smemlint {

namespace {

std::string plural(int64_t N, const char *One) {
  return std::to_string(N) + " " + One + (N == 1 ? "" : "s");
}

/// "never completes: ... which needs 256 arrivals and has 128", and what to
/// do about it.
std::pair<std::string, std::string>
neverCompletes(const MbarrierProblemEvent &Wait) {
  std::string Why, Fix;
  bool Overrun =
      Wait.Phase > 0 && Wait.AllArrivals > uint64_t(Wait.Expected) * Wait.Phase;
  if (Wait.Arrivals < Wait.Expected) {
    Why = "needs " + plural(Wait.Expected, "arrival") + " and has " +
          std::to_string(Wait.Arrivals);
    Fix = Overrun ? "each phase completes after " +
                        plural(Wait.Expected, "arrival") + ": the " +
                        std::to_string(Wait.AllArrivals) +
                        " arrivals so far completed " +
                        plural(int64_t(Wait.Phase), "phase") +
                        ", and this wait is for the next, which no thread "
                        "arrives on; initialise the mbarrier with the number "
                        "of arrivals of one phase, or wait for the phase they "
                        "complete"
                  : "initialise the mbarrier with the number of threads that "
                    "arrive on each phase (here " +
                        std::to_string(Wait.Arrivals) +
                        "), or make every thread it counts arrive before the "
                        "wait";
  } else if (Wait.BytesMissing > 0) {
    Why = "has its " + plural(Wait.Expected, "arrival") + " but waits for " +
          std::to_string(Wait.BytesMissing) +
          " more transaction bytes than its copies deliver";
    Fix = "announce with expect_tx the bytes the copies that signal this "
          "mbarrier deliver, or copy the bytes announced";
  } else {
    Why = "has its " + plural(Wait.Expected, "arrival") +
          " but its copies deliver " + std::to_string(-Wait.BytesMissing) +
          " transaction bytes more than expect_tx announced, so its "
          "transaction count never returns to zero";
    Fix = "announce with expect_tx exactly the bytes the copies that signal "
          "this mbarrier deliver";
  }
  return {"never completes: " + Why +
              "; every thread of the block that has not returned waits here, "
              "so none is left to complete it",
          Fix + " (the kernel hangs: a phase completes when its arrivals and "
                "its transaction bytes are all in)"};
}

/// "depends on when the copy at line 22 lands: ...", and what to do about
/// it.
std::pair<std::string, std::string>
dependsOnTiming(const KernelAnalysis &Analysis,
                const MbarrierProblemEvent &Wait) {
  std::string Parity = "parity " + std::to_string(Wait.Parity.value_or(0));
  std::string Earliest = std::to_string(Wait.EarliestPhase);
  std::string Message =
      Wait.CopySite
          ? "depends on when the copy at line " +
                std::to_string(lineOf(Analysis, Wait.CopySite)) +
                " lands: while it is in flight"
          : "depends on when the other threads arrive: until they all have";
  Message += ", phase " + Earliest + " is in progress and " + Parity +
             (Wait.PhaseAtEarliest < int64_t(Wait.EarliestPhase)
                  ? " names the phase before it, so the wait returns at once"
                  : " waits for it") +
             "; once " + (Wait.CopySite ? "it has landed" : "they all have") +
             ", " + Parity + " names phase " + std::to_string(Wait.Phase) +
             (Wait.Phase >= Wait.Completed
                  ? ", which nothing completes (the kernel hangs)"
                  : "");
  std::string Fix;
  if (Wait.Completed - Wait.EarliestPhase > 1)
    Fix = "the " + std::to_string(Wait.AllArrivals) +
          " arrivals so far completed " + std::to_string(Wait.Completed) +
          " phases of an mbarrier initialised for " +
          plural(Wait.Expected, "arrival") +
          " per phase: initialise it with the number of arrivals of one phase";
  else
    Fix = "wait with the parity of the phase the " +
          std::string(Wait.CopySite ? "copy completes" : "arrivals complete") +
          " (here " + std::to_string(Wait.EarliestPhase & 1) +
          "; in a ring of N stages, (k / N) & 1 at iteration k)";
  return {Message, Fix};
}

/// "completes before the copy at line 22 is done: ...", and what to do.
std::pair<std::string, std::string>
completesEarly(const KernelAnalysis &Analysis,
               const MbarrierProblemEvent &Wait) {
  std::string Line =
      Wait.CopySite
          ? " at line " + std::to_string(lineOf(Analysis, Wait.CopySite))
          : std::string();
  return {"returns before the copy" + Line + " is done: the copy delivers " +
              std::to_string(-Wait.BytesMissing) +
              " transaction bytes more than expect_tx announced for phase " +
              std::to_string(Wait.Phase) +
              ", which completes once the announced bytes are in; the reads "
              "after the wait may see bytes still in flight, and the rest "
              "counts against the next phase (measured on the H200: "
              "docs/measurements/h200-tma.md)",
          "announce with expect_tx exactly the bytes the copies that signal "
          "this mbarrier deliver (a TMA tensor copy: its box)"};
}

/// "arrivals overflow it: ...", and what to do about it.
std::pair<std::string, std::string> overflow(const MbarrierProblemEvent &Wait) {
  return {"arrivals overflow its phase " + std::to_string(Wait.Phase) +
              ": one warp instruction makes " +
              plural(Wait.Arrivals, "arrival") + " and the phase needs " +
              std::to_string(Wait.Needed) +
              " more; the mbarrier overflows and the kernel fails there "
              "(compute-sanitizer's synccheck: \"Barrier overflow\"; the "
              "launch returns \"unspecified launch failure\")",
          "initialise the mbarrier with the number of arrivals of one phase "
          "(every thread that arrives on it), or let fewer threads arrive; "
          "arrivals of different warps, or of one thread in turn, complete "
          "phase after phase instead"};
}

} // namespace

void MbarrierProtocolCheck::checkKernel(const CheckContext &Context,
                                        std::vector<Diagnostic> &Findings) {
  const KernelAnalysis &Analysis = Context.Analysis;
  const clang::SourceManager &SM = Analysis.context().getSourceManager();
  const BlockShape &Block = Analysis.shape().Block;
  for (const MbarrierProblemEvent &Wait :
       Analysis.barriers().MbarrierProblems) {
    std::string Barrier = "'" + Wait.Barrier + "'";
    bool Overflow = Wait.What == MbarrierProblemEvent::Problem::Overflow;
    auto [Problem, Fix] =
        Overflow ? overflow(Wait)
        : Wait.What == MbarrierProblemEvent::Problem::NeverCompletes
            ? neverCompletes(Wait)
        : Wait.What == MbarrierProblemEvent::Problem::CompletesEarly
            ? completesEarly(Analysis, Wait)
            : dependsOnTiming(Analysis, Wait);
    std::string Does = Overflow ? std::string("arrives")
                       : Wait.Parity
                           ? "waits with parity " + std::to_string(*Wait.Parity)
                           : "waits for phase " + std::to_string(Wait.Phase);
    Diagnostic D;
    D.Check = name().str();
    D.Level = Severity::Warning;
    // A wait in a helper is reported at the kernel's call of it: one
    // finding per kernel and place.
    bool Helper = false;
    D.Where = findingPlace(SM, Wait.Site, Wait.CalledFrom, Helper);
    SourcePoint WaitPoint = toSourcePoint(SM, Wait.Site->getBeginLoc());
    D.Message = std::string(Overflow ? "mbarrier " : "mbarrier wait ") +
                Problem + " (" + threadName(Block, Wait.ExampleThread) + " " +
                Does + " on " + Barrier + "; block " + Block.str() + ", " +
                Analysis.arch().Name.str() + ")";
    if (Helper)
      D.Notes.push_back({WaitPoint,
                         Overflow ? "the arrival that call reaches"
                                  : "the wait that call reaches",
                         {}});
    if (Wait.InitWhere.isValid())
      D.Notes.push_back({toSourcePoint(SM, Wait.InitWhere),
                         Barrier + " is initialised for " +
                             plural(Wait.Expected, "arrival") + " per phase",
                         {}});
    D.Notes.push_back({D.Where, Fix, {}});
    // Which threads arrive and what they copy may rest on values nothing
    // gives.
    D.Assumptions = assumedValues(Analysis, ~SymbolSet(0));
    demoteForDataBranches(D, Wait.Assumptions,
                          "the threads that arrive depend");
    Findings.push_back(std::move(D));
  }
}

const CheckInfo &MbarrierProtocolCheck::info() {
  static const CheckInfo Info = {
      "smem-mbarrier-protocol",
      "MbarrierProtocol",
      FindingOrigin::Check,
      CheckCategory::Correctness,
      Severity::Warning,
      /*OnByDefault=*/true,
      /*AlwaysShown=*/false,
      /*AboutTheTool=*/false,
      NeedsSharedAccesses,
      "docs/checks/smem-mbarrier-protocol.md",
      "An mbarrier wait that never completes, or that depends on when a copy "
      "lands",
      "An mbarrier (cuda::barrier, cuda::pipeline, a TMA load's barrier) "
      "completes a phase when the arrivals it was initialised for and the "
      "transaction bytes announced with expect_tx are all in. A wait for a "
      "phase that lacks arrivals (fewer threads arrive than the count) or "
      "bytes (the copies deliver fewer than announced), while every "
      "thread of the block waits, never returns: the kernel hangs; one whose "
      "copies deliver more completes before they are done. A parity "
      "wait that names the wrong phase returns at once while the arrivals or "
      "the copy are still to come, and waits forever once they are in. A "
      "warp whose arrivals exceed what the phase still needs overflows the "
      "mbarrier, and the launch fails. The finding names the phase, its "
      "arrivals and bytes, and where the mbarrier was initialised.",
      "Initialise the mbarrier with the number of arrivals of one phase, make "
      "expect_tx announce exactly the bytes the copies deliver, and wait with "
      "the parity of the phase the arrivals complete ((k / N) & 1 for a ring "
      "of N stages).",
      "Thread 0 initialises the barrier for the whole block, but only the "
      "first 128 threads arrive (the others return):\n"
      "\n"
      "```cuda\n"
      "if (threadIdx.x == 0) init(&bar, blockDim.x);\n"
      "__syncthreads();\n"
      "if (threadIdx.x >= 128) return;\n"
      "bar.arrive_and_wait(); // never returns\n"
      "```\n"
      "\n"
      "**Fix:** initialise it for the threads that arrive:\n"
      "\n"
      "```cuda\n"
      "if (threadIdx.x == 0) init(&bar, 128);\n"
      "```",
  };
  return Info;
}

} // namespace smemlint
