//===--- RawOutputs.cpp - Parsers for what measure.sh records -------------===//

#include "runtime_verify/RawOutputs.h"

#include <set>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace smemlint {
namespace verify {

std::vector<std::vector<std::string>> parseCsv(StringRef Text) {
  std::vector<std::vector<std::string>> Records;
  size_t I = 0;
  while (I < Text.size()) {
    // Skip blank lines and the profiler's "==PROF==" / "==WARNING==" lines.
    size_t LineEnd = Text.find('\n', I);
    if (LineEnd == StringRef::npos)
      LineEnd = Text.size();
    StringRef Line = Text.slice(I, LineEnd).rtrim("\r");
    if (Line.trim().empty() || Line.starts_with("==")) {
      I = LineEnd + 1;
      continue;
    }
    std::vector<std::string> Fields;
    std::string Field;
    bool Quoted = false, End = false;
    while (I < Text.size() && !End) {
      char C = Text[I];
      if (Quoted) {
        if (C == '"' && I + 1 < Text.size() && Text[I + 1] == '"') {
          Field += '"';
          I += 2;
          continue;
        }
        if (C == '"')
          Quoted = false;
        else
          Field += C;
        ++I;
        continue;
      }
      if (C == '"') {
        Quoted = true;
      } else if (C == ',') {
        Fields.push_back(Field);
        Field.clear();
      } else if (C == '\n') {
        End = true;
      } else if (C != '\r') {
        Field += C;
      }
      ++I;
    }
    Fields.push_back(Field);
    Records.push_back(std::move(Fields));
  }
  return Records;
}

std::optional<double> parseNcuNumber(StringRef Text) {
  std::string Digits;
  for (char C : Text.trim())
    if (C != ',')
      Digits += C;
  if (Digits.empty())
    return std::nullopt;
  double Value = 0;
  if (StringRef(Digits).getAsDouble(Value))
    return std::nullopt;
  return Value;
}

std::optional<double> NcuResult::number(StringRef Metric) const {
  auto It = Values.find(Metric.str());
  if (It == Values.end())
    return std::nullopt;
  return parseNcuNumber(It->second);
}

std::vector<NcuResult> parseNcuRawPage(StringRef Text) {
  std::vector<std::vector<std::string>> Rows = parseCsv(Text);
  std::vector<NcuResult> Results;
  // The header is the first row naming "Kernel Name"; the row after it holds
  // units when its "ID" cell is not a number.
  size_t Header = 0;
  while (Header < Rows.size() && !is_contained(Rows[Header], "Kernel Name"))
    ++Header;
  if (Header == Rows.size())
    return Results;
  const std::vector<std::string> &Names = Rows[Header];
  auto IdColumn = find(Names, "ID");
  for (size_t R = Header + 1; R < Rows.size(); ++R) {
    const std::vector<std::string> &Row = Rows[R];
    if (IdColumn != Names.end()) {
      size_t C = IdColumn - Names.begin();
      if (C >= Row.size() || !parseNcuNumber(Row[C]))
        continue; // the units row
    }
    NcuResult Result;
    for (size_t C = 0; C < Names.size() && C < Row.size(); ++C)
      Result.Values[Names[C]] = Row[C];
    Result.KernelName = Result.Values["Kernel Name"];
    Results.push_back(std::move(Result));
  }
  return Results;
}

std::string sassOpcode(StringRef Instruction) {
  Instruction = Instruction.trim();
  if (Instruction.starts_with("{"))
    Instruction = Instruction.drop_front().trim();
  if (Instruction.starts_with("@")) {
    size_t Space = Instruction.find_first_of(" \t");
    Instruction =
        Instruction
            .substr(Space == StringRef::npos ? Instruction.size() : Space)
            .trim();
  }
  size_t End = Instruction.find_first_of(" \t;");
  return Instruction.substr(0, End).str();
}

std::string sharedOperation(StringRef Opcode) {
  StringRef Base = Opcode.split('.').first;
  if (Base == "LDS" || Base == "LDSM")
    return "load";
  if (Base == "STS" || Base == "STSM")
    return "store";
  if (Base == "ATOMS")
    return "atomic";
  // cp.async: the global load and the shared store are one instruction.
  if (Base == "LDGSTS")
    return "copy";
  return "";
}

std::string sharedOperation(const SourcePageInstruction &I) {
  std::string Operation = sharedOperation(I.Opcode);
  if (!Operation.empty() || I.AddressSpace != "Shared")
    return Operation;
  StringRef Base = StringRef(I.Opcode).split('.').first;
  if (Base == "LD")
    return "load";
  if (Base == "ST")
    return "store";
  if (Base == "ATOM" || Base == "RED")
    return "atomic";
  return "";
}

unsigned sharedOpcodeWidth(StringRef Opcode) {
  if (sharedOperation(Opcode).empty())
    return 0;
  SmallVector<StringRef, 4> Parts;
  Opcode.split(Parts, '.');
  // ldmatrix/stmatrix: each lane gives the address of one 16-byte row,
  // whatever the number of matrices (ncu's access size is 128 bits for
  // LDSM.16.M88.2 and .4 alike; it gives none for an instruction that never
  // ran).
  StringRef Base = Parts.front();
  if (Base == "LDSM" || Base == "STSM")
    return 16;
  unsigned Width = 4;
  for (StringRef Part : drop_begin(Parts)) {
    if (Part == "64")
      Width = 8;
    else if (Part == "128")
      Width = 16;
    else if (Part == "U8" || Part == "S8")
      Width = 1;
    else if (Part == "U16" || Part == "S16")
      Width = 2;
  }
  return Width;
}

SourcePage parseNcuSourcePage(StringRef Text) {
  SourcePage Page;
  std::string File;
  unsigned Line = 0;
  std::vector<std::string> Header;
  auto Column = [&](StringRef Name, unsigned Occurrence = 0) {
    for (size_t C = 0; C < Header.size(); ++C)
      if (Header[C] == Name && Occurrence-- == 0)
        return int(C);
    return -1;
  };
  int ThreadsExecuted = -1, SectorsIdeal = -1;
  int LineColumn = -1, AddressColumn = -1, SassColumn = -1, Executed = -1,
      Wavefronts = -1, Ideal = -1, Space = -1, Operation = -1, Size = -1;
  for (const std::vector<std::string> &Row : parseCsv(Text)) {
    if (Row.empty())
      continue;
    if (Row[0] == "File Path" && Row.size() > 1) {
      File = Row[1];
      continue;
    }
    if ((Row[0] == "Function Name" || Row[0] == "Kernel Name") &&
        Row.size() > 1) {
      Page.Function = Row[1];
      continue;
    }
    if (Row[0] == "Line No" || Row[0] == "Address" || Row[0] == "# Address") {
      Header = Row;
      LineColumn = Column("Line No");
      AddressColumn = Column("Address");
      // "Source" is the CUDA line, then the SASS; a SASS-only page has one.
      SassColumn = Column("Source", LineColumn >= 0 ? 1 : 0);
      Executed = Column("Instructions Executed");
      ThreadsExecuted = Column("Predicated-On Thread Instructions Executed");
      SectorsIdeal = Column("L2 Theoretical Sectors Global Ideal");
      Wavefronts = Column("L1 Wavefronts Shared");
      Ideal = Column("L1 Wavefronts Shared Ideal");
      Space = Column("Address Space");
      Operation = Column("Access Operation");
      Size = Column("Access Size");
      continue;
    }
    if (AddressColumn < 0 || SassColumn < 0 ||
        int(Row.size()) <= std::max(AddressColumn, SassColumn))
      continue;
    if (LineColumn >= 0 && !Row[LineColumn].empty()) {
      Line = 0;
      StringRef(Row[LineColumn]).trim().getAsInteger(10, Line);
      continue;
    }
    StringRef AddressText = StringRef(Row[AddressColumn]).trim();
    SourcePageInstruction I;
    if (!AddressText.consume_front("0x") ||
        AddressText.getAsInteger(16, I.Address))
      continue;
    I.File = File;
    I.Line = LineColumn >= 0 ? Line : 0;
    I.Sass = StringRef(Row[SassColumn]).trim().str();
    I.Opcode = sassOpcode(I.Sass);
    auto Cell = [&](int C) {
      return C >= 0 && C < int(Row.size()) ? StringRef(Row[C]).trim()
                                           : StringRef();
    };
    I.AddressSpace = Cell(Space).str();
    I.AccessOperation = Cell(Operation).str();
    Cell(Size).getAsInteger(10, I.AccessBits);
    I.Executed = parseNcuNumber(Cell(Executed));
    I.ThreadsExecuted = parseNcuNumber(Cell(ThreadsExecuted));
    I.GlobalSectorsIdeal = parseNcuNumber(Cell(SectorsIdeal));
    I.Wavefronts = parseNcuNumber(Cell(Wavefronts));
    I.WavefrontsIdeal = parseNcuNumber(Cell(Ideal));
    Page.Instructions.push_back(std::move(I));
  }
  return Page;
}

std::map<std::string, std::vector<InlinedInstruction>>
parseInlineLines(StringRef Text) {
  std::map<std::string, std::vector<InlinedInstruction>> Functions;
  std::vector<InlinedInstruction> *Current = nullptr;
  std::vector<std::pair<std::string, unsigned>> Chain;
  bool ChainDone = false;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Raw : Lines) {
    StringRef L = Raw.trim();
    if (L.consume_front("function ")) {
      Current = &Functions[L.trim().str()];
      Chain.clear();
      ChainDone = false;
      continue;
    }
    // //## File "PATH", line N[ inlined at "CALLER", line M]: each line of
    // a chain names one level, innermost first.
    if (L.consume_front("//## File \"")) {
      if (ChainDone) {
        Chain.clear();
        ChainDone = false;
      }
      auto [Path, Rest] = L.split("\", line ");
      unsigned Number = 0;
      Rest = Rest.take_while([](char C) { return isDigit(C); });
      if (!Rest.getAsInteger(10, Number))
        Chain.push_back({Path.str(), Number});
      continue;
    }
    if (!Current || !L.starts_with("/*"))
      continue;
    size_t Close = L.find("*/");
    InlinedInstruction I;
    if (Close == StringRef::npos ||
        L.substr(2, Close - 2).trim().getAsInteger(16, I.Offset))
      continue;
    I.Opcode = L.substr(Close + 2).trim().str();
    I.Chain = Chain;
    ChainDone = true;
    Current->push_back(std::move(I));
  }
  return Functions;
}

