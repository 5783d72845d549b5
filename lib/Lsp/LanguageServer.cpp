//===--- LanguageServer.cpp - smem-lint as an LSP server ------------------===//
//
// One thread reads and parses messages; the main thread answers them in
// order and analyses. A document whose text changed is analysed once the
// messages already received are handled, so a burst of edits costs one
// analysis; a request (code actions, hover) first analyses what is pending,
// so that it is answered for the current text.
//
//===----------------------------------------------------------------------===//

#include "Lsp/LanguageServer.h"

#include "Frontend/PreambleCache.h"
#include "Hardware/ArchTable.h"
#include "Lsp/AccessHover.h"
#include "Lsp/DiagnosticConversion.h"
#include "Lsp/DocumentText.h"
#include "Lsp/JsonRpc.h"
#include "Output/Ordering.h"
#include "Workflow/CompileDatabases.h"
#include "Workflow/ConfigFile.h"
#include "Workflow/FindingPolicy.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#ifdef LLVM_ON_UNIX
#include <unistd.h>
#endif

using nlohmann::json;

namespace smemlint {
namespace {

using namespace lsp;

std::optional<std::string> stringMember(const json &Object, const char *Key) {
  const json &Value = member(Object, Key);
  if (!Value.is_string())
    return std::nullopt;
  return Value.get<std::string>();
}

std::optional<int64_t> integerMember(const json &Object, const char *Key) {
  const json &Value = member(Object, Key);
  if (!Value.is_number_integer())
    return std::nullopt;
  return Value.get<int64_t>();
}

bool listsString(const json &Array, const char *Value) {
  return Array.is_array() &&
         std::any_of(Array.begin(), Array.end(),
                     [&](const json &Item) { return Item == Value; });
}

bool isExitNotification(const IncomingMessage &M) {
  return M.What == IncomingMessage::Kind::Message &&
         member(M.Body, "method") == "exit" && !M.Body.contains("id");
}

/// A request the client sent that cannot be answered with a result.
struct RequestError {
  ErrorCode Code;
  std::string Message;
};

/// Messages read by the reader thread, waiting for the main thread.
class MessageQueue {
public:
  void push(IncomingMessage M) {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Messages.push_back(std::move(M));
    }
    Ready.notify_one();
  }
  IncomingMessage pop() {
    std::unique_lock<std::mutex> Lock(Mutex);
    Ready.wait(Lock, [&] { return !Messages.empty(); });
    IncomingMessage M = std::move(Messages.front());
    Messages.pop_front();
    return M;
  }
  bool empty() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Messages.empty();
  }

private:
  std::mutex Mutex;
  std::condition_variable Ready;
  std::deque<IncomingMessage> Messages;
};

/// What was published for one version of a document: the report owns the
/// findings the published diagnostics point to.
struct DocumentAnalysis {
  RunReport Report;
  AnalysedFiles Files;
  std::vector<PublishedDiagnostic> Published;
  /// The findings inside the headers it includes, at their own places, by
  /// header path: published for a header the editor has open.
  std::map<std::string, std::vector<PublishedDiagnostic>> ForHeaders;
};

struct OpenDocument {
  std::string Uri;
  std::string Path; ///< Normalized.
  std::string LanguageId;
  std::string Text;
  int64_t Version = 0;
  bool NeedsAnalysis = false;
  std::unique_ptr<DocumentAnalysis> Last;
};

bool isCudaDocument(const OpenDocument &Doc) {
  llvm::StringRef Extension = llvm::sys::path::extension(Doc.Path);
  return Extension == ".cu" || Extension == ".cuh" ||
         Doc.LanguageId == "cuda" || Doc.LanguageId == "cuda-cpp";
}

/// Headers, and any file that is not a .cu, may be included by the open
/// files.
bool mayBeIncluded(const OpenDocument &Doc) {
  return llvm::sys::path::extension(Doc.Path) != ".cu";
}

/// docs/checks above the executable (a build tree inside the source tree),
/// or share/doc/smem-lint/checks of an installation.
std::string findDocsDirectory() {
  static int Anchor;
  std::string Executable =
      llvm::sys::fs::getMainExecutable("smem-lint", &Anchor);
  llvm::StringRef Dir = llvm::sys::path::parent_path(Executable);
  for (unsigned Up = 0; Up < 4 && !Dir.empty();
       ++Up, Dir = llvm::sys::path::parent_path(Dir)) {
    for (const char *Relative : {"docs/checks", "share/doc/smem-lint/checks"}) {
      llvm::SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, Relative);
      if (llvm::sys::fs::is_directory(Candidate))
        return Candidate.str().str();
    }
  }
  return "";
}

