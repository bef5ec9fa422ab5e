// Models of <stdio.h> output: printf/fprintf/puts/putchar/fflush (output is
// recorded in the trace; `%` conversions are checked against the arguments).
#include "Library.h"

#include <cstring>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

std::string format(Machine& m, const model::Stmt& s, size_t fi, bool newline) {
  std::string fmt = m.readString(m.arg(s, fi));
  std::string out;
  size_t ai = fi + 1;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%' || i + 1 >= fmt.size()) {
      out += fmt[i];
      continue;
    }
    size_t j = i + 1;
    while (j < fmt.size() && std::strchr("-+ #0123456789.lhzjt", fmt[j]))
      ++j;
    if (j >= fmt.size())
      break;
    char c = fmt[j];
    i = j;
    if (c == '%') {
      out += '%';
      continue;
    }
    if (ai >= s.args.size()) {
      m.fail(ViolationKind::Format, "printf: too few arguments for the format", m.pc());
    }
    Expr v = m.arg(s, ai++);
    if (c == 's')
      out += m.readString(v);
    else {
      m.checkDefined(v);
      out += m.show(v);
    }
  }
  if (newline)
    out += "\n";
  while (!out.empty() && out.back() == '\n')
    out.pop_back();
  return out;
}

Outcome runPrintf(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  if (name == "sprintf")
    throw Unsupported("sprintf at " + m.where());
  size_t fi = name == "fprintf" ? 1 : 0;
  std::string out;
  if (name == "putchar")
    out = std::string(1, char(m.requireConcrete(m.arg(s, 0), "character")));
  else if (name != "fflush")
    out = format(m, s, fi, name == "puts");
  if (name != "fflush")
    m.step.effects.push_back("output: " + out);
  m.setResult(s, m.intc(int64_t(out.size())), nullptr);
  m.advance(t);
  return Outcome::Done;
}

} // namespace

void registerStdio(LibraryRegistry& r) {
  r.add({"printf", "puts", "putchar", "fprintf", "sprintf", "fflush"}, {runPrintf});
}

} // namespace chorus::exec
