// Models of the error-message functions: strerror(e) and perror(s).
//
// strerror of a concrete error number gives the message of the C library
// chorus runs on (glibc's, as the program's real run on this machine), in a
// block owned by the library (never a leak; free() of it is INVALID_FREE);
// a symbolic number is `unknown`. perror(s) writes "s: message\n" to
// stderr (the message alone when s is NULL or empty). errno is not
// modelled, so the message perror prints is shown as the text
// "strerror(errno)"; only stderr is affected, never the verdict.
#include "Library.h"

#include <cstring>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

Outcome runStrerror(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr e = m.arg(s, 0);
  m.checkDefined(e);
  auto v = m.concreteInt(e);
  if (!v)
    throw Unsupported("strerror of a symbolic error number at " + m.where());
  std::string text = std::strerror(int(*v));
  m.step.effects.push_back("strerror: \"" + text + "\"");
  m.setResult(s, libraryString(m, text), nullptr);
  m.advance(t);
  return Outcome::Done;
}

Outcome runPerror(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr pv = m.arg(s, 0);
  if (m.V.isUndef(pv))
    m.fail(ViolationKind::UninitializedRead, "perror's argument is an uninitialized pointer",
           m.pc());
  std::string prefix;
  auto p = m.V.decodePointer(pv);
  if (!(p && p->root.kind == RootKind::Null))
    prefix = m.readString(pv);
  m.step.effects.push_back("stderr: " + (prefix.empty() ? "" : prefix + ": ") + "strerror(errno)");
  m.advance(t);
  return Outcome::Done;
}

} // namespace

void registerErrors(LibraryRegistry& r) {
  r.add("strerror", {runStrerror});
  r.add("perror", {runPerror});
}

} // namespace chorus::exec
