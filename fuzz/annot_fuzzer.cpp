// libFuzzer target: arbitrary bytes through lex + classify + parse + lower of
// chorus_annot, with the fake scope of the unit tests. The first byte picks
// the annotation source (TASS pragma, CIVL pragma, ACSL comment) and the
// target (with or without a declared variable / macro).
#include "../tests/unit/front/AnnotTestSupport.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

using namespace chorus;
using namespace chorus::annot;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0)
    return 0;
  uint8_t sel = data[0];
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  AnnotSource src = sel % 3 == 0   ? AnnotSource::TassPragma
                    : sel % 3 == 1 ? AnnotSource::CivlPragma
                                   : AnnotSource::AcslComment;
  testing::AnnotEnv env;
  env.diags.setSourceText("t.c", text);
  auto toks = lex(text, SourcePos{"t.c", 1, 1}, env.diags);
  if (!toks)
    return 0;
  (void)classify(src, *toks);
  Target t = env.target();
  if (sel & 4)
    t.var = env.scope.vars["N"];
  else if (sel & 8)
    t.macro = "M";
  Context ctx{env.prog, env.scope, env.diags};
  bool ok = lowerAnnotation(src, *toks, t, ctx);
  // Invariants: failure <=> an error was reported; every lowered expression
  // has a type.
  if (ok == env.diags.hasErrors())
    __builtin_trap();
  std::ostringstream os;
  env.diags.print(os);
  auto check = [](const model::Expr* e, auto& self) -> void {
    if (!e)
      return;
    if (!e->type)
      __builtin_trap();
    for (auto* k : e->kids)
      self(k, self);
  };
  for (auto& c : env.prog.collectives)
    check(c.expr, check);
  for (auto& in : env.prog.inputs)
    check(in.cond, check);
  for (auto& c : env.prog.contracts)
    for (auto& b : c.blocks) {
      check(b.comm, check);
      for (auto& cl : b.clauses)
        for (auto* e : cl.exprs)
          check(e, check);
      for (auto& bh : b.behaviors)
        for (auto& cl : bh.clauses)
          for (auto* e : cl.exprs)
            check(e, check);
    }
  for (auto& l : env.prog.loops) {
    for (auto* e : l.invariants)
      check(e, check);
    for (auto* e : l.assigns)
      check(e, check);
  }
  return 0;
}