/// When a database directory's files last changed, to reload it after a
/// rebuild rewrote compile_commands.json.
llvm::sys::TimePoint<> databaseModified(llvm::StringRef Dir) {
  llvm::sys::TimePoint<> Latest;
  for (const char *Name : {"compile_commands.json", "compile_flags.txt"}) {
    llvm::SmallString<256> Path(Dir);
    llvm::sys::path::append(Path, Name);
    llvm::sys::fs::file_status Status;
    if (!llvm::sys::fs::status(Path, Status))
      Latest = std::max(Latest, Status.getLastModificationTime());
  }
  return Latest;
}

Diagnostic settingsProblem(const std::string &Message) {
  Diagnostic D;
  D.Check = findings::InputError;
  D.Origin = FindingOrigin::Tool;
  D.Level = Severity::Error;
  D.Message = Message;
  return D;
}

/// How one file is analysed and what of it is shown (Workflow/FileSettings),
/// and why a configuration was not used.
struct EditorFileSettings {
  FileSettings Settings;
  /// An unreadable configuration; the file is analysed with the command
  /// line and the defaults.
  std::vector<Diagnostic> Problems;
};

EditorFileSettings settingsFor(const std::string &File,
                               const LanguageServerOptions &Options) {
  EditorFileSettings Result;
  ProjectConfig Config;
  if (Options.UseConfigFiles || !Options.ConfigFile.empty()) {
    std::string Path =
        Options.ConfigFile.empty() ? findConfigFile(File) : Options.ConfigFile;
    std::string Error;
    if (!Path.empty()) {
      if (std::optional<ProjectConfig> Read = readConfigFile(Path, Error))
        Config = std::move(*Read);
      else
        Result.Problems.push_back(
            settingsProblem("invalid configuration " + Error));
    }
  }
  Result.Settings = mergeFileSettings(Options.CommandLine, Config);
  return Result;
}

class LanguageServer {
public:
  LanguageServer(const LanguageServerOptions &Opts, llvm::raw_ostream &Out)
      : Options(Opts), Out(Out) {
    Conversion.DocsDirectory = Options.DocsDirectory.empty()
                                   ? findDocsDirectory()
                                   : Options.DocsDirectory;
  }

  int run(std::istream &In);

private:
  void send(const json &Message);
  void log(const std::string &Text);
  void handle(const json &Message);
  json handleRequest(const std::string &Method, const json &Params);
  void handleNotification(const std::string &Method, const json &Params);

  json initialize(const json &Params);
  json codeAction(const json &Params);
  json hover(const json &Params);
  void didOpen(const json &Params);
  void didChange(const json &Params);
  void didSave(const json &Params);
  void didClose(const json &Params);

  /// The open document \p Params' textDocument names; throws RequestError
  /// with InvalidParams when the parameters do not name a document.
  OpenDocument *document(const json &Params, std::string &Path);
  /// \p Changed, and every CUDA document when \p Changed may be included.
  void markForAnalysis(OpenDocument &Changed);
  void markCudaDocuments();
  bool analyseOnePending();
  void analysePending() {
    while (analyseOnePending())
      ;
  }
  void analyse(OpenDocument &Doc);
  /// Publishes \p Doc's diagnostics: its own analysis's, and those the
  /// analyses of the files that include it found inside it.
  void publish(const OpenDocument &Doc);
  /// Publishes again each open header in \p Headers.
  void publishHeaders(const std::set<std::string> &Headers);
  std::shared_ptr<const clang::tooling::CompilationDatabase>
  database(const std::string &Path);

  LanguageServerOptions Options;
  llvm::raw_ostream &Out;
  ConversionOptions Conversion;
  bool Initialized = false, ShutdownRequested = false;
  /// By normalized path.
  std::map<std::string, OpenDocument> Documents;
  /// The documents' preambles, compiled once and reused while unchanged.
  PreambleCache Preambles;
  struct LoadedDatabase {
    llvm::sys::TimePoint<> Modified;
    std::shared_ptr<const clang::tooling::CompilationDatabase> Database;
  };
  std::map<std::string, LoadedDatabase> Databases;
  std::set<std::string> ReportedDatabaseErrors;
};

