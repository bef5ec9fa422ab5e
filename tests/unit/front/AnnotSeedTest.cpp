// The annotations of the seeds, verbatim: seed 001 (TASS inputs/outputs),
// seed 000 (collective/joint assertions, Fig. 3, 5, 6), seed 004 (collective
// invariants, Fig. 1, 2, 4), seed 002 (Fig. 5, Fig. 6 and every contract of
// App. B). Where the seed text has a typo that no C/ACSL tool could accept,
// the test says so and checks the diagnostic, and a corrected copy parses.
#include "AnnotTestSupport.h"

#include <gtest/gtest.h>

using namespace chorus;
using namespace chorus::annot;
using namespace chorus::annot::testing;

namespace {

void expectOk(AnnotEnv& env, bool ok) {
  EXPECT_TRUE(ok) << env.messages();
}

const char* clauseName(model::ClauseKind k) {
  switch (k) {
  case model::ClauseKind::Requires:
    return "requires";
  case model::ClauseKind::Ensures:
    return "ensures";
  case model::ClauseKind::Assigns:
    return "assigns";
  case model::ClauseKind::WaitsFor:
    return "waitsfor";
  case model::ClauseKind::Assumes:
    return "assumes";
  case model::ClauseKind::MpiUses:
    return "uses";
  case model::ClauseKind::Terminates:
    return "terminates";
  case model::ClauseKind::Decreases:
    return "decreases";
  }
  return "?";
}

void addClauses(std::string& out, const std::vector<model::Clause>& cs) {
  for (const model::Clause& c : cs) {
    out += std::string(" ") + clauseName(c.kind);
    bool list = c.kind == model::ClauseKind::Assigns || c.kind == model::ClauseKind::WaitsFor ||
                c.kind == model::ClauseKind::MpiUses;
    if (c.nothing)
      out += "(nothing)";
    else if (list)
      out += "(" + std::to_string(c.exprs.size()) + ")";
  }
}

/// The structure of the only contract of `env`: its blocks ("local" or
/// "collective"), each with its clause kinds in order (lists with their
/// length), its behaviors and its complete/disjoint clauses, e.g.
/// "local: uses(1) | collective: requires assigns(1) | behavior b: assumes
/// ensures | complete: all | disjoint: all".
std::string contractShape(const AnnotEnv& env) {
  if (env.prog.contracts.size() != 1)
    return std::to_string(env.prog.contracts.size()) + " contracts";
  std::string out;
  for (const model::ContractBlock& b : env.prog.contracts[0].blocks) {
    out += out.empty() ? "" : " | ";
    out += b.comm ? "collective:" : "local:";
    addClauses(out, b.clauses);
    for (const model::Behavior& h : b.behaviors) {
      out += " | behavior " + h.name + ":";
      addClauses(out, h.clauses);
    }
    auto names = [&](const char* what, const std::vector<std::vector<std::string>>& ls) {
      for (const auto& l : ls) {
        out += std::string(" | ") + what + ":";
        if (l.empty())
          out += " all";
        for (const std::string& n : l)
          out += " " + n;
      }
    };
    names("complete", b.completeBehaviors);
    names("disjoint", b.disjointBehaviors);
  }
  return out;
}

// --- seed 001 ---------------------------------------------------------------------

TEST(SeedTass, InputWithCondition) {
  AnnotEnv env;
  Target t = env.target();
  t.var = env.scope.vars["N"];
  expectOk(env, env.lower(AnnotSource::TassPragma, "input {N > 1 && N <= 10}", t));
  ASSERT_EQ(env.prog.inputs.size(), 1u);
  EXPECT_EQ(env.prog.inputs[0].var, env.scope.vars["N"]);
  ASSERT_NE(env.prog.inputs[0].cond, nullptr);
  EXPECT_EQ(env.prog.inputs[0].cond->op, model::Op::LogAnd);
}

TEST(SeedTass, InputOnMacros) {
  AnnotEnv env(false);
  Target t = env.target();
  t.macro = "B";
  env.scope.constants.erase("B");
  expectOk(env, env.lower(AnnotSource::TassPragma, "input int", t));
  t.macro = "n";
  expectOk(env, env.lower(AnnotSource::TassPragma, "input {n>=0 && n<=B} int", t));
  ASSERT_EQ(env.prog.inputs.size(), 2u);
  EXPECT_EQ(env.prog.inputs[1].macro, "n");
  EXPECT_EQ(env.prog.var(env.prog.inputs[1].var).name, "n");
  EXPECT_EQ(env.prog.var(env.prog.inputs[1].var).type, env.prog.types.intType());
}

TEST(SeedTass, InputAndOutputOnVariables) {
  AnnotEnv env;
  Target t = env.target();
  t.var = env.scope.vars["a"];
  expectOk(env, env.lower(AnnotSource::TassPragma, "input", t));
  t.var = env.scope.vars["sum"];
  expectOk(env, env.lower(AnnotSource::TassPragma, "output", t));
  EXPECT_EQ(env.prog.inputs.size(), 1u);
  EXPECT_EQ(env.prog.inputs[0].cond, nullptr);
  ASSERT_EQ(env.prog.outputs.size(), 1u);
  EXPECT_EQ(env.prog.outputs[0].var, env.scope.vars["sum"]);
}

// --- seed 000 / 001: collective and joint assertions ----------------------------------

TEST(SeedCollective, Fig3Ghosts) {
  AnnotEnv env;
  expectOk(env, env.tass("collective assert GHOSTS u[nxl] == PROC[right].u[0] \\\n"
                         "&& u[1] == PROC[left].u[PROC[left].nxl+1];"));
  ASSERT_EQ(env.prog.collectives.size(), 1u);
  auto& c = env.prog.collectives[0];
  EXPECT_EQ(c.id, "GHOSTS");
  EXPECT_FALSE(c.joint);
  EXPECT_EQ(c.kind, model::CollectiveKind::Assert);
  EXPECT_EQ(c.func, env.cur);
  // (u[nxl] == PROC[right].u[0]) && ...
  const model::Expr* lhs = c.expr->kids[0];
  EXPECT_EQ(lhs->kids[1]->kind, model::ExprKind::Index);
  EXPECT_EQ(lhs->kids[1]->kids[0]->kind, model::ExprKind::Remote);
  EXPECT_EQ(lhs->kids[1]->kids[0]->name, "u");
  EXPECT_EQ(lhs->kids[1]->kids[0]->var, env.scope.vars["u"]);
}

TEST(SeedCollective, Fig3CompareWithAndWithoutType) {
  AnnotEnv env;
  expectOk(env, env.tass("joint assert COMPARE forall {int i | 1<=i && i<=nxl} \\\n"
                         "u[i]==spec.u[first+i-1];"));
  expectOk(env, env.tass("joint assert COMPARE forall {i | 1<=i && i<=nx} \\\n"
                         "        u[i]==spec.u[first+i-1];"));
  expectOk(env, env.tass("joint assert COMPARE true;"));
  ASSERT_EQ(env.prog.collectives.size(), 3u);
  const model::Expr* q = env.prog.collectives[0].expr;
  EXPECT_EQ(q->kind, model::ExprKind::Quant);
  EXPECT_EQ(q->op, model::Op::Forall);
  ASSERT_EQ(q->bound.size(), 1u);
  EXPECT_EQ(env.prog.var(q->bound[0]).kind, model::VarKind::Bound);
  EXPECT_EQ(q->kids[1]->kids[1]->kind, model::ExprKind::Index);
  EXPECT_EQ(q->kids[1]->kids[1]->kids[0]->kind, model::ExprKind::SpecVar);
  EXPECT_TRUE(env.prog.collectives[2].joint);
}

TEST(SeedCollective, Fig5Mean) {
  AnnotEnv env;
  for (const char* s : {"joint assert C true;", "joint assert M true;",
                        "joint assert C x*i==spec.x;", "joint assert M m == spec.m;"})
    expectOk(env, env.tass(s));
  EXPECT_EQ(env.prog.collectives.size(), 4u);
}

TEST(SeedCollective, Fig6WildcardGather) {
  AnnotEnv env;
  expectOk(env, env.tass("collective assert C true;"));
  expectOk(env, env.tass("collective assert C x==PROC[0].a[myrank];"));
  const model::Expr* e = env.prog.collectives[1].expr;
  // a is a pointer: PROC[0].a[myrank] is *(PROC[0].a + myrank)
  EXPECT_EQ(e->kids[1]->kind, model::ExprKind::Deref);
  EXPECT_EQ(e->kids[1]->kids[0]->op, model::Op::PtrAdd);
}

// --- seed 004: collective loop invariants -------------------------------------------

TEST(SeedInvariant, Fig1Race) {
  AnnotEnv env;
  expectOk(env, env.tass("collective invariant I s == t;"));
  EXPECT_EQ(env.prog.collectives[0].kind, model::CollectiveKind::Invariant);
}

TEST(SeedInvariant, Fig2StaggerRemoteInFunction) {
  AnnotEnv env;
  expectOk(env, env.tass("collective invariant I i==PROC[1-myrank]@main.i && \\\n"
                         "x==2*((i+1-myrank)/2);"));
  const model::Expr* r = env.prog.collectives[0].expr->kids[0]->kids[1];
  EXPECT_EQ(r->kind, model::ExprKind::Remote);
  EXPECT_EQ(r->fn, "main");
  EXPECT_EQ(r->name, "i");
  EXPECT_NE(r->var, model::kNone);
  EXPECT_EQ(env.prog.var(r->var).func, env.scope.funcs["main"]);
}

TEST(SeedInvariant, Fig4Fibonacci) {
  AnnotEnv env;
  expectOk(env, env.tass("joint invariant LOOP \\\n"
                         "err==spec.err && p==spec.p && j>0 \\\n"
                         "&& j==spec.j && k==spec.k && k>0;"));
  expectOk(env, env.tass("joint invariant LOOP true;"));
  EXPECT_TRUE(env.prog.collectives[0].joint);
  EXPECT_EQ(env.prog.collectives[0].kind, model::CollectiveKind::Invariant);
}

// --- seed 002 -------------------------------------------------------------------------

TEST(SeedContract, Fig5Allreduce) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF \mpi_buf(sbuf, count, dt)
#define RBUF \mpi_buf(rbuf, count, dt)
/*@ mpi uses comm; mpi collective(comm):
  requires \valid(RBUF) && \mpi_nonoverlapping(dt);
  requires \mpi_agree(count) && \mpi_agree(dt) && \mpi_agree(op) && count >= 0;
  requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
  assigns *RBUF;
  ensures \mpi_agree(*RBUF);
  waitsfor { i | int i; 0 <= i < \mpi_comm_size };
  behavior not_in_place:
    assumes sbuf != MPI_IN_PLACE;
    requires \mpi_agree(sbuf != MPI_IN_PLACE) && \valid_read(SBUF);
    ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                      \lambda integer t; \mpi_on(*SBUF, t));
  behavior in_place:
    assumes sbuf == MPI_IN_PLACE;
    requires \mpi_agree(sbuf == MPI_IN_PLACE);
    ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                      \lambda integer t; \mpi_on(*SBUF, t));
  disjoint behaviors; complete behaviors; */
int MPI_Allreduce(const void *sbuf, void *rbuf, int count,
                MPI_Datatype dt, MPI_Op op, MPI_Comm comm);
)"));
  ASSERT_EQ(env.prog.contracts.size(), 1u);
  const model::Contract& c = env.prog.contracts[0];
  EXPECT_EQ(c.func, env.cur);
  ASSERT_EQ(c.blocks.size(), 2u);
  EXPECT_EQ(c.blocks[0].comm, nullptr);
  ASSERT_EQ(c.blocks[0].clauses.size(), 1u);
  EXPECT_EQ(c.blocks[0].clauses[0].kind, model::ClauseKind::MpiUses);
  const model::ContractBlock& b = c.blocks[1];
  ASSERT_NE(b.comm, nullptr);
  EXPECT_EQ(b.clauses.size(), 6u);
  ASSERT_EQ(b.behaviors.size(), 2u);
  EXPECT_EQ(b.behaviors[0].name, "not_in_place");
  EXPECT_EQ(b.behaviors[0].clauses.size(), 3u);
  EXPECT_EQ(b.behaviors[0].clauses[0].kind, model::ClauseKind::Assumes);
  ASSERT_EQ(b.completeBehaviors.size(), 1u);
  EXPECT_EQ(b.completeBehaviors[0], (std::vector<std::string>{"not_in_place", "in_place"}));
  ASSERT_EQ(b.disjointBehaviors.size(), 1u);
  // waitsfor { i | int i; 0 <= i < \mpi_comm_size }
  const model::Expr* w = b.clauses[5].exprs[0];
  EXPECT_EQ(b.clauses[5].kind, model::ClauseKind::WaitsFor);
  EXPECT_EQ(w->kind, model::ExprKind::SetOf);
  EXPECT_EQ(w->bound.size(), 1u);
  // ensures \mpi_reduce(..., \lambda integer t; ...)
  const model::Expr* red = b.behaviors[0].clauses[2].exprs[0];
  EXPECT_EQ(red->kind, model::ExprKind::Builtin);
  EXPECT_EQ(red->name, "\\mpi_reduce");
  ASSERT_EQ(red->kids.size(), 5u);
  EXPECT_EQ(red->kids[4]->kind, model::ExprKind::Quant);
  EXPECT_EQ(red->kids[4]->op, model::Op::Lambda);
  EXPECT_EQ(red->kids[0]->kind, model::ExprKind::Deref);
  EXPECT_EQ(red->kids[0]->type->tag, "mpi_seq_t");
}

