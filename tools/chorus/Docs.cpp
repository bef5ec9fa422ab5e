// The documentation the driver prints (Docs.h): sections of the Markdown
// files in docs/, embedded at build time, printed for a terminal (the
// heading as a title, code blocks indented, backquotes dropped).
#include "Docs.h"

#include "chorus/check/Violation.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <sstream>

namespace chorus::driver {

extern const char* const kDoccommands; // docs/commands.md
extern const char* const kDockinds;    // docs/kinds.md

namespace {

/// The lines of `doc` under the heading line `heading`, up to the next
/// heading of the same level; empty when there is none.
std::vector<std::string> section(const char* doc, const std::string& heading) {
  std::istringstream in(doc);
  std::vector<std::string> out;
  bool inside = false, code = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0)
      code = !code;
    if (!code && line.rfind("## ", 0) == 0) {
      if (inside)
        break;
      inside = line == heading;
      continue;
    }
    if (inside)
      out.push_back(line);
  }
  while (!out.empty() && out.back().empty())
    out.pop_back();
  while (!out.empty() && out.front().empty())
    out.erase(out.begin());
  return out;
}

void print(const std::string& title, const std::vector<std::string>& lines) {
  std::cout << title << "\n\n";
  bool code = false;
  for (const std::string& l : lines) {
    if (l.rfind("```", 0) == 0) {
      code = !code;
      continue;
    }
    if (code) {
      std::cout << "    " << l << "\n";
      continue;
    }
    std::string t;
    for (char c : l)
      if (c != '`')
        t += c;
    std::cout << t << "\n";
  }
}

std::vector<std::string> allKinds() {
  std::vector<std::string> out;
  for (int i = 0; std::string(check::kindName(check::ViolationKind(i))) != "?"; ++i)
    out.push_back(check::kindName(check::ViolationKind(i)));
  return out;
}

/// The first sentence of a kind's section.
std::string summary(const std::vector<std::string>& lines) {
  std::string para;
  for (const std::string& l : lines) {
    if (l.empty()) {
      if (!para.empty())
        break;
      continue;
    }
    para += (para.empty() ? "" : " ") + l;
  }
  size_t end = para.find(". ");
  while (end != std::string::npos && end + 2 < para.size() &&
         !std::isupper(static_cast<unsigned char>(para[end + 2])))
    end = para.find(". ", end + 1);
  std::string s = end == std::string::npos ? para : para.substr(0, end + 1);
  s.erase(std::remove(s.begin(), s.end(), '`'), s.end());
  return s;
}

} // namespace

bool printCommandHelp(const std::string& command) {
  std::vector<std::string> lines = section(kDoccommands, "## chorus " + command);
  if (lines.empty())
    return false;
  print("chorus " + command, lines);
  return true;
}

int explainCommand(const std::vector<std::string>& args) {
  std::vector<std::string> kinds = allKinds();
  if (args.empty()) {
    std::cout << "verdict kinds (chorus explain KIND for what one means, its rule and an "
                 "example):\n\n";
    for (const std::string& k : kinds) {
      std::vector<std::string> s = section(kDockinds, "## " + k);
      std::cout << "  " << k << "\n      " << (s.empty() ? "(not documented)" : summary(s)) << "\n";
    }
    return 0;
  }
  if (args[0] == "--list") {
    for (const std::string& k : kinds)
      std::cout << k << "\n";
    return 0;
  }
  if (args.size() > 1) {
    std::cerr << "chorus: error: explain takes one verdict kind\n(run 'chorus explain' for "
                 "the list)\n";
    return 3;
  }
  std::string want = args[0];
  for (char& c : want)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  if (std::find(kinds.begin(), kinds.end(), want) == kinds.end()) {
    std::cerr << "chorus: error: unknown verdict kind '" << args[0] << "'";
    std::string near;
    for (const std::string& k : kinds)
      if (k.find(want) != std::string::npos ||
          (want.size() > 3 && want.find(k) != std::string::npos))
        near += (near.empty() ? "" : ", ") + k;
    if (!near.empty())
      std::cerr << " (did you mean " << near << "?)";
    std::cerr << "\n(run 'chorus explain' for the list)\n";
    return 3;
  }
  std::vector<std::string> s = section(kDockinds, "## " + want);
  if (s.empty()) {
    std::cout << want << ": not documented yet\n";
    return 2;
  }
  print(want, s);
  return 0;
}

} // namespace chorus::driver
