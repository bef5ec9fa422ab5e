#include "chorus/report/Json.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace chorus::report {

const JsonValue* JsonValue::get(const std::string& key) const {
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key)
      return &values[i];
  return nullptr;
}

namespace {

class Parser {
public:
  explicit Parser(const std::string& t) : t_(t) {}

  std::optional<JsonValue> document(std::string& err) {
    JsonValue v;
    if (!value(v, 0) || (ws(), i_ != t_.size())) {
      if (err_.empty())
        err_ = "unexpected text after the document";
      err = "line " + std::to_string(line()) + ": " + err_;
      return std::nullopt;
    }
    return v;
  }

private:
  const std::string& t_;
  size_t i_ = 0;
  std::string err_;

  size_t line() const {
    size_t l = 1;
    for (size_t k = 0; k < i_ && k < t_.size(); ++k)
      l += t_[k] == '\n';
    return l;
  }
  void ws() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '\t'))
      ++i_;
  }
  bool fail(const std::string& m) {
    if (err_.empty())
      err_ = m;
    return false;
  }
  bool literal(const char* w) {
    size_t n = std::char_traits<char>::length(w);
    if (t_.compare(i_, n, w) != 0)
      return fail(std::string("expected '") + w + "'");
    i_ += n;
    return true;
  }

  bool string(std::string& out) {
    if (i_ >= t_.size() || t_[i_] != '"')
      return fail("expected a string");
    ++i_;
    while (i_ < t_.size() && t_[i_] != '"') {
      char c = t_[i_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= t_.size())
        break;
      char e = t_[i_++];
      switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u': {
        if (i_ + 4 > t_.size())
          return fail("bad \\u escape");
        unsigned cp = unsigned(std::strtoul(t_.substr(i_, 4).c_str(), nullptr, 16));
        i_ += 4;
        if (cp < 0x80)
          out += char(cp);
        else if (cp < 0x800) {
          out += char(0xc0 | (cp >> 6));
          out += char(0x80 | (cp & 0x3f));
        } else {
          out += char(0xe0 | (cp >> 12));
          out += char(0x80 | ((cp >> 6) & 0x3f));
          out += char(0x80 | (cp & 0x3f));
        }
        break;
      }
      default:
        out += e;
      }
    }
    if (i_ >= t_.size())
      return fail("unterminated string");
    ++i_;
    return true;
  }

  bool value(JsonValue& v, int depth) {
    if (depth > 200)
      return fail("nesting too deep");
    ws();
    if (i_ >= t_.size())
      return fail("unexpected end of input");
    char c = t_[i_];
    if (c == '{') {
      v.kind = JsonValue::Kind::Object;
      ++i_;
      ws();
      if (i_ < t_.size() && t_[i_] == '}') {
        ++i_;
        return true;
      }
      for (;;) {
        ws();
        std::string k;
        if (!string(k))
          return false;
        ws();
        if (i_ >= t_.size() || t_[i_] != ':')
          return fail("expected ':'");
        ++i_;
        JsonValue m;
        if (!value(m, depth + 1))
          return false;
        v.keys.push_back(std::move(k));
        v.values.push_back(std::move(m));
        ws();
        if (i_ < t_.size() && t_[i_] == ',') {
          ++i_;
          continue;
        }
        if (i_ < t_.size() && t_[i_] == '}') {
          ++i_;
          return true;
        }
        return fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      v.kind = JsonValue::Kind::Array;
      ++i_;
      ws();
      if (i_ < t_.size() && t_[i_] == ']') {
        ++i_;
        return true;
      }
      for (;;) {
        JsonValue m;
        if (!value(m, depth + 1))
          return false;
        v.items.push_back(std::move(m));
        ws();
        if (i_ < t_.size() && t_[i_] == ',') {
          ++i_;
          continue;
        }
        if (i_ < t_.size() && t_[i_] == ']') {
          ++i_;
          return true;
        }
        return fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      v.kind = JsonValue::Kind::String;
      return string(v.str);
    }
    if (c == 't' || c == 'f') {
      v.kind = JsonValue::Kind::Bool;
      v.b = c == 't';
      return literal(v.b ? "true" : "false");
    }
    if (c == 'n') {
      v.kind = JsonValue::Kind::Null;
      return literal("null");
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      size_t s = i_;
      ++i_;
      while (i_ < t_.size() && (std::isdigit((unsigned char)t_[i_]) || t_[i_] == '.' ||
                                t_[i_] == 'e' || t_[i_] == 'E' || t_[i_] == '+' || t_[i_] == '-'))
        ++i_;
      v.kind = JsonValue::Kind::Number;
      v.str = t_.substr(s, i_ - s);
      v.num = std::strtod(v.str.c_str(), nullptr);
      return true;
    }
    return fail(std::string("unexpected character '") + c + "'");
  }
};

} // namespace

std::optional<JsonValue> parseJson(const std::string& text, std::string& err) {
  return Parser(text).document(err);
}

std::string jsonQuote(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    switch (c) {
    case '"':
      o += "\\\"";
      break;
    case '\\':
      o += "\\\\";
      break;
    case '\n':
      o += "\\n";
      break;
    case '\t':
      o += "\\t";
      break;
    default:
      if ((unsigned char)c < 0x20) {
        char b[8];
        std::snprintf(b, sizeof b, "\\u%04x", c);
        o += b;
      } else
        o += c;
    }
  }
  return o + "\"";
}

} // namespace chorus::report
