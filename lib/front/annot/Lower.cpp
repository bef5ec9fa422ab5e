// Name resolution, typing and lowering of parsed annotations into the model.
#include "Ast.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstring>
#include <set>

namespace chorus::annot {

using namespace detail;
using model::Expr;
using model::ExprKind;
using model::FuncId;
using model::Op;
using model::Type;
using model::TypeKind;
using model::VarId;

namespace {

/// A lowered expression; `set` marks ACSL set-valued terms (ranges,
/// comprehensions, and arithmetic lifted over them).
struct LExpr {
  const Expr* e = nullptr;
  bool set = false;
  explicit operator bool() const { return e != nullptr; }
};

std::string decimalOf(const std::string& digits, unsigned base) {
  std::string dec = "0"; // most significant digit first
  for (char c : digits) {
    unsigned d = c <= '9' ? unsigned(c - '0') : unsigned(std::tolower(c) - 'a' + 10);
    unsigned carry = d;
    for (size_t i = dec.size(); i-- > 0;) {
      unsigned v = unsigned(dec[i] - '0') * base + carry;
      dec[i] = char('0' + v % 10);
      carry = v / 10;
    }
    while (carry) {
      dec.insert(dec.begin(), char('0' + carry % 10));
      carry /= 10;
    }
  }
  size_t nz = dec.find_first_not_of('0');
  return nz == std::string::npos ? "0" : dec.substr(nz);
}

class Lowering {
public:
  Lowering(const Target& target, Context& ctx)
      : t_(target), prog_(ctx.program), scope_(ctx.scope), diags_(ctx.diags) {}

  bool lower(const ParsedAnnot& a) {
    switch (a.kind) {
    case ParsedAnnot::CivlAcsl:
      return true;
    case ParsedAnnot::TassInput:
      return input(a);
    case ParsedAnnot::TassOutput:
      return output(a);
    case ParsedAnnot::TassCollective:
      return collective(a);
    case ParsedAnnot::Acsl:
      return acsl(a);
    }
    return false;
  }

private:
  // --- diagnostics and helpers -------------------------------------------------
  LExpr fail(const SourcePos& p, const std::string& msg) {
    diags_.error(p, msg);
    failed_ = true;
    return {};
  }
  model::SrcLoc loc(const SourcePos& p) {
    model::SrcLoc l;
    l.file = prog_.fileIndex(p.file);
    l.line = p.line;
    l.col = p.col;
    return l;
  }
  Expr make(ExprKind k, const Type* ty, const SourcePos& p) {
    Expr e;
    e.kind = k;
    e.type = ty;
    e.loc = loc(p);
    return e;
  }
  const Expr* boolLit(bool v, const SourcePos& p) {
    Expr e = make(ExprKind::IntLit, prog_.types.boolType(), p);
    e.ival = v ? 1 : 0;
    e.text = v ? "1" : "0";
    return prog_.expr(std::move(e));
  }
  const Expr* unary(Op op, const Type* ty, const Expr* k, const SourcePos& p) {
    Expr e = make(ExprKind::Unary, ty, p);
    e.op = op;
    e.kids = {k};
    return prog_.expr(std::move(e));
  }
  const Expr* binary(Op op, const Type* ty, const Expr* a, const Expr* b, const SourcePos& p) {
    Expr e = make(ExprKind::Binary, ty, p);
    e.op = op;
    e.kids = {a, b};
    return prog_.expr(std::move(e));
  }

  // --- types ----------------------------------------------------------------------
  const Type* mpiType(const char* tag) {
    Type* t = prog_.types.record(TypeKind::Struct, tag);
    if (!t->complete) {
      std::vector<model::Field> fields;
      uint64_t size = 0;
      if (std::string(tag) == "mpi_buf_t") {
        const Type* dt = scope_.lookupTypedef("MPI_Datatype");
        fields = {{"base", prog_.types.pointer(prog_.types.voidType())},
                  {"count", prog_.types.intType()},
                  {"datatype", dt ? dt : prog_.types.intType()}};
        size = 24;
      }
      prog_.types.complete(t, std::move(fields), size);
    }
    return t;
  }
  const Type* bufT() { return mpiType("mpi_buf_t"); }
  const Type* sigT() { return mpiType("mpi_sig_t"); }
  const Type* seqT() { return mpiType("mpi_seq_t"); }
  const Type* integerT() { return prog_.types.integer("integer", 64, true); }
  const Type* realT() { return prog_.types.real("real", 64); }
  bool isMpi(const Type* t) {
    return t->kind == TypeKind::Struct &&
           (t->tag == "mpi_buf_t" || t->tag == "mpi_sig_t" || t->tag == "mpi_seq_t");
  }
  std::string tn(const Type* t) {
    if (isMpi(t))
      return t->tag;
    return t->name;
  }
  static bool isInt(const Type* t) { return t->kind == TypeKind::Int || t->kind == TypeKind::Bool; }
  static bool isPtrLike(const Type* t) {
    return t->kind == TypeKind::Pointer || t->kind == TypeKind::Array;
  }
  static bool isScalar(const Type* t) { return t->isScalar() || t->kind == TypeKind::Array; }
  const Type* promote(const Type* t) {
    if (t->kind == TypeKind::Bool || (t->kind == TypeKind::Int && t->bits < 32))
      return prog_.types.intType();
    return t;
  }
  const Type* arith(const Type* a, const Type* b) {
    if (a->kind == TypeKind::Real || b->kind == TypeKind::Real) {
      if (a->kind != TypeKind::Real)
        return b;
      if (b->kind != TypeKind::Real)
        return a;
      return b->bits > a->bits ? b : a;
    }
    a = promote(a);
    b = promote(b);
    if (a == b)
      return a;
    if (a == integerT())
      return a;
    if (b == integerT())
      return b;
    if (a->bits != b->bits)
      return a->bits > b->bits ? a : b;
    return a->isSigned ? b : a;
  }
  const Type* elemPtr(const Type* t) {
    return t->kind == TypeKind::Array ? prog_.types.pointer(t->elem) : t;
  }

  const Type* typeOf(const TypeSpec& ts) {
    auto& T = prog_.types;
    std::multiset<std::string> w(ts.words.begin(), ts.words.end());
    const Type* base = nullptr;
    auto has = [&](const char* s) { return w.count(s) > 0; };
    auto only = [&](std::initializer_list<const char*> allowed) {
      for (auto& x : w) {
        bool ok = false;
        for (auto* a : allowed)
          ok |= x == a;
        if (!ok)
          return false;
      }
      return true;
    };
    if (ts.words.size() == 2 && (ts.words[0] == "struct" || ts.words[0] == "union")) {
      base = T.record(ts.words[0] == "struct" ? TypeKind::Struct : TypeKind::Union, ts.words[1]);
    } else if (ts.words.size() == 2 && ts.words[0] == "enum") {
      base = T.enumType("enum " + ts.words[1]);
    } else if (ts.words.size() == 1 && ts.words[0] == "integer") {
      base = integerT();
    } else if (ts.words.size() == 1 && ts.words[0] == "real") {
      base = realT();
    } else if (ts.words.size() == 1 && ts.words[0] == "boolean") {
      base = T.boolType();
    } else if (ts.words.size() == 1 && ts.words[0] == "void") {
      base = T.voidType();
    } else if (ts.words.size() == 1 && ts.words[0] == "_Bool") {
      base = T.boolType();
    } else if (ts.words.size() == 1 && ts.words[0] == "float") {
      base = T.real("float", 32);
    } else if (ts.words.size() == 1 && ts.words[0] == "double") {
      base = T.doubleType();
    } else if (ts.words.size() == 2 && has("long") && has("double")) {
      base = T.real("long double", 128);
    } else if (ts.words.size() == 1 && scope_.lookupTypedef(ts.words[0]) &&
               !std::set<std::string>{"int", "char", "short", "long", "signed", "unsigned"}.count(
                   ts.words[0])) {
      base = scope_.lookupTypedef(ts.words[0]);
    } else if (only({"int", "char", "short", "long", "signed", "unsigned"}) && !w.empty() &&
               w.count("int") <= 1 && w.count("char") <= 1 && w.count("short") <= 1 &&
               w.count("long") <= 2 && w.count("signed") + w.count("unsigned") <= 1 &&
               has("char") + has("short") + has("long") <= 1) {
      bool uns = has("unsigned");
      if (has("char")) {
        base = has("unsigned") ? T.integer("unsigned char", 8, false, true)
               : has("signed") ? T.integer("signed char", 8, true, true)
                               : T.charType();
      } else if (has("short")) {
        base = uns ? T.integer("unsigned short", 16, false) : T.integer("short", 16, true);
      } else if (w.count("long") == 2) {
        base = uns ? T.integer("unsigned long long", 64, false) : T.integer("long long", 64, true);
      } else if (has("long")) {
        base = uns ? T.integer("unsigned long", 64, false) : T.integer("long", 64, true);
      } else {
        base = uns ? T.integer("unsigned int", 32, false) : T.intType();
      }
    }
    if (!base) {
      std::string s;
      for (auto& x : ts.words)
        s += (s.empty() ? "" : " ") + x;
      fail(ts.pos, "invalid type '" + s + "' in annotation");
      return nullptr;
    }
    for (unsigned i = 0; i < ts.pointers; ++i)
      base = T.pointer(base);
    return base;
  }

