//===--- IrSourceSites.h - The source expression of an IR access -*- C++
//-*-===//
//
// The checks speak about source expressions: `tile[ty][tx]`, its range, its
// subscripts, the loop it is in. The IR evaluator executes instructions. This
// maps an instruction back to the expression the AST evaluator would have
// reported for it, through the instruction's debug location:
//  - a load is at the column Clang gives the lvalue it reads (`tile` of
//    `tile[ty][tx]`, the `*` of `*p`), or at the operator of a compound
//    assignment or increment;
//  - a store is at its assignment's or increment's operator;
//  - code inlined from a function the user did not write (a CUDA header's
//    atomicAdd, a __half2 operator=, CUB) is reported at the user's call:
//    the call, or for an assignment operator its left-hand side;
//  - a load the optimizer moved without its location (hoisted out of a loop
//    by LICM, or speculated ahead of the condition that guards it, as
//    SimplifyCFG does for the right side of `a && c[32]`) is at the read
//    of its array on the line of the nearest users of its value that kept
//    one.
// Loops are found by the start location Clang puts in their `llvm.loop`
// metadata.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_EVALUATION_IRSOURCESITES_H
#define SMEMLINT_EVALUATION_IRSOURCESITES_H

#include "DeviceCode/DebugLocations.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class IfStmt;
class Stmt;
class ValueDecl;
} // namespace clang

namespace llvm {
class BasicBlock;
class DILocation;
class Function;
class Instruction;
class Loop;
class SelectInst;
class Value;
} // namespace llvm

namespace smemlint {

class DeviceModule;

class IrSourceSites {
public:
  IrSourceSites(clang::ASTContext &Ctx, const DeviceModule &Module,
                const clang::FunctionDecl *Kernel);
  ~IrSourceSites();

  /// The source expression of memory instruction \p I (a load, store,
  /// atomic, or call that touches memory), or null when none of the user's
  /// code matches its location.
  const clang::Expr *accessSite(const llvm::Instruction &I);
  /// The source expression of the access \p I makes when it is placed at
  /// \p At instead of its own location: where the optimizer merged the
  /// accesses of several branches into one instruction (line 0), the
  /// address each branch computed still carries its line.
  const clang::Expr *accessSiteAt(const llvm::Instruction &I,
                                  const llvm::DILocation *At,
                                  bool CopySource = false);
  /// A load placed at a source read it was moved away from.
  struct HoistedRead {
    const clang::Expr *Site = nullptr;
    /// Set when the load was moved ahead of the condition the source read
    /// waits for (`a && c[32]` made a select of both sides): that condition,
    /// and the value it has when the source reads.
    const llvm::Value *Guard = nullptr;
    bool ReadsWhen = true;
  };
  /// The source read a load without a location (hoisted out of its loop by
  /// LICM, speculated ahead of its condition by SimplifyCFG) was made from:
  /// on the line of the nearest users of its value that have a location
  /// (nearestLocatedUsers), the one read of \p Array that no other load of
  /// the function kept the location of; of several, the one whose constant
  /// subscripts give the load's constant address.
  HoistedRead hoistedReadSite(const llvm::Instruction &I,
                              const clang::ValueDecl *Array);
  /// For a load or store whose location's column names no access (the
  /// optimizer put a speculated load at the `&&` of `i == 0 && flag`): the
  /// one access of \p Array on its line that no other instruction kept the
  /// location of, or null.
  const clang::Expr *accessOnLineOf(const llvm::Instruction &I,
                                    const clang::ValueDecl *Array);
  /// For a load or store the optimizer merged out of the branches of an
  /// if/else chain into the block after it (InstCombine folds a phi of
  /// loads into a load of a phi of addresses): the access of \p Array in
  /// the source block that branch \p From was compiled from, of those no
  /// other instruction kept the location of; of several, the one written
  /// like the access whose location the branch's address carries (\p
  /// AddressAt: CSE computes `temp[ty + 1][tx]` once for every branch, or
  /// `north[ty][tx]` once for a store and the reads after it); null when
  /// there is not exactly one.
  const clang::Expr *accessInBranchOf(const llvm::Instruction &I,
                                      const llvm::BasicBlock &From,
                                      const clang::ValueDecl *Array,
                                      const llvm::DILocation *AddressAt);
  /// For a load or store of a select of two addresses, which the optimizer
  /// made of the accesses in the arms of an `if`/`else` (SimplifyCFG
  /// speculates both addresses and selects one): the access of \p Array in
  /// the arm that reads \p Array and not \p OtherArray (the other side's),
  /// of those no other instruction kept the location of; null when the
  /// arms do not tell the sides apart.
  const clang::Expr *accessInSelectArm(const llvm::Instruction &I,
                                       const llvm::SelectInst &Select,
                                       const clang::ValueDecl *Array,
                                       const clang::ValueDecl *OtherArray);
  /// The arm of the source `if` whose condition \p From's branch was
  /// compiled from that the edge from \p From straight to \p Join takes
  /// (the arm the optimizer emptied), with the function it is in; null
  /// when the branch is not such an `if`'s or the side is not known.
  const clang::Stmt *emptiedArm(const llvm::BasicBlock &From,
                                const llvm::BasicBlock &Join,
                                const clang::FunctionDecl *&Function);
  /// The users of \p I's value that have a location, nearest first: the
  /// optimizer's own instructions (a compare it speculated along with a
  /// load) have none and are followed, a few steps deep. \p Reached, when
  /// given, gets every instruction the value flows into on the way.
  std::vector<const llvm::Instruction *> nearestLocatedUsers(
      const llvm::Instruction &I,
      llvm::SmallPtrSetImpl<const llvm::Instruction *> *Reached = nullptr);
  /// The user's line of \p I, else of its nearest users with a location,
  /// else of the closest instruction before it in its block; 0 when none.
  unsigned nearbyLine(const llvm::Instruction &I);
  /// The source expression a copy instruction \p I (memcpy) reads: the
  /// right side of the struct assignment it was compiled from.
  const clang::Expr *copySourceSite(const llvm::Instruction &I);
  /// The call or asm statement a barrier or warp-synchronizing instruction
  /// came from, or null.
  const clang::Stmt *callSite(const llvm::Instruction &I);
  /// Where \p I came from in the innermost source function (invalid when
  /// it has no location in a file of the parse).
  clang::SourceLocation where(const llvm::Instruction &I);
  /// When \p I was inlined into the kernel from a function in another file
  /// than the kernel's, the kernel's call it came through; else invalid.
  /// With \p Site (where the access is reported, which may be the user's
  /// call of a toolkit function), only when Site is in another file.
  clang::SourceLocation reachedThrough(const llvm::Instruction &I,
                                       const clang::Expr *Site = nullptr);
  /// When \p I was inlined into the kernel: the kernel's statement it came
  /// through (a helper's asm reached from the kernel body); else invalid.
  clang::SourceLocation kernelCall(const llvm::Instruction &I);
  /// Whether \p I was compiled from code inside \p Range (of the user's
  /// source), directly or through a call inlined there.
  bool within(const llvm::Instruction &I, clang::SourceRange Range);
  /// The source loop \p L was compiled from, or null.
  const clang::Stmt *loopStatement(const llvm::Loop &L);

private:
  struct FunctionIndex;
  using Key = std::pair<unsigned, unsigned>; ///< File id, offset.
  FunctionIndex &indexOf(const clang::FunctionDecl *Function);
  const clang::Stmt *findCallSite(const llvm::Instruction &I);
  const clang::Stmt *findLoopStatement(const llvm::Loop &L);
  bool keyOf(clang::SourceLocation Where, Key &Out) const;
  bool inUserCode(clang::SourceLocation Where) const;

