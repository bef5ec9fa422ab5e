// Oracle backed by the symbolic library's prover chain.
#pragma once

#include "chorus/exec/Oracle.h"
#include "chorus/symbolic/Prover.h"

#include <unordered_map>
#include <utility>

namespace chorus::exec {

class ProverOracle : public Oracle {
public:
  ProverOracle(sym::ExprFactory& f, sym::ProverOptions opts = {}) : f_(f), prover_(f, opts) {}
  Answer valid(Expr context, Expr claim) override;
  std::vector<std::pair<std::string, std::string>> model(Expr formula) override;
  Expr uniqueValue(Expr context, Expr symbol) override;
  std::vector<std::pair<std::string, uint64_t>> callCounts() const override;
  void setDeadline(std::optional<std::chrono::steady_clock::time_point> deadline) override {
    deadline_ = deadline;
  }
  bool pastDeadline() const override {
    return deadline_ && std::chrono::steady_clock::now() > *deadline_;
  }
  sym::Prover& prover() { return prover_; }

private:
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  sym::ExprFactory& f_;
  sym::Prover prover_;
  /// uniqueValue's answers by (context, symbol): a model query is not
  /// cached by the prover, and the same successor is computed again where a
  /// chain of moves ends (lib/search) or a blocked call is resumed.
  struct PairHash {
    size_t operator()(const std::pair<Expr, Expr>& p) const {
      return std::hash<Expr>()(p.first) * 31 + std::hash<Expr>()(p.second);
    }
  };
  std::unordered_map<std::pair<Expr, Expr>, Expr, PairHash> unique_;
  Expr computeUniqueValue(Expr context, Expr symbol);
  /// The conjuncts of context connected to symbol through shared symbols.
  Expr component(Expr context, Expr symbol);
};

} // namespace chorus::exec
