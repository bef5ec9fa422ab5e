// Lowering of a Clang C11 AST into chorus's program model.
//
// Conventions (see also NOTES.md):
//  * Pure C expressions map 1:1 onto model::Expr nodes, every node typed.
//    Implicit conversions become Cast nodes only where the value changes
//    category (int<->real, to _Bool, pointer<->int, pointer<->pointer of a
//    different pointee) or where an integer conversion may change the value
//    (to a narrower type, between signed and unsigned: intFits); integer
//    promotions and float widenings are dropped (every integer value lies in
//    the range of its model type; reals are mathematical). Explicit casts are
//    kept.
//  * Array-to-pointer decay of `a` is written AddrOf(Index(a, 0)); a function
//    designator (decayed or `&f`) is a Func node of pointer-to-function type.
//  * Side effects (assignments, ++/--, compound assignments, calls, comma)
//    are hoisted into statements, left to right, using Temp variables ("$tN");
//    && || ?: whose operands have side effects become control flow. Every call
//    is a Call statement on its own transition.
//  * Locations: a location is created lazily when the next statement needs
//    one, so its source position is that of the statement about to run.
//  * Globals and static locals are initialized (or zero-filled, C semantics)
//    in model::kInitFunction; variables marked `#pragma TASS input` are not
//    zero-filled (the engine gives them symbolic values).
#include "FrontInternal.h"
#include "chorus/support/Fatal.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/AST/RecordLayout.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/Preprocessor.h>
#include <llvm/ADT/StringExtras.h>
#include <unordered_map>

#include <algorithm>
#include <functional>
#include <set>

namespace chorus::front {
namespace {

using namespace clang;
namespace M = chorus::model;
using M::kNone;

/// Thrown at an unsupported or invalid construct; becomes a diagnostic.
struct LowerError {
  SourceLocation loc;
  std::string msg;
};

/// The math functions whose calls gcc folds at compile time when their
/// arguments are constants (gcc's fold-const-call), without the f/l suffix
/// and the __builtin_ prefix.
bool gccFoldsMath(std::string name) {
  static const std::set<std::string> folded = {
      "sqrt", "cbrt",  "asin",  "acos", "atan",  "asinh", "acosh", "atanh",     "sin",
      "cos",  "tan",   "sinh",  "cosh", "tanh",  "exp",   "exp2",  "expm1",     "log",
      "log2", "log10", "log1p", "pow",  "atan2", "hypot", "fmod",  "remainder", "fdim",
      "fmin", "fmax",  "floor", "ceil", "round", "trunc", "fabs",  "copysign"};
  if (name.rfind("__builtin_", 0) == 0)
    name = name.substr(10);
  if (folded.count(name))
    return true;
  return !name.empty() && (name.back() == 'f' || name.back() == 'l') &&
         folded.count(name.substr(0, name.size() - 1));
}

/// How gcc sees e as an argument of a math call: Constant when its front
/// end folds e to a constant (literals, arithmetic casts and operators over
/// constants, sizeof, enumerators, INFINITY/NAN, the right operand of a
/// comma, the arm a constant condition selects); ConstIfFolded when e also
/// holds math calls of constant arguments (constant once gcc folds those);
/// Runtime when e cannot be a constant for gcc (a variable read, even of a
/// const variable: gcc -O0 does not propagate it; floating arithmetic on
/// one; a call of another function); Maybe when gcc's simplifications may
/// or may not make it one (integer arithmetic on a variable: i * 0, a
/// condition on a variable with two constant arms, forms not classified).
M::Stmt::Args gccArgument(const Expr* e, ASTContext& ctx);

/// The arguments a and b together, combined by an operator: with a
/// Runtime operand the result is Runtime when `exact` (a floating
/// operation: gcc simplifies none to a constant), else Maybe (i * 0 is 0).
M::Stmt::Args both(M::Stmt::Args a, M::Stmt::Args b, bool exact = true) {
  using A = M::Stmt::Args;
  if (a == A::Runtime || b == A::Runtime)
    return exact ? A::Runtime : A::Maybe;
  if (a == A::Maybe || b == A::Maybe)
    return A::Maybe;
  return a == A::ConstIfFolded || b == A::ConstIfFolded ? A::ConstIfFolded : A::Constant;
}

M::Stmt::Args gccArgument(const Expr* e, ASTContext& ctx) {
  using A = M::Stmt::Args;
  e = e->IgnoreParens();
  if (auto* c = dyn_cast<ConstantExpr>(e))
    return gccArgument(c->getSubExpr(), ctx);
  if (isa<FloatingLiteral>(e) || isa<IntegerLiteral>(e) || isa<CharacterLiteral>(e))
    return A::Constant;
  if (auto* t = dyn_cast<UnaryExprOrTypeTraitExpr>(e))
    return t->isArgumentType() && t->getArgumentType()->isVariablyModifiedType() ? A::Maybe
                                                                                 : A::Constant;
  if (auto* d = dyn_cast<DeclRefExpr>(e))
    return isa<EnumConstantDecl>(d->getDecl()) ? A::Constant : A::Runtime;
  if (isa<MemberExpr>(e) || isa<ArraySubscriptExpr>(e))
    return A::Runtime;
  if (auto* c = dyn_cast<CastExpr>(e)) {
    switch (c->getCastKind()) {
    case CK_NoOp:
    case CK_IntegralCast:
    case CK_IntegralToFloating:
    case CK_FloatingCast:
    case CK_FloatingToIntegral:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean:
      return gccArgument(c->getSubExpr(), ctx);
    case CK_LValueToRValue:
      return A::Runtime; // (a read of an object)
    default:
      return A::Maybe;
    }
  }
  if (auto* u = dyn_cast<UnaryOperator>(e)) {
    switch (u->getOpcode()) {
    case UO_Minus:
    case UO_Plus:
    case UO_Not:
    case UO_LNot:
      return gccArgument(u->getSubExpr(), ctx);
    case UO_Deref:
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      return A::Runtime;
    default:
      return A::Maybe;
    }
  }
  if (auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->isCommaOp()) // (gcc folds the call, keeping the left side's effects)
      return gccArgument(b->getRHS(), ctx);
    if (b->isAssignmentOp() || b->isCompoundAssignmentOp())
      return A::Runtime;
    bool floating = b->getLHS()->getType()->isRealFloatingType() ||
                    b->getRHS()->getType()->isRealFloatingType();
    A l = gccArgument(b->getLHS(), ctx), r = gccArgument(b->getRHS(), ctx);
    if (!floating && (l == A::Runtime) != (r == A::Runtime)) {
      // an integer operation of a variable and a constant c: i + c, i - c
      // and i * c (c != 0) are never constants; i * 0, i % 1, u >= 0,
      // 0 && i may be for gcc
      const Expr* k = l == A::Runtime ? b->getRHS() : b->getLHS();
      BinaryOperatorKind op = b->getOpcode();
      Expr::EvalResult c;
      if ((l == A::Constant || r == A::Constant) &&
          (op == BO_Add || op == BO_Sub ||
           (op == BO_Mul && k->EvaluateAsInt(c, ctx) && c.Val.getInt() != 0)))
        return A::Runtime;
    }
    return both(l, r, floating && !b->isLogicalOp());
  }
  if (auto* c = dyn_cast<ConditionalOperator>(e)) {
    A cond = gccArgument(c->getCond(), ctx);
    A yes = gccArgument(c->getTrueExpr(), ctx), no = gccArgument(c->getFalseExpr(), ctx);
    bool v = false;
    if (cond == A::Constant && c->getCond()->EvaluateAsBooleanCondition(v, ctx))
      return v ? yes : no; // (gcc keeps the arm selected)
    if (yes == A::Runtime || no == A::Runtime)
      return A::Runtime;
    return A::Maybe; // (i ? 0.5 : 0.5 is 0.5 for gcc)
  }
  if (auto* c = dyn_cast<CallExpr>(e)) {
    const FunctionDecl* fd = c->getDirectCallee();
    std::string name = fd ? fd->getName().str() : std::string();
    if (name.rfind("__builtin_inf", 0) == 0 || name.rfind("__builtin_huge_val", 0) == 0 ||
        name.rfind("__builtin_nan", 0) == 0)
      return A::Constant; // (not finite: a call of it is computed at run time anyway)
    if (!gccFoldsMath(name))
      return A::Runtime;
    A a = A::Constant;
    for (const Expr* x : c->arguments())
      a = both(a, gccArgument(x, ctx));
    return both(a, A::ConstIfFolded);
  }
  return A::Maybe;
}

struct JumpTarget {
  M::LocId loc = kNone;
  std::vector<M::TransId> pend;
};

struct BlockScope {
  const Stmt* owner = nullptr;
  std::vector<M::VarId> vars; ///< declared automatic variables, to kill
  std::map<std::string, M::VarId> names;
  /// The region of parallel assertion `passert` (index into
  /// Program::passerts): leaving the scope by any path ends it.
  int passert = -1;
};

struct Jump {
  JumpTarget* brk = nullptr;
  JumpTarget* cont = nullptr;
  size_t depth = 0; ///< scopes.size() when the loop/switch started
};

/// The graph being built for one function.
struct FnState {
  M::FuncId fid = kNone;
  M::LocId cur = kNone;
  std::vector<M::TransId> pend;
  unsigned temps = 0;
  std::vector<BlockScope> scopes;
  std::vector<Jump> jumps;
  std::map<const LabelDecl*, JumpTarget> labels;
  std::map<const LabelDecl*, std::vector<const Stmt*>> labelChains;
  std::map<const VariableArrayType*, const M::Type*> vla;
  std::map<const VarDecl*, M::VarId> vars;
  bool isMain = false;
  /// A variadic function's hidden last parameter `$va`: a pointer to the
  /// first of the arguments beyond the named ones (see userVariadic).
  M::VarId vaParam = kNone;
};

/// Every value of integer type `from` (or _Bool) is a value of integer type
/// `to`: the conversion never changes the value.
bool intFits(const M::Type* from, const M::Type* to) {
  if (from == to)
    return true;
  if (!from || !to || to->kind != M::TypeKind::Int)
    return false;
  if (from->kind == M::TypeKind::Bool)
    return true;
  if (from->kind != M::TypeKind::Int)
    return false;
  if (from->isSigned == to->isSigned)
    return to->bits >= from->bits;
  return !from->isSigned && to->bits > from->bits;
}

/// The type arithmetic on a value of integer type t is done in (the integer
/// promotions: types narrower than int become int).
const M::Type* promoted(const M::Type* t, M::TypeTable& T) {
  if (t->kind == M::TypeKind::Bool || (t->kind == M::TypeKind::Int && t->bits < 32))
    return T.intType();
  return t;
}

bool sameCategory(const M::Type* a, const M::Type* b) {
  if (!a || !b)
    return true;
  auto cat = [](const M::Type* t) {
    switch (t->kind) {
    case M::TypeKind::Bool:
      return 0;
    case M::TypeKind::Int:
      return 1;
    case M::TypeKind::Real:
      return 2;
    case M::TypeKind::Pointer:
      return 3;
    default:
      return 4;
    }
  };
  return cat(a) == cat(b);
}

class Lowerer {
public:
  Lowerer(ASTContext& ctx, Preprocessor& pp, FrontState& st, M::Program& prog,
          DiagnosticSink& diags, LinkState& link)
      : ctx_(ctx), pp_(pp), sm_(ctx.getSourceManager()), st_(st), prog_(prog), diags_(diags),
        link_(link) {}

  bool run();

  // --- used by the annotation scope -------------------------------------
  M::VarId globalByName(const std::string& n) {
    auto im = st_.inputMacros.find(n);
    if (im != st_.inputMacros.end() && im->second.var != kNone)
      return im->second.var;
    auto it = globalDecls_.find(n);
    if (it == globalDecls_.end())
      return kNone;
    return guarded([&] { return globalFor(it->second); });
  }
  M::FuncId funcByName(const std::string& n) {
    if (auto* f = prog_.findFunc(n))
      return f->id;
    auto it = funcDecls_.find(n);
    if (it == funcDecls_.end())
      return kNone;
    return guarded([&] { return funcFor(it->second); });
  }
  std::optional<long long> constantByName(const std::string& n) const {
    auto it = enumConsts_.find(n);
    if (it == enumConsts_.end())
      return std::nullopt;
    return it->second;
  }
  const M::Type* typedefByName(const std::string& n) {
    auto it = typedefs_.find(n);
    if (it == typedefs_.end())
      return nullptr;
    const M::Type* r = nullptr;
    guarded([&] {
      r = ty(it->second->getUnderlyingType());
      return kNone;
    });
    return r;
  }

private:
  template <class F> M::VarId guarded(F f) {
    try {
      return f();
    } catch (const LowerError& e) {
      error(e.loc, e.msg);
      return kNone;
    }
  }

  // --- positions -------------------------------------------------------------
  /// The presumed location of `l`'s expansion; invalid if `l` is.
  PresumedLoc presumed(SourceLocation l) {
    if (l.isInvalid())
      return {};
    return sm_.getPresumedLoc(sm_.getExpansionLoc(l));
  }
  M::SrcLoc sl(SourceLocation l) {
    PresumedLoc p = presumed(l);
    if (p.isInvalid())
      return {};
    return {prog_.fileIndex(p.getFilename()), p.getLine(), p.getColumn()};
  }
  /// The location of an operator: inside a macro argument (assert(a + 1 > a))
  /// where it is written, not the macro's expansion (a violation of the
  /// operation is reported there).
  M::SrcLoc opLoc(SourceLocation l) {
    if (l.isInvalid())
      return {};
    PresumedLoc p = sm_.getPresumedLoc(sm_.getFileLoc(l));
    if (p.isInvalid())
      return {};
    return {prog_.fileIndex(p.getFilename()), p.getLine(), p.getColumn()};
  }
  SourcePos pos(SourceLocation l) {
    PresumedLoc p = presumed(l);
    if (p.isInvalid())
      return {};
    return {p.getFilename(), p.getLine(), p.getColumn()};
  }
  unsigned key(SourceLocation l) { return sm_.getExpansionLoc(l).getRawEncoding(); }
  void error(SourceLocation l, const std::string& msg) {
    // (a construct met from several functions is reported once)
    if (reported_.insert({key(l), msg}).second)
      diags_.error(pos(l), msg);
  }
  std::set<std::pair<unsigned, std::string>> reported_;
  [[noreturn]] void fail(SourceLocation l, std::string msg) { throw LowerError{l, std::move(msg)}; }
  [[noreturn]] void unsupported(SourceLocation l, const std::string& what) {
    fail(l, what + " is not supported by chorus");
  }

  // --- types -----------------------------------------------------------------
  const M::Type* ty(QualType q, SourceLocation at = {});
  const M::Type* tyCanon(const clang::Type* t, SourceLocation at);
  const M::Type* recordType(const RecordDecl* rd, SourceLocation at);
  void prepareVM(QualType q, SourceLocation at);

  // --- expressions -------------------------------------------------------
  const M::Expr* mk(M::Expr e) { return prog_.expr(std::move(e)); }
  const M::Expr* intLit(long long v, const M::Type* t, M::SrcLoc l) {
    M::Expr e;
    e.kind = M::ExprKind::IntLit;
    e.type = t;
    e.loc = l;
    e.ival = v;
    e.text = std::to_string(v);
    return mk(std::move(e));
  }
  const M::Expr* zeroOf(const M::Type* t, M::SrcLoc l) {
    if (t->kind == M::TypeKind::Real) {
      M::Expr e;
      e.kind = M::ExprKind::RealLit;
      e.type = t;
      e.loc = l;
      e.text = "0";
      return mk(std::move(e));
    }
    if (t->kind == M::TypeKind::Pointer) {
      M::Expr e;
      e.kind = M::ExprKind::NullPtr;
      e.type = t;
      e.loc = l;
      return mk(std::move(e));
    }
    return intLit(0, t, l);
  }
  const M::Expr* varRef(M::VarId v, M::SrcLoc l) {
    M::Expr e;
    e.kind = M::ExprKind::Var;
    e.var = v;
    e.type = prog_.vars[v].type;
    e.loc = l;
    return mk(std::move(e));
  }
  const M::Expr* unary(M::Op op, const M::Expr* a, const M::Type* t, M::SrcLoc l) {
    M::Expr e;
    e.kind = M::ExprKind::Unary;
    e.op = op;
    e.kids = {a};
    e.type = t;
    e.loc = l;
    return mk(std::move(e));
  }
  const M::Expr* binary(M::Op op, const M::Expr* a, const M::Expr* b, const M::Type* t,
                        M::SrcLoc l) {
    M::Expr e;
    e.kind = M::ExprKind::Binary;
    e.op = op;
    e.kids = {a, b};
    e.type = t;
    e.loc = l;
    return mk(std::move(e));
  }
  const M::Expr* node(M::ExprKind k, std::vector<const M::Expr*> kids, const M::Type* t,
                      M::SrcLoc l) {
    M::Expr e;
    e.kind = k;
    e.kids = std::move(kids);
    e.type = t;
    e.loc = l;
    return mk(std::move(e));
  }
  const M::Expr* cast(const M::Expr* a, const M::Type* t, M::SrcLoc l) {
    if (a->type == t)
      return a;
    if (a->kind == M::ExprKind::NullPtr && t->kind == M::TypeKind::Pointer) {
      M::Expr e = *a;
      e.type = t;
      return mk(std::move(e));
    }
    return node(M::ExprKind::Cast, {a}, t, l);
  }
  /// Conversion of an integer expression to integer type t: a literal whose
  /// value t represents is retyped, anything else gets a Cast (the engine
  /// converts as C does, lib/exec/Ints.cpp).
  const M::Expr* intCast(const M::Expr* a, const M::Type* t, M::SrcLoc l) {
    if (a->kind == M::ExprKind::IntLit && a->fitsInt64 && t->kind == M::TypeKind::Int &&
        t->bits >= 2 && t->bits <= 64) {
      long long v = a->ival;
      bool fits = t->isSigned ? (t->bits == 64 ||
                                 (v >= -(1LL << (t->bits - 1)) && v < (1LL << (t->bits - 1))))
                              : (v >= 0 && (t->bits == 64 || v < (1LL << t->bits)));
      if (fits) {
        M::Expr e = *a;
        e.type = t;
        return mk(std::move(e));
      }
    }
    return cast(a, t, l);
  }
  const M::Expr* index(const M::Expr* arr, const M::Expr* i, M::SrcLoc l) {
    const M::Type* et = arr->type && arr->type->elem ? arr->type->elem : prog_.types.intType();
    return node(M::ExprKind::Index, {arr, i}, et, l);
  }
  const M::Expr* member(const M::Expr* rec, uint32_t field, M::SrcLoc l) {
    M::Expr e;
    e.kind = M::ExprKind::Member;
    e.kids = {rec};
    e.field = field;
    e.type = rec->type && field < rec->type->fields.size() ? rec->type->fields[field].type
                                                           : prog_.types.intType();
    e.loc = l;
    return mk(std::move(e));
  }
  const M::Expr* deref(const M::Expr* p, M::SrcLoc l) {
    const M::Type* et = p->type && p->type->elem ? p->type->elem : prog_.types.intType();
    return node(M::ExprKind::Deref, {p}, et, l);
  }
  const M::Expr* addrOf(const M::Expr* lv, M::SrcLoc l) {
    return node(M::ExprKind::AddrOf, {lv}, prog_.types.pointer(lv->type), l);
  }
  const M::Expr* decay(const M::Expr* arr, M::SrcLoc l) {
    return addrOf(index(arr, intLit(0, prog_.types.intType(), l), l), l);
  }
  const M::Expr* funcRef(M::FuncId f, M::SrcLoc l) {
    M::Expr e;
    e.kind = M::ExprKind::Func;
    e.func = f;
    e.type = prog_.types.pointer(prog_.funcs[f].type);
    e.loc = l;
    return mk(std::move(e));
  }
  const M::Expr* truthy(const M::Expr* c, M::SrcLoc l) {
    if (!c->type || c->type->kind == M::TypeKind::Int || c->type->kind == M::TypeKind::Bool)
      return c;
    return binary(M::Op::Ne, c, zeroOf(c->type, l), prog_.types.intType(), l);
  }
  /// c as an int that is 0 or 1: c itself when it is a relation or logical
  /// operation already, else c != 0 (a _Bool converts to 0 or 1).
  const M::Expr* zeroOrOne(const M::Expr* c, M::SrcLoc l) {
    if (c->type && c->type->kind == M::TypeKind::Bool)
      return cast(c, prog_.types.intType(), l);
    if (c->kind == M::ExprKind::Binary || c->kind == M::ExprKind::Unary) {
      switch (c->op) {
      case M::Op::Lt:
      case M::Op::Gt:
      case M::Op::Le:
      case M::Op::Ge:
      case M::Op::Eq:
      case M::Op::Ne:
      case M::Op::LogAnd:
      case M::Op::LogOr:
      case M::Op::LogNot:
        return c;
      default:
        break;
      }
    }
    return binary(M::Op::Ne, c, zeroOf(c->type, l), prog_.types.intType(), l);
  }
  const M::Expr* negate(const M::Expr* c, M::SrcLoc l) {
    return unary(M::Op::LogNot, c, prog_.types.intType(), l);
  }

