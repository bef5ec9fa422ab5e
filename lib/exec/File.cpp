// Models of files: fopen, fclose, the reading functions fgets, fgetc/getc,
// fscanf/vfscanf, feof, ferror, rewind, and the output stream argument of
// the writing functions of Stdio.cpp (fprintf, fputs, fputc, ...).
//
// A file opened for reading ("r", "rb") is read from the disk once, when
// the program opens it during verification: the verdict holds for those
// contents, and a `verified` verdict says so. A file that does not exist
// (or cannot be read) gives NULL, as the real run would; the program must
// check it (a NULL stream used is NULL_DEREFERENCE). A file opened for
// writing ("w", "a", also with "b") succeeds when its directory is writable
// now; nothing is written to the disk: the text written is shown in the
// trace ("file NAME: ..."). Opening for reading a file this run wrote, the
// update modes ("r+", ...), reading stdin and symbolic file names are
// `unknown`; a mode that is none of C's is UNDEFINED_BEHAVIOR (C11
// 7.21.5.3p3).
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
  m.self().heap[s.block].value = record(m, s);
}

const std::string& pathOf(Machine& m, const Stream& s) {
  return m.im.files.at(size_t(s.f[FileId])).first;
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
  if (!st)
    throw Unsupported(fn + " on " + std + " (only files opened with fopen are read) at " +
                      m.where());
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

uint32_t fileId(Machine& m, const std::string& path) {
  auto& files = m.im.files;
  for (size_t k = 0; k < files.size(); ++k)
    if (files[k].first == path)
      return uint32_t(k);
  files.push_back({path, std::nullopt});
  return uint32_t(files.size() - 1);
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
    auto& entry = m.im.files[id];
    if (!entry.second) {
      struct stat sb;
      std::ifstream in(path, std::ios::binary);
      if (::stat(path.c_str(), &sb) == 0 && S_ISDIR(sb.st_mode))
        throw Unsupported("fopen of the directory \"" + path + "\" at " + m.where());
      if (in) {
        std::ostringstream text;
        text << in.rdbuf();
        entry.second = text.str();
      }
    }
    ok = entry.second.has_value();
    if (ok)
      m.ex.noteAssumption("assuming the contents of \"" + path +
                          "\" as read at verification time (" +
                          std::to_string(entry.second->size()) + " bytes)");
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
  Stream st = readStream(m, t.stmt, 0, name);
  const std::string& text = contents(m, st);
  int64_t c = -1;
  if (size_t(st.f[Pos]) < text.size())
    c = (unsigned char)text[size_t(st.f[Pos]++)];
  else
    st.f[Eof] = 1;
  store(m, st);
  return finish(m, t, m.intc(c));
}

Outcome runFscanf(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Stream st = readStream(m, s, 0, name);
  std::vector<VarArg> args = scanArgs(m, s, name);
  size_t pos = size_t(st.f[Pos]);
  bool sawEnd = false;
  int64_t r = scanInput(m, contents(m, st), pos, m.readString(m.arg(s, 1)), args, name, &sawEnd);
  st.f[Pos] = int64_t(pos);
  if (sawEnd)
    st.f[Eof] = 1;
  store(m, st);
  m.step.effects.push_back(name + ": " + std::to_string(r));
  return finish(m, t, m.intc(r));
}

/// feof, ferror (no read error is modelled: 0), rewind, clearerr.
Outcome runFlags(Machine& m, const std::string& name, const model::Transition& t) {
  std::string std;
  auto st = streamArg(m, t.stmt, 0, name, std);
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
  r.add({"fgetc", "getc"}, {runFgetc});
  r.add({"fscanf", "vfscanf"}, {runFscanf});
  r.add({"feof", "ferror", "rewind", "clearerr"}, {runFlags});
}

} // namespace chorus::exec
