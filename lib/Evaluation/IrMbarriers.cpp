//===--- IrMbarriers.cpp - mbarrier phases as the threads drive them ------===//
//
// An mbarrier (PTX ISA 9.7.13.15; cuda::barrier, cuda::pipeline and TMA
// loads use one) counts the arrivals and the transaction bytes of its
// current phase; the phase completes when both reach zero, and a wait names
// the phase it waits for by its parity or by the state token an arrival
// returned. The evaluator follows each mbarrier in shared memory whose
// address it knows: init, arrive (with a count, with expect_tx),
// expect_tx, cp.async.mbarrier.arrive, a bulk copy's complete_tx, and the
// waits. A wait is decided when its phase is complete: the wait orders the
// threads that arrived on that phase (and the copies it completes) before
// the waiters' next accesses. It is also decided, as a hang, when the phase
// is not complete and every thread of the block that has not returned is in
// this wait: none is left to arrive. The phases completed since the last
// point that ordered them before every thread (a block barrier, a wait of
// the whole block) may, in time, still be in progress for a waiter that did
// not complete them itself: a parity wait that names another phase then is
// reported as timing-dependent. One warp instruction's arrivals beyond what
// the phase needs overflow the mbarrier (the H200 fails the launch).
// Anything else (a wait whose phase other
// threads, in a branch evaluated later, may still complete) is left to the
// caller's note, as synchronisation the analysis does not follow; after it,
// no wait is decided (the threads past it may have run ahead of what it
// waits for, and their arrivals with them).
//
//===----------------------------------------------------------------------===//

#include "Evaluation/IrExecution.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

