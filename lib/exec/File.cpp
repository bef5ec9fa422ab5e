// Models of files: fopen, fclose, the reading functions fgets, fgetc/getc,
// fscanf/vfscanf, fread, getline, feof, ferror, rewind, fseek/ftell, fwrite,
// setvbuf/setbuf, the
// standard input (getchar, scanf/vscanf, and the reading functions on
// stdin), and the output stream argument of the writing functions of
// Stdio.cpp (fprintf, fputs, fputc, ...).
//
// A file opened for reading ("r", "rb") is read from the disk once, when
// the program opens it during verification: the verdict holds for those
// contents, and a `verified` verdict says so. A file that does not exist
// (or cannot be read) gives NULL, as the real run would; the program must
// check it (a NULL stream used is NULL_DEREFERENCE). A file opened for
// writing ("w", "a", also with "b") succeeds when its directory is writable
// now; nothing is written to the disk: the text written is shown in the
// trace ("file NAME: ..."). Opening for reading a file this run wrote, the
// update modes ("r+", ...) and symbolic file names are `unknown`; a mode
// that is none of C's is UNDEFINED_BEHAVIOR (C11 7.21.5.3p3).
//
// The standard input is the file `verify --stdin FILE` names, read when
// the program first reads stdin (as the real run `prog < FILE`: seekable);
// its position is in the process's library state (LibSlot::Stdin). Without
// --stdin, and in any process but 0 (mpirun forwards stdin to rank 0),
// reading stdin is `unknown` naming the call, never an empty input.
//
// fread/fwrite move bytes; objects hold values: fread builds each element
// of the buffer's type from its bytes as x86-64 stores them (integers
// little-endian two's complement, float/double/long double IEEE / x87;
// an infinity, a NaN (its sign, not its payload) and -0.0 are values with
// --float ieee, `unknown` with --float real; a pointer or a struct is
// `unknown`); fwrite reads each element (an uninitialized one is
// UNINITIALIZED_READ, as valgrind reports a write of uninitialized bytes),
// and writes its bytes to stdout/stderr (concrete values only) or, to a
// file, shows their count. fseek/ftell work on streams opened for reading
// (a position past the end reads EOF; a negative one fails with -1);
// on streams opened for writing they are `unknown`.
//
// A FILE* is a pointer to a block owned by the C library (free() of it is
// INVALID_FREE) whose value is the stream's record: mode, file, position,
// closed and end-of-file flags. Any use of a stream after fclose is
// USE_AFTER_FREE, a second fclose DOUBLE_FREE (glibc frees the FILE: the
// real run aborts with "double free" or reads freed memory). Streams still
// open when the program ends are not a violation: exit closes them (C11
// 7.22.4.4p4).
#include "CString.h"
#include "ExecutorImpl.h"
#include "Library.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace chorus::exec {