int LanguageServer::run(std::istream &In) {
  MessageQueue Queue;
  // The reader stops after `exit` so that it is not left blocked on input.
  std::thread Reader([&] {
    MessageReader Messages(In);
    while (true) {
      IncomingMessage M = Messages.read();
      bool Last =
          M.What == IncomingMessage::Kind::EndOfInput || isExitNotification(M);
      Queue.push(std::move(M));
      if (Last)
        return;
    }
  });

  int Status = 1;
  while (true) {
    if (Queue.empty() && analyseOnePending())
      continue;
    IncomingMessage M = Queue.pop();
    if (M.What == IncomingMessage::Kind::EndOfInput || isExitNotification(M)) {
      Status = ShutdownRequested ? 0 : 1;
      break;
    }
    if (M.What == IncomingMessage::Kind::BadMessage) {
      log("unreadable message: " + M.Problem);
      send(makeErrorResponse(nullptr, M.Error, M.Problem));
      continue;
    }
    handle(M.Body);
  }
  Reader.join();
  return Status;
}

void LanguageServer::send(const json &Message) {
  // A client that went away is noticed at the end of input.
  Out << frameMessage(Message);
  Out.flush();
}

void LanguageServer::log(const std::string &Text) {
  llvm::errs() << "smem-lint --lsp: " << Text << "\n";
}

void LanguageServer::handle(const json &Message) {
  if (!Message.is_object()) {
    send(makeErrorResponse(nullptr, ErrorCode::InvalidRequest,
                           Message.is_array()
                               ? "batched messages are not supported"
                               : "a message must be a JSON object"));
    return;
  }
  bool IsRequest = Message.contains("id");
  const json &Id = member(Message, "id");
  if (IsRequest && !Id.is_string() && !Id.is_number_integer()) {
    send(makeErrorResponse(nullptr, ErrorCode::InvalidRequest,
                           "the id must be an integer or a string"));
    return;
  }
  const json &Method = member(Message, "method");
  if (Method.is_null() && IsRequest &&
      (Message.contains("result") || Message.contains("error")))
    return; // a response; this server sends no requests
  std::string Problem;
  if (member(Message, "jsonrpc") != "2.0")
    Problem = "the message is not JSON-RPC 2.0 (\"jsonrpc\": \"2.0\")";
  else if (!Method.is_string())
    Problem = "the message has no method";
  if (!Problem.empty()) {
    if (IsRequest)
      send(makeErrorResponse(Id, ErrorCode::InvalidRequest, Problem));
    else
      log("ignoring a notification: " + Problem);
    return;
  }

  std::string Name = Method.get<std::string>();
  const json &Params = member(Message, "params");
  // Nothing the client sends may stop the server: a handler that fails
  // answers with an error, or is logged for a notification.
  try {
    if (IsRequest)
      send(makeResponse(Id, handleRequest(Name, Params)));
    else
      handleNotification(Name, Params);
  } catch (const RequestError &E) {
    if (IsRequest)
      send(makeErrorResponse(Id, E.Code, E.Message));
    else
      log(Name + ": " + E.Message);
  } catch (const std::exception &E) {
    if (IsRequest)
      send(makeErrorResponse(Id, ErrorCode::InternalError,
                             Name + " failed: " + E.what()));
    else
      log(Name + " failed: " + E.what());
  } catch (...) {
    if (IsRequest)
      send(makeErrorResponse(Id, ErrorCode::InternalError, Name + " failed"));
    else
      log(Name + " failed");
  }
}

json LanguageServer::handleRequest(const std::string &Method,
                                   const json &Params) {
  if (Method == "initialize") {
    if (Initialized)
      throw RequestError{ErrorCode::InvalidRequest,
                         "initialize was already received"};
    return initialize(Params);
  }
  if (!Initialized)
    throw RequestError{ErrorCode::ServerNotInitialized,
                       "the server is not initialized"};
  if (ShutdownRequested)
    throw RequestError{ErrorCode::InvalidRequest,
                       "shutdown was requested; only exit is accepted"};
  // Answer for the documents' current text.
  analysePending();
  if (Method == "shutdown") {
    ShutdownRequested = true;
    return nullptr;
  }
  if (Method == "textDocument/codeAction")
    return codeAction(Params);
  if (Method == "textDocument/hover")
    return hover(Params);
  throw RequestError{ErrorCode::MethodNotFound,
                     "smem-lint does not handle '" + Method + "'"};
}