namespace smemlint {
namespace ir {

namespace {

/// One mbarrier instruction of an asm statement, as the text spells it.
struct PtxMbarrierStep {
  enum Kind {
    Init,           ///< mbarrier.init [a], count
    Arrive,         ///< mbarrier.arrive state, [a]{, count}
    ArriveExpectTx, ///< mbarrier.arrive.expect_tx state, [a], bytes
    ExpectTx,       ///< mbarrier.expect_tx [a], bytes
    CopiesArrive,   ///< cp.async.mbarrier.arrive{.noinc} [a]
    Wait,           ///< mbarrier.{try,test}_wait{.parity} p, [a], state
    Inval,          ///< mbarrier.inval [a]
  } What = Init;
  unsigned AddressOperand = 0;
  int64_t ByteOffset = 0;
  /// The count, bytes, parity or state: a literal, or the asm operand that
  /// gives it.
  int64_t Literal = 1;
  std::optional<unsigned> Operand;
  /// Wait: by parity, else by a state token.
  bool Parity = false;
  /// CopiesArrive: .noinc, the arrival counts against the expected count.
  bool NoInc = false;
};

/// `[$N]` or `[$N+K]`.
bool addressOperand(llvm::StringRef Text, PtxMbarrierStep &Step) {
  static const llvm::Regex Address(
      "^\\[[ \t]*\\$([0-9]+)[ \t]*(\\+[ \t]*([0-9]+))?[ \t]*\\]$");
  llvm::SmallVector<llvm::StringRef, 4> Match;
  return rememberedMatch(Address, Text.trim(), &Match) &&
         !Match[1].getAsInteger(10, Step.AddressOperand) &&
         (Match[3].empty() || !Match[3].getAsInteger(10, Step.ByteOffset));
}

/// A literal or `$N`.
bool valueOperand(llvm::StringRef Text, PtxMbarrierStep &Step) {
  Text = Text.trim();
  unsigned Operand = 0;
  if (Text.consume_front("$")) {
    if (Text.getAsInteger(10, Operand))
      return false;
    Step.Operand = Operand;
    return true;
  }
  return !Text.getAsInteger(0, Step.Literal);
}

std::optional<PtxMbarrierStep> ptxMbarrierStep(llvm::StringRef Text) {
  static const llvm::Regex Instruction("(^|[^.a-z_])(cp\\.async\\.)?mbarrier(("
                                       "\\.[a-zA-Z0-9_:]+)+)[ \t]+([^;]*)");
  llvm::SmallVector<llvm::StringRef, 6> Match;
  if (!rememberedMatch(Instruction, Text, &Match))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 8> Qualifiers;
  Match[3].drop_front().split(Qualifiers, '.');
  PtxMbarrierStep Step;
  bool CopyForm = !Match[2].empty();
  llvm::StringRef Op = Qualifiers.front();
  bool ExpectTx = false;
  for (llvm::StringRef Q : llvm::ArrayRef(Qualifiers).drop_front()) {
    if (Q == "parity")
      Step.Parity = true;
    else if (Q == "expect_tx")
      ExpectTx = true;
    else if (Q == "noinc" && CopyForm)
      Step.NoInc = true;
    // A remote CTA's mbarrier (shared::cluster), arrive_drop's changed
    // count, noComplete: not followed.
    else if (Q != "shared" && Q != "shared::cta" && Q != "b64" &&
             Q != "release" && Q != "acquire" && Q != "relaxed" && Q != "cta" &&
             Q != "cluster")
      return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef, 4> Operands;
  Match[5].split(Operands, ',');
  auto Expect = [&](size_t Count) { return Operands.size() == Count; };
  if (CopyForm) {
    if (Op != "arrive" || ExpectTx || !Expect(1) ||
        !addressOperand(Operands[0], Step))
      return std::nullopt;
    Step.What = PtxMbarrierStep::CopiesArrive;
    return Step;
  }
  if (Op == "init" && Expect(2) && addressOperand(Operands[0], Step) &&
      valueOperand(Operands[1], Step)) {
    Step.What = PtxMbarrierStep::Init;
    return Step;
  }
  if (Op == "inval" && Expect(1) && addressOperand(Operands[0], Step)) {
    Step.What = PtxMbarrierStep::Inval;
    return Step;
  }
  if (Op == "expect_tx" && Expect(2) && addressOperand(Operands[0], Step) &&
      valueOperand(Operands[1], Step)) {
    Step.What = PtxMbarrierStep::ExpectTx;
    return Step;
  }
  if (Op == "arrive" && (Operands.size() == 2 || Operands.size() == 3) &&
      addressOperand(Operands[1], Step) &&
      (Operands.size() == 2 || valueOperand(Operands[2], Step))) {
    if (ExpectTx && Operands.size() != 3)
      return std::nullopt;
    Step.What =
        ExpectTx ? PtxMbarrierStep::ArriveExpectTx : PtxMbarrierStep::Arrive;
    return Step;
  }
  // try_wait may carry a suspend-time hint after the state.
  if ((Op == "try_wait" || Op == "test_wait") && !ExpectTx &&
      (Operands.size() == 3 || (Op == "try_wait" && Operands.size() == 4)) &&
      addressOperand(Operands[1], Step) && valueOperand(Operands[2], Step)) {
    Step.What = PtxMbarrierStep::Wait;
    return Step;
  }
  return std::nullopt;
}

/// The phase a wait asks for when the current phase is \p Current: a
/// parity names the current phase when they agree, else the one before it,
/// complete (-1: the phase before the first); a state token names its phase.
int64_t waitedPhase(bool Parity, int64_t Operand, uint64_t Current) {
  if (!Parity)
    return Operand;
  return int64_t(Current & 1) == (Operand & 1) ? int64_t(Current)
                                               : int64_t(Current) - 1;
}

} // namespace

void IrExecution::MbarrierState::completeReadyPhases() {
  while (Pending <= 0 && (BytesMissing == 0 || BytesUnknown)) {
    BytesMissing = 0;
    Recent[Phase] = Current;
    Current.Arrivers.reset();
    Current.CopySite = nullptr;
    Current.Surplus = 0;
    ++Phase;
    Pending += Expected;
  }
}

void IrExecution::orderMbarrierPhases() {
  for (auto &[K, S] : Mbarriers) {
    while (S.Ordered < S.Phase && !S.Recent.at(S.Ordered).CopySite)
      S.Recent.erase(S.Ordered++);
  }
}

std::optional<ThreadValue> IrExecution::ptxMbarrier(const llvm::CallBase &Call,
                                                    const llvm::InlineAsm &Asm,
                                                    CallFrame &Frame,
                                                    const ThreadMask &Active,
                                                    std::string &WhyNot) {
  llvm::StringRef Text = Asm.getAsmString();
  if (sharedMemoryInstructions(Text).size() != 1)
    return std::nullopt;
  std::optional<PtxMbarrierStep> Step = ptxMbarrierStep(Text);
  // A wait is reported where it stands; the other instructions may come
  // from code with no statement of its own (a destructor's inval).
  const clang::Stmt *Site = Sites.callSite(Call);
  if (!Step) {
    if (llvm::any_of(sharedMemoryInstructions(Text),
                     [](const std::string &Op) {
                       return llvm::StringRef(Op).starts_with("mbarrier.");
                     }) &&
        Text.contains("shared::cluster"))
      WhyNot = "an mbarrier of the cluster, which may be another block's";
    return std::nullopt;
  }
  bool Wait = Step->What == PtxMbarrierStep::Wait;
  if (Wait && MbarrierWaitsUndecided) {
    WhyNot = "the wait at line " + std::to_string(*MbarrierWaitsUndecided) +
             " was not decided, and the threads past it may have run ahead "
             "of what it waits for";
    return std::nullopt;
  }
  if (Active.none() || (Wait && !Site))
    return std::nullopt;
  auto ArgumentOf = [&](unsigned Operand) -> const llvm::Value * {
    std::optional<unsigned> Argument = asmOperandArgument(Asm, Operand);
    return Argument && *Argument < Call.arg_size()
               ? Call.getArgOperand(*Argument)
               : nullptr;
  };
  const llvm::Value *AddressValue = ArgumentOf(Step->AddressOperand);
  if (!AddressValue)
    return std::nullopt;
  ThreadValue Address = valueOf(AddressValue, Frame, Active);
  if (!Address.isPointer() || !Address.Object.IsShared ||
      !Address.Object.Decl || !Address.knownFor(Active)) {
    WhyNot = "its address is not computed";
    return std::nullopt;
  }
  // The count, bytes, parity or token, per thread.
  std::optional<ThreadValue> Operand;
  if (Step->Operand) {
    const llvm::Value *V = ArgumentOf(*Step->Operand);
    if (!V)
      return std::nullopt;
    Operand = valueOf(V, Frame, Active);
    if (!Operand->knownFor(Active) || Operand->isPointer()) {
      WhyNot = Wait ? "its parity or state is not computed"
                    : "its count is not computed";
      return std::nullopt;
    }
  }
  auto OperandOf = [&](unsigned T) {
    return Operand ? Operand->Values[T] : Step->Literal;
  };
  std::map<MbarrierKey, ThreadMask> ByMbarrier;
  for (unsigned T : Active.set_bits()) {
    MbarrierKey K{Address.Object.Decl, Address.Values[T] + Step->ByteOffset};
    auto [It, New] = ByMbarrier.try_emplace(K, none());
    It->second.set(T);
  }
  // Every instruction but init needs an mbarrier the evaluation followed
  // from its init.
  if (Step->What != PtxMbarrierStep::Init)
    for (const auto &[K, Group] : ByMbarrier)
      if (!Mbarriers.count(K)) {
        WhyNot = MbarriersForgotten.empty()
                     ? "no init of it was evaluated before"
                     : MbarriersForgotten;
        return std::nullopt;
      }

  ThreadValue Result = unknown("the result of inline PTX");
  switch (Step->What) {
  case PtxMbarrierStep::Init:
    for (const auto &[K, Group] : ByMbarrier) {
      int64_t Count = OperandOf(Group.find_first());
      // PTX allows 1 to 2^20 - 1 arrivals; threads disagreeing on the count
      // of one mbarrier leave it to the note.
      if (Count < 1 || Count >= (int64_t(1) << 20) ||
          llvm::any_of(
              Group.set_bits(),
              [&](unsigned T) { return OperandOf(T) != Count; }))
        return std::nullopt;
    }
    for (const auto &[K, Group] : ByMbarrier) {
      int64_t &End =
          Summary.MbarrierEnds[static_cast<const clang::ValueDecl *>(K.first)];
      End = std::max<int64_t>(End, K.second + 8);
      MbarrierState S;
      S.Id = NextMbarrierId++;
      S.InitWhere = Sites.kernelCall(Call);
      if (S.InitWhere.isInvalid() && Site)
        S.InitWhere = Site->getBeginLoc();
      S.Expected = S.Pending = OperandOf(Group.find_first());
      S.Current.Arrivers = none();
      const auto *Decl = static_cast<const clang::ValueDecl *>(K.first);
      S.Name = Decl->getName().str();
      // An element of an array of mbarriers: "full[1]".
      if (const auto *Array = Ctx.getAsConstantArrayType(Decl->getType())) {
        int64_t Element =
            Ctx.getTypeSizeInChars(Array->getElementType()).getQuantity();
        if (Element > 0 && K.second % Element == 0)
          S.Name += "[" + std::to_string(K.second / Element) + "]";
      } else if (K.second != 0) {
        S.Name += " + " + std::to_string(K.second) + " bytes";
      }
      Mbarriers[K] = std::move(S);
    }
    return Result;
  case PtxMbarrierStep::Inval:
    for (const auto &[K, Group] : ByMbarrier)
      Mbarriers.erase(K);
    return Result;
  case PtxMbarrierStep::ExpectTx:
  case PtxMbarrierStep::Arrive:
  case PtxMbarrierStep::ArriveExpectTx: {
    bool Arrives = Step->What != PtxMbarrierStep::ExpectTx;
    bool Bytes = Step->What != PtxMbarrierStep::Arrive;
    for (unsigned T : Active.set_bits())
      if (OperandOf(T) < 0)
        return std::nullopt;
    // The state token an arrival returns: the phase it arrived on.
    Result = ThreadValue::uniform(Threads, 0);
    for (const auto &[K, Group] : ByMbarrier) {
      MbarrierState &S = Mbarriers[K];
      if (Arrives)
        overflowingWarps(Call, Site, S, Group,
                         [&](unsigned T) { return Bytes ? 1 : OperandOf(T); });
      // Per phase, the threads that arrived on it.
      std::map<uint64_t, ThreadMask> Arrived;
      for (unsigned T : Group.set_bits()) {
        int64_t Value = OperandOf(T);
        Result.Values[T] = int64_t(S.Phase);
        if (Bytes)
          S.BytesMissing += Value;
        if (Arrives) {
          int64_t Count = Bytes ? 1 : Value;
          Arrived.try_emplace(S.Phase, none()).first->second.set(T);
          S.Current.Arrivers.set(T);
          S.Pending -= Count;
          S.AllArrivals += uint64_t(Count);
        }
        S.completeReadyPhases();
      }
      for (const auto &[Phase, Threads] : Arrived)
        Observer.onMbarrierArrive({S.phaseId(Phase), Threads});
    }
    return Result;
  }
  case PtxMbarrierStep::CopiesArrive:
    // The thread's cp.async copies issued so far complete before this
    // phase does; without .noinc their arrival is not one of the expected.
    for (const auto &[K, Group] : ByMbarrier) {
      MbarrierState &S = Mbarriers[K];
      for (PendingAsyncCopy &Copy : PendingCopies) {
        if (Copy.ViaMbarrier || Copy.ReadsShared ||
            !Copy.Pending.anyCommon(Group))
          continue;
        if (Copy.Mbarrier && *Copy.Mbarrier != K)
          Copy.CompletedByAnyMbarrier = true;
        Copy.Mbarrier = K;
        Copy.MbarrierPhase = S.Phase;
        S.Current.CopySite = Copy.Site;
      }
      if (Step->NoInc) {
        overflowingWarps(Call, Site, S, Group, [](unsigned) { return 1; });
        Observer.onMbarrierArrive({S.phaseId(S.Phase), Group});
        S.Current.Arrivers |= Group;
        S.Pending -= int64_t(Group.count());
        S.AllArrivals += Group.count();
        S.completeReadyPhases();
      }
    }
    return Result;
  case PtxMbarrierStep::Wait:
    break;
  }
  return mbarrierWait(Site, Call, Step->Parity, ByMbarrier, OperandOf, Active,
                      WhyNot);
}

std::optional<ThreadValue>
IrExecution::mbarrierWait(const clang::Stmt *Site, const llvm::CallBase &Call,
                          bool Parity,
                          const std::map<MbarrierKey, ThreadMask> &ByMbarrier,
                          llvm::function_ref<int64_t(unsigned)> OperandOf,
                          const ThreadMask &Active, std::string &WhyNot) {
  // A wait: decided when its phase is complete, or when no thread is left
  // to complete it. In time, the phases completed since the last point that
  // ordered them before every thread (Ordered) may still be in progress when
  // the waiters get here: the wait is decided where every such moment gives
  // one answer, and reported where they do not.
  bool EveryLivingThreadWaits =
      ByMbarrier.size() == 1 && livingThreads() == Active;
  struct Decision {
    MbarrierKey K;
    int64_t Operand;
    /// The phase that may still be in progress, and the phase waited for
    /// then and once every completion so far is in.
    uint64_t Earliest;
    int64_t Early, Late;
  };
  std::vector<Decision> Decisions;
  for (const auto &[K, Group] : ByMbarrier) {
    const MbarrierState &S = Mbarriers[K];
    // The kernel failed at the overflow: what the wait would do is moot.
    if (S.Overflowed) {
      barrierAt(Site, BarrierScope::Unknown, Active, nullptr);
      return ThreadValue::uniform(Threads, 1);
    }
    std::optional<int64_t> Value;
    for (unsigned T : Group.set_bits()) {
      if (Value && *Value != OperandOf(T))
        return std::nullopt;
      Value = OperandOf(T);
    }
    // What the waiters' own earlier waits saw complete is complete for
    // them; a lone waiter's own arrivals came before its wait.
    uint64_t Earliest = S.Ordered;
    if (!S.SeenComplete.empty()) {
      uint64_t Seen = UINT64_MAX;
      for (unsigned T : Group.set_bits())
        Seen = std::min(Seen, S.SeenComplete[T]);
      Earliest = std::min<uint64_t>(std::max(Earliest, Seen), S.Phase);
    }
    for (; Earliest < S.Phase; ++Earliest) {
      const MbarrierState::PhaseRecord &Done = S.Recent.at(Earliest);
      if (Done.CopySite || Group.count() != 1 ||
          Done.Arrivers.find_first() != Group.find_first() ||
          Done.Arrivers.count() > 1)
        break;
    }
    Decision D{K, *Value, Earliest, waitedPhase(Parity, *Value, Earliest),
               waitedPhase(Parity, *Value, S.Phase)};
    // A phase not complete yet that other threads may still complete.
    if (D.Early == D.Late && D.Late >= int64_t(S.Phase) &&
        !EveryLivingThreadWaits) {
      WhyNot = "its phase is not complete when these threads reach it, and "
               "threads that may still complete it run in code the "
               "evaluation reaches later (another branch)";
      return std::nullopt;
    }
    Decisions.push_back(D);
  }
  for (const Decision &D : Decisions) {
    const ThreadMask &Waiters = ByMbarrier.at(D.K);
    MbarrierState &S = Mbarriers[D.K];
    MbarrierProblemEvent Event;
    Event.Site = Site;
    Event.CalledFrom = Sites.kernelCall(Call);
    Event.Barrier = S.Name;
    Event.InitWhere = S.InitWhere;
    Event.Expected = S.Expected;
    Event.Phase = uint64_t(std::max<int64_t>(D.Late, 0));
    Event.Completed = S.Phase;
    Event.AllArrivals = S.AllArrivals;
    if (Parity)
      Event.Parity = D.Operand & 1;
    Event.ExampleThread = Waiters.find_first();
    Event.Assumptions = Assumptions;
    int64_t Waited = D.Late;
    if (D.Early != D.Late) {
      // The evaluation goes on as the early moment has it: what completed
      // the later phases is not ordered before the waiters.
      Event.What = MbarrierProblemEvent::Problem::DependsOnTiming;
      Event.EarliestPhase = D.Earliest;
      Event.PhaseAtEarliest = D.Early;
      Event.CopySite = S.Recent.at(D.Earliest).CopySite;
      Observer.onMbarrierProblem(Event);
      Waited = D.Early;
    } else if (D.Late >= int64_t(S.Phase)) {
      Event.What = MbarrierProblemEvent::Problem::NeverCompletes;
      Event.Arrivals = S.Expected - S.Pending;
      Event.BytesMissing = S.BytesMissing;
      Observer.onMbarrierProblem(Event);
      // What follows a hang is not reported as ordered or not: the race
      // analysis starts anew, as after synchronisation it does not follow.
      barrierAt(Site, BarrierScope::Unknown, Active, nullptr);
      return ThreadValue::uniform(Threads, 1);
    }
    if (Waited < 0)
      continue; // the phase before the first: nothing to wait for
    if (auto Done = S.Recent.find(uint64_t(Waited));
        Done != S.Recent.end() && Done->second.Surplus > 0 &&
        !Done->second.SurplusReported) {
      Done->second.SurplusReported = true;
      Event.What = MbarrierProblemEvent::Problem::CompletesEarly;
      Event.Phase = uint64_t(Waited);
      Event.BytesMissing = -Done->second.Surplus;
      Event.CopySite = Done->second.CopySite;
      Observer.onMbarrierProblem(Event);
    }
    // The phase is complete: the copies it waited for have landed, and what
    // the threads that arrived on it did is ordered before the waiters.
    ThreadMask Landed = none();
    for (PendingAsyncCopy &Copy : PendingCopies)
      if (Copy.CompletedByAnyMbarrier ||
          (Copy.Mbarrier == D.K && Copy.MbarrierPhase <= uint64_t(Waited))) {
        Landed |= Copy.Pending;
        completeCopy(Copy, Copy.Pending);
      }
    llvm::erase_if(PendingCopies, [](const PendingAsyncCopy &Copy) {
      return Copy.Pending.none();
    });
    if (Landed.any())
      Observer.onMbarrierArrive({S.phaseId(uint64_t(Waited)), Landed});
    // A wait of the whole block: from here on, the phase is complete for
    // every thread.
    if (EveryLivingThreadWaits)
      while (S.Ordered <= uint64_t(Waited))
        S.Recent.erase(S.Ordered++);
    if (S.SeenComplete.empty())
      S.SeenComplete.assign(Threads, 0);
    for (unsigned T : Waiters.set_bits())
      S.SeenComplete[T] = std::max(S.SeenComplete[T], uint64_t(Waited) + 1);
    barrierAt(Site, BarrierScope::Mbarrier, Waiters, nullptr,
              S.phaseId(uint64_t(Waited)));
  }
  return ThreadValue::uniform(Threads, 1);
}

void IrExecution::overflowingWarps(
    const llvm::CallBase &Call, const clang::Stmt *Site, MbarrierState &S,
    const ThreadMask &Group, llvm::function_ref<int64_t(unsigned)> CountOf) {
  if (S.Overflowed || !Site)
    return;
  // The arrivals of one warp instruction are one update of the mbarrier:
  // more than the phase still needs overflow it (an arrival per warp, or a
  // thread arriving twice in a row, completes phase after phase instead).
  int64_t Pending = S.Pending;
  for (unsigned First = 0; First < Threads; First += Options.WarpSize) {
    int64_t Arrivals = 0;
    int Example = -1;
    for (unsigned T = First; T < std::min(Threads, First + Options.WarpSize);
         ++T)
      if (Group[T]) {
        Arrivals += CountOf(T);
        Example = Example < 0 ? int(T) : Example;
      }
    if (Example < 0)
      continue;
    if (Arrivals > Pending && S.BytesMissing == 0) {
      MbarrierProblemEvent Event;
      Event.What = MbarrierProblemEvent::Problem::Overflow;
      Event.Site = Site;
      Event.CalledFrom = Sites.kernelCall(Call);
      Event.Barrier = S.Name;
      Event.InitWhere = S.InitWhere;
      Event.Expected = S.Expected;
      Event.Phase = S.Phase;
      Event.Arrivals = Arrivals;
      Event.Needed = Pending;
      Event.ExampleThread = unsigned(Example);
      Event.Assumptions = Assumptions;
      Observer.onMbarrierProblem(Event);
      S.Overflowed = true;
      return;
    }
    Pending -= Arrivals;
    while (Pending <= 0)
      Pending += S.Expected;
  }
}

void IrExecution::bulkCopyCompletesTx(const llvm::Value *Operand,
                                      uint64_t Bytes, CallFrame &Frame,
                                      const ThreadMask &Active) {
  if (PendingCopies.empty() || !PendingCopies.back().ViaMbarrier)
    return;
  PendingAsyncCopy &Copy = PendingCopies.back();
  // An mbarrier the evaluation does not follow: any completion the
  // evaluation decides may be this copy's, so that no read is reported as
  // early because of what was not followed.
  Copy.CompletedByAnyMbarrier = true;
  if (!Operand)
    return;
  ThreadValue Address = valueOf(Operand, Frame, Active);
  if (!Address.isPointer() || !Address.Object.IsShared ||
      !Address.Object.Decl || !Address.knownFor(Active))
    return;
  std::optional<MbarrierKey> Only;
  for (unsigned T : Active.set_bits()) {
    MbarrierKey K{Address.Object.Decl, Address.Values[T]};
    if (!Mbarriers.count(K) || (Only && *Only != K))
      return;
    Only = K;
  }
  MbarrierState &S = Mbarriers[*Only];
  Copy.CompletedByAnyMbarrier = false;
  Copy.Mbarrier = *Only;
  Copy.MbarrierPhase = S.Phase;
  S.Current.CopySite = Copy.Site;
  int64_t Delivered = int64_t(Bytes * Active.count());
  if (S.Pending <= 0 && S.BytesMissing > 0 && Delivered > S.BytesMissing &&
      !S.BytesUnknown) {
    // Its arrivals are in and the copy brings more bytes than the phase
    // still announces: the phase completes once those are in, before the
    // copy is done, and the rest counts against the next phase (measured on
    // the H200: expect_tx 512, a 1024-byte TMA copy, the wait completed).
    int64_t Surplus = Delivered - S.BytesMissing;
    S.Current.Surplus = Surplus;
    S.BytesMissing = 0;
    S.completeReadyPhases();
    S.BytesMissing -= Surplus;
    return;
  }
  S.BytesMissing -= Delivered;
  S.completeReadyPhases();
}

void IrExecution::unfollowedCopyCompletesTx(const llvm::CallBase &Call,
                                            const llvm::InlineAsm &Asm,
                                            unsigned Operand, CallFrame &Frame,
                                            const ThreadMask &Active) {
  const llvm::Value *Argument = asmArgument(Call, Asm, Operand);
  if (!Argument || Active.none())
    return;
  ThreadValue Address = valueOf(Argument, Frame, Active);
  if (!Address.isPointer() || !Address.Object.IsShared ||
      !Address.Object.Decl || !Address.knownFor(Active))
    return;
  for (unsigned T : Active.set_bits()) {
    auto Found =
        Mbarriers.find(MbarrierKey{Address.Object.Decl, Address.Values[T]});
    if (Found == Mbarriers.end())
      continue;
    Found->second.BytesUnknown = true;
    Found->second.completeReadyPhases();
  }
}

} // namespace ir
} // namespace smemlint