namespace {

/// Where \p Inlined's offsets land on \p Page: the start address at which
/// each of them is a page instruction of its opcode.
std::optional<uint64_t>
placeFunction(const std::map<uint64_t, StringRef> &Opcodes,
              const std::vector<InlinedInstruction> &Inlined) {
  if (Inlined.empty())
    return std::nullopt;
  const InlinedInstruction &First = Inlined.front();
  for (const auto &[Address, Opcode] : Opcodes) {
    if (Opcode != First.Opcode || Address < First.Offset)
      continue;
    uint64_t Start = Address - First.Offset;
    if (llvm::all_of(Inlined, [&](const InlinedInstruction &I) {
          auto It = Opcodes.find(Start + I.Offset);
          return It != Opcodes.end() && It->second == I.Opcode;
        }))
      return Start;
  }
  return std::nullopt;
}

} // namespace

unsigned followInlineChains(
    SourcePage &Page,
    const std::map<std::string, std::vector<InlinedInstruction>> &Functions,
    StringRef Preferred, function_ref<bool(StringRef)> IsAnalysed) {
  std::map<uint64_t, StringRef> Opcodes;
  for (const SourcePageInstruction &I : Page.Instructions)
    Opcodes.emplace(I.Address, I.Opcode);
  const std::vector<InlinedInstruction> *Placed = nullptr;
  uint64_t Start = 0;
  auto Try = [&](const std::vector<InlinedInstruction> &Inlined) {
    if (std::optional<uint64_t> At = placeFunction(Opcodes, Inlined)) {
      Placed = &Inlined;
      Start = *At;
    }
  };
  if (auto It = Functions.find(Preferred.str()); It != Functions.end())
    Try(It->second);
  for (auto It = Functions.begin(); !Placed && It != Functions.end(); ++It)
    Try(It->second);
  if (!Placed)
    return 0;

  std::map<uint64_t, const InlinedInstruction *> ByAddress;
  for (const InlinedInstruction &I : *Placed)
    ByAddress[Start + I.Offset] = &I;
  // Instructions the page already shows in an analysed file stay where
  // they are.
  std::set<uint64_t> Shown;
  for (const SourcePageInstruction &I : Page.Instructions)
    if (IsAnalysed(I.File))
      Shown.insert(I.Address);
  std::vector<SourcePageInstruction> Added;
  for (const SourcePageInstruction &I : Page.Instructions) {
    auto It = ByAddress.find(I.Address);
    if (It == ByAddress.end() || !Shown.insert(I.Address).second)
      continue;
    for (const auto &[Path, Number] : It->second->Chain) {
      if (!IsAnalysed(Path))
        continue;
      SourcePageInstruction Copy = I;
      Copy.InlinedFrom =
          sys::path::filename(I.File).str() + ":" + std::to_string(I.Line);
      Copy.File = Path;
      Copy.Line = Number;
      Added.push_back(std::move(Copy));
      break;
    }
  }
  for (SourcePageInstruction &I : Added)
    Page.Instructions.push_back(std::move(I));
  return Added.size();
}