  // --- checks -------------------------------------------------------------------
  LExpr value(const Node& n) {
    LExpr v = expr(n);
    if (v && v.set)
      return fail(n.pos, "set-valued expression cannot be used here");
    return v;
  }
  LExpr condition(const Node& n) {
    LExpr v = value(n);
    if (!v)
      return v;
    if (!isScalar(v.e->type))
      return fail(n.pos,
                  "expected a condition, but the expression has type '" + tn(v.e->type) + "'");
    return v;
  }
  LExpr integer(const Node& n, const std::string& what) {
    LExpr v = expr(n);
    if (v && !isInt(v.e->type))
      return fail(n.pos, what + " must be an integer, not '" + tn(v.e->type) + "'");
    return v;
  }

  // --- names ----------------------------------------------------------------------
  VarId bindVar(const Binder& b) {
    const Type* ty = b.type ? typeOf(*b.type) : prog_.types.intType();
    if (!ty)
      return model::kNone;
    if (!ty->isArithmetic()) {
      fail(b.pos, "bound variable '" + b.name + "' must have an integer or real type, not '" +
                      tn(ty) + "'");
      return model::kNone;
    }
    model::Variable v;
    v.name = b.name;
    v.type = ty;
    v.kind = model::VarKind::Bound;
    v.func = t_.func;
    v.loc = loc(b.pos);
    VarId id = prog_.addVar(std::move(v));
    bound_.push_back({b.name, id});
    return id;
  }
  struct BoundMark {
    Lowering& l;
    size_t n;
    explicit BoundMark(Lowering& l) : l(l), n(l.bound_.size()) {}
    ~BoundMark() { l.bound_.resize(n); }
  };

  const Expr* varRef(VarId v, const SourcePos& p) {
    Expr e = make(ExprKind::Var, prog_.var(v).type, p);
    e.var = v;
    return prog_.expr(std::move(e));
  }

  LExpr name(const Node& n) {
    for (size_t i = bound_.size(); i-- > 0;)
      if (bound_[i].first == n.text)
        return {varRef(bound_[i].second, n.pos)};
    if (declVar_ != model::kNone && n.text == declName_)
      return {varRef(declVar_, n.pos)};
    VarId v = scope_.lookupVar(n.text);
    if (v != model::kNone && v < prog_.vars.size() && prog_.vars[v].type)
      return {varRef(v, n.pos)};
    if (auto c = scope_.lookupConstant(n.text)) {
      Expr e = make(ExprKind::IntLit, prog_.types.intType(), n.pos);
      e.ival = *c;
      e.text = std::to_string(*c);
      return {prog_.expr(std::move(e))};
    }
    FuncId f = scope_.lookupFunc(n.text);
    if (f != model::kNone && f < prog_.funcs.size() && prog_.funcs[f].type) {
      Expr e = make(ExprKind::Func, prog_.funcs[f].type, n.pos);
      e.func = f;
      return {prog_.expr(std::move(e))};
    }
    for (const model::InputDecl& in : prog_.inputs) // input macros are variables
      if (!in.macro.empty() && in.macro == n.text && in.var != model::kNone)
        return {varRef(in.var, n.pos)};
    if (n.text == "true" || n.text == "false")
      return {boolLit(n.text == "true", n.pos)};
    return fail(n.pos, "use of undeclared identifier '" + n.text + "' in annotation");
  }

  // --- literals -------------------------------------------------------------------
  LExpr intLit(const Node& n) {
    std::string t = n.text;
    std::string suf;
    while (!t.empty() && std::strchr("uUlL", t.back())) {
      suf.insert(suf.begin(), char(std::tolower(t.back())));
      t.pop_back();
    }
    std::string dec;
    if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
      dec = decimalOf(t.substr(2), 16);
    else if (t.size() > 1 && t[0] == '0')
      dec = decimalOf(t.substr(1), 8);
    else
      dec = decimalOf(t, 10);
    bool fits = dec.size() < 19 || (dec.size() == 19 && dec <= "9223372036854775807");
    long long v = fits ? std::stoll(dec) : 0;
    bool uns = suf.find('u') != std::string::npos;
    size_t longs = std::count(suf.begin(), suf.end(), 'l');
    auto& T = prog_.types;
    const Type* ty;
    if (!uns && longs == 0 && fits && v <= INT_MAX)
      ty = T.intType();
    else if (uns && longs == 0 && fits && v <= static_cast<long long>(UINT_MAX))
      ty = T.integer("unsigned int", 32, false);
    else if (longs == 2)
      ty = uns || !fits ? T.integer("unsigned long long", 64, false)
                        : T.integer("long long", 64, true);
    else
      ty = uns || !fits ? T.integer("unsigned long", 64, false) : T.integer("long", 64, true);
    Expr e = make(ExprKind::IntLit, ty, n.pos);
    e.text = dec;
    e.fitsInt64 = fits;
    e.ival = v;
    return {prog_.expr(std::move(e))};
  }
  LExpr realLit(const Node& n) {
    std::string t = n.text;
    const Type* ty = prog_.types.doubleType();
    bool hex = t.size() > 1 && (t[1] == 'x' || t[1] == 'X');
    char last = char(std::tolower(t.back()));
    if (last == 'f' && !hex) {
      ty = prog_.types.real("float", 32);
      t.pop_back();
    } else if (last == 'l') {
      ty = prog_.types.real("long double", 128);
      t.pop_back();
    } else if (last == 'f' && hex) {
      // 'f' after a hex float exponent is a suffix (exponents are decimal)
      ty = prog_.types.real("float", 32);
      t.pop_back();
    }
    Expr e = make(ExprKind::RealLit, ty, n.pos);
    e.text = t;
    return {prog_.expr(std::move(e))};
  }
  static std::string unescape(const std::string& body) {
    std::string out;
    for (size_t i = 0; i < body.size(); ++i) {
      char c = body[i];
      if (c != '\\' || i + 1 >= body.size()) {
        out += c;
        continue;
      }
      char d = body[++i];
      switch (d) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'a':
        out += '\a';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'v':
        out += '\v';
        break;
      case 'x': {
        unsigned v = 0;
        while (i + 1 < body.size() && std::isxdigit(static_cast<unsigned char>(body[i + 1])))
          v = v * 16 + unsigned(std::isdigit(static_cast<unsigned char>(body[i + 1]))
                                    ? body[i + 1] - '0'
                                    : std::tolower(body[i + 1]) - 'a' + 10),
          ++i;
        out += char(v & 0xff);
        break;
      }
      default:
        if (d >= '0' && d <= '7') {
          unsigned v = unsigned(d - '0');
          for (int k = 0; k < 2 && i + 1 < body.size() && body[i + 1] >= '0' && body[i + 1] <= '7';
               ++k)
            v = v * 8 + unsigned(body[++i] - '0');
          out += char(v & 0xff);
        } else {
          out += d;
        }
      }
    }
    return out;
  }
  LExpr charLit(const Node& n) {
    std::string s = unescape(n.text.substr(1, n.text.size() - 2));
    Expr e = make(ExprKind::IntLit, prog_.types.intType(), n.pos);
    e.ival = s.empty() ? 0 : static_cast<signed char>(s[0]);
    e.text = std::to_string(e.ival);
    return {prog_.expr(std::move(e))};
  }
  LExpr stringLit(const Node& n) {
    std::string s = unescape(n.text.substr(1, n.text.size() - 2));
    Expr e =
        make(ExprKind::StringLit, prog_.types.array(prog_.types.charType(), s.size() + 1), n.pos);
    e.str = prog_.addString(std::move(s));
    return {prog_.expr(std::move(e))};
  }

