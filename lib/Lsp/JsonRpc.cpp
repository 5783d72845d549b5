//===--- JsonRpc.cpp - JSON-RPC 2.0 with the LSP base protocol ------------===//

#include "Lsp/JsonRpc.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

namespace smemlint {
namespace lsp {
namespace {

/// Header lines are short ("Content-Length: 1234"); a longer one is garbage,
/// and is skipped rather than buffered.
constexpr size_t MaxHeaderLineBytes = 4096;

IncomingMessage badMessage(ErrorCode Code, std::string Problem) {
  IncomingMessage M;
  M.What = IncomingMessage::Kind::BadMessage;
  M.Error = Code;
  M.Problem = std::move(Problem);
  return M;
}

} // namespace

bool MessageReader::readHeaderLine(std::string &Line, bool &TooLong) {
  Line.clear();
  TooLong = false;
  bool ReadAny = false;
  for (int C = In.get(); C != std::char_traits<char>::eof(); C = In.get()) {
    ReadAny = true;
    if (C == '\n')
      break;
    if (Line.size() < MaxHeaderLineBytes)
      Line.push_back(char(C));
    else
      TooLong = true;
  }
  if (!Line.empty() && Line.back() == '\r')
    Line.pop_back();
  return ReadAny;
}

IncomingMessage MessageReader::read() {
  std::optional<size_t> Length;
  std::string Problem;
  bool SawHeader = false;
  std::string Line;
  while (true) {
    bool TooLong = false;
    if (!readHeaderLine(Line, TooLong)) {
      if (!SawHeader)
        return IncomingMessage(); // the end of input between messages
      return badMessage(ErrorCode::ParseError,
                        "the input ended inside a header block");
    }
    if (Line.empty() && !TooLong) {
      if (SawHeader)
        break;
      continue; // tolerate blank lines between messages
    }
    SawHeader = true;
    if (TooLong) {
      Problem = "a header line is longer than " +
                std::to_string(MaxHeaderLineBytes) + " bytes";
      continue;
    }
    auto [Name, Value] = llvm::StringRef(Line).split(':');
    if (!Name.trim().equals_insensitive("Content-Length"))
      continue; // Content-Type and unknown headers carry nothing we need
    unsigned long long Bytes = 0;
    if (Value.trim().getAsInteger(10, Bytes))
      Problem = "invalid Content-Length '" + Value.trim().str() + "'";
    else
      Length = size_t(Bytes);
  }
  if (!Length) {
    if (Problem.empty())
      Problem = "a header block without Content-Length";
    return badMessage(ErrorCode::ParseError, Problem);
  }
  if (*Length > MaxBodyBytes) {
    In.ignore(std::streamsize(*Length));
    return badMessage(ErrorCode::ParseError,
                      "a message of " + std::to_string(*Length) +
                          " bytes, more than the " +
                          std::to_string(MaxBodyBytes) + " accepted");
  }
  std::string Body(*Length, '\0');
  In.read(Body.data(), std::streamsize(*Length));
  if (size_t(In.gcount()) != *Length)
    return badMessage(ErrorCode::ParseError,
                      "the input ended inside a message body (" +
                          std::to_string(In.gcount()) + " of " +
                          std::to_string(*Length) + " bytes)");
  IncomingMessage M;
  M.Body = nlohmann::json::parse(Body, nullptr, /*allow_exceptions=*/false);
  // Some clients send a buffer's bytes as they are, Latin-1 included; the
  // bytes that are not UTF-8 become U+FFFD rather than lose the message.
  if (M.Body.is_discarded() && !llvm::json::isUTF8(Body))
    M.Body = nlohmann::json::parse(llvm::json::fixUTF8(Body), nullptr,
                                   /*allow_exceptions=*/false);
  if (M.Body.is_discarded())
    return badMessage(ErrorCode::ParseError, "the message body is not JSON");
  M.What = IncomingMessage::Kind::Message;
  return M;
}

std::string frameMessage(const nlohmann::json &Message) {
  std::string Body = Message.dump(-1, ' ', /*ensure_ascii=*/false,
                                  nlohmann::json::error_handler_t::replace);
  return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
}

nlohmann::json makeResponse(const nlohmann::json &Id, nlohmann::json Result) {
  return {{"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}};
}

nlohmann::json makeErrorResponse(const nlohmann::json &Id, ErrorCode Code,
                                 const std::string &Message) {
  return {{"jsonrpc", "2.0"},
          {"id", Id},
          {"error", {{"code", int(Code)}, {"message", Message}}}};
}

nlohmann::json makeNotification(const std::string &Method,
                                nlohmann::json Params) {
  return {
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}};
}

const nlohmann::json &member(const nlohmann::json &Object, const char *Key) {
  static const nlohmann::json Null;
  if (!Object.is_object())
    return Null;
  auto It = Object.find(Key);
  return It != Object.end() ? *It : Null;
}

} // namespace lsp
} // namespace smemlint
