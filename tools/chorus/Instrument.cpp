// `chorus cc`'s source instrumentation (Instrument.h): each
// `#pragma TASS collective assert ID e` of a unit becomes, at the same line,
// a snapshot of the terms of e (lib/front/annot RuntimeC.cpp) handed to the
// run-time checker, and the end of the unit gets the assertion's evaluator,
// its descriptor and a constructor registering it
// (runtime/mpi/chorus_rt_assert.h). Line directives keep every line where it
// was, so compiler messages, debug information and __FILE__/__LINE__ still
// name the original file. Parallel assertions are rewritten first
// (InstrumentPassert.cpp). Annotations the run-time checker does not check
// are named in warnings (file:line:col), never skipped silently.
#include "Instrument.h"
#include "CString.h"

#include "Annot.h"

#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>

namespace chorus::driver {
namespace {

void warn(const std::string& file, unsigned line, unsigned col, const std::string& what) {
  std::cerr << file << ":" << line << ":" << col << ": warning: chorus cc: " << what << "\n";
}

const char* kNotYet = "this annotation is not checked at run time yet (`chorus verify` checks it)";

} // namespace

std::optional<Instrumented> instrument(const std::string& file) {
  std::ifstream in(file);
  if (!in)
    return std::nullopt; // the compiler reports the missing file
  std::ostringstream read;
  read << in.rdbuf();
  std::string whole = read.str();
  PassertRewrite pa = rewritePasserts(whole, file);
  std::vector<std::string> lines;
  {
    std::istringstream text(whole);
    for (std::string l; std::getline(text, l);)
      lines.push_back(l);
  }
  static const std::regex tass(R"(^(\s*#\s*pragma\s+TASS\b)(.*)$)");
  static const std::regex other(R"(#\s*pragma\s+CIVL\b|/\*@|\$collective_assert|\$assert)");
  Instrumented out;
  std::ostringstream tail;
  int count = 0, edits = 0;
  struct Site {
    size_t first, last; ///< the pragma's lines
    unsigned line;
    bool checkable;
    annot::RuntimeAssertion ra;
  };
  std::vector<Site> sites;
  std::map<std::string, annot::RuntimeTerms> labels;
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
    std::string label;
    bool isAssert = std::regex_search(body, std::regex(R"(^\s*collective\s+assert\b)"));
    if (toks && isAssert) {
      // the label's terms: its name is the first word after `assert`
      std::smatch idm;
      std::regex_search(body, idm, std::regex(R"(^\s*collective\s+assert\s+(\w+))"));
      label = idm[1].str();
      ra = annot::runtimeAssertion(*toks, diags, why, whyPos, labels[label]);
    }
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
      if (!label.empty()) {
        // still a snapshot (without values), so the instances of its label
        // stay aligned across ranks; the views that read it are counted as
        // not checked
        annot::RuntimeAssertion none;
        none.id = label;
        sites.push_back(Site{first, i, lineNo, false, std::move(none)});
      }
      continue;
    }
    sites.push_back(Site{first, i, lineNo, true, std::move(*ra)});
  }
  // Every pragma of a label snapshots the label's whole list of terms, so
  // the sites are written once all pragmas are translated.
  for (const Site& st : sites) {
    int k = count++;
    const annot::RuntimeTerms& terms = labels[st.ra.id];
    std::string ca = "chorus_rt_ca_" + std::to_string(k);
    std::string site = "{ chorus_rt_cassert_snap(&" + ca + ", 0); }";
    if (st.checkable) {
      std::vector<std::string> init = annot::runtimeSnapshot(st.ra, terms);
      site = "{ chorus_rt_value chorus_rt_v_[" + std::to_string(std::max<size_t>(init.size(), 1)) +
             "] = {";
      for (size_t t = 0; t < init.size(); ++t)
        site += (t ? ", " : "") + init[t];
      if (init.empty())
        site += "{0}";
      site += "}; chorus_rt_cassert_snap(&" + ca + ", chorus_rt_v_); }";
    }
    lines[st.first] = site;
    for (size_t j = st.first + 1; j <= st.last; ++j)
      lines[j].clear();
    // the layout of the label's snapshots, compared between units at run time
    uint64_t layout = 1469598103934665603ull;
    for (size_t t = 0; t < terms.text.size(); ++t)
      for (char ch : (terms.array[t] ? "[]" : "") + terms.text[t] + "\n")
        layout = (layout ^ uint8_t(ch)) * 1099511628211ull;
    std::string eval = "0";
    if (st.checkable) {
      eval = "chorus_rt_eval_" + std::to_string(k);
      tail << "static chorus_rt_value " << eval << "(chorus_rt_ctx* c) {\n  (void)c;\n"
           << "  return " << st.ra.eval << ";\n}\n";
    }
    tail << "static chorus_rt_cassert " << ca << " = {" << cString(st.ra.id) << ", "
         << cString(file) << ", " << st.line << ", " << cString(st.ra.text) << ", "
         << terms.text.size() << ", " << eval << ", 0, " << layout << "ull, 0};\n"
         << "__attribute__((constructor)) static void chorus_rt_reg_" << k
         << "(void) { chorus_rt_cassert_register(&" << ca << "); }\n";
    if (st.checkable)
      ++out.assertions;
  }
  if (!count && !edits && !pa.rewritten)
    return std::nullopt;
  out.passerts = pa.count;
  std::ostringstream src;
  if (pa.count)
    src << "#include <chorus_rt_threads.h>\n" << pa.prologue;
  for (int k = 0; k < count; ++k)
    src << "static chorus_rt_cassert chorus_rt_ca_" << k << ";\n";
  for (const auto& [label, terms] : labels)
    src << annot::runtimePointerGuards(label, terms);
  src << "#line 1 " << cString(file) << "\n";
  for (const std::string& l : lines)
    src << l << "\n";
  src << "#line " << lines.size() + 1 << " " << cString(file) << "\n" << tail.str() << pa.tail;
  out.source = src.str();
  return out;
}

bool usesThreads(const std::string& file) {
  std::ifstream in(file);
  std::ostringstream read;
  read << in.rdbuf();
  std::string text = read.str();
  static const std::regex threads(R"(\bpthread|\bpassert\b)");
  return std::regex_search(text, threads);
}

} // namespace chorus::driver
