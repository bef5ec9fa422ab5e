// The registry of library-function models (Library.h).
#include "Library.h"
#include "Module.h"

#include <stdexcept>

namespace chorus::exec {

void LibraryRegistry::add(const std::string& name, LibraryFunction fn) {
  if (!byName_.emplace(name, fn).second)
    throw std::logic_error("library function '" + name + "' registered twice");
}

void LibraryRegistry::add(std::initializer_list<const char*> names, LibraryFunction fn) {
  for (const char* n : names)
    add(n, fn);
}

void LibraryRegistry::addPrefix(const std::string& prefix, LibraryFunction fn) {
  byPrefix_.emplace_back(prefix, fn);
}

const LibraryFunction* LibraryRegistry::find(const std::string& name) const {
  auto it = byName_.find(name);
  if (it != byName_.end())
    return &it->second;
  for (const auto& [prefix, fn] : byPrefix_)
    if (name.rfind(prefix, 0) == 0)
      return &fn;
  return nullptr;
}

const LibraryRegistry& libraries() {
  static const LibraryRegistry registry = [] {
    LibraryRegistry r;
#define CHORUS_LIBRARY_MODULE(fn) fn(r);
#include "LibraryModules.def"
#undef CHORUS_LIBRARY_MODULE
    for (const Module& mod : modules())
      if (mod.registerFunctions)
        mod.registerFunctions(r);
    return r;
  }();
  return registry;
}

} // namespace chorus::exec