TEST(SeedContract, Fig6DotProd) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define hypr_ParVectorComm(vector) ((vector) -> comm)
#define PAR_SIZE x->local_vector->size * x->local_vector->num_vectors
#define LOCAL_RESULT \
  \sum(0, PAR_SIZE-1, \lambda int t; x->local_vector->data[t] * \
    y->local_vector->data[t])
/*@
  requires \valid_read(x) && \valid_read(x->local_vector);
  requires \valid_read(y) && \valid_read(y->local_vector);
  requires \valid_read(x->local_vector->data + (0..PAR_SIZE-1));
  requires \valid_read(y->local_vector->data + (0..PAR_SIZE-1));
  requires x->local_vector->size > 0 && x->local_vector->num_vectors > 0;
  mpi uses hypr_ParVectorComm(x);
  mpi collective(hypr_ParVectorComm(x)):
    assigns \nothing;
    ensures \result == \sum(0, \mpi_comm_size-1,
                          \lambda integer k; \mpi_on(LOCAL_RESULT, k));
  waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
HYPRE_Real hypr_ParVectorInnerProd(hypr_ParVector *x, hypr_ParVector *y) {
)"));
  ASSERT_EQ(env.prog.contracts.size(), 1u);
  const model::Contract& c = env.prog.contracts[0];
  ASSERT_EQ(c.blocks.size(), 2u);
  EXPECT_EQ(c.blocks[0].clauses.size(), 6u);
  ASSERT_EQ(c.blocks[1].clauses.size(), 3u);
  EXPECT_TRUE(c.blocks[1].clauses[0].nothing);
  const model::Expr* ens = c.blocks[1].clauses[1].exprs[0];
  EXPECT_EQ(ens->kids[0]->kind, model::ExprKind::Result);
  EXPECT_EQ(ens->kids[0]->type, env.prog.types.doubleType());
  EXPECT_EQ(ens->kids[1]->kind, model::ExprKind::Quant);
  EXPECT_EQ(ens->kids[1]->op, model::Op::Sum);
  EXPECT_EQ(ens->kids[1]->type->kind, model::TypeKind::Real);
}

// --- App. B ------------------------------------------------------------------------

TEST(SeedAppB, B1Allgather) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF          \mpi_buf(sbuf, scount, stype)
#define SBUF_OF(id)   \mpi_on(SBUF, (id))
#define RBUF          \mpi_buf(rbuf, rcount * \mpi_comm_size, rtype)
#define RBUF_OF(id)   (\mpi_buf(rbuf, rcount, rtype) + (id)*rcount)
#define SSIG          (\mpi_sig(stype) * scount)
#define SSIG_OF(id)   \mpi_on(SSIG, (id))
#define RSIG          (\mpi_sig(rtype) * rcount)
/*@ mpi uses comm;
    mpi collective(comm):
        requires \mpi_nonoverlapping(rtype) && rcount >= 0 && \valid(RBUF);
        requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
        assigns *RBUF;
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
        behavior not_in_place:
            assumes sbuf != MPI_IN_PLACE;
            requires \mpi_agree(sbuf != MPI_IN_PLACE);
            requires \forall int i; 0 <= i < \mpi_comm_size
                ==> SSIG == \mpi_on(RSIG, i);
            requires scount >= 0 && \valid_read(SBUF);
            ensures \forall int i; 0 <= i < \mpi_comm_size
                ==> *RBUF_OF(i) == \mpi_on(*SBUF, i);
        behavior in_place:
            assumes sbuf == MPI_IN_PLACE;
            requires \mpi_agree(sbuf == MPI_IN_PLACE);
            requires \forall int i; 0 <= i < \mpi_comm_size
                ==> RSIG == \mpi_on(RSIG, i);
            ensures \forall int i; 0 <= i < \mpi_comm_size
                ==> *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(i), i));
        disjoint behaviors;
        complete behaviors;
    */
int MPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype,
                  void *rbuf, int rcount, MPI_Datatype rtype, MPI_Comm comm);
)"));
  const model::ContractBlock& b = env.prog.contracts.at(0).blocks.at(1);
  // \forall int i; 0 <= i < n ==> P: restriction and body split at ==>
  const model::Expr* q = b.behaviors.at(0).clauses.at(2).exprs[0];
  EXPECT_EQ(q->kind, model::ExprKind::Quant);
  EXPECT_EQ(q->kids[0]->op, model::Op::LogAnd); // 0 <= i && i < n
  EXPECT_EQ(q->kids[1]->op, model::Op::Eq);
  EXPECT_EQ(q->kids[1]->kids[0]->type->tag, "mpi_sig_t");
}

TEST(SeedAppB, B2Allgatherv) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF          \mpi_buf(sbuf, scount, stype)
#define RBUF_OF(i)    (\mpi_buf(rbuf, rcounts[(i)], rtype) + displs[(i)])
#define SSIG_OF(i)    \mpi_on(\mpi_sig(stype) * scount, (i))
#define RSIG_OF(i)    \mpi_sig(rtype) * rcounts[(i)]
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid_read(rcounts + (0 .. \mpi_comm_size-1));
        requires \valid_read(displs + (0 .. \mpi_comm_size-1));
        requires \forall int i; 0 <= i < \mpi_comm_size ==> rcounts[i] >= 0;
        requires \forall int i; 0 <= i < \mpi_comm_size ==> \valid(RBUF_OF(i));
        requires \mpi_nonoverlapping(rtype);
        requires \forall int i, j; 0 <= i < j < \mpi_comm_size
            ==> (displs[i] + rcounts[i] <= displs[j]) ||
                (displs[j] + rcounts[j] <= displs[i]);
        requires \separated({ RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size },
                            {{ SBUF | int i; sbuf != MPI_IN_PLACE },
                             rcounts + (0 .. \mpi_comm_size-1),
                             displs + (0 .. \mpi_comm_size-1)});
        assigns {*RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size};
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
        behavior not_in_place:
            assumes sbuf != MPI_IN_PLACE;
            requires \mpi_agree(sbuf != MPI_IN_PLACE);
            requires \valid_read(SBUF) && scount >= 0;
    requires \forall int i; 0 <= i < \mpi_comm_size
        ==> RSIG_OF(i) == SSIG_OF(i);
    ensures \forall int i; 0 <= i < \mpi_comm_size
        ==> *RBUF_OF(i) == \mpi_on(*SBUF, i);
    behavior in_place:
        assumes sbuf == MPI_IN_PLACE;
        requires \mpi_agree(sbuf == MPI_IN_PLACE);
        requires \forall int i; 0 <= i < \mpi_comm_size
            ==> \mpi_agree(RSIG_OF(i));
        ensures \forall int i; 0 <= i < \mpi_comm_size
            ==> *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(i), i));
    disjoint behaviors;
    complete behaviors;
*/
int MPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype,
                  void *rbuf, const int *rcounts, const int *displs,
                  MPI_Datatype rtype, MPI_Comm comm);
)"));
  const model::ContractBlock& b = env.prog.contracts.at(0).blocks.at(1);
  const model::Clause& as = b.clauses.at(7);
  EXPECT_EQ(as.kind, model::ClauseKind::Assigns);
  EXPECT_EQ(as.exprs[0]->kind, model::ExprKind::SetOf);
  // \valid_read(rcounts + (0 .. n-1)): pointer + range
  const model::Expr* v = b.clauses[0].exprs[0]->kids[0];
  EXPECT_EQ(v->op, model::Op::PtrAdd);
  EXPECT_EQ(v->kids[1]->op, model::Op::Range);
}

