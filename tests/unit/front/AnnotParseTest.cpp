// Parsing, name resolution, typing and lowering of every annotation form.
#include "AnnotTestSupport.h"

#include <gtest/gtest.h>

using namespace chorus;
using namespace chorus::annot;
using namespace chorus::annot::testing;
using model::ExprKind;
using model::Op;
using model::TypeKind;

namespace {

/// Lowers `requires <e>;` in an `mpi collective` block of f's contract and
/// returns the lowered predicate (or null, with diagnostics in env).
const model::Expr* term(AnnotEnv& env, const std::string& e, bool ensures = false) {
  std::string text =
      "mpi uses 0; mpi collective(0): " + std::string(ensures ? "ensures " : "requires ") + e + ";";
  size_t before = env.prog.contracts.size();
  if (!env.acsl(text) || env.prog.contracts.size() != before + 1)
    return nullptr;
  return env.prog.contracts.back().blocks.at(1).clauses.at(0).exprs.at(0);
}

TEST(AnnotClassify, FromFirstTokens) {
  AnnotEnv env;
  auto c = [&](AnnotSource s, const std::string& t) { return classify(s, env.tokens(t)); };
  EXPECT_EQ(c(AnnotSource::TassPragma, "input {N > 1}"), Needs::Declaration);
  EXPECT_EQ(c(AnnotSource::TassPragma, "output"), Needs::Declaration);
  EXPECT_EQ(c(AnnotSource::TassPragma, "collective assert A x"), Needs::Statement);
  EXPECT_EQ(c(AnnotSource::TassPragma, "joint assert A x"), Needs::Statement);
  EXPECT_EQ(c(AnnotSource::TassPragma, "collective invariant I x"), Needs::Loop);
  EXPECT_EQ(c(AnnotSource::TassPragma, "joint invariant I x"), Needs::Loop);
  EXPECT_EQ(c(AnnotSource::TassPragma, "collective x"), Needs::Invalid);
  EXPECT_EQ(c(AnnotSource::TassPragma, "frobnicate"), Needs::Invalid);
  EXPECT_EQ(c(AnnotSource::CivlPragma, "ACSL"), Needs::Nothing);
  EXPECT_EQ(c(AnnotSource::CivlPragma, "for"), Needs::Invalid);
  EXPECT_EQ(c(AnnotSource::AcslComment, "requires x;"), Needs::Function);
  EXPECT_EQ(c(AnnotSource::AcslComment, "mpi uses comm;"), Needs::Function);
  EXPECT_EQ(c(AnnotSource::AcslComment, "behavior b: assumes x;"), Needs::Function);
  EXPECT_EQ(c(AnnotSource::AcslComment, "loop invariant x;"), Needs::Loop);
  EXPECT_EQ(c(AnnotSource::AcslComment, ""), Needs::Nothing);
  EXPECT_EQ(c(AnnotSource::AcslComment, "ghost int x;"), Needs::Invalid);
  EXPECT_EQ(classify(AnnotSource::AcslComment, {}), Needs::Nothing);
}

TEST(AnnotLower, CivlAcslSwitchAddsNothing) {
  AnnotEnv env;
  EXPECT_TRUE(env.lower(AnnotSource::CivlPragma, "ACSL"));
  EXPECT_TRUE(env.prog.contracts.empty());
}

TEST(AnnotLower, IntegerArithmeticTyping) {
  AnnotEnv env;
  const model::Expr* e = term(env, "N + 1 > 2 * nx");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->op, Op::Gt);
  EXPECT_EQ(e->type, env.prog.types.boolType());
  EXPECT_EQ(e->kids[0]->op, Op::Add);
  EXPECT_EQ(e->kids[0]->type, env.prog.types.intType());
  EXPECT_EQ(e->kids[0]->kids[0]->kind, ExprKind::Var);
  EXPECT_EQ(e->kids[0]->kids[0]->var, env.scope.vars["N"]);
  EXPECT_EQ(e->kids[0]->kids[1]->ival, 1);
  EXPECT_EQ(e->loc.line, 1u);
  EXPECT_EQ(e->loc.col, 47u);
  EXPECT_EQ(env.prog.files.at(e->loc.file), "t.c");
}