std::map<std::string, std::vector<std::string>>
parseCuobjdumpSass(StringRef Text) {
  std::map<std::string, std::vector<std::string>> Functions;
  std::string Function;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Raw : Lines) {
    StringRef L = Raw.trim();
    if (L.consume_front("Function : ")) {
      Function = L.trim().str();
      continue;
    }
    if (Function.empty() || !L.starts_with("/*"))
      continue;
    size_t Close = L.find("*/");
    if (Close == StringRef::npos)
      continue;
    uint64_t Offset;
    if (L.substr(2, Close - 2).trim().getAsInteger(16, Offset))
      continue;
    StringRef Code = L.substr(Close + 2).trim();
    // The encoding comment that follows an instruction: /* 0x000... */
    if (Code.empty() || Code.starts_with("/*"))
      continue;
    Functions[Function].push_back(sassOpcode(Code));
  }
  return Functions;
}

namespace {

/// "Write Thread (255,0,0) at reverse(float *, const float *)+0xe0 in
/// missing-barrier.cu:8" (the part after the "=========" prefix; in a
/// cluster, "Write Thread (192,0,0) (block rank 1) at ..."), or a side
/// of the analysis report's pair: "Write access at reverse(...)+0xe0 in
/// missing-barrier.cu:8" (no thread).
std::optional<HazardAccess> parseHazardAccess(StringRef L) {
  HazardAccess A;
  auto [Kind, Rest] = L.split(' ');
  if (Kind != "Read" && Kind != "Write")
    return std::nullopt;
  A.Kind = Kind.str();
  if (!Rest.consume_front("access ")) {
    if (!Rest.consume_front("Thread "))
      return std::nullopt;
    size_t Close = Rest.find(')');
    if (Close == StringRef::npos)
      return std::nullopt;
    A.Thread = Rest.substr(0, Close + 1).str();
    Rest = Rest.substr(Close + 1).trim();
    unsigned Rank = 0;
    if (Rest.consume_front("(block rank ") && !Rest.consumeInteger(10, Rank) &&
        Rest.consume_front(")"))
      A.BlockRank = Rank;
  }
  Rest = Rest.trim();
  if (!Rest.consume_front("at "))
    return A;
  // The function's parameter list can hold spaces; the location follows the
  // last " in ".
  size_t In = Rest.rfind(" in ");
  StringRef Where = Rest;
  if (In != StringRef::npos) {
    StringRef Location = Rest.substr(In + 4).trim();
    Where = Rest.substr(0, In);
    auto [File, LineText] = Location.rsplit(':');
    unsigned Line = 0;
    if (!LineText.getAsInteger(10, Line)) {
      A.File = File.str();
      A.Line = Line;
    }
  }
  size_t Plus = Where.rfind("+0x");
  A.Function = (Plus == StringRef::npos ? Where : Where.substr(0, Plus)).str();
  uint64_t Offset = 0;
  if (Plus != StringRef::npos &&
      !Where.substr(Plus + 3).trim().getAsInteger(16, Offset))
    A.Offset = Offset;
  return A;
}

StringRef sanitizerLine(StringRef Raw) {
  StringRef L = Raw.rtrim("\r");
  if (!L.consume_front("========="))
    return StringRef();
  return L.trim();
}

} // namespace