  const M::Expr* rv(const Expr* e);
  const M::Expr* lv(const Expr* e);
  void effect(const Expr* e);
  const M::Expr* castExpr(const CastExpr* c);
  const M::Expr* funcDesignator(const Expr* e);
  const M::Expr* incdec(const UnaryOperator* u, bool wantValue);
  const M::Expr* assign(const BinaryOperator* b, bool wantValue);
  /// A modification Clang found unsequenced with another access of the same
  /// object (FrontState::unsequenced): a call of `$unsequenced` with Clang's
  /// message, UNDEFINED_BEHAVIOR when it runs (lib/exec/Builtins.cpp).
  void unsequencedCheck(const Expr* mod);
  const M::Expr* callExpr(const CallExpr* ce, const M::Expr* dest, bool wantValue);
  /// The model type of an MPI handle (`MPI_Comm`, ...) when `pointee` is the
  /// incomplete struct a handle type of mpi.h points to, else null.
  const M::Type* mpiHandleType(QualType pointee);
  const M::Expr* logical(const BinaryOperator* b, bool wantValue);
  const M::Expr* conditional(const ConditionalOperator* c, bool wantValue);
  const M::Expr* sizeOf(const UnaryExprOrTypeTraitExpr* u);
  const M::Expr* sizeOfType(const M::Type* t, M::SrcLoc l);
  const M::Expr* inputMacroUse(const Expr* e);
  const M::Expr* namedConstant(const Expr* e);
  bool mentionsInputMacro(const Expr* e);
  bool isAssertExpansion(const Expr* e);
  void lowerAssert(const Expr* e);
  const M::Expr* realLiteral(const FloatingLiteral* f);
  void initialize(const M::Expr* dst, const Expr* init);
  void zeroFill(const M::Expr* dst, M::SrcLoc l);
  /// Zero-fills dst[from], ..., dst[to - 1] with a loop.
  void zeroFillLoop(const M::Expr* dst, uint64_t from, uint64_t to, M::SrcLoc l);
  M::VarId temp(const M::Type* t);
  /// Whether evaluating e does more than compute a value: side effects, or a
  /// call (also of a `pure`/`const` function such as strlen or atoi: a
  /// call is a statement of the model and may fail, so `p && strlen(p)`
  /// and `c ? atoi(s) : 0` must not call it where C does not).
  bool hasSE(const Expr* e) { return !inPassert_ && (e->HasSideEffects(ctx_) || hasCall(e)); }
  bool hasCall(const Stmt* s) {
    if (!s || isa<UnaryExprOrTypeTraitExpr>(s)) // sizeof: not evaluated
      return false;
    if (isa<CallExpr>(s) || isa<AtomicExpr>(s) || atomicRead(s))
      return true; // (an atomic operation is a call of its model)
    auto it = hasCall_.find(s);
    if (it != hasCall_.end())
      return it->second;
    bool r = false;
    for (const Stmt* c : s->children())
      if (hasCall(c)) {
        r = true;
        break;
      }
    return hasCall_[s] = r;
  }
  std::unordered_map<const Stmt*, bool> hasCall_;

  // --- graph construction -----------------------------------------------
  M::Function& fn() { return prog_.funcs[S->fid]; }
  bool reachable() const { return S->cur != kNone || !S->pend.empty(); }
  M::LocId here(M::SrcLoc l) {
    if (S->cur != kNone)
      return S->cur;
    M::LocId n = fn().addLoc(l);
    for (M::TransId t : S->pend)
      fn().trans[t].to = n;
    S->pend.clear();
    S->cur = n;
    return n;
  }
  M::TransId addTrans(M::LocId from, M::LocId to, const M::Expr* guard, M::Stmt s, M::SrcLoc l) {
    M::Transition t;
    t.from = from;
    t.to = to;
    t.guard = guard;
    t.stmt = std::move(s);
    t.loc = l;
    return fn().addTrans(std::move(t));
  }
  void emit(M::Stmt s, M::SrcLoc l, const M::Expr* guard = nullptr) {
    M::LocId from = here(l);
    M::TransId t = addTrans(from, kNone, guard, std::move(s), l);
    S->cur = kNone;
    S->pend = {t};
  }
  void emitAssign(const M::Expr* lhs, const M::Expr* rhs, M::SrcLoc l) {
    // a store into a bit-field converts to its width (gcc: modulo 2^w)
    if (lhs->type && lhs->type->bitField && rhs->type != lhs->type && rhs->type &&
        (rhs->type->kind == M::TypeKind::Int || rhs->type->kind == M::TypeKind::Bool))
      rhs = intCast(rhs, lhs->type, l);
    M::Stmt s;
    s.kind = M::StmtKind::Assign;
    s.lhs = lhs;
    s.rhs = rhs;
    emit(std::move(s), l);
  }
  std::vector<M::TransId> takeFlow() {
    if (S->cur != kNone) {
      M::TransId t = addTrans(S->cur, kNone, nullptr, M::Stmt{}, fn().locs[S->cur].loc);
      S->cur = kNone;
      S->pend.clear();
      return {t};
    }
    auto p = std::move(S->pend);
    S->pend.clear();
    return p;
  }
  void setFlow(std::vector<M::TransId> p) {
    S->cur = kNone;
    S->pend = std::move(p);
  }
  void addFlow(std::vector<M::TransId> p) {
    if (p.empty())
      return;
    if (S->cur != kNone) {
      for (M::TransId t : p)
        fn().trans[t].to = S->cur;
      return;
    }
    S->pend.insert(S->pend.end(), p.begin(), p.end());
  }
  void flowTo(M::LocId target) {
    for (M::TransId t : takeFlow())
      fn().trans[t].to = target;
  }
  std::pair<std::vector<M::TransId>, std::vector<M::TransId>> branch(const M::Expr* c,
                                                                     M::SrcLoc l) {
    if (c->kind == M::ExprKind::IntLit && c->fitsInt64) {
      auto f = takeFlow();
      if (c->ival != 0)
        return {f, {}};
      return {{}, f};
    }
    M::LocId from = here(l);
    M::TransId t = addTrans(from, kNone, c, M::Stmt{}, l);
    M::TransId f = addTrans(from, kNone, negate(c, l), M::Stmt{}, l);
    S->cur = kNone;
    S->pend.clear();
    return {{t}, {f}};
  }
  M::LocId loopHead(M::SrcLoc l) {
    M::LocId h = fn().addLoc(l, true);
    flowTo(h);
    S->cur = h;
    return h;
  }
  void killScopes(size_t downTo, M::SrcLoc l) {
    for (size_t i = S->scopes.size(); i-- > downTo;) {
      auto& vs = S->scopes[i].vars;
      for (auto it = vs.rbegin(); it != vs.rend(); ++it) {
        if (auto c = cleanups_.find(*it); c != cleanups_.end()) {
          // GCC's cleanup attribute: its function gets the variable's address
          // as the scope is left (in reverse order of declaration)
          M::Stmt call;
          call.kind = M::StmtKind::Call;
          call.callee = funcRef(funcFor(c->second), l);
          call.args = {addrOf(varRef(*it, l), l)};
          emit(std::move(call), l);
        }
        M::Stmt s;
        s.kind = M::StmtKind::Kill;
        s.var = *it;
        emit(std::move(s), l);
      }
      if (S->scopes[i].passert >= 0)
        passertMark(false, S->scopes[i].passert, l);
    }
  }
  /// `$passert_begin(k)` / `$passert_end(k)`: the BEGIN and END events of
  /// parallel assertion k (seed 003 §IV-D; lib/exec/threads/Passert.cpp).
  void passertMark(bool begin, int k, M::SrcLoc l) {
    M::FuncId f =
        syntheticFunc(begin ? "$passert_begin" : "$passert_end",
                      prog_.types.function(prog_.types.voidType(), {prog_.types.intType()}, false));
    M::Stmt s;
    s.kind = M::StmtKind::Call;
    s.callee = funcRef(f, l);
    s.args = {intLit(k, prog_.types.intType(), l)};
    emit(std::move(s), l);
  }

  /// Atomic operations (C11 `_Atomic` objects, <stdatomic.h>, the GCC
  /// `__atomic_*` and `__sync_*` builtins) become calls of the models of
  /// lib/exec/threads/Atomics.cpp: `$atomic_load(p)`, `$atomic_store(p, v)`,
  /// `$atomic_rmw(p, v, op)` (the old value; op an AtomicOp),
  /// `$atomic_cmpxchg(p, expected, desired)` (the old value; desired stored
  /// when it equals expected) and `$atomic_cas(p, expected*, desired, weak)`
  /// (1 on success, else *expected gets the value; a weak one may also fail
  /// spuriously). Each is one transition, sequentially consistent whatever
  /// memory order the program names.
  /// `_Thread_local`: the variable is an array of model::kThreadLocalSlots
  /// objects, one per thread slot; a use is the moving thread's element,
  /// `x[$thread]` (lib/exec/threads: Machine evaluates `$thread`).
  const M::Type* tlsType(const M::Type* t, bool tls) {
    return tls ? prog_.types.array(t, M::kThreadLocalSlots) : t;
  }
  const M::Expr* globalRef(M::VarId g, M::SrcLoc l) {
    const M::Expr* r = varRef(g, l);
    if (!prog_.vars[g].threadLocal)
      return r;
    M::Expr e;
    e.kind = M::ExprKind::Builtin;
    e.name = "$thread";
    e.type = prog_.types.intType();
    e.loc = l;
    return index(r, mk(std::move(e)), l);
  }
  /// Thread-specific data (pthread_key_create, ...; lib/exec/threads/Keys.cpp)
  /// lives in three hidden globals made when the program first names one of
  /// those functions: `$tsd_values` (thread-local: void *[kTsdKeys] per
  /// thread), `$tsd_state` (int[kTsdKeys]: 0 free, 1 created, 2 deleted) and
  /// `$tsd_dtors` (void *[kTsdKeys], the destructors).
  void ensureTsd(M::SrcLoc l) {
    if (tsdDone_)
      return;
    tsdDone_ = true;
    FnState* saved = S;
    S = &initS_;
    struct Restore {
      Lowerer* lw;
      FnState* s;
      ~Restore() { lw->S = s; }
    } restore{this, saved};
    const M::Type* vp = prog_.types.pointer(prog_.types.voidType());
    const M::Type* keys = prog_.types.array(vp, M::kTsdKeys);
    auto add = [&](const char* name, const M::Type* t, bool tls) {
      M::Variable v;
      v.name = name;
      v.type = tls ? prog_.types.array(t, M::kThreadLocalSlots) : t;
      v.kind = M::VarKind::Global;
      v.threadLocal = tls;
      v.loc = l;
      M::VarId id = prog_.addVar(std::move(v));
      zeroFill(varRef(id, l), l);
    };
    add("$tsd_values", keys, true);
    add("$tsd_state", prog_.types.array(prog_.types.intType(), M::kTsdKeys), false);
    add("$tsd_dtors", keys, false);
  }
  bool tsdDone_ = false;
  /// Cleanup handlers (pthread_cleanup_push, lib/exec/threads/Cancel.cpp):
  /// `$cleanup_fn` and `$cleanup_arg` (thread-local: void *[kCleanupHandlers]
  /// per thread) and `$cleanup_n` (thread-local int: how many are pushed).
  void ensureCleanup(M::SrcLoc l) {
    if (cleanupDone_)
      return;
    cleanupDone_ = true;
    FnState* saved = S;
    S = &initS_;
    struct Restore {
      Lowerer* lw;
      FnState* s;
      ~Restore() { lw->S = s; }
    } restore{this, saved};
    const M::Type* vp = prog_.types.pointer(prog_.types.voidType());
    auto add = [&](const char* name, const M::Type* t) {
      M::Variable v;
      v.name = name;
      v.type = prog_.types.array(t, M::kThreadLocalSlots);
      v.kind = M::VarKind::Global;
      v.threadLocal = true;
      v.loc = l;
      M::VarId id = prog_.addVar(std::move(v));
      zeroFill(varRef(id, l), l);
    };
    add("$cleanup_fn", prog_.types.array(vp, M::kCleanupHandlers));
    add("$cleanup_arg", prog_.types.array(vp, M::kCleanupHandlers));
    add("$cleanup_n", prog_.types.intType());
  }
  bool cleanupDone_ = false;
  /// Locals with GCC's cleanup attribute: the function called at scope exit.
  std::map<M::VarId, const FunctionDecl*> cleanups_;
  enum AtomicOp { AXchg = 0, AAdd, ASub, AAnd, AOr, AXor, ANand };
  /// `order`, when given, is the operation's memory order if it may be
  /// weaker than seq_cst: the model's last argument (it makes `verified`
  /// impossible, lib/exec/threads/Atomics.cpp).
  const M::Expr* atomicCall(const char* op, std::vector<const M::Expr*> args, const M::Type* rt,
                            M::SrcLoc l, const M::Expr* order = nullptr) {
    M::FuncId f = syntheticFunc(std::string("$atomic_") + op,
                                prog_.types.function(prog_.types.intType(), {}, true));
    M::Stmt s;
    s.kind = M::StmtKind::Call;
    s.callee = funcRef(f, l);
    s.args = std::move(args);
    if (order)
      s.args.push_back(order);
    const M::Expr* result = nullptr;
    if (rt) {
      M::VarId t = temp(rt);
      s.lhs = varRef(t, l);
      result = s.lhs;
    }
    emit(std::move(s), l);
    return result;
  }
  /// `old op v` (the new value of an atomic read-modify-write).
  const M::Expr* atomicApply(AtomicOp op, const M::Expr* old, const M::Expr* v, M::SrcLoc l) {
    const M::Type* t = old->type;
    switch (op) {
    case AAdd:
      return binary(M::Op::Add, old, v, t, l);
    case ASub:
      return binary(M::Op::Sub, old, v, t, l);
    case AAnd:
      return binary(M::Op::BitAnd, old, v, t, l);
    case AOr:
      return binary(M::Op::BitOr, old, v, t, l);
    case AXor:
      return binary(M::Op::BitXor, old, v, t, l);
    case ANand:
      return unary(M::Op::BitNot, binary(M::Op::BitAnd, old, v, t, l), t, l);
    default:
      return v;
    }
  }
  /// The integer (or, for an exchange, pointer) value type an atomic
  /// operation acts on, from the type of its pointer operand.
  const M::Type* atomicValueType(QualType ptrType, SourceLocation at, bool arith) {
    QualType vt = ptrType->getPointeeType();
    if (auto* a = vt->getAs<AtomicType>())
      vt = a->getValueType();
    const M::Type* t = ty(vt, at);
    if (arith && t->kind != M::TypeKind::Int)
      unsupported(at, "an atomic arithmetic operation on the type '" + vt.getAsString() + "'");
    if (!arith && t->kind != M::TypeKind::Int && t->kind != M::TypeKind::Pointer &&
        t->kind != M::TypeKind::Bool)
      unsupported(at, "an atomic operation on the type '" + vt.getAsString() + "'");
    return t;
  }
  const M::Expr* atomicExpr(const AtomicExpr* a, bool wantValue);
  /// The memory order of `a` (the weaker of its success and failure orders)
  /// unless both are the constant seq_cst: then null.
  const M::Expr* weakOrder(const AtomicExpr* a);
  /// The memory order `o` as an argument of a model, or null if it is the
  /// constant seq_cst.
  const M::Expr* orderUnlessSeqCst(const Expr* o);
  const M::Expr* syncBuiltin(const CallExpr* ce, const std::string& name, bool wantValue);
  /// e reads an `_Atomic` object (an lvalue-to-rvalue conversion of one).
  static bool atomicRead(const Stmt* s) {
    auto* ic = dyn_cast<ImplicitCastExpr>(s);
    return ic && ic->getCastKind() == CK_LValueToRValue &&
           ic->getSubExpr()->getType()->isAtomicType();
  }

  // --- statements -------------------------------------------------------
  void stmt(const Stmt* s);
  void compound(const CompoundStmt* cs);
  void localDecl(const VarDecl* vd);
  void loopStmt(const Stmt* s, const std::vector<CapturedAnnot*>& loopAnnots);
  void switchStmt(const SwitchStmt* s);
  void returnStmt(const ReturnStmt* r);
  void gotoStmt(const GotoStmt* g);
  void thruBlock(const CallExpr* thru, const CompoundStmt* body, const CallExpr* pass);
  void collectLabels(const Stmt* s, std::vector<const Stmt*>& chain);

  // --- declarations -----------------------------------------------------
  M::VarId globalFor(const VarDecl* vd);
  M::FuncId funcFor(const FunctionDecl* fd);
  M::FuncId syntheticFunc(const std::string& name, const M::Type* t);
  /// A GNU statement expression `({ ... })`: its statements, then its value.
  const M::Expr* stmtExpr(const StmtExpr* se, bool wantValue);
  /// A variadic function of the program, not of the C library or MPI: its
  /// calls pass the arguments beyond the named ones in a record of the
  /// caller (one field per argument, of its promoted type), through a
  /// pointer to its first field as a hidden last argument, which the
  /// definition receives as `$va`; va_list holds a pointer to the next
  /// field, va_arg reads it and moves on (lib/exec/Varargs.cpp).
  bool userVariadic(const FunctionDecl* fd);
  /// The hidden argument of a call of a user variadic function: the record
  /// of arguments named.. of ce, filled here (a null pointer when none).
  const M::Expr* variadicArgs(const CallExpr* ce, size_t named, M::SrcLoc l, M::VarId& record);
  void lowerFunction(const FunctionDecl* fd);
  const M::Type* declType(const VarDecl* vd);
  const M::Type* wideBitFieldArith(const Expr* x, const Expr* other);
  void initGlobal(M::VarId v, const VarDecl* vd, bool isInput);

  // --- annotations ----------------------------------------------------
  std::vector<CapturedAnnot*> annotsAt(SourceLocation l) {
    auto it = byNext_.find(key(l));
    if (it == byNext_.end())
      return {};
    std::vector<CapturedAnnot*> r;
    for (auto* a : it->second)
      if (!a->done)
        r.push_back(a);
    return r;
  }
  void applyDeclAnnots(const std::vector<CapturedAnnot*>& as, M::VarId v, const VarDecl* vd);
  bool moreDeclarators(const CapturedAnnot& a, const VarDecl* vd);
  bool declAnnotIsInput(const std::vector<CapturedAnnot*>& as) {
    for (auto* a : as)
      if (a->needs == annot::Needs::Declaration && !a->toks.empty() && a->toks[0].text == "input")
        return true;
    return false;
  }
  void applyAt(CapturedAnnot* a, const annot::Target& t);
  void createInputMacros();
  void finishAnnotations();

  friend class LowerScope;
  ASTContext& ctx_;
  Preprocessor& pp_;
  SourceManager& sm_;
  FrontState& st_;
  M::Program& prog_;
  DiagnosticSink& diags_;

