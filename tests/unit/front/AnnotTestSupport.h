// Test support for chorus_annot: a fake Scope over a model::Program, a tiny
// macro expander (so seed contracts can be pasted verbatim with their
// #defines), and a reader for C prototypes that declares the parameters.
#pragma once

#include "Annot.h"

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace chorus::annot::testing {

class FakeScope : public Scope {
public:
  std::map<std::string, model::VarId> vars;
  std::map<std::string, model::FuncId> funcs;
  std::map<std::string, long long> constants;
  std::map<std::string, const model::Type*> typedefs;

  model::VarId lookupVar(const std::string& n) const override {
    auto it = vars.find(n);
    return it == vars.end() ? model::kNone : it->second;
  }
  model::FuncId lookupFunc(const std::string& n) const override {
    auto it = funcs.find(n);
    return it == funcs.end() ? model::kNone : it->second;
  }
  std::optional<long long> lookupConstant(const std::string& n) const override {
    auto it = constants.find(n);
    if (it == constants.end())
      return std::nullopt;
    return it->second;
  }
  const model::Type* lookupTypedef(const std::string& n) const override {
    auto it = typedefs.find(n);
    return it == typedefs.end() ? nullptr : it->second;
  }
};

/// A program, a scope over it and a diagnostic sink, with the declarations
/// the seed examples use.
struct AnnotEnv {
  model::Program prog;
  FakeScope scope;
  DiagnosticSink diags;
  model::FuncId cur = model::kNone; ///< the function annotations are attached to
  std::string file = "t.c";

  explicit AnnotEnv(bool seedDecls = true) {
    auto& T = prog.types;
    const model::Type* i = T.intType();
    scope.typedefs["MPI_Comm"] = i;
    scope.typedefs["MPI_Datatype"] = i;
    scope.typedefs["MPI_Op"] = i;
    scope.typedefs["HYPRE_Real"] = T.doubleType();
    // struct hypr_Vector { double *data; int size; int num_vectors; }
    model::Type* vec = T.record(model::TypeKind::Struct, "hypr_Vector");
    T.complete(vec, {{"data", T.pointer(T.doubleType())}, {"size", i}, {"num_vectors", i}}, 16);
    model::Type* pv = T.record(model::TypeKind::Struct, "hypr_ParVector");
    T.complete(pv, {{"comm", i}, {"local_vector", T.pointer(vec)}}, 16);
    scope.typedefs["hypr_Vector"] = vec;
    scope.typedefs["hypr_ParVector"] = pv;
    scope.constants["B"] = 10;
    scope.constants["MPI_SUM"] = 1;
    scope.constants["MPI_INT"] = 2;
    scope.constants["MPI_COMM_WORLD"] = 0;
    if (!seedDecls)
      return;
    const model::Type* d = T.doubleType();
    const model::Type* dp = T.pointer(d);
    for (const char* n : {"N", "n", "nx", "nxl", "first", "left", "right", "myrank", "nprocs", "s",
                          "t", "j", "k", "nsteps", "time", "PID", "NPROCS"})
      global(n, i);
    for (const char* n : {"x", "m", "err", "p", "tol", "tmp", "sum"})
      global(n, d);
    global("u", T.array(d, 102));
    global("a", dp);
    global("ip", T.pointer(i));
    global("vp", T.pointer(T.voidType()));
    global("pv", T.pointer(pv));
    global("flag", T.boolType());
    // MPI_IN_PLACE as the model header defines it: the address of a global.
    global("chorus_mpi_in_place_", i);
    cur = func("f", i, {{"q", i}, {"buf", T.pointer(i)}});
    scope.vars["i"] = local(cur, "i", i);
    model::FuncId mainF = func("main", i, {});
    local(mainF, "i", i);
    local(mainF, "mi", i);
    funcs("g", T.voidType());
  }

  model::VarId addVar(const std::string& name, const model::Type* ty, model::VarKind kind,
                      model::FuncId fn) {
    model::Variable v;
    v.name = name;
    v.type = ty;
    v.kind = kind;
    v.func = fn;
    return prog.addVar(std::move(v));
  }
  model::VarId global(const std::string& name, const model::Type* ty) {
    return scope.vars[name] = addVar(name, ty, model::VarKind::Global, model::kNone);
  }
  model::VarId local(model::FuncId f, const std::string& name, const model::Type* ty) {
    model::VarId v = addVar(name, ty, model::VarKind::Local, f);
    prog.funcs[f].locals.push_back(v);
    return v;
  }
  /// Declares a function with parameters, visible in the scope; parameters
  /// become visible too (annotations are attached to this function).
  model::FuncId func(const std::string& name, const model::Type* ret,
                     std::vector<std::pair<std::string, const model::Type*>> params) {
    model::Function f;
    f.name = name;
    std::vector<const model::Type*> pts;
    for (auto& p : params)
      pts.push_back(p.second);
    f.type = prog.types.function(ret, pts, false);
    model::FuncId id = prog.addFunc(std::move(f));
    for (auto& p : params) {
      model::VarId v = addVar(p.first, p.second, model::VarKind::Param, id);
      prog.funcs[id].params.push_back(v);
      scope.vars[p.first] = v;
    }
    scope.funcs[name] = id;
    return id;
  }
  void funcs(const std::string& name, const model::Type* ret) { func(name, ret, {}); }

  Target target() const {
    Target t;
    t.func = cur;
    t.loc = 0;
    return t;
  }

  std::vector<Token> tokens(const std::string& text, unsigned line = 1, unsigned col = 1) {
    auto toks = lex(text, SourcePos{file, line, col}, diags);
    return toks ? *toks : std::vector<Token>{};
  }

  bool lower(AnnotSource src, const std::string& text, std::optional<Target> t = std::nullopt) {
    auto toks = lex(text, SourcePos{file, 1, 1}, diags);
    if (!toks)
      return false;
    Context ctx{prog, scope, diags};
    return lowerAnnotation(src, *toks, t ? *t : target(), ctx);
  }
  bool tass(const std::string& text) { return lower(AnnotSource::TassPragma, text); }
  bool acsl(const std::string& text) { return lower(AnnotSource::AcslComment, text); }

  /// "line:col: error: message" of every diagnostic, one a line.
  std::string messages() const {
    std::string s;
    for (auto& d : diags.all()) {
      const char* sev = d.severity == Severity::Error     ? "error"
                        : d.severity == Severity::Warning ? "warning"
                                                          : "note";
      s += std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + ": " + sev + ": " +
           d.message + "\n";
    }
    return s;
  }
  std::string firstError() const {
    for (auto& d : diags.all())
      if (d.severity == Severity::Error)
        return std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + ": " + d.message;
    return "";
  }

  // --- seed texts: #defines + /*@ ... */ + prototype ------------------------------
  struct Macro {
    bool funcLike = false;
    std::vector<std::string> params;
    std::vector<Token> body;
  };
  std::map<std::string, Macro> macros;

  void expand(const std::vector<Token>& in, std::vector<Token>& out, std::set<std::string>& active,
              const SourcePos* at) {
    for (size_t i = 0; i < in.size(); ++i) {
      Token t = in[i];
      if (t.kind == Token::End)
        continue;
      if (at)
        t.pos = *at;
      auto m = macros.find(t.text);
      if (t.kind != Token::Ident || m == macros.end() || active.count(t.text)) {
        out.push_back(t);
        continue;
      }
      const Macro& mac = m->second;
      std::vector<Token> body;
      if (mac.funcLike) {
        if (i + 1 >= in.size() || in[i + 1].text != "(") {
          out.push_back(t);
          continue;
        }
        std::vector<std::vector<Token>> args(1);
        int depth = 0;
        size_t j = i + 2;
        for (; j < in.size(); ++j) {
          const std::string& x = in[j].text;
          if (in[j].kind == Token::Punct && (x == "(" || x == "[" || x == "{"))
            ++depth;
          if (in[j].kind == Token::Punct && (x == ")" || x == "]" || x == "}")) {
            if (depth == 0)
              break;
            --depth;
          }
          if (depth == 0 && in[j].kind == Token::Punct && x == ",") {
            args.emplace_back();
            continue;
          }
          args.back().push_back(in[j]);
        }
        i = j;
        for (const Token& b : mac.body) {
          bool sub = false;
          for (size_t p = 0; p < mac.params.size(); ++p)
            if (b.kind == Token::Ident && b.text == mac.params[p] && p < args.size()) {
              std::vector<Token> ex;
              expand(args[p], ex, active, nullptr);
              body.insert(body.end(), ex.begin(), ex.end());
              sub = true;
            }
          if (!sub)
            body.push_back(b);
        }
      } else {
        body = mac.body;
      }
      active.insert(t.text);
      SourcePos here = t.pos;
      expand(body, out, active, &here);
      active.erase(t.text);
    }
  }

  /// Declares the parameters and function of a C prototype such as
  /// `int MPI_Bcast(void *buf, int count, MPI_Datatype datatype, int root, MPI_Comm comm)`.
  void prototype(const std::string& proto) {
    auto words = [](const std::string& s) {
      std::vector<std::string> w;
      std::string cur;
      for (char c : s) {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
          cur += c;
        } else {
          if (!cur.empty())
            w.push_back(cur), cur.clear();
          if (c == '*' || c == '[')
            w.push_back(std::string(1, c));
        }
      }
      if (!cur.empty())
        w.push_back(cur);
      return w;
    };
    auto typeOf = [&](std::vector<std::string> w, std::string& name) {
      for (size_t k = w.size(); k-- > 0;)
        if (w[k] != "*" && w[k] != "[") {
          name = w[k];
          w.erase(w.begin() + long(k));
          break;
        }
      unsigned ptrs = 0;
      const model::Type* base = nullptr;
      for (auto& x : w) {
        if (x == "*" || x == "[")
          ++ptrs;
        else if (x == "const")
          continue;
        else if (x == "void")
          base = prog.types.voidType();
        else if (x == "int")
          base = prog.types.intType();
        else if (x == "double")
          base = prog.types.doubleType();
        else if (scope.typedefs.count(x))
          base = scope.typedefs[x];
      }
      if (!base)
        base = prog.types.intType();
      for (unsigned k = 0; k < ptrs; ++k)
        base = prog.types.pointer(base);
      return base;
    };
    size_t open = proto.find('('), close = proto.rfind(')');
    std::string fname;
    const model::Type* ret = typeOf(words(proto.substr(0, open)), fname);
    std::vector<std::pair<std::string, const model::Type*>> params;
    std::string list = proto.substr(open + 1, close - open - 1);
    std::stringstream ss(list);
    std::string part;
    while (std::getline(ss, part, ',')) {
      std::string pname;
      const model::Type* ty = typeOf(words(part), pname);
      params.push_back({pname, ty});
    }
    cur = func(fname, ret, params);
  }

  /// Lowers a seed contract: `#define` lines, one `/*@ ... */` comment, and
  /// the prototype after it.
  bool seedContract(const std::string& text) {
    std::istringstream in(text);
    std::string line, pending;
    size_t commentAt = text.find("/*@");
    size_t commentEnd = text.find("*/", commentAt);
    std::string defs =
        "#define MPI_IN_PLACE ((void*)&chorus_mpi_in_place_)\n" + text.substr(0, commentAt);
    std::istringstream din(defs);
    while (std::getline(din, line)) {
      if (!pending.empty())
        line = pending + " " + line, pending.clear();
      if (!line.empty() && line.back() == '\\') {
        pending = line.substr(0, line.size() - 1);
        continue;
      }
      size_t d = line.find("#define");
      if (d == std::string::npos)
        continue;
      std::string rest = line.substr(d + 7);
      size_t b = rest.find_first_not_of(" \t");
      size_t e = b;
      while (e < rest.size() &&
             (std::isalnum(static_cast<unsigned char>(rest[e])) || rest[e] == '_'))
        ++e;
      Macro m;
      std::string name = rest.substr(b, e - b);
      if (e < rest.size() && rest[e] == '(') {
        m.funcLike = true;
        size_t c = rest.find(')', e);
        std::stringstream ps(rest.substr(e + 1, c - e - 1));
        std::string p;
        while (std::getline(ps, p, ',')) {
          p.erase(0, p.find_first_not_of(" "));
          p.erase(p.find_last_not_of(" ") + 1);
          m.params.push_back(p);
        }
        e = c + 1;
      }
      m.body = tokens(rest.substr(e), 1000, 1);
      m.body.pop_back(); // End
      macros[name] = m;
    }
    std::string after = text.substr(commentEnd + 2);
    size_t semi = after.find(')');
    prototype(after.substr(0, semi + 1));
    // Position of the comment body: line/col of the character after "/*@".
    unsigned line0 = 1, col0 = 1;
    for (size_t i = 0; i < commentAt + 3; ++i) {
      if (text[i] == '\n')
        ++line0, col0 = 1;
      else
        ++col0;
    }
    std::vector<Token> raw =
        tokens(text.substr(commentAt + 3, commentEnd - commentAt - 3), line0, col0);
    std::vector<Token> out;
    std::set<std::string> active;
    expand(raw, out, active, nullptr);
    Token end;
    end.kind = Token::End;
    end.pos = raw.empty() ? SourcePos{file, line0, col0} : raw.back().pos;
    out.push_back(end);
    Context ctx{prog, scope, diags};
    return lowerAnnotation(AnnotSource::AcslComment, out, target(), ctx);
  }
};

} // namespace chorus::annot::testing