TEST(AnnotLower, UsualArithmeticConversions) {
  AnnotEnv env;
  const model::Expr* e = term(env, "x * N + 'a' == 1.5");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->kids[0]->type, env.prog.types.doubleType());
  EXPECT_EQ(e->kids[1]->kind, ExprKind::RealLit);
  EXPECT_EQ(e->kids[1]->text, "1.5");
  e = term(env, "(long)N + 1u > 0");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->kids[0]->type->name, "long");
  EXPECT_EQ(e->kids[0]->kids[0]->kind, ExprKind::Cast);
  e = term(env, "flag + flag == 2");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->kids[0]->type, env.prog.types.intType()); // _Bool promotes to int
}

TEST(AnnotLower, LiteralValues) {
  AnnotEnv env;
  const model::Expr* e = term(env, "0x10 + 010 + 3000000000 + 99999999999999999999 > 'A'");
  ASSERT_NE(e, nullptr) << env.messages();
  const model::Expr* sum = e->kids[0];
  EXPECT_EQ(sum->kids[1]->text, "99999999999999999999");
  EXPECT_FALSE(sum->kids[1]->fitsInt64);
  EXPECT_EQ(sum->kids[0]->kids[1]->ival, 3000000000LL);
  EXPECT_EQ(sum->kids[0]->kids[1]->type->name, "long");
  EXPECT_EQ(sum->kids[0]->kids[0]->kids[0]->ival, 16);
  EXPECT_EQ(sum->kids[0]->kids[0]->kids[1]->ival, 8);
  EXPECT_EQ(e->kids[1]->ival, 65);
  e = term(env, "x > 2.5e-3f");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->kids[1]->text, "2.5e-3");
  EXPECT_EQ(e->kids[1]->type->name, "float");
}

TEST(AnnotLower, LogicConnectivesAndPrecedence) {
  AnnotEnv env;
  // ==> is right-associative and binds looser than ||; <==> looser still
  const model::Expr* e = term(env, "N > 0 || N < 0 ==> nx > 0 ==> nx < 9 <==> \\true");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->op, Op::Equiv);
  EXPECT_EQ(e->kids[0]->op, Op::Implies);
  EXPECT_EQ(e->kids[0]->kids[0]->op, Op::LogOr);
  EXPECT_EQ(e->kids[0]->kids[1]->op, Op::Implies);
  EXPECT_EQ(e->kids[1]->kind, ExprKind::IntLit);
  EXPECT_EQ(e->kids[1]->type, env.prog.types.boolType());
  // ternary is looser than ==>
  e = term(env, "N > 0 ? nx == 1 : \\false");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->kind, ExprKind::Cond);
  EXPECT_EQ(e->type, env.prog.types.boolType());
  e = term(env, "!(N & 1) && (N | 2) != (N ^ 3) && ~N < N << 2 >> 1 && N % 2 == 0");
  ASSERT_NE(e, nullptr) << env.messages();
}

TEST(AnnotLower, ChainedRelations) {
  AnnotEnv env;
  const model::Expr* e = term(env, "0 <= N < nx <= 10");
  ASSERT_NE(e, nullptr) << env.messages();
  // (0 <= N && N < nx) && nx <= 10, sharing the middle operands
  EXPECT_EQ(e->op, Op::LogAnd);
  EXPECT_EQ(e->kids[0]->op, Op::LogAnd);
  EXPECT_EQ(e->kids[0]->kids[0]->op, Op::Le);
  EXPECT_EQ(e->kids[0]->kids[1]->op, Op::Lt);
  EXPECT_EQ(e->kids[1]->op, Op::Le);
  EXPECT_EQ(e->kids[0]->kids[0]->kids[1], e->kids[0]->kids[1]->kids[0]);
  e = term(env, "nx > N >= 0 == 0");
  ASSERT_NE(e, nullptr) << env.messages();
}