bool inlinedAt(const HazardAccess &Side,
               const std::vector<InlinedInstruction> &Inlined) {
  return Side.Offset && llvm::any_of(Inlined, [&](const InlinedInstruction &I) {
           return I.Offset == *Side.Offset && !I.Chain.empty() &&
                  I.Chain.front().second == Side.Line &&
                  sys::path::filename(I.Chain.front().first) ==
                      sys::path::filename(Side.File);
         });
}

unsigned placeHazardOffsets(
    RacecheckLog &Log,
    const std::map<std::string, std::vector<InlinedInstruction>> &Functions,
    StringRef Kernel) {
  auto Inlined = Functions.find(Kernel.str());
  if (Inlined == Functions.end())
    return 0;
  std::string Comparable =
      comparableFunctionName(kernelOfFunction(llvm::demangle(Kernel.str())));
  unsigned Placed = 0;
  for (Hazard &H : Log.Hazards)
    for (HazardAccess *Side : {&H.First, &H.Second}) {
      // An offset into another function (one not inlined) is not the
      // kernel's.
      if (Side->Line || !Side->Offset ||
          comparableFunctionName(kernelOfFunction(Side->Function)) !=
              Comparable)
        continue;
      auto At =
          llvm::find_if(Inlined->second, [&](const InlinedInstruction &I) {
            return I.Offset == *Side->Offset;
          });
      if (At == Inlined->second.end() || At->Chain.empty())
        continue;
      Side->Chain = At->Chain;
      Side->File = At->Chain.front().first;
      Side->Line = At->Chain.front().second;
      ++Placed;
    }
  return Placed;
}

