// Oracle backed by the symbolic library's prover chain.
#pragma once

#include "chorus/exec/Oracle.h"
#include "chorus/symbolic/Prover.h"

namespace chorus::exec {

class ProverOracle : public Oracle {
public:
  ProverOracle(sym::ExprFactory& f, sym::ProverOptions opts = {}) : f_(f), prover_(f, opts) {}
  Answer valid(Expr context, Expr claim) override;
  std::vector<std::pair<std::string, std::string>> model(Expr formula) override;
  Expr uniqueValue(Expr context, Expr symbol) override;
  std::vector<std::pair<std::string, uint64_t>> callCounts() const override;
  sym::Prover& prover() { return prover_; }

private:
  sym::ExprFactory& f_;
  sym::Prover prover_;
};

} // namespace chorus::exec