TEST(AnnotLower, PointersArraysMembers) {
  AnnotEnv env;
  const model::Expr* e = term(env, "ip[2] == *(ip + 2) && u[1] == *u && &u[0] == u + 0");
  ASSERT_NE(e, nullptr) << env.messages();
  const model::Expr* l = e->kids[0]->kids[0]->kids[0];
  EXPECT_EQ(l->kind, ExprKind::Deref);
  EXPECT_EQ(l->kids[0]->op, Op::PtrAdd);
  const model::Expr* arr = e->kids[0]->kids[1]->kids[0];
  EXPECT_EQ(arr->kind, ExprKind::Index);
  e = term(env, "pv->local_vector->size > 0 && (*pv).comm == 0 && pv->local_vector->data[1] > 0");
  ASSERT_NE(e, nullptr) << env.messages();
  const model::Expr* m = e->kids[0]->kids[0]->kids[0];
  EXPECT_EQ(m->kind, ExprKind::Member);
  EXPECT_EQ(m->field, 1u);
  EXPECT_EQ(m->kids[0]->kind, ExprKind::Deref);
  e = term(env, "ip - 1 != \\null && ip - ip == 0 && 2 + ip != ip");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->kids[0]->kids[0]->kids[0]->op, Op::PtrAdd);
  EXPECT_EQ(e->kids[0]->kids[0]->kids[0]->kids[1]->op, Op::Neg);
  EXPECT_EQ(e->kids[0]->kids[1]->kids[0]->op, Op::PtrDiff);
  EXPECT_EQ(e->kids[1]->kids[0]->kids[0]->kind, ExprKind::Var); // pointer first
}

TEST(AnnotLower, CastsAndSizeof) {
  AnnotEnv env;
  const model::Expr* e =
      term(env, "(char*)vp + sizeof(int) == (char*)vp + 4 && sizeof x == 8 && (integer)N >= 0");
  ASSERT_NE(e, nullptr) << env.messages();
  e = term(env, "(MPI_Comm)N == 0 && (unsigned long long)N >= 0 && (real)N >= 0.0");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->kids[0]->kids[0]->kids[0]->type, env.prog.types.intType());
}

TEST(AnnotLower, Quantifiers) {
  AnnotEnv env;
  const model::Expr* e = term(env, "\\forall int i, j; 0 <= i < j < N ==> ip[i] <= ip[j]");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->kind, ExprKind::Quant);
  EXPECT_EQ(e->op, Op::Forall);
  ASSERT_EQ(e->bound.size(), 2u);
  EXPECT_EQ(env.prog.var(e->bound[0]).name, "i");
  EXPECT_EQ(env.prog.var(e->bound[1]).kind, model::VarKind::Bound);
  EXPECT_EQ(env.prog.var(e->bound[1]).func, env.cur);
  EXPECT_EQ(e->kids[1]->op, Op::Le);
  // the bound i shadows main's i; restriction split off at ==>
  EXPECT_EQ(e->kids[1]->kids[0]->kids[0]->kids[1]->var, e->bound[0]);
  e = term(env, "\\exists integer k; 0 <= k && k < N && ip[k] == 0");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->op, Op::Exists);
  EXPECT_EQ(env.prog.var(e->bound[0]).type->name, "integer");
  EXPECT_EQ(e->kids[0]->op, Op::LogAnd);      // (0 <= k && k < N)
  e = term(env, "\\forall int i; ip[i] > 0"); // no restriction: \true
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->kids[0]->kind, ExprKind::IntLit);
  EXPECT_EQ(e->kids[0]->ival, 1);
  e = term(env, "\\forall int i, integer j, real r; i < j ==> r == r");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(env.prog.var(e->bound[2]).type->kind, TypeKind::Real);
}