TEST(SeedAppB, B3Allreduce) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF \mpi_buf(sbuf, count, datatype)
#define RBUF \mpi_buf(rbuf, count, datatype)
#define AGREE(x) \mpi_agree((x))
/*@
    mpi uses comm;
    mpi collective(comm):
        requires \valid(RBUF) && count >= 0 && AGREE(count) && AGREE(datatype)
            && AGREE(op);
        requires \mpi_nonoverlapping(datatype);
        requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
        assigns *RBUF;
        ensures AGREE(*RBUF);
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior not_in_place:
        assumes sbuf != MPI_IN_PLACE;
        requires AGREE(sbuf != MPI_IN_PLACE);
        requires \valid_read(SBUF);
        ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                            \lambda integer t; \mpi_on(*SBUF, t));
    behavior in_place:
        assumes sbuf == MPI_IN_PLACE;
        requires AGREE(sbuf == MPI_IN_PLACE);
        ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                            \lambda integer t; \mpi_on(\old(*RBUF), t));
    disjoint behaviors;
    complete behaviors;
*/
int MPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype datatype,
                 MPI_Op op, MPI_Comm comm)
)"));
  EXPECT_EQ(
      contractShape(env),
      "local: uses(1) | collective: requires requires requires assigns(1) ensures waitsfor(1) | "
      "behavior not_in_place: assumes requires requires ensures | behavior in_place: assumes "
      "requires ensures | complete: not_in_place in_place | disjoint: not_in_place in_place");
}

const char* kB4 = R"(
#define SBUF \mpi_buf(sbuf, scount * \mpi_comm_size, stype)
#define RBUF \mpi_buf(rbuf, rcount * \mpi_comm_size, rtype)
#define SBUF_OF(i) (\mpi_buf(sbuf, scount, stype) + (i) * scount)
#define RBUF_OF(i) (\mpi_buf(rbuf, rcount, rtype) + (i) * rcount)
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid(RBUF) && rcount >= 0 && \mpi_nonoverlapping(rtype);
        requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
        assigns *RBUF;
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior not_in_place:
    assumes sbuf != MPI_IN_PLACE;
    requires \mpi_agree(sbuf != MPI_IN_PLACE) && \valid_read(SBUF);
    requires scout >= 0 &&
        scout * \mpi_sig(stype) == rcount * \mpi_sig(rtype);
    ensures \forall int i, j; 0 <= i < \mpi_comm_size && j == \mpi_comm_rank
        ==> *RBUF_OF(i) == \mpi_on(*SBUF_OF(j), i);
behavior in_place:
    assumes sbuf == MPI_IN_PLACE;
    requires \mpi_agree(sbuf == MPI_IN_PLACE);
    ensures \forall int i, j; 0 <= i < \mpi_comm_size && j == \mpi_comm_rank
        ==> *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(j), i));
disjoint behaviors;
complete behaviors;
*/
int MPI_Alltoall(const void *sbuf, int scout, MPI_Datatype stype,
                void *rbuf, int rcount, MPI_Datatype rtype,
                MPI_Comm comm);
)";

TEST(SeedAppB, B4AlltoallVerbatimMixesScoutAndScount) {
  // The seed's prototype and clauses say `scout` (sic), its macros `scount`:
  // reported where the macro SBUF is used.
  AnnotEnv env;
  EXPECT_FALSE(env.seedContract(kB4));
  EXPECT_EQ(env.firstError(), "9:37: use of undeclared identifier 'scount' in annotation");
}

TEST(SeedAppB, B4AlltoallCorrected) {
  AnnotEnv env;
  std::string text = kB4;
  for (size_t at; (at = text.find("scout ")) != std::string::npos ||
                  (at = text.find("scout,")) != std::string::npos;)
    text.replace(at, 5, "scount");
  expectOk(env, env.seedContract(text));
  EXPECT_EQ(contractShape(env),
            "local: uses(1) | collective: requires requires assigns(1) waitsfor(1) | behavior "
            "not_in_place: assumes requires requires ensures | behavior in_place: assumes requires "
            "ensures | complete: not_in_place in_place | disjoint: not_in_place in_place");
}

const char* kB5 = R"(
#define SBUF_OF(i) (\mpi_buf(sbuf, scout[(i)], stype) + sdispls[(i)])
#define RBUF_OF(i) (\mpi_buf(rbuf, rcount[(i)], rtype) + rdispls[(i)])
/*@ mpi uses comm;
mpi collective(comm):
    requires \valid_read(rcount + (0 .. \mpi_comm_size-1));
    requires \valid_read(rdispls + (0 .. \mpi_comm_size-1));
    requires \forall int i; 0 <= i < \mpi_comm_size ==> \valid(RBUF_OF(i));
    requires \forall int i; 0 <= i < \mpi_comm_size ==> rcount[i] >= 0;
    requires \forall int i, j; 0 <= i < j < \mpi_comm_size ==>
        (rdispls[i] + rcount[i] <= rdispls[j]) ||
        (rdispls[j] + rcount[j] <= rdispls[i]);
    requires \mpi_nonoverlapping(rtype);
    requires \separated({ RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size },
        { { SBUF_OF(i), scout + i, sdispls + i } |
          int i; 0 <= i < \mpi_comm_size && sbuf != MPI_IN_PLACE },
        rcount + (0 .. \mpi_comm_size-1),
        rdispls + (0 .. \mpi_comm_size-1) });
    assigns { *RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size-1 };
    waitsfor { i | int i; 0 <= i < \mpi_comm_size };
behavior not_in_place:
    assumes sbuf != MPI_IN_PLACE;
    requires \mpi_agree(sbuf != MPI_IN_PLACE);
    requires \forall int i; 0 <= i < \mpi_comm_size ==> \valid_read(SBUF_OF(i));
    requires \valid_read(scout + (0 .. \mpi_comm_size-1));
    requires \valid_read(sdispls + (0 .. \mpi_comm_size-1));
    requires \forall int i; 0 <= i < \mpi_comm_size ==> scout[i] >= 0;
    requires \forall int i, j; 0 <= i < \mpi_comm_size &&
        j == \mpi_comm_rank ==>
        \mpi_on(scout[j] * \mpi_sig(stype), i) ==
        rcount[i] * \mpi_sig(rtype);
    ensures \forall int i, j; 0 <= i < \mpi_comm_size &&
        j == \mpi_comm_rank ==>
        *RBUF_OF(i) == \mpi_on(*SBUF_OF(j), i);
behavior in_place:
    assumes sbuf == MPI_IN_PLACE;
    requires \mpi_agree(sbuf == MPI_IN_PLACE);
    requires \forall int i, j; 0 <= i < \mpi_comm_size &&
        j == \mpi_comm_rank ==>
        \mpi_on(rcount[j] * \mpi_sig(rtype), i) ==
        rcount[i] * \mpi_sig(rtype);
    ensures \forall int i, j; 0 <= i < \mpi_comm_size &&
        j == \mpi_comm_rank ==>
        *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(j), i));
    disjoint behaviors;
    complete behaviors;
    */