  // --- expressions ---------------------------------------------------------------
  struct DepthGuard {
    Lowering& l;
    bool ok;
    DepthGuard(Lowering& l, const SourcePos& p) : l(l), ok(++l.depth_ <= kMaxLowerDepth) {
      if (!ok && !l.deepReported_) {
        l.deepReported_ = true;
        l.fail(p, "annotation nested too deeply");
      }
    }
    ~DepthGuard() { --l.depth_; }
  };

  LExpr expr(const Node& n) {
    DepthGuard g(*this, n.pos);
    if (!g.ok)
      return {};
    switch (n.kind) {
    case NodeKind::IntLit:
      return intLit(n);
    case NodeKind::RealLit:
      return realLit(n);
    case NodeKind::CharLit:
      return charLit(n);
    case NodeKind::StringLit:
      return stringLit(n);
    case NodeKind::Name:
      return name(n);
    case NodeKind::Builtin:
      return builtin(n);
    case NodeKind::Unary:
      return unaryExpr(n);
    case NodeKind::Binary:
      return binaryExpr(n);
    case NodeKind::Chain:
      return chainExpr(n);
    case NodeKind::Cond:
      return condExpr(n);
    case NodeKind::Range: {
      LExpr lo = integer(*n.kids[0], "the lower bound of a range");
      if (!lo)
        return lo;
      LExpr hi = integer(*n.kids[1], "the upper bound of a range");
      if (!hi)
        return hi;
      if (lo.set || hi.set)
        return fail(n.pos, "the bounds of a range must not be sets");
      return {binary(Op::Range, arith(lo.e->type, hi.e->type), lo.e, hi.e, n.pos), true};
    }
    case NodeKind::Cast:
      return castExpr(n);
    case NodeKind::SizeofType: {
      const Type* ty = typeOf(n.type);
      if (!ty)
        return {};
      return sizeOf(ty, n.pos);
    }
    case NodeKind::SizeofExpr: {
      LExpr v = expr(*n.kids[0]);
      if (!v)
        return v;
      return sizeOf(v.e->type, n.pos);
    }
    case NodeKind::Call: {
      FuncId f = scope_.lookupFunc(n.text);
      bool isVar = scope_.lookupVar(n.text) != model::kNone;
      for (auto& b : bound_)
        isVar |= b.first == n.text;
      if (f != model::kNone && !isVar)
        return fail(n.pos, "call to C function '" + n.text +
                               "' is not allowed in annotations (annotations must be pure)");
      Node callee;
      callee.kind = NodeKind::Name;
      callee.pos = n.pos;
      callee.text = n.text;
      LExpr v = name(callee);
      if (!v)
        return v;
      return fail(n.pos, "called object type '" + tn(v.e->type) +
                             "' is not a function or function pointer");
    }
    case NodeKind::Index:
      return indexExpr(n);
    case NodeKind::Member:
    case NodeKind::Arrow:
      return memberExpr(n);
    case NodeKind::Remote:
      return remoteExpr(n);
    case NodeKind::Spec:
      return specExpr(n);
    case NodeKind::Quant:
      return quantExpr(n);
    case NodeKind::SetCompr: {
      BoundMark m(*this);
      std::vector<VarId> vars;
      for (auto& b : n.binders) {
        VarId v = bindVar(b);
        if (v == model::kNone)
          return {};
        vars.push_back(v);
      }
      LExpr el = expr(*n.kids[0]);
      if (!el)
        return el;
      LExpr c = condition(*n.kids[1]);
      if (!c)
        return c;
      Expr e = make(ExprKind::SetOf, el.e->type, n.pos);
      e.kids = {el.e, c.e};
      e.bound = vars;
      return {prog_.expr(std::move(e)), true};
    }
    case NodeKind::SetList: {
      Expr e = make(ExprKind::SetOf, nullptr, n.pos);
      for (auto& k : n.kids) {
        LExpr v = expr(*k);
        if (!v)
          return v;
        if (!e.type)
          e.type = v.e->type;
        else if (e.type != v.e->type)
          e.type = prog_.types.pointer(prog_.types.voidType());
        e.kids.push_back(v.e);
      }
      return {prog_.expr(std::move(e)), true};
    }
    }
    return fail(n.pos, "unsupported annotation expression");
  }

  LExpr sizeOf(const Type* ty, const SourcePos& p) {
    if (ty->size == 0)
      return fail(p, "invalid application of 'sizeof' to type '" + tn(ty) + "'");
    Expr e = make(ExprKind::IntLit, prog_.types.sizeType(), p);
    e.ival = static_cast<long long>(ty->size);
    e.text = std::to_string(ty->size);
    return {prog_.expr(std::move(e))};
  }

  LExpr deref(LExpr v, const SourcePos& p) {
    const Type* ty = v.e->type;
    if (ty == bufT()) {
      Expr e = make(ExprKind::Deref, seqT(), p);
      e.kids = {v.e};
      return {prog_.expr(std::move(e)), v.set};
    }
    if (ty->kind == TypeKind::Array) {
      Expr zero = make(ExprKind::IntLit, prog_.types.intType(), p);
      zero.text = "0";
      Expr e = make(ExprKind::Index, ty->elem, p);
      e.kids = {v.e, prog_.expr(std::move(zero))};
      return {prog_.expr(std::move(e)), v.set};
    }
    if (ty->kind != TypeKind::Pointer)
      return fail(p, "indirection requires a pointer or '\\mpi_buf' operand ('" + tn(ty) +
                         "' invalid)");
    if (ty->elem->kind == TypeKind::Void)
      return fail(p, "cannot dereference a 'void*' pointer; cast it first");
    if (ty->elem->kind == TypeKind::Function)
      return fail(p, "cannot dereference a function pointer in an annotation");
    Expr e = make(ExprKind::Deref, ty->elem, p);
    e.kids = {v.e};
    return {prog_.expr(std::move(e)), v.set};
  }

  LExpr unaryExpr(const Node& n) {
    const std::string& op = n.text;
    if (op == "*") {
      LExpr v = expr(*n.kids[0]);
      if (!v)
        return v;
      return deref(v, n.pos);
    }
    if (op == "&") {
      LExpr v = expr(*n.kids[0]);
      if (!v)
        return v;
      if (!v.e->isLvalueKind())
        return fail(n.pos, "cannot take the address of an rvalue of type '" + tn(v.e->type) + "'");
      Expr e = make(ExprKind::AddrOf, prog_.types.pointer(v.e->type), n.pos);
      e.kids = {v.e};
      return {prog_.expr(std::move(e)), v.set};
    }
    LExpr v = value(*n.kids[0]);
    if (!v)
      return v;
    const Type* ty = v.e->type;
    if (op == "!") {
      if (!isScalar(ty))
        return fail(n.pos, "invalid argument type '" + tn(ty) + "' to unary expression");
      return {unary(Op::LogNot, prog_.types.boolType(), v.e, n.pos)};
    }
    if (op == "~") {
      if (!isInt(ty))
        return fail(n.pos, "invalid argument type '" + tn(ty) + "' to unary expression");
      return {unary(Op::BitNot, promote(ty), v.e, n.pos)};
    }
    if (!ty->isArithmetic())
      return fail(n.pos, "invalid argument type '" + tn(ty) + "' to unary expression");
    return {unary(op == "-" ? Op::Neg : Op::Plus, promote(ty), v.e, n.pos)};
  }