  FnState initS_;
  LinkState& link_;
  /// A second definition of the external symbol `name` (functions and
  /// globals): the linker's "multiple definition" error.
  bool duplicateDefinition(const std::string& name, SourceLocation at);
  const M::Type* functionType(const FunctionDecl* d);
  FnState* S = nullptr;
  std::map<const VarDecl*, M::VarId> globals_;
  std::map<const FunctionDecl*, M::FuncId> funcs_;
  std::vector<const FunctionDecl*> worklist_;
  std::set<const FunctionDecl*> lowered_;
  std::map<const RecordDecl*, M::Type*> records_;
  std::map<std::string, const VarDecl*> globalDecls_;
  std::map<std::string, const FunctionDecl*> funcDecls_;
  std::map<std::string, long long> enumConsts_;
  std::map<std::string, const TypedefNameDecl*> typedefs_;
  std::map<unsigned, std::vector<CapturedAnnot*>> byNext_;
  std::map<unsigned, const FunctionDecl*> funcAtKey_;
  bool inPassert_ = false;
  bool eraseVM_ = false;
  bool wideBitFields_ = false; ///< a bit-field wider than int was declared
};

/// Names visible at an annotated point: the block scopes (snapshot), then
/// globals, functions, enum constants and typedefs of the translation unit.
class LowerScope : public annot::Scope {
public:
  LowerScope(Lowerer& l, std::map<std::string, M::VarId> visible)
      : l_(l), visible_(std::move(visible)) {}
  M::VarId lookupVar(const std::string& n) const override {
    auto it = visible_.find(n);
    if (it != visible_.end())
      return it->second;
    return l_.globalByName(n);
  }
  M::FuncId lookupFunc(const std::string& n) const override { return l_.funcByName(n); }
  std::optional<long long> lookupConstant(const std::string& n) const override {
    return l_.constantByName(n);
  }
  const M::Type* lookupTypedef(const std::string& n) const override { return l_.typedefByName(n); }

private:
  Lowerer& l_;
  std::map<std::string, M::VarId> visible_;
};

// ============================================================================
// Types
// ============================================================================

const M::Type* Lowerer::ty(QualType q, SourceLocation at) {
  if (q.isNull())
    return prog_.types.voidType();
  if (q->isVariablyModifiedType()) {
    if (const ArrayType* a = ctx_.getAsArrayType(q)) {
      if (auto* v = dyn_cast<VariableArrayType>(a)) {
        // Inside a function type the length is not part of it; `[*]` (a
        // prototype's VLA parameter, the type of an argument converted to
        // it: `f(n, m, grid)` for `void f(int n, int m, int a[n][m])`) has
        // no length.
        if (eraseVM_ || !v->getSizeExpr())
          return prog_.types.array(ty(v->getElementType(), at), std::nullopt);
        auto it = S ? S->vla.find(v) : decltype(S->vla.end()){};
        if (!S || it == S->vla.end())
          unsupported(at, "this use of a variable-length array type");
        return it->second;
      }
      if (auto* c = dyn_cast<ConstantArrayType>(a))
        return prog_.types.array(ty(c->getElementType(), at), c->getSize().getZExtValue());
      return prog_.types.array(ty(a->getElementType(), at), std::nullopt);
    }
    if (auto* p = q->getAs<PointerType>())
      return prog_.types.pointer(ty(p->getPointeeType(), at));
    unsupported(at, "this variably modified type");
  }
  return tyCanon(ctx_.getCanonicalType(q).getTypePtr(), at);
}

const M::Type* Lowerer::mpiHandleType(QualType pointee) {
  // The MPI handle types of lib/front/headers/mpi.h are pointers to the
  // incomplete structs `chorus_MPI_Comm`, ...; the model holds the handle's
  // value (kind << 24 | index, 0 for NULL) as a 32-bit integer named after
  // the handle type, which is how lib/exec/mpi reads and writes handles.
  if (pointee.isNull())
    return nullptr;
  auto* r = pointee->getAs<RecordType>();
  if (!r)
    return nullptr;
  llvm::StringRef tag = r->getDecl()->getName();
  if (!tag.startswith("chorus_MPI_") || r->getDecl()->getDefinition())
    return nullptr;
  return prog_.types.integer(tag.drop_front(sizeof("chorus_") - 1).str(), 32, true);
}

const M::Type* Lowerer::tyCanon(const clang::Type* t, SourceLocation at) {
  auto& T = prog_.types;
  if (auto* b = dyn_cast<BuiltinType>(t)) {
    switch (b->getKind()) {
    case BuiltinType::Void:
      return T.voidType();
    case BuiltinType::Bool:
      return T.boolType();
    case BuiltinType::Char_S:
    case BuiltinType::Char_U:
      return T.charType();
    case BuiltinType::SChar:
      return T.integer("signed char", 8, true, true);
    case BuiltinType::UChar:
      return T.integer("unsigned char", 8, false, true);
    case BuiltinType::Short:
      return T.integer("short", 16, true);
    case BuiltinType::UShort:
      return T.integer("unsigned short", 16, false);
    case BuiltinType::Int:
      return T.intType();
    case BuiltinType::UInt:
      return T.integer("unsigned int", 32, false);
    case BuiltinType::Long:
      return T.integer("long", 64, true);
    case BuiltinType::ULong:
      return T.sizeType();
    case BuiltinType::LongLong:
      return T.integer("long long", 64, true);
    case BuiltinType::ULongLong:
      return T.integer("unsigned long long", 64, false);
    case BuiltinType::Int128:
      return T.integer("__int128", 128, true);
    case BuiltinType::UInt128:
      return T.integer("unsigned __int128", 128, false);
    case BuiltinType::WChar_S:
    case BuiltinType::WChar_U:
      return T.intType();
    case BuiltinType::Char16:
      return T.integer("unsigned short", 16, false);
    case BuiltinType::Char32:
      return T.integer("unsigned int", 32, false);
    case BuiltinType::Float:
      return T.real("float", 32);
    case BuiltinType::Double:
      return T.doubleType();
    case BuiltinType::LongDouble:
      return T.real("long double", 128);
    default:
      unsupported(at, "the type '" + QualType(b, 0).getAsString() + "'");
    }
  }
  if (auto* p = dyn_cast<PointerType>(t)) {
    if (const M::Type* h = mpiHandleType(p->getPointeeType()))
      return h;
    return T.pointer(ty(p->getPointeeType(), at));
  }
  if (auto* c = dyn_cast<ConstantArrayType>(t))
    return T.array(ty(c->getElementType(), at), c->getSize().getZExtValue());
  if (auto* ia = dyn_cast<IncompleteArrayType>(t))
    return T.array(ty(ia->getElementType(), at), std::nullopt);
  if (auto* r = dyn_cast<RecordType>(t)) {
    // x86-64's va_list is `struct __va_list_tag[1]`: the model keeps one
    // pointer in it, to the next variadic argument (userVariadic)
    if (r->getDecl()->getName() == "__va_list_tag")
      return T.pointer(T.voidType());
    return recordType(r->getDecl(), at);
  }
  if (auto* e = dyn_cast<EnumType>(t)) {
    const EnumDecl* ed = e->getDecl();
    std::string name;
    if (!ed->getName().empty())
      name = "enum " + ed->getName().str();
    else if (auto* td = ed->getTypedefNameForAnonDecl())
      name = td->getName().str();
    else
      name = "enum <anonymous>";
    bool isSigned = ed->getIntegerType().isNull() || ed->getIntegerType()->isSignedIntegerType();
    return T.enumType(name, isSigned);
  }
  if (auto* fp = dyn_cast<FunctionProtoType>(t)) {
    std::vector<const M::Type*> ps;
    bool saved = eraseVM_;
    eraseVM_ = true;
    for (QualType p : fp->getParamTypes())
      ps.push_back(ty(p, at));
    eraseVM_ = saved;
    return T.function(ty(fp->getReturnType(), at), std::move(ps), fp->isVariadic());
  }
  if (auto* fn = dyn_cast<FunctionNoProtoType>(t))
    return T.function(ty(fn->getReturnType(), at), {}, false);
  if (auto* at2 = dyn_cast<AtomicType>(t)) // stored as its value type (accesses: atomicCall)
    return ty(at2->getValueType(), at);
  if (isa<ComplexType>(t))
    unsupported(at, "the complex type '" + QualType(t, 0).getAsString() + "'");
  if (isa<VectorType>(t))
    unsupported(at, "the vector type '" + QualType(t, 0).getAsString() + "'");
  unsupported(at, "the type '" + QualType(t, 0).getAsString() + "'");
}

const M::Type* Lowerer::recordType(const RecordDecl* rd, SourceLocation at) {
  rd = rd->getDefinition() ? rd->getDefinition() : rd;
  auto it = records_.find(rd);
  if (it != records_.end())
    return it->second;
  std::string tag = rd->getName().str();
  std::string tdName;
  if (tag.empty())
    if (auto* td = rd->getTypedefNameForAnonDecl())
      tdName = td->getName().str();
  M::Type* r = prog_.types.record(rd->isUnion() ? M::TypeKind::Union : M::TypeKind::Struct,
                                  tag.empty() ? std::string() : tag);
  if (!tdName.empty())
    r->name = tdName;
  records_[rd] = r;
  if (!rd->isCompleteDefinition())
    return r;
  std::vector<M::Field> fields;
  const ASTRecordLayout* layout = rd->isInvalidDecl() ? nullptr : &ctx_.getASTRecordLayout(rd);
  for (const FieldDecl* f : rd->fields()) {
    const M::Type* ft = ty(f->getType(), f->getLocation());
    if (f->isBitField()) {
      // an integer of the field's width (C11 6.7.2.1p10; a plain `int`
      // bit-field is signed, as gcc has it); _Bool bit-fields stay _Bool
      unsigned w = f->getBitWidthValue(ctx_);
      wideBitFields_ = wideBitFields_ || (ft->kind == M::TypeKind::Int && w > 32 && w < ft->bits);
      if (ft->kind == M::TypeKind::Int && w < ft->bits)
        ft = prog_.types.bitField(ft, w);
      else if (ft->kind != M::TypeKind::Int && ft->kind != M::TypeKind::Bool)
        unsupported(f->getLocation(), "bit-field '" + f->getName().str() + "'");
    }
    fields.push_back({f->getName().str(), ft,
                      layout ? int64_t(layout->getFieldOffset(f->getFieldIndex()) / 8) : -1});
  }
  uint64_t size = 0;
  if (!rd->isInvalidDecl())
    size = ctx_.getTypeSizeInChars(ctx_.getRecordType(rd)).getQuantity();
  prog_.types.complete(r, std::move(fields), size);
  return r;
}

/// Evaluates the lengths of the variable-length array types inside `q` into
/// temps (in the current function), so that ty(q) can name them.
void Lowerer::prepareVM(QualType q, SourceLocation at) {
  if (!q->isVariablyModifiedType())
    return;
  if (const ArrayType* a = ctx_.getAsArrayType(q)) {
    prepareVM(a->getElementType(), at);
    if (auto* v = dyn_cast<VariableArrayType>(a)) {
      if (S->vla.count(v))
        return;
      if (!v->getSizeExpr())
        unsupported(at, "a variable-length array of unspecified size '[*]'");
      const M::Expr* len = rv(v->getSizeExpr());
      M::VarId t = temp(prog_.types.sizeType());
      emitAssign(varRef(t, sl(at)), len, sl(v->getSizeExpr()->getBeginLoc()));
      S->vla[v] = prog_.types.vla(ty(v->getElementType(), at), t);
    }
    return;
  }
  if (auto* p = q->getAs<PointerType>()) {
    prepareVM(p->getPointeeType(), at);
    return;
  }
  unsupported(at, "this variably modified type");
}

M::VarId Lowerer::temp(const M::Type* t) {
  M::Variable v;
  v.name = "$t" + std::to_string(S->temps++);
  v.type = t;
  v.kind = M::VarKind::Temp;
  v.func = S->fid;
  M::VarId id = prog_.addVar(std::move(v));
  fn().locals.push_back(id);
  return id;
}

// ============================================================================
// Expressions
// ============================================================================

const M::Expr* Lowerer::inputMacroUse(const Expr* e) {
  if (st_.inputMacros.empty())
    return nullptr;
  SourceLocation b = e->getBeginLoc(), en = e->getEndLoc();
  if (!b.isMacroID() || !en.isMacroID())
    return nullptr;
  for (auto& [name, im] : st_.inputMacros) {
    if (!im.mi || im.mi->getNumTokens() == 0 || im.var == kNone)
      continue;
    SourceLocation first = im.mi->tokens().front().getLocation();
    SourceLocation last = im.mi->tokens().back().getLocation();
    if (sm_.getSpellingLoc(b) != first || sm_.getSpellingLoc(en) != last)
      continue;
    if (sm_.getImmediateExpansionRange(b).getBegin() !=
        sm_.getImmediateExpansionRange(en).getBegin())
      continue;
    return varRef(im.var, sl(b));
  }
  return nullptr;
}

bool Lowerer::isAssertExpansion(const Expr* e) {
  SourceLocation b = e->getBeginLoc();
  if (!b.isMacroID() || sm_.isMacroArgExpansion(b))
    return false;
  if (Lexer::getImmediateMacroName(b, sm_, ctx_.getLangOpts()) != "assert")
    return false;
  // The whole expansion: the expression must end where the expansion ends.
  SourceLocation en = e->getEndLoc();
  return en.isMacroID() &&
         sm_.getExpansionRange(b).getEnd() == sm_.getExpansionRange(en).getEnd() &&
         sm_.getExpansionLoc(b) == sm_.getExpansionLoc(en);
}

void Lowerer::lowerAssert(const Expr* e) {
  // glibc: ((expr) ? (void)0 : __assert_fail(...)) in strict C, and
  // ((void) sizeof ((expr) ? 1 : 0), __extension__ ({ if (expr) ; else ... }))
  // in GNU C. Either way the first conditional holds the asserted expression.
  const Expr* cond = nullptr;
  std::function<void(const Stmt*)> find = [&](const Stmt* s) {
    if (!s || cond)
      return;
    if (auto* co = dyn_cast<ConditionalOperator>(s)) {
      cond = co->getCond();
      return;
    }
    if (auto* is = dyn_cast<IfStmt>(s)) {
      cond = is->getCond();
      return;
    }
    for (const Stmt* c : s->children())
      find(c);
  };
  find(e);
  if (!cond)
    return; // NDEBUG: assert expands to nothing
  M::SrcLoc l = sl(e->getBeginLoc());
  const M::Expr* c = truthy(rv(cond), l);
  M::FuncId f = syntheticFunc(
      "assert", prog_.types.function(prog_.types.voidType(), {prog_.types.intType()}, false));
  M::Stmt s;
  s.kind = M::StmtKind::Call;
  s.callee = funcRef(f, l);
  s.args = {c};
  emit(std::move(s), l);
}

const M::Expr* Lowerer::realLiteral(const FloatingLiteral* f) {
  M::Expr e;
  e.kind = M::ExprKind::RealLit;
  e.type = ty(f->getType(), f->getLocation());
  e.loc = sl(f->getLocation());
  SourceLocation sp = sm_.getSpellingLoc(f->getLocation());
  std::string text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(sp), sm_, ctx_.getLangOpts()).str();
  while (!text.empty() &&
         (text.back() == 'f' || text.back() == 'F' || text.back() == 'l' || text.back() == 'L') &&
         !(text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') &&
           text.find_first_of("pP") == std::string::npos))
    text.pop_back();
  if (text.empty()) {
    llvm::SmallString<32> buf;
    f->getValue().toString(buf);
    text = buf.str().str();
  }
  e.text = text;
  return mk(std::move(e));
}

// An integer constant expression written as one object-like macro (e.g.
// MPI_COMM_WORLD, MPI_INT, N) is folded to its value and keeps the macro's
// name for display, so dumps and traces read as the source does.
bool Lowerer::mentionsInputMacro(const Expr* e) {
  if (!e || st_.inputMacros.empty())
    return false;
  if (inputMacroUse(e))
    return true;
  for (const Stmt* c : e->children())
    if (const auto* ce = dyn_cast_or_null<Expr>(c); ce && mentionsInputMacro(ce))
      return true;
  return false;
}

