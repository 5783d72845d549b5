//===--- JsonRpc.h - JSON-RPC 2.0 with the LSP base protocol ----*- C++ -*-===//
//
// The transport of `smem-lint --lsp`: each message is a header block
// (`Content-Length: N`, an empty line, both ending in \r\n) followed by N
// bytes of JSON. Reading never throws: a bad header block or a body that is
// not JSON comes back as a BadMessage that the server answers with a JSON-RPC
// error, and the next read starts at the next header block.
//
//===----------------------------------------------------------------------===//

#ifndef SMEMLINT_LSP_JSONRPC_H
#define SMEMLINT_LSP_JSONRPC_H

#include <nlohmann/json.hpp>

#include <cstddef>
#include <istream>
#include <string>

namespace smemlint {
namespace lsp {

/// JSON-RPC 2.0 and LSP error codes.
enum class ErrorCode : int {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
};

/// What one read from the client's stream produced.
struct IncomingMessage {
  enum class Kind { Message, BadMessage, EndOfInput };
  Kind What = Kind::EndOfInput;
  /// The parsed body, for a Message.
  nlohmann::json Body;
  /// For a BadMessage: the error to answer with, and why.
  ErrorCode Error = ErrorCode::ParseError;
  std::string Problem;
};

/// Reads framed messages from a byte stream (stdin, or a string in tests).
class MessageReader {
public:
  /// Bodies larger than this are skipped and reported, not buffered.
  static constexpr size_t MaxBodyBytes = size_t(256) << 20;

  explicit MessageReader(std::istream &In) : In(In) {}

  /// The next message; EndOfInput once the stream is exhausted.
  IncomingMessage read();

private:
  /// One header line without its line ending; false at the end of input.
  bool readHeaderLine(std::string &Line, bool &TooLong);

  std::istream &In;
};

/// \p Message with its Content-Length header, ready to write. Strings that
/// are not valid UTF-8 (compiler messages quoting source bytes) are written
/// with U+FFFD in place of the bad bytes rather than failing.
std::string frameMessage(const nlohmann::json &Message);

nlohmann::json makeResponse(const nlohmann::json &Id, nlohmann::json Result);
nlohmann::json makeErrorResponse(const nlohmann::json &Id, ErrorCode Code,
                                 const std::string &Message);
nlohmann::json makeNotification(const std::string &Method,
                                nlohmann::json Params);

/// \p Object's member \p Key, or null when \p Object is not an object or has
/// no such member. Unlike operator[], never throws and never asserts.
const nlohmann::json &member(const nlohmann::json &Object, const char *Key);

} // namespace lsp
} // namespace smemlint

#endif
