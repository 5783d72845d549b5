//===--- ConfigFile.cpp - .smem-lint.yaml ---------------------------------===//

#include "Workflow/ConfigFile.h"

#include "Analysis/KernelDiscovery.h"
#include "Hardware/ArchTable.h"
#include "Workflow/CheckSelection.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

namespace smemlint {
namespace {

/// The check option a configuration key sets, or null.
const CheckOption *checkOptionWithKey(llvm::StringRef Key) {
  for (const CheckInfo *Kind : allFindingKinds())
    for (const CheckOption &Option : Kind->Options)
      if (Key == Option.ConfigKey)
        return &Option;
  return nullptr;
}

class ConfigReader {
public:
  ConfigReader(llvm::StringRef Path, llvm::SourceMgr &Sources)
      : Path(Path), Sources(Sources) {}

  bool read(llvm::yaml::Node *Root, ProjectConfig &Config);
  std::string Error;

private:
  bool fail(llvm::yaml::Node *Node, const std::string &Message) {
    if (!Error.empty())
      return false;
    llvm::SMLoc Loc = Node ? Node->getSourceRange().Start : llvm::SMLoc();
    auto [Line, Column] = Loc.isValid() ? Sources.getLineAndColumn(Loc)
                                        : std::pair<unsigned, unsigned>(0, 0);
    Error = Path.str() + ":" + std::to_string(Line) + ":" +
            std::to_string(Column) + ": " + Message;
    return false;
  }
  std::optional<std::string> scalar(llvm::yaml::Node *Node,
                                    llvm::StringRef Key) {
    auto *Scalar = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(Node);
    if (!Scalar) {
      fail(Node, "'" + Key.str() + "' expects a single value");
      return std::nullopt;
    }
    llvm::SmallString<64> Storage;
    return Scalar->getValue(Storage).str();
  }
  /// `{ kernel: value, ... }` with '*' meaning every kernel.
  template <class Fn> bool perKernel(llvm::yaml::Node *Node,
                                     llvm::StringRef Key, Fn Each) {
    auto *Map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(Node);
    if (!Map)
      return fail(Node, "'" + Key.str() +
                            "' expects a map from kernel name to value");
    for (llvm::yaml::KeyValueNode &Entry : *Map) {
      std::optional<std::string> Kernel = scalar(Entry.getKey(), Key);
      std::optional<std::string> Value = scalar(Entry.getValue(), Key);
      if (!Kernel || !Value)
        return false;
      if (!Each(*Kernel == "*" ? std::string() : *Kernel, *Value,
                Entry.getValue()))
        return false;
    }
    return true;
  }

