// compile_commands.json (the Clang tooling convention, `chorus verify -p
// build/`): the C files of a build with the flags that matter to the
// preprocessor and the language (-D, -U, -I, -isystem, -include, -std=),
// relative paths made absolute from each entry's "directory". Read with
// LLVM's JSON parser; every error names the file with line and column.
#include "chorus/front/CompileCommands.h"

#include <llvm/Support/Error.h>
#include <llvm/Support/JSON.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <cstdio>
#include <set>

namespace chorus::front {

namespace {

/// Line and column (1-based) of byte offset `off` of `text`.
SourcePos posAt(const std::string& file, const std::string& text, size_t off) {
  SourcePos p{file, 1, 1};
  for (size_t i = 0; i < off && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.col = 1;
    } else {
      ++p.col;
    }
  }
  return p;
}

/// Byte offsets of the elements of the top-level array (where each starts).
std::vector<size_t> elementStarts(const std::string& text) {
  std::vector<size_t> out;
  int depth = 0;
  bool str = false, want = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (str) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        str = false;
      continue;
    }
    if (want && !isspace(static_cast<unsigned char>(c))) {
      out.push_back(i);
      want = false;
    }
    if (c == '"')
      str = true;
    else if (c == '[' || c == '{') {
      if (++depth == 1 && c == '[')
        want = true;
    } else if (c == ']' || c == '}')
      --depth;
    else if (c == ',' && depth == 1)
      want = true;
  }
  return out;
}

/// A shell-like split of a "command" string (quotes and backslashes).
std::vector<std::string> splitCommand(const std::string& cmd) {
  std::vector<std::string> out;
  std::string cur;
  bool have = false;
  char quote = 0;
  for (size_t i = 0; i < cmd.size(); ++i) {
    char c = cmd[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      else if (c == '\\' && quote == '"' && i + 1 < cmd.size())
        cur += cmd[++i];
      else
        cur += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      have = true;
    } else if (c == '\\' && i + 1 < cmd.size()) {
      cur += cmd[++i];
      have = true;
    } else if (isspace(static_cast<unsigned char>(c))) {
      if (have)
        out.push_back(cur);
      cur.clear();
      have = false;
    } else {
      cur += c;
      have = true;
    }
  }
  if (have)
    out.push_back(cur);
  return out;
}

std::string absolute(const std::string& dir, const std::string& p) {
  if (p.empty() || llvm::sys::path::is_absolute(p))
    return p;
  llvm::SmallString<256> r(dir);
  llvm::sys::path::append(r, p);
  llvm::sys::path::remove_dots(r, true);
  return std::string(r);
}

/// The flags of a compiler command line that chorus's front end uses.
std::vector<std::string> keptFlags(const std::vector<std::string>& argv, const std::string& dir) {
  std::vector<std::string> out;
  static const std::set<std::string> withPath = {"-I", "-isystem", "-include", "-iquote"};
  for (size_t i = 1; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if ((a == "-D" || a == "-U") && i + 1 < argv.size()) {
      out.push_back(a + argv[++i]);
    } else if (withPath.count(a) && i + 1 < argv.size()) {
      out.push_back(a);
      out.push_back(absolute(dir, argv[++i]));
    } else if (a.rfind("-D", 0) == 0 || a.rfind("-U", 0) == 0 || a.rfind("-std=", 0) == 0) {
      out.push_back(a);
    } else if (a.rfind("-I", 0) == 0) {
      out.push_back("-I" + absolute(dir, a.substr(2)));
    } else if (a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ" || a == "-x") {
      ++i; // the option's value
    }
  }
  return out;
}

} // namespace

bool readCompileCommands(const std::string& where, const std::vector<std::string>& only,
                         std::vector<SourceFile>& out, DiagnosticSink& diags) {
  std::string path = where;
  if (llvm::sys::path::filename(path) != "compile_commands.json") {
    llvm::SmallString<256> p(where);
    llvm::sys::path::append(p, "compile_commands.json");
    path = std::string(p);
  }
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) {
    diags.error({}, "cannot read the compilation database '" + path +
                        "': " + buf.getError().message());
    return false;
  }
  std::string text = (*buf)->getBuffer().str();
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(text);
  if (!v) {
    std::string msg = llvm::toString(v.takeError());
    // "[LINE:COL, byte=N]: message"
    unsigned line = 0, col = 0;
    int used = 0;
    if (std::sscanf(msg.c_str(), "[%u:%u, byte=%*u]: %n", &line, &col, &used) == 2 && used > 0)
      diags.error({path, line, col}, "invalid JSON: " + msg.substr(size_t(used)));
    else
      diags.error({path, 1, 1}, "invalid JSON: " + msg);
    return false;
  }
  const llvm::json::Array* entries = v->getAsArray();
  if (!entries) {
    diags.error(posAt(path, text, text.find_first_not_of(" \t\r\n")),
                "a compilation database is an array of entries");
    return false;
  }
  std::vector<size_t> starts = elementStarts(text);
  auto at = [&](size_t k) {
    return posAt(path, text, k < starts.size() ? starts[k] : 0);
  };
  std::set<std::string> wanted(only.begin(), only.end()), found;
  for (size_t k = 0; k < entries->size(); ++k) {
    const llvm::json::Object* e = (*entries)[k].getAsObject();
    if (!e) {
      diags.error(at(k), "an entry of a compilation database is an object");
      return false;
    }
    std::optional<llvm::StringRef> dir = e->getString("directory");
    std::optional<llvm::StringRef> file = e->getString("file");
    if (!dir || !file) {
      diags.error(at(k), std::string("the entry has no \"") + (dir ? "file" : "directory") +
                             "\" string");
      return false;
    }
    std::vector<std::string> argv;
    if (const llvm::json::Array* args = e->getArray("arguments")) {
      for (const llvm::json::Value& a : *args) {
        std::optional<llvm::StringRef> s = a.getAsString();
        if (!s) {
          diags.error(at(k), "\"arguments\" must hold strings");
          return false;
        }
        argv.push_back(s->str());
      }
    } else if (std::optional<llvm::StringRef> cmd = e->getString("command")) {
      argv = splitCommand(cmd->str());
    } else {
      diags.error(at(k), "the entry has neither \"arguments\" nor \"command\"");
      return false;
    }
    std::string f = absolute(dir->str(), file->str());
    if (!llvm::StringRef(f).endswith(".c"))
      continue; // chorus verifies C
    if (!wanted.empty() && !wanted.count(f))
      continue;
    if (!found.insert(f).second)
      continue; // the same file built twice: once is the program
    out.push_back(SourceFile{f, keptFlags(argv, dir->str())});
  }
  for (const std::string& w : only)
    if (!found.count(w)) {
      diags.error({}, "'" + w + "' has no entry in the compilation database '" + path + "'");
      return false;
    }
  if (out.empty()) {
    diags.error({path, 1, 1}, "the compilation database has no C file");
    return false;
  }
  return true;
}

} // namespace chorus::front