namespace {

using Outcome = Machine::Outcome;

enum Field { Magic, Mode, FileId, Pos, Closed, Eof, kFields };
constexpr int64_t kMagic = 0x46494c45; // "FILE"
enum StreamMode { Read = 0, Write = 1 };

struct Stream {
  uint32_t block = 0;
  bool isStdin = false; ///< the standard input (its state is in LibSlot::Stdin)
  int64_t f[kFields] = {};
};

/// The stream record of the block v points to, if it is one.
std::optional<Stream> streamAt(Machine& m, Expr v) {
  auto p = m.V.decodePointer(v);
  if (!p || p->root.kind != RootKind::Heap || p->root.b >= m.self().heap.size())
    return std::nullopt;
  const HeapObj& o = m.self().heap[p->root.b];
  if (!o.external || !o.value || o.elem != m.P.types.sizeType())
    return std::nullopt;
  Stream s;
  s.block = p->root.b;
  for (int k = 0; k < kFields; ++k) {
    auto x = m.concreteInt(m.f.arrayRead(o.value, m.intc(k)));
    if (!x)
      return std::nullopt;
    s.f[k] = *x;
  }
  if (s.f[Magic] != kMagic)
    return std::nullopt;
  return s;
}

Expr record(Machine& m, const Stream& s) {
  std::vector<Expr> xs;
  for (int64_t x : s.f)
    xs.push_back(m.intc(x));
  return m.f.arrayLit(m.V.symType(m.im.arrayOf(m.P.types.sizeType(), kFields)), xs);
}

void store(Machine& m, const Stream& s) {
  if (s.isStdin)
    m.setLibState(LibSlot::Stdin, m.intc(2 * s.f[Pos] + s.f[Eof]));
  else
    m.self().heap[s.block].value = record(m, s);
}

const std::string& pathOf(Machine& m, const Stream& s) {
  return m.im.files.at(size_t(s.f[FileId])).first;
}

uint32_t fileId(Machine& m, const std::string& path) {
  auto& files = m.im.files;
  for (size_t k = 0; k < files.size(); ++k)
    if (files[k].first == path)
      return uint32_t(k);
  files.push_back({path, std::nullopt});
  return uint32_t(files.size() - 1);
}

/// The contents of file `id`, read from the disk the first time (nullopt:
/// it cannot be read).
const std::optional<std::string>& load(Machine& m, uint32_t id) {
  auto& entry = m.im.files[id];
  if (!entry.second) {
    struct stat sb;
    const std::string& path = entry.first;
    if (::stat(path.c_str(), &sb) == 0 && S_ISDIR(sb.st_mode))
      throw Unsupported("fopen of the directory \"" + path + "\" at " + m.where());
    std::ifstream in(path, std::ios::binary);
    if (in) {
      std::ostringstream text;
      text << in.rdbuf();
      entry.second = text.str();
    }
  }
  return entry.second;
}

/// The standard input of the moving process, read by call `fn`: the file
/// of --stdin in process 0, `unknown` otherwise.
Stream stdinStream(Machine& m, const std::string& fn) {
  const std::optional<std::string>& file = m.ex.options().stdinFile;
  if (!file)
    throw Unsupported(fn + " reads stdin (give its contents with --stdin FILE) at " + m.where());
  if (m.me != 0)
    throw Unsupported(fn + " reads stdin in process " + std::to_string(m.me) +
                      " (--stdin is the input of process 0; mpirun forwards stdin to rank 0) at " +
                      m.where());
  Stream st;
  st.isStdin = true;
  st.f[Magic] = kMagic;
  st.f[Mode] = Read;
  st.f[FileId] = fileId(m, *file);
  const auto& text = load(m, uint32_t(st.f[FileId]));
  if (!text)
    throw Unsupported("--stdin file \"" + *file + "\" cannot be read at " + m.where());
  m.ex.noteAssumption("assuming stdin holds the contents of \"" + *file +
                      "\" as read at verification time (" + std::to_string(text->size()) +
                      " bytes)");
  if (Expr v = m.libState(LibSlot::Stdin)) {
    int64_t x = m.concreteInt(v).value_or(0);
    st.f[Pos] = x / 2;
    st.f[Eof] = x % 2;
  }
  return st;
}

/// The stream argument i of call `fn`: null, uninitialized and closed
/// streams are reported; nullopt for stdin/stdout/stderr (`std` names it).
std::optional<Stream> streamArg(Machine& m, const model::Stmt& s, size_t i, const std::string& fn,
                                std::string& std) {
  Expr v = m.arg(s, i);
  if (m.V.isUndef(v))
    m.fail(ViolationKind::UninitializedRead, fn + " on an uninitialized stream pointer", m.pc());
  auto p = m.V.decodePointer(v);
  if (p && p->root.kind == RootKind::Null)
    m.fail(ViolationKind::NullDereference, fn + " on a null stream", m.pc());
  if (p && p->root.kind == RootKind::Global && p->path.empty()) {
    const std::string& n = m.P.var(m.P.globals.at(p->root.b)).name;
    if (n == "stdout" || n == "stderr" || n == "stdin") {
      std = n;
      return std::nullopt;
    }
  }
  auto st = streamAt(m, v);
  if (!st)
    throw Unsupported(fn + " on a stream chorus does not know at " + m.where());
  if (st->f[Closed])
    m.fail(ViolationKind::UseAfterFree,
           fn + " on a stream already closed (\"" + pathOf(m, *st) + "\")", m.pc());
  return st;
}

/// An open stream the program reads.
Stream readStream(Machine& m, const model::Stmt& s, size_t i, const std::string& fn) {
  std::string std;
  auto st = streamArg(m, s, i, fn, std);
  if (!st && std == "stdin")
    return stdinStream(m, fn);
  if (!st)
    throw Unsupported(fn + " on " + std + ", which is not read, at " + m.where());
  if (st->f[Mode] != Read)
    throw Unsupported(fn + " on a stream opened for writing at " + m.where());
  return *st;
}

const std::string& contents(Machine& m, const Stream& s) {
  return *m.im.files.at(size_t(s.f[FileId])).second;
}

Outcome finish(Machine& m, const model::Transition& t, Expr v) {
  m.setResult(t.stmt, v, nullptr);
  m.advance(t);
  return Outcome::Done;
}

/// Was the file opened for writing earlier in this run of the process?
bool writtenHere(Machine& m, uint32_t id) {
  ProcState& ps = m.self();
  for (uint32_t b = 0; b < ps.heap.size(); ++b) {
    Expr p = m.V.makePointer(Root{RootKind::Heap, 0, b}, {m.intc(0)});
    auto st = streamAt(m, p);
    if (st && st->f[FileId] == int64_t(id) && st->f[Mode] != Read)
      return true;
  }
  return false;
}

Outcome runFopen(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::string path, mode;
  {
    Cursor c(m, m.arg(s, 0), "fopen's file name");
    for (int64_t k = 0;; ++k) {
      if (k >= kMaxString)
        tooLong(m);
      auto x = m.concreteInt(c.read(k));
      if (!x)
        throw Unsupported("fopen of a file name with symbolic characters at " + m.where());
      if (*x == 0)
        break;
      path += char(*x);
    }
  }
  mode = m.readString(m.arg(s, 1));
  std::string base = mode;
  base.erase(std::remove(base.begin(), base.end(), 'b'), base.end());
  if (!(base == "r" || base == "w" || base == "a" || base == "r+" || base == "w+" || base == "a+" ||
        base == "wx" || base == "w+x") ||
      std::count(mode.begin(), mode.end(), 'b') > 1)
    m.fail(ViolationKind::UndefinedBehavior,
           "fopen with the mode \"" + mode + "\", which is none of C's (C11 7.21.5.3p3)", m.pc());
  if (base != "r" && base != "w" && base != "a")
    throw Unsupported("fopen with the mode \"" + mode + "\" at " + m.where());
  uint32_t id = fileId(m, path);
  bool ok;
  if (base == "r") {
    if (writtenHere(m, id))
      throw Unsupported("fopen for reading of \"" + path + "\", which this run wrote, at " +
                        m.where());
    const auto& text = load(m, id);
    ok = text.has_value();
    if (ok)
      m.ex.noteAssumption("assuming the contents of \"" + path +
                          "\" as read at verification time (" + std::to_string(text->size()) +
                          " bytes)");
  } else {
    std::string dir = path.find('/') == std::string::npos ? "." : path.substr(0, path.rfind('/'));
    if (dir.empty())
      dir = "/";
    ok = ::access(dir.c_str(), W_OK | X_OK) == 0 &&
         (::access(path.c_str(), F_OK) != 0 || ::access(path.c_str(), W_OK) == 0);
    if (ok)
      m.ex.noteAssumption("assuming \"" + path +
                          "\" can be written as now (chorus writes nothing to it)");
  }
  if (!ok) {
    m.step.effects.push_back("fopen \"" + path + "\": NULL (" +
                             (base == "r" ? "no such readable file" : "not writable") + ")");
    return finish(m, t, m.V.nullPointer());
  }
  Stream st;
  st.f[Magic] = kMagic;
  st.f[Mode] = base == "r" ? Read : Write;
  st.f[FileId] = id;
  HeapObj o;
  o.value = record(m, st);
  o.elem = m.P.types.sizeType();
  o.bytes = m.intc(kFields * 8);
  o.site = m.loc;
  o.external = true;
  ProcState& ps = m.self();
  ps.heap.push_back(std::move(o));
  m.step.effects.push_back("fopen \"" + path + "\" (\"" + mode + "\")");
  return finish(
      m, t, m.V.makePointer(Root{RootKind::Heap, 0, uint32_t(ps.heap.size() - 1)}, {m.intc(0)}));
}

Outcome runFclose(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr v = m.arg(s, 0);
  auto pre = streamAt(m, v);
  if (pre && pre->f[Closed])
    m.fail(ViolationKind::DoubleFree,
           "fclose of a stream already closed (\"" + pathOf(m, *pre) + "\")", m.pc());
  std::string std;
  auto st = streamArg(m, s, 0, name, std);
  if (!st)
    throw Unsupported("fclose of " + std + " at " + m.where());
  st->f[Closed] = 1;
  store(m, *st);
  m.step.effects.push_back("fclose \"" + pathOf(m, *st) + "\"");
  return finish(m, t, m.intc(0));
}

/// fgets(buf, n, fp): at most n - 1 characters, through the first newline,
/// and a NUL; NULL (buf untouched) at the end of the file.
Outcome runFgets(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Stream st = readStream(m, s, 2, name);
  Expr buf = m.arg(s, 0);
  int64_t n = m.requireConcrete(m.arg(s, 1), "fgets size");
  if (n < 1)
    throw Unsupported("fgets with a size below 1 at " + m.where());
  const std::string& text = contents(m, st);
  size_t pos = size_t(st.f[Pos]);
  if (pos >= text.size()) {
    st.f[Eof] = 1;
    store(m, st);
    return finish(m, t, m.V.nullPointer());
  }
  std::string line;
  while (int64_t(line.size()) < n - 1 && pos < text.size()) {
    line += text[pos++];
    if (line.back() == '\n')
      break;
  }
  if (pos >= text.size() && line.back() != '\n' && int64_t(line.size()) < n - 1)
    st.f[Eof] = 1;
  Cursor d(m, buf, "fgets's buffer");
  for (size_t k = 0; k < line.size(); ++k)
    d.write(int64_t(k), m.intc(int64_t((unsigned char)line[k])));
  d.write(int64_t(line.size()), m.intc(0));
  st.f[Pos] = int64_t(pos);
  store(m, st);
  return finish(m, t, buf);
}

Outcome runFgetc(Machine& m, const std::string& name, const model::Transition& t) {
  Stream st = name == "getchar" ? stdinStream(m, name) : readStream(m, t.stmt, 0, name);
  const std::string& text = contents(m, st);
  int64_t c = -1;
  if (size_t(st.f[Pos]) < text.size())
    c = (unsigned char)text[size_t(st.f[Pos]++)];
  else
    st.f[Eof] = 1;
  store(m, st);
  return finish(m, t, m.intc(c));
}

/// ungetc(c, fp) (C11 7.21.7.10): pushing back the character just read --
/// the usual peek, `c = getc(fp); ungetc(c, fp);` -- moves the stream back
/// by one and clears its end-of-file flag (glibc backs up its read pointer
/// the same way, so the next read and ftell see the same); EOF is not pushed
/// back (the call returns EOF). Another character would need a pushback
/// buffer: unknown.
Outcome runUngetc(Machine& m, const std::string& name, const model::Transition& t) {
  Stream st = readStream(m, t.stmt, 1, name);
  m.checkDefined(m.arg(t.stmt, 0));
  int64_t c = m.requireConcrete(m.arg(t.stmt, 0), "ungetc's character");
  if (c == -1)
    return finish(m, t, m.intc(-1));
  const std::string& text = contents(m, st);
  int64_t uc = int64_t((unsigned char)c);
  if (st.f[Pos] <= 0 || size_t(st.f[Pos]) > text.size() ||
      int64_t((unsigned char)text[size_t(st.f[Pos] - 1)]) != uc)
    throw Unsupported(name + " of a character other than the one just read at " + m.where());
  st.f[Pos]--;
  st.f[Eof] = 0;
  store(m, st);
  return finish(m, t, m.intc(uc));
}

/// fscanf/vfscanf, and scanf/vscanf on stdin (the format is argument 0).
Outcome runFscanf(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  const size_t fi = name == "scanf" || name == "vscanf" ? 0 : 1;
  Stream st = fi == 0 ? stdinStream(m, name) : readStream(m, s, 0, name);
  std::vector<VarArg> args = scanArgs(m, s, name, fi);
  const std::string& text = contents(m, st);
  size_t pos = std::min(size_t(st.f[Pos]), text.size()); // (fseek may go past the end)
  bool sawEnd = false;
  int64_t r = scanInput(m, text, pos, m.readString(m.arg(s, fi)), args, name, &sawEnd);
  st.f[Pos] = std::max(st.f[Pos], int64_t(pos));
  if (sawEnd)
    st.f[Eof] = 1;
  store(m, st);
  m.step.effects.push_back(name + ": " + std::to_string(r));
  return finish(m, t, m.intc(r));
}

/// getline(&line, &cap, fp) (POSIX): the next line, through its newline,
/// into *line with a NUL; when *line is NULL or *cap is 0 it is first a new
/// block of 120 bytes from malloc (as glibc, even at the end of the file:
/// the program frees it; not freed, it is a MEMORY_LEAK). The number of
/// characters read, -1 at the end of the file. A line that does not fit
/// *cap is `unknown` (glibc would realloc the buffer).
Outcome runGetline(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Stream st = readStream(m, s, 2, name);
  const model::Type* pt = staticPointee(s.args[0]);
  const model::Type* ct = staticPointee(s.args[1]);
  if (!pt || pt->kind != TypeKind::Pointer || !ct || ct->kind != TypeKind::Int)
    throw Unsupported(name + "'s line or size pointer at " + m.where());
  Place lp = m.placeOfPointer(m.arg(s, 0), pt, m.me);
  Place cp = m.placeOfPointer(m.arg(s, 1), ct, m.me);
  Expr line = m.readPlace(lp);
  m.checkDefined(line);
  auto p = m.V.decodePointer(line);
  int64_t cap = 0;
  if (!(p && p->root.kind == RootKind::Null)) {
    Expr c = m.readPlace(cp);
    m.checkDefined(c);
    cap = m.requireConcrete(c, "getline buffer size");
  }
  if (cap == 0) { // glibc's first buffer
    cap = 120;
    HeapObj o;
    o.bytes = m.intc(cap);
    o.site = m.loc;
    ProcState& ps = m.self();
    ps.heap.push_back(std::move(o));
    line = m.V.makePointer(Root{RootKind::Heap, 0, uint32_t(ps.heap.size() - 1)}, {m.intc(0)});
    m.writePlace(lp, line);
    m.writePlace(cp, m.intc(cap));
  }
  const std::string& text = contents(m, st);
  size_t pos = size_t(st.f[Pos]);
  if (pos >= text.size()) {
    st.f[Eof] = 1;
    store(m, st);
    return finish(m, t, m.intc(-1));
  }
  size_t nl = text.find('\n', pos);
  size_t end = nl == std::string::npos ? text.size() : nl + 1;
  if (nl == std::string::npos)
    st.f[Eof] = 1;
  int64_t len = int64_t(end - pos);
  if (len + 1 > cap)
    throw Unsupported(name + " of a line of " + std::to_string(len) +
                      " characters into a buffer of " + std::to_string(cap) +
                      " bytes (glibc would grow it with realloc) at " + m.where());
  Cursor d(m, line, "getline's buffer");
  for (int64_t k = 0; k < len; ++k)
    d.write(k, m.intc(int64_t((unsigned char)text[pos + size_t(k)])));
  d.write(len, m.intc(0));
  st.f[Pos] = int64_t(end);
  store(m, st);
  return finish(m, t, m.intc(len));
}

/// The value of an object of type t whose bytes are b[0..t->size) (x86-64:
/// little-endian integers, IEEE float/double, x87 long double).
Expr fromBytes(Machine& m, const model::Type* t, const unsigned char* b, const std::string& fn) {
  auto unsupported = [&](const std::string& what) -> Expr {
    throw Unsupported(fn + " of " + what + " into '" + t->name + "' at " + m.where());
  };
  if (t->kind == TypeKind::Bool) {
    if (b[0] > 1)
      return unsupported("the byte " + std::to_string(b[0]));
    return m.intc(b[0]);
  }
  if (t->kind == TypeKind::Int && t->size <= 8) {
    sym::Rational u(0), scale(1);
    for (uint64_t k = 0; k < t->size; ++k) {
      u += sym::Rational(int64_t(b[k])) * scale;
      scale *= sym::Rational(256);
    }
    if (t->isSigned && u >= scale / sym::Rational(2))
      u -= scale;
    return m.f.intConst(u);
  }
  if (t->kind == TypeKind::Real) {
    long double v;
    if (t->size == 4) {
      float x;
      std::memcpy(&x, b, 4);
      v = x;
    } else if (t->size == 8) {
      double x;
      std::memcpy(&x, b, 8);
      v = x;
    } else if (t->size == 16) {
      v = 0;
      std::memcpy(&v, b, 10); // x87 extended: 10 bytes, 6 of padding
    } else {
      return unsupported("bytes");
    }
    bool special = !std::isfinite(v) || (v == 0 && std::signbit(v));
    if (special && m.ieee(t)) // (a NaN's payload is not kept: its sign is)
      return m.floatValue(v);
    if (!std::isfinite(v))
      return unsupported("a NaN or an infinity (--float real)");
    if (special)
      return unsupported("a negative zero (--float real)");
    return m.f.realConst(exactReal(v));
  }
  return unsupported("bytes");
}

/// The bytes of value v of type t (concrete integers and reals only).
std::optional<std::string> toBytes(Machine& m, const model::Type* t, Expr v) {
  if (auto h = hostFloat(v);
      h && isSpecialFloat(v) && !std::isnan(*h) && t->kind == TypeKind::Real && t->size <= 16) {
    // an infinity or -0.0 (a NaN's payload, hence its bytes, is not kept)
    std::string out(t->size, '\0');
    if (t->size == 4) {
      float x = float(*h);
      std::memcpy(out.data(), &x, 4);
    } else if (t->size == 8) {
      double x = double(*h);
      std::memcpy(out.data(), &x, 8);
    } else {
      std::memcpy(out.data(), &*h, 10);
    }
    return out;
  }
  if (v->kind() != sym::Kind::NumConst)
    return std::nullopt;
  std::string out(t->size, '\0');
  if (t->kind == TypeKind::Int || t->kind == TypeKind::Bool) {
    sym::Rational r = v->value();
    if (r.sign() < 0) {
      sym::Rational span(1);
      for (uint64_t k = 0; k < t->size; ++k)
        span *= sym::Rational(256);
      r += span;
    }
    for (uint64_t k = 0; k < t->size; ++k) {
      sym::Rational q = r / sym::Rational(256);
      auto lo = (r - sym::Rational(256) * q.floor()).toInt64();
      if (!lo)
        return std::nullopt;
      out[k] = char(*lo);
      r = q.floor();
    }
    return out;
  }
  if (t->kind == TypeKind::Real) {
    if (t->size == 4) {
      float x = float(v->value().toDouble());
      std::memcpy(out.data(), &x, 4);
    } else if (t->size == 8) {
      double x = v->value().toDouble();
      std::memcpy(out.data(), &x, 8);
    } else if (t->size == 16) {
      long double x = v->value().toLongDouble();
      std::memcpy(out.data(), &x, 10);
    } else {
      return std::nullopt;
    }
    return out;
  }
  return std::nullopt;
}

/// size * n of fread/fwrite (size_t arguments): concrete, nullopt past
/// what any object holds.
std::optional<int64_t> byteCount(Machine& m, const model::Stmt& s, const std::string& fn) {
  int64_t size = m.requireConcrete(m.arg(s, 1), (fn + " item size").c_str());
  int64_t n = m.requireConcrete(m.arg(s, 2), (fn + " item count").c_str());
  if (size < 0 || n < 0 || (size > 0 && n > (int64_t(1) << 40) / size))
    return std::nullopt;
  return size * n;
}

/// fread(ptr, size, n, fp): the bytes the stream has left, at most size * n,
/// into ptr's elements; the number of whole items read.
Outcome runFread(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Stream st = readStream(m, s, 3, name);
  auto want = byteCount(m, s, name);
  int64_t size = m.requireConcrete(m.arg(s, 1), (name + " item size").c_str());
  if (size == 0 || want == 0)
    return finish(m, t, m.intc(0)); // nothing is read (C11 7.21.8.1p3)
  const std::string& text = contents(m, st);
  size_t pos = size_t(st.f[Pos]);
  int64_t avail = pos < text.size() ? int64_t(text.size() - pos) : 0;
  int64_t got = want ? std::min(*want, avail) : avail;
  if (!want || got < *want)
    st.f[Eof] = 1;
  if (got > 0) {
    Expr buf = m.arg(s, 0);
    const model::Type* et = bufferElement(m, s, 0, buf, name);
    if (got % int64_t(et->size))
      throw Unsupported(name + " of " + std::to_string(got) + " bytes into '" + et->name +
                        "' elements (a partial element) at " + m.where());
    std::vector<Expr> data;
    const auto* b = reinterpret_cast<const unsigned char*>(text.data() + pos);
    for (int64_t k = 0; k < got; k += int64_t(et->size))
      data.push_back(fromBytes(m, et, b + k, name));
    m.writeElements(buf, data, et);
  }
  st.f[Pos] = int64_t(pos) + got;
  store(m, st);
  m.step.effects.push_back(name + ": " + std::to_string(got) + " bytes");
  return finish(m, t, m.intc(got / size));
}

/// fwrite(ptr, size, n, fp): reads size * n bytes of ptr's elements and
/// writes them (to a file: shown by their count); gives n.
Outcome runFwrite(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  OutStream os = outputStream(m, s, 3, name);
  auto bytes = byteCount(m, s, name);
  if (!bytes)
    throw Unsupported(name + " of more bytes than any object holds at " + m.where());
  if (*bytes == 0)
    return finish(m, t, m.intc(0));
  Expr buf = m.arg(s, 0);
  const model::Type* et = bufferElement(m, s, 0, buf, name);
  if (*bytes % int64_t(et->size))
    throw Unsupported(name + " of " + std::to_string(*bytes) + " bytes of '" + et->name +
                      "' elements (a partial element) at " + m.where());
  std::vector<Expr> data = m.readElements(buf, *bytes / int64_t(et->size), et);
  std::string out;
  for (Expr v : data) {
    m.checkDefined(v);
    if (os.kind == OutStream::File)
      continue;
    auto b = toBytes(m, et, v);
    if (!b)
      throw Unsupported(name + " to " + os.name + " of a symbolic or non-scalar value at " +
                        m.where());
    out += *b;
  }
  if (os.kind == OutStream::File) {
    m.step.effects.push_back("file " + os.name + ": " + std::to_string(*bytes) + " bytes (" + name +
                             ")");
  } else {
    if (os.kind == OutStream::Stdout)
      m.step.output += out;
    m.step.effects.push_back((os.kind == OutStream::Stdout ? "output: " : "stderr: ") + out);
  }
  return finish(m, t, m.arg(s, 2));
}

/// fseek(fp, offset, whence), ftell(fp) on a stream opened for reading.
Outcome runSeek(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::string std;
  auto st = streamArg(m, s, 0, name, std);
  if (!st && std == "stdin")
    st = stdinStream(m, name);
  if (!st)
    throw Unsupported(name + " of " + std + " at " + m.where());
  if (st->f[Mode] != Read)
    throw Unsupported(name + " on a stream opened for writing at " + m.where());
  if (name == "ftell")
    return finish(m, t, m.intc(st->f[Pos]));
  int64_t off = m.requireConcrete(m.arg(s, 1), "fseek offset");
  int64_t whence = m.requireConcrete(m.arg(s, 2), "fseek whence");
  int64_t base = whence == SEEK_SET   ? 0
                 : whence == SEEK_CUR ? st->f[Pos]
                 : whence == SEEK_END ? int64_t(contents(m, *st).size())
                                      : -1;
  int64_t to = 0;
  if (base < 0 || __builtin_add_overflow(base, off, &to) || to < 0) {
    // EINVAL (EOVERFLOW past LONG_MAX): the stream is unchanged
    m.step.effects.push_back(name + ": -1 (invalid position)");
    return finish(m, t, m.intc(-1));
  }
  if (to > (int64_t(1) << 61)) // (stdin keeps 2 * pos + eof)
    throw Unsupported(name + " to a position past 2^61 at " + m.where());
  st->f[Pos] = to;
  st->f[Eof] = 0;
  store(m, *st);
  return finish(m, t, m.intc(0));
}

/// setvbuf(stream, NULL, mode, size), setbuf(stream, NULL): buffering is
/// not modelled (what is written is the same); a buffer of the program's
/// is `unknown` (the stream would use it until closed); a mode that is none
/// of _IOFBF/_IOLBF/_IONBF gives -1 (glibc: EINVAL).
Outcome runSetvbuf(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::string std;
  streamArg(m, s, 0, name, std);
  Expr buf = m.arg(s, 1);
  m.checkDefined(buf);
  auto p = m.V.decodePointer(buf);
  if (!p || p->root.kind != RootKind::Null)
    throw Unsupported(name + " with a buffer of the program's at " + m.where());
  if (name == "setbuf") {
    m.advance(t);
    return Outcome::Done;
  }
  int64_t mode = m.requireConcrete(m.arg(s, 2), "setvbuf mode");
  m.checkDefined(m.arg(s, 3));
  bool ok = mode == _IOFBF || mode == _IOLBF || mode == _IONBF;
  return finish(m, t, m.intc(ok ? 0 : -1));
}

/// feof, ferror (no read error is modelled: 0), rewind, clearerr.
Outcome runFlags(Machine& m, const std::string& name, const model::Transition& t) {
  std::string std;
  auto st = streamArg(m, t.stmt, 0, name, std);
  if (!st && std == "stdin")
    st = stdinStream(m, name);
  if (!st)
    throw Unsupported(name + " of " + std + " at " + m.where());
  int64_t r = 0;
  if (name == "feof") {
    r = st->f[Eof];
  } else if (name == "rewind" || name == "clearerr") {
    if (name == "rewind")
      st->f[Pos] = 0;
    st->f[Eof] = 0;
    store(m, *st);
  }
  return finish(m, t, m.intc(r));
}

} // namespace

