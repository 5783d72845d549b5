//===--- Report.cpp - Names and rendering of the report's plain data ------===//

#include "Report/Report.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include <map>

namespace smemlint {

const char *findingOriginName(FindingOrigin Origin) {
  switch (Origin) {
  case FindingOrigin::Check:
    return "check";
  case FindingOrigin::Compiler:
    return "compiler";
  case FindingOrigin::Tool:
    return "tool";
  }
  return "tool";
}

const char *assumptionKindName(Assumption::Kind Kind) {
  switch (Kind) {
  case Assumption::Kind::BlockShape:
    return "block-shape";
  case Assumption::Kind::AssumedValue:
    return "assumed-value";
  case Assumption::Kind::SampledLoop:
    return "sampled-loop";
  case Assumption::Kind::DataDependentBranch:
    return "data-dependent-branch";
  case Assumption::Kind::EvaluationBudget:
    return "evaluation-budget";
  }
  return "block-shape";
}

std::string renderMessage(const Diagnostic &D) {
  return renderText(D, D.Message);
}

std::string abbreviatedName(const std::string &Name, size_t Limit) {
  if (Name.size() <= Limit)
    return Name;
  std::string Gap = "...(" + std::to_string(Name.size()) + " characters)...";
  size_t Keep = Limit > Gap.size() + 2 ? Limit - Gap.size() : 2;
  size_t Head = Keep * 2 / 3, Tail = Keep - Head;
  return Name.substr(0, Head) + Gap + Name.substr(Name.size() - Tail);
}

std::string renderText(const Diagnostic &D, std::string Text) {
  size_t At = Text.find(KernelPlaceholder);
  if (At == std::string::npos)
    return Text;
  std::string Names = "'" + abbreviatedName(D.Kernel, MessageNameLimit) + "'";
  const std::vector<std::string> &Others = D.OtherInstantiations;
  if (Others.size() <= 2) {
    for (size_t I = 0; I < Others.size(); ++I)
      Names += (I + 1 == Others.size() ? " and '" : ", '") +
               abbreviatedName(Others[I], MessageNameLimit) + "'";
  } else {
    Names += " and " + std::to_string(Others.size()) + " other instantiations";
  }
  size_t Length = std::char_traits<char>::length(KernelPlaceholder);
  for (; At != std::string::npos; At = Text.find(KernelPlaceholder, At)) {
    Text.replace(At, Length, Names);
    At += Names.size();
  }
  return Text;
}

/// The fingerprint of each finding: its check, file (name only, so that a
/// checkout elsewhere matches), kernel and what its accesses are (array,
/// kind, expression), never a line number; an ordinal keeps identical
/// findings of one file apart, numbered in file order.
void stampFingerprints(FileReport &File) {
  std::map<std::string, const AccessReport *> Shared;
  std::map<std::string, const GlobalAccessReport *> Global;
  for (const KernelReport &K : File.Kernels) {
    for (const AccessReport &A : K.Accesses)
      Shared[A.Id] = &A;
    for (const GlobalAccessReport &A : K.GlobalAccesses)
      Global[A.Id] = &A;
  }
  std::map<std::string, unsigned> Uses;
  for (Diagnostic &D : File.Diagnostics) {
    // Stamped already (this is a second pass for findings added since):
    // counted, kept.
    if (!D.Fingerprint.empty()) {
      ++Uses[D.Fingerprint.substr(0, D.Fingerprint.find(':'))];
      continue;
    }
    std::string Key = D.Check + '\0' +
                      llvm::sys::path::filename(D.Where.File).str() + '\0' +
                      D.Kernel;
    for (const std::string &Id : D.Accesses) {
      if (auto It = Shared.find(Id); It != Shared.end())
        Key += '\0' + It->second->Array + ' ' + It->second->Kind + ' ' +
               It->second->Expression;
      else if (auto It = Global.find(Id); It != Global.end())
        Key += '\0' + It->second->Array + ' ' + It->second->Kind + ' ' +
               It->second->Expression;
    }
    // Findings about no access (capacity, a barrier) are told apart by what
    // they say, less the numbers of lines it mentions.
    if (D.Accesses.empty()) {
      std::string Message;
      bool InNumber = false;
      for (char C : D.Message) {
        bool Digit = C >= '0' && C <= '9';
        if (!Digit || !InNumber)
          Message += Digit ? '#' : C;
        InNumber = Digit;
      }
      Key += '\0' + Message;
    }
    auto Hash = llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key));
    std::string Hex = llvm::toHex(llvm::ArrayRef<uint8_t>(Hash).take_front(16),
                                  /*LowerCase=*/true);
    D.Fingerprint = Hex + ":" + std::to_string(++Uses[Hex]);
  }
}

} // namespace smemlint