  static Op binOp(const std::string& s) {
    static const std::pair<const char*, Op> table[] = {
        {"+", Op::Add},     {"-", Op::Sub},    {"*", Op::Mul},       {"/", Op::Div},
        {"%", Op::Rem},     {"<<", Op::Shl},   {">>", Op::Shr},      {"&", Op::BitAnd},
        {"|", Op::BitOr},   {"^", Op::BitXor}, {"<", Op::Lt},        {">", Op::Gt},
        {"<=", Op::Le},     {">=", Op::Ge},    {"==", Op::Eq},       {"!=", Op::Ne},
        {"&&", Op::LogAnd}, {"||", Op::LogOr}, {"==>", Op::Implies}, {"<==>", Op::Equiv}};
    for (auto& [k, v] : table)
      if (s == k)
        return v;
    return Op::None;
  }

  LExpr invalidOperands(const SourcePos& p, const Type* a, const Type* b) {
    return fail(p, "invalid operands to binary expression ('" + tn(a) + "' and '" + tn(b) + "')");
  }

  static bool isNullConst(const Expr* e) {
    return e->kind == ExprKind::NullPtr || (e->kind == ExprKind::IntLit && e->ival == 0 &&
                                            e->fitsInt64 && e->type->kind == TypeKind::Int);
  }

  /// Typing of one binary operator on lowered operands.
  LExpr combine(const std::string& opText, LExpr a, LExpr b, const SourcePos& p) {
    Op op = binOp(opText);
    const Type* ta = a.e->type;
    const Type* tb = b.e->type;
    bool set = a.set || b.set;
    auto& T = prog_.types;
    switch (op) {
    case Op::LogAnd:
    case Op::LogOr:
    case Op::Implies:
    case Op::Equiv:
      if (set)
        return fail(p, "set-valued expression cannot be used here");
      if (!isScalar(ta) || !isScalar(tb))
        return invalidOperands(p, ta, tb);
      return {binary(op, T.boolType(), a.e, b.e, p)};
    case Op::Lt:
    case Op::Gt:
    case Op::Le:
    case Op::Ge:
    case Op::Eq:
    case Op::Ne: {
      if (set)
        return fail(p, "set-valued expression cannot be used here");
      bool ok = (ta->isArithmetic() && tb->isArithmetic()) || (isPtrLike(ta) && isPtrLike(tb)) ||
                (isPtrLike(ta) && isNullConst(b.e)) || (isNullConst(a.e) && isPtrLike(tb)) ||
                ((op == Op::Eq || op == Op::Ne) && isMpi(ta) && ta == tb) ||
                ((op == Op::Eq || op == Op::Ne) && ta->kind == TypeKind::Pointer &&
                 tb->kind == TypeKind::Function) ||
                ((op == Op::Eq || op == Op::Ne) && ta->kind == TypeKind::Function &&
                 tb->kind == TypeKind::Pointer);
      if (!ok)
        return invalidOperands(p, ta, tb);
      return {binary(op, T.boolType(), a.e, b.e, p)};
    }
    case Op::Add:
    case Op::Sub:
      if (isPtrLike(ta) && isInt(tb)) {
        const Expr* off = b.e;
        if (op == Op::Sub)
          off = unary(Op::Neg, promote(tb), b.e, p);
        return {binary(Op::PtrAdd, elemPtr(ta), a.e, off, p), set};
      }
      if (op == Op::Add && isInt(ta) && isPtrLike(tb))
        return {binary(Op::PtrAdd, elemPtr(tb), b.e, a.e, p), set};
      if (op == Op::Sub && isPtrLike(ta) && isPtrLike(tb))
        return {binary(Op::PtrDiff, T.integer("long", 64, true), a.e, b.e, p), set};
      if (op == Op::Add && ta == bufT() && isInt(tb))
        return {binary(Op::Add, ta, a.e, b.e, p), set};
      if (op == Op::Add && isInt(ta) && tb == bufT())
        return {binary(Op::Add, tb, b.e, a.e, p), set};
      [[fallthrough]];
    case Op::Mul:
      if (op == Op::Mul && isInt(ta) && isMpi(tb))
        return {binary(Op::Mul, tb, a.e, b.e, p), set};
      if (op == Op::Mul && isMpi(ta) && isInt(tb))
        return {binary(Op::Mul, ta, a.e, b.e, p), set};
      [[fallthrough]];
    case Op::Div:
      if (!ta->isArithmetic() || !tb->isArithmetic())
        return invalidOperands(p, ta, tb);
      return {binary(op, arith(ta, tb), a.e, b.e, p), set};
    case Op::Rem:
    case Op::Shl:
    case Op::Shr:
    case Op::BitAnd:
    case Op::BitOr:
    case Op::BitXor:
      if (!isInt(ta) || !isInt(tb))
        return invalidOperands(p, ta, tb);
      return {
          binary(op, (op == Op::Shl || op == Op::Shr) ? promote(ta) : arith(ta, tb), a.e, b.e, p),
          set};
    default:
      break;
    }
    return fail(p, "operator '" + opText + "' is not supported in annotations");
  }

  LExpr binaryExpr(const Node& n) {
    LExpr a = expr(*n.kids[0]);
    if (!a)
      return a;
    LExpr b = expr(*n.kids[1]);
    if (!b)
      return b;
    return combine(n.text, a, b, n.pos);
  }

  LExpr chainExpr(const Node& n) {
    std::vector<LExpr> xs;
    for (auto& k : n.kids) {
      LExpr v = expr(*k);
      if (!v)
        return v;
      xs.push_back(v);
    }
    LExpr acc;
    for (size_t i = 0; i < n.ops.size(); ++i) {
      LExpr c = combine(n.ops[i], xs[i], xs[i + 1], n.opPos[i]);
      if (!c)
        return c;
      acc = acc ? LExpr{binary(Op::LogAnd, prog_.types.boolType(), acc.e, c.e, n.opPos[i])} : c;
    }
    return acc;
  }

  LExpr condExpr(const Node& n) {
    LExpr c = condition(*n.kids[0]);
    if (!c)
      return c;
    LExpr a = expr(*n.kids[1]);
    if (!a)
      return a;
    LExpr b = expr(*n.kids[2]);
    if (!b)
      return b;
    const Type* ta = a.e->type;
    const Type* tb = b.e->type;
    const Type* ty = nullptr;
    if (ta->isArithmetic() && tb->isArithmetic())
      ty = (ta->kind == TypeKind::Bool && tb->kind == TypeKind::Bool) ? ta : arith(ta, tb);
    else if (ta == tb)
      ty = ta;
    else if (isPtrLike(ta) && (isPtrLike(tb) || isNullConst(b.e)))
      ty = elemPtr(ta);
    else if (isNullConst(a.e) && isPtrLike(tb))
      ty = elemPtr(tb);
    if (!ty)
      return fail(n.pos, "incompatible operand types ('" + tn(ta) + "' and '" + tn(tb) +
                             "') in conditional expression");
    Expr e = make(ExprKind::Cond, ty, n.pos);
    e.kids = {c.e, a.e, b.e};
    return {prog_.expr(std::move(e)), a.set || b.set};
  }

  LExpr castExpr(const Node& n) {
    const Type* to = typeOf(n.type);
    if (!to)
      return {};
    LExpr v = expr(*n.kids[0]);
    if (!v)
      return v;
    const Type* from = v.e->type;
    bool ok = to->kind == TypeKind::Void || (to->isScalar() && isScalar(from));
    if (!ok)
      return fail(n.pos, "cannot cast from '" + tn(from) + "' to '" + tn(to) + "'");
    Expr e = make(ExprKind::Cast, to, n.pos);
    e.kids = {v.e};
    return {prog_.expr(std::move(e)), v.set};
  }