OutStream outputStream(Machine& m, const model::Stmt& s, size_t i, const std::string& fn) {
  std::string std;
  auto st = streamArg(m, s, i, fn, std);
  if (!st) {
    if (std == "stdin")
      throw Unsupported(fn + " on stdin at " + m.where());
    return {std == "stderr" ? OutStream::Stderr : OutStream::Stdout, std};
  }
  if (st->f[Mode] == Read)
    throw Unsupported(fn + " on a stream opened for reading at " + m.where());
  return {OutStream::File, pathOf(m, *st)};
}

void registerFiles(LibraryRegistry& r) {
  r.add("fopen", {runFopen});
  r.add("fclose", {runFclose});
  r.add("fgets", {runFgets});
  r.add({"fgetc", "getc", "getchar"}, {runFgetc});
  r.add("ungetc", {runUngetc});
  r.add({"fscanf", "vfscanf", "scanf", "vscanf"}, {runFscanf});
  r.add("fread", {runFread});
  r.add("getline", {runGetline});
  r.add("fwrite", {runFwrite});
  r.add({"fseek", "ftell"}, {runSeek});
  r.add({"setvbuf", "setbuf"}, {runSetvbuf});
  r.add({"feof", "ferror", "rewind", "clearerr"}, {runFlags});
}

} // namespace chorus::exec