RacecheckLog parseRacecheckLog(StringRef Text) {
  RacecheckLog Log;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  std::optional<Hazard> Open;
  unsigned AccessesSeen = 0;
  // The analysis report's record: "Error: Race reported between Write
  // access at F+0xe0 in a.cu:8", then one "and Read access at F+0xf0 in
  // a.cu:9 [1024 hazards]" per instruction it raced with.
  std::optional<Hazard> Pair;
  RacecheckLog Pairs;
  for (StringRef Raw : Lines) {
    StringRef L = sanitizerLine(Raw);
    if (L.empty())
      continue;
    static constexpr StringRef Between = "Race reported between ";
    if (size_t At = L.find(Between); At != StringRef::npos) {
      Open.reset();
      Pair.reset();
      StringRef Side = L.substr(At + Between.size());
      if (std::optional<HazardAccess> A = parseHazardAccess(Side)) {
        Hazard H;
        H.Error = L.starts_with("Error:");
        H.First = *A;
        Pair = H;
      }
      continue;
    }
    if (Pair && L.consume_front("and ")) {
      unsigned Count = 0;
      size_t Bracket = L.rfind(" [");
      if (Bracket != StringRef::npos) {
        L.substr(Bracket + 2).take_while(isDigit).getAsInteger(10, Count);
        L = L.take_front(Bracket);
      }
      if (std::optional<HazardAccess> A = parseHazardAccess(L)) {
        Hazard H = *Pair;
        H.Second = *A;
        H.Count = std::max(Count, 1u);
        H.Type = H.First.Kind == "Write"
                     ? (H.Second.Kind == "Write" ? "WAW" : "RAW")
                     : "WAR";
        Pairs.Hazards.push_back(H);
      }
      continue;
    }
    Pair.reset();
    // "Potential RAW hazard detected at __shared__ ...", or with the kind
    // of synchronisation it lacks: "... detected (invalid memcpy_async
    // synchronization) at __shared__ ..." for cp.async's writes.
    if (L.contains("hazard detected at") || L.contains("hazard detected (")) {
      Hazard H;
      H.Error = L.starts_with("Error:");
      H.WarpLevel = L.contains("(Warp Level Programming)");
      size_t At = L.find("Potential ");
      if (At != StringRef::npos)
        H.Type = L.substr(At + 10, 3).str();
      size_t Block = L.find("in block ");
      if (Block != StringRef::npos)
        H.Block = L.substr(Block + 9).split(' ').first.rtrim(":").str();
      Open = H;
      AccessesSeen = 0;
      continue;
    }
    // An access of a block of the cluster that may not be running, over
    // four lines: "Potential invalid __shared__ read of size 4 bytes", "at
    // F+0x190 in a.cu:37", "by thread (128,0,0) in block (0,0,0)", "Address
    // 0x1000604 is located in a block that might not have entered yet".
    if (L.consume_front("Potential invalid __shared__ ")) {
      Hazard H;
      H.Error = true;
      H.First.Kind = L.starts_with("write") ? "Write" : "Read";
      H.Type = "invalid " + L.split(' ').first.str();
      Open = H;
      AccessesSeen = 0;
      continue;
    }
    if (Open && StringRef(Open->Type).starts_with("invalid ")) {
      if (L.starts_with("at ")) {
        if (std::optional<HazardAccess> A =
                parseHazardAccess((Open->First.Kind + " access " + L).str()))
          Open->First = *A;
      } else if (L.consume_front("by thread ")) {
        auto [Thread, Block] = L.split(" in block ");
        Open->First.Thread = Thread.trim().str();
        Open->Block = Block.trim().str();
      } else if (L.contains("is located in a block that might")) {
        Open->PeerBlock =
            L.contains("not have entered") ? "not entered" : "exited";
        Log.Hazards.push_back(*Open);
        Open.reset();
      }
      continue;
    }
    if (Open) {
      if (std::optional<HazardAccess> A = parseHazardAccess(L)) {
        (AccessesSeen == 0 ? Open->First : Open->Second) = *A;
        if (++AccessesSeen == 2) {
          Log.Hazards.push_back(*Open);
          Open.reset();
        }
        continue;
      }
    }
    if (L.starts_with("RACECHECK SUMMARY:")) {
      Log.HasSummary = true;
      // "RACECHECK SUMMARY: 2046 hazards displayed (1054 errors, 992 warnings)"
      StringRef Rest = L.drop_front(18).trim();
      Rest.take_while(isDigit).getAsInteger(10, Log.Displayed);
      size_t Paren = Rest.find('(');
      if (Paren != StringRef::npos) {
        StringRef Counts = Rest.substr(Paren + 1);
        Counts.take_while(isDigit).getAsInteger(10, Log.Errors);
        size_t Comma = Counts.find(", ");
        if (Comma != StringRef::npos)
          Counts.substr(Comma + 2).take_while(isDigit).getAsInteger(
              10, Log.Warnings);
      }
      Log.PrintLimitReached = Log.Displayed < Log.Errors + Log.Warnings;
      continue;
    }
    if (L.starts_with("Program hit") || L.starts_with("Error: process") ||
        L.contains("Target application returned an error") ||
        L.contains("Internal Sanitizer Error"))
      Log.Problems.push_back(L.str());
  }
  // `all` prints the pairs after the hazards they sum up: only a pair of
  // instructions no printed hazard names adds to them.
  addRacingPairs(Log, Pairs);
  return Log;
}

