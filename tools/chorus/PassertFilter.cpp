// The static filter of `chorus cc` (runtime/threads/README.md, "Only the
// variables named in live assertions are instrumented"): an LLVM pass
// plugin that clang-16 loads (-fpass-plugin) into the compilation of a
// pthreads unit. At the end of the optimization pipeline it runs
// ThreadSanitizer's instrumentation itself, then removes each inserted
// access call (`__tsan_read4(p)` before a load, ...) whose access cannot
// touch a location of a parallel assertion of the program nor, a write,
// the memory a location is computed from, and takes the sanitize_thread
// attribute off every function (so that clang's own ThreadSanitizer pass,
// which runs after this one, leaves them alone).
//
// What the program watches is read from the IR: after each BEGIN the
// rewriting (InstrumentPassert.cpp) puts a call, never run,
// `chorus_rt_pa_probe(site, &loc, loc, ...)` that names every location's
// address and value in the region's frame. The *watch* of a unit is a list
// of words: `g=NAME` a location lies in the global NAME, `c=NAME` a
// location's address is computed from the global NAME, `t=TYPE` a location
// is accessed as TYPE (the TBAA type name clang gives it: int, long, any
// pointer, ...; `t=*` an aggregate, or no type known), `s=TYPE` memory read
// to compute a location's address is of TYPE, `*` anything. The filter
// keeps an access when:
//  - it is in a block (a `locate` block's reads are recorded at BEGIN);
//  - its address may be in a global of a `g=` word (or, a write, `c=`);
//  - it may be reached through a pointer -- its address is not provably
//    in a global whose address is never taken (one of internal linkage
//    that no instruction of the unit lets escape) or in a local that only
//    chorus's own calls see (the block literal, the region's scope) -- and
//    its TBAA type is `omnipotent char`, or it has none (-O0,
//    -fno-strict-aliasing, a memcpy turned into a load), or a `t=` word
//    (a write: or `s=`) names its type or `*` (so that a watched int is
//    written through an int* or char* of any unit, a function reached
//    through a pointer included, but not through a long* or a float*: the
//    compiler's own strict aliasing).
// Atomic operations and memcpy/memset/memmove stay instrumented.
//
// The program's watch is the unit's own plus the words of the environment
// variable CHORUS_PA_WATCH (the other units of the `chorus cc` command,
// whose watch the driver collects first: CHORUS_PA_WATCH_OUT=FILE makes
// the plugin append the unit's own watch to FILE and filter nothing); a
// unit that has no assertion and is given no watch keeps every access.
// CHORUS_PA_FILTER=0 keeps every access. The unit records its own watch and
// the one it filtered with in the section `chorus_pa_watch`: the runtime
// checks at start that every unit was filtered knowing every assertion of
// the program and warns naming the unit otherwise (runtime/threads/rt_watch.c).
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Transforms/Instrumentation/ThreadSanitizer.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace llvm;