const M::Expr* Lowerer::namedConstant(const Expr* e) {
  SourceLocation b = e->getBeginLoc(), en = e->getEndLoc();
  // (an MPI handle constant is an integer constant cast to the handle type)
  const M::Type* handle =
      e->getType()->isPointerType() ? mpiHandleType(e->getType()->getPointeeType()) : nullptr;
  if (!b.isMacroID() || !en.isMacroID() || !(e->getType()->isIntegerType() || handle))
    return nullptr;
  const LangOptions& lo = ctx_.getLangOpts();
  SourceLocation mb, me;
  if (!Lexer::isAtStartOfMacroExpansion(b, sm_, lo, &mb) ||
      !Lexer::isAtEndOfMacroExpansion(en, sm_, lo, &me))
    return nullptr;
  CharSourceRange r = sm_.getExpansionRange(b);
  if (r.getBegin() != mb || sm_.getExpansionRange(en).getBegin() != r.getBegin())
    return nullptr;
  std::string name = Lexer::getSourceText(r, sm_, lo).str();
  if (name.empty() || !(isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_'))
    return nullptr;
  for (char c : name)
    if (!isalnum(static_cast<unsigned char>(c)) && c != '_')
      return nullptr;
  // A macro over an input macro (`#define LAST (N - 1)`) is not a constant:
  // folded, it had N's default value in it (a false out-of-bounds report
  // for a smaller N).
  if (mentionsInputMacro(e))
    return nullptr;
  const Expr* ie = e;
  if (handle) {
    auto* c = dyn_cast<CastExpr>(e->IgnoreParens());
    if (!c || c->getCastKind() != CK_IntegralToPointer)
      return nullptr;
    ie = c->getSubExpr();
  }
  std::optional<llvm::APSInt> v = ie->getIntegerConstantExpr(ctx_);
  if (!v)
    return nullptr;
  M::Expr x;
  x.kind = M::ExprKind::IntLit;
  x.type = handle ? handle : ty(e->getType(), e->getExprLoc());
  x.loc = sl(e->getExprLoc());
  x.text = llvm::toString(*v, 10);
  x.fitsInt64 = v->isSigned() ? v->isSignedIntN(64) : v->isIntN(63);
  x.ival = x.fitsInt64 ? v->getExtValue() : 0;
  x.macro = name;
  return mk(std::move(x));
}

const M::Expr* Lowerer::rv(const Expr* e) {
  if (const M::Expr* m = inputMacroUse(e))
    return m;
  if (const M::Expr* m = namedConstant(e))
    return m;
  M::SrcLoc l = sl(e->getExprLoc());
  switch (e->getStmtClass()) {
  case Stmt::ParenExprClass:
    return rv(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::ConstantExprClass:
    return rv(cast<ConstantExpr>(e)->getSubExpr());
  case Stmt::IntegerLiteralClass: {
    auto* il = cast<IntegerLiteral>(e);
    M::Expr x;
    x.kind = M::ExprKind::IntLit;
    x.type = ty(e->getType(), e->getExprLoc());
    x.loc = l;
    llvm::APInt v = il->getValue();
    bool isSigned = e->getType()->isSignedIntegerType();
    x.text = llvm::toString(v, 10, isSigned);
    x.fitsInt64 = isSigned ? v.isSignedIntN(64) : v.isIntN(63);
    x.ival = x.fitsInt64 ? (isSigned ? v.getSExtValue() : (long long)v.getZExtValue()) : 0;
    return mk(std::move(x));
  }
  case Stmt::CharacterLiteralClass: {
    // a narrow character constant has type int and, char being signed, the
    // value of its char (Clang keeps it sign-extended in the unsigned value)
    auto* cl = cast<CharacterLiteral>(e);
    long long v = (int)cl->getValue();
    return intLit(v, v >= -128 && v <= 127 ? prog_.types.charType() : prog_.types.intType(), l);
  }
  case Stmt::FloatingLiteralClass:
    return realLiteral(cast<FloatingLiteral>(e));
  case Stmt::StringLiteralClass:
  case Stmt::PredefinedExprClass:
  case Stmt::CompoundLiteralExprClass:
  case Stmt::ArraySubscriptExprClass:
  case Stmt::MemberExprClass:
    return lv(e);
  case Stmt::DeclRefExprClass: {
    auto* dr = cast<DeclRefExpr>(e);
    if (auto* ec = dyn_cast<EnumConstantDecl>(dr->getDecl()))
      return intLit(ec->getInitVal().getExtValue(), ty(e->getType()), l);
    return lv(e);
  }
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
    return castExpr(cast<CastExpr>(e));
  case Stmt::UnaryOperatorClass: {
    auto* u = cast<UnaryOperator>(e);
    const Expr* sub = u->getSubExpr();
    switch (u->getOpcode()) {
    case UO_PostInc:
    case UO_PostDec:
    case UO_PreInc:
    case UO_PreDec:
      return incdec(u, true);
    case UO_AddrOf:
      if (sub->getType()->isFunctionType())
        return funcDesignator(sub);
      return addrOf(lv(sub), l);
    case UO_Deref:
      if (e->getType()->isFunctionType())
        return rv(sub);
      return lv(e);
    case UO_Plus:
      return unary(M::Op::Plus, rv(sub),
                   ty(e->getType(), l.line ? e->getExprLoc() : e->getExprLoc()), l);
    case UO_Minus:
    case UO_Not: {
      M::Op uop = u->getOpcode() == UO_Minus ? M::Op::Neg : M::Op::BitNot;
      M::SrcLoc ul = u->getOpcode() == UO_Minus ? opLoc(e->getExprLoc()) : l;
      const M::Type* t = ty(e->getType(), e->getExprLoc());
      if (const M::Type* bt = wideBitFieldArith(sub, nullptr))
        return cast(unary(uop, rv(sub), bt, ul), t, l);
      return unary(uop, rv(sub), t, ul);
    }
    case UO_LNot:
      return unary(M::Op::LogNot, rv(sub), prog_.types.intType(), l);
    case UO_Extension:
      return rv(sub);
    case UO_Real:
    case UO_Imag:
      unsupported(e->getExprLoc(), "__real__/__imag__");
    default:
      unsupported(e->getExprLoc(), "this unary operator");
    }
  }
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass: {
    auto* b = cast<BinaryOperator>(e);
    BinaryOperatorKind op = b->getOpcode();
    if (b->isAssignmentOp())
      return assign(b, true);
    if (op == BO_Comma) {
      effect(b->getLHS());
      return rv(b->getRHS());
    }
    if (op == BO_LAnd || op == BO_LOr)
      return logical(b, true);
    const M::Expr* a = rv(b->getLHS());
    const M::Expr* c = rv(b->getRHS());
    const M::Type* t = ty(e->getType(), e->getExprLoc());
    bool lp = b->getLHS()->getType()->isPointerType();
    bool rp = b->getRHS()->getType()->isPointerType();
    if (op == BO_Add && (lp || rp)) {
      if (rp)
        std::swap(a, c);
      return binary(M::Op::PtrAdd, a, c, a->type, l);
    }
    if (op == BO_Sub && lp && rp)
      return binary(M::Op::PtrDiff, a, c, t, l);
    if (op == BO_Sub && lp)
      return binary(M::Op::PtrAdd, a, unary(M::Op::Neg, c, c->type, l), a->type, l);
    M::Op mop;
    switch (op) {
    case BO_Mul:
      mop = M::Op::Mul;
      break;
    case BO_Div:
      mop = M::Op::Div;
      break;
    case BO_Rem:
      mop = M::Op::Rem;
      break;
    case BO_Add:
      mop = M::Op::Add;
      break;
    case BO_Sub:
      mop = M::Op::Sub;
      break;
    case BO_Shl:
      mop = M::Op::Shl;
      break;
    case BO_Shr:
      mop = M::Op::Shr;
      break;
    case BO_And:
      mop = M::Op::BitAnd;
      break;
    case BO_Xor:
      mop = M::Op::BitXor;
      break;
    case BO_Or:
      mop = M::Op::BitOr;
      break;
    case BO_LT:
      mop = M::Op::Lt;
      break;
    case BO_GT:
      mop = M::Op::Gt;
      break;
    case BO_LE:
      mop = M::Op::Le;
      break;
    case BO_GE:
      mop = M::Op::Ge;
      break;
    case BO_EQ:
      mop = M::Op::Eq;
      break;
    case BO_NE:
      mop = M::Op::Ne;
      break;
    default:
      unsupported(e->getExprLoc(), "this binary operator");
    }
    if (op != BO_LT && op != BO_GT && op != BO_LE && op != BO_GE && op != BO_EQ && op != BO_NE)
      if (const M::Type* bt =
              wideBitFieldArith(b->getLHS(), op == BO_Shl || op == BO_Shr ? nullptr : b->getRHS()))
        return cast(binary(mop, a, c, bt, opLoc(b->getExprLoc())), t, l);
    return binary(mop, a, c, t, opLoc(b->getExprLoc()));
  }
  case Stmt::ConditionalOperatorClass:
    return conditional(cast<ConditionalOperator>(e), true);
  case Stmt::CallExprClass:
    return callExpr(cast<CallExpr>(e), nullptr, true);
  case Stmt::UnaryExprOrTypeTraitExprClass:
    return sizeOf(cast<UnaryExprOrTypeTraitExpr>(e));
  case Stmt::ImplicitValueInitExprClass:
    return zeroOf(ty(e->getType(), e->getExprLoc()), l);
  case Stmt::OffsetOfExprClass: {
    Expr::EvalResult r;
    if (e->EvaluateAsInt(r, ctx_))
      return intLit(r.Val.getInt().getExtValue(), prog_.types.sizeType(), l);
    unsupported(e->getExprLoc(), "offsetof with a non-constant index");
  }
  case Stmt::StmtExprClass:
    return stmtExpr(cast<StmtExpr>(e), true);
  case Stmt::GenericSelectionExprClass:
    unsupported(e->getExprLoc(), "_Generic");
  case Stmt::VAArgExprClass: { // the next variadic argument: $va_arg(ap) (lib/exec/Varargs.cpp)
    auto* va = cast<VAArgExpr>(e);
    M::SrcLoc l = sl(va->getExprLoc());
    M::FuncId f = syntheticFunc("$va_arg", prog_.types.function(prog_.types.intType(), {}, true));
    M::Stmt c;
    c.kind = M::StmtKind::Call;
    c.callee = funcRef(f, l);
    c.args = {rv(va->getSubExpr())};
    M::VarId t = temp(ty(va->getType(), va->getExprLoc()));
    c.lhs = varRef(t, l);
    emit(std::move(c), l);
    return varRef(t, l);
  }
  case Stmt::AddrLabelExprClass:
    unsupported(e->getExprLoc(), "the address of a label (computed goto)");
  case Stmt::BinaryConditionalOperatorClass:
    unsupported(e->getExprLoc(), "the GNU '?:' operator with omitted operand");
  case Stmt::AtomicExprClass:
    return atomicExpr(cast<AtomicExpr>(e), true);
  case Stmt::InitListExprClass:
    unsupported(e->getExprLoc(), "an initializer list in this position");
  case Stmt::ChooseExprClass:
    return rv(cast<ChooseExpr>(e)->getChosenSubExpr());
  default:
    break;
  }
  unsupported(e->getExprLoc(), std::string("the expression '") + e->getStmtClassName() + "'");
}

const M::Expr* Lowerer::lv(const Expr* e) {
  if (const M::Expr* m = inputMacroUse(e))
    return m;
  M::SrcLoc l = sl(e->getExprLoc());
  switch (e->getStmtClass()) {
  case Stmt::ParenExprClass:
    return lv(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::DeclRefExprClass: {
    const ValueDecl* d = cast<DeclRefExpr>(e)->getDecl();
    if (auto* vd = dyn_cast<VarDecl>(d)) {
      if (S) {
        auto it = S->vars.find(vd);
        if (it != S->vars.end())
          return varRef(it->second, l);
      }
      if (vd->hasGlobalStorage() && !vd->isStaticLocal())
        return globalRef(globalFor(vd), l);
      auto it = initS_.vars.find(vd);
      if (it != initS_.vars.end())
        return varRef(it->second, l);
      fail(e->getExprLoc(),
           "internal error: variable '" + vd->getName().str() + "' used outside its function");
    }
    if (auto* fd = dyn_cast<FunctionDecl>(d))
      return funcRef(funcFor(fd), l);
    unsupported(e->getExprLoc(), "this kind of name");
  }
  case Stmt::ArraySubscriptExprClass: {
    auto* as = cast<ArraySubscriptExpr>(e);
    const Expr* base = as->getBase()->IgnoreParens();
    if (auto* ic = dyn_cast<ImplicitCastExpr>(base);
        ic && ic->getCastKind() == CK_ArrayToPointerDecay) {
      const M::Expr* a = lv(ic->getSubExpr());
      return index(a, rv(as->getIdx()), l);
    }
    const M::Expr* p = rv(as->getBase());
    const M::Expr* i = rv(as->getIdx());
    return deref(binary(M::Op::PtrAdd, p, i, p->type, l), l);
  }
  case Stmt::MemberExprClass: {
    auto* me = cast<MemberExpr>(e);
    auto* fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!fd)
      unsupported(e->getExprLoc(), "this member access");
    const M::Expr* base = me->isArrow() ? deref(rv(me->getBase()), l) : lv(me->getBase());
    return member(base, fd->getFieldIndex(), l);
  }
  case Stmt::UnaryOperatorClass: {
    auto* u = cast<UnaryOperator>(e);
    if (u->getOpcode() == UO_Deref)
      return deref(rv(u->getSubExpr()), l);
    if (u->getOpcode() == UO_Extension)
      return lv(u->getSubExpr());
    break;
  }
  case Stmt::StringLiteralClass: {
    auto* s = cast<StringLiteral>(e);
    M::Expr x;
    x.kind = M::ExprKind::StringLit;
    if (s->getCharByteWidth() != 1)
      unsupported(e->getExprLoc(), "a wide string literal");
    x.str = prog_.addString(s->getString().str());
    x.type = prog_.types.array(prog_.types.charType(), s->getLength() + 1);
    x.loc = l;
    return mk(std::move(x));
  }
  case Stmt::PredefinedExprClass:
    return lv(cast<PredefinedExpr>(e)->getFunctionName());
  case Stmt::CompoundLiteralExprClass: {
    auto* cl = cast<CompoundLiteralExpr>(e);
    if (!S || S == &initS_)
      unsupported(e->getExprLoc(), "a compound literal at file scope");
    M::VarId t = temp(ty(cl->getType(), e->getExprLoc()));
    initialize(varRef(t, l), cl->getInitializer());
    return varRef(t, l);
  }
  default:
    break;
  }
  const M::Expr* r = rv(e);
  if (r && r->isLvalueKind())
    return r;
  if (r && r->type && r->type->isRecord()) {
    // An rvalue struct (e.g. a call result) used as the base of `.`.
    M::VarId t = temp(r->type);
    emitAssign(varRef(t, l), r, l);
    return varRef(t, l);
  }
  fail(e->getExprLoc(), "expression is not an lvalue");
}

const M::Expr* Lowerer::funcDesignator(const Expr* e) {
  e = e->IgnoreParens();
  if (auto* dr = dyn_cast<DeclRefExpr>(e))
    if (auto* fd = dyn_cast<FunctionDecl>(dr->getDecl()))
      return funcRef(funcFor(fd), sl(e->getExprLoc()));
  if (auto* u = dyn_cast<UnaryOperator>(e)) {
    if (u->getOpcode() == UO_Deref)
      return rv(u->getSubExpr());
    if (u->getOpcode() == UO_AddrOf || u->getOpcode() == UO_Extension)
      return funcDesignator(u->getSubExpr());
  }
  if (auto* ic = dyn_cast<ImplicitCastExpr>(e))
    return rv(ic);
  return rv(e);
}

const M::Expr* Lowerer::castExpr(const CastExpr* c) {
  const Expr* sub = c->getSubExpr();
  M::SrcLoc l = sl(c->getExprLoc());
  bool expl = isa<ExplicitCastExpr>(c);
  switch (c->getCastKind()) {
  case CK_LValueToRValue:
    if (sub->getType()->isAtomicType() && !inPassert_) { // an atomic load
      // (a passert condition reads the object as it is: it is no event)
      const M::Type* vt = ty(c->getType(), c->getExprLoc());
      if (vt->kind != M::TypeKind::Int && vt->kind != M::TypeKind::Bool &&
          vt->kind != M::TypeKind::Pointer)
        unsupported(c->getExprLoc(), "an _Atomic object of the type '" +
                                         sub->getType().getAsString() +
                                         "' (atomic integers and pointers are)");
      return atomicCall("load", {addrOf(lv(sub), l)}, vt, l);
    }
    if (const M::Expr* v = lv(sub); v->type && v->type->bitField)
      return cast(v, ty(c->getType(), c->getExprLoc()), l); // its declared type's value
    else
      return v;
  case CK_ArrayToPointerDecay:
    return decay(lv(sub), l);
  case CK_FunctionToPointerDecay:
  case CK_BuiltinFnToFnPtr:
    return funcDesignator(sub);
  case CK_NoOp:
  case CK_ToVoid:
    return rv(sub);
  case CK_IntegralCast: {
    const M::Expr* s = rv(sub);
    const M::Type* t = ty(c->getType(), c->getExprLoc());
    if (!expl && intFits(s->type, t))
      return s;
    return intCast(s, t, l);
  }
  case CK_FloatingCast: {
    // an implicit widening (float to double) keeps the value; a narrowing
    // rounds (the engine, with --float ieee)
    const M::Expr* s = rv(sub);
    const M::Type* t = ty(c->getType(), c->getExprLoc());
    if (!expl && (!s->type || t->bits >= s->type->bits))
      return s;
    return cast(s, t, l);
  }
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean:
  case CK_PointerToBoolean:
    return cast(rv(sub), prog_.types.boolType(), l);
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_IntegralToPointer:
  case CK_PointerToIntegral:
    return cast(rv(sub), ty(c->getType(), c->getExprLoc()), l);
  case CK_NullToPointer: {
    if (hasSE(sub))
      effect(sub);
    if (const M::Type* h = mpiHandleType(c->getType()->getPointeeType()))
      return intLit(0, h, l); // `MPI_Comm c = NULL;`: the handle value 0
    M::Expr e;
    e.kind = M::ExprKind::NullPtr;
    e.type = ty(c->getType(), c->getExprLoc());
    e.loc = l;
    return mk(std::move(e));
  }
  case CK_BitCast: {
    const M::Expr* s = rv(sub);
    return cast(s, ty(c->getType(), c->getExprLoc()), l);
  }
  case CK_AtomicToNonAtomic:
  case CK_NonAtomicToAtomic:
    return rv(sub); // the same value (its accesses are the atomic calls)
  case CK_ToUnion:
    unsupported(c->getExprLoc(), "a cast to a union type");
  case CK_FloatingRealToComplex:
  case CK_IntegralRealToComplex:
  case CK_FloatingComplexToReal:
  case CK_IntegralComplexToReal:
  case CK_FloatingComplexCast:
  case CK_IntegralComplexCast:
  case CK_FloatingComplexToBoolean:
  case CK_IntegralComplexToBoolean:
  case CK_FloatingComplexToIntegralComplex:
  case CK_IntegralComplexToFloatingComplex:
    unsupported(c->getExprLoc(), "complex arithmetic");
  default:
    unsupported(c->getExprLoc(), std::string("the conversion '") + c->getCastKindName() + "'");
  }
}

void Lowerer::unsequencedCheck(const Expr* mod) {
  auto it = st_.unsequenced.find(mod->getExprLoc().getRawEncoding());
  if (it == st_.unsequenced.end())
    return;
  M::SrcLoc l = sl(mod->getExprLoc());
  M::Expr msg;
  msg.kind = M::ExprKind::StringLit;
  msg.str = prog_.addString(it->second);
  msg.type = prog_.types.array(prog_.types.charType(), it->second.size() + 1);
  msg.loc = l;
  M::Stmt c;
  c.kind = M::StmtKind::Call;
  c.callee = funcRef(
      syntheticFunc("$unsequenced", prog_.types.function(prog_.types.voidType(), {}, true)), l);
  c.args = {decay(mk(std::move(msg)), l)};
  emit(std::move(c), l);
}

const M::Expr* Lowerer::incdec(const UnaryOperator* u, bool wantValue) {
  unsequencedCheck(u);
  M::SrcLoc l = opLoc(u->getExprLoc());
  if (u->getSubExpr()->getType()->isAtomicType()) { // an atomic fetch-and-add
    const M::Expr* P = addrOf(lv(u->getSubExpr()), l);
    const M::Type* t = P->type->elem;
    if (t->kind != M::TypeKind::Int)
      unsupported(u->getExprLoc(), "++/-- on an _Atomic object of this type");
    AtomicOp op = u->isIncrementOp() ? AAdd : ASub;
    const M::Expr* one = intLit(1, t, l);
    const M::Expr* old = atomicCall("rmw", {P, one, intLit(op, prog_.types.intType(), l)}, t, l);
    if (!wantValue)
      return nullptr;
    return u->isPostfix() ? old : atomicApply(op, old, one, l);
  }
  const M::Expr* L = lv(u->getSubExpr());
  const M::Type* t = L->type;
  bool inc = u->isIncrementOp();
  auto step = [&](const M::Expr* cur) -> const M::Expr* {
    if (t->kind == M::TypeKind::Pointer)
      return binary(M::Op::PtrAdd, cur, intLit(inc ? 1 : -1, prog_.types.intType(), l), t, l);
    const M::Expr* one;
    if (t->kind == M::TypeKind::Real) {
      M::Expr e;
      e.kind = M::ExprKind::RealLit;
      e.type = t;
      e.text = "1";
      e.loc = l;
      one = mk(std::move(e));
    } else {
      // integers narrower than int (and _Bool) are promoted: the sum is an
      // int, converted back to t (for char c = 127, c++ gives -128, no overflow)
      const M::Type* pt = promoted(t, prog_.types);
      one = intLit(1, pt, l);
      const M::Expr* r = binary(inc ? M::Op::Add : M::Op::Sub, cur, one, pt, l);
      if (pt != t)
        r = node(M::ExprKind::Cast, {r}, t, l);
      return r;
    }
    return binary(inc ? M::Op::Add : M::Op::Sub, cur, one, t, l);
  };
  if (u->isPostfix() && wantValue) {
    M::VarId tv = temp(t);
    emitAssign(varRef(tv, l), L, l);
    emitAssign(L, step(varRef(tv, l)), l);
    return varRef(tv, l);
  }
  emitAssign(L, step(L), l);
  return L;
}

/// Strips implicit conversions that keep the value category (the call result
/// may then be stored directly into the destination).
static const Expr* stripSameCategory(const Expr* e) {
  for (;;) {
    e = e->IgnoreParens();
    auto* ic = dyn_cast<ImplicitCastExpr>(e);
    if (!ic)
      return e;
    CastKind k = ic->getCastKind();
    if (k != CK_NoOp && k != CK_IntegralCast && k != CK_FloatingCast)
      return e;
    e = ic->getSubExpr();
  }
}

const M::Expr* Lowerer::assign(const BinaryOperator* b, bool wantValue) {
  unsequencedCheck(b);
  M::SrcLoc l = sl(b->getExprLoc());
  if (b->getLHS()->getType()->isAtomicType()) {
    // an atomic store, or a read-modify-write (C11 6.5.16.2: `x op= v` on
    // an atomic object is one atomic operation)
    const M::Expr* P = addrOf(lv(b->getLHS()), l);
    const M::Type* t = P->type->elem;
    const M::Expr* v = rv(b->getRHS());
    if (b->getOpcode() == BO_Assign) {
      if (wantValue && v->kind != M::ExprKind::IntLit) {
        M::VarId tv = temp(t);
        emitAssign(varRef(tv, l), v, l);
        v = varRef(tv, l);
      }
      atomicCall("store", {P, v}, nullptr, l);
      return wantValue ? v : nullptr;
    }
    AtomicOp op;
    switch (b->getOpcode()) {
    case BO_AddAssign:
      op = AAdd;
      break;
    case BO_SubAssign:
      op = ASub;
      break;
    case BO_AndAssign:
      op = AAnd;
      break;
    case BO_OrAssign:
      op = AOr;
      break;
    case BO_XorAssign:
      op = AXor;
      break;
    default:
      unsupported(b->getExprLoc(), "this compound assignment to an _Atomic object");
    }
    if (t->kind != M::TypeKind::Int)
      unsupported(b->getExprLoc(), "a compound assignment to an _Atomic object of this type");
    if (!v->type || v->type->kind != M::TypeKind::Int)
      unsupported(b->getExprLoc(), "a compound assignment of a non-integer to an _Atomic object");
    if (v->type != t)
      v = intCast(v, t, l);
    const M::Expr* old = atomicCall("rmw", {P, v, intLit(op, prog_.types.intType(), l)}, t, l);
    return wantValue ? atomicApply(op, old, v, l) : nullptr;
  }
  if (b->getOpcode() == BO_Assign) {
    const M::Expr* L = lv(b->getLHS());
    const Expr* r = stripSameCategory(b->getRHS());
    if (auto* ce = dyn_cast<CallExpr>(r); ce && !isAssertExpansion(ce) && !inPassert_) {
      callExpr(ce, L, false);
    } else {
      emitAssign(L, rv(b->getRHS()), l);
    }
    return wantValue ? L : nullptr;
  }
  auto* ca = cast<CompoundAssignOperator>(b);
  const M::Expr* L = lv(b->getLHS());
  const M::Expr* R = rv(b->getRHS());
  const M::Type* lt = L->type;
  BinaryOperatorKind op = b->getOpcode();
  if (lt->kind == M::TypeKind::Pointer && (op == BO_AddAssign || op == BO_SubAssign)) {
    if (op == BO_SubAssign)
      R = unary(M::Op::Neg, R, R->type, l);
    emitAssign(L, binary(M::Op::PtrAdd, L, R, lt, l), l);
    return wantValue ? L : nullptr;
  }
  M::Op mop;
  switch (op) {
  case BO_MulAssign:
    mop = M::Op::Mul;
    break;
  case BO_DivAssign:
    mop = M::Op::Div;
    break;
  case BO_RemAssign:
    mop = M::Op::Rem;
    break;
  case BO_AddAssign:
    mop = M::Op::Add;
    break;
  case BO_SubAssign:
    mop = M::Op::Sub;
    break;
  case BO_ShlAssign:
    mop = M::Op::Shl;
    break;
  case BO_ShrAssign:
    mop = M::Op::Shr;
    break;
  case BO_AndAssign:
    mop = M::Op::BitAnd;
    break;
  case BO_XorAssign:
    mop = M::Op::BitXor;
    break;
  case BO_OrAssign:
    mop = M::Op::BitOr;
    break;
  default:
    unsupported(b->getExprLoc(), "this compound assignment");
  }
  const M::Type* ct = ty(ca->getComputationLHSType(), b->getExprLoc());
  const M::Type* rt = ty(ca->getComputationResultType(), b->getExprLoc());
  // Integer operands are converted as C does (intFits); the operation is in
  // the computation type, its result converted to the left-hand side's type.
  // A shift's right operand keeps its own (promoted) type.
  auto same = [](const M::Type* a, const M::Type* b) {
    if (!sameCategory(a, b))
      return false;
    if (a && b && a->kind == M::TypeKind::Real) // float f; f += 0.1: rounded to float
      return a->bits == b->bits;
    return !a || !b || a->kind != M::TypeKind::Int || (intFits(a, b) && intFits(b, a));
  };
  auto conv = [&](const M::Expr* x, const M::Type* to) -> const M::Expr* {
    if (x->type && x->type->kind != M::TypeKind::Real && to->kind == M::TypeKind::Int)
      return intFits(x->type, to) ? x : intCast(x, to, l);
    return sameCategory(x->type, to) ? x : cast(x, to, l);
  };
  bool isShift = mop == M::Op::Shl || mop == M::Op::Shr;
  const M::Expr* cur = conv(L, ct);
  if (!isShift)
    R = conv(R, ct);
  const M::Expr* val = binary(mop, cur, R, same(rt, lt) ? lt : rt, opLoc(b->getExprLoc()));
  if (!same(rt, lt))
    val = cast(val, lt, l);
  emitAssign(L, val, l);
  return wantValue ? L : nullptr;
}

const M::Expr* Lowerer::logical(const BinaryOperator* b, bool wantValue) {
  M::SrcLoc l = sl(b->getExprLoc());
  bool isAnd = b->getOpcode() == BO_LAnd;
  if (!hasSE(b->getRHS())) {
    const M::Expr* a = rv(b->getLHS());
    const M::Expr* c = rv(b->getRHS());
    return binary(isAnd ? M::Op::LogAnd : M::Op::LogOr, a, c, prog_.types.intType(), l);
  }
  const M::Expr* a = truthy(rv(b->getLHS()), l);
  M::VarId t = wantValue ? temp(prog_.types.intType()) : kNone;
  auto [tr, fa] = branch(a, l);
  // && : evaluate rhs when true; || : when false.
  setFlow(isAnd ? tr : fa);
  if (wantValue) {
    // The value of && and || is 0 or 1 (C17 6.5.13, 6.5.14), not the right
    // operand's value: `1 && 9` is 1.
    emitAssign(varRef(t, l), zeroOrOne(rv(b->getRHS()), l), l);
  } else {
    effect(b->getRHS());
  }
  auto evaluated = takeFlow();
  setFlow(isAnd ? fa : tr);
  if (wantValue)
    emitAssign(varRef(t, l), intLit(isAnd ? 0 : 1, prog_.types.intType(), l), l);
  addFlow(evaluated);
  return wantValue ? varRef(t, l) : nullptr;
}

const M::Expr* Lowerer::conditional(const ConditionalOperator* co, bool wantValue) {
  M::SrcLoc l = sl(co->getExprLoc());
  if (!hasSE(co->getTrueExpr()) && !hasSE(co->getFalseExpr()) && wantValue) {
    const M::Expr* c = truthy(rv(co->getCond()), l);
    const M::Expr* a = rv(co->getTrueExpr());
    const M::Expr* b = rv(co->getFalseExpr());
    return node(M::ExprKind::Cond, {c, a, b}, ty(co->getType(), co->getExprLoc()), l);
  }
  const M::Expr* c = truthy(rv(co->getCond()), l);
  bool isVoid = co->getType()->isVoidType();
  M::VarId t = (wantValue && !isVoid) ? temp(ty(co->getType(), co->getExprLoc())) : kNone;
  auto [tr, fa] = branch(c, l);
  setFlow(tr);
  if (t != kNone)
    emitAssign(varRef(t, l), rv(co->getTrueExpr()), l);
  else
    effect(co->getTrueExpr());
  auto after = takeFlow();
  setFlow(fa);
  if (t != kNone)
    emitAssign(varRef(t, l), rv(co->getFalseExpr()), l);
  else
    effect(co->getFalseExpr());
  addFlow(after);
  return t != kNone ? varRef(t, l) : nullptr;
}

const M::Expr* Lowerer::callExpr(const CallExpr* ce, const M::Expr* dest, bool wantValue) {
  M::SrcLoc l = sl(ce->getBeginLoc());
  const FunctionDecl* fd = ce->getDirectCallee();
  std::string name = fd ? fd->getName().str() : std::string();
  if (inPassert_) {
    static const std::set<std::string> builtins = {"LW", "RW", "LR", "RR", "HASOCCURRED"};
    if (!builtins.count(name))
      fail(ce->getBeginLoc(), "a passert expression must be free of side effects (no calls "
                              "other than LW, RW, LR, RR, HASOCCURRED)");
    if (ce->getNumArgs() != 1)
      fail(ce->getBeginLoc(), name + " takes exactly one argument");
    const Expr* a = ce->getArg(0);
    const M::Expr* k;
    if (name == "HASOCCURRED") {
      k = rv(a);
    } else {
      const Expr* s = a->IgnoreParens();
      while (auto* ic = dyn_cast<ImplicitCastExpr>(s)) {
        if (ic->getCastKind() != CK_LValueToRValue && ic->getCastKind() != CK_ArrayToPointerDecay &&
            ic->getCastKind() != CK_NoOp && ic->getCastKind() != CK_AtomicToNonAtomic)
          break;
        s = ic->getSubExpr()->IgnoreParens();
      }
      if (!s->isLValue())
        fail(a->getBeginLoc(), name + " needs a variable or memory location (an lvalue)");
      k = lv(s);
    }
    M::Expr e;
    e.kind = M::ExprKind::Builtin;
    e.name = name;
    e.kids = {k};
    e.type = prog_.types.intType();
    e.loc = l;
    return mk(std::move(e));
  }
  if (name == kThruFn || name == kPassertFn)
    fail(ce->getBeginLoc(), name == kThruFn ? "'thru' block must be followed by 'passert(...)'"
                                            : "'passert' must follow a 'thru { ... }' block");
  static const std::set<std::string> jmp = {"setjmp",    "_setjmp",      "__sigsetjmp",
                                            "sigsetjmp", "longjmp",      "siglongjmp",
                                            "_longjmp",  "__longjmp_chk"};
  if (fd && jmp.count(name))
    unsupported(ce->getBeginLoc(), "setjmp/longjmp");
  if (fd && name == "__builtin_expect")
    return rv(ce->getArg(0));
  if (fd && (name == "pthread_key_create" || name == "pthread_key_delete" ||
             name == "pthread_getspecific" || name == "pthread_setspecific"))
    ensureTsd(l);
  if (fd && name == "__chorus_cleanup_push")
    ensureCleanup(l);
  if (fd && (name.rfind("__sync_", 0) == 0 || name == "__atomic_test_and_set" ||
             name == "__atomic_clear" || name == "__atomic_thread_fence" ||
             name == "__atomic_signal_fence" || name == "__c11_atomic_thread_fence" ||
             name == "__c11_atomic_signal_fence"))
    return syncBuiltin(ce, name, wantValue);
  if (fd &&
      (name == "__builtin_va_start" || name == "__builtin_va_end" || name == "__builtin_va_copy")) {
    // (each argument: a va_list decayed to a pointer to its one pointer)
    const M::Expr* ap = deref(rv(ce->getArg(0)), l);
    if (name == "__builtin_va_start") {
      if (S->vaParam == kNone)
        unsupported(ce->getBeginLoc(), "va_start outside a variadic function");
      emitAssign(ap, varRef(S->vaParam, l), l);
    } else if (name == "__builtin_va_copy") {
      emitAssign(ap, deref(rv(ce->getArg(1)), l), l);
    } else { // va_end: a later va_arg without va_start reads nothing
      emitAssign(ap, zeroOf(ap->type, l), l);
    }
    return nullptr;
  }
  const M::Expr* callee =
      fd ? funcRef(funcFor(fd), sl(ce->getCallee()->getExprLoc())) : rv(ce->getCallee());
  std::vector<const M::Expr*> args;
  const bool packed = fd && userVariadic(fd);
  const size_t named = packed ? fd->getNumParams() : ce->getNumArgs();
  for (size_t i = 0; i < named; ++i)
    args.push_back(rv(ce->getArg(unsigned(i))));
  M::VarId vaRecord = kNone;
  if (packed)
    args.push_back(variadicArgs(ce, named, l, vaRecord));
  M::Stmt s;
  s.kind = M::StmtKind::Call;
  s.callee = callee;
  s.args = std::move(args);
  if (fd && gccFoldsMath(name)) {
    s.argsAre = M::Stmt::Args::Constant;
    for (const Expr* x : ce->arguments())
      s.argsAre = both(s.argsAre, gccArgument(x, ctx_));
  }
  const M::Expr* result = nullptr;
  QualType rt = ce->getCallReturnType(ctx_);
  if (dest) {
    s.lhs = dest;
  } else if (wantValue && !rt->isVoidType()) {
    M::VarId t = temp(ty(rt, ce->getBeginLoc()));
    s.lhs = varRef(t, l);
    result = s.lhs;
  }
  emit(std::move(s), l);
  if (vaRecord != kNone) { // the arguments' record lives during the call
    M::Stmt k;
    k.kind = M::StmtKind::Kill;
    k.var = vaRecord;
    emit(std::move(k), l);
  }
  return result;
}

const M::Expr* Lowerer::weakOrder(const AtomicExpr* a) {
  if (a->getOp() == AtomicExpr::AO__c11_atomic_init)
    return nullptr;
  const M::Expr* weak = orderUnlessSeqCst(a->getOrder());
  return weak || !a->isCmpXChg() ? weak : orderUnlessSeqCst(a->getOrderFail());
}

const M::Expr* Lowerer::orderUnlessSeqCst(const Expr* o) {
  const int kSeqCst = 5; // (memory_order_seq_cst, __ATOMIC_SEQ_CST)
  Expr::EvalResult r;
  if (!o->EvaluateAsInt(r, ctx_))
    return rv(o);                                    // (known in the run)
  int64_t v = r.Val.getInt().getExtValue() & 0xffff; // (without GCC's HLE bits)
  return v == kSeqCst ? nullptr : intLit(v, prog_.types.intType(), sl(o->getExprLoc()));
}

const M::Expr* Lowerer::atomicExpr(const AtomicExpr* a, bool wantValue) {
  M::SrcLoc l = sl(a->getExprLoc());
  SourceLocation at = a->getExprLoc();
  using AE = AtomicExpr;
  AE::AtomicOp o = a->getOp();
  const M::Expr* ord = weakOrder(a);
  auto fetchOp = [&](AtomicOp op, bool after) -> const M::Expr* {
    const M::Type* t = atomicValueType(a->getPtr()->getType(), at, true);
    const M::Expr* P = rv(a->getPtr());
    const M::Expr* v = rv(a->getVal1());
    if (v->type != t)
      v = intCast(v, t, l);
    const M::Expr* old = atomicCall("rmw", {P, v, intLit(op, prog_.types.intType(), l)}, t, l, ord);
    return after && wantValue ? atomicApply(op, old, v, l) : old;
  };
  switch (o) {
  case AE::AO__c11_atomic_init:
  case AE::AO__c11_atomic_store:
  case AE::AO__atomic_store_n:
  case AE::AO__atomic_store: {
    const M::Type* t = atomicValueType(a->getPtr()->getType(), at, false);
    const M::Expr* P = rv(a->getPtr());
    const M::Expr* v = rv(a->getVal1());
    if (o == AE::AO__atomic_store) // (p, &value, order)
      v = deref(v, l);
    if (t->kind == M::TypeKind::Int && v->type != t && v->type && v->type->kind == M::TypeKind::Int)
      v = intCast(v, t, l);
    atomicCall("store", {P, v}, nullptr, l, ord);
    return nullptr;
  }
  case AE::AO__c11_atomic_load:
  case AE::AO__atomic_load_n:
  case AE::AO__atomic_load: {
    const M::Type* t = atomicValueType(a->getPtr()->getType(), at, false);
    const M::Expr* P = rv(a->getPtr());
    if (o == AE::AO__atomic_load) { // (p, &result, order)
      const M::Expr* R = deref(rv(a->getVal1()), l);
      const M::Expr* v = atomicCall("load", {P}, t, l, ord);
      emitAssign(R, v, l);
      return nullptr;
    }
    return atomicCall("load", {P}, t, l, ord);
  }
  case AE::AO__c11_atomic_exchange:
  case AE::AO__atomic_exchange_n:
  case AE::AO__atomic_exchange: {
    const M::Type* t = atomicValueType(a->getPtr()->getType(), at, false);
    const M::Expr* P = rv(a->getPtr());
    const M::Expr* v = rv(a->getVal1());
    if (o == AE::AO__atomic_exchange) { // (p, &value, &result, order)
      v = deref(v, l);
      const M::Expr* R = deref(rv(a->getVal2()), l);
      const M::Expr* old =
          atomicCall("rmw", {P, v, intLit(AXchg, prog_.types.intType(), l)}, t, l, ord);
      emitAssign(R, old, l);
      return nullptr;
    }
    if (t->kind == M::TypeKind::Int && v->type != t && v->type && v->type->kind == M::TypeKind::Int)
      v = intCast(v, t, l);
    return atomicCall("rmw", {P, v, intLit(AXchg, prog_.types.intType(), l)}, t, l, ord);
  }
  case AE::AO__c11_atomic_compare_exchange_strong:
  case AE::AO__c11_atomic_compare_exchange_weak:
  case AE::AO__atomic_compare_exchange_n:
  case AE::AO__atomic_compare_exchange: {
    atomicValueType(a->getPtr()->getType(), at, false);
    const M::Expr* P = rv(a->getPtr());
    const M::Expr* E = rv(a->getVal1()); // a pointer to the expected value
    const M::Expr* D = rv(a->getVal2());
    if (o == AE::AO__atomic_compare_exchange) // (p, &expected, &desired, weak, ...)
      D = deref(D, l);
    const M::Expr* weak;
    if (o == AE::AO__c11_atomic_compare_exchange_weak)
      weak = intLit(1, prog_.types.intType(), l);
    else if (o == AE::AO__c11_atomic_compare_exchange_strong)
      weak = intLit(0, prog_.types.intType(), l);
    else
      weak = rv(a->getWeak());
    return atomicCall("cas", {P, E, D, weak}, prog_.types.boolType(), l, ord);
  }
  case AE::AO__c11_atomic_fetch_add:
  case AE::AO__atomic_fetch_add:
    return fetchOp(AAdd, false);
  case AE::AO__c11_atomic_fetch_sub:
  case AE::AO__atomic_fetch_sub:
    return fetchOp(ASub, false);
  case AE::AO__c11_atomic_fetch_and:
  case AE::AO__atomic_fetch_and:
    return fetchOp(AAnd, false);
  case AE::AO__c11_atomic_fetch_or:
  case AE::AO__atomic_fetch_or:
    return fetchOp(AOr, false);
  case AE::AO__c11_atomic_fetch_xor:
  case AE::AO__atomic_fetch_xor:
    return fetchOp(AXor, false);
  case AE::AO__c11_atomic_fetch_nand:
  case AE::AO__atomic_fetch_nand:
    return fetchOp(ANand, false);
  case AE::AO__atomic_add_fetch:
    return fetchOp(AAdd, true);
  case AE::AO__atomic_sub_fetch:
    return fetchOp(ASub, true);
  case AE::AO__atomic_and_fetch:
    return fetchOp(AAnd, true);
  case AE::AO__atomic_or_fetch:
    return fetchOp(AOr, true);
  case AE::AO__atomic_xor_fetch:
    return fetchOp(AXor, true);
  case AE::AO__atomic_nand_fetch:
    return fetchOp(ANand, true);
  default:
    unsupported(at, "this atomic builtin");
  }
}

const M::Expr* Lowerer::syncBuiltin(const CallExpr* ce, const std::string& name0, bool wantValue) {
  M::SrcLoc l = sl(ce->getBeginLoc());
  SourceLocation at = ce->getBeginLoc();
  std::string name = name0; // __sync_fetch_and_add_4: the sized form Sema chose
  if (name.rfind("__sync_", 0) == 0)
    for (const char* sz : {"_16", "_1", "_2", "_4", "_8"}) {
      std::string suf = sz;
      if (name.size() > suf.size() &&
          name.compare(name.size() - suf.size(), suf.size(), suf) == 0) {
        name.resize(name.size() - suf.size());
        break;
      }
    }
  if (name == "__sync_synchronize" || name == "__atomic_thread_fence" ||
      name == "__atomic_signal_fence" || name == "__c11_atomic_thread_fence" ||
      name == "__c11_atomic_signal_fence") {
    // a fence: every operation is sequentially consistent already
    for (const Expr* x : ce->arguments())
      if (hasSE(x))
        effect(x);
    return wantValue ? intLit(0, prog_.types.intType(), l) : nullptr;
  }
  auto needArgs = [&](unsigned n) {
    if (ce->getNumArgs() < n)
      fail(at, name0 + " needs " + std::to_string(n) + " arguments");
  };
  needArgs(1);
  const Expr* pa = ce->getArg(0);
  if (name == "__atomic_test_and_set" || name == "__atomic_clear") {
    // on a byte (bool or char) object: set to 1 (returning whether it was
    // set), or cleared
    const M::Expr* P = rv(pa);
    const M::Type* t = P->type && P->type->elem && P->type->elem->kind == M::TypeKind::Int
                           ? P->type->elem
                           : nullptr;
    if (!t)
      P = cast(P, prog_.types.pointer(prog_.types.charType()), l), t = P->type->elem;
    const M::Expr* ord = ce->getNumArgs() > 1 ? orderUnlessSeqCst(ce->getArg(1)) : nullptr;
    if (name == "__atomic_clear") {
      atomicCall("store", {P, intLit(0, t, l)}, nullptr, l, ord);
      return nullptr;
    }
    const M::Expr* old =
        atomicCall("rmw", {P, intLit(1, t, l), intLit(AXchg, prog_.types.intType(), l)}, t, l, ord);
    return wantValue ? binary(M::Op::Ne, old, intLit(0, t, l), prog_.types.boolType(), l) : nullptr;
  }
  static const std::map<std::string, std::pair<AtomicOp, int>> ops = {
      // (op, 0: the old value, 1: the new value)
      {"__sync_fetch_and_add", {AAdd, 0}},      {"__sync_fetch_and_sub", {ASub, 0}},
      {"__sync_fetch_and_or", {AOr, 0}},        {"__sync_fetch_and_and", {AAnd, 0}},
      {"__sync_fetch_and_xor", {AXor, 0}},      {"__sync_fetch_and_nand", {ANand, 0}},
      {"__sync_add_and_fetch", {AAdd, 1}},      {"__sync_sub_and_fetch", {ASub, 1}},
      {"__sync_or_and_fetch", {AOr, 1}},        {"__sync_and_and_fetch", {AAnd, 1}},
      {"__sync_xor_and_fetch", {AXor, 1}},      {"__sync_nand_and_fetch", {ANand, 1}},
      {"__sync_lock_test_and_set", {AXchg, 0}}, {"__sync_swap", {AXchg, 0}}};
  if (auto it = ops.find(name); it != ops.end()) {
    needArgs(2);
    bool arith = it->second.first != AXchg;
    const M::Type* t = atomicValueType(pa->getType(), at, arith);
    const M::Expr* P = rv(pa);
    const M::Expr* v = rv(ce->getArg(1));
    if (t->kind == M::TypeKind::Int && v->type != t && v->type && v->type->kind == M::TypeKind::Int)
      v = intCast(v, t, l);
    // (__sync_lock_test_and_set is an acquire barrier only, GCC's manual)
    const M::Expr* ord =
        name == "__sync_lock_test_and_set" ? intLit(2, prog_.types.intType(), l) : nullptr;
    const M::Expr* old =
        atomicCall("rmw", {P, v, intLit(it->second.first, prog_.types.intType(), l)}, t, l, ord);
    if (!wantValue)
      return nullptr;
    return it->second.second ? atomicApply(it->second.first, old, v, l) : old;
  }
  if (name == "__sync_lock_release") {
    const M::Type* t = atomicValueType(pa->getType(), at, false);
    atomicCall("store", {rv(pa), intLit(0, t, l)}, nullptr, l,
               intLit(3, prog_.types.intType(), l)); // (a release barrier only)
    return nullptr;
  }
  if (name == "__sync_bool_compare_and_swap" || name == "__sync_val_compare_and_swap") {
    needArgs(3);
    const M::Type* t = atomicValueType(pa->getType(), at, false);
    const M::Expr* P = rv(pa);
    const M::Expr* e = rv(ce->getArg(1));
    const M::Expr* d = rv(ce->getArg(2));
    if (t->kind == M::TypeKind::Int) {
      if (e->type != t && e->type && e->type->kind == M::TypeKind::Int)
        e = intCast(e, t, l);
      if (d->type != t && d->type && d->type->kind == M::TypeKind::Int)
        d = intCast(d, t, l);
    }
    // the expected value is evaluated once
    M::VarId ev = temp(t);
    emitAssign(varRef(ev, l), e, l);
    const M::Expr* old = atomicCall("cmpxchg", {P, varRef(ev, l), d}, t, l);
    if (!wantValue)
      return nullptr;
    if (name == "__sync_val_compare_and_swap")
      return old;
    return binary(M::Op::Eq, old, varRef(ev, l), prog_.types.boolType(), l);
  }
  unsupported(at, "the builtin '" + name0 + "'");
}

const M::Expr* Lowerer::sizeOfType(const M::Type* t, M::SrcLoc l) {
  if (t->kind == M::TypeKind::Array && t->lengthVar != kNone)
    return binary(M::Op::Mul, varRef(t->lengthVar, l), sizeOfType(t->elem, l),
                  prog_.types.sizeType(), l);
  return intLit((long long)t->size, prog_.types.sizeType(), l);
}

const M::Expr* Lowerer::sizeOf(const UnaryExprOrTypeTraitExpr* u) {
  M::SrcLoc l = sl(u->getExprLoc());
  QualType at = u->getTypeOfArgument();
  if (u->getKind() == UETT_SizeOf && at->isVariablyModifiedType()) {
    if (!u->isArgumentType()) {
      const Expr* a = u->getArgumentExpr()->IgnoreParens();
      if (auto* dr = dyn_cast<DeclRefExpr>(a))
        if (auto* vd = dyn_cast<VarDecl>(dr->getDecl()); vd && S && S->vars.count(vd))
          return sizeOfType(prog_.vars[S->vars[vd]].type, l);
      if (at->isVariableArrayType())
        return sizeOfType(lv(a)->type, l);
    } else {
      prepareVM(at, u->getExprLoc());
    }
    return sizeOfType(ty(at, u->getExprLoc()), l);
  }
  Expr::EvalResult r;
  if (u->EvaluateAsInt(r, ctx_))
    return intLit(r.Val.getInt().getExtValue(), prog_.types.sizeType(), l);
  unsupported(u->getExprLoc(), "this sizeof/alignof expression");
}

void Lowerer::effect(const Expr* e) {
  e = e->IgnoreParens();
  if (isAssertExpansion(e)) {
    lowerAssert(e);
    return;
  }
  if (auto* b = dyn_cast<BinaryOperator>(e)) {
    if (b->isAssignmentOp()) {
      assign(b, false);
      return;
    }
    if (b->getOpcode() == BO_Comma) {
      effect(b->getLHS());
      effect(b->getRHS());
      return;
    }
    if (b->getOpcode() == BO_LAnd || b->getOpcode() == BO_LOr) {
      if (hasSE(b))
        logical(b, false);
      return;
    }
  }
  if (auto* u = dyn_cast<UnaryOperator>(e); u && u->isIncrementDecrementOp()) {
    incdec(u, false);
    return;
  }
  if (auto* ce = dyn_cast<CallExpr>(e)) {
    callExpr(ce, nullptr, false);
    return;
  }
  if (auto* ae = dyn_cast<AtomicExpr>(e)) {
    atomicExpr(ae, false);
    return;
  }
  if (auto* co = dyn_cast<ConditionalOperator>(e)) {
    if (hasSE(co))
      conditional(co, false);
    return;
  }
  if (auto* c = dyn_cast<CastExpr>(e); c && c->getCastKind() == CK_ToVoid) {
    effect(c->getSubExpr());
    return;
  }
  if (auto* se = dyn_cast<StmtExpr>(e)) {
    stmtExpr(se, false);
    return;
  }
  // A pure expression statement: lower it (for its diagnostics), drop the value.
  rv(e);
}

// ============================================================================
// Initializers
// ============================================================================

void Lowerer::zeroFill(const M::Expr* dst, M::SrcLoc l) {
  const M::Type* t = dst->type;
  switch (t->kind) {
  case M::TypeKind::Bool:
  case M::TypeKind::Int:
  case M::TypeKind::Real:
  case M::TypeKind::Pointer:
    emitAssign(dst, zeroOf(t, l), l);
    return;
  case M::TypeKind::Struct:
    for (uint32_t i = 0; i < t->fields.size(); ++i)
      zeroFill(member(dst, i, l), l);
    return;
  case M::TypeKind::Union:
    if (!t->fields.empty())
      zeroFill(member(dst, 0, l), l);
    return;
  case M::TypeKind::Array: {
    if (!t->length)
      return;
    uint64_t n = *t->length;
    if (n <= 8) {
      for (uint64_t i = 0; i < n; ++i)
        zeroFill(index(dst, intLit((long long)i, prog_.types.intType(), l), l), l);
      return;
    }
    zeroFillLoop(dst, 0, n, l);
    return;
  }
  default:
    return;
  }
}

void Lowerer::zeroFillLoop(const M::Expr* dst, uint64_t from, uint64_t to, M::SrcLoc l) {
  // Static storage (globals, static locals) starts zeroed in the engine's
  // initial state (Executor::initial) and $init writes each element at most
  // once: a loop writing zeros there would change nothing and cost three
  // moves per element.
  if (S == &initS_)
    return;
  // for ($i = from; $i < to; $i++) dst[$i] = 0;
  const M::Type* it = prog_.types.intType();
  M::VarId iv = temp(it);
  emitAssign(varRef(iv, l), intLit((long long)from, it, l), l);
  M::LocId head = loopHead(l);
  auto [tr, fa] = branch(binary(M::Op::Lt, varRef(iv, l), intLit((long long)to, it, l), it, l), l);
  setFlow(tr);
  zeroFill(index(dst, varRef(iv, l), l), l);
  emitAssign(varRef(iv, l), binary(M::Op::Add, varRef(iv, l), intLit(1, it, l), it, l), l);
  flowTo(head);
  setFlow(fa);
}

void Lowerer::initialize(const M::Expr* dst, const Expr* init) {
  M::SrcLoc l = sl(init->getBeginLoc());
  if (!l.valid())
    l = dst->loc; // implicit zero-initialization: at the declaration
  const Expr* e = init->IgnoreParens();
  if (auto* ile = dyn_cast<InitListExpr>(e)) {
    if (ile->isSyntacticForm() && ile->getSemanticForm())
      ile = ile->getSemanticForm();
    const M::Type* t = dst->type;
    if (ile->isStringLiteralInit()) {
      initialize(dst, ile->getInit(0));
      return;
    }
    if (t->isScalar()) {
      if (ile->getNumInits() == 0)
        zeroFill(dst, l);
      else
        initialize(dst, ile->getInit(0));
      return;
    }
    if (t->kind == M::TypeKind::Array) {
      uint64_t n = t->length ? *t->length : ile->getNumInits();
      uint64_t k = ile->getNumInits();
      for (uint64_t i = 0; i < k && i < n; ++i)
        initialize(index(dst, intLit((long long)i, prog_.types.intType(), l), l), ile->getInit(i));
      for (uint64_t i = k; i < n; ++i) {
        if (n - k > 8) {
          zeroFillLoop(dst, k, n, l); // the tail with a loop
          break;
        }
        zeroFill(index(dst, intLit((long long)i, prog_.types.intType(), l), l), l);
      }
      return;
    }
    if (t->kind == M::TypeKind::Struct) {
      // (an unnamed bit-field takes no initializer: C11 6.7.9p9)
      const RecordDecl* rd = ile->getType()->getAsRecordDecl();
      std::vector<bool> unnamed;
      if (rd)
        for (const FieldDecl* f : rd->fields())
          unnamed.push_back(f->isUnnamedBitfield());
      unsigned k = 0;
      for (uint32_t i = 0; i < t->fields.size(); ++i) {
        if (i < unnamed.size() && unnamed[i])
          zeroFill(member(dst, i, l), l);
        else if (k < ile->getNumInits())
          initialize(member(dst, i, l), ile->getInit(k++));
        else
          zeroFill(member(dst, i, l), l);
      }
      return;
    }
    if (t->kind == M::TypeKind::Union) {
      const FieldDecl* f = ile->getInitializedFieldInUnion();
      if (f && ile->getNumInits() > 0)
        initialize(member(dst, f->getFieldIndex(), l), ile->getInit(0));
      else
        zeroFill(dst, l);
      return;
    }
    unsupported(init->getBeginLoc(), "this initializer list");
  }
  if (isa<ImplicitValueInitExpr>(e)) {
    zeroFill(dst, l);
    return;
  }
  if (isa<DesignatedInitUpdateExpr>(e) || isa<NoInitExpr>(e))
    unsupported(init->getBeginLoc(), "overlapping designated initializers");
  if (auto* sl_ = dyn_cast<StringLiteral>(e); sl_ && dst->type->kind == M::TypeKind::Array) {
    std::string s = sl_->getString().str();
    uint64_t n = dst->type->length ? *dst->type->length : s.size() + 1;
    for (uint64_t i = 0; i < n; ++i) {
      long long c = i < s.size() ? (long long)(signed char)s[i] : 0;
      emitAssign(index(dst, intLit((long long)i, prog_.types.intType(), l), l),
                 intLit(c, dst->type->elem, l), l);
    }
    return;
  }
  const Expr* r = stripSameCategory(init);
  if (auto* ce = dyn_cast<CallExpr>(r); ce && !isAssertExpansion(ce)) {
    callExpr(ce, dst, false);
    return;
  }
  emitAssign(dst, rv(init), l);
}

// ============================================================================
// Statements
// ============================================================================

void Lowerer::collectLabels(const Stmt* s, std::vector<const Stmt*>& chain) {
  if (!s)
    return;
  bool scope = isa<CompoundStmt>(s) || isa<ForStmt>(s);
  if (scope)
    chain.push_back(s);
  if (auto* ls = dyn_cast<LabelStmt>(s))
    S->labelChains[ls->getDecl()] = chain;
  for (const Stmt* c : s->children())
    collectLabels(c, chain);
  if (scope)
    chain.pop_back();
}

void Lowerer::stmt(const Stmt* s) {
  if (!s)
    return;
  M::SrcLoc l = sl(s->getBeginLoc());
  // Annotations that precede this statement.
  std::vector<CapturedAnnot*> loopAnnots;
  for (CapturedAnnot* a : annotsAt(s->getBeginLoc())) {
    switch (a->needs) {
    case annot::Needs::Statement: {
      annot::Target t;
      t.func = S->fid;
      t.loc = here(l);
      t.where = pos(s->getBeginLoc());
      applyAt(a, t);
      break;
    }
    case annot::Needs::Loop:
      if (isa<WhileStmt>(s) || isa<ForStmt>(s) || isa<DoStmt>(s))
        loopAnnots.push_back(a);
      break; // otherwise left pending: reported as misplaced
    default:
      break; // declarations are handled by localDecl
    }
  }
  switch (s->getStmtClass()) {
  case Stmt::CompoundStmtClass:
    compound(cast<CompoundStmt>(s));
    return;
  case Stmt::DeclStmtClass:
    for (const Decl* d : cast<DeclStmt>(s)->decls()) {
      if (auto* vd = dyn_cast<VarDecl>(d))
        localDecl(vd);
      else if (auto* td = dyn_cast<TypedefNameDecl>(d)) {
        if (td->getUnderlyingType()->isVariablyModifiedType())
          unsupported(td->getLocation(), "a typedef of a variable-length array type");
      }
    }
    return;
  case Stmt::NullStmtClass:
    return;
  case Stmt::IfStmtClass: {
    auto* is = cast<IfStmt>(s);
    const M::Expr* c = truthy(rv(is->getCond()), sl(is->getCond()->getBeginLoc()));
    auto [tr, fa] = branch(c, l);
    setFlow(tr);
    stmt(is->getThen());
    auto after = takeFlow();
    setFlow(fa);
    if (is->getElse())
      stmt(is->getElse());
    addFlow(after);
    return;
  }
  case Stmt::WhileStmtClass:
  case Stmt::DoStmtClass:
  case Stmt::ForStmtClass:
    loopStmt(s, loopAnnots);
    return;
  case Stmt::SwitchStmtClass:
    switchStmt(cast<SwitchStmt>(s));
    return;
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass:
    fail(s->getBeginLoc(), "internal error: case label outside a switch");
  case Stmt::BreakStmtClass: {
    if (S->jumps.empty())
      fail(s->getBeginLoc(), "'break' outside a loop or switch");
    Jump j = S->jumps.back();
    killScopes(j.depth, l);
    auto f = takeFlow();
    j.brk->pend.insert(j.brk->pend.end(), f.begin(), f.end());
    return;
  }
  case Stmt::ContinueStmtClass: {
    Jump* j = nullptr;
    for (auto it = S->jumps.rbegin(); it != S->jumps.rend(); ++it)
      if (it->cont) {
        j = &*it;
        break;
      }
    if (!j)
      fail(s->getBeginLoc(), "'continue' outside a loop");
    killScopes(j->depth, l);
    if (j->cont->loc != kNone) {
      flowTo(j->cont->loc);
    } else {
      auto f = takeFlow();
      j->cont->pend.insert(j->cont->pend.end(), f.begin(), f.end());
    }
    return;
  }
  case Stmt::ReturnStmtClass:
    returnStmt(cast<ReturnStmt>(s));
    return;
  case Stmt::GotoStmtClass:
    gotoStmt(cast<GotoStmt>(s));
    return;
  case Stmt::LabelStmtClass: {
    auto* ls = cast<LabelStmt>(s);
    JumpTarget& t = S->labels[ls->getDecl()];
    M::LocId at = here(l);
    for (M::TransId tr : t.pend)
      fn().trans[tr].to = at;
    t.pend.clear();
    t.loc = at;
    stmt(ls->getSubStmt());
    return;
  }
  case Stmt::AttributedStmtClass:
    stmt(cast<AttributedStmt>(s)->getSubStmt());
    return;
  case Stmt::IndirectGotoStmtClass:
    unsupported(s->getBeginLoc(), "computed goto");
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass:
    unsupported(s->getBeginLoc(), "inline assembly");
  default:
    break;
  }
  if (auto* e = dyn_cast<Expr>(s)) {
    effect(e);
    return;
  }
  unsupported(s->getBeginLoc(), std::string("the statement '") + s->getStmtClassName() + "'");
}

static bool isCallTo(const Stmt* s, const char* name) {
  auto* ce = dyn_cast_or_null<CallExpr>(s);
  if (!ce)
    return false;
  const FunctionDecl* fd = ce->getDirectCallee();
  return fd && fd->getName() == name;
}

const M::Expr* Lowerer::stmtExpr(const StmtExpr* se, bool wantValue) {
  // GNU C: the statements of the block in its own scope; the value is the
  // last one's when it is an expression (a temp, before the scope's
  // variables die)
  const CompoundStmt* cs = se->getSubStmt();
  M::SrcLoc l = sl(se->getBeginLoc());
  S->scopes.push_back({cs, {}, {}});
  std::vector<const Stmt*> ss(cs->body_begin(), cs->body_end());
  M::VarId t = kNone;
  for (size_t i = 0; i < ss.size(); ++i) {
    const auto* last = i + 1 == ss.size() ? dyn_cast<Expr>(ss[i]) : nullptr;
    if (last && wantValue && !se->getType()->isVoidType()) {
      const M::Expr* v = rv(last);
      t = temp(ty(se->getType(), se->getBeginLoc()));
      emitAssign(varRef(t, l), v, sl(last->getBeginLoc()));
    } else {
      stmt(ss[i]);
    }
  }
  if (reachable())
    killScopes(S->scopes.size() - 1, sl(cs->getRBracLoc()));
  S->scopes.pop_back();
  if (t != kNone)
    return varRef(t, l);
  if (wantValue && !se->getType()->isVoidType())
    unsupported(se->getBeginLoc(), "a statement expression whose value is not its last statement");
  return nullptr;
}

void Lowerer::compound(const CompoundStmt* cs) {
  S->scopes.push_back({cs, {}, {}});
  auto body = cs->body();
  std::vector<const Stmt*> ss(body.begin(), body.end());
  for (size_t i = 0; i < ss.size(); ++i) {
    if (isCallTo(ss[i], kThruFn) && i + 2 < ss.size() && isa<CompoundStmt>(ss[i + 1]) &&
        isCallTo(ss[i + 2], kPassertFn)) {
      thruBlock(cast<CallExpr>(ss[i]), cast<CompoundStmt>(ss[i + 1]), cast<CallExpr>(ss[i + 2]));
      i += 2;
      continue;
    }
    stmt(ss[i]);
  }
  M::SrcLoc end = sl(cs->getRBracLoc());
  // An assertion pragma at the end of a block: the point that follows it is
  // the end of the block (seed 000), before the block's variables die.
  for (CapturedAnnot* a : annotsAt(cs->getRBracLoc()))
    if (a->needs == annot::Needs::Statement) {
      annot::Target t;
      t.func = S->fid;
      t.loc = here(end);
      t.where = pos(cs->getRBracLoc());
      applyAt(a, t);
    }
  if (reachable())
    killScopes(S->scopes.size() - 1, end);
  S->scopes.pop_back();
}

void Lowerer::thruBlock(const CallExpr* thru, const CompoundStmt* body, const CallExpr* pass) {
  M::ParallelAssert pa;
  pa.func = S->fid;
  pa.loc = sl(thru->getBeginLoc());
  pa.begin = here(sl(body->getBeginLoc()));
  // BEGIN before the region, END on every way out of it: its end, and
  // break/continue/goto/return out of it (killScopes).
  int k = int(prog_.passerts.size());
  prog_.passerts.push_back(pa); // (nested regions come after it)
  passertMark(true, k, pa.loc);
  S->scopes.push_back({body, {}, {}, k});
  stmt(body);
  S->scopes.pop_back();
  if (reachable())
    passertMark(false, k, sl(pass->getBeginLoc()));
  pa.end = here(sl(pass->getBeginLoc()));
  if (pass->getNumArgs() != 1)
    fail(pass->getBeginLoc(), "passert takes exactly one expression");
  size_t before = fn().trans.size();
  inPassert_ = true;
  try {
    pa.expr = truthy(rv(pass->getArg(0)), sl(pass->getArg(0)->getBeginLoc()));
  } catch (...) {
    inPassert_ = false;
    throw;
  }
  inPassert_ = false;
  if (fn().trans.size() != before)
    fail(pass->getArg(0)->getBeginLoc(), "a passert expression must be free of side effects");
  prog_.passerts[size_t(k)] = pa;
}

void Lowerer::localDecl(const VarDecl* vd) {
  M::SrcLoc l = sl(vd->getLocation());
  auto annots = annotsAt(vd->getBeginLoc());
  if (vd->hasExternalStorage()) {
    if (vd->getTLSKind() != VarDecl::TLS_None)
      unsupported(vd->getLocation(), "a block-scope declaration of the thread-local variable '" +
                                         vd->getName().str() + "'");
    M::VarId g = globalFor(vd);
    S->vars[vd] = g;
    S->scopes.back().names[vd->getName().str()] = g;
    return;
  }
  if (vd->isStaticLocal()) {
    if (vd->getTLSKind() != VarDecl::TLS_None)
      unsupported(vd->getLocation(), "the thread-local variable '" + vd->getName().str() + "'");
    M::Variable v;
    v.name = vd->getName().str();
    v.type = ty(vd->getType(), vd->getLocation());
    v.kind = M::VarKind::StaticLocal;
    v.func = S->fid;
    v.loc = l;
    M::VarId id = prog_.addVar(std::move(v));
    fn().locals.push_back(id);
    S->vars[vd] = id;
    initS_.vars[vd] = id;
    S->scopes.back().names[vd->getName().str()] = id;
    FnState* saved = S;
    S = &initS_;
    try {
      if (const Expr* init = vd->getInit())
        initialize(varRef(id, l), init);
      else if (!declAnnotIsInput(annots))
        zeroFill(varRef(id, l), l);
    } catch (...) {
      S = saved;
      throw;
    }
    S = saved;
    applyDeclAnnots(annots, id, vd);
    return;
  }
  prepareVM(vd->getType(), vd->getLocation());
  M::Variable v;
  v.name = vd->getName().str();
  v.type = declType(vd);
  v.kind = M::VarKind::Local;
  v.func = S->fid;
  v.loc = l;
  M::VarId id = prog_.addVar(std::move(v));
  fn().locals.push_back(id);
  S->vars[vd] = id;
  S->scopes.back().names[vd->getName().str()] = id;
  S->scopes.back().vars.push_back(id);
  if (const auto* ca = vd->getAttr<CleanupAttr>()) // f(&v) at every exit of the scope
    cleanups_[id] = ca->getFunctionDecl();
  M::Stmt d;
  d.kind = M::StmtKind::Declare;
  d.var = id;
  emit(std::move(d), l);
  applyDeclAnnots(annots, id, vd);
  if (const Expr* init = vd->getInit())
    initialize(varRef(id, l), init);
}

/// gcc's type for arithmetic on a read of a bit-field wider than int whose
/// width is below its declared type's (`unsigned long long c : 33`): the
/// bit-field's own w-bit type when the other operand (null: none, or a
/// shift count) is narrower (c_common_type: the greater precision wins), so
/// `s.c - 1` with c = 0 is 2^33 - 1; null otherwise (Clang's type is used).
const M::Type* Lowerer::wideBitFieldArith(const Expr* x, const Expr* other) {
  if (!wideBitFields_) // (no structure declares one: the common case)
    return nullptr;
  // (an operation on such a value has that type too: `(s.c + 5) << 31`)
  std::function<const M::Type*(const Expr*)> wide = [&](const Expr* e) -> const M::Type* {
    e = e->IgnoreParenImpCasts();
    if (const auto* b = dyn_cast<BinaryOperator>(e)) {
      if (b->isAdditiveOp() || b->isMultiplicativeOp() || b->isBitwiseOp())
        return wideBitFieldArith(b->getLHS(), b->getRHS());
      return b->isShiftOp() ? wideBitFieldArith(b->getLHS(), nullptr) : nullptr;
    }
    if (const auto* u = dyn_cast<UnaryOperator>(e))
      return u->getOpcode() == UO_Minus || u->getOpcode() == UO_Not || u->getOpcode() == UO_Plus
                 ? wideBitFieldArith(u->getSubExpr(), nullptr)
                 : nullptr;
    const auto* me = dyn_cast<MemberExpr>(e);
    const auto* fd = me ? dyn_cast<FieldDecl>(me->getMemberDecl()) : nullptr;
    if (!fd || !fd->isBitField() || !fd->getType()->isIntegerType())
      return nullptr;
    unsigned w = fd->getBitWidthValue(ctx_);
    if (w <= 32 || w >= ctx_.getTypeSize(fd->getType()))
      return nullptr;
    return prog_.types.bitField(ty(fd->getType(), fd->getLocation()), w);
  };
  const M::Type* bx = wide(x);
  const M::Type* bo = other ? wide(other) : nullptr;
  unsigned po = 0;
  if (other && !bo) {
    QualType ot = other->IgnoreParenImpCasts()->getType();
    po = ot->isIntegerType() ? unsigned(ctx_.getTypeSize(ot)) : 128;
  }
  if (bx && bo)
    return bx->bits != bo->bits ? (bx->bits > bo->bits ? bx : bo) : bx->isSigned ? bo : bx;
  const M::Type* b = bx ? bx : bo;
  if (!b)
    return nullptr;
  if (bo) // the bit-field is the right operand: the left one's precision
    po = unsigned(ctx_.getTypeSize(x->IgnoreParenImpCasts()->getType()));
  return b->bits > po ? b : nullptr;
}

/// The model type of a declared variable; array sizes spelled with an input
/// macro become variable-length arrays whose length is the macro's variable.
const M::Type* Lowerer::declType(const VarDecl* vd) {
  if (st_.inputMacros.empty() || !vd->getTypeSourceInfo())
    return ty(vd->getType(), vd->getLocation());
  std::function<const M::Type*(TypeLoc)> walk = [&](TypeLoc tl) -> const M::Type* {
    tl = tl.getUnqualifiedLoc();
    if (auto p = tl.getAs<ParenTypeLoc>())
      return walk(p.getInnerLoc());
    if (auto ca = tl.getAs<ConstantArrayTypeLoc>()) {
      const M::Type* elem = walk(ca.getElementLoc());
      if (const Expr* sz = ca.getSizeExpr()) {
        if (const M::Expr* m = inputMacroUse(sz->IgnoreParens()))
          return prog_.types.vla(elem, m->var);
        // An expression over input macros: evaluate it into a temp.
        bool usesMacro = false;
        std::function<void(const Stmt*)> scan = [&](const Stmt* s) {
          if (!s || usesMacro)
            return;
          if (auto* e = dyn_cast<Expr>(s); e && inputMacroUse(e))
            usesMacro = true;
          for (const Stmt* c : s->children())
            scan(c);
        };
        scan(sz);
        if (usesMacro) {
          if (!S || S == &initS_)
            unsupported(sz->getBeginLoc(),
                        "a file-scope array whose size is an expression over an input macro "
                        "(use the macro alone)");
          M::VarId t = temp(prog_.types.sizeType());
          emitAssign(varRef(t, sl(sz->getBeginLoc())), rv(sz), sl(sz->getBeginLoc()));
          return prog_.types.vla(elem, t);
        }
      }
      return prog_.types.array(elem, ca.getTypePtr()->getSize().getZExtValue());
    }
    return ty(tl.getType(), vd->getLocation());
  };
  return walk(vd->getTypeSourceInfo()->getTypeLoc());
}

void Lowerer::loopStmt(const Stmt* s, const std::vector<CapturedAnnot*>& loopAnnots) {
  M::SrcLoc l = sl(s->getBeginLoc());
  JumpTarget brk, cont;
  auto attach = [&](M::LocId head) {
    for (CapturedAnnot* a : loopAnnots) {
      annot::Target t;
      t.func = S->fid;
      t.loc = head;
      t.where = pos(s->getBeginLoc());
      applyAt(a, t);
    }
  };
  if (auto* ws = dyn_cast<WhileStmt>(s)) {
    M::LocId head = loopHead(l);
    attach(head);
    cont.loc = head;
    const M::Expr* c = truthy(rv(ws->getCond()), sl(ws->getCond()->getBeginLoc()));
    auto [tr, fa] = branch(c, l);
    setFlow(tr);
    S->jumps.push_back({&brk, &cont, S->scopes.size()});
    stmt(ws->getBody());
    S->jumps.pop_back();
    flowTo(head);
    setFlow(fa);
    addFlow(brk.pend);
    return;
  }
  if (auto* ds = dyn_cast<DoStmt>(s)) {
    M::LocId head = loopHead(l);
    attach(head);
    S->jumps.push_back({&brk, &cont, S->scopes.size()});
    stmt(ds->getBody());
    S->jumps.pop_back();
    addFlow(cont.pend);
    const M::Expr* c = truthy(rv(ds->getCond()), sl(ds->getCond()->getBeginLoc()));
    auto [tr, fa] = branch(c, sl(ds->getCond()->getBeginLoc()));
    for (M::TransId t : tr)
      fn().trans[t].to = head;
    setFlow(fa);
    addFlow(brk.pend);
    return;
  }
  auto* fs = cast<ForStmt>(s);
  S->scopes.push_back({fs, {}, {}});
  if (fs->getInit())
    stmt(fs->getInit());
  M::LocId head = loopHead(l);
  attach(head);
  std::vector<M::TransId> exit;
  if (fs->getCond()) {
    const M::Expr* c = truthy(rv(fs->getCond()), sl(fs->getCond()->getBeginLoc()));
    auto [tr, fa] = branch(c, l);
    setFlow(tr);
    exit = fa;
  }
  S->jumps.push_back({&brk, &cont, S->scopes.size()});
  stmt(fs->getBody());
  S->jumps.pop_back();
  addFlow(cont.pend);
  if (fs->getInc())
    effect(fs->getInc());
  flowTo(head);
  setFlow(exit);
  addFlow(brk.pend);
  if (reachable())
    killScopes(S->scopes.size() - 1, sl(fs->getEndLoc()));
  S->scopes.pop_back();
}

void Lowerer::switchStmt(const SwitchStmt* sw) {
  M::SrcLoc l = sl(sw->getBeginLoc());
  if (sw->getInit() || sw->getConditionVariable())
    unsupported(sw->getBeginLoc(), "a switch with a declaration in its condition");
  const M::Expr* c = rv(sw->getCond());
  if (hasSE(sw->getCond()) || c->kind != M::ExprKind::Var) {
    M::VarId t = temp(c->type);
    emitAssign(varRef(t, l), c, l);
    c = varRef(t, l);
  }
  // Collect the case labels of this switch (not of nested switches).
  std::vector<const SwitchCase*> cases;
  std::function<void(const Stmt*)> collect = [&](const Stmt* s) {
    if (!s || isa<SwitchStmt>(s))
      return;
    if (auto* sc = dyn_cast<SwitchCase>(s))
      cases.push_back(sc);
    for (const Stmt* k : s->children())
      collect(k);
  };
  collect(sw->getBody());
  std::map<const SwitchCase*, JumpTarget> targets;
  JumpTarget brk;
  M::LocId from = here(l);
  const M::Expr* noneMatches = nullptr;
  const SwitchCase* dflt = nullptr;
  const M::Type* it = prog_.types.intType();
  for (const SwitchCase* sc : cases) {
    if (auto* cs = dyn_cast<CaseStmt>(sc)) {
      if (cs->getRHS())
        unsupported(cs->getBeginLoc(), "a case range");
      llvm::APSInt v = cs->getLHS()->EvaluateKnownConstInt(ctx_);
      const M::Expr* val = intLit(v.getExtValue(), c->type, sl(cs->getLHS()->getBeginLoc()));
      M::TransId t =
          addTrans(from, kNone, binary(M::Op::Eq, c, val, it, l), M::Stmt{}, sl(cs->getBeginLoc()));
      targets[sc].pend.push_back(t);
      const M::Expr* ne = binary(M::Op::Ne, c, val, it, l);
      noneMatches = noneMatches ? binary(M::Op::LogAnd, noneMatches, ne, it, l) : ne;
    } else {
      dflt = sc;
    }
  }
  M::TransId d = addTrans(from, kNone, noneMatches, M::Stmt{},
                          dflt ? sl(dflt->getBeginLoc()) : sl(sw->getEndLoc()));
  if (dflt)
    targets[dflt].pend.push_back(d);
  else
    brk.pend.push_back(d);
  S->cur = kNone;
  S->pend.clear();
  // Lower the body; case labels join their dispatch transitions.
  JumpTarget* outerCont = nullptr;
  for (auto j = S->jumps.rbegin(); j != S->jumps.rend(); ++j)
    if (j->cont) {
      outerCont = j->cont;
      break;
    }
  S->jumps.push_back({&brk, nullptr, S->scopes.size()});
  (void)outerCont;
  std::function<void(const Stmt*)> body = [&](const Stmt* s) {
    if (auto* sc = dyn_cast_or_null<SwitchCase>(s)) {
      addFlow(targets[sc].pend);
      targets[sc].pend.clear();
      if (!reachable())
        here(sl(sc->getBeginLoc()));
      body(sc->getSubStmt());
      return;
    }
    stmt(s);
  };
  if (auto* cs = dyn_cast<CompoundStmt>(sw->getBody())) {
    S->scopes.push_back({cs, {}, {}});
    for (const Stmt* s : cs->body())
      body(s);
    if (reachable())
      killScopes(S->scopes.size() - 1, sl(cs->getRBracLoc()));
    S->scopes.pop_back();
  } else {
    body(sw->getBody());
  }
  S->jumps.pop_back();
  for (auto& [sc, t] : targets)
    if (!t.pend.empty())
      unsupported(sc->getBeginLoc(), "a case label nested inside a statement of the switch body");
  addFlow(brk.pend);
}

void Lowerer::returnStmt(const ReturnStmt* r) {
  M::SrcLoc l = sl(r->getBeginLoc());
  const M::Expr* v = nullptr;
  if (const Expr* e = r->getRetValue()) {
    if (e->getType()->isVoidType())
      effect(e);
    else
      v = rv(e);
  }
  bool anyKill = false;
  for (auto& sc : S->scopes)
    anyKill |= !sc.vars.empty() || sc.passert >= 0;
  if (v && anyKill && v->kind != M::ExprKind::IntLit && v->kind != M::ExprKind::RealLit) {
    M::VarId t = temp(v->type);
    emitAssign(varRef(t, l), v, l);
    v = varRef(t, l);
  }
  killScopes(0, l);
  M::Stmt s;
  s.kind = M::StmtKind::Return;
  s.rhs = v;
  M::LocId from = here(l);
  addTrans(from, fn().exit, nullptr, std::move(s), l);
  S->cur = kNone;
  S->pend.clear();
}

void Lowerer::gotoStmt(const GotoStmt* g) {
  M::SrcLoc l = sl(g->getBeginLoc());
  const auto& chain = S->labelChains[g->getLabel()];
  size_t common = 0;
  while (common < chain.size() && common < S->scopes.size() &&
         chain[common] == S->scopes[common].owner)
    ++common;
  killScopes(common, l);
  JumpTarget& t = S->labels[g->getLabel()];
  if (t.loc != kNone) {
    flowTo(t.loc);
  } else {
    if (!reachable())
      here(l);
    auto f = takeFlow();
    t.pend.insert(t.pend.end(), f.begin(), f.end());
  }
}

// ============================================================================
// Declarations
// ============================================================================

M::FuncId Lowerer::syntheticFunc(const std::string& name, const M::Type* t) {
  if (auto* f = prog_.findFunc(name))
    return f->id;
  M::Function f;
  f.name = name;
  f.type = t;
  return prog_.addFunc(std::move(f));
}

bool Lowerer::userVariadic(const FunctionDecl* fd) {
  if (!fd->isVariadic() || fd->getBuiltinID())
    return false;
  const SourceManager& sm = ctx_.getSourceManager();
  const std::string models = CHORUS_HEADER_DIR;
  for (const FunctionDecl* r : fd->redecls()) {
    if (sm.isInSystemHeader(r->getLocation()))
      return false;
    llvm::StringRef file = sm.getFilename(sm.getSpellingLoc(r->getLocation()));
    if (file.startswith(models))
      return false;
  }
  return true;
}

const M::Expr* Lowerer::variadicArgs(const CallExpr* ce, size_t named, M::SrcLoc l,
                                     M::VarId& record) {
  const M::Type* vp = prog_.types.pointer(prog_.types.voidType());
  std::vector<const M::Expr*> vals;
  std::vector<M::Field> fields;
  uint64_t size = 0;
  for (size_t i = named; i < ce->getNumArgs(); ++i) {
    const M::Expr* v = rv(ce->getArg(unsigned(i))); // (promoted by clang)
    vals.push_back(v);
    fields.push_back({"arg" + std::to_string(i - named + 1), v->type});
    size += v->type && v->type->size ? (v->type->size + 7) / 8 * 8 : 8;
  }
  if (vals.empty())
    return zeroOf(vp, l);
  M::Type* rec = prog_.types.record(M::TypeKind::Struct, "");
  rec->name = "$varargs";
  prog_.types.complete(rec, std::move(fields), size);
  M::VarId t = record = temp(rec);
  M::Stmt d;
  d.kind = M::StmtKind::Declare;
  d.var = t;
  emit(std::move(d), l);
  for (size_t k = 0; k < vals.size(); ++k)
    emitAssign(member(varRef(t, l), uint32_t(k), l), vals[k], l);
  return cast(addrOf(member(varRef(t, l), 0, l), l), vp, l);
}

M::FuncId Lowerer::funcFor(const FunctionDecl* fd) {
  fd = fd->getCanonicalDecl();
  auto it = funcs_.find(fd);
  if (it != funcs_.end())
    return it->second;
  const FunctionDecl* def = nullptr;
  bool hasBody = fd->hasBody(def);
  const FunctionDecl* d = hasBody ? def : fd->getMostRecentDecl();
  std::string name = d->getName().str();
  // Linkage: a function with external linkage is one function of the whole
  // program (its units share it by name); a static one belongs to its unit.
  const bool internal = !d->isExternallyVisible();
  if (!internal) {
    M::FuncId existing = kNone;
    if (auto it = link_.externFuncs.find(name); it != link_.externFuncs.end())
      existing = it->second;
    else if (auto* f = prog_.findFunc(name); f && !link_.internalFuncs.count(f->id))
      existing = f->id;
    if (existing != kNone) {
      funcs_[fd] = existing;
      link_.externFuncs[name] = existing;
      if (hasBody && !prog_.funcs[existing].defined && !link_.definedAt.count(name)) {
        // declared (and maybe called) by an earlier unit, defined here
        M::Function& f = prog_.funcs[existing];
        f.type = functionType(d);
        f.loc = sl(d->getLocation());
        f.params.clear();
        f.paramNames.clear();
        for (const ParmVarDecl* p : d->parameters())
          f.paramNames.push_back(p->getName().str());
        link_.definedAt[name] = pos(d->getLocation());
        worklist_.push_back(def);
      } else if (hasBody && !lowered_.count(def)) {
        duplicateDefinition(name, d->getLocation());
      }
      return existing;
    }
  }
  M::Function f;
  f.name = name;
  f.type = functionType(d);
  f.loc = sl(d->getLocation());
  for (const ParmVarDecl* p : d->parameters())
    f.paramNames.push_back(p->getName().str());
  M::FuncId id = prog_.addFunc(std::move(f));
  funcs_[fd] = id;
  if (internal)
    link_.internalFuncs.insert(id);
  else
    link_.externFuncs[name] = id;
  if (hasBody) {
    if (!internal)
      link_.definedAt[name] = pos(d->getLocation());
    worklist_.push_back(def);
  }
  return id;
}

const M::Type* Lowerer::functionType(const FunctionDecl* d) {
  const M::Type* t = ty(d->getType(), d->getLocation());
  if (d->hasPrototype() || d->getNumParams() == 0)
    return t;
  // a K&R definition `int f(a, b) int a; double b; { ... }`: callers pass
  // the promoted arguments, the parameters convert them (as gcc does)
  std::vector<const M::Type*> ps;
  for (const ParmVarDecl* p : d->parameters())
    ps.push_back(ty(p->getType(), p->getLocation()));
  return prog_.types.function(t->ret, std::move(ps), false);
}

bool Lowerer::duplicateDefinition(const std::string& name, SourceLocation at) {
  error(at, "multiple definition of '" + name + "'");
  if (auto it = link_.definedAt.find(name); it != link_.definedAt.end())
    diags_.note(it->second, "first defined here");
  return true;
}

void Lowerer::lowerFunction(const FunctionDecl* fd) {
  if (!lowered_.insert(fd).second)
    return;
  M::FuncId id = funcFor(fd);
  FnState st;
  st.fid = id;
  st.isMain = fd->isMain();
  FnState* saved = S;
  S = &st;
  struct Restore {
    Lowerer* l;
    FnState* s;
    ~Restore() { l->S = s; }
  } restore{this, saved};
  fn().defined = true;
  auto* body = cast<CompoundStmt>(fd->getBody());
  fn().entry = fn().addLoc(sl(body->getLBracLoc()));
  fn().exit = fn().addLoc(sl(body->getRBracLoc()));
  S->cur = fn().entry;
  S->scopes.push_back({nullptr, {}, {}});
  for (const ParmVarDecl* p : fd->parameters()) {
    prepareVM(p->getType(), p->getLocation());
    M::Variable v;
    v.name = p->getName().str();
    v.type = ty(p->getType(), p->getLocation());
    v.kind = M::VarKind::Param;
    v.func = id;
    v.loc = sl(p->getLocation());
    M::VarId vid = prog_.addVar(std::move(v));
    fn().params.push_back(vid);
    S->vars[p] = vid;
    S->scopes.back().names[p->getName().str()] = vid;
    if (st.isMain) {
      M::InputDecl in;
      in.var = vid;
      in.loc = sl(p->getLocation());
      prog_.inputs.push_back(in);
    }
  }
  if (fd->isVariadic()) { // the hidden parameter `$va` (userVariadic)
    M::Variable v;
    v.name = "$va";
    v.type = prog_.types.pointer(prog_.types.voidType());
    v.kind = M::VarKind::Param;
    v.func = id;
    v.loc = sl(fd->getLocation());
    st.vaParam = prog_.addVar(std::move(v));
    fn().params.push_back(st.vaParam);
  }
  std::vector<const Stmt*> chain{nullptr}; // the parameter scope
  collectLabels(body, chain);
  compound(body);
  if (reachable()) {
    M::SrcLoc end = sl(body->getRBracLoc());
    M::Stmt r;
    r.kind = M::StmtKind::Return;
    if (st.isMain)
      r.rhs = intLit(0, prog_.types.intType(), end);
    M::LocId from = here(end);
    addTrans(from, fn().exit, nullptr, std::move(r), end);
  }
  for (auto& [ld, t] : S->labels)
    if (!t.pend.empty())
      fail(ld->getLocation(), "internal error: unresolved label '" + ld->getName().str() + "'");
}

void Lowerer::initGlobal(M::VarId v, const VarDecl* vd, bool isInput) {
  FnState* saved = S;
  S = &initS_;
  struct Restore {
    Lowerer* l;
    FnState* s;
    ~Restore() { l->S = s; }
  } restore{this, saved};
  M::SrcLoc l = sl(vd->getLocation());
  const VarDecl* initDecl = nullptr;
  const Expr* init = vd->getAnyInitializer(initDecl);
  if (prog_.vars[v].threadLocal) {
    if (isInput)
      unsupported(vd->getLocation(), "an input that is thread-local");
    // every thread's object starts with the initializer's value (and so
    // does the last element, copied into a new thread's: kThreadLocalSlots)
    for (uint64_t k = 0; k < M::kThreadLocalSlots; ++k) {
      const M::Expr* el = index(varRef(v, l), intLit((long long)k, prog_.types.intType(), l), l);
      if (init)
        initialize(el, init);
      else
        zeroFill(el, l);
    }
    return;
  }
  if (init)
    initialize(varRef(v, l), init);
  else if (!isInput)
    zeroFill(varRef(v, l), l);
}

M::VarId Lowerer::globalFor(const VarDecl* vd) {
  const VarDecl* canon = vd->getCanonicalDecl();
  auto it = globals_.find(canon);
  if (it != globals_.end())
    return it->second;
  const VarDecl* def = vd->getDefinition(ctx_);
  if (!def)
    def = vd->getActingDefinition();
  const VarDecl* d = def ? def : vd->getMostRecentDecl();
  // `_Thread_local`: one object per thread (model::kThreadLocalSlots)
  const bool tls = d->getTLSKind() != VarDecl::TLS_None;
  const bool internal = !d->isExternallyVisible();
  const std::string vname = d->getName().str();
  if (!internal)
    if (auto it = link_.externVars.find(vname); it != link_.externVars.end()) {
      // the global of an earlier unit (gcc 12: -fno-common, so two
      // definitions, also tentative ones `int x;`, are an error)
      M::VarId id = it->second;
      globals_[canon] = id;
      if (def || d->getInit()) {
        if (link_.definedAt.count(vname)) {
          duplicateDefinition(vname, d->getLocation());
          return id;
        }
        link_.definedAt[vname] = pos(d->getLocation());
        FnState* saved = S;
        S = nullptr;
        try {
          prog_.vars[id].type = tlsType(declType(d), tls);
        } catch (...) {
          S = saved;
          throw;
        }
        S = saved;
        prog_.vars[id].threadLocal = tls;
        prog_.vars[id].loc = sl(d->getLocation());
        prog_.vars[id].isExtern = false;
        std::vector<CapturedAnnot*> annots;
        for (const VarDecl* r : vd->redecls()) {
          auto as = annotsAt(r->getBeginLoc());
          annots.insert(annots.end(), as.begin(), as.end());
        }
        initGlobal(id, d, declAnnotIsInput(annots));
        applyDeclAnnots(annots, id, d);
      }
      return id;
    }
  M::Variable v;
  v.name = vname;
  FnState* saved = S;
  S = nullptr;
  try {
    v.type = tlsType(declType(d), tls);
  } catch (...) {
    S = saved;
    throw;
  }
  S = saved;
  v.threadLocal = tls;
  v.kind = M::VarKind::Global;
  v.loc = sl(d->getLocation());
  v.isExtern = !def && !d->getInit();
  M::VarId id = prog_.addVar(std::move(v));
  globals_[canon] = id;
  if (internal) {
    link_.internalVars.insert(id);
  } else {
    link_.externVars[vname] = id;
    if (!prog_.vars[id].isExtern)
      link_.definedAt[vname] = pos(d->getLocation());
  }
  std::vector<CapturedAnnot*> annots;
  for (const VarDecl* r : vd->redecls()) {
    auto as = annotsAt(r->getBeginLoc());
    annots.insert(annots.end(), as.begin(), as.end());
  }
  if (!prog_.vars[id].isExtern)
    initGlobal(id, d, declAnnotIsInput(annots));
  applyDeclAnnots(annots, id, d);
  return id;
}

// ============================================================================
// Annotations
// ============================================================================

void Lowerer::applyAt(CapturedAnnot* a, const annot::Target& t) {
  a->done = true;
  std::map<std::string, M::VarId> visible;
  if (S && S != &initS_)
    for (auto& sc : S->scopes)
      for (auto& [n, v] : sc.names)
        visible[n] = v;
  LowerScope scope(*this, std::move(visible));
  applyAnnotation(*a, t, scope, prog_, diags_);
}

/// Whether the declaration the annotation `a` precedes declares more
/// variables after `vd` (`int A, B;`): the token after vd's declarator is a
/// comma.
bool Lowerer::moreDeclarators(const CapturedAnnot& a, const VarDecl* vd) {
  for (const VarDecl* r : vd->redecls()) {
    if (key(r->getBeginLoc()) != a.next)
      continue;
    SourceLocation end = sm_.getExpansionRange(r->getEndLoc()).getEnd();
    std::optional<Token> next = Lexer::findNextToken(end, sm_, ctx_.getLangOpts());
    return next && next->is(tok::comma);
  }
  return false;
}

void Lowerer::applyDeclAnnots(const std::vector<CapturedAnnot*>& as, M::VarId v,
                              const VarDecl* vd) {
  for (CapturedAnnot* a : as) {
    if (a->needs != annot::Needs::Declaration)
      continue;
    // `#pragma TASS input` over `int A, B;`: every declarator is an input
    // (an output). The annotation stays pending until the last one, where
    // it is lowered with its condition (which may name them all); it is not
    // parsed before (a name in it would lower a later declarator early).
    if (moreDeclarators(*a, vd)) {
      if (!a->toks.empty() && a->toks[0].text == "input") {
        M::InputDecl d;
        d.var = v;
        d.loc = sl(a->start);
        prog_.inputs.push_back(std::move(d));
      } else if (!a->toks.empty() && a->toks[0].text == "output") {
        M::OutputDecl d;
        d.var = v;
        d.loc = sl(a->start);
        prog_.outputs.push_back(d);
      }
      continue;
    }
    annot::Target t;
    t.func = S && S != &initS_ ? S->fid : kNone;
    t.var = v;
    t.where = pos(vd->getLocation());
    applyAt(a, t);
  }
}

void Lowerer::createInputMacros() {
  for (CapturedAnnot& a : st_.annots) {
    if (a.needs != annot::Needs::Declaration || a.macroName.empty())
      continue;
    auto mm = st_.mainMacros.find(a.macroName);
    const MacroInfo* mi = mm != st_.mainMacros.end() ? mm->second.second : nullptr;
    if (!mi) {
      error(a.start, "input annotation on '#define " + a.macroName +
                         "': only object-like macros can be inputs");
      a.done = true;
      continue;
    }
    InputMacro im;
    im.name = a.macroName;
    im.mi = mi;
    for (const Token& t : mi->tokens()) {
      if (!im.body.empty() && t.hasLeadingSpace())
        im.body += ' ';
      im.body += pp_.getSpelling(t);
    }
    // `input {cond} type`: the type is what follows the condition.
    std::string tname;
    size_t i = 1, depth = 0;
    for (; i < a.toks.size(); ++i) {
      const auto& t = a.toks[i];
      if (t.kind == annot::Token::End)
        break;
      if (t.text == "{")
        ++depth;
      else if (t.text == "}")
        --depth;
      else if (depth == 0 && t.kind == annot::Token::Ident)
        tname += (tname.empty() ? "" : " ") + t.text;
    }
    const M::Type* type = nullptr;
    auto& T = prog_.types;
    if (tname == "int" || tname == "signed" || tname == "signed int")
      type = T.intType();
    else if (tname == "unsigned" || tname == "unsigned int")
      type = T.integer("unsigned int", 32, false);
    else if (tname == "long" || tname == "long int")
      type = T.integer("long", 64, true);
    else if (tname == "unsigned long")
      type = T.sizeType();
    else if (tname == "long long")
      type = T.integer("long long", 64, true);
    else if (tname == "char")
      type = T.charType();
    else if (tname == "short")
      type = T.integer("short", 16, true);
    else if (tname == "float")
      type = T.real("float", 32);
    else if (tname == "double")
      type = T.doubleType();
    else if (tname == "_Bool" || tname == "bool")
      type = T.boolType();
    else if (!tname.empty())
      type = typedefByName(tname);
    if (!type) {
      bool real = mi->getNumTokens() >= 1 && mi->tokens().back().is(tok::numeric_constant) &&
                  im.body.find_first_of(".eEpP") != std::string::npos &&
                  im.body.find("0x") == std::string::npos;
      type = real ? T.doubleType() : T.intType();
    }
    M::Variable v;
    v.name = im.name;
    v.type = type;
    v.kind = M::VarKind::Global;
    v.loc = sl(SourceLocation::getFromRawEncoding(mm->second.first));
    im.var = prog_.addVar(std::move(v));
    prog_.macros[im.name] = im.body;
    st_.inputMacros[im.name] = im;
    annot::Target t;
    t.var = im.var;
    t.macro = im.name;
    t.where = pos(SourceLocation::getFromRawEncoding(mm->second.first));
    applyAt(&a, t);
  }
}

void Lowerer::finishAnnotations() {
  // Function contracts.
  for (CapturedAnnot& a : st_.annots) {
    if (a.done || a.needs != annot::Needs::Function)
      continue;
    auto it = funcAtKey_.find(a.next);
    if (it == funcAtKey_.end())
      continue;
    const FunctionDecl* fd = it->second;
    bool inMain = sm_.isInMainFile(sm_.getExpansionLoc(a.start));
    if (!inMain && !funcs_.count(fd->getCanonicalDecl()))
      continue; // a contract of a header function the program does not use
    M::FuncId f = guarded([&] { return funcFor(fd); });
    if (f == kNone)
      continue;
    while (!worklist_.empty()) {
      const FunctionDecl* w = worklist_.back();
      worklist_.pop_back();
      try {
        lowerFunction(w);
      } catch (const LowerError& e) {
        error(e.loc, e.msg);
      } catch (const InternalError&) {
        throw;
      } catch (const std::exception& e) {
        throw InternalError(std::string(e.what()) + " while lowering function '" +
                            w->getNameAsString() + "' at " + prog_.where(sl(w->getLocation())));
      }
    }
    std::map<std::string, M::VarId> visible;
    M::Function& mf = prog_.funcs[f];
    if (mf.defined) {
      for (M::VarId p : mf.params)
        visible[prog_.vars[p].name] = p;
    } else {
      for (const ParmVarDecl* p : fd->parameters()) {
        if (p->getName().empty())
          continue;
        M::Variable v;
        v.name = p->getName().str();
        try {
          v.type = ty(p->getType(), p->getLocation());
        } catch (const LowerError& e) {
          error(e.loc, e.msg);
          continue;
        }
        v.kind = M::VarKind::Param;
        v.func = f;
        v.loc = sl(p->getLocation());
        M::VarId vid = prog_.addVar(std::move(v));
        prog_.funcs[f].params.push_back(vid);
        visible[prog_.vars[vid].name] = vid;
      }
    }
    a.done = true;
    annot::Target t;
    t.func = f;
    t.where = pos(fd->getLocation());
    LowerScope scope(*this, std::move(visible));
    applyAnnotation(a, t, scope, prog_, diags_);
  }
  // Whatever is left in the main file had nothing to attach to.
  for (CapturedAnnot& a : st_.annots) {
    if (a.done || !sm_.isInMainFile(sm_.getExpansionLoc(a.start)))
      continue;
    std::string what;
    for (size_t i = 0; i < a.toks.size() && i < 3 && a.toks[i].kind == annot::Token::Ident; ++i)
      what += (what.empty() ? "" : " ") + a.toks[i].text;
    std::string kind = a.src == annot::AnnotSource::AcslComment ? "annotation" : "pragma";
    switch (a.needs) {
    case annot::Needs::Declaration:
      error(a.start, kind + " '" + what +
                         "' must be followed by a variable declaration or an object-like "
                         "#define");
      break;
    case annot::Needs::Statement:
      error(a.start, kind + " '" + what + "' must be followed by a statement in the same block");
      break;
    case annot::Needs::Loop:
      error(a.start, kind + " '" + what + "' must be followed by a loop (for, while or do)");
      break;
    case annot::Needs::Function:
      error(a.start, kind + " '" + what + "' must be followed by a function declaration");
      break;
    default:
      break;
    }
  }
}

bool Lowerer::run() {
  unsigned errorsBefore = diags_.errorCount();
  // Index annotations by the location of what follows them.
  for (CapturedAnnot& a : st_.annots)
    if (a.next)
      byNext_[a.next].push_back(&a);
  // Names of the translation unit, for annotation scopes.
  TranslationUnitDecl* tu = ctx_.getTranslationUnitDecl();
  for (Decl* d : tu->decls()) {
    if (auto* vd = dyn_cast<VarDecl>(d))
      globalDecls_[vd->getName().str()] = vd;
    else if (auto* fd = dyn_cast<FunctionDecl>(d)) {
      if (!funcDecls_.count(fd->getName().str()) || fd->hasBody())
        funcDecls_[fd->getName().str()] = fd;
      funcAtKey_[key(fd->getBeginLoc())] = fd;
    } else if (auto* td = dyn_cast<TypedefNameDecl>(d))
      typedefs_[td->getName().str()] = td;
    if (auto* ed = dyn_cast<EnumDecl>(d))
      for (const EnumConstantDecl* ec : ed->enumerators())
        enumConsts_[ec->getName().str()] = ec->getInitVal().getExtValue();
  }
  // The initializer function comes first; a later unit continues it.
  if (link_.init != kNone) {
    initS_.fid = link_.init;
    initS_.cur = link_.initCur;
    initS_.scopes.push_back({});
  } else {
    M::Function init;
    init.name = M::kInitFunction;
    init.type = prog_.types.function(prog_.types.voidType(), {}, false);
    init.defined = true;
    initS_.fid = prog_.addFunc(std::move(init));
    M::Function& f = prog_.funcs[initS_.fid];
    // Global initialization is attributed to the start of the main file.
    f.loc = sl(sm_.getLocForStartOfFile(sm_.getMainFileID()));
    f.entry = f.addLoc(f.loc);
    f.exit = f.addLoc(f.loc);
    initS_.cur = f.entry;
    initS_.scopes.push_back({});
    link_.init = initS_.fid;
  }
  for (CapturedAnnot& a : st_.annots)
    if (!a.done && (a.needs == annot::Needs::Nothing || a.needs == annot::Needs::Invalid)) {
      a.done = true;
      LowerScope scope(*this, {});
      applyAnnotation(a, annot::Target{}, scope, prog_, diags_);
    }
  createInputMacros();
  auto drain = [&] {
    while (!worklist_.empty()) {
      const FunctionDecl* w = worklist_.front();
      worklist_.erase(worklist_.begin());
      try {
        lowerFunction(w);
      } catch (const LowerError& e) {
        error(e.loc, e.msg);
      } catch (const InternalError&) {
        throw;
      } catch (const std::exception& e) {
        throw InternalError(std::string(e.what()) + " while lowering function '" +
                            w->getNameAsString() + "' at " + prog_.where(sl(w->getLocation())));
      }
    }
  };
  for (Decl* d : tu->decls()) {
    if (!sm_.isInMainFile(sm_.getExpansionLoc(d->getLocation())))
      continue;
    try {
      if (auto* vd = dyn_cast<VarDecl>(d)) {
        globalFor(vd);
      } else if (auto* fd = dyn_cast<FunctionDecl>(d)) {
        if (fd->doesThisDeclarationHaveABody()) {
          M::FuncId f = funcFor(fd);
          // __attribute__((constructor)): called before main, after every
          // unit's static initialization (finishLink), in priority order
          if (const auto* ca = fd->getAttr<ConstructorAttr>())
            link_.constructors.push_back(
                {ca->getPriority(), link_.constructors.size(), f, sl(fd->getLocation())});
          // __attribute__((destructor)): called after the atexit handlers
          // when main returns or exit() is called (finishLink orders them)
          if (const auto* da = fd->getAttr<DestructorAttr>())
            link_.destructors.push_back({da->getPriority(), link_.destructors.size(), f});
          drain();
        }
      } else if (auto* fsa = dyn_cast<FileScopeAsmDecl>(d)) {
        unsupported(fsa->getBeginLoc(), "inline assembly");
      }
    } catch (const LowerError& e) {
      error(e.loc, e.msg);
    }
    drain();
  }
  drain();
  finishAnnotations();
  // Where the next unit's initialization goes (finishLink closes $init).
  S = &initS_;
  link_.initCur = here(fn().loc);
  S = nullptr;
  return diags_.errorCount() == errorsBefore;
}

} // namespace

bool lowerTranslationUnit(ASTContext& ctx, Preprocessor& pp, FrontState& st, M::Program& prog,
                          DiagnosticSink& diags, LinkState& link) {
  Lowerer l(ctx, pp, st, prog, diags, link);
  return l.run();
}

void finishLink(LinkState& link, M::Program& prog) {
  // gcc's order: the highest priority number first (no priority is 65535),
  // and among equal priorities the last defined first
  std::sort(link.destructors.begin(), link.destructors.end(), std::greater<>());
  for (const auto& [priority, order, fn] : link.destructors)
    prog.destructors.push_back(fn);
  if (link.init != kNone) {
    std::stable_sort(link.constructors.begin(), link.constructors.end(),
                     [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
    for (const auto& [priority, order, fn, at] : link.constructors) {
      M::Expr callee;
      callee.kind = M::ExprKind::Func;
      callee.func = fn;
      callee.type = prog.types.pointer(prog.funcs[fn].type);
      callee.loc = at;
      M::Function& f = prog.funcs[link.init];
      M::Transition c;
      c.from = link.initCur;
      c.to = link.initCur = f.addLoc(at);
      c.stmt.kind = M::StmtKind::Call;
      c.stmt.callee = prog.expr(std::move(callee));
      c.loc = at;
      f.addTrans(std::move(c));
    }
    M::Function& f = prog.funcs[link.init];
    M::Transition t;
    t.from = link.initCur;
    t.to = f.exit;
    t.stmt.kind = M::StmtKind::Return;
    t.loc = f.loc;
    f.addTrans(std::move(t));
  }
  // Static functions and globals whose names other symbols of the program
  // also have: NAME@FILE, so that traces and dumps tell them apart.
  auto fileOf = [&](M::SrcLoc l) {
    std::string f = l.file < prog.files.size() ? prog.files[l.file] : std::string("?");
    return f.substr(f.find_last_of('/') + 1);
  };
  std::map<std::string, int> funcNames, varNames;
  for (const M::Function& f : prog.funcs)
    ++funcNames[f.name];
  for (M::VarId g : prog.globals)
    ++varNames[prog.vars[g].name];
  for (M::FuncId f : link.internalFuncs)
    if (funcNames[prog.funcs[f].name] > 1)
      prog.renameFunc(f, prog.funcs[f].name + "@" + fileOf(prog.funcs[f].loc));
  for (M::VarId v : link.internalVars)
    if (varNames[prog.vars[v].name] > 1)
      prog.vars[v].name += "@" + fileOf(prog.vars[v].loc);
}

} // namespace chorus::front
