#include "chorus/support/Diagnostics.h"

#include <fstream>
#include <ostream>
#include <sstream>

namespace chorus {

void DiagnosticSink::report(Severity sev, SourcePos pos, std::string message) {
  if (sev == Severity::Error)
    ++errors_;
  diags_.push_back(Diagnostic{sev, std::move(pos), std::move(message)});
}

void DiagnosticSink::setSourceText(const std::string& file, std::string text) {
  texts_[file] = std::move(text);
}

const std::string* DiagnosticSink::sourceText(const std::string& file) const {
  auto it = texts_.find(file);
  if (it != texts_.end())
    return &it->second;
  std::ifstream in(file, std::ios::binary);
  if (!in)
    return nullptr;
  std::ostringstream ss;
  ss << in.rdbuf();
  return &(texts_[file] = ss.str());
}

static const char* severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

std::string DiagnosticSink::format(const Diagnostic& d) const {
  std::ostringstream os;
  if (!d.pos.file.empty()) {
    os << d.pos.file;
    if (d.pos.line) {
      os << ':' << d.pos.line;
      if (d.pos.col)
        os << ':' << d.pos.col;
    }
    os << ": ";
  }
  os << severityName(d.severity) << ": " << d.message << '\n';
  if (d.pos.line == 0 || d.pos.file.empty())
    return os.str();
  const std::string* text = sourceText(d.pos.file);
  if (!text)
    return os.str();
  // Find the line.
  size_t start = 0;
  for (unsigned l = 1; l < d.pos.line; ++l) {
    size_t nl = text->find('\n', start);
    if (nl == std::string::npos)
      return os.str();
    start = nl + 1;
  }
  size_t end = text->find('\n', start);
  std::string line =
      text->substr(start, end == std::string::npos ? std::string::npos : end - start);
  if (!line.empty() && line.back() == '\r')
    line.pop_back();
  os << "  " << line << '\n' << "  ";
  unsigned col = d.pos.col ? d.pos.col : 1;
  for (unsigned i = 1; i < col && i - 1 < line.size(); ++i)
    os << (line[i - 1] == '\t' ? '\t' : ' ');
  os << "^\n";
  return os.str();
}

void DiagnosticSink::print(std::ostream& os) const {
  for (const auto& d : diags_)
    os << format(d);
}

} // namespace chorus