TEST(AnnotLower, SumAndLambda) {
  AnnotEnv env;
  const model::Expr* e = term(env, "\\sum(0, N-1, \\lambda int k; ip[k] * 2) == 10");
  ASSERT_NE(e, nullptr) << env.messages();
  const model::Expr* s = e->kids[0];
  EXPECT_EQ(s->kind, ExprKind::Quant);
  EXPECT_EQ(s->op, Op::Sum);
  ASSERT_EQ(s->kids.size(), 3u);
  EXPECT_EQ(s->kids[2]->op, Op::Mul);
  ASSERT_EQ(s->bound.size(), 1u);
  EXPECT_EQ(s->kids[2]->kids[0]->kids[0]->kids[1]->var, s->bound[0]);
}

TEST(AnnotLower, MpiPrimitives) {
  AnnotEnv env;
  const model::Expr* e = term(env, "\\mpi_on(N, 0) == \\mpi_comm_size - \\mpi_comm_rank");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->kids[0]->kind, ExprKind::Builtin);
  EXPECT_EQ(e->kids[0]->name, "\\mpi_on");
  EXPECT_EQ(e->kids[0]->type, env.prog.types.intType());
  EXPECT_EQ(e->kids[1]->kids[0]->name, "\\mpi_comm_size");
  e = term(env, "\\mpi_agree(x) && \\mpi_extent(N) > 0 && \\mpi_nonoverlapping(N)");
  ASSERT_NE(e, nullptr) << env.messages();
  e = term(env, "2 * \\mpi_sig(N) == \\mpi_sig(N) * 2 && \\valid(\\mpi_buf(ip, N, 1) + 1) && "
                "\\valid(2 * \\mpi_buf(ip, N, 1))");
  ASSERT_NE(e, nullptr) << env.messages();
  const model::Expr* sig = e->kids[0]->kids[0]->kids[0];
  EXPECT_EQ(sig->op, Op::Mul);
  EXPECT_EQ(sig->type->tag, "mpi_sig_t");
  const model::Expr* shifted = e->kids[0]->kids[1]->kids[0];
  EXPECT_EQ(shifted->op, Op::Add);
  EXPECT_EQ(shifted->type->tag, "mpi_buf_t");
  EXPECT_EQ(shifted->kids[0]->name, "\\mpi_buf");
  e = term(env, "*\\mpi_buf(ip, N, 1) == \\mpi_on(*\\mpi_buf(ip, N, 1), 0)");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->kids[0]->type->tag, "mpi_seq_t");
  e = term(env, "\\mpi_buf(ip, N, 1).count == N");
  ASSERT_NE(e, nullptr) << env.messages();
  e = term(env, "\\valid_read(ip + (0 .. N-1)) && \\separated(ip, vp, \\mpi_buf(ip, 1, 1))");
  ASSERT_NE(e, nullptr) << env.messages();
  e = term(env, "\\abs(N) == \\max(N, -N) && \\min(x, N) <= x");
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->kids[1]->kids[0]->type, env.prog.types.doubleType());
}

TEST(AnnotLower, OldAndResultInEnsures) {
  AnnotEnv env;
  const model::Expr* e = term(env, "\\result == \\old(N) + 1", true);
  ASSERT_NE(e, nullptr) << env.messages();
  EXPECT_EQ(e->kids[0]->kind, ExprKind::Result);
  EXPECT_EQ(e->kids[0]->type, env.prog.types.intType());
  EXPECT_EQ(e->kids[1]->kids[0]->kind, ExprKind::Old);
}

