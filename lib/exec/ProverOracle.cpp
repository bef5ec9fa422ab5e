#include "chorus/exec/ProverOracle.h"

namespace chorus::exec {

Answer ProverOracle::valid(Expr context, Expr claim) {
  switch (prover_.valid(context, claim)) {
  case sym::Answer::Yes:
    return Answer::Yes;
  case sym::Answer::No:
    return Answer::No;
  default:
    return Answer::Maybe;
  }
}

std::vector<std::pair<std::string, std::string>> ProverOracle::model(Expr formula) {
  std::vector<std::pair<std::string, std::string>> out;
  auto m = prover_.model(formula);
  if (!m)
    return out;
  for (const sym::ModelEntry& e : *m) {
    if (e.symbol->type()->isFunction())
      continue;
    out.emplace_back(e.symbol->name(), e.text);
  }
  return out;
}

Expr ProverOracle::uniqueValue(Expr context, Expr symbol) {
  sym::ExprFactory& f = f_;
  // Internal first: the simplifier's equalities and bounds may already fix it.
  Expr s = prover_.simplify(symbol, context);
  if (s->kind() == sym::Kind::NumConst || s->isTrue() || s->isFalse())
    return s;
  auto m = prover_.model(context);
  if (!m)
    return nullptr;
  for (const sym::ModelEntry& e : *m)
    if (e.symbol == symbol && e.value &&
        (e.value->kind() == sym::Kind::NumConst || e.value->isTrue() || e.value->isFalse()))
      return prover_.valid(context, f.eq(symbol, e.value)) == sym::Answer::Yes ? e.value : nullptr;
  return nullptr;
}

std::vector<std::pair<std::string, uint64_t>> ProverOracle::callCounts() const {
  const sym::ProverStats& s = prover_.stats();
  return {{"queries", s.queries}, {"cache", s.cacheHits}, {"internal", s.internalDecisions},
          {"z3", s.z3Calls},      {"cvc5", s.cvc5Calls},  {"maybe", s.maybeResults}};
}

} // namespace chorus::exec