  LExpr indexExpr(const Node& n) {
    LExpr base = expr(*n.kids[0]);
    if (!base)
      return base;
    LExpr idx = integer(*n.kids[1], "array subscript");
    if (!idx)
      return idx;
    const Type* ty = base.e->type;
    bool set = base.set || idx.set;
    if (ty->kind == TypeKind::Array) {
      Expr e = make(ExprKind::Index, ty->elem, n.pos);
      e.kids = {base.e, idx.e};
      return {prog_.expr(std::move(e)), set};
    }
    if (ty->kind == TypeKind::Pointer) {
      const Expr* addr = binary(Op::PtrAdd, ty, base.e, idx.e, n.pos);
      return deref({addr, set}, n.pos);
    }
    return fail(n.pos, "subscripted value is not an array or pointer ('" + tn(ty) + "')");
  }

  LExpr memberExpr(const Node& n) {
    LExpr base = expr(*n.kids[0]);
    if (!base)
      return base;
    if (n.kind == NodeKind::Arrow) {
      const Type* ty = base.e->type;
      if (ty->kind != TypeKind::Pointer || !ty->elem->isRecord())
        return fail(n.pos, "member reference type '" + tn(ty) +
                               "' is not a pointer to a structure or union");
      base = deref(base, n.pos);
      if (!base)
        return base;
    }
    const Type* rt = base.e->type;
    if (!rt->isRecord())
      return fail(n.pos, "member reference base type '" + tn(rt) + "' is not a structure or union");
    uint32_t f = rt->fieldIndex(n.text);
    if (f == model::kNone)
      return fail(n.pos, "no member named '" + n.text + "' in '" + tn(rt) + "'");
    Expr e = make(ExprKind::Member, rt->fields[f].type, n.pos);
    e.field = f;
    e.kids = {base.e};
    return {prog_.expr(std::move(e)), base.set};
  }

  LExpr remoteExpr(const Node& n) {
    LExpr rank = integer(*n.kids[0], "the process rank in 'PROC[...]'");
    if (!rank)
      return rank;
    if (rank.set)
      return fail(n.kids[0]->pos, "set-valued expression cannot be used here");
    VarId v = model::kNone;
    if (n.fn.empty()) {
      v = scope_.lookupVar(n.text);
      if (v == model::kNone)
        return fail(n.pos, "use of undeclared identifier '" + n.text + "' in annotation");
    } else {
      FuncId f = scope_.lookupFunc(n.fn);
      if (f == model::kNone || f >= prog_.funcs.size())
        return fail(n.pos, "use of undeclared function '" + n.fn + "' in 'PROC[...]@" + n.fn + "." +
                               n.text + "'");
      const model::Function& fn = prog_.funcs[f];
      for (auto* list : {&fn.params, &fn.locals})
        for (VarId x : *list)
          if (v == model::kNone && x < prog_.vars.size() && prog_.vars[x].name == n.text)
            v = x;
      if (v == model::kNone && f == t_.func)
        v = scope_.lookupVar(n.text);
      if (v == model::kNone)
        v = prog_.findGlobal(n.text);
      if (v == model::kNone)
        return fail(n.pos, "no variable named '" + n.text + "' in function '" + n.fn + "'");
    }
    if (v >= prog_.vars.size() || !prog_.vars[v].type)
      return fail(n.pos, "use of undeclared identifier '" + n.text + "' in annotation");
    Expr e = make(ExprKind::Remote, prog_.vars[v].type, n.pos);
    e.kids = {rank.e};
    e.name = n.text;
    e.fn = n.fn;
    e.var = v;
    return {prog_.expr(std::move(e))};
  }

  LExpr specExpr(const Node& n) {
    // The variable lives in the other program of the comparison; the
    // composition resolves it. Its type is taken from the same-named variable
    // here when there is one (the usual case), else int.
    const Type* ty = prog_.types.intType();
    VarId v = scope_.lookupVar(n.text);
    if (v != model::kNone && v < prog_.vars.size() && prog_.vars[v].type)
      ty = prog_.vars[v].type;
    Expr e = make(ExprKind::SpecVar, ty, n.pos);
    e.name = n.text;
    return {prog_.expr(std::move(e))};
  }

  /// \forall / \exists: splits `A ==> B` (forall) or `A && B` (exists) into
  /// restriction and body.
  LExpr quantExpr(const Node& n) {
    BoundMark m(*this);
    std::vector<VarId> vars;
    for (auto& b : n.binders) {
      VarId v = bindVar(b);
      if (v == model::kNone)
        return {};
      vars.push_back(v);
    }
    bool tass = n.text == "forall" || n.text == "exists";
    bool forall = n.text == "forall" || n.text == "\\forall";
    Expr e = make(ExprKind::Quant, prog_.types.boolType(), n.pos);
    e.bound = vars;
    if (n.text == "\\lambda") {
      LExpr body = value(*n.kids[0]);
      if (!body)
        return body;
      std::vector<const Type*> params;
      for (VarId v : vars)
        params.push_back(prog_.var(v).type);
      e.op = Op::Lambda;
      e.type = prog_.types.function(body.e->type, params, false);
      e.kids = {body.e};
      return {prog_.expr(std::move(e))};
    }
    e.op = forall ? Op::Forall : Op::Exists;
    const Node* restr = nullptr;
    const Node* body = n.kids.back().get();
    if (tass) {
      restr = n.kids[0].get();
    } else if (body->kind == NodeKind::Binary && body->text == (forall ? "==>" : "&&")) {
      restr = body->kids[0].get();
      body = body->kids[1].get();
    }
    const Expr* r = nullptr;
    if (restr) {
      LExpr rv = condition(*restr);
      if (!rv)
        return rv;
      r = rv.e;
    } else {
      r = boolLit(true, n.pos);
    }
    LExpr bv = condition(*body);
    if (!bv)
      return bv;
    e.kids = {r, bv.e};
    return {prog_.expr(std::move(e))};
  }

  // --- builtins ---------------------------------------------------------------------
  bool arity(const Node& n, size_t want, bool atLeast = false) {
    size_t have = n.kids.size();
    if (have == want || (atLeast && have > want))
      return true;
    fail(n.pos, std::string(have < want ? "too few" : "too many") + " arguments to '" + n.text +
                    "': expected " + (atLeast ? "at least " : "") + std::to_string(want) +
                    ", have " + std::to_string(have));
    return false;
  }

  LExpr builtinCall(const Node& n, const Type* ty, std::vector<LExpr> args) {
    Expr e = make(ExprKind::Builtin, ty, n.pos);
    e.name = n.text;
    for (auto& a : args)
      e.kids.push_back(a.e);
    return {prog_.expr(std::move(e))};
  }

  bool needMpiBlock(const Node& n) {
    if (inMpiBlock_)
      return true;
    fail(n.pos, "'" + n.text + "' can only be used inside an 'mpi collective' block");
    return false;
  }

  /// Pointers, \mpi_buf values, or sets of them: memory locations.
  bool locationArg(const Node& n, const LExpr& v, size_t i) {
    const Type* ty = v.e->type;
    if (isPtrLike(ty) || ty == bufT())
      return true;
    fail(n.kids[i]->pos, "argument " + std::to_string(i + 1) + " of '" + n.text +
                             "' must be a pointer or '\\mpi_buf', not '" + tn(ty) + "'");
    return false;
  }