TEST(AnnotLower, SetsInAssignsAndWaitsfor) {
  AnnotEnv env;
  ASSERT_TRUE(env.acsl("mpi uses comm_of; mpi collective(comm_of):\n"
                       "  assigns ip[0 .. N-1], N, { *(ip + i) | int i; 0 <= i < N };\n"
                       "  waitsfor {i | int i; 0 <= i < \\mpi_comm_size}, 0, 1 .. 2;")
                  ? false
                  : true); // comm_of is undeclared: checked below
  EXPECT_EQ(env.firstError(), "1:10: use of undeclared identifier 'comm_of' in annotation");
  AnnotEnv env2;
  ASSERT_TRUE(env2.acsl("mpi uses N; mpi collective(N):\n"
                        "  assigns ip[0 .. N-1], N, { *(ip + i) | int i; 0 <= i < N };\n"
                        "  waitsfor {i | int i; 0 <= i < \\mpi_comm_size}, 0, 1 .. 2;"))
      << env2.messages();
  const model::ContractBlock& b = env2.prog.contracts.at(0).blocks.at(1);
  ASSERT_EQ(b.clauses.size(), 2u);
  EXPECT_EQ(b.clauses[0].exprs.size(), 3u);
  EXPECT_EQ(b.clauses[0].exprs[0]->kind, ExprKind::Deref);
  EXPECT_EQ(b.clauses[0].exprs[0]->kids[0]->kids[1]->op, Op::Range);
  EXPECT_EQ(b.clauses[1].exprs.size(), 3u);
}

TEST(AnnotLower, ContractStructure) {
  AnnotEnv env;
  ASSERT_TRUE(env.acsl("requires N > 0;\n"
                       "assigns \\nothing;\n"
                       "ensures \\result >= 0;\n"
                       "behavior pos: assumes q > 0; ensures \\result == q;\n"
                       "behavior neg: assumes q <= 0; ensures \\result == 0;\n"
                       "complete behaviors pos, neg;\n"
                       "disjoint behaviors;\n"))
      << env.messages();
  const model::Contract& c = env.prog.contracts.at(0);
  EXPECT_EQ(c.func, env.cur);
  ASSERT_EQ(c.blocks.size(), 1u);
  EXPECT_EQ(c.blocks[0].clauses.size(), 3u);
  EXPECT_TRUE(c.blocks[0].clauses[1].nothing);
  ASSERT_EQ(c.blocks[0].behaviors.size(), 2u);
  EXPECT_EQ(c.blocks[0].behaviors[1].clauses.size(), 2u);
  EXPECT_EQ(c.blocks[0].completeBehaviors[0], (std::vector<std::string>{"pos", "neg"}));
  EXPECT_EQ(c.blocks[0].disjointBehaviors[0], (std::vector<std::string>{"pos", "neg"}));
}

TEST(AnnotLower, SeveralCollectiveBlocks) {
  AnnotEnv env;
  ASSERT_TRUE(env.acsl("mpi uses N, nx;\n"
                       "mpi collective(N): requires \\mpi_agree(q); waitsfor \\nothing;\n"
                       "mpi collective(nx): ensures \\mpi_agree(*buf);\n"))
      << env.messages();
  const model::Contract& c = env.prog.contracts.at(0);
  ASSERT_EQ(c.blocks.size(), 3u);
  EXPECT_EQ(c.blocks[1].comm->var, env.scope.vars["N"]);
  EXPECT_EQ(c.blocks[2].comm->var, env.scope.vars["nx"]);
  EXPECT_EQ(c.blocks[2].loc.line, 3u);
}

