// A small JSON reader (RFC 8259 values; numbers as double and as text), for
// the trace files `chorus verify --json` writes and `chorus replay` reads.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace chorus::report {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  bool b = false;
  double num = 0;
  std::string str; ///< String: the text; Number: the literal as written
  std::vector<JsonValue> items;
  std::vector<std::string> keys;  ///< Object: member names, in document order
  std::vector<JsonValue> values; ///< Object: member values (parallel to keys)

  /// Member `key` of an object, or nullptr.
  const JsonValue* get(const std::string& key) const;
  bool isNull() const { return kind == Kind::Null; }
};

/// Parses a whole document; on error returns nullopt and sets `err`
/// ("line L: ...").
std::optional<JsonValue> parseJson(const std::string& text, std::string& err);

/// s as a JSON string literal (quoted and escaped).
std::string jsonQuote(const std::string& s);

} // namespace chorus::report
