// `chorus cc`'s source instrumentation (Instrument.h): each
// `#pragma TASS collective assert ID e` of a unit becomes, at the same line,
// a snapshot of the terms of e (lib/front/annot RuntimeC.cpp) handed to the
// run-time checker, and the end of the unit gets the assertion's evaluator,
// its descriptor and a constructor registering it
// (runtime/mpi/chorus_rt_assert.h). Line directives keep every line where it
// was, so compiler messages, debug information and __FILE__/__LINE__ still
// name the original file. Annotations the run-time checker does not check
// are named in warnings (file:line:col), never skipped silently.
#include "Instrument.h"

#include "Annot.h"

#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>

namespace chorus::driver {
namespace {

std::string cString(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\')
      out += '\\';
    if (ch == '\n')
      out += "\\n";
    else
      out += ch;
  }
  return out + "\"";
}

void warn(const std::string& file, unsigned line, unsigned col, const std::string& what) {
  std::cerr << file << ":" << line << ":" << col << ": warning: chorus cc: " << what << "\n";
}

const char* kNotYet = "this annotation is not checked at run time yet (`chorus verify` checks it)";

} // namespace

std::optional<Instrumented> instrument(const std::string& file) {
  std::ifstream in(file);
  if (!in)
    return std::nullopt; // the compiler reports the missing file
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);)
    lines.push_back(l);
  static const std::regex tass(R"(^(\s*#\s*pragma\s+TASS\b)(.*)$)");
  static const std::regex other(
      R"(#\s*pragma\s+CIVL\b|/\*@|\bpassert\s*\(|\$collective_assert|\$assert)");
  Instrumented out;
  std::ostringstream tail;
  int count = 0, edits = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    size_t first = i;
    std::string logical = lines[i];
    while (!logical.empty() && logical.back() == '\\' && i + 1 < lines.size()) {
      logical.pop_back();
      logical += " " + lines[++i];
    }
    unsigned lineNo = unsigned(first + 1);
    std::smatch m;
    if (!std::regex_search(logical, m, tass)) {
      std::smatch o;
      if (std::regex_search(logical, o, other))
        warn(file, lineNo, unsigned(o.position(0) + 1), kNotYet);
      continue;
    }
    std::string body = m[2].str();
    unsigned col = unsigned(m[1].length() + 1);
    DiagnosticSink diags;
    auto toks = annot::lex(body, SourcePos{file, lineNo, col}, diags);
    std::string why;
    SourcePos whyPos{file, lineNo, col};
    std::optional<annot::RuntimeAssertion> ra;
    bool isAssert = std::regex_search(body, std::regex(R"(^\s*collective\s+assert\b)"));
    if (toks && isAssert)
      ra = annot::runtimeAssertion(*toks, diags, why, whyPos);
    if (diags.hasErrors()) {
      // an error only where the preprocessor keeps the pragma (not inside
      // a disabled #if), reported by the compiler at this line
      const Diagnostic& d = diags.all().front();
      lines[first] =
          "#error " + cString("chorus cc: " + d.pos.file + ":" + std::to_string(d.pos.line) + ":" +
                              std::to_string(d.pos.col) + ": " + d.message);
      for (size_t j = first + 1; j <= i; ++j)
        lines[j].clear();
      ++edits;
      continue;
    }
    if (!isAssert) {
      if (std::regex_search(body, std::regex(R"(^\s*joint\b)")))
        warn(file, lineNo, col,
             "a joint assertion or invariant relates two programs (`chorus compare` checks it); "
             "a run of one program cannot check it");
      else if (std::regex_search(body, std::regex(R"(^\s*(input|output)\b)"))) {
        // an input or output declaration states nothing to check in a real
        // run, unless it bounds the input
        if (body.find('{') != std::string::npos)
          warn(file, lineNo, col,
               "the bound of this input is not checked at run time (the run uses the "
               "program's own value; `chorus verify` covers every value in the bound)");
      } else
        warn(file, lineNo, col, kNotYet);
      continue;
    }
    if (!ra) {
      warn(whyPos.file, whyPos.line, whyPos.col,
           "this collective assertion is not checked at run time: " + why +
               " (`chorus verify` checks it)");
      continue;
    }
    int k = count++;
    std::string ca = "chorus_rt_ca_" + std::to_string(k);
    std::string site = "{ chorus_rt_value chorus_rt_v_[" +
                       std::to_string(std::max<size_t>(ra->terms.size(), 1)) + "] = {";
    for (size_t t = 0; t < ra->terms.size(); ++t)
      site += (t ? ", " : "") + std::string("CHORUS_RT_VALUE(") + ra->terms[t] + ")";
    if (ra->terms.empty())
      site += "{0}";
    site += "}; chorus_rt_cassert_snap(&" + ca + ", chorus_rt_v_); }";
    lines[first] = site;
    for (size_t j = first + 1; j <= i; ++j)
      lines[j].clear();
    tail << "static chorus_rt_value chorus_rt_eval_" << k << "(chorus_rt_ctx* c) {\n  (void)c;\n"
         << "  return " << ra->eval << ";\n}\n"
         << "static chorus_rt_cassert " << ca << " = {" << cString(ra->id) << ", " << cString(file)
         << ", " << lineNo << ", " << cString(ra->text) << ", " << ra->terms.size()
         << ", chorus_rt_eval_" << k << ", 0};\n"
         << "__attribute__((constructor)) static void chorus_rt_reg_" << k
         << "(void) { chorus_rt_cassert_register(&" << ca << "); }\n";
    ++out.assertions;
  }
  if (!count && !edits)
    return std::nullopt;
  std::ostringstream src;
  for (int k = 0; k < count; ++k)
    src << "static chorus_rt_cassert chorus_rt_ca_" << k << ";\n";
  src << "#line 1 " << cString(file) << "\n";
  for (const std::string& l : lines)
    src << l << "\n";
  src << "#line " << lines.size() + 1 << " " << cString(file) << "\n" << tail.str();
  out.source = src.str();
  return out;
}

} // namespace chorus::driver