TEST(AnnotLower, LoopAnnotations) {
  AnnotEnv env;
  Target t = env.target();
  t.loc = 7;
  ASSERT_TRUE(env.lower(AnnotSource::AcslComment,
                        "loop invariant 0 <= s <= N;\n@ loop invariant t == s;\n"
                        "@ loop assigns s, t, ip[0..N];",
                        t))
      << env.messages();
  ASSERT_EQ(env.prog.loops.size(), 1u);
  EXPECT_EQ(env.prog.loops[0].head, 7u);
  EXPECT_EQ(env.prog.loops[0].invariants.size(), 2u);
  EXPECT_EQ(env.prog.loops[0].assigns.size(), 3u);
  ASSERT_EQ(env.prog.loops[0].invariantLocs.size(), 2u);
  EXPECT_EQ(env.prog.loops[0].invariantLocs[1].line, 2u);
  EXPECT_EQ(env.prog.loops[0].assignsLoc.line, 3u);
  EXPECT_EQ(env.prog.loops[0].variant, nullptr);
  ASSERT_TRUE(
      env.lower(AnnotSource::AcslComment, "loop assigns \\nothing; loop variant N - s;", t));
  EXPECT_EQ(env.messages(), "");
  ASSERT_EQ(env.prog.loops.size(), 2u);
  EXPECT_TRUE(env.prog.loops[1].assignsNothing);
  EXPECT_TRUE(env.prog.loops[1].assignsLoc.valid());
  ASSERT_NE(env.prog.loops[1].variant, nullptr);
  EXPECT_EQ(env.prog.loops[1].variantLoc.col, 24u);
  EXPECT_FALSE(env.lower(AnnotSource::AcslComment, "loop variant N; loop variant s;", t));
  EXPECT_NE(env.messages().find("a loop has at most one 'loop variant'"), std::string::npos)
      << env.messages();
}

TEST(AnnotLower, TassTargetsAndRemoteAccess) {
  AnnotEnv env;
  Target t = env.target();
  t.loc = 3;
  ASSERT_TRUE(env.lower(AnnotSource::TassPragma,
                        "collective assert A PROC[(myrank + 1) % nprocs].s == s && "
                        "exists {int r | 0 <= r && r < nprocs} PROC[r].x > 0",
                        t))
      << env.messages();
  const model::CollectiveAnnot& c = env.prog.collectives.at(0);
  EXPECT_EQ(c.at, 3u);
  EXPECT_EQ(c.loc.line, 1u);
  EXPECT_EQ(c.loc.col, 1u);
  const model::Expr* q = c.expr->kids[1];
  EXPECT_EQ(q->op, Op::Exists);
  EXPECT_EQ(q->kids[1]->kids[0]->kind, ExprKind::Remote);
  EXPECT_EQ(q->kids[1]->kids[0]->kids[0]->var, q->bound[0]);
}

TEST(AnnotLower, InputConditionNamesTheDeclaredVariable) {
  // The declared variable is not in scope yet at the pragma.
  AnnotEnv env;
  model::VarId v =
      env.addVar("late", env.prog.types.intType(), model::VarKind::Global, model::kNone);
  Target t = env.target();
  t.var = v;
  ASSERT_TRUE(env.lower(AnnotSource::TassPragma, "input {late >= 0 && late < B} int", t))
      << env.messages();
  EXPECT_EQ(env.prog.inputs.at(0).cond->kids[0]->kids[0]->var, v);
  EXPECT_EQ(env.prog.inputs.at(0).cond->kids[1]->kids[1]->ival, 10); // B is a constant
  ASSERT_TRUE(env.lower(AnnotSource::TassPragma, "input double", t));
  EXPECT_EQ(env.messages(), "1:7: warning: type 'double' in '#pragma TASS input' differs from "
                            "the declared type 'int' of 'late'; the declared type is used\n");
}

