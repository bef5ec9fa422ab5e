// Machine: copy-on-write of processes, proof obligations, scalar helpers and
// the display of values in traces.
#include "Machine.h"
#include "Module.h"

#include "chorus/model/Printer.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace chorus::exec {

std::string shorten(std::string s) {
  if (s.size() > 160)
    s = s.substr(0, 157) + "...";
  return s;
}

std::optional<sym::Rational> parseNumber(const std::string& text) {
  if (auto r = sym::Rational::parse(text))
    return r;
  // decimal with exponent: mantissa[eE]exp
  auto e = text.find_first_of("eE");
  if (e == std::string::npos || text.find_first_of("xX") != std::string::npos)
    return std::nullopt;
  auto m = sym::Rational::parse(text.substr(0, e));
  if (!m)
    return std::nullopt;
  long ex = std::strtol(text.c_str() + e + 1, nullptr, 10);
  sym::Rational p(1);
  for (long k = 0; k < std::labs(ex); ++k)
    p *= sym::Rational(10);
  return ex >= 0 ? *m * p : *m / p;
}

GlobalState Machine::finish() {
  if (ex.options().contract && ex.options().contract->symmetry && home < 64)
    gs.touched |= uint64_t(1) << home; // (rank symmetry: this process moved)
  for (const Module& mod : modules())
    if (mod.onFinish)
      mod.onFinish(*this);
  if (thr != 0 && mods[size_t(home)])
    swapThread(*mods[size_t(home)]);
  for (size_t i = 0; i < mods.size(); ++i)
    if (mods[i])
      gs.procs[i] = ex.interner().intern(std::move(mods[i]));
  mods.clear();
  return std::move(gs);
}

Expr Machine::pc() {
  if (assumptions.empty())
    return gs.pc;
  std::vector<Expr> cs = assumptions;
  cs.push_back(gs.pc);
  return f.logicalAnd(cs);
}

void Machine::fail(ViolationKind k, const std::string& msg, Expr cond) {
  // the execution may exist only for values of sqrt, exp, ... that the
  // function never returns (Math.cpp), or a rounding of symbolic floating
  // values to what no value rounds to (Float.cpp): not a definite violation
  if (std::string why = ex.uninterpretedIn(cond); !why.empty()) {
    Unsupported u(std::string(check::kindName(k)) + " at " + where() + " (" + msg +
                  ") depends on " + why);
    u.condition = cond;
    throw u;
  }
  ViolationError e;
  e.violation.kind = k;
  e.violation.loc = loc;
  e.violation.proc = me;
  e.violation.thread = gs.procs[size_t(me)]->threads.empty() ? -1 : thr;
  e.violation.message = msg;
  e.condition = cond;
  e.step = step;
  throw e;
}

void Machine::failUnlessIgnored(ViolationKind k, const std::string& msg, Expr cond) {
  const std::vector<ViolationKind>& ig = ex.options().ignore;
  if (std::find(ig.begin(), ig.end(), k) == ig.end())
    fail(k, msg, cond);
  ex.noteUnchecked(std::string(check::kindName(k)) + " at " + where() + " (process " +
                   std::to_string(me) + "): " + msg + " (--ignore)");
}

void Machine::require(Expr ok, ViolationKind k, const std::string& msg) {
  if (trivial(ok))
    return;
  Expr c = pc();
  // (a false `ok` fails at once unless assumptions of lazy operators, which
  // may contradict the path condition, are in force)
  Answer a = ok->isFalse() && assumptions.empty() ? Answer::No : ex.oracle().valid(c, ok);
  if (a == Answer::Yes)
    return;
  // over roundings of symbolic floating values: what every rounding
  // satisfies may decide it (Float.cpp)
  if (Expr facts = roundingFacts(f.logicalAnd(c, ok));
      !facts->isTrue() && ex.oracle().valid(f.logicalAnd(c, facts), ok) == Answer::Yes)
    return;
  if (a == Answer::No)
    fail(k, msg, f.logicalAnd(c, f.logicalNot(ok)));
  if (undecided)
    undecided->push_back(std::string(check::kindName(k)) + ": " + msg + " at " + P.where(loc));
  gs.pc = f.logicalAnd(gs.pc, ok);
}

bool Machine::choose(Expr c) {
  if (c->isTrue())
    return true;
  if (c->isFalse())
    return false;
  Expr ctx = pc();
  if (ex.oracle().valid(ctx, c) == Answer::Yes) {
    if (mentionsLise(c))
      gs.pc = f.logicalAnd(gs.pc, c);
    return true;
  }
  if (ex.oracle().valid(ctx, f.logicalNot(c)) == Answer::Yes) {
    if (mentionsLise(c))
      gs.pc = f.logicalAnd(gs.pc, f.logicalNot(c));
    return false;
  }
  bool br = branch();
  gs.pc = f.logicalAnd(gs.pc, br ? c : f.logicalNot(c));
  return br;
}