namespace {

/// The TBAA access type of I ("int", "any pointer", ...), or "" (none).
std::string tbaaType(const Instruction* I) {
  const MDNode* tag = I->getMetadata(LLVMContext::MD_tbaa);
  if (!tag || tag->getNumOperands() < 1)
    return "";
  const MDNode* type = tag;
  if (tag->getNumOperands() >= 3 && isa<MDNode>(tag->getOperand(0)))
    type = dyn_cast<MDNode>(tag->getOperand(1)); // struct-path: (base, access, offset)
  if (!type || type->getNumOperands() < 1)
    return "";
  const auto* name = dyn_cast<MDString>(type->getOperand(0));
  if (!name)
    return "";
  std::string s = name->getString().str();
  for (char& ch : s)
    if (ch == ' ')
      ch = '_';
  return s;
}

struct Watch {
  std::set<std::string> words;
  bool all() const { return words.count("*") > 0; }
  bool has(const std::string& w) const { return words.count(w) > 0; }
  void add(const std::string& w) { words.insert(w); }
  void addText(const char* text) {
    std::istringstream in(text ? text : "");
    for (std::string w; in >> w;)
      words.insert(w);
  }
  std::string text() const {
    std::string out;
    for (const std::string& w : words)
      out += (out.empty() ? "" : " ") + w;
    return out;
  }
};

bool isProbe(const Instruction& I) {
  const auto* call = dyn_cast<CallInst>(&I);
  const Function* f = call ? call->getCalledFunction() : nullptr;
  return f && f->getName() == "chorus_rt_pa_probe";
}

/// A `locate` block (its reads are the runtime's recording of what the
/// locations are computed from): every block of a chorus cc unit.
bool isLocate(const Function& F) {
  return F.getName().contains("_block_invoke");
}

/// Whether F is the invoke function of a block literal that is passed to
/// chorus_rt_pa_begin (`named`: chorus_rt_pa_begin_d) only, the rewriting's
/// `locate`: F's address is only stored into stack literals, each of which
/// goes to that function.
bool isChorusLocate(const Function& F, bool named) {
  if (!isLocate(F) || F.arg_size() != (named ? 4 : 2) || F.use_empty()) // (the literal first)
    return false;
  StringRef begin = named ? "chorus_rt_pa_begin_d" : "chorus_rt_pa_begin";
  for (const User* U : F.users()) {
    const auto* st = dyn_cast<StoreInst>(U);
    if (!st || st->getValueOperand() != &F)
      return false;
    const auto* lit = dyn_cast<AllocaInst>(getUnderlyingObject(st->getPointerOperand()));
    if (!lit)
      return false;
    bool begun = false;
    for (const User* L : lit->users()) {
      const auto* call = dyn_cast<CallInst>(L);
      const Function* f = call ? call->getCalledFunction() : nullptr;
      if (f && f->getName() == begin && call->arg_size() > 1 && call->getArgOperand(1) == lit)
        begun = true;
    }
    if (!begun)
      return false;
  }
  return true;
}

/// The memory an address is computed from: each load among the values it
/// is made of (through pointer arithmetic, casts, selects and phis) adds
/// `s=TYPE` and, when the load reads a global, `c=NAME`.
void computedFrom(const Value* addr, Watch& w) {
  std::vector<const Value*> work = {addr};
  SmallPtrSet<const Value*, 32> seen;
  while (!work.empty() && seen.size() < 256) {
    const Value* v = work.back();
    work.pop_back();
    if (!seen.insert(v).second)
      continue;
    if (const auto* g = dyn_cast<GlobalVariable>(v)) {
      (void)g;
      continue;
    }
    if (const auto* ld = dyn_cast<LoadInst>(v)) {
      std::string t = tbaaType(ld);
      w.add(t.empty() ? "s=*" : "s=" + t);
      SmallVector<const Value*, 4> objs;
      getUnderlyingObjects(ld->getPointerOperand(), objs);
      for (const Value* o : objs)
        if (const auto* g = dyn_cast<GlobalVariable>(o))
          w.add("c=" + g->getName().str());
      work.push_back(ld->getPointerOperand());
      continue;
    }
    if (isa<CallBase>(v)) {
      w.add("s=*"); // not made by the rewriting; unknown
      continue;
    }
    if (const auto* ce = dyn_cast<ConstantExpr>(v)) {
      for (const Use& u : ce->operands())
        work.push_back(u.get());
      continue;
    }
    if (const auto* I = dyn_cast<Instruction>(v); I && !isa<AllocaInst>(I))
      for (const Use& u : I->operands())
        work.push_back(u.get());
  }
}

/// The unit's own watch, from its probes (chorus_rt_pa_probe(site, &loc,
/// loc, ...), in the region's frame).
void ownWatch(Module& M, Watch& w) {
  for (Function& F : M) {
    if (F.isDeclaration())
      continue;
    for (BasicBlock& B : F)
      for (Instruction& I : B) {
        if (!isProbe(I))
          continue;
        auto* call = cast<CallInst>(&I);
        for (unsigned a = 1; a + 1 < call->arg_size(); a += 2) {
          const Value* addr = call->getArgOperand(a);
          SmallVector<const Value*, 4> objs;
          getUnderlyingObjects(addr, objs);
          for (const Value* o : objs)
            if (const auto* g = dyn_cast<GlobalVariable>(o))
              w.add("g=" + g->getName().str());
          // its type: the value's load (a scalar location), else anything
          // (a global location may be reached through a pointer too)
          const auto* ld = dyn_cast<LoadInst>(call->getArgOperand(a + 1));
          std::string t = ld ? tbaaType(ld) : "";
          w.add(t.empty() ? "t=*" : "t=" + t);
          computedFrom(addr, w);
        }
      }
  }
}

/// Whether V's address may be stored, passed or compared: it may then be
/// reached through a pointer. `chorusOnly`: calls to chorus_rt_pa_begin and
/// chorus_rt_pa_end do not count.
bool escapes(const Value* V, bool chorusOnly, SmallPtrSetImpl<const Value*>& seen) {
  if (!seen.insert(V).second)
    return false;
  for (const User* U : V->users()) {
    if (const auto* ld = dyn_cast<LoadInst>(U)) {
      if (ld->getPointerOperand() != V)
        return true;
    } else if (const auto* st = dyn_cast<StoreInst>(U)) {
      if (st->getValueOperand() == V)
        return true;
    } else if (isa<GetElementPtrInst>(U) || isa<BitCastInst>(U)) {
      if (escapes(U, chorusOnly, seen))
        return true;
    } else if (const auto* ce = dyn_cast<ConstantExpr>(U)) {
      if (ce->getOpcode() != Instruction::GetElementPtr && ce->getOpcode() != Instruction::BitCast)
        return true;
      if (escapes(U, chorusOnly, seen))
        return true;
    } else if (const auto* ii = dyn_cast<IntrinsicInst>(U)) {
      if (!ii->isLifetimeStartOrEnd())
        return true;
    } else if (const auto* call = dyn_cast<CallInst>(U)) {
      const Function* f = call->getCalledFunction();
      if (f && f->getName().startswith("__tsan_") && call->arg_size() == 1)
        continue; // the instrumentation of an access (not an atomic one)
      if (!chorusOnly || !f ||
          (f->getName() != "chorus_rt_pa_begin" && f->getName() != "chorus_rt_pa_begin_d" &&
           f->getName() != "chorus_rt_pa_end"))
        return true;
    } else
      return true;
  }
  return false;
}

class Filter : public PassInfoMixin<Filter> {
public:
  static bool isRequired() { return true; }
  PreservedAnalyses run(Module& M, ModuleAnalysisManager&) {
    Watch own, program;
    ownWatch(M, own);
    const char* off = std::getenv("CHORUS_PA_FILTER");
    const char* given = std::getenv("CHORUS_PA_WATCH");
    if (const char* out = std::getenv("CHORUS_PA_WATCH_OUT"); out && *out) {
      if (FILE* f = std::fopen(out, "a")) {
        std::fprintf(f, "%s\n", own.text().c_str());
        std::fclose(f);
      }
      program.add("*");
    } else if ((off && std::strcmp(off, "0") == 0) || (own.words.empty() && !given))
      program.add("*");
    else {
      program = own;
      program.addText(given);
    }
    size_t kept = 0, removed = 0;
    if (!program.all())
      filter(M, program, kept, removed);
    for (Function& F : M)
      F.removeFnAttr(Attribute::SanitizeThread);
    record(M, own, program);
    if (std::getenv("CHORUS_PA_FILTER_STATS"))
      std::fprintf(stderr, "chorus-pa-filter: %s: kept %zu, removed %zu access calls\n",
                   M.getSourceFileName().c_str(), kept, removed);
    return PreservedAnalyses::none();
  }

private:
  /// The section record: "UNIT\x1fOWN\x1fPROGRAM".
  static void record(Module& M, const Watch& own, const Watch& program) {
    // (chorus cc compiles a copy of the unit under its own base name)
    std::string unit = M.getSourceFileName();
    unit =
        unit.substr(unit.find_last_of('/') == std::string::npos ? 0 : unit.find_last_of('/') + 1);
    std::string rec = unit + "\x1f" + own.text() + "\x1f" + program.text();
    Constant* init = ConstantDataArray::getString(M.getContext(), rec, true);
    auto* g = new GlobalVariable(M, init->getType(), true, GlobalValue::PrivateLinkage, init,
                                 "chorus_pa_watch_record");
    g->setSection("chorus_pa_watch");
    g->setAlignment(Align(1));
    appendToUsed(M, {g});
  }