void addRacingPairs(RacecheckLog &Log, const RacecheckLog &Pairs) {
  auto SameSide = [](const HazardAccess &A, const HazardAccess &B) {
    return A.Function == B.Function && A.Offset == B.Offset &&
           A.Line == B.Line && A.File == B.File;
  };
  for (const Hazard &P : Pairs.Hazards) {
    bool Printed = llvm::any_of(Log.Hazards, [&](const Hazard &H) {
      return (SameSide(H.First, P.First) && SameSide(H.Second, P.Second)) ||
             (SameSide(H.First, P.Second) && SameSide(H.Second, P.First));
    });
    if (!Printed)
      Log.Hazards.push_back(P);
  }
  if (Pairs.HasSummary && !Pairs.PrintLimitReached)
    Log.PrintLimitReached = false;
}

SynccheckLog parseSynccheckLog(StringRef Text) {
  SynccheckLog Log;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  std::optional<BarrierError> Open;
  for (StringRef Raw : Lines) {
    StringRef L = sanitizerLine(Raw);
    if (L.empty())
      continue;
    if (L.starts_with("Barrier error") || L.contains("Divergent thread")) {
      if (Open)
        Log.Errors.push_back(*Open);
      Open = BarrierError();
      Open->Message = L.str();
      continue;
    }
    if (Open && L.starts_with("at ")) {
      StringRef Rest = L.drop_front(3);
      size_t In = Rest.rfind(" in ");
      if (In != StringRef::npos) {
        auto [File, LineText] = Rest.substr(In + 4).trim().rsplit(':');
        unsigned Line = 0;
        if (!LineText.getAsInteger(10, Line)) {
          Open->File = File.str();
          Open->Line = Line;
        }
        Rest = Rest.substr(0, In);
      }
      size_t Plus = Rest.rfind("+0x");
      Open->Function =
          (Plus == StringRef::npos ? Rest : Rest.substr(0, Plus)).str();
      continue;
    }
    if (Open && L.starts_with("by thread ")) {
      StringRef Rest = L.drop_front(10);
      Open->Thread = Rest.split(' ').first.str();
      size_t Block = Rest.find("in block ");
      if (Block != StringRef::npos)
        Open->Block = Rest.substr(Block + 9).trim().str();
      Log.Errors.push_back(*Open);
      Open.reset();
      continue;
    }
    if (L.starts_with("ERROR SUMMARY:")) {
      Log.HasSummary = true;
      L.drop_front(14).trim().take_while(isDigit).getAsInteger(10,
                                                               Log.ErrorCount);
    }
  }
  if (Open)
    Log.Errors.push_back(*Open);
  return Log;
}