bool Machine::mentionsLise(Expr c) {
  if (!ex.options().lise)
    return false;
  for (Expr s : f.freeSymbols(c))
    if (Executor::isLiseSymbol(s))
      return true;
  return false;
}

bool Machine::branch() {
  bool br = true;
  if (nextChoice < schedule.size())
    br = schedule[nextChoice];
  else
    schedule.push_back(br);
  ++nextChoice;
  return br;
}

Expr Machine::libState(LibSlot k) {
  const std::vector<Expr>& v = self().libObj;
  return size_t(k) < v.size() ? v[size_t(k)] : nullptr;
}

void Machine::setLibState(LibSlot k, Expr v) {
  std::vector<Expr>& s = self().libObj;
  if (s.size() <= size_t(k))
    s.resize(size_t(k) + 1, nullptr);
  s[size_t(k)] = v;
  while (!s.empty() && !s.back())
    s.pop_back();
}

Expr Machine::boundsPc() {
  Expr c = pc();
  if (!c->hasBoundVars() || !ex.options().contract)
    return c;
  if (c->kind() != sym::Kind::And)
    return f.trueExpr();
  std::vector<Expr> keep;
  for (Expr k : c->children())
    if (!k->hasBoundVars())
      keep.push_back(k);
  return f.logicalAnd(keep);
}

int64_t Machine::requireConcrete(Expr e, const char* what) {
  if (auto v = boundedConcrete(e, what))
    return *v;
  throw Unsupported(std::string("symbolic ") + what + " at " + where() + " (" +
                    sym::toString(e, 200) + ")");
}

std::optional<int64_t> Machine::boundedConcrete(Expr e, const char* what) {
  auto v = concreteInt(e);
  if (v)
    return *v;
  // A value the path condition keeps in a small range (a root or count the
  // precondition bounds, seed 002): the move forks, one branch per value.
  if (!annot && e->type()->isInt()) {
    Executor::Impl::Concretized& c = im.concretized[{gs.pc, e}];
    if (!c.ok) {
      if (e->kind() == sym::Kind::Symbol)
        if (Expr u = ex.oracle().uniqueValue(pc(), e))
          if (auto k = u->kind() == sym::Kind::NumConst ? u->value().toInt64() : std::nullopt) {
            c = {true, true, *k, *k};
          }
    }
    // rank symmetry (DESIGN-NOTES "Rank symmetry"): a rank argument's
    // value is a rank the path has touched, or one of the others, which
    // are alike: the smallest of them stands for all
    bool rankArg = ex.options().contract && ex.options().contract->symmetry && nprocs() <= 64 &&
                   (std::string_view(what) == "destination rank" ||
                    std::string_view(what) == "source rank" || std::string_view(what) == "root");
    if (!c.ok && rankArg) {
      // a rank, or MPI_ANY_SOURCE / MPI_PROC_NULL (-1, -2): one question
      // each for the two usual windows before the scan below
      Expr ctx = boundsPc();
      for (int64_t l : {0, -2})
        if (ex.oracle().valid(ctx, f.logicalAnd(f.le(intc(l), e), f.le(e, intc(nprocs() - 1)))) ==
            Answer::Yes) {
          c = {true, false, l, nprocs() - 1};
          break;
        }
    }
    if (!c.ok) {
      std::optional<int64_t> lo, hi;
      Expr ctx = boundsPc();
      for (int64_t k : {0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63})
        if (ex.oracle().valid(ctx, f.le(e, intc(k))) == Answer::Yes) {
          hi = k;
          break;
        }
      if (hi)
        for (int64_t k : {0, -1, -2, -3, -4, -8, -16, -32})
          if (ex.oracle().valid(ctx, f.ge(e, intc(k))) == Answer::Yes) {
            lo = k;
            break;
          }
      if (lo && hi)
        c = {true, false, *lo, *hi};
    }
    uint64_t touched = gs.touched | (me < 64 ? uint64_t(1) << me : 0);
    auto touch = [&](int64_t k) {
      if (rankArg && k >= 0 && k < 64)
        gs.touched |= uint64_t(1) << k;
    };
    if (c.ok && c.unique) {
      // implied: stated so that the state gets the value (simplifyUnderPc)
      gs.pc = f.logicalAnd(gs.pc, f.eq(e, intc(c.lo)));
      fixed[e] = c.lo;
      touch(c.lo);
      return c.lo;
    }
    if (c.ok && rankArg) {
      std::vector<int64_t> vals;
      bool fresh = false;
      for (int64_t k = c.lo; k <= c.hi; ++k) {
        bool untouched = k >= 0 && k < nprocs() && !(touched >> k & 1);
        if (untouched && fresh) {
          gs.pc = f.logicalAnd(gs.pc, f.neq(e, intc(k))); // its image under a renaming
          continue;
        }
        fresh = fresh || untouched;
        vals.push_back(k);
      }
      // One question per value: does the path condition exclude it? The
      // values it excludes are dropped; when it allows each of the others,
      // the move forks over them without further questions (choose asks
      // two per value).
      bool allFeasible = vals.size() >= 2;
      for (size_t k = 0; k < vals.size() && vals.size() >= 2;) {
        Answer a = ex.oracle().valid(pc(), f.neq(e, intc(vals[k])));
        if (a == Answer::Yes) {
          vals.erase(vals.begin() + long(k));
          continue;
        }
        allFeasible = allFeasible && a == Answer::No;
        ++k;
      }
      size_t i = 0;
      if (allFeasible && vals.size() >= 2) {
        for (; i + 1 < vals.size(); ++i) {
          bool br = branch();
          gs.pc = f.logicalAnd(gs.pc, br ? f.eq(e, intc(vals[i])) : f.neq(e, intc(vals[i])));
          if (br)
            break;
        }
      } else {
        while (i + 1 < vals.size() && !choose(f.eq(e, intc(vals[i]))))
          ++i;
      }
      // the last: the path condition implies e == it; stated, so that the
      // state gets the value without a model query (simplifyUnderPc)
      if (i + 1 == vals.size())
        gs.pc = f.logicalAnd(gs.pc, f.eq(e, intc(vals[i])));
      fixed[e] = vals[i];
      touch(vals[i]);
      return vals[i];
    }
    if (c.ok) {
      int64_t k = c.lo;
      while (k < c.hi && !choose(f.eq(e, intc(k))))
        ++k; // at hi the path condition implies e == hi
      fixed[e] = k;
      return k;
    }
  }
  return std::nullopt;
}

