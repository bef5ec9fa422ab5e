#include "chorus/model/Program.h"

namespace chorus::model {

const Expr* Program::expr(Expr e) {
  exprs_.push_back(std::move(e));
  return &exprs_.back();
}

VarId Program::addVar(Variable v) {
  v.id = static_cast<VarId>(vars.size());
  if (v.isGlobalStorage())
    globals.push_back(v.id);
  vars.push_back(std::move(v));
  return vars.back().id;
}

FuncId Program::addFunc(Function f) {
  f.id = static_cast<FuncId>(funcs.size());
  funcByName_[f.name] = f.id;
  funcs.push_back(std::move(f));
  return funcs.back().id;
}

void Program::renameFunc(FuncId f, std::string name) {
  funcs.at(f).name = std::move(name);
  funcByName_.clear();
  for (const Function& fn : funcs)
    funcByName_[fn.name] = fn.id;
}

StringId Program::addString(std::string s) {
  strings.push_back(std::move(s));
  return static_cast<StringId>(strings.size() - 1);
}

uint32_t Program::fileIndex(const std::string& path) {
  auto it = fileByName_.find(path);
  if (it != fileByName_.end())
    return it->second;
  files.push_back(path);
  return fileByName_[path] = static_cast<uint32_t>(files.size() - 1);
}

const Function* Program::findFunc(const std::string& name) const {
  auto it = funcByName_.find(name);
  return it == funcByName_.end() ? nullptr : &funcs[it->second];
}

Function* Program::findFunc(const std::string& name) {
  auto it = funcByName_.find(name);
  return it == funcByName_.end() ? nullptr : &funcs[it->second];
}

VarId Program::findGlobal(const std::string& name) const {
  for (VarId g : globals)
    if (vars[g].kind == VarKind::Global && vars[g].name == name)
      return g;
  return kNone;
}

std::string Program::where(SrcLoc l) const {
  if (l.file == kNone || l.file >= files.size())
    return "<unknown>";
  return files[l.file] + ":" + std::to_string(l.line) + ":" + std::to_string(l.col);
}

LocId Function::addLoc(SrcLoc where, bool loopHead) {
  Location l;
  l.id = static_cast<LocId>(locs.size());
  l.loc = where;
  l.loopHead = loopHead;
  locs.push_back(std::move(l));
  return locs.back().id;
}

TransId Function::addTrans(Transition t) {
  TransId id = static_cast<TransId>(trans.size());
  locs.at(t.from).out.push_back(id);
  trans.push_back(std::move(t));
  return id;
}

} // namespace chorus::model