  llvm::StringRef Path;
  llvm::SourceMgr &Sources;
};

bool ConfigReader::read(llvm::yaml::Node *Root, ProjectConfig &Config) {
  auto *Map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(Root);
  if (!Map)
    return fail(Root, "expected a map of settings");
  for (llvm::yaml::KeyValueNode &Entry : *Map) {
    std::optional<std::string> Key = scalar(Entry.getKey(), "key");
    if (!Key)
      return false;
    llvm::yaml::Node *Value = Entry.getValue();
    if (*Key == "Checks" || *Key == "WarningsAsErrors") {
      std::optional<std::string> Text = scalar(Value, *Key);
      if (!Text)
        return false;
      std::vector<std::string> Unknown =
          CheckGlobs(*Text).unmatchedGlobs(knownCheckNames());
      if (!Unknown.empty())
        return fail(Value, "'" + Unknown.front() + "' in '" + *Key +
                               "' matches no check");
      (*Key == "Checks" ? Config.Checks : Config.WarningsAsErrors) = *Text;
    } else if (*Key == "HeaderFilterRegex") {
      std::optional<std::string> Text = scalar(Value, *Key);
      if (!Text)
        return false;
      std::string Why;
      if (!llvm::Regex(*Text).isValid(Why))
        return fail(Value,
                    "'HeaderFilterRegex' is not a regular expression: " + Why);
      Config.HeaderFilterRegex = *Text;
    } else if (*Key == "Arch") {
      std::optional<std::string> Text = scalar(Value, *Key);
      if (!Text)
        return false;
      if (!findArch(*Text))
        return fail(Value, "unknown architecture '" + *Text + "'; known: " +
                               knownArchNames());
      Config.Arch = *Text;
    } else if (const CheckOption *Option = checkOptionWithKey(*Key)) {
      std::optional<std::string> Text = scalar(Value, *Key);
      unsigned Number = 0;
      if (!Text || llvm::StringRef(*Text).getAsInteger(10, Number) ||
          Number < Option->Min || Number > Option->Max)
        return fail(Value, "'" + *Key + "' expects a number from " +
                               std::to_string(Option->Min) + " to " +
                               std::to_string(Option->Max));
      Config.CheckOptions[Option->Name] = Number;
    } else if (*Key == "FailOn") {
      std::optional<std::string> Text = scalar(Value, *Key);
      std::optional<Severity> Level = Text ? parseSeverity(*Text) : std::nullopt;
      if (!Level)
        return fail(Value, "'FailOn' expects note, warning or error");
      Config.FailOn = Level;
    } else if (*Key == "BlockDims" || *Key == "GridDims") {
      bool Block = *Key == "BlockDims";
      if (!perKernel(Value, *Key, [&](const std::string &Kernel,
                                      const std::string &Text,
                                      llvm::yaml::Node *At) {
            std::string Arguments = Text, Why;
            std::replace(Arguments.begin(), Arguments.end(), 'x', ',');
            std::optional<BlockShape> Shape =
                Block ? parseBlockDimArguments(Arguments, Why)
                      : parseGridDimArguments(Arguments, Why);
            if (!Shape)
              return fail(At, std::string("bad ") + (Block ? "block" : "grid") +
                                  " shape '" + Text + "': " + Why);
            (Block ? Config.BlockDims : Config.GridDims)
                .push_back({Kernel, *Shape});
            return true;
          }))
        return false;
    } else if (*Key == "Params") {
      if (!perKernel(Value, *Key, [&](const std::string &Name,
                                      const std::string &Text,
                                      llvm::yaml::Node *At) {
            bool Qualified = llvm::StringRef(Name).contains(':');
            auto [Kernel, Parameter] = llvm::StringRef(Name).rsplit(':');
            if (!Qualified)
              std::swap(Kernel, Parameter);
            int64_t Number = 0;
            if (Parameter.empty() ||
                llvm::StringRef(Text).getAsInteger(0, Number))
              return fail(At, "'Params' expects '[kernel:]name: integer', "
                              "got '" + Name + ": " + Text + "'");
            Config.ParameterValues.push_back(
                {Kernel.str(), Parameter.str(), Number});
            return true;
          }))
        return false;
    } else if (*Key == "DynamicSharedMemory" || *Key == "Registers") {
      bool Dynamic = *Key == "DynamicSharedMemory";
      if (!perKernel(Value, *Key, [&](const std::string &Kernel,
                                      const std::string &Text,
                                      llvm::yaml::Node *At) {
            uint64_t Number = 0;
            uint64_t Max = Dynamic ? (1u << 20) : 255;
            if (llvm::StringRef(Text).getAsInteger(10, Number) || Number > Max)
              return fail(At, "'" + Text + "' is not a number from 0 to " +
                                  std::to_string(Max));
            (Dynamic ? Config.DynamicSharedBytes : Config.RegistersPerThread)
                .push_back({Kernel, Number});
            return true;
          }))
        return false;
    } else if (*Key == "Severities") {
      std::vector<std::string> Known = knownCheckNames();
      if (!perKernel(Value, *Key, [&](const std::string &Check,
                                      const std::string &Text,
                                      llvm::yaml::Node *At) {
            if (!llvm::is_contained(Known, Check))
              return fail(At, "unknown check '" + Check + "'");
            std::optional<Severity> Level = parseSeverity(Text);
            if (!Level)
              return fail(At, "'" + Text + "' is not note, warning or error");
            Config.Severities[Check] = *Level;
            return true;
          }))
        return false;
    } else {
      std::string Keys = "Checks, WarningsAsErrors, Arch, ";
      for (const CheckInfo *Kind : allFindingKinds())
        for (const CheckOption &Option : Kind->Options)
          Keys += std::string(Option.ConfigKey) + ", ";
      return fail(Entry.getKey(), "unknown key '" + *Key +
                                      "'; known keys: " + Keys +
                                      "FailOn, BlockDims, GridDims, Params, "
                                      "DynamicSharedMemory, Registers, "
                                      "Severities, HeaderFilterRegex");
    }
  }
  return true;
}

} // namespace

std::optional<Severity> parseSeverity(llvm::StringRef Text) {
  return llvm::StringSwitch<std::optional<Severity>>(Text)
      .Case("note", Severity::Note)
      .Case("warning", Severity::Warning)
      .Case("error", Severity::Error)
      .Default(std::nullopt);
}

std::string findConfigFile(llvm::StringRef SourceFile) {
  llvm::SmallString<256> Directory(SourceFile);
  llvm::sys::fs::make_absolute(Directory);
  llvm::sys::path::remove_filename(Directory);
  while (!Directory.empty()) {
    llvm::SmallString<256> Candidate(Directory);
    llvm::sys::path::append(Candidate, ConfigFileName);
    if (llvm::sys::fs::is_regular_file(Candidate))
      return Candidate.str().str();
    llvm::StringRef Parent = llvm::sys::path::parent_path(Directory);
    if (Parent == Directory)
      break;
    Directory = Parent;
  }
  return "";
}

std::optional<ProjectConfig> readConfigFile(llvm::StringRef Path,
                                            std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = Path.str() + ": cannot be read: " + Buffer.getError().message();
    return std::nullopt;
  }
  llvm::SourceMgr Sources;
  // Syntax errors: report them ourselves rather than on stderr.
  std::string SyntaxError;
  Sources.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Context) {
        auto *Out = static_cast<std::string *>(Context);
        if (Out->empty())
          *Out = std::to_string(D.getLineNo()) + ":" +
                 std::to_string(D.getColumnNo() + 1) + ": " +
                 D.getMessage().str();
      },
      &SyntaxError);
  llvm::yaml::Stream Stream((*Buffer)->getBuffer(), Sources);
  ProjectConfig Config;
  Config.Path = Path.str();
  llvm::yaml::document_iterator Document = Stream.begin();
  if (Document == Stream.end() || !Document->getRoot()) {
    if (!SyntaxError.empty()) {
      Error = Path.str() + ":" + SyntaxError;
      return std::nullopt;
    }
    return Config; // an empty file sets nothing
  }
  ConfigReader Reader(Path, Sources);
  bool Ok = Reader.read(Document->getRoot(), Config);
  if (!SyntaxError.empty()) {
    Error = Path.str() + ":" + SyntaxError;
    return std::nullopt;
  }
  if (!Ok) {
    Error = Reader.Error;
    return std::nullopt;
  }
  return Config;
}

} // namespace smemlint