  LExpr builtin(const Node& n) {
    const std::string& b = n.text;
    auto& T = prog_.types;
    if (b == "\\true" || b == "\\false")
      return {boolLit(b == "\\true", n.pos)};
    if (b == "\\null") {
      Expr e = make(ExprKind::NullPtr, T.pointer(T.voidType()), n.pos);
      return {prog_.expr(std::move(e))};
    }
    if (b == "\\result") {
      if (!allowResult_)
        return fail(n.pos, "'\\result' can only be used in an 'ensures' clause");
      const Type* ft = t_.func < prog_.funcs.size() ? prog_.funcs[t_.func].type : nullptr;
      if (!ft || ft->kind != TypeKind::Function || !ft->ret)
        return fail(n.pos, "'\\result' used outside the contract of a function");
      if (ft->ret->kind == TypeKind::Void)
        return fail(n.pos, "'\\result' used in the contract of a function returning void");
      return {prog_.expr(make(ExprKind::Result, ft->ret, n.pos))};
    }
    if (b == "\\mpi_comm_rank" || b == "\\mpi_comm_size") {
      if (!needMpiBlock(n))
        return {};
      return builtinCall(n, T.intType(), {});
    }
    std::vector<LExpr> args;
    if (b == "\\old") {
      if (!arity(n, 1))
        return {};
      if (!allowOld_)
        return fail(n.pos, "'\\old' can only be used in 'ensures' and 'assigns' clauses");
      allowOld_ = false; // no nested \old
      LExpr v = expr(*n.kids[0]);
      allowOld_ = true;
      if (!v)
        return v;
      Expr e = make(ExprKind::Old, v.e->type, n.pos);
      e.kids = {v.e};
      return {prog_.expr(std::move(e)), v.set};
    }
    if (b == "\\mpi_on") {
      if (!needMpiBlock(n) || !arity(n, 2))
        return {};
      LExpr v = expr(*n.kids[0]);
      if (!v)
        return v;
      LExpr r = integer(*n.kids[1], "the rank argument of '\\mpi_on'");
      if (!r)
        return r;
      if (r.set)
        return fail(n.kids[1]->pos, "set-valued expression cannot be used here");
      LExpr res = builtinCall(n, v.e->type, {v, r});
      res.set = v.set;
      return res;
    }
    if (b == "\\mpi_agree") {
      if (!needMpiBlock(n) || !arity(n, 1))
        return {};
      LExpr v = value(*n.kids[0]);
      if (!v)
        return v;
      return builtinCall(n, T.boolType(), {v});
    }
    if (b == "\\mpi_buf") {
      if (!arity(n, 3))
        return {};
      LExpr p = expr(*n.kids[0]);
      if (!p)
        return p;
      if (!isPtrLike(p.e->type))
        return fail(n.kids[0]->pos,
                    "argument 1 of '\\mpi_buf' must be a pointer, not '" + tn(p.e->type) + "'");
      LExpr c = integer(*n.kids[1], "the count argument of '\\mpi_buf'");
      if (!c)
        return c;
      LExpr d = value(*n.kids[2]);
      if (!d)
        return d;
      if (!isInt(d.e->type))
        return fail(n.kids[2]->pos, "argument 3 of '\\mpi_buf' must be an MPI_Datatype, not '" +
                                        tn(d.e->type) + "'");
      LExpr res = builtinCall(n, bufT(), {p, c, d});
      res.set = p.set || c.set;
      return res;
    }
    if (b == "\\mpi_sig" || b == "\\mpi_extent" || b == "\\mpi_nonoverlapping") {
      if (!arity(n, 1))
        return {};
      LExpr d = value(*n.kids[0]);
      if (!d)
        return d;
      if (!isInt(d.e->type))
        return fail(n.kids[0]->pos, "argument 1 of '" + b + "' must be an MPI_Datatype, not '" +
                                        tn(d.e->type) + "'");
      const Type* ty = b == "\\mpi_sig" ? sigT() : b == "\\mpi_extent" ? T.intType() : T.boolType();
      return builtinCall(n, ty, {d});
    }
    if (b == "\\mpi_reduce") {
      if (!arity(n, 5))
        return {};
      LExpr out = value(*n.kids[0]);
      if (!out)
        return out;
      if (out.e->type != seqT())
        return fail(n.kids[0]->pos, "argument 1 of '\\mpi_reduce' must be a value sequence "
                                    "(e.g. '*\\mpi_buf(...)'), not '" +
                                        tn(out.e->type) + "'");
      LExpr lo = integer(*n.kids[1], "argument 2 of '\\mpi_reduce'");
      if (!lo)
        return lo;
      LExpr hi = integer(*n.kids[2], "argument 3 of '\\mpi_reduce'");
      if (!hi)
        return hi;
      LExpr op = value(*n.kids[3]);
      if (!op)
        return op;
      const Node& fn = *n.kids[4];
      if (fn.kind != NodeKind::Quant || fn.text != "\\lambda" || fn.binders.size() != 1)
        return fail(fn.pos, "argument 5 of '\\mpi_reduce' must be a '\\lambda' of one integer "
                            "variable");
      LExpr in = expr(fn);
      if (!in)
        return in;
      if (!isInt(in.e->type->params[0]) || in.e->type->ret != seqT())
        return fail(fn.pos, "argument 5 of '\\mpi_reduce' must map an integer to a value "
                            "sequence, not have type '" +
                                tn(in.e->type) + "'");
      if (lo.set || hi.set)
        return fail(n.pos, "set-valued expression cannot be used here");
      return builtinCall(n, T.boolType(), {out, lo, hi, op, in});
    }
    if (b == "\\valid" || b == "\\valid_read") {
      if (!arity(n, 1))
        return {};
      LExpr v = expr(*n.kids[0]);
      if (!v || !locationArg(n, v, 0))
        return {};
      return builtinCall(n, T.boolType(), {v});
    }
    if (b == "\\separated") {
      if (!arity(n, 2, true))
        return {};
      for (size_t i = 0; i < n.kids.size(); ++i) {
        LExpr v = expr(*n.kids[i]);
        if (!v || !locationArg(n, v, i))
          return {};
        args.push_back(v);
      }
      return builtinCall(n, T.boolType(), args);
    }
    if (b == "\\sum") {
      if (!arity(n, 3))
        return {};
      LExpr lo = integer(*n.kids[0], "argument 1 of '\\sum'");
      if (!lo)
        return lo;
      LExpr hi = integer(*n.kids[1], "argument 2 of '\\sum'");
      if (!hi)
        return hi;
      if (lo.set || hi.set)
        return fail(n.pos, "set-valued expression cannot be used here");
      const Node& fn = *n.kids[2];
      if (fn.kind != NodeKind::Quant || fn.text != "\\lambda" || fn.binders.size() != 1)
        return fail(fn.pos, "argument 3 of '\\sum' must be a '\\lambda' of one integer variable");
      BoundMark m(*this);
      VarId v = bindVar(fn.binders[0]);
      if (v == model::kNone)
        return {};
      if (!isInt(prog_.var(v).type))
        return fail(fn.binders[0].pos, "the variable of a '\\sum' must be an integer");
      LExpr body = value(*fn.kids[0]);
      if (!body)
        return body;
      if (!body.e->type->isArithmetic())
        return fail(fn.kids[0]->pos,
                    "'\\sum' needs a numeric body, not '" + tn(body.e->type) + "'");
      Expr e = make(ExprKind::Quant, promote(body.e->type), n.pos);
      e.op = Op::Sum;
      e.kids = {lo.e, hi.e, body.e};
      e.bound = {v};
      return {prog_.expr(std::move(e))};
    }
    if (b == "\\abs" || b == "\\min" || b == "\\max") {
      if (!arity(n, b == "\\abs" ? 1 : 2))
        return {};
      const Type* ty = nullptr;
      for (size_t i = 0; i < n.kids.size(); ++i) {
        LExpr v = value(*n.kids[i]);
        if (!v)
          return v;
        if (!v.e->type->isArithmetic())
          return fail(n.kids[i]->pos, "argument " + std::to_string(i + 1) + " of '" + b +
                                          "' must be a number, not '" + tn(v.e->type) + "'");
        ty = ty ? arith(ty, v.e->type) : promote(v.e->type);
        args.push_back(v);
      }
      return builtinCall(n, ty, args);
    }
    return fail(n.pos, "unknown annotation keyword '" + b + "'");
  }

  // --- annotations --------------------------------------------------------------
  void resetFlags() {
    allowOld_ = allowResult_ = inMpiBlock_ = false;
    bound_.clear();
    depth_ = 0;
  }