  static bool accessCall(const CallInst* call, bool& write) {
    const Function* f = call->getCalledFunction();
    if (!f || !f->getName().startswith("__tsan_") || call->arg_size() != 1)
      return false;
    StringRef n = f->getName().drop_front(7);
    n.consume_front("unaligned_");
    n.consume_front("volatile_");
    if (n.startswith("read_write"))
      write = true;
    else if (n.startswith("write"))
      write = true;
    else if (n.startswith("read"))
      write = false;
    else
      return false;
    return true;
  }

  void filter(Module& M, const Watch& w, size_t& kept, size_t& removed) {
    std::vector<CallInst*> drop;
    for (Function& F : M) {
      if (F.isDeclaration())
        continue;
      std::function<bool(const CallInst*, bool)> keep = [&](const CallInst* call, bool write) {
        return needed(call, write, w);
      };
      if (isChorusLocate(F, true))
        // a `locate` block that names the memory its addresses are computed
        // from itself (chorus_rt_pa_begin_d): none of its accesses is one
        // of the program, and none needs recording
        keep = [](const CallInst*, bool) { return false; };
      else if (isChorusLocate(F, false))
        // the rewriting's other `locate` block (`^(void** a) { a[k] =
        // &loc; }`), which the runtime calls with its reads recorded as
        // what the locations are computed from: the reads of the block
        // literal (argument 0: the copies it captured, which never change)
        // and the stores to `a` (argument 1: the runtime's own array) are no
        // accesses of the program; every other one stays instrumented
        keep = [&F](const CallInst* call, bool write) {
          return getUnderlyingObject(call->getArgOperand(0)) != F.getArg(write ? 1 : 0) ||
                 !accessOf(call);
        };
      else if (isLocate(F))
        continue; // another block: everything stays
      for (BasicBlock& B : F)
        for (Instruction& I : B) {
          auto* call = dyn_cast<CallInst>(&I);
          bool write = false;
          if (!call || !accessCall(call, write))
            continue;
          if (keep(call, write))
            ++kept;
          else {
            drop.push_back(call);
            ++removed;
          }
        }
    }
    for (CallInst* c : drop)
      c->eraseFromParent();
  }