Expr Machine::truth(Expr v) {
  if (v->type()->isBool())
    return v;
  if (v->type()->isInt())
    return f.neq(v, intc(0));
  if (isSpecialFloat(v)) // (NaN and the infinities are true, -0.0 false)
    return f.boolConst(*hostFloat(v) != 0);
  if (v->type()->isReal()) {
    noSpecialIn(v, "the condition");
    return f.neq(v, f.realConst(0));
  }
  if (auto p = V.decodePointer(v))
    return f.boolConst(p->root.kind != RootKind::Null);
  throw Unsupported("condition on a value of this type at " + where());
}

const std::string& Machine::text(const model::Expr* e) {
  auto it = im.texts.find(e);
  if (it == im.texts.end())
    it = im.texts.emplace(e, printer().str(e)).first;
  return it->second;
}

model::ProgramText& Machine::printer() {
  if (!im.printer)
    im.printer = std::make_unique<model::ProgramText>(P);
  return *im.printer;
}

const std::string& Machine::text(const model::Transition& t) {
  auto it = im.texts.find(&t);
  if (it != im.texts.end())
    return it->second;
  std::string s = printer().str(t.stmt);
  if (t.guard) {
    std::string g = printer().str(t.guard);
    s = s.empty() || t.stmt.kind == StmtKind::Nop ? "[" + g + "]" : "[" + g + "] " + s;
  }
  return im.texts.emplace(&t, std::move(s)).first->second;
}

std::string Machine::show(Expr v) {
  if (V.isUndef(v))
    return "(uninitialized)";
  if (isSpecialFloat(v)) // inf, -inf, nan, -nan, -0.0
    return v->name().substr(std::strlen(kSpecialPrefix)) == "-0"
               ? "-0.0"
               : v->name().substr(std::strlen(kSpecialPrefix));
  if (auto p = V.decodePointer(v)) {
    std::string s;
    switch (p->root.kind) {
    case RootKind::Null:
      return "NULL";
    case RootKind::Global:
      s = "&" + P.var(P.globals[p->root.b]).name;
      break;
    case RootKind::Local: {
      const Frame* fr = localFrame(self(), p->root);
      if (fr)
        s = "&" + P.var(im.slotVar[fr->func][p->root.b]).name;
      else
        s = "&(dead local)";
      break;
    }
    case RootKind::Heap:
      s = "&heap" + std::to_string(p->root.b);
      break;
    case RootKind::Function:
      return "&" + P.func(p->root.b).name;
    case RootKind::String:
      s = "&\"...\"";
      break;
    case RootKind::Address:
      return "(void *)" + std::to_string(state::addressOf(p->root));
    }
    for (Expr st : p->path)
      s += isOnePastStep(st) ? " + 1" : "[" + sym::toString(st, 200) + "]";
    return s;
  }
  return shorten(sym::toString(v, 200));
}

} // namespace chorus::exec
