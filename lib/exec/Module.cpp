// The list of semantic modules (Module.h).
#include "Module.h"

namespace chorus::exec {

const std::vector<Module>& modules() {
  static const std::vector<Module> all = {
#define CHORUS_EXEC_MODULE(fn) fn(),
#include "Modules.def"
#undef CHORUS_EXEC_MODULE
  };
  return all;
}

} // namespace chorus::exec