  clang::ASTContext &Ctx;
  const clang::FunctionDecl *Kernel;
  DebugLocations Locations;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionIndex>> Indexes;
  llvm::DenseMap<const llvm::Instruction *, const clang::Expr *> Sites;
  llvm::DenseMap<const llvm::Instruction *, const clang::Stmt *> Calls;
  llvm::DenseMap<const llvm::Loop *, const clang::Stmt *> LoopStatements;
  /// Per function, the locations its loads kept (hoistedReadSite), and its
  /// stores.
  llvm::DenseMap<const llvm::Function *, std::set<Key>> LoadLocations,
      StoreLocations;
  /// The one access of \p Array among \p Accesses whose place no
  /// instruction kept (\p Kept; \p Own, the instruction's own place, may
  /// be); of several, the one whose constant subscripts name \p Address;
  /// null when there is not exactly one.
  const clang::Expr *
  unclaimedAccess(llvm::ArrayRef<const clang::Expr *> Accesses,
                  const clang::ValueDecl *Array, const std::set<Key> &Kept,
                  std::optional<int64_t> Address,
                  const Key *Own = nullptr) const;
  /// The innermost source `if` whose condition holds \p I's location
  /// (a branch or select compiled from it), and in \p Function the function
  /// it is in; null when there is none.
  const clang::IfStmt *ifWithConditionAt(const llvm::Instruction &I,
                                         const clang::FunctionDecl *&Function);
  /// The one access of \p Array between \p Begin and \p End of \p
  /// Function that no instruction kept the location of (unclaimedAccess);
  /// of several, one written as \p AddressFor when it is given.
  const clang::Expr *accessInRange(const llvm::Instruction &I,
                                   const clang::FunctionDecl *Function,
                                   const Key &Begin, const Key &End,
                                   const clang::ValueDecl *Array,
                                   const clang::Expr *AddressFor);
  /// The locations \p F's loads (or stores) kept.
  const std::set<Key> &keptLocations(const llvm::Function &F, bool Stores);
};

} // namespace smemlint

#endif