  bool input(const ParsedAnnot& a) {
    model::InputDecl d;
    d.loc = loc(a.pos);
    d.macro = t_.macro;
    const Type* ty = nullptr;
    if (a.type) {
      ty = typeOf(*a.type);
      if (!ty)
        return false;
      if (!ty->isArithmetic() && ty->kind != TypeKind::Pointer)
        return !fail(a.type->pos,
                     "the type of an input must be arithmetic or a pointer, not '" + tn(ty) + "'");
    }
    VarId v = t_.var;
    if (v != model::kNone && v >= prog_.vars.size())
      return !fail(a.pos, "'#pragma TASS input' attached to an unknown variable");
    // (the inputs are chosen before main starts: a block-scope automatic
    // variable does not exist then)
    if (v != model::kNone && prog_.vars[v].kind == model::VarKind::Local)
      return !fail(a.pos, "'#pragma TASS input' before the local variable '" + prog_.vars[v].name +
                              "': an input is a global or static variable, or an object-like "
                              "macro");
    if (v == model::kNone) {
      if (t_.macro.empty())
        return !fail(a.pos, "'#pragma TASS input' must precede a variable declaration or an "
                            "object-like macro");
      // An input macro becomes a global variable of the given type (int by default).
      VarId existing = prog_.findGlobal(t_.macro);
      if (existing != model::kNone) {
        v = existing;
      } else {
        model::Variable var;
        var.name = t_.macro;
        var.type = ty ? ty : prog_.types.intType();
        var.kind = model::VarKind::Global;
        var.loc = loc(t_.where.line ? t_.where : a.pos);
        v = prog_.addVar(std::move(var));
      }
    } else if (ty && prog_.vars[v].type != ty) {
      diags_.warning(a.type->pos, "type '" + tn(ty) +
                                      "' in '#pragma TASS input' differs from "
                                      "the declared type '" +
                                      tn(prog_.vars[v].type) + "' of '" + prog_.vars[v].name +
                                      "'; the declared type is used");
    }
    d.var = v;
    if (a.cond) {
      declVar_ = v;
      declName_ = t_.macro.empty() ? prog_.vars[v].name : t_.macro;
      LExpr c = condition(*a.cond);
      if (!c)
        return false;
      d.cond = c.e;
    }
    prog_.inputs.push_back(std::move(d));
    return true;
  }

  bool output(const ParsedAnnot& a) {
    if (t_.var == model::kNone || t_.var >= prog_.vars.size())
      return !fail(a.pos, "'#pragma TASS output' must precede a variable declaration");
    model::OutputDecl d;
    d.var = t_.var;
    d.loc = loc(a.pos);
    prog_.outputs.push_back(d);
    return true;
  }

  bool collective(const ParsedAnnot& a) {
    LExpr c = condition(*a.expr);
    if (!c)
      return false;
    model::CollectiveAnnot ca;
    ca.kind = a.invariant ? model::CollectiveKind::Invariant : model::CollectiveKind::Assert;
    ca.joint = a.joint;
    ca.id = a.id;
    ca.expr = c.e;
    ca.func = t_.func;
    ca.at = t_.loc;
    ca.loc = loc(a.pos);
    prog_.collectives.push_back(std::move(ca));
    return true;
  }

  static const char* itemName(ItemKind k) {
    switch (k) {
    case ItemKind::Requires:
      return "requires";
    case ItemKind::Ensures:
      return "ensures";
    case ItemKind::Assigns:
      return "assigns";
    case ItemKind::WaitsFor:
      return "waitsfor";
    case ItemKind::Assumes:
      return "assumes";
    case ItemKind::MpiUses:
      return "mpi uses";
    case ItemKind::Terminates:
      return "terminates";
    case ItemKind::Decreases:
      return "decreases";
    case ItemKind::Behavior:
      return "behavior";
    case ItemKind::Complete:
      return "complete behaviors";
    case ItemKind::Disjoint:
      return "disjoint behaviors";
    case ItemKind::Collective:
      return "mpi collective";
    case ItemKind::LoopInvariant:
      return "loop invariant";
    case ItemKind::LoopAssigns:
      return "loop assigns";
    case ItemKind::LoopVariant:
      return "loop variant";
    }
    return "?";
  }
  static bool isLoopItem(ItemKind k) {
    return k == ItemKind::LoopInvariant || k == ItemKind::LoopAssigns || k == ItemKind::LoopVariant;
  }

  static bool isLocation(const Expr* e) {
    switch (e->kind) {
    case ExprKind::Var:
    case ExprKind::Deref:
    case ExprKind::Member:
    case ExprKind::Index:
      return true;
    case ExprKind::SetOf:
      if (e->bound.empty()) {
        for (auto* k : e->kids)
          if (!isLocation(k))
            return false;
        return true;
      }
      return isLocation(e->kids[0]);
    case ExprKind::Cond:
      return isLocation(e->kids[1]) && isLocation(e->kids[2]);
    default:
      return false;
    }
  }

  /// Lowers the terms of an assigns/waitsfor/uses clause.
  bool terms(const AcslItem& it, model::Clause& c) {
    for (auto& x : it.exprs) {
      size_t mark = bound_.size();
      LExpr v = expr(*x);
      bound_.resize(mark);
      if (!v)
        return false;
      if (it.kind == ItemKind::Assigns || it.kind == ItemKind::LoopAssigns) {
        if (!isLocation(v.e)) {
          fail(x->pos, std::string("expression is not a memory location in '") + itemName(it.kind) +
                           "' clause");
          return false;
        }
      } else if (it.kind == ItemKind::WaitsFor) {
        if (!isInt(v.e->type)) {
          fail(x->pos, "'waitsfor' expects process ranks (integers), not '" + tn(v.e->type) + "'");
          return false;
        }
      } else if (v.set) {
        fail(x->pos, "set-valued expression cannot be used here");
        return false;
      }
      c.exprs.push_back(v.e);
    }
    return true;
  }

  static bool sameExpr(const Expr* a, const Expr* b) {
    if (a == b)
      return true;
    if (!a || !b || a->kind != b->kind || a->op != b->op || a->var != b->var ||
        a->name != b->name || a->fn != b->fn || a->func != b->func || a->field != b->field ||
        a->text != b->text || a->ival != b->ival || a->type != b->type ||
        a->kids.size() != b->kids.size())
      return false;
    for (size_t i = 0; i < a->kids.size(); ++i)
      if (!sameExpr(a->kids[i], b->kids[i]))
        return false;
    return true;
  }