std::map<std::string, HarnessLaunch> parseHarnessLog(StringRef Text) {
  std::map<std::string, HarnessLaunch> Launches;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Raw : Lines) {
    StringRef L = Raw.trim();
    if (!L.consume_front("smem-lint-verify: launch "))
      continue;
    auto [Id, Rest] = L.split(' ');
    HarnessLaunch &H = Launches[Id.str()];
    H.Id = Id.str();
    while (!Rest.empty()) {
      Rest = Rest.ltrim();
      auto [Key, After] = Rest.split('=');
      StringRef Value;
      if (After.starts_with("\"")) {
        size_t Close = After.find('"', 1);
        Value = After.slice(1, Close);
        Rest = Close == StringRef::npos ? StringRef() : After.substr(Close + 1);
      } else {
        std::tie(Value, Rest) = After.split(' ');
      }
      if (Key == "function")
        H.Function = Value.str();
      else if (Key == "registers")
        Value.getAsInteger(10, H.Registers);
      else if (Key == "static_shared")
        Value.getAsInteger(10, H.StaticShared);
      else if (Key == "dynamic_shared")
        Value.getAsInteger(10, H.DynamicShared);
      else if (Key == "blocks_per_sm")
        Value.getAsInteger(10, H.BlocksPerSM);
      else if (Key == "status")
        H.Status = Value.str();
      else if (Key == "message")
        H.Message = Value.str();
      if (Key.empty())
        break;
    }
  }
  return Launches;
}

std::string kernelOfFunction(StringRef Demangled) {
  Demangled = Demangled.trim();
  // A template's return type: kernels return void.
  Demangled.consume_front("void ");
  // A function local to a kernel (a lambda's call operator, a local class's
  // member) is named within the kernel's scope: "k<(int)4>(int *)::[lambda()
  // (instance 1)]::operator ()() const". The kernel is the name before the
  // first parameter list outside template arguments, when '::' follows it.
  int Angles = 0;
  for (size_t I = 0; I < Demangled.size(); ++I) {
    char C = Demangled[I];
    if (C == '<')
      ++Angles;
    else if (C == '>')
      --Angles;
    else if (C == '(' && Angles == 0) {
      if (I == 0)
        break;
      int Depth = 0;
      for (size_t J = I; J < Demangled.size(); ++J) {
        if (Demangled[J] == '(')
          ++Depth;
        else if (Demangled[J] == ')' && --Depth == 0) {
          if (Demangled.substr(J + 1).starts_with("::"))
            return Demangled.take_front(I).trim().str();
          break;
        }
      }
      break;
    }
  }
  // The parameter list: from the last ')' back to its '('.
  if (Demangled.ends_with(")")) {
    int Depth = 0;
    for (size_t I = Demangled.size(); I-- > 0;) {
      if (Demangled[I] == ')')
        ++Depth;
      else if (Demangled[I] == '(' && --Depth == 0) {
        Demangled = Demangled.take_front(I);
        break;
      }
    }
  }
  return Demangled.trim().str();
}

std::string comparableFunctionName(StringRef Name) {
  std::string Out;
  for (size_t I = 0; I < Name.size();) {
    size_t Close = Name[I] == '(' ? Name.find(')', I) : StringRef::npos;
    if (Close != StringRef::npos) {
      StringRef Type = Name.slice(I + 1, Close);
      StringRef After = Name.substr(Close + 1);
      bool Cast = !Type.empty() && !After.empty() &&
                  (isDigit(After.front()) || After.front() == '-') &&
                  all_of(Type, [](char C) { return isLower(C) || C == ' '; });
      if (Cast) {
        I = Close + 1;
        if (Type == "bool") {
          StringRef Digits = After.take_while(isDigit);
          Out += Digits == "0" ? "false" : "true";
          I += Digits.size();
        }
        continue;
      }
    }
    if (Name[I] != ' ')
      Out += Name[I];
    ++I;
  }
  // An empty pack ends a list: compute-sanitizer prints "T, >".
  for (size_t At; (At = Out.find(",>")) != std::string::npos;)
    Out.erase(At, 1);
  // LLVM suffixes an unsigned or long argument ("7u", "7ul", "-1ll"); the
  // cast said the type: a number's suffix before ',' or '>' goes.
  std::string Plain;
  for (size_t I = 0; I < Out.size(); ++I) {
    Plain += Out[I];
    bool NumberStarts =
        isDigit(Out[I]) && (I == 0 || StringRef("<,-").contains(Out[I - 1]));
    if (!NumberStarts)
      continue;
    size_t End = I + 1;
    while (End < Out.size() && isDigit(Out[End]))
      ++End;
    size_t Suffix = End;
    while (Suffix < Out.size() && StringRef("uUlL").contains(Out[Suffix]))
      ++Suffix;
    if (Suffix > End && Suffix < Out.size() &&
        (Out[Suffix] == ',' || Out[Suffix] == '>')) {
      Plain += Out.substr(I + 1, End - I - 1);
      I = Suffix - 1;
    }
  }
  return Plain;
}

