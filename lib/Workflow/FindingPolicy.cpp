//===--- FindingPolicy.cpp - From what the checks found to what is reported ===//

#include "Workflow/FindingPolicy.h"

#include "Workflow/Suppressions.h"

#include "Checks/CheckRegistry.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

namespace smemlint {

namespace {

/// \p Path absolute (relative to \p Directory, if given) and without `.`
/// and `..`, as an editor's buffers are named.
std::string normalizedFilePath(llvm::StringRef Path,
                               llvm::StringRef Directory) {
  llvm::SmallString<256> Result(Path);
  if (Directory.empty())
    llvm::sys::fs::make_absolute(Result);
  else
    llvm::sys::fs::make_absolute(Directory, Result);
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  return Result.str().str();
}

/// clang-tidy's rule: the first entry whose name ends the path decides.
bool passesLineFilter(const std::vector<LineFilterEntry> &Filter,
                      llvm::StringRef File, unsigned Line) {
  if (Filter.empty())
    return true;
  for (const LineFilterEntry &Entry : Filter)
    if (File.ends_with(Entry.Name))
      return Entry.Lines.empty() ||
             llvm::any_of(Entry.Lines, [&](const auto &Range) {
               return Range.first <= Line && Line <= Range.second;
             });
  return false;
}

} // namespace

std::optional<std::vector<LineFilterEntry>>
parseLineFilter(llvm::StringRef Json, std::string &Error) {
  auto Fail = [&](const std::string &Why) {
    Error = "invalid --line-filter: " + Why +
            "; expected [{\"name\": \"file.cu\", \"lines\": [[1, 3], ...]}, "
            "...]";
    return std::nullopt;
  };
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Json);
  if (!Parsed)
    return Fail(llvm::toString(Parsed.takeError()));
  const llvm::json::Array *Entries = Parsed->getAsArray();
  if (!Entries)
    return Fail("not a list");
  std::vector<LineFilterEntry> Filter;
  for (const llvm::json::Value &Value : *Entries) {
    const llvm::json::Object *Entry = Value.getAsObject();
    std::optional<llvm::StringRef> Name =
        Entry ? Entry->getString("name") : std::nullopt;
    if (!Name)
      return Fail("an entry without a \"name\"");
    LineFilterEntry Parsed{Name->str(), {}};
    if (const llvm::json::Value *Lines = Entry->get("lines")) {
      const llvm::json::Array *Ranges = Lines->getAsArray();
      if (!Ranges)
        return Fail("\"lines\" of '" + Parsed.Name + "' is not a list");
      for (const llvm::json::Value &Range : *Ranges) {
        const llvm::json::Array *Pair = Range.getAsArray();
        std::optional<int64_t> First, Last;
        if (Pair && Pair->size() == 2) {
          First = (*Pair)[0].getAsInteger();
          Last = (*Pair)[1].getAsInteger();
        }
        if (!First || !Last || *First < 0 || *Last < *First ||
            *Last > UINT32_MAX)
          return Fail("a line range of '" + Parsed.Name +
                      "' is not [first, last]");
        Parsed.Lines.emplace_back(*First, *Last);
      }
    }
    Filter.push_back(std::move(Parsed));
  }
  return Filter;
}

unsigned FindingPolicy::optionValue(const CheckOption &Option) const {
  auto It = OptionValues.find(Option.Name);
  return It == OptionValues.end() ? Option.Default : It->second;
}

void applyFindingPolicy(FileReport &File, const FindingPolicy &Policy,
                        const std::map<std::string, std::string> &Texts,
                        llvm::StringRef Directory) {
  // Before anything is filtered: a finding's fingerprint does not change
  // when NOLINT, --checks or --min-ways hide another one.
  stampFingerprints(File);
  std::map<std::string, Suppressions> ByFile;
  std::vector<Diagnostic> Problems;
  auto SuppressionsOf = [&](const std::string &Path) -> const Suppressions & {
    auto It = ByFile.find(Path);
    if (It != ByFile.end())
      return It->second;
    Suppressions Parsed;
    std::string Absolute = normalizedFilePath(Path, Directory);
    auto Open = Texts.find(Absolute);
    if (Open != Texts.end())
      Parsed = Suppressions::parse(Path, Open->second, Problems);
    else if (auto Buffer = llvm::MemoryBuffer::getFile(Absolute))
      Parsed = Suppressions::parse(Path, (*Buffer)->getBuffer(), Problems);
    return ByFile.emplace(Path, std::move(Parsed)).first->second;
  };

  std::optional<llvm::Regex> HeaderFilter;
  if (Policy.HeaderFilter)
    HeaderFilter.emplace(*Policy.HeaderFilter);
  // Findings in headers only where the filter lets them through, as
  // clang-tidy's --header-filter does; the analysed file's always, and
  // those in a header that the analysed file's own calls reach (CuTe's copy
  // loop conflicts with the layout the user's call gives it).
  auto HiddenHeader = [&](const Diagnostic &D) {
    return HeaderFilter && !D.Where.File.empty() && D.Where.File != File.File &&
           !HeaderFilter->match(D.Where.File) &&
           llvm::none_of(D.ReachedThrough, [&](const SourcePoint &Call) {
             return Call.File == File.File;
           });
  };

  std::vector<Diagnostic> Kept;
  for (Diagnostic &D : File.Diagnostics) {
    const CheckInfo *Kind = findFindingKind(D.Check);
    if (Kind && Kind->AlwaysShown) {
      Kept.push_back(std::move(D));
      continue;
    }
    bool AboutTheTool = Kind && Kind->AboutTheTool;
    if (!AboutTheTool && !Policy.Checks.matches(D.Check))
      continue;
    if (HiddenHeader(D) ||
        (D.Where.valid() &&
         !passesLineFilter(Policy.LineFilter, D.Where.File, D.Where.Line)))
      continue;
    if (Kind && llvm::any_of(Kind->Options, [&](const CheckOption &Option) {
          return !Option.Keeps(D, Policy.optionValue(Option));
        }))
      continue;
    if (D.Where.valid() &&
        SuppressionsOf(D.Where.File).suppresses(D.Check, D.Where.Line))
      continue;
    auto Level = Policy.Severities.find(D.Check);
    if (Level != Policy.Severities.end())
      D.Level = Level->second;
    if (D.Level == Severity::Warning && Policy.WarningsAsErrors.matches(D.Check))
      D.Level = Severity::Error;
    Kept.push_back(std::move(D));
  }
  // Comments that silence nothing are findings themselves.
  for (Diagnostic &Problem : Problems)
    Kept.push_back(std::move(Problem));
  File.Diagnostics = std::move(Kept);
  // The problems with the comments, numbered after what was stamped.
  stampFingerprints(File);
}

} // namespace smemlint