int MPI_Alltoallv(const void *sbuf, const int *scounts, const int *sdispls,
                 MPI_Datatype stype,
                 void *rbuf, const int *rcounts, const int *rdispls,
                 MPI_Datatype rtype, MPI_Comm comm);
)";

TEST(SeedAppB, B5AlltoallvVerbatimHasUnbalancedBraces) {
  // The \separated clause closes a '}' it never opened (B.2 has the same
  // clause with the opening '{'); besides, the body says `scout`/`rcount`
  // where the prototype says `scounts`/`rcounts`.
  AnnotEnv env;
  EXPECT_FALSE(env.seedContract(kB5));
  EXPECT_EQ(env.firstError(), "18:43: expected ')' after argument list, found '}'");
}

TEST(SeedAppB, B5AlltoallvWithPrototypeMatchingBody) {
  AnnotEnv env;
  std::string text = kB5;
  text.replace(text.find("const int *scounts"), 18, "const int *scout");
  text.replace(text.find("const int *rcounts"), 18, "const int *rcount");
  text.replace(text.find("{ { SBUF_OF(i)"), 14, "{ { { SBUF_OF(i)");
  expectOk(env, env.seedContract(text));
  // { { {SBUF_OF(i), scout + i, sdispls + i} | int i; ... }, rcount + ..., ... }
  const model::Expr* sep = env.prog.contracts.at(0).blocks.at(1).clauses.at(6).exprs[0];
  EXPECT_EQ(sep->name, "\\separated");
  ASSERT_EQ(sep->kids.size(), 2u);
  const model::Expr* list = sep->kids[1];
  EXPECT_EQ(list->kind, model::ExprKind::SetOf);
  EXPECT_TRUE(list->bound.empty());
  ASSERT_EQ(list->kids.size(), 3u);
  EXPECT_EQ(list->kids[0]->bound.size(), 1u);
  EXPECT_EQ(list->kids[0]->kids[0]->kind, model::ExprKind::SetOf);
}

const char* kB6 = R"(
#define SBUF_OF(i) (\mpi_buf(sbuf, scounts[(i)], stypes[(i)] + sdispls[i])
#define RBUF_OF(i) (\mpi_buf(rbuf, rcounts[(i)], rtypes[(i)] + rdispls[i])
/*@ mpi uses comm;
    mpi collective(comm):
    requires \valid_read(rcounts + (0 .. \mpi_comm_size-1));
    requires \valid_read(rdispls + (0 .. \mpi_comm_size-1));
    requires \valid_read(rtypes + (0 .. \mpi_comm_size-1));
    requires \forall int i; 0 <= i < \mpi_comm_size
        ==> \valid(RBUF_OF(i)) && rcounts[i] >= 0;
    requires \forall int i; 0 <= i < \mpi_comm_size
        ==> \mpi_nonoverlapping(rtypes[i]);
    requires \forall int i, j; 0 <= i < j < \mpi_comm_size
        ==> (rdispls[i] + rcounts[i] <= rdispls[j]) ||
            (rdispls[j] + rcounts[j] <= rdispls[i]);
    requires \separated({RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size},
                       { {SBUF_OF(i), scounts + i, sdispls + i, stypes + i} |
                         int i; 0 <= i < \mpi_comm_size,
                         rcounts + (0 .. \mpi_comm_size-1),
                         rdispls + (0 .. \mpi_comm_size-1),
                         rtypes + (0 .. \mpi_comm_size-1)});
    assigns { *RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size};
    waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior not_in_place:
        assumes sbuf != MPI_IN_PLACE;
        requires \mpi_agree(sbuf != MPI_IN_PLACE);
        requires \valid_read(scount + (0 .. \mpi_comm_size-1));
        requires \valid_read(sdispls + (0 .. \mpi_comm_size-1));
        requires \valid_read(stypes + (0 .. \mpi_comm_size-1));
        requires \forall int i; 0 <= i < \mpi_comm_size ==>
            \valid_read(SBUF_OF(i)) && scounts[i] >= 0;
        requires \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            \mpi_on(\mpi_sig(stypes[j]) * scounts[j], i) ==
            \mpi_sig(rtypes[i]) * rcounts[i];
        ensures \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            *RBUF_OF(i) == \mpi_on(*SBUF_OF(j), i);
    behavior in_place:
        assumes sbuf == MPI_IN_PLACE;
        requires \mpi_agree(sbuf == MPI_IN_PLACE);
        requires \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            \mpi_on(\mpi_sig(rtypes[j]) * rcounts[j], i) ==
            \mpi_sig(rtypes[i]) * rcounts[i];
        ensures \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(j), i));
    disjoint behaviors;
    complete behaviors;
    */
int MPI_Alltoallw(const void *sbuf, const int scounts[], const int sdispls[],
                 const MPI_Datatype stypes[],
                 void *rbuf, const int rcounts[], const int rdispls[],
        const MPI_Datatype rtypes[], MPI_Comm comm);
)";

TEST(SeedAppB, B6AlltoallwVerbatimHasUnbalancedMacro) {
  // SBUF_OF/RBUF_OF of the seed open one '(' more than they close.
  AnnotEnv env;
  EXPECT_FALSE(env.seedContract(kB6));
  EXPECT_EQ(env.firstError(), "10:50: expected ')' after argument list, found ';'");
}

TEST(SeedAppB, B6AlltoallwCorrected) {
  AnnotEnv env;
  std::string text = kB6;
  auto fix = [&](const std::string& from, const std::string& to) {
    size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
  };
  fix("stypes[(i)] + sdispls[i])", "stypes[(i)]) + sdispls[i])");
  fix("rtypes[(i)] + rdispls[i])", "rtypes[(i)]) + rdispls[i])");
  // the comprehension misses its '}' before the next set element
  fix("int i; 0 <= i < \\mpi_comm_size,\n", "int i; 0 <= i < \\mpi_comm_size},\n");
  fix("rtypes + (0 .. \\mpi_comm_size-1)});", "rtypes + (0 .. \\mpi_comm_size-1));");
  // `scount` (sic) in the not_in_place behavior
  fix("\\valid_read(scount +", "\\valid_read(scounts +");
  expectOk(env, env.seedContract(text));
}

TEST(SeedAppB, B7Barrier) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
/*@ mpi uses comm;
    mpi collective(comm):
        requires \true;
        assigns \nothing;
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
*/
int MPI_Barrier(MPI_Comm comm);
)"));
  EXPECT_EQ(contractShape(env),
            "local: uses(1) | collective: requires assigns(nothing) waitsfor(1)");
}

TEST(SeedAppB, B8Bcast) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define BUF \mpi_buf(buf, count, datatype)
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires 0 <= root < \mpi_comm_size && AGREE(root);
        requires AGREE(count * \mpi_sig(datatype)) && 0 <= count;
        requires \mpi_nonoverlapping(datatype);
        ensures AGREE(*BUF);
        behavior root:
            assumes \mpi_comm_rank == root;
            requires \valid_read(BUF);
            assigns \nothing;
        behavior nonroot:
            assumes \mpi_comm_rank != root;
            requires \valid(BUF);
            assigns *BUF;
            waitsfor root;
            complete behaviors;
            disjoint behaviors;
