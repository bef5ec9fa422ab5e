// Placeholder replaced by the Clang lowering.
#include "chorus/front/Frontend.h"

namespace chorus::front {
std::unique_ptr<model::Program> loadProgram(const std::string& file, const FrontendOptions&,
                                            DiagnosticSink& diags) {
  diags.error({file, 0, 0}, "the C front end is not built in this version");
  return nullptr;
}
std::string modelHeaderDir() { return CHORUS_HEADER_DIR; }
} // namespace chorus::front
