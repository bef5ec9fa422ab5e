// Malformed annotations: each gets one exact diagnostic at the offending token.
#include "AnnotTestSupport.h"

#include <gtest/gtest.h>

using namespace chorus;
using namespace chorus::annot;
using namespace chorus::annot::testing;

namespace {

struct Case {
  AnnotSource src;
  const char* text;
  const char* error; ///< "line:col: message" of the first error
};

constexpr AnnotSource T = AnnotSource::TassPragma;
constexpr AnnotSource C = AnnotSource::CivlPragma;
constexpr AnnotSource A = AnnotSource::AcslComment;

const Case kCases[] = {
    // --- TASS pragmas ------------------------------------------------------------
    {T, "",
     "1:1: expected 'input', 'output', 'collective' or 'joint' after '#pragma TASS', "
     "found end of annotation"},
    {T, "inptu {N > 0}",
     "1:1: unknown TASS pragma 'inptu'; expected 'input', 'output', "
     "'collective' or 'joint'"},
    {T, "input {N > 0", "1:13: expected '}' after the input condition, found end of annotation"},
    {T, "input {N > } int", "1:12: expected expression, found '}'"},
    {T, "input {N > 0} 42", "1:15: expected a type or end of '#pragma TASS input', found '42'"},
    {T, "input {N > 0} int x", "1:19: expected end of '#pragma TASS input', found 'x'"},
    {T, "output N", "1:8: expected end of '#pragma TASS output', found 'N'"},
    {T, "collective check C x == 1",
     "1:12: expected 'assert' or 'invariant' after 'collective', found 'check'"},
    {T, "collective assert",
     "1:18: expected an identifier naming the 'collective assert', found "
     "end of annotation"},
    {T, "collective assert x == 1",
     "1:19: expected an identifier naming the 'collective assert' before the expression"},
    {T, "collective assert C", "1:20: expected expression, found end of annotation"},
    {T, "joint invariant I x == 1 )", "1:26: expected end of the 'joint invariant', found ')'"},
    {T, "collective assert C PROC[0 x == 1",
     "1:28: expected ']' after the process rank, found 'x'"},
    {T, "collective assert C PROC[0] == 1",
     "1:29: expected '.' or '@' after 'PROC[...]', found '=='"},
    {T, "collective assert C PROC[0]@.x == 1",
     "1:29: expected a function name after '@', found '.'"},
    {T, "collective assert C PROC[0]@main i == 1",
     "1:34: expected '.' after 'PROC[...]@main', found 'i'"},
    {T, "collective assert C spec.x == x",
     "1:21: 'spec.x' can only be used in a joint assertion or invariant"},
    {T, "joint assert C forall {int i 0 <= i} x",
     "1:30: expected '|' after the bound variables, found '0'"},
    {T, "joint assert C forall {int i | i < 3 x",
     "1:38: expected '}' after the range condition, found 'x'"},
    {T, "collective assert C x = 1", "1:23: '=' has side effects, which annotations cannot have"},
    {T, "collective assert C x++ > 1",
     "1:22: '++' has side effects, which annotations cannot have"},
    {T, "collective assert C nosuch > 1",
     "1:21: use of undeclared identifier 'nosuch' in annotation"},
    {T, "collective assert C PROC[0].nosuch > 1",
     "1:21: use of undeclared identifier 'nosuch' in annotation"},
    {T, "collective assert C PROC[0]@nofn.i > 1",
     "1:21: use of undeclared function 'nofn' in 'PROC[...]@nofn.i'"},
    {T, "collective assert C PROC[0]@main.zz > 1",
     "1:21: no variable named 'zz' in function 'main'"},
    {T, "collective assert C PROC[x].s > 1",
     "1:26: the process rank in 'PROC[...]' must be an integer, not 'double'"},
    {T, "collective assert C *pv",
     "1:21: expected a condition, but the expression has type "
     "'struct hypr_ParVector'"},
    // --- CIVL pragma --------------------------------------------------------------------
    {C, "ACSL extra", "1:6: expected end of '#pragma CIVL ACSL', found 'extra'"},
    {C, "acsl", "1:1: unknown CIVL pragma 'acsl'; expected 'ACSL'"},
    {C, "", "1:1: expected 'ACSL' after '#pragma CIVL', found end of annotation"},
    // --- ACSL syntax ------------------------------------------------------------------------
    {A, "requires N > 0",
     "1:15: expected ';' at end of 'requires' clause, found end of "
     "annotation"},
    {A, "requires (N > 0;", "1:16: expected ')', found ';'"},
    {A, "requires \\valid(ip;", "1:19: expected ')' after argument list, found ';'"},
    {A, "requires ip[0 > 1;", "1:18: expected ']' after subscript, found ';'"},
    {A, "requires N >;", "1:13: expected expression, found ';'"},
    {A, "requires N > 0 ? 1;", "1:19: expected ':' in conditional expression, found ';'"},
    {A, "ensures \\result == ;", "1:20: expected expression, found ';'"},
    {A, "requires \\forall i; i > 0;", "1:18: expected a type for the bound variable, found 'i'"},
    {A, "requires \\forall int i i > 0;",
     "1:24: expected ';' after the bound variables of '\\forall', found 'i'"},
    {A, "requires \\foral int i; i > 0;", "1:10: unknown annotation keyword '\\foral'"},
    {A, "requires \\valid;", "1:16: expected '(' after '\\valid', found ';'"},
    {A, "requires \\mpi_comm_size() > 0;",
     "1:24: '\\mpi_comm_size' is not a function; remove the '('"},
    {A, "requires N == \\nothing;",
     "1:15: '\\nothing' is only allowed as the whole of an 'assigns' or 'waitsfor' clause"},
    {A, "requires 0 < N > 1;", "1:16: comparison chain mixes '<' and '>' directions"},
    {A, "requires 0 < N != 1;", "1:16: '!=' cannot be chained with other comparisons"},
    {A, "requires pv->;", "1:14: expected a member name after '->', found ';'"},
    {A, "requires (int N;", "1:15: expected ')' after the type of a cast, found 'N'"},
    {A, "requires f(N) > 0;",
     "1:10: call to C function 'f' is not allowed in annotations "
     "(annotations must be pure)"},
    {A, "requires (N)(1);", "1:11: called object type 'int' is not a function or function pointer"},
    {A, "requires ip[0](1);", "1:15: called object is not a function"},
    {A, "requires {ip | int i 0 <= i};",
     "1:22: expected ';' after the bound variables of the set comprehension, found '0'"},
    {A, "requires \\valid({ip, vp);", "1:24: expected ',' or '}' in set, found ')'"},
    {A, "behavior : assumes N;", "1:10: expected a behavior name after 'behavior', found ':'"},
    {A, "behavior b assumes N;", "1:12: expected ':' after behavior name, found 'assumes'"},
    {A, "complete behavior a;", "1:10: expected 'behaviors' after 'complete', found 'behavior'"},
    {A, "mpi use comm;", "1:5: expected 'uses' or 'collective' after 'mpi', found 'use'"},
    {A, "mpi uses N; mpi collective N:", "1:28: expected '(' after 'mpi collective', found 'N'"},
    {A, "mpi uses N; mpi collective(N) requires \\true;",
     "1:31: expected ':' after 'mpi collective(...)', found 'requires'"},
    {A, "loop invariant N > 0; loop variants N;",
     "1:28: expected 'invariant', 'assigns' or 'variant' after 'loop', found 'variants'"},
    {A, "ensure N > 0;",
     "1:1: expected an ACSL clause ('requires', 'ensures', 'assigns', "
     "'behavior', 'mpi', 'loop', ...), found 'ensure'"},
    // --- ACSL semantics -----------------------------------------------------------------------
    {A, "requires nosuch > 0;", "1:10: use of undeclared identifier 'nosuch' in annotation"},
    {A, "requires \\result > 0;", "1:10: '\\result' can only be used in an 'ensures' clause"},
    {A, "requires \\old(N) > 0;",
     "1:10: '\\old' can only be used in 'ensures' and 'assigns' clauses"},
    {A, "requires \\mpi_comm_rank == 0;",
     "1:10: '\\mpi_comm_rank' can only be used inside an 'mpi collective' block"},
    {A, "requires \\mpi_agree(N);",
     "1:10: '\\mpi_agree' can only be used inside an 'mpi collective' block"},
    {A, "mpi uses N; mpi collective(N): requires \\mpi_on(N) == 0;",
     "1:41: too few arguments to '\\mpi_on': expected 2, have 1"},
    {A, "requires \\mpi_buf(ip, N) == \\mpi_buf(ip, N);",
     "1:10: too few arguments to '\\mpi_buf': expected 3, have 2"},
    {A, "requires \\valid(ip, vp);", "1:10: too many arguments to '\\valid': expected 1, have 2"},
    {A, "requires \\separated(ip);",
     "1:10: too few arguments to '\\separated': expected at least 2, have 1"},
    {A, "requires \\valid(N);",
     "1:17: argument 1 of '\\valid' must be a pointer or '\\mpi_buf', not 'int'"},
    {A, "requires \\mpi_buf(N, 1, 1) == \\mpi_buf(ip, 1, 1);",
     "1:19: argument 1 of '\\mpi_buf' must be a pointer, not 'int'"},
    {A, "requires \\mpi_sig(x) == \\mpi_sig(1);",
     "1:19: argument 1 of '\\mpi_sig' must be an MPI_Datatype, not 'double'"},
    {A, "requires \\mpi_reduce(*\\mpi_buf(ip, 1, 1), 0, 2, 1, N);",
     "1:52: argument 5 of '\\mpi_reduce' must be a '\\lambda' of one integer variable"},
    {A, "requires \\mpi_reduce(N, 0, 2, 1, \\lambda integer t; N);",
     "1:22: argument 1 of '\\mpi_reduce' must be a value sequence (e.g. '*\\mpi_buf(...)'), not "
     "'int'"},
    {A, "requires \\sum(0, N, N) > 0;",
     "1:21: argument 3 of '\\sum' must be a '\\lambda' of one integer variable"},
    {A, "requires *N == 0;",
     "1:10: indirection requires a pointer or '\\mpi_buf' operand ('int' "
     "invalid)"},
    {A, "requires *vp == 0;", "1:10: cannot dereference a 'void*' pointer; cast it first"},
    {A, "requires &(N + 1) != \\null;", "1:10: cannot take the address of an rvalue of type 'int'"},
    {A, "requires N[0] == 0;", "1:11: subscripted value is not an array or pointer ('int')"},
    {A, "requires ip[x] == 0;", "1:13: array subscript must be an integer, not 'double'"},
    {A, "requires pv->nosuch == 0;", "1:12: no member named 'nosuch' in 'struct hypr_ParVector'"},
    {A, "requires N->comm == 0;",
     "1:11: member reference type 'int' is not a pointer to a structure or union"},
    {A, "requires N.comm == 0;",
     "1:11: member reference base type 'int' is not a structure or union"},
    {A, "requires ip + ip == 0;",
     "1:13: invalid operands to binary expression ('int*' and "
     "'int*')"},
    {A, "requires x % 2 == 0;", "1:12: invalid operands to binary expression ('double' and 'int')"},
    {A, "requires \\mpi_sig(1) < \\mpi_sig(1);",
     "1:22: invalid operands to binary expression ('mpi_sig_t' and 'mpi_sig_t')"},
    {A, "requires N > 0 ? ip : x;",
     "1:16: incompatible operand types ('int*' and 'double') in conditional expression"},
    {A, "requires (hypr_Vector)N;", "1:10: cannot cast from 'int' to 'struct hypr_Vector'"},
    {A, "requires (unsigned double)N > 0;", "1:11: invalid type 'unsigned double' in annotation"},
    {A, "requires 0 .. N;", "1:12: set-valued expression cannot be used here"},
    {A, "requires \\forall hypr_Vector v; \\true;",
     "1:30: bound variable 'v' must have an integer or real type, not 'struct hypr_Vector'"},
    {A, "requires sizeof(void) == 1;", "1:10: invalid application of 'sizeof' to type 'void'"},
    {A, "assumes N > 0;", "1:1: 'assumes' clause outside of a named behavior"},
    {A, "waitsfor 0;", "1:1: 'waitsfor' clause outside of an 'mpi collective' block"},
    {A, "mpi uses N; mpi collective(N): waitsfor x;",
     "1:41: 'waitsfor' expects process ranks (integers), not 'double'"},
    {A, "assigns N + 1;", "1:11: expression is not a memory location in 'assigns' clause"},
    {A, "mpi uses N; mpi collective(nx): requires \\true;",
     "1:28: the communicator of 'mpi collective' must appear in an 'mpi uses' clause before it"},
    {A, "behavior a: assumes N; behavior a: assumes N;", "1:33: duplicate behavior 'a'"},
    {A, "behavior a: assumes N; complete behaviors a, b;",
     "1:46: unknown behavior 'b' in 'complete behaviors'"},
    {A, "behavior a: assumes N; complete behaviors; requires N;",
     "1:44: 'requires' clause after 'complete behaviors' or 'disjoint behaviors'; move it "
     "before the behaviors"},
    {A, "behavior a: assumes N; disjoint behaviors; behavior b: assumes N;",
     "1:44: 'behavior' after 'complete behaviors' or 'disjoint behaviors'"},
    {A, "requires N; loop invariant N;",
     "1:13: 'loop invariant' cannot be mixed with function contract clauses"},
    {A, "loop invariant N; requires N;", "1:19: 'requires' cannot be mixed with loop annotations"},
    {A, "ensures \\old(\\old(N)) == N;",
     "1:14: '\\old' can only be used in 'ensures' and 'assigns' clauses"},
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.text;
}

class AnnotErrors : public ::testing::TestWithParam<Case> {};

TEST_P(AnnotErrors, ExactDiagnostic) {
  const Case& c = GetParam();
  AnnotEnv env;
  bool ok = env.lower(c.src, c.text);
  EXPECT_FALSE(ok) << c.text;
  EXPECT_EQ(env.firstError(), c.error) << c.text << "\n" << env.messages();
  EXPECT_TRUE(env.prog.contracts.empty());
  EXPECT_TRUE(env.prog.collectives.empty());
  EXPECT_TRUE(env.prog.loops.empty());
}

INSTANTIATE_TEST_SUITE_P(Malformed, AnnotErrors, ::testing::ValuesIn(kCases));

TEST(AnnotErrorsMisc, NestedTooDeeply) {
  AnnotEnv env;
  std::string e(400, '(');
  EXPECT_FALSE(env.acsl("requires " + e + "N;"));
  EXPECT_EQ(env.firstError().substr(env.firstError().find(' ') + 1),
            "annotation nested too deeply");
  AnnotEnv env2;
  std::string neg(1000, '!');
  EXPECT_FALSE(env2.acsl("requires " + neg + "N > 0;"));
  EXPECT_NE(env2.firstError().find("annotation nested too deeply"), std::string::npos);
  AnnotEnv env3;
  std::string sum = "N";
  for (int i = 0; i < 3000; ++i)
    sum += "+N";
  EXPECT_FALSE(env3.acsl("requires " + sum + " > 0;"));
  EXPECT_NE(env3.firstError().find("annotation nested too deeply"), std::string::npos);
}

TEST(AnnotErrorsMisc, ParenMismatchHasNote) {
  AnnotEnv env;
  EXPECT_FALSE(env.acsl("requires (N > 0;"));
  EXPECT_EQ(env.messages(), "1:16: error: expected ')', found ';'\n"
                            "1:10: note: to match this '('\n");
}

TEST(AnnotErrorsMisc, SeveralClauseErrorsAreAllReported) {
  AnnotEnv env;
  EXPECT_FALSE(env.acsl("requires a1 > 0;\nensures a2 > 0;\nrequires N > 0;"));
  EXPECT_EQ(env.messages(), "1:10: error: use of undeclared identifier 'a1' in annotation\n"
                            "2:9: error: use of undeclared identifier 'a2' in annotation\n");
}

TEST(AnnotErrorsMisc, PrintedWithCaret) {
  AnnotEnv env;
  env.diags.setSourceText("t.c", "requires N >;\n");
  EXPECT_FALSE(env.acsl("requires N >;"));
  std::string out = env.diags.format(env.diags.all().at(0));
  EXPECT_NE(out.find("t.c:1:13: error: expected expression, found ';'"), std::string::npos);
  EXPECT_NE(out.find("^"), std::string::npos);
}

TEST(AnnotErrorsMisc, InputAndOutputNeedTargets) {
  AnnotEnv env;
  EXPECT_FALSE(env.tass("output"));
  EXPECT_EQ(env.firstError(), "1:1: '#pragma TASS output' must precede a variable declaration");
  AnnotEnv env2;
  EXPECT_FALSE(env2.tass("input {N > 0}"));
  EXPECT_EQ(env2.firstError(), "1:1: '#pragma TASS input' must precede a variable declaration "
                               "or an object-like macro");
  AnnotEnv env3;
  Target t = env3.target();
  t.macro = "M";
  EXPECT_FALSE(env3.lower(AnnotSource::TassPragma, "input {M > 0} hypr_Vector", t));
  EXPECT_EQ(env3.firstError(), "1:15: the type of an input must be arithmetic or a pointer, not "
                               "'struct hypr_Vector'");
}

TEST(AnnotErrorsMisc, ResultInVoidFunction) {
  AnnotEnv env;
  Target t = env.target();
  t.func = env.scope.funcs["g"];
  EXPECT_FALSE(env.lower(AnnotSource::AcslComment, "ensures \\result == 0;", t));
  EXPECT_EQ(env.firstError(), "1:9: '\\result' used in the contract of a function returning void");
}

TEST(AnnotErrorsMisc, TerminatesAndDecreasesAreKept) {
  // Kept in the model (the engine reports them as not checked when the
  // function is called), without a warning.
  AnnotEnv env;
  EXPECT_TRUE(env.acsl("terminates \\true; decreases N; requires N > 0;"));
  EXPECT_EQ(env.messages(), "");
  ASSERT_EQ(env.prog.contracts.size(), 1u);
  const auto& cs = env.prog.contracts[0].blocks.at(0).clauses;
  ASSERT_EQ(cs.size(), 3u);
  EXPECT_EQ(cs[0].kind, model::ClauseKind::Terminates);
  EXPECT_EQ(cs[1].kind, model::ClauseKind::Decreases);
  EXPECT_EQ(cs[1].loc.col, 19u);
  EXPECT_EQ(cs[2].kind, model::ClauseKind::Requires);
}

TEST(AnnotErrorsMisc, DecreasesNeedsAnInteger) {
  AnnotEnv env;
  EXPECT_FALSE(env.acsl("decreases 1.5;"));
  EXPECT_NE(env.messages().find("1:11: error: the measure of 'decreases' must be an integer"),
            std::string::npos)
      << env.messages();
}

} // namespace