*/
int MPI_Bcast(void * buf, int count, MPI_Datatype datatype, int root,
            MPI_Comm comm);
)"));
  const model::ContractBlock& b = env.prog.contracts.at(0).blocks.at(1);
  ASSERT_EQ(b.behaviors.size(), 2u);
  EXPECT_EQ(b.behaviors[1].clauses.back().kind, model::ClauseKind::WaitsFor);
  EXPECT_EQ(b.behaviors[1].clauses.back().exprs[0]->kind, model::ExprKind::Var);
}

TEST(SeedAppB, B9Exscan) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF \mpi_buf(sbuf, count, datatype)
#define RBUF \mpi_buf(rbuf, count, datatype)
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires count >= 0 && AGREE(count) && AGREE(datatype) && AGREE(op);
        requires \mpi_nonoverlapping(datatype);
        requires sbuf != MPI_IN_PLACE ==> \valid_read(SBUF);
        requires sbuf == MPI_IN_PLACE || \mpi_comm_rank > 0
            ==> \valid(RBUF);
        waitsfor {i | int i; 0 <= i < \mpi_comm_rank-1};
        behavior zero:
            assumes \mpi_comm_rank == 0;
            assigns \nothing;
        behavior others:
            assumes \mpi_comm_rank > 0;
            requires \separated(RBUF, {SBUF | int i; sbuf != MPI_IN_PLACE});
            assigns *RBUF;
            ensures \mpi_reduce(*RBUF, 0, \mpi_comm_rank, op,
                \lambda integer t;
                \mpi_on(sbuf != MPI_IN_PLACE ? *SBUF : \old(*RBUF), t));
        disjoint behaviors;
        complete behaviors;
*/
int MPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype datatype,
MPI_Op op, MPI_Comm comm);
)"));
  EXPECT_EQ(contractShape(env),
            "local: uses(1) | collective: requires requires requires requires waitsfor(1) | "
            "behavior zero: assumes assigns(nothing) | behavior others: assumes requires "
            "assigns(1) ensures | complete: zero others | disjoint: zero others");
}

TEST(SeedAppB, B10Gather) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF \mpi_buf(sbuf, scount, stype)
#define SBUF_OF(id) \mpi_on(SBUF, (id))
#define RBUF \mpi_buf(rbuf, rcount * \mpi_comm_size, rtype)
#define RBUF_OF(id) (\mpi_buf(rbuf, rcount, rtype) + (id)*rcount)
#define SSIG (\mpi_sig(stype) * scount)
#define SSIG_OF(id) \mpi_on(SSIG, (id))
#define RSIG (\mpi_sig(rtype) * rcount)
#define AGREE(x) \mpi_agree((x))
/*@
  mpi uses comm;
  mpi collective(comm) :
    requires AGREE(root) && 0 <= root < \mpi_comm_size;
    behavior root:
      assumes \mpi_comm_rank == root;
      requires \valid(RBUF) && \mpi_nonoverlapping(rtype);
      requires \forall int id; 0 <= id < \mpi_comm_size
        ==> id != root ==> SSIG_OF(id) == RSIG;
      requires sbuf == MPI_IN_PLACE || \valid_read(SBUF);
      requires sbuf != MPI_IN_PLACE ==> (SSIG == RSIG);
      requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
      assigns *RBUF;
      ensures sbuf != MPI_IN_PLACE ==> *RBUF_OF(root) == *SBUF;
      ensures sbuf == MPI_IN_PLACE ==>
        *RBUF_OF(root) == \old(*RBUF_OF(root));
      ensures \forall int id; 0 <= id < \mpi_comm_size ==>
        id != root ==>
          *RBUF_OF(id) == *SBUF_OF(id);
      waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior not_root:
      assumes \mpi_comm_rank != root;
      requires \valid_read(SBUF);
      assigns \nothing;
      waitsfor \nothing;
    disjoint behaviors;
    complete behaviors;
*/
int MPI_Gather(const void* sbuf, int scount, MPI_Datatype stype,
              void* rbuf, int rcount, MPI_Datatype rtype,
              int root, MPI_Comm comm);
)"));
  const model::Behavior& nr = env.prog.contracts.at(0).blocks.at(1).behaviors.at(1);
  EXPECT_TRUE(nr.clauses.back().nothing);
  EXPECT_EQ(nr.clauses.back().kind, model::ClauseKind::WaitsFor);
}

const char* kB11 = R"(
#define SBUF \mpi_buf(sbuf, scount, stype)
#define RBUF(i) (\mpi_buf(rbuf, rcounts[i], rtype) + displs[i])
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
  mpi collective(comm):
    requires AGREE(root) && 0 <= root < \mpi_comm_size;
    behavior root:
      assumes \mpi_comm_rank == root;
      requires \mpi_nonoverlapping(rtype);
      requires \valid_read(rcounts + (0 .. \mpi_comm_size-1));
      requires \valid_read(displs + (0 .. \mpi_comm_size-1));
      requires \forall int i; 0 <= i < \mpi_comm_size
        ==> rcounts[i] >= 0;
      requires \forall int i; 0 <= i < \mpi_comm_size
        ==> \valid(RBUF(i));
      requires \forall int i,j; 0 <= i < j < \mpi_comm_size
        ==> (displs[i] + rcounts[i] <= displs[j] ||
            displs[j] + rcounts[j] <= displs[i]);
    requires \forall int i; 0 <= i < \mpi_comm_size && i != root ==>
        \mpi_on(scount*\mpi_sig(stype), i) ==
        rcounts[i]*\mpi_sig(rtype);
    requires sbuf != MPI_IN_PLACE ==> \valid_read(SBUF) &&
        scount*\mpi_sig(stype) ==
        rcounts[root]*\mpi_sig(rtype);
    requires \separated( {RBUF(i) | int i; 0 <= i < \mpi_comm_size},
        { {SBUF, &scount, &stype} | int i; sbuf != MPI_IN_PLACE},
        rcounts + (0 .. \mpi_comm_size-1),
        displs + (0 .. \mpi_comm_size-1)} );
    assigns { *RBUF(i) | int i; 0 <= i < \mpi_comm_size };
    ensures sbuf != MPI_IN_PLACE ? *RBUF(root) == *SBUF :
        *RBUF(root) == \old(*RBUF(root));
    ensures \forall int i; 0 <= i < \mpi_comm_size && i != root
        ==> *RBUF(i) == \mpi_on(*SBUF, i);
    waitsfor { i | int i; 0 <= i < \mpi_comm_size};
behavior non_root:
    assumes \mpi_comm_rank != root;
    requires \valid_read(SBUF);
    assigns \nothing;
    waitsfor \nothing;
complete behaviors;
disjoint behaviors;*/
int MPI_Gatherv(const void* sbuf, int scount, MPI_Datatype stype,
    void* rbuf, const int rcounts[], const int displs[],
    MPI_Datatype rtype, int root, MPI_Comm comm);
)";

