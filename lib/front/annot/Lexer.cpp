// Lexer of the annotation languages: TASS/CIVL pragma tokens and ACSL
// comment bodies. Clang-free.
#include "Annot.h"

#include <cctype>
#include <cstring>

namespace chorus::annot {

namespace {

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isHex(char c) {
  return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}

// Longest first: the lexer takes the first entry that matches.
const char* const kPuncts[] = {
    "<==>", "==>", "...", "<<=", ">>=", "..", "->", "&&", "||", "==", "!=", "<=", ">=",
    "<<",   ">>",  "++",  "--",  "+=",  "-=", "*=", "/=", "%=", "&=", "|=", "^=", "^^",
    "(",    ")",   "[",   "]",   "{",   "}",  ",",  ";",  ":",  "?",  ".",  "+",  "-",
    "*",    "/",   "%",   "&",   "|",   "^",  "!",  "~",  "<",  ">",  "=",  "@",  "#",
};

class Lexer {
public:
  Lexer(std::string_view text, SourcePos start, DiagnosticSink& diags)
      : s_(text), line_(start.line), col_(start.col), file_(start.file), diags_(diags) {
    if (line_ == 0)
      line_ = 1;
    if (col_ == 0)
      col_ = 1;
  }

  std::optional<std::vector<Token>> run() {
    bool lineStart = true; // only blanks seen since the start of the line
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == '\n') {
        advance();
        lineStart = true;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        advance();
        continue;
      }
      // Line continuation of a pragma: backslash, optional blanks, newline.
      if (c == '\\') {
        size_t j = i_ + 1;
        while (j < s_.size() && (s_[j] == ' ' || s_[j] == '\t' || s_[j] == '\r'))
          ++j;
        if (j >= s_.size() || s_[j] == '\n') {
          while (i_ < j)
            advance();
          continue;
        }
      }
      // ACSL: a leading '@' on a line of the comment body is decoration.
      if (c == '@' && lineStart) {
        while (i_ < s_.size() && s_[i_] == '@')
          advance();
        continue;
      }
      // Comments inside annotations.
      if (c == '/' && peek(1) == '/') {
        while (i_ < s_.size() && s_[i_] != '\n')
          advance();
        continue;
      }
      if (c == '/' && peek(1) == '*') {
        SourcePos p = pos();
        advance();
        advance();
        while (i_ < s_.size() && !(s_[i_] == '*' && peek(1) == '/'))
          advance();
        if (i_ >= s_.size())
          return fail(p, "unterminated comment in annotation");
        advance();
        advance();
        continue;
      }
      lineStart = false;
      SourcePos p = pos();
      size_t b = i_;
      if (c == '\\' && isIdentStart(peek(1))) {
        advance();
        while (i_ < s_.size() && isIdentChar(s_[i_]))
          advance();
        push(Token::Ident, b, p);
        continue;
      }
      if (isIdentStart(c)) {
        while (i_ < s_.size() && isIdentChar(s_[i_]))
          advance();
        push(Token::Ident, b, p);
        continue;
      }
      if (isDigit(c) || (c == '.' && isDigit(peek(1)))) {
        if (!number(b, p))
          return std::nullopt;
        continue;
      }
      if (c == '\'' || c == '"') {
        if (!quoted(c, b, p))
          return std::nullopt;
        continue;
      }
      bool matched = false;
      for (const char* pu : kPuncts) {
        size_t n = std::strlen(pu);
        if (s_.substr(i_, n) == pu) {
          for (size_t k = 0; k < n; ++k)
            advance();
          push(Token::Punct, b, p);
          matched = true;
          break;
        }
      }
      if (matched)
        continue;
      std::string shown;
      if (std::isprint(static_cast<unsigned char>(c)))
        shown = std::string("'") + c + "'";
      else {
        static const char* hex = "0123456789abcdef";
        unsigned char u = static_cast<unsigned char>(c);
        shown = std::string("'\\x") + hex[u >> 4] + hex[u & 15] + "'";
      }
      return fail(p, "invalid character " + shown + " in annotation");
    }
    Token end;
    end.kind = Token::End;
    end.pos = pos();
    toks_.push_back(end);
    return std::move(toks_);
  }

private:
  char peek(size_t k) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
  SourcePos pos() const { return SourcePos{file_, line_, col_}; }
  void advance() {
    if (s_[i_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++i_;
  }
  void push(Token::Kind k, size_t b, SourcePos p) {
    Token t;
    t.kind = k;
    t.text = std::string(s_.substr(b, i_ - b));
    t.pos = std::move(p);
    toks_.push_back(std::move(t));
  }
  std::nullopt_t fail(SourcePos p, std::string msg) {
    diags_.error(std::move(p), std::move(msg));
    return std::nullopt;
  }

  // A C numeric literal. Scans a preprocessing number (stopping before `..`,
  // which is the ACSL range operator) and validates it.
  bool number(size_t b, SourcePos p) {
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (isIdentChar(c)) {
        advance();
      } else if (c == '.' && peek(1) != '.') {
        advance();
      } else if ((c == '+' || c == '-') && i_ > b &&
                 (s_[i_ - 1] == 'e' || s_[i_ - 1] == 'E' || s_[i_ - 1] == 'p' ||
                  s_[i_ - 1] == 'P') &&
                 !(s_[b] == '0' && i_ > b + 1 && (s_[b + 1] == 'x' || s_[b + 1] == 'X') &&
                   (s_[i_ - 1] == 'e' || s_[i_ - 1] == 'E'))) {
        advance();
      } else {
        break;
      }
    }
    std::string t(s_.substr(b, i_ - b));
    auto kind = classifyNumber(t);
    if (!kind) {
      diags_.error(p, "invalid numeric literal '" + t + "' in annotation");
      return false;
    }
    Token tok;
    tok.kind = *kind;
    tok.text = t;
    tok.pos = p;
    toks_.push_back(std::move(tok));
    return true;
  }

  static std::optional<Token::Kind> classifyNumber(const std::string& t) {
    size_t i = 0, n = t.size();
    bool hex = n > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
    bool isReal = false;
    // Digits (isD) with an optional '.' and more digits; their count.
    auto mantissa = [&](bool (*isD)(char)) {
      size_t d = 0;
      while (i < n && isD(t[i]))
        ++i, ++d;
      if (i < n && t[i] == '.') {
        isReal = true;
        ++i;
        while (i < n && isD(t[i]))
          ++i, ++d;
      }
      return d;
    };
    // An optional exponent: `marker` (either case), a sign, decimal digits;
    // `present` tells whether there is one; false if it has no digits.
    auto exponent = [&](char marker, bool& present) {
      present = i < n && std::tolower(static_cast<unsigned char>(t[i])) == marker;
      if (!present)
        return true;
      isReal = true;
      ++i;
      if (i < n && (t[i] == '+' || t[i] == '-'))
        ++i;
      size_t e = 0;
      while (i < n && isDigit(t[i]))
        ++i, ++e;
      return e != 0;
    };
    bool hasExp = false;
    if (hex) {
      i = 2;
      if (mantissa(isHex) == 0 || !exponent('p', hasExp))
        return std::nullopt;
      if (!hasExp && isReal)
        return std::nullopt; // hex floats need an exponent
    } else {
      if (mantissa(isDigit) == 0 || !exponent('e', hasExp))
        return std::nullopt;
      if (!isReal && t.size() > 1 && t[0] == '0') {
        for (size_t k = 1; k < i; ++k)
          if (t[k] > '7')
            return std::nullopt; // bad octal digit
      }
    }
    std::string suf = t.substr(i);
    for (char& c : suf)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (isReal) {
      if (suf.empty() || suf == "f" || suf == "l")
        return Token::RealLit;
      return std::nullopt;
    }
    static const char* const ok[] = {"", "u", "l", "ul", "lu", "ll", "ull", "llu"};
    for (const char* o : ok)
      if (suf == o)
        return Token::IntLit;
    return std::nullopt;
  }

  bool quoted(char q, size_t b, SourcePos p) {
    advance();
    size_t chars = 0;
    while (true) {
      if (i_ >= s_.size() || s_[i_] == '\n') {
        diags_.error(p, q == '\'' ? "missing terminating ' character"
                                  : "missing terminating '\"' character");
        return false;
      }
      char c = s_[i_];
      if (c == q)
        break;
      if (c == '\\') {
        advance();
        if (i_ >= s_.size() || s_[i_] == '\n') {
          diags_.error(p, q == '\'' ? "missing terminating ' character"
                                    : "missing terminating '\"' character");
          return false;
        }
      }
      advance();
      ++chars;
    }
    advance();
    if (q == '\'' && chars == 0) {
      diags_.error(p, "empty character constant");
      return false;
    }
    push(q == '\'' ? Token::CharLit : Token::StringLit, b, p);
    return true;
  }

  std::string_view s_;
  size_t i_ = 0;
  unsigned line_, col_;
  std::string file_;
  DiagnosticSink& diags_;
  std::vector<Token> toks_;
};

} // namespace

std::optional<std::vector<Token>> lex(std::string_view text, SourcePos start,
                                      DiagnosticSink& diags) {
  return Lexer(text, std::move(start), diags).run();
}

} // namespace chorus::annot