  bool acsl(const ParsedAnnot& a) {
    if (a.items.empty())
      return true;
    if (isLoopItem(a.items[0].kind))
      return loop(a);
    model::Contract con;
    con.func = t_.func;
    con.loc = loc(a.pos);
    con.blocks.emplace_back();
    con.blocks[0].loc = con.loc;
    std::vector<const Expr*> uses; // communicators of the sequential part
    int behavior = -1;             // index into the current block's behaviors
    bool completeness = false;     // completeness clauses seen in this block
    bool ok = true;
    for (const AcslItem& it : a.items) {
      model::ContractBlock& blk = con.blocks.back();
      resetFlags();
      if (isLoopItem(it.kind)) {
        fail(it.pos, std::string("'") + itemName(it.kind) +
                         "' cannot be mixed with function contract clauses");
        return false;
      }
      switch (it.kind) {
      case ItemKind::Collective: {
        LExpr c = value(*it.exprs[0]);
        if (!c) {
          ok = false;
          break;
        }
        bool found = false;
        for (auto* u : uses)
          found |= sameExpr(u, c.e);
        if (!found) {
          fail(it.exprs[0]->pos, "the communicator of 'mpi collective' must appear in an 'mpi "
                                 "uses' clause before it");
          ok = false;
        }
        model::ContractBlock nb;
        nb.comm = c.e;
        nb.loc = loc(it.pos);
        con.blocks.push_back(std::move(nb));
        behavior = -1;
        completeness = false;
        break;
      }
      case ItemKind::Behavior: {
        if (completeness) {
          fail(it.pos, "'behavior' after 'complete behaviors' or 'disjoint behaviors'");
          ok = false;
          break;
        }
        for (auto& bh : blk.behaviors)
          if (bh.name == it.name) {
            fail(it.namePos[0], "duplicate behavior '" + it.name + "'");
            ok = false;
          }
        model::Behavior bh;
        bh.name = it.name;
        bh.loc = loc(it.pos);
        blk.behaviors.push_back(std::move(bh));
        behavior = static_cast<int>(blk.behaviors.size()) - 1;
        break;
      }
      case ItemKind::Complete:
      case ItemKind::Disjoint: {
        std::vector<std::string> names = it.names;
        for (size_t i = 0; i < names.size(); ++i) {
          bool found = false;
          for (auto& bh : blk.behaviors)
            found |= bh.name == names[i];
          if (!found) {
            fail(it.namePos[i],
                 "unknown behavior '" + names[i] + "' in '" + itemName(it.kind) + "'");
            ok = false;
          }
        }
        if (names.empty())
          for (auto& bh : blk.behaviors)
            names.push_back(bh.name);
        (it.kind == ItemKind::Complete ? blk.completeBehaviors : blk.disjointBehaviors)
            .push_back(std::move(names));
        (it.kind == ItemKind::Complete ? blk.completeLocs : blk.disjointLocs)
            .push_back(loc(it.pos));
        completeness = true;
        behavior = -1;
        break;
      }
      default: {
        if (completeness) {
          fail(it.pos, std::string("'") + itemName(it.kind) +
                           "' clause after 'complete behaviors' or 'disjoint behaviors'; "
                           "move it before the behaviors");
          ok = false;
          break;
        }
        if (it.kind == ItemKind::Assumes && behavior < 0) {
          fail(it.pos, "'assumes' clause outside of a named behavior");
          ok = false;
          break;
        }
        if (it.kind == ItemKind::WaitsFor && con.blocks.size() == 1) {
          fail(it.pos, "'waitsfor' clause outside of an 'mpi collective' block");
          ok = false;
          break;
        }
        inMpiBlock_ = con.blocks.size() > 1;
        allowOld_ = it.kind == ItemKind::Ensures || it.kind == ItemKind::Assigns;
        allowResult_ = it.kind == ItemKind::Ensures;
        model::Clause c;
        c.loc = loc(it.pos);
        c.nothing = it.nothing;
        bool good = true;
        switch (it.kind) {
        case ItemKind::Requires:
          c.kind = model::ClauseKind::Requires;
          break;
        case ItemKind::Ensures:
          c.kind = model::ClauseKind::Ensures;
          break;
        case ItemKind::Assumes:
          c.kind = model::ClauseKind::Assumes;
          break;
        case ItemKind::Assigns:
          c.kind = model::ClauseKind::Assigns;
          break;
        case ItemKind::WaitsFor:
          c.kind = model::ClauseKind::WaitsFor;
          break;
        case ItemKind::MpiUses:
          c.kind = model::ClauseKind::MpiUses;
          break;
        case ItemKind::Terminates:
          c.kind = model::ClauseKind::Terminates;
          break;
        case ItemKind::Decreases:
          c.kind = model::ClauseKind::Decreases;
          break;
        default:
          good = false;
        }
        if (!good)
          break;
        if (c.kind == model::ClauseKind::Requires || c.kind == model::ClauseKind::Ensures ||
            c.kind == model::ClauseKind::Assumes || c.kind == model::ClauseKind::Terminates) {
          LExpr v = condition(*it.exprs[0]);
          if (!v) {
            ok = false;
            break;
          }
          c.exprs.push_back(v.e);
        } else if (c.kind == model::ClauseKind::Decreases) {
          LExpr v = integer(*it.exprs[0], "the measure of 'decreases'");
          if (v && v.set)
            v = fail(it.exprs[0]->pos, "set-valued expression cannot be used here");
          if (!v) {
            ok = false;
            break;
          }
          c.exprs.push_back(v.e);
        } else if (!terms(it, c)) {
          ok = false;
          break;
        }
        if (c.kind == model::ClauseKind::MpiUses && con.blocks.size() == 1)
          uses.insert(uses.end(), c.exprs.begin(), c.exprs.end());
        (behavior >= 0 ? blk.behaviors[size_t(behavior)].clauses : blk.clauses)
            .push_back(std::move(c));
      }
      }
    }
    resetFlags();
    if (!ok || failed_)
      return false;
    prog_.contracts.push_back(std::move(con));
    return true;
  }

  bool loop(const ParsedAnnot& a) {
    model::LoopAnnot la;
    la.func = t_.func;
    la.head = t_.loc;
    la.loc = loc(a.pos);
    bool ok = true;
    for (const AcslItem& it : a.items) {
      resetFlags();
      if (!isLoopItem(it.kind)) {
        fail(it.pos,
             std::string("'") + itemName(it.kind) + "' cannot be mixed with loop annotations");
        return false;
      }
      if (it.kind == ItemKind::LoopVariant) {
        if (la.variant) {
          fail(it.pos, "a loop has at most one 'loop variant'");
          ok = false;
          continue;
        }
        LExpr v = integer(*it.exprs[0], "the measure of 'loop variant'");
        if (v && v.set)
          v = fail(it.exprs[0]->pos, "set-valued expression cannot be used here");
        if (!v) {
          ok = false;
          continue;
        }
        la.variant = v.e;
        la.variantLoc = loc(it.pos);
      } else if (it.kind == ItemKind::LoopInvariant) {
        LExpr v = condition(*it.exprs[0]);
        if (!v) {
          ok = false;
          continue;
        }
        la.invariants.push_back(v.e);
        la.invariantLocs.push_back(loc(it.pos));
      } else {
        model::Clause c;
        if (!terms(it, c)) {
          ok = false;
          continue;
        }
        if (!la.assignsLoc.valid())
          la.assignsLoc = loc(it.pos);
        la.assignsNothing = la.assignsNothing || it.nothing;
        la.assigns.insert(la.assigns.end(), c.exprs.begin(), c.exprs.end());
      }
    }
    resetFlags();
    if (!ok || failed_)
      return false;
    prog_.loops.push_back(std::move(la));
    return true;
  }

  const Target& t_;
  model::Program& prog_;
  const Scope& scope_;
  DiagnosticSink& diags_;
  std::vector<std::pair<std::string, VarId>> bound_;
  VarId declVar_ = model::kNone;
  std::string declName_;
  bool allowOld_ = false;
  bool allowResult_ = false;
  bool inMpiBlock_ = false;
  bool failed_ = false;
  bool deepReported_ = false;
  unsigned depth_ = 0;
};

} // namespace

Needs classify(AnnotSource src, const std::vector<Token>& toks) {
  auto word = [&](size_t i) -> std::string {
    return i < toks.size() && toks[i].kind == Token::Ident ? toks[i].text : std::string();
  };
  switch (src) {
  case AnnotSource::TassPragma: {
    std::string w = word(0);
    if (w == "input" || w == "output")
      return Needs::Declaration;
    if (w == "collective" || w == "joint") {
      if (word(1) == "assert")
        return Needs::Statement;
      if (word(1) == "invariant")
        return Needs::Loop;
    }
    return Needs::Invalid;
  }
  case AnnotSource::CivlPragma:
    return word(0) == "ACSL" ? Needs::Nothing : Needs::Invalid;
  case AnnotSource::AcslComment: {
    if (toks.empty() || toks[0].kind == Token::End)
      return Needs::Nothing;
    std::string w = word(0);
    if (w == "loop")
      return Needs::Loop;
    static const std::set<std::string> contract = {"requires", "ensures",    "assigns",  "waitsfor",
                                                   "assumes",  "behavior",   "complete", "disjoint",
                                                   "mpi",      "terminates", "decreases"};
    return contract.count(w) ? Needs::Function : Needs::Invalid;
  }
  }
  return Needs::Invalid;
}

bool lowerAnnotation(AnnotSource src, const std::vector<Token>& toks, const Target& target,
                     Context& ctx) {
  unsigned before = ctx.diags.errorCount();
  auto parsed = detail::parse(src, toks, &ctx.scope, ctx.diags);
  if (!parsed)
    return false;
  Lowering l(target, ctx);
  return l.lower(*parsed) && ctx.diags.errorCount() == before;
}

} // namespace chorus::annot
