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
#include "llvm/Analysis/CFG.h"
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
  /// Whether a word says what an assertion watches (not only `e=`).
  bool watches() const {
    for (const std::string& w : words)
      if (w.compare(0, 2, "e=") != 0)
        return true;
    return false;
  }
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

bool escapes(const Value* V, bool chorusOnly, SmallPtrSetImpl<const Value*>& seen);

/// The unit's own watch, from its probes (chorus_rt_pa_probe(site, &loc,
/// loc, ...), in the region's frame), and `e=NAME` for each global of
/// external linkage whose address the unit lets escape.
void ownWatch(Module& M, Watch& w) {
  for (const GlobalVariable& g : M.globals()) {
    SmallPtrSet<const Value*, 8> seen;
    if (!g.hasLocalLinkage() && g.hasName() && escapes(&g, false, seen))
      w.add("e=" + g.getName().str());
  }
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

/// Whether the local V's address goes only into literals of `locate`
/// blocks passed to chorus_rt_pa_begin_d (an index variable the block
/// names by pointer, as `slot` in `stack_items[slot]`): no other thread
/// sees it, and its writes move only this thread's locations. `begins`:
/// the calls to chorus_rt_pa_begin_d whose blocks hold its address, and a
/// null one when its address goes where no such call is seen (unoptimized:
/// a pointer variable the literal copies).
bool onlyLocated(const AllocaInst* V, SmallVectorImpl<const CallInst*>* begins = nullptr) {
  bool located = false;
  for (const User* U : V->users()) {
    if (const auto* ld = dyn_cast<LoadInst>(U); ld && ld->getPointerOperand() == V)
      continue;
    if (const auto* ii = dyn_cast<IntrinsicInst>(U); ii && ii->isLifetimeStartOrEnd())
      continue;
    if (const auto* call = dyn_cast<CallInst>(U)) {
      const Function* f = call->getCalledFunction();
      if (f && f->getName().startswith("__tsan_") && call->arg_size() == 1)
        continue;
      return false;
    }
    const auto* st = dyn_cast<StoreInst>(U);
    if (!st)
      return false;
    if (st->getValueOperand() != V)
      continue; // a store to V
    const auto* lit = dyn_cast<AllocaInst>(getUnderlyingObject(st->getPointerOperand()));
    if (!lit)
      return false;
    auto instrumentation = [](const User* X) { // an access call on the literal
      const auto* call = dyn_cast<CallInst>(X);
      const Function* f = call ? call->getCalledFunction() : nullptr;
      return f && f->getName().startswith("__tsan_") && call->arg_size() == 1;
    };
    size_t before = begins ? begins->size() : 0;
    for (const User* L : lit->users()) {
      if (instrumentation(L))
        continue;
      if (const auto* call = dyn_cast<CallInst>(L)) {
        const Function* f = call->getCalledFunction();
        if (const auto* ii = dyn_cast<IntrinsicInst>(call); ii && ii->isLifetimeStartOrEnd())
          continue;
        if (!f || f->getName() != "chorus_rt_pa_begin_d" || call->arg_size() < 2 ||
            call->getArgOperand(1) != lit)
          return false;
        for (unsigned a = 0; a < call->arg_size(); ++a)
          if (a != 1 && call->getArgOperand(a) == lit)
            return false;
        if (begins)
          begins->push_back(call);
        continue;
      }
      if (const auto* gep = dyn_cast<GetElementPtrInst>(L)) {
        for (const User* G : gep->users())
          if (!(isa<StoreInst>(G) && cast<StoreInst>(G)->getPointerOperand() == gep) &&
              !isa<LoadInst>(G) && !instrumentation(G))
            return false;
        continue;
      }
      if (const auto* s2 = dyn_cast<StoreInst>(L); s2 && s2->getPointerOperand() == lit)
        continue;
      if (isa<LoadInst>(L))
        continue;
      return false;
    }
    if (begins && begins->size() == before)
      begins->push_back(nullptr);
    located = true;
  }
  return located;
}

class Filter : public PassInfoMixin<Filter> {
  /// The unit is compiled with every other unit of the program (chorus cc's
  /// CHORUS_PA_WHOLE): the `e=` words of the watch are all there are.
  bool whole = false;

public:
  static bool isRequired() { return true; }
  PreservedAnalyses run(Module& M, ModuleAnalysisManager&) {
    Watch own, program;
    ownWatch(M, own);
    const char* off = std::getenv("CHORUS_PA_FILTER");
    whole = std::getenv("CHORUS_PA_WHOLE") != nullptr;
    const char* given = std::getenv("CHORUS_PA_WATCH");
    if (const char* out = std::getenv("CHORUS_PA_WATCH_OUT"); out && *out) {
      if (FILE* f = std::fopen(out, "a")) {
        std::fprintf(f, "%s\n", own.text().c_str());
        std::fclose(f);
      }
      program.add("*");
    } else if ((off && std::strcmp(off, "0") == 0) || (!own.watches() && !given))
      program.add("*");
    else {
      program = own;
      program.addText(given);
    }
    size_t kept = 0, removed = 0, merged = 0, ticks = 0;
    Watch known = program;
    if (!program.all())
      filter(M, program, known, kept, removed, ticks);
    mergeReadWrite(M, merged);
    for (Function& F : M)
      F.removeFnAttr(Attribute::SanitizeThread);
    record(M, own, known);
    if (std::getenv("CHORUS_PA_FILTER_STATS"))
      std::fprintf(stderr,
                   "chorus-pa-filter: %s: kept %zu, removed %zu access calls, made %zu ticks "
                   "and %zu read-write pairs one call\n",
                   M.getSourceFileName().c_str(), kept, removed, ticks, merged);
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

  /// What an access call becomes: removed, kept, or a tick (an access that
  /// is no event and touches no memory a location is computed from, but
  /// which the asserting thread's locations are re-computed at, as at any
  /// instrumented access: `__chorus_rt_tick_r()`, `_w()`, runtime/threads).
  enum Need { Drop, Keep, Tick, DepTick };

  /// Removes the access calls that need not stay and makes ticks; `known`
  /// gets `a=NAME` for each global of external linkage assumed not reached
  /// through a pointer (no unit the filter knows lets its address escape).
  void filter(Module& M, const Watch& w, Watch& known, size_t& kept, size_t& removed,
              size_t& ticks) {
    std::vector<CallInst*> drop;
    std::vector<std::pair<CallInst*, bool>> tick;
    std::vector<CallInst*> deptick;
    for (Function& F : M) {
      if (F.isDeclaration())
        continue;
      std::function<Need(const CallInst*, bool)> keep = [&](const CallInst* call, bool write) {
        return needed(call, write, w, known);
      };
      if (isChorusLocate(F, true))
        // a `locate` block that names the memory its addresses are computed
        // from itself (chorus_rt_pa_begin_d): none of its accesses is one
        // of the program, and none needs recording
        keep = [](const CallInst*, bool) { return Drop; };
      else if (isChorusLocate(F, false))
        // the rewriting's other `locate` block (`^(void** a) { a[k] =
        // &loc; }`), which the runtime calls with its reads recorded as
        // what the locations are computed from: the reads of the block
        // literal (argument 0: the copies it captured, which never change)
        // and the stores to `a` (argument 1: the runtime's own array) are no
        // accesses of the program; every other one stays instrumented
        keep = [&F](const CallInst* call, bool write) {
          return getUnderlyingObject(call->getArgOperand(0)) != F.getArg(write ? 1 : 0) ||
                         !accessOf(call)
                     ? Keep
                     : Drop;
        };
      else if (isLocate(F))
        continue; // another block: everything stays
      for (BasicBlock& B : F)
        for (Instruction& I : B) {
          auto* call = dyn_cast<CallInst>(&I);
          bool write = false;
          if (!call || !accessCall(call, write))
            continue;
          Need need = keep(call, write);
          if (need == Keep)
            ++kept;
          else if (need == Tick)
            tick.emplace_back(call, write);
          else if (need == DepTick)
            deptick.push_back(call);
          else {
            drop.push_back(call);
            ++removed;
          }
        }
    }
    for (CallInst* c : drop)
      c->eraseFromParent();
    // the rewriting's arrays of sizes (`(const unsigned long[]){...}`, a
    // local only chorus's calls see) copied from the compiler's constant:
    // no access of the program
    for (Function& F : M)
      for (BasicBlock& B : F)
        for (Instruction& I : B) {
          auto* call = dyn_cast<CallInst>(&I);
          const Function* f = call ? call->getCalledFunction() : nullptr;
          if (!f || f->getName() != "__tsan_memcpy" || call->arg_size() != 3)
            continue;
          const auto* dst = dyn_cast<AllocaInst>(call->getArgOperand(0));
          const auto* src = dyn_cast<GlobalVariable>(getUnderlyingObject(call->getArgOperand(1)));
          if (!dst || !src || !src->isConstant() || !src->hasPrivateLinkage())
            continue;
          bool chorusOnly = true; // its users: this copy, BEGIN (the sizes or kinds), lifetimes
          for (const User* U : dst->users()) {
            const auto* c = dyn_cast<CallInst>(U);
            const Function* g = c ? c->getCalledFunction() : nullptr;
            if (const auto* ii = dyn_cast_or_null<IntrinsicInst>(c);
                ii && ii->isLifetimeStartOrEnd())
              continue;
            bool begin = g && (g->getName() == "chorus_rt_pa_begin_d" ||
                               g->getName() == "chorus_rt_pa_begin");
            if (c == call || (begin && c->getArgOperand(0) != dst && c->getArgOperand(1) != dst))
              continue;
            chorusOnly = false;
          }
          if (!chorusOnly)
            continue;
          call->setCalledFunction(M.getOrInsertFunction("memcpy", f->getFunctionType()));
          ++removed;
        }
    for (auto& [c, write] : tick) {
      Type* size = Type::getInt64Ty(M.getContext());
      FunctionCallee f = M.getOrInsertFunction(write ? "__chorus_rt_tick_w" : "__chorus_rt_tick_r",
                                               Type::getVoidTy(M.getContext()),
                                               c->getArgOperand(0)->getType(), size);
      CallInst* t =
          CallInst::Create(f, {c->getArgOperand(0), ConstantInt::get(size, accessSize(c))}, "", c);
      t->setDebugLoc(c->getDebugLoc());
      c->eraseFromParent();
      ++ticks;
    }
    for (CallInst* c : deptick) {
      FunctionCallee f =
          M.getOrInsertFunction("__chorus_rt_moved", Type::getVoidTy(M.getContext()));
      CallInst* t = CallInst::Create(f, "", c);
      t->setDebugLoc(c->getDebugLoc());
      c->eraseFromParent();
      ++ticks;
    }
  }

  /// The bytes an access call of one argument names (`__tsan_read4`,
  /// `__tsan_unaligned_volatile_write8`, ...: the number its name ends
  /// with), or 0.
  static unsigned accessSize(const CallInst* call) {
    const Function* f = call->getCalledFunction();
    StringRef n = f ? f->getName() : "";
    size_t digits = n.size();
    while (digits > 0 && n[digits - 1] >= '0' && n[digits - 1] <= '9')
      --digits;
    unsigned size = 0;
    if (n.drop_front(digits).getAsInteger(10, size))
      return 0;
    return size;
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

  /// The N of `__tsan_readN` (read) or `__tsan_writeN`, else 0.
  static unsigned plainSize(const CallInst* call, bool write) {
    const Function* f = call->getCalledFunction();
    if (!f || call->arg_size() != 1)
      return 0;
    StringRef n = f->getName();
    if (!n.consume_front(write ? "__tsan_write" : "__tsan_read"))
      return 0;
    unsigned size = 0;
    if (n.getAsInteger(10, size) ||
        (size != 1 && size != 2 && size != 4 && size != 8 && size != 16))
      return 0;
    return size;
  }

  /// A read's access call followed, before any other call, by the write's
  /// of the same address and size (`x = x + 1`: between them only the load
  /// and what computes the value) becomes one call of
  /// `__tsan_read_writeN` at the read's place: the run time takes the read
  /// and then the write there, a few instructions before the store (as an
  /// access's event is taken just before the access).
  static void mergeReadWrite(Module& M, size_t& merged) {
    std::vector<std::pair<CallInst*, CallInst*>> pairs;
    for (Function& F : M)
      for (BasicBlock& B : F)
        for (Instruction& I : B) {
          auto* rd = dyn_cast<CallInst>(&I);
          unsigned size = rd ? plainSize(rd, false) : 0;
          if (!size)
            continue;
          for (Instruction* J = rd->getNextNode(); J; J = J->getNextNode()) {
            if (isa<DbgInfoIntrinsic>(J))
              continue;
            if (const auto* ii = dyn_cast<IntrinsicInst>(J); ii && ii->isLifetimeStartOrEnd())
              continue;
            if (isa<CallBase>(J) || J->isAtomic() || isa<FenceInst>(J)) {
              auto* wr = dyn_cast<CallInst>(J);
              if (wr && plainSize(wr, true) == size && wr->getArgOperand(0) == rd->getArgOperand(0))
                pairs.emplace_back(rd, wr);
              break;
            }
          }
        }
    for (auto& [rd, wr] : pairs) {
      FunctionCallee rw = M.getOrInsertFunction(
          ("__tsan_read_write" + std::to_string(plainSize(rd, false))).c_str(),
          rd->getFunctionType());
      rd->setCalledFunction(rw);
      wr->eraseFromParent();
      ++merged;
    }
  }

  Need needed(const CallInst* call, bool write, const Watch& w, Watch& known) {
    const Instruction* access = accessOf(call);
    if (!access)
      return Keep;
    SmallVector<const Value*, 4> objs;
    getUnderlyingObjects(call->getArgOperand(0), objs);
    if (objs.empty())
      return Keep;
    bool viaPointer = false, located = false;
    std::vector<std::string> assumed;
    for (const Value* o : objs) {
      if (const auto* g = dyn_cast<GlobalVariable>(o)) {
        std::string n = g->getName().str();
        if (w.has("g=" + n) || (write && w.has("c=" + n)))
          return Keep;
        SmallPtrSet<const Value*, 8> seen;
        // a global of external linkage: another unit may take its address
        // (its `e=` word: the units of one command that compiles the whole
        // program know each other's; the assumption is recorded, `a=`, and
        // checked at start against the records of libraries chorus cc
        // compiled, runtime/threads/rt_watch.c)
        if (escapes(g, false, seen) ||
            (!g->hasLocalLinkage() && (!whole || !g->hasName() || w.has("e=" + n))))
          viaPointer = true;
        else if (!g->hasLocalLinkage())
          assumed.push_back("a=" + n);
      } else if (isa<AllocaInst>(o)) {
        SmallPtrSet<const Value*, 8> seen;
        SmallVector<const CallInst*, 2> begins;
        if (onlyLocated(cast<AllocaInst>(o), &begins)) {
          // a write that no BEGIN holding its address can reach (`int slot
          // = 0;` before the region, in no loop with it) moves no live
          // location: nothing to do
          bool afterBegin = false;
          for (const CallInst* b : begins)
            afterBegin = afterBegin || !b || isPotentiallyReachable(b, access);
          located = located || afterBegin;
        } else if (escapes(o, true, seen))
          viaPointer = true;
      } else
        viaPointer = true;
    }
    if (!viaPointer && located && write)
      return DepTick; // this thread's locations move: __chorus_rt_moved()
    if (!viaPointer && assumed.empty())
      return Drop;
    // reached through a pointer: kept when its type may be a watched one
    std::string t = tbaaType(access);
    bool typed = t.empty() || t == "omnipotent_char" || w.has("t=*") ||
                 w.has("t=omnipotent_char") || w.has("t=" + t) ||
                 (write && (w.has("s=*") || w.has("s=" + t) || w.has("s=omnipotent_char")));
    if (viaPointer || !typed || !accessSize(call))
      return typed ? Keep : Drop;
    // only another unit could reach it through a pointer (it would have
    // kept it): a tick
    for (const std::string& a : assumed)
      known.add(a);
    return Tick;
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