TEST(SeedAppB, B11GathervVerbatimHasUnbalancedBraces) {
  // The \separated clause of the seed closes a '}' it never opened (B.2 has
  // the same clause with the opening '{').
  AnnotEnv env;
  EXPECT_FALSE(env.seedContract(kB11));
  EXPECT_EQ(env.firstError(), "29:41: expected ')' after argument list, found '}'");
}

TEST(SeedAppB, B11GathervCorrected) {
  AnnotEnv env;
  std::string text = kB11;
  text.replace(text.find("{ {SBUF, &scount"), 16, "{ { {SBUF, &scount");
  expectOk(env, env.seedContract(text));
  EXPECT_EQ(contractShape(env),
            "local: uses(1) | collective: requires | behavior root: assumes requires requires "
            "requires requires requires requires requires requires requires assigns(1) ensures "
            "ensures waitsfor(1) | behavior non_root: assumes requires assigns(nothing) "
            "waitsfor(nothing) | complete: root non_root | disjoint: root non_root");
}

TEST(SeedAppB, B12Reduce) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF \mpi_buf(sbuf, count, datatype)
#define RBUF \mpi_buf(rbuf, count, datatype)
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
    requires AGREE(root) && 0 <= root < \mpi_comm_size;
    requires 0 <= count && \mpi_nonoverlapping(datatype);
    requires AGREE(count) && AGREE(datatype) && AGREE(op);
    behavior root:
        assumes \mpi_comm_rank == root;
        requires \valid(RBUF);
        requires sbuf == MPI_IN_PLACE || \valid_read(SBUF);
        requires sbuf != MPI_IN_PLACE ==> \separated(RBUF, SBUF);
        assigns *RBUF;
        ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
            \lambda integer t;
            \mpi_on(sbuf != MPI_IN_PLACE ? *SBUF :
                \old(*RBUF), t));
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior non_root:
        assumes \mpi_comm_rank != root;
        requires \valid_read(SBUF);
        assigns \nothing;
        waitsfor \nothing;
        disjoint behaviors;
        complete behaviors;
*/
int MPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype datatype,
    MPI_Op op, int root, MPI_Comm comm);
)"));
  EXPECT_EQ(
      contractShape(env),
      "local: uses(1) | collective: requires requires requires | behavior root: assumes requires "
      "requires requires assigns(1) ensures waitsfor(1) | behavior non_root: assumes requires "
      "assigns(nothing) waitsfor(nothing) | complete: root non_root | disjoint: root non_root");
}

TEST(SeedAppB, B13ReduceLocal) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define INBUF      \mpi_buf(inbuf, count, datatype)
#define INOUTBUF   \mpi_buf(inoutbuf, count, datatype)
/*@ requires \valid(INBUF) && \valid(INOUTBUF);
    requires count >= 0;
    requires \mpi_nonoverlapping(datatype);
    requires \separated(INOUTBUF, INBUF);
    assigns *INOUTBUF;
    ensures \mpi_reduce(*INOUTBUF, 0, 2, op, \lambda integer t;
        t == 0 ? *INBUF : \old(*INOUTBUF));
*/
int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count,
    MPI_Datatype datatype, MPI_Op op);
)"));
  const model::Contract& c = env.prog.contracts.at(0);
  ASSERT_EQ(c.blocks.size(), 1u);
  EXPECT_EQ(c.blocks[0].clauses.size(), 6u);
}

TEST(SeedAppB, B14ReduceScatter) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define MY_RANK      \mpi_comm_rank
#define SCOUNT      \sum(0, \mpi_comm_size-1, \lambda int k0; rcounts[k0])
#define COUNTS(i)    (i==0?0:\sum(0, (i-1), \lambda int k1; rcounts[k1]))
#define SBUF         \mpi_buf(sbuf, SCOUNT, datatype)
#define MY_SBUF_BLK(i) (\mpi_buf(sbuf, rcounts[(i)], datatype) + COUNTS(i))
#define MY_RBUF_AS_SBUF_BLK(i) (\mpi_buf(rbuf, rcounts[(i)], datatype) + COUNTS(i))
#define RBUF_AS_SBUF \mpi_buf(rbuf, SCOUNT, datatype)
#define MY_RBUF      \mpi_buf(rbuf, rcounts[MY_RANK], datatype)
#define AGREE(x)      \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid_read(rcounts + (0 .. \mpi_comm_size-1));
        requires rcounts[MY_RANK] >= 0 && AGREE(datatype) &&
            AGREE(SCOUNT) && AGREE(op);
        requires \forall int i; 0 <= i < \mpi_comm_size
            ==> AGREE(rcounts[i]);
        requires \mpi_nonoverlapping(datatype);
        requires \separated(MY_RBUF, { rcounts + (0 .. \mpi_comm_size-1),
            { SBUF | int i; sbuf != MPI_IN_PLACE }});
        assigns *MY_RBUF;
        ensures \forall int i; i == \mpi_comm_rank ==>
            \mpi_reduce(*MY_RBUF, 0, \mpi_comm_size, op,
                \lambda integer t;
                \mpi_on(sbuf != MPI_IN_PLACE ? *MY_SBUF_BLK(i) :
                    \old(*MY_RBUF_AS_SBUF_BLK(i)), t));
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
        behavior not_in_place:
            assumes sbuf != MPI_IN_PLACE;
            requires \valid_read(SBUF);
            requires \valid(MY_RBUF);
        behavior in_place:
            assumes sbuf == MPI_IN_PLACE;
            requires \valid(RBUF_AS_SBUF);
        disjoint behaviors;
        complete behaviors;
*/
int MPI_Reduce_scatter(const void *sbuf, void *rbuf, const int *rcounts,
    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
)"));
  EXPECT_EQ(
      contractShape(env),
      "local: uses(1) | collective: requires requires requires requires requires assigns(1) "
      "ensures waitsfor(1) | behavior not_in_place: assumes requires requires | behavior in_place: "
      "assumes requires | complete: not_in_place in_place | disjoint: not_in_place in_place");
}

TEST(SeedAppB, B15ReduceScatterBlock) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF      \mpi_buf(sbuf, rcount * \mpi_comm_size, datatype)
#define MY_SBUF_BLK (\mpi_buf(sbuf, rcount, datatype) + \mpi_comm_rank * rcount)
#define MY_RBUF      \mpi_buf(rbuf, rcount, datatype)
#define RBUF_AS_SBUF \mpi_buf(rbuf, rcount * \mpi_comm_size, datatype)
#define AGREE(x)      \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid(MY_RBUF) && rcount >= 0 && AGREE(rcount) &&
            AGREE(datatype) && AGREE(op);
        requires \mpi_nonoverlapping(datatype);
        assigns *MY_RBUF;
        ensures \mpi_reduce(*MY_RBUF, 0, \mpi_comm_size, op,
            \lambda integer t;
            \mpi_on(sbuf != MPI_IN_PLACE ? *MY_SBUF_BLK :
                \old(*MY_RBUF), t));

        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
        behavior not_in_place:
            assumes sbuf != MPI_IN_PLACE;
            requires AGREE(sbuf != MPI_IN_PLACE);
            requires \valid_read(SBUF);
        behavior in_place:
            assumes sbuf == MPI_IN_PLACE;
            requires AGREE(sbuf == MPI_IN_PLACE);
            requires \valid(RBUF_AS_SBUF);
        disjoint behaviors;
        complete behaviors;
    */
    int MPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount,
        MPI_Datatype datatype, MPI_Op op,
        MPI_Comm comm);
)"));
  EXPECT_EQ(
      contractShape(env),
      "local: uses(1) | collective: requires requires assigns(1) ensures waitsfor(1) | behavior "
      "not_in_place: assumes requires requires | behavior in_place: assumes requires requires | "
      "complete: not_in_place in_place | disjoint: not_in_place in_place");
}

