// Compiler-style diagnostics: file:line:col, message, source line and caret.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace chorus {

/// A position in a source file; line and column are 1-based, 0 = unknown.
struct SourcePos {
  std::string file;
  unsigned line = 0;
  unsigned col = 0;
};

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourcePos pos;
  std::string message;
};

/// Collects diagnostics and prints them like a compiler does:
///   file.c:12:7: error: expected ')'
///     x = (a + b;
///               ^
class DiagnosticSink {
public:
  void report(Severity sev, SourcePos pos, std::string message);
  void error(SourcePos pos, std::string message) {
    report(Severity::Error, std::move(pos), std::move(message));
  }
  void warning(SourcePos pos, std::string message) {
    report(Severity::Warning, std::move(pos), std::move(message));
  }
  void note(SourcePos pos, std::string message) {
    report(Severity::Note, std::move(pos), std::move(message));
  }

  bool hasErrors() const { return errors_ > 0; }
  unsigned errorCount() const { return errors_; }
  const std::vector<Diagnostic>& all() const { return diags_; }

  /// Source text for files that are not (or not as) on disk, used for carets.
  void setSourceText(const std::string& file, std::string text);

  /// Prints every diagnostic with its source line and a caret.
  void print(std::ostream& os) const;
  /// Formats one diagnostic (with caret line when the source is available).
  std::string format(const Diagnostic& d) const;

private:
  const std::string* sourceText(const std::string& file) const;

  std::vector<Diagnostic> diags_;
  unsigned errors_ = 0;
  mutable std::map<std::string, std::string> texts_;
};

} // namespace chorus