std::vector<ProfiledLaunch>
profiledLaunches(const std::vector<NcuResult> &Results) {
  std::vector<ProfiledLaunch> Launches;
  for (size_t I = 0; I < Results.size(); ++I) {
    const NcuResult &R = Results[I];
    ProfiledLaunch L;
    L.Index = int(I);
    L.Function = R.KernelName;
    L.Kernel = kernelOfFunction(llvm::demangle(R.KernelName));
    const char *Axes[] = {"x", "y", "z"};
    for (unsigned A = 0; A < 3; ++A) {
      if (std::optional<double> B =
              R.number(std::string("launch__block_dim_") + Axes[A]))
        L.Block[A] = unsigned(*B);
      if (std::optional<double> G =
              R.number(std::string("launch__grid_dim_") + Axes[A]))
        L.Grid[A] = unsigned(*G);
    }
    if (std::optional<double> D =
            R.number("launch__shared_mem_per_block_dynamic"))
      L.DynamicSharedBytes = uint64_t(*D);
    if (std::optional<double> Registers =
            R.number("launch__registers_per_thread"))
      L.Registers = int(*Registers);
    Launches.push_back(L);
  }
  return Launches;
}

bool sameKernelSymbol(StringRef ClangSymbol, StringRef ProfiledSymbol) {
  if (ClangSymbol.empty() || ProfiledSymbol.empty())
    return false;
  if (ClangSymbol == ProfiledSymbol)
    return true;
  // Demangled names leave linkage out; an unmangled (extern "C") symbol
  // demangles to itself and was compared above.
  if (!ClangSymbol.starts_with("_Z") || !ProfiledSymbol.starts_with("_Z"))
    return false;
  return llvm::demangle(ClangSymbol) == llvm::demangle(ProfiledSymbol);
}

std::vector<StepStatus> parseStatusFile(StringRef Text) {
  std::vector<StepStatus> Steps;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    SmallVector<StringRef, 4> Words;
    L.trim().split(Words, ' ', -1, false);
    if (Words.size() < 3)
      continue;
    StepStatus S;
    S.Step = Words[0].str();
    S.Id = Words[1].str();
    for (StringRef W : drop_begin(Words, 2)) {
      if (W.consume_front("rc="))
        S.Rc = W.str();
      else if (W.consume_front("seconds="))
        W.getAsInteger(10, S.Seconds);
    }
    Steps.push_back(S);
  }
  return Steps;
}

std::vector<RecordedLaunch> parseLaunchLog(StringRef Text) {
  std::vector<RecordedLaunch> Launches;
  auto Triple = [](StringRef Value, std::array<unsigned, 3> &Out) {
    SmallVector<StringRef, 3> Parts;
    Value.split(Parts, ',');
    if (Parts.size() != 3)
      return false;
    for (size_t I = 0; I < 3; ++I)
      if (Parts[I].getAsInteger(10, Out[I]))
        return false;
    return true;
  };
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    SmallVector<StringRef, 8> Words;
    L.trim().split(Words, ' ', -1, false);
    if (Words.size() != 7 || Words[0] != "smem-lint-launch")
      continue;
    RecordedLaunch R;
    R.Function = Words[2].str();
    StringRef Grid = Words[3], Block = Words[4], Shared = Words[5],
              Params = Words[6];
    if (!Grid.consume_front("grid=") || !Triple(Grid, R.Grid) ||
        !Block.consume_front("block=") || !Triple(Block, R.Block) ||
        !Shared.consume_front("shared=") ||
        Shared.getAsInteger(10, R.DynamicSharedBytes) ||
        !Params.consume_front("params="))
      continue;
    if (Params != "?" && !Params.empty()) {
      SmallVector<StringRef, 16> Each;
      Params.split(Each, ',');
      for (StringRef P : Each) {
        std::string Bytes;
        if (P.starts_with("?") || P.size() % 2 || !tryGetFromHex(P, Bytes)) {
          R.Parameters.push_back(std::nullopt);
          continue;
        }
        R.Parameters.push_back(
            std::vector<uint8_t>(Bytes.begin(), Bytes.end()));
      }
    }
    Launches.push_back(std::move(R));
  }
  return Launches;
}

} // namespace verify
} // namespace smemlint