  /// The load or store just after the access call, on its address.
  static const Instruction* accessOf(const CallInst* call) {
    const Value* p = call->getArgOperand(0);
    const Instruction* I = call->getNextNode();
    for (int k = 0; I && k < 4; ++k, I = I->getNextNode()) {
      if (const auto* ld = dyn_cast<LoadInst>(I); ld && ld->getPointerOperand() == p)
        return I;
      if (const auto* st = dyn_cast<StoreInst>(I); st && st->getPointerOperand() == p)
        return I;
    }
    return nullptr;
  }

  bool needed(const CallInst* call, bool write, const Watch& w) {
    const Instruction* access = accessOf(call);
    if (!access)
      return true;
    SmallVector<const Value*, 4> objs;
    getUnderlyingObjects(call->getArgOperand(0), objs);
    if (objs.empty())
      return true;
    bool viaPointer = false;
    for (const Value* o : objs) {
      if (const auto* g = dyn_cast<GlobalVariable>(o)) {
        std::string n = g->getName().str();
        if (w.has("g=" + n) || (write && w.has("c=" + n)))
          return true;
        SmallPtrSet<const Value*, 8> seen;
        if (!g->hasLocalLinkage() || escapes(g, false, seen))
          viaPointer = true;
      } else if (isa<AllocaInst>(o)) {
        SmallPtrSet<const Value*, 8> seen;
        if (escapes(o, true, seen))
          viaPointer = true;
      } else
        viaPointer = true;
    }
    if (!viaPointer)
      return false;
    std::string t = tbaaType(access);
    if (t.empty() || t == "omnipotent_char" || w.has("t=*") || w.has("t=omnipotent_char"))
      return true;
    if (w.has("t=" + t))
      return true;
    return write && (w.has("s=*") || w.has("s=" + t) || w.has("s=omnipotent_char"));
  }
};

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "chorus-pa-filter", "1", [](PassBuilder& PB) {
            PB.registerOptimizerLastEPCallback([](ModulePassManager& MPM, OptimizationLevel) {
              MPM.addPass(ModuleThreadSanitizerPass());
              MPM.addPass(createModuleToFunctionPassAdaptor(ThreadSanitizerPass()));
              MPM.addPass(Filter());
            });
          }};
}