TEST(SeedAppB, B16Scan) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF \mpi_buf(sbuf, count, datatype)
#define RBUF \mpi_buf(rbuf, count, datatype)
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid(RBUF) && count >= 0;
        requires AGREE(count) && AGREE(datatype) && AGREE(op);
        requires \mpi_nonoverlapping(datatype);
        requires sbuf != MPI_IN_PLACE ==> \valid_read(SBUF);
        requires \separated(RBUF, {SBUF | int i; sbuf != MPI_IN_PLACE});
        assigns *RBUF;
        ensures \mpi_reduce(*RBUF, 0, \mpi_comm_rank + 1, op,
            \lambda integer t;
            \mpi_on(sbuf != MPI_IN_PLACE ? *SBUF :
                \old(*RBUF), t));
        waitsfor {i | int i; 0 <= i < \mpi_comm_rank};
    */
    int MPI_Scan(const void *sbuf, void *rbuf, int count,
        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
)"));
  EXPECT_EQ(contractShape(env), "local: uses(1) | collective: requires requires requires requires "
                                "requires assigns(1) ensures waitsfor(1)");
}

TEST(SeedAppB, B17Scatter) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF_OF(id) (\mpi_buf(sbuf, scount, stype) + (id) * scount)
#define SBUF \mpi_buf(sbuf, scount * \mpi_comm_size, stype)
#define RBUF \mpi_buf(rbuf, rcount, rtype)
#define SSIG (scount*\mpi_sig(stype))
#define RSIG (rcount*\mpi_sig(rtype))
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires AGREE(root) && 0 <= root < \mpi_comm_size;
        behavior root:
            assumes \mpi_comm_rank == root;
            requires scount >= 0 && \valid_read(SBUF);
            requires rbuf == MPI_IN_PLACE || \valid(RBUF);
            requires rbuf != MPI_IN_PLACE ==> SSIG == RSIG &&
        \mpi_nonoverlapping(rtype);
    requires rbuf != MPI_IN_PLACE ==> \separated(RBUF, SBUF);
    assigns {*RBUF | int i; rbuf != MPI_IN_PLACE};
    ensures rbuf != MPI_IN_PLACE ==> *RBUF == *SBUF_OF(root);
    waitsfor \nothing;
behavior nonroot:
    assumes \mpi_comm_rank != root;
    requires rcount >= 0 && \valid(RBUF) && \mpi_nonoverlapping(rtype);
    requires RSIG == \mpi_on(SSIG, root);
    assigns *RBUF;
    ensures \forall int i; i == \mpi_comm_rank ==>
        *RBUF == \mpi_on(*SBUF_OF(i), root);
    waitsfor root;
disjoint behaviors;
complete behaviors;
*/
int MPI_Scatter(const void* sbuf, int scount, MPI_Datatype stype,
              void* rbuf, int rcount, MPI_Datatype rtype, int root,
              MPI_Comm comm);
)"));
  EXPECT_EQ(
      contractShape(env),
      "local: uses(1) | collective: requires | behavior root: assumes requires requires requires "
      "requires assigns(1) ensures waitsfor(nothing) | behavior nonroot: assumes requires requires "
      "assigns(1) ensures waitsfor(1) | complete: root nonroot | disjoint: root nonroot");
}

TEST(SeedAppB, B18Scatterv) {
  AnnotEnv env;
  expectOk(env, env.seedContract(R"(
#define SBUF_OF(id) (\mpi_buf(sbuf, scounts[(id)], stype) + displs[(id)])
#define RBUF        \mpi_buf(rbuf, rcount, rtype)
#define SSIG_OF(id) (\mpi_sig(stype) * scounts[(id)])
#define RSIG        (\mpi_sig(rtype) * rcount)
#define AGREE(x)     \mpi_agree((x))
/*@ mpi uses comm;
mpi collective(comm):
    requires AGREE(root) && 0 <= root < \mpi_comm_size;
    behavior root:
        assumes \mpi_comm_rank == root;
        requires \valid_read(scounts + (0 .. \mpi_comm_size-1));
        requires \valid_read(displs + (0 .. \mpi_comm_size-1));
        requires \forall int i; 0 <= i < \mpi_comm_size
            ==> scounts[i] >= 0;
        requires \forall int i, j; 0 <= i < j < \mpi_comm_size
            ==> (displs[i] + scounts[i] <= displs[j]) ||
                (displs[j] + scounts[j] <= displs[i]);
        requires \forall int i; 0 <= i < \mpi_comm_size &&
            i != root
            ==> \valid_read(SBUF_OF(i));
        requires rbuf != MPI_IN_PLACE ==> \valid_read(SBUF_OF(root)) && \valid(RBUF) &&
            SSIG_OF(root) == RSIG && \mpi_nonoverlapping(rtype);
        requires rbuf != MPI_IN_PLACE ==>
            \separated(RBUF, {{ SBUF_OF(i) | int i; 0 <= i < \mpi_comm_size },
                scounts + (0 .. \mpi_comm_size-1),
                displs + (0 .. \mpi_comm_size-1)});
    assigns {*RBUF | int i; rbuf != MPI_IN_PLACE};

    ensures rbuf != MPI_IN_PLACE ==> *RBUF == *SBUF_OF(root);
    waitsfor \nothing;
behavior nonroot:
    assumes \mpi_comm_rank != root;
    requires rcount >= 0 && \valid(RBUF) && \mpi_nonoverlapping(rtype);
    requires \forall integer i; i == \mpi_comm_rank ==>
        RSIG == \mpi_on(SSIG_OF(i), root);
    assigns *RBUF;
    ensures \forall integer i; i == \mpi_comm_rank ==>
        *RBUF == \mpi_on(*SBUF_OF(i), root);
    waitsfor {root | int i; 0 <= i < \mpi_comm_size};
    disjoint behaviors;
    complete behaviors;
    */
    int MPI_Scatterv(const void *sbuf, const int *scounts, const int *displs,
    MPI_Datatype stype, void *rbuf, int rcount,
    MPI_Datatype rtype, int root, MPI_Comm comm);
)"));
  EXPECT_EQ(contractShape(env),
            "local: uses(1) | collective: requires | behavior root: assumes requires requires "
            "requires requires requires requires requires assigns(1) ensures waitsfor(nothing) | "
            "behavior nonroot: assumes requires requires assigns(1) ensures waitsfor(1) | "
            "complete: root nonroot | disjoint: root nonroot");
}

} // namespace