TEST(AnnotLower, ClangSplitTokensAreJoined) {
  // Clang's lexer gives `\` `mpi_comm_size`, `==` `>`, `<=` `=` `>`, and a
  // pp-number `0..N`: the parser joins adjacent pieces.
  AnnotEnv env;
  std::vector<Token> toks;
  auto add = [&](Token::Kind k, const std::string& s, unsigned col) {
    Token t;
    t.kind = k;
    t.text = s;
    t.pos = SourcePos{"t.c", 1, col};
    toks.push_back(t);
  };
  // requires N ==> \valid(ip + (0..N)) <==> \true;
  add(Token::Ident, "requires", 1);
  add(Token::Ident, "N", 10);
  add(Token::Punct, "==", 12);
  add(Token::Punct, ">", 14);
  add(Token::Punct, "\\", 16);
  add(Token::Ident, "valid", 17);
  add(Token::Punct, "(", 22);
  add(Token::Ident, "ip", 23);
  add(Token::Punct, "+", 26);
  add(Token::Punct, "(", 28);
  add(Token::IntLit, "0..N", 29);
  add(Token::Punct, ")", 33);
  add(Token::Punct, ")", 34);
  add(Token::Punct, "<=", 36);
  add(Token::Punct, "=", 38);
  add(Token::Punct, ">", 39);
  add(Token::Punct, "\\", 41);
  add(Token::Ident, "true", 42);
  add(Token::Punct, ";", 46);
  Context ctx{env.prog, env.scope, env.diags};
  ASSERT_TRUE(lowerAnnotation(AnnotSource::AcslComment, toks, env.target(), ctx)) << env.messages();
  const model::Expr* e = env.prog.contracts.at(0).blocks[0].clauses[0].exprs[0];
  EXPECT_EQ(e->op, Op::Equiv);
  EXPECT_EQ(e->kids[0]->op, Op::Implies);
  EXPECT_EQ(e->kids[0]->kids[1]->name, "\\valid");
}

TEST(AnnotLower, SplitTokensOfAMacroExpansionShareAPosition) {
  // requires \valid(ip) ==> \true; with every token at the expansion point
  AnnotEnv env;
  std::vector<Token> toks;
  for (auto [k, s] : std::vector<std::pair<Token::Kind, std::string>>{{Token::Ident, "requires"},
                                                                      {Token::Punct, "\\"},
                                                                      {Token::Ident, "valid"},
                                                                      {Token::Punct, "("},
                                                                      {Token::Ident, "ip"},
                                                                      {Token::Punct, ")"},
                                                                      {Token::Punct, "=="},
                                                                      {Token::Punct, ">"},
                                                                      {Token::Punct, "\\"},
                                                                      {Token::Ident, "true"},
                                                                      {Token::Punct, ";"},
                                                                      {Token::End, ""}}) {
    Token t;
    t.kind = k;
    t.text = s;
    t.pos = SourcePos{"t.c", 4, 9};
    toks.push_back(t);
  }
  Context ctx{env.prog, env.scope, env.diags};
  ASSERT_TRUE(lowerAnnotation(AnnotSource::AcslComment, toks, env.target(), ctx)) << env.messages();
  EXPECT_EQ(env.prog.contracts.at(0).blocks[0].clauses[0].exprs[0]->op, Op::Implies);
}

TEST(AnnotLower, FunctionDesignatorAndStrings) {
  AnnotEnv env;
  const model::Expr* e = term(env, "\"ab\"[1] == 'b' && g != \\null");
  ASSERT_NE(e, nullptr) << env.messages();
  const model::Expr* s = e->kids[0]->kids[0]->kids[0];
  EXPECT_EQ(s->kind, ExprKind::StringLit);
  EXPECT_EQ(env.prog.strings.at(s->str), "ab");
  EXPECT_EQ(s->type->length, 3u);
}

TEST(AnnotLower, DeepButAcceptableNesting) {
  AnnotEnv env;
  std::string e = "N";
  for (int i = 0; i < 60; ++i)
    e = "(" + e + ")";
  EXPECT_NE(term(env, e + " > 0"), nullptr) << env.messages();
  std::string sum = "N";
  for (int i = 0; i < 1500; ++i)
    sum += " + N";
  EXPECT_NE(term(env, sum + " > 0"), nullptr) << env.messages();
}

} // namespace