void LanguageServer::handleNotification(const std::string &Method,
                                        const json &Params) {
  // Before initialize only exit counts (handled by the loop); after
  // shutdown nothing changes any more.
  if (!Initialized || ShutdownRequested)
    return;
  if (Method == "textDocument/didOpen")
    didOpen(Params);
  else if (Method == "textDocument/didChange")
    didChange(Params);
  else if (Method == "textDocument/didSave")
    didSave(Params);
  else if (Method == "textDocument/didClose")
    didClose(Params);
  // initialized, $/cancelRequest, $/setTrace, workspace changes: nothing to
  // do (requests are answered in order, each as soon as it is read).
}

json LanguageServer::initialize(const json &Params) {
  const json &Capabilities = member(Params, "capabilities");
  const json &General = member(Capabilities, "general");
  // UTF-8 columns are Clang's own; take them when the client offers them
  // (LSP 3.17 positionEncodings, or clangd's offsetEncoding extension).
  bool Utf8 = listsString(member(General, "positionEncodings"), "utf-8");
  bool ClangdUtf8 =
      listsString(member(Capabilities, "offsetEncoding"), "utf-8");
  Conversion.Encoding =
      Utf8 || ClangdUtf8 ? PositionEncoding::Utf8 : PositionEncoding::Utf16;
  Conversion.RelatedInformation =
      member(member(member(Capabilities, "textDocument"), "publishDiagnostics"),
             "relatedInformation") == true;
  Conversion.DocumentChanges =
      member(member(member(Capabilities, "workspace"), "workspaceEdit"),
             "documentChanges") == true;
  Initialized = true;

  const char *Encoding =
      Conversion.Encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16";
  json Result = {{"capabilities",
                  {{"positionEncoding", Encoding},
                   {"textDocumentSync",
                    {{"openClose", true},
                     {"change", 1}, // TextDocumentSyncKind.Full
                     {"save", {{"includeText", false}}}}},
                   {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
                   {"hoverProvider", true}}},
                 {"serverInfo", {{"name", "smem-lint"}}}};
  if (ClangdUtf8 && !Utf8)
    Result["offsetEncoding"] = "utf-8";
  return Result;
}

OpenDocument *LanguageServer::document(const json &Params, std::string &Path) {
  std::optional<std::string> Uri =
      stringMember(member(Params, "textDocument"), "uri");
  if (!Uri)
    throw RequestError{ErrorCode::InvalidParams,
                       "textDocument.uri is missing or not a string"};
  std::optional<std::string> FromUri = pathFromUri(*Uri);
  if (!FromUri)
    throw RequestError{ErrorCode::InvalidParams,
                       "'" + *Uri + "' is not a file: URI"};
  Path = normalizedPath(*FromUri);
  auto It = Documents.find(Path);
  return It != Documents.end() ? &It->second : nullptr;
}

void LanguageServer::didOpen(const json &Params) {
  const json &Item = member(Params, "textDocument");
  std::optional<std::string> Uri = stringMember(Item, "uri");
  std::optional<std::string> Text = stringMember(Item, "text");
  if (!Uri || !Text)
    throw RequestError{ErrorCode::InvalidParams,
                       "textDocument needs a uri and a text"};
  std::string Path;
  document(Params, Path);
  OpenDocument &Doc = Documents[Path];
  Doc.Uri = *Uri;
  Doc.Path = Path;
  Doc.LanguageId = stringMember(Item, "languageId").value_or("");
  Doc.Text = std::move(*Text);
  Doc.Version = integerMember(Item, "version").value_or(0);
  markForAnalysis(Doc);
}

void LanguageServer::didChange(const json &Params) {
  std::string Path;
  OpenDocument *Doc = document(Params, Path);
  if (!Doc)
    throw RequestError{ErrorCode::InvalidParams,
                       "didChange for a document that is not open"};
  const json &Changes = member(Params, "contentChanges");
  if (!Changes.is_array())
    throw RequestError{ErrorCode::InvalidParams,
                       "contentChanges is not an array"};
  for (const json &Change : Changes) {
    std::optional<std::string> Text = stringMember(Change, "text");
    if (!Text)
      throw RequestError{ErrorCode::InvalidParams,
                         "a content change without text"};
    // Full sync is what we ask for; a ranged change is applied all the same.
    std::optional<Range> Replaced = rangeFromJson(member(Change, "range"));
    if (!Replaced) {
      Doc->Text = std::move(*Text);
      continue;
    }
    LineTable Lines(Doc->Text);
    unsigned Start = Lines.offset(Replaced->Start, Conversion.Encoding);
    unsigned End = Lines.offset(Replaced->End, Conversion.Encoding);
    Doc->Text.replace(Start, std::max(Start, End) - Start, *Text);
  }
  if (std::optional<int64_t> Version =
          integerMember(member(Params, "textDocument"), "version"))
    Doc->Version = *Version;
  markForAnalysis(*Doc);
}

void LanguageServer::didSave(const json &Params) {
  std::string Path;
  if (OpenDocument *Doc = document(Params, Path))
    markForAnalysis(*Doc);
}

void LanguageServer::didClose(const json &Params) {
  std::string Path;
  OpenDocument *Doc = document(Params, Path);
  if (!Doc)
    return;
  std::string Uri = Doc->Uri;
  bool WasIncludable = mayBeIncluded(*Doc);
  std::set<std::string> Headers;
  if (Doc->Last)
    for (const auto &[Header, Diagnostics] : Doc->Last->ForHeaders)
      Headers.insert(Header);
  Documents.erase(Path);
  Preambles.forget(Path);
  // Its diagnostics go with it, and those it gave the headers it includes;
  // includers now read the file from disk.
  send(makeNotification("textDocument/publishDiagnostics",
                        {{"uri", Uri}, {"diagnostics", json::array()}}));
  publishHeaders(Headers);
  if (WasIncludable)
    markCudaDocuments();
}

void LanguageServer::markForAnalysis(OpenDocument &Changed) {
  if (isCudaDocument(Changed))
    Changed.NeedsAnalysis = true;
  if (mayBeIncluded(Changed))
    markCudaDocuments();
}

void LanguageServer::markCudaDocuments() {
  for (auto &[Path, Doc] : Documents)
    if (isCudaDocument(Doc))
      Doc.NeedsAnalysis = true;
}

bool LanguageServer::analyseOnePending() {
  for (auto &[Path, Doc] : Documents) {
    if (!Doc.NeedsAnalysis)
      continue;
    // Like a handler, an analysis that fails must not stop the server.
    try {
      analyse(Doc);
    } catch (const std::exception &E) {
      log("analysing " + Path + " failed: " + E.what());
    } catch (...) {
      log("analysing " + Path + " failed");
    }
    return true;
  }
  return false;
}

std::shared_ptr<const clang::tooling::CompilationDatabase>
LanguageServer::database(const std::string &Path) {
  using namespace clang::tooling;
  std::string Dir = Options.CompileDatabaseDir.empty()
                        ? findDatabaseDirectory(Path)
                        : Options.CompileDatabaseDir;
  if (!Dir.empty()) {
    llvm::sys::TimePoint<> Modified = databaseModified(Dir);
    LoadedDatabase &Loaded = Databases[Dir];
    if (!Loaded.Database || Loaded.Modified != Modified) {
      Loaded.Database = nullptr;
      Loaded.Modified = Modified;
      std::string Error;
      std::unique_ptr<CompilationDatabase> Database =
          CompilationDatabase::loadFromDirectory(Dir, Error);
      if (Database) {
        // Headers and new files take the flags of their nearest neighbour.
        Database = inferMissingCompileCommands(std::move(Database));
        if (!Options.ExtraArgs.empty()) {
          auto Adjusted = std::make_unique<ArgumentsAdjustingCompilations>(
              std::move(Database));
          Adjusted->appendArgumentsAdjuster(getInsertArgumentAdjuster(
              Options.ExtraArgs, ArgumentInsertPosition::END));
          Database = std::move(Adjusted);
        }
        Loaded.Database = std::move(Database);
      } else if (ReportedDatabaseErrors.insert(Dir).second) {
        std::string Message = "smem-lint: cannot load the compile database "
                              "in '" +
                              Dir + "' (" + Error +
                              "); files are parsed without it";
        log(Message);
        send(makeNotification("window/showMessage",
                              {{"type", 2}, {"message", Message}}));
      }
    }
    if (Loaded.Database && !Loaded.Database->getCompileCommands(Path).empty())
      return Loaded.Database;
  }
  return std::make_shared<FixedCompilationDatabase>(
      llvm::sys::path::parent_path(Path), Options.ExtraArgs);
}

void LanguageServer::analyse(OpenDocument &Doc) {
  Doc.NeedsAnalysis = false;
  auto Analysis = std::make_unique<DocumentAnalysis>();
  // Every open buffer replaces its file, so that an edited header counts.
  std::map<std::string, std::string> Unsaved;
  for (const auto &[Path, Open] : Documents) {
    Unsaved[Path] = Open.Text;
    Analysis->Files.addDocument(Path, Open.Uri, Open.Text, Open.Version);
  }

  std::shared_ptr<const clang::tooling::CompilationDatabase> Database =
      database(Doc.Path);
  std::vector<clang::tooling::CompileCommand> Commands =
      Database->getCompileCommands(Doc.Path);
  if (!Commands.empty())
    Analysis->Files.setWorkingDirectory(Commands.front().Directory);
  EditorFileSettings Settings = settingsFor(Doc.Path, Options);
  std::vector<FileReport> Reports;
  llvm::CrashRecoveryContext Guard;
  // On a thread with a large stack, as in runSession.
  bool Completed = Guard.RunSafelyOnThread(
      [&] {
        Reports =
            analyzeFiles(*Database, {Doc.Path}, Options.Mode, Options.Frontend,
                         Settings.Settings.Analysis, Unsaved, &Preambles);
      },
      AnalysisStackBytes);
  FileReport File;
  if (Completed && !Reports.empty()) {
    File = std::move(Reports.front());
  } else {
    // Next time from the top, in case the preamble had a part in it.
    Preambles.forget(Doc.Path);
    Diagnostic Crash;
    Crash.Check = findings::InternalError;
    Crash.Origin = FindingOrigin::Tool;
    Crash.Level = Severity::Error;
    Crash.Where.File = Doc.Path;
    Crash.Message = "smem-lint crashed while analysing this file; please "
                    "report it with the file";
    File.File = Doc.Path;
    File.Diagnostics.push_back(std::move(Crash));
  }
  // Check selection, NOLINT comments (from the buffers, as analysed) and
  // severities, as on the command line.
  applyFindingPolicy(File, Settings.Settings.Policy, Unsaved,
                     Commands.empty() ? "" : Commands.front().Directory);
  for (Diagnostic &Problem : Settings.Problems) {
    Problem.Where.File = Doc.Path;
    File.Diagnostics.push_back(std::move(Problem));
  }
  Analysis->Report.Files.push_back(std::move(File));

  std::vector<const Diagnostic *> Findings =
      diagnosticsInOrder(Analysis->Report);
  Analysis->Published =
      documentDiagnostics(Findings, Doc.Path, Analysis->Files, Conversion);
  Analysis->ForHeaders =
      headerDiagnostics(Findings, Doc.Path, Analysis->Files, Conversion);
  // The headers whose diagnostics from this file changed.
  std::set<std::string> Headers;
  auto Shown = [](const std::vector<PublishedDiagnostic> *List) {
    json Diagnostics = json::array();
    if (List)
      for (const PublishedDiagnostic &P : *List)
        Diagnostics.push_back(P.Lsp);
    return Diagnostics;
  };
  auto ForHeader = [](const DocumentAnalysis *A, const std::string &Header)
      -> const std::vector<PublishedDiagnostic> * {
    if (!A)
      return nullptr;
    auto It = A->ForHeaders.find(Header);
    return It == A->ForHeaders.end() ? nullptr : &It->second;
  };
  for (const DocumentAnalysis *A : {Doc.Last.get(), Analysis.get()})
    if (A)
      for (const auto &[Header, Diagnostics] : A->ForHeaders)
        if (Shown(ForHeader(Doc.Last.get(), Header)) !=
            Shown(ForHeader(Analysis.get(), Header)))
          Headers.insert(Header);
  Doc.Last = std::move(Analysis);
  publish(Doc);
  Headers.erase(Doc.Path);
  publishHeaders(Headers);
}

void LanguageServer::publish(const OpenDocument &Doc) {
  json Diagnostics = json::array();
  auto Add = [&](const std::vector<PublishedDiagnostic> &List) {
    for (const PublishedDiagnostic &P : List)
      // A header's own analysis and its includers' may find the same.
      if (std::find(Diagnostics.begin(), Diagnostics.end(), P.Lsp) ==
          Diagnostics.end())
        Diagnostics.push_back(P.Lsp);
  };
  if (Doc.Last)
    Add(Doc.Last->Published);
  for (const auto &[Path, Other] : Documents) {
    if (&Other == &Doc || !Other.Last)
      continue;
    auto It = Other.Last->ForHeaders.find(Doc.Path);
    if (It != Other.Last->ForHeaders.end())
      Add(It->second);
  }
  send(makeNotification("textDocument/publishDiagnostics",
                        {{"uri", Doc.Uri},
                         {"version", Doc.Version},
                         {"diagnostics", std::move(Diagnostics)}}));
}

void LanguageServer::publishHeaders(const std::set<std::string> &Headers) {
  for (const std::string &Header : Headers) {
    auto It = Documents.find(Header);
    // One waiting for its own analysis is published after it.
    if (It != Documents.end() && !It->second.NeedsAnalysis)
      publish(It->second);
  }
}

json LanguageServer::codeAction(const json &Params) {
  std::string Path;
  OpenDocument *Doc = document(Params, Path);
  std::optional<Range> Requested = rangeFromJson(member(Params, "range"));
  if (!Requested)
    throw RequestError{ErrorCode::InvalidParams,
                       "range is missing or not an LSP Range"};
  if (!Doc)
    return json::array();
  // Its own diagnostics, and in a header those its includers found there.
  json Actions = json::array();
  for (auto &[Other, Open] : Documents) {
    if (!Open.Last)
      continue;
    const std::vector<PublishedDiagnostic> *Published = nullptr;
    if (&Open == Doc) {
      Published = &Open.Last->Published;
    } else {
      auto It = Open.Last->ForHeaders.find(Path);
      if (It == Open.Last->ForHeaders.end())
        continue;
      Published = &It->second;
    }
    for (json &Action :
         codeActions(*Published, Path, *Requested, member(Params, "context"),
                     Open.Last->Files, Conversion))
      if (std::find(Actions.begin(), Actions.end(), Action) == Actions.end())
        Actions.push_back(std::move(Action));
  }
  return Actions;
}

json LanguageServer::hover(const json &Params) {
  std::string Path;
  OpenDocument *Doc = document(Params, Path);
  std::optional<Position> At = positionFromJson(member(Params, "position"));
  if (!At)
    throw RequestError{ErrorCode::InvalidParams,
                       "position is missing or not an LSP Position"};
  if (!Doc)
    return nullptr;
  // The document's own analysis first; in a header, those of its includers.
  std::vector<OpenDocument *> Analysed = {Doc};
  for (auto &[Other, Open] : Documents)
    if (&Open != Doc)
      Analysed.push_back(&Open);
  for (OpenDocument *Open : Analysed) {
    if (!Open->Last || Open->Last->Report.Files.empty())
      continue;
    if (std::optional<AccessHover> Shown =
            accessHover(Open->Last->Report.Files.front(), Path, *At,
                        Open->Last->Files, Conversion.Encoding))
      return {{"contents", {{"kind", "markdown"}, {"value", Shown->Markdown}}},
              {"range", toJson(Shown->Covered)}};
  }
  return nullptr;
}

} // namespace

int runLanguageServer(const LanguageServerOptions &Options, std::istream &In,
                      llvm::raw_ostream &Out) {
  llvm::CrashRecoveryContext::Enable();
  LanguageServer Server(Options, Out);
  return Server.run(In);
}

int runLanguageServer(const LanguageServerOptions &Options) {
#ifdef LLVM_ON_UNIX
  // The protocol keeps the real stdout; stray output goes to stderr.
  int ProtocolFd = ::dup(STDOUT_FILENO);
  if (ProtocolFd >= 0 && ::dup2(STDERR_FILENO, STDOUT_FILENO) >= 0) {
    llvm::raw_fd_ostream Out(ProtocolFd, /*shouldClose=*/true);
    int Status = runLanguageServer(Options, std::cin, Out);
    // A write to a client that went away must not abort in the destructor.
    Out.clear_error();
    return Status;
  }
#endif
  int Status = runLanguageServer(Options, std::cin, llvm::outs());
  llvm::outs().clear_error();
  return Status;
}

} // namespace smemlint
