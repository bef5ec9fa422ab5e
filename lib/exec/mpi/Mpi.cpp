// The MPI model's base: datatypes, buffer checks, MPI_Init/Finalize and the
// environment queries, communicators, and the dispatcher of MPI_* calls to
// the table filled by the register functions of the MPI source files.
#include "MpiInternal.h"

#include "Module.h"

#include "chorus/model/Printer.h"

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

namespace chorus::exec {

// ================================================================ datatypes

ElemClass datatypeClass(int64_t dt) {
  if ((dt >> 24) != 3)
    return ElemClass::Other;
  int i = int(dt & 0xffffff);
  if (i == 13 || i == 14 || i == 15 || i == 43)
    return ElemClass::Real;
  if ((i >= 1 && i <= 12) || (i >= 16 && i <= 28) || i == 32 || i == kSymbolicIndex)
    return ElemClass::Int;
  return ElemClass::Other;
}

uint64_t datatypeSize(int64_t dt) {
  switch (dt & 0xffffff) {
  case 1:
  case 2:
  case 3:
  case 4:
  case 17: // _Bool
  case 18:
  case 22:
  case 32: // MPI_PACKED: bytes
    return 1;
  case 5:
  case 6:
  case 19:
  case 23:
    return 2;
  case 7:
  case 8:
  case 13:
  case 16: // wchar_t
  case 20:
  case 24:
    return 4;
  default:
    return 8;
  }
}

void checkDatatype(Machine& m, int64_t dt) {
  typeMap(m, dt);
}

const model::Type* ctypeOf(Machine& m, int64_t dt) {
  checkDatatype(m, dt);
  // The C type of each basic datatype (MPI 3.1 table 3.2), so that a heap
  // block first used as an MPI buffer gets elements of the right size.
  struct CType {
    int index;
    TypeKind kind;
    const char* name;
    unsigned bits;
    bool isSigned, isChar;
  };
  static const CType kTypes[] = {
      {1, TypeKind::Int, "char", 8, true, true},
      {2, TypeKind::Int, "signed char", 8, true, true},
      {3, TypeKind::Int, "unsigned char", 8, false, true},
      {4, TypeKind::Int, "unsigned char", 8, false, true},
      {5, TypeKind::Int, "short", 16, true, false},
      {6, TypeKind::Int, "unsigned short", 16, false, false},
      {7, TypeKind::Int, "int", 32, true, false},
      {8, TypeKind::Int, "unsigned int", 32, false, false},
      {9, TypeKind::Int, "long", 64, true, false},
      {10, TypeKind::Int, "unsigned long", 64, false, false},
      {11, TypeKind::Int, "long long", 64, true, false},
      {12, TypeKind::Int, "unsigned long long", 64, false, false},
      {13, TypeKind::Real, "float", 32, true, false},
      {14, TypeKind::Real, "double", 64, true, false},
      {16, TypeKind::Int, "int", 32, true, false},
      {18, TypeKind::Int, "signed char", 8, true, true},
      {19, TypeKind::Int, "short", 16, true, false},
      {20, TypeKind::Int, "int", 32, true, false},
      {21, TypeKind::Int, "long", 64, true, false},
      {22, TypeKind::Int, "unsigned char", 8, false, true},
      {23, TypeKind::Int, "unsigned short", 16, false, false},
      {24, TypeKind::Int, "unsigned int", 32, false, false},
      {25, TypeKind::Int, "unsigned long", 64, false, false},
      {41, TypeKind::Int, "int", 32, true, false},
      {42, TypeKind::Real, "float", 32, true, false},
      {43, TypeKind::Real, "double", 64, true, false},
  };
  if (dt == mpiHandle(3, kSymbolicIndex))
    return m.im.scalarNamed(m.P, TypeKind::Int, model::kSymbolicElement, 64, true, false);
  if ((dt >> 24) == 3)
    for (const CType& c : kTypes)
      if (c.index == int(dt & 0xffffff) && datatypeSize(dt) * 8 == c.bits)
        return m.im.scalarNamed(m.P, c.kind, c.name, c.bits, c.isSigned, c.isChar);
  switch (datatypeClass(dt)) {
  case ElemClass::Int:
    return m.P.types.intType();
  case ElemClass::Real:
    return m.P.types.doubleType();
  default:
    throw Unsupported("MPI datatype " + std::to_string(dt) + " at " + m.where());
  }
}

bool isSpecial(Machine& m, Expr pv, const char* global) {
  auto p = m.V.decodePointer(pv);
  if (!p || p->root.kind != RootKind::Global)
    return false;
  return m.P.var(m.P.globals.at(p->root.b)).name == global;
}

const char* datatypeName(int64_t dt) {
  static const char* names[] = {"MPI_DATATYPE_NULL",
                                "MPI_CHAR",
                                "MPI_SIGNED_CHAR",
                                "MPI_UNSIGNED_CHAR",
                                "MPI_BYTE",
                                "MPI_SHORT",
                                "MPI_UNSIGNED_SHORT",
                                "MPI_INT",
                                "MPI_UNSIGNED",
                                "MPI_LONG",
                                "MPI_UNSIGNED_LONG",
                                "MPI_LONG_LONG",
                                "MPI_UNSIGNED_LONG_LONG",
                                "MPI_FLOAT",
                                "MPI_DOUBLE",
                                "MPI_LONG_DOUBLE",
                                "MPI_WCHAR",
                                "MPI_C_BOOL",
                                "MPI_INT8_T",
                                "MPI_INT16_T",
                                "MPI_INT32_T",
                                "MPI_INT64_T",
                                "MPI_UINT8_T",
                                "MPI_UINT16_T",
                                "MPI_UINT32_T",
                                "MPI_UINT64_T",
                                "MPI_AINT",
                                "MPI_OFFSET",
                                "MPI_COUNT",
                                "MPI_C_COMPLEX",
                                "MPI_C_DOUBLE_COMPLEX",
                                "MPI_C_LONG_DOUBLE_COMPLEX",
                                "MPI_PACKED",
                                "MPI_FLOAT_INT",
                                "MPI_DOUBLE_INT",
                                "MPI_LONG_INT",
                                "MPI_2INT",
                                "MPI_SHORT_INT",
                                "MPI_LONG_DOUBLE_INT",
                                "MPI_LB",
                                "MPI_UB",
                                "MPI_INTEGER",
                                "MPI_REAL",
                                "MPI_DOUBLE_PRECISION",
                                "MPI_LOGICAL",
                                "MPI_CHARACTER",
                                "MPI_COMPLEX",
                                "MPI_DOUBLE_COMPLEX",
                                "MPI_2INTEGER",
                                "MPI_2REAL",
                                "MPI_2DOUBLE_PRECISION"};
  int64_t i = dt & 0xffffff;
  if ((dt >> 24) == 3 && i >= 0 && i <= 50)
    return names[i];
  if (dt == mpiHandle(3, kSymbolicIndex))
    return "the symbolic datatype";
  return "a derived datatype";
}

namespace {

bool unsignedBasic(int64_t b) {
  int64_t i = b & 0xffffff;
  return i == 3 || i == 6 || i == 8 || i == 10 || i == 12 || (i >= 22 && i <= 25);
}

/// The C scalar type of the program with the representation of basic
/// datatype b (class, size, signedness; `_Bool` for MPI_C_BOOL), falling
/// back to int/double when the program names no such type.
const model::Type* cTypeFor(Machine& m, int64_t b) {
  int64_t i = b & 0xffffff;
  if (i == kSymbolicIndex)
    return ctypeOf(m, b);
  for (const model::Type& t : m.P.types.all()) {
    if (t.isEnum || t.name == model::kSymbolicElement)
      continue;
    if (i == 17 ? t.kind == TypeKind::Bool
                : (datatypeClass(b) == ElemClass::Real
                       ? t.kind == TypeKind::Real
                       : t.kind == TypeKind::Int && t.isSigned != unsignedBasic(b)) &&
                      int64_t(t.size) == int64_t(i == 15 ? 16 : datatypeSize(b)))
      return &t;
  }
  return ctypeOf(m, b);
}

} // namespace

bool representsBasic(const model::Type* t, int64_t b) {
  int64_t i = b & 0xffffff;
  if (!t || !t->isArithmetic())
    return false;
  // the symbolic datatype's values are of their own type, which no other
  // datatype describes
  if ((i == kSymbolicIndex) != (t->name == model::kSymbolicElement))
    return false;
  if (i == 17) // MPI_C_BOOL
    return t->kind == TypeKind::Bool;
  if (t->kind == TypeKind::Bool)
    return false;
  if ((datatypeClass(b) == ElemClass::Real) != (t->kind == TypeKind::Real))
    return false;
  if (int64_t(t->size) != (i == 15 ? 16 : int64_t(datatypeSize(b))))
    return false;
  return t->kind == TypeKind::Real || t->isSigned != unsignedBasic(b);
}

void typeMismatch(Machine& m, const model::Type* t, int64_t b) {
  m.fail(ViolationKind::MpiBufferTypeMismatch,
         std::string("buffer of C type '") + (t ? t->name : std::string("?")) + "' used with " +
             datatypeName(b) + ", which describes another C type",
         m.pc());
}

const model::Type* bufferType(Machine& m, Expr pv, int64_t dt, ViolationKind k, int procIdx) {
  if (isByteType(dt)) // untyped: any buffer, read and written as bytes (MpiPack.cpp)
    return nullptr;
  if (!isBasicType(dt)) { // derived and pair types: checked element-wise by readTyped/writeTyped
    checkCommitted(m, dt, procIdx);
    return nullptr;
  }
  ctypeOf(m, dt);    // a supported basic datatype
  bool known = true; // the buffer's C type is known (not given by this call)
  auto p = m.V.decodePointer(pv);
  if (p && p->root.kind == RootKind::Heap) {
    ProcState& ps = m.proc(procIdx < 0 ? m.me : procIdx);
    if (p->root.b < ps.heap.size() && !ps.heap[p->root.b].elem && !ps.heap[p->root.b].freed) {
      m.typeHeap(ps, p->root.b, cTypeFor(m, dt));
      known = false;
    }
  }
  const model::Type* et = m.elementTypeOf(pv, procIdx);
  if (!et || !et->isArithmetic())
    m.fail(k,
           "buffer of type '" + (et ? et->name : std::string("?")) + "' used with " +
               datatypeName(dt),
           m.pc());
  if (known && !representsBasic(et, dt))
    typeMismatch(m, et, dt);
  if (!known && (datatypeClass(dt) == ElemClass::Real) != (et->kind == TypeKind::Real))
    typeMismatch(m, et, dt);
  return et;
}

// ============================================================ type maps

bool isBasicType(int64_t dt) {
  return (dt >> 24) == 3 && datatypeClass(dt) != ElemClass::Other;
}

namespace {

/// Normalized basic type: class and size (MPI_INT and MPI_INT32_T agree).
int64_t basicCode(int64_t b) {
  ElemClass c = datatypeClass(b);
  if (c == ElemClass::Other)
    return 3000 + (b & 0xffffff);
  int64_t i = b & 0xffffff;
  if (i == 4 || i == 32 || i == 17) // MPI_BYTE, MPI_PACKED, MPI_C_BOOL: their own kinds
    return i == 4 ? 1301 : i == 32 ? 1401 : 1501;
  if (i == kSymbolicIndex)
    return kSymbolicCode;
  bool uns = i == 3 || i == 6 || i == 8 || i == 10 || i == 12 || (i >= 22 && i <= 25);
  return (c == ElemClass::Int ? 1000 : 2000) + (uns ? 100 : 0) + int64_t(datatypeSize(b));
}

const char* basicName(int64_t code) {
  switch (code) {
  case 1001:
    return "char";
  case 1002:
    return "short";
  case 1004:
    return "int";
  case 1008:
    return "long";
  case 1101:
    return "unsigned char";
  case 1102:
    return "unsigned short";
  case 1104:
    return "unsigned";
  case 1108:
    return "unsigned long";
  case 2004:
    return "float";
  case 2008:
    return "double";
  case 2016:
    return "long double";
  case 1301:
    return "byte";
  case 1401:
    return "packed";
  case 1501:
    return "_Bool";
  case kSymbolicCode:
    return "the symbolic datatype";
  default:
    return "?";
  }
}

TypeMap basicMap(int64_t b) {
  TypeMap t;
  int64_t sz = int64_t(datatypeSize(b));
  if ((b & 0xffffff) == 15)
    sz = 16; // long double
  t.entries = {{b, 0}};
  t.ub = t.tub = sz;
  return t;
}

int64_t basicBytes(int64_t b) {
  return (b & 0xffffff) == 15 ? 16 : int64_t(datatypeSize(b));
}

/// The pair types of MPI_MAXLOC/MPI_MINLOC as C structs {T value; int index;}.
bool pairMap(int64_t dt, TypeMap& t) {
  int64_t i = dt & 0xffffff;
  int64_t first, second = mpiHandle(3, 7);
  switch (i) {
  case 33:
    first = mpiHandle(3, 13);
    break;
  case 34:
    first = mpiHandle(3, 14);
    break;
  case 35:
    first = mpiHandle(3, 9);
    break;
  case 36:
    first = mpiHandle(3, 7);
    break;
  case 37:
    first = mpiHandle(3, 5);
    break;
  case 38:
    first = mpiHandle(3, 15);
    break;
  case 48:
    first = second = mpiHandle(3, 41);
    break;
  case 49:
    first = second = mpiHandle(3, 42);
    break;
  case 50:
    first = second = mpiHandle(3, 43);
    break;
  default:
    return false;
  }
  int64_t a = basicBytes(first), b = basicBytes(second);
  int64_t off = (a + b - 1) / b * b; // second member aligned to its size
  int64_t al = std::max(a, b);
  t.entries = {{first, 0}, {second, off}};
  t.lb = t.tlb = 0;
  t.tub = off + b;
  t.ub = (off + b + al - 1) / al * al;
  return true;
}

/// A type map's encoding: [flags, lb, ub, true lb, true ub, (basic, disp)...];
/// flags: 1 committed, kTypeFreedBit freed while in use.
constexpr int64_t kTypeFreedBit = 2;

std::vector<int64_t> encodeMap(const TypeMap& t) {
  std::vector<int64_t> v{(t.committed ? 1 : 0) | (t.freed ? kTypeFreedBit : 0), t.lb, t.ub, t.tlb,
                         t.tub};
  for (const TypeEntry& e : t.entries) {
    v.push_back(e.basic);
    v.push_back(e.disp);
  }
  return v;
}

TypeMap decodeMap(const std::vector<int64_t>& v) {
  TypeMap t;
  t.committed = (v[0] & 1) != 0;
  t.freed = (v[0] & kTypeFreedBit) != 0;
  t.lb = v[1], t.ub = v[2], t.tlb = v[3], t.tub = v[4];
  for (size_t i = 5; i + 1 < v.size(); i += 2)
    t.entries.push_back({v[i], v[i + 1]});
  return t;
}

struct SigTable {
  std::map<Signature, int64_t> ids;
  std::vector<Signature> sigs{Signature{}};
};
SigTable& sigTable() {
  static SigTable t;
  return t;
}

} // namespace

namespace {
int gFreedTypesOk = 0;
} // namespace

bool isFreedTypeEntry(const std::vector<int64_t>& objs, size_t off) {
  return objs[off] == 3 && objs[off + 2] > 0 && (objs[off + 3] & kTypeFreedBit) != 0;
}

bool isCreatedType(int64_t dt) {
  int64_t i = dt & 0xffffff;
  return (dt >> 24) == 3 && i >= 0x1000 && i < kSigBase;
}

FreedTypesOk::FreedTypesOk() {
  ++gFreedTypesOk;
}
FreedTypesOk::~FreedTypesOk() {
  --gFreedTypesOk;
}

TypeMap typeMap(Machine& m, int64_t dt, int proc) {
  if (proc < 0)
    proc = m.me;
  TypeMap t;
  if (isBasicType(dt))
    return basicMap(dt);
  if ((dt >> 24) == 3 && pairMap(dt, t))
    return t;
  int64_t i = dt & 0xffffff;
  if (isCreatedType(dt)) {
    MpiExt x = loadExt(m, proc);
    int64_t off = findObj(x.objs, 3, dt);
    if (off >= 0) {
      t = decodeMap(objPayload(x.objs, off));
      if (!t.freed || gFreedTypesOk > 0)
        return t;
    }
    m.fail(ViolationKind::MpiInvalidDatatype,
           "datatype handle " + std::to_string(dt) + " never created or already freed", m.pc());
  }
  if ((dt >> 24) == 3 && i != 0 && i <= 50)
    throw Unsupported("MPI datatype " + std::to_string(dt) + " at " + m.where());
  m.fail(ViolationKind::MpiInvalidDatatype,
         dt == mpiHandle(3, 0) ? std::string("MPI_DATATYPE_NULL used as a datatype")
                               : "invalid datatype handle: " + handleText(dt),
         m.pc());
}

std::string handleText(int64_t h) {
  static const char* const kinds[] = {"",       "communicator", "group",      "datatype",
                                      "op",     "request",      "errhandler", "info",
                                      "window", "file",         "message"};
  if (h == 0)
    return "NULL (no handle)";
  int64_t k = h >> 24;
  if (k >= 1 && k <= 10)
    return std::string(k == 4 ? "an " : "a ") + kinds[k] + " handle (" + std::to_string(h) + ")";
  return std::to_string(h) + " (no handle)";
}

void checkInfo(Machine& m, Expr info) {
  m.checkDefined(info);
  int64_t v = m.requireConcrete(info, "info");
  if (v != mpiHandle(7, 0) && v != mpiHandle(7, 1))
    m.fail(ViolationKind::MpiInvalidArgument,
           "invalid info handle: " + handleText(v) +
               " (info objects other than MPI_INFO_NULL and MPI_INFO_ENV are not modelled)",
           m.pc());
}

int64_t typeSize(Machine& m, int64_t dt, int proc) {
  int64_t s = 0;
  for (const TypeEntry& e : typeMap(m, dt, proc).entries)
    s += basicBytes(e.basic);
  return s;
}

bool SymLayout::gapless() const {
  for (size_t k = 0; k < disp.size(); ++k)
    if (disp[k] != int64_t(k))
      return false;
  return ext == int64_t(disp.size());
}

bool SymLayout::increasing() const {
  for (size_t k = 1; k < disp.size(); ++k)
    if (disp[k] <= disp[k - 1])
      return false;
  return true;
}

std::optional<SymLayout> symLayout(Machine& m, int64_t dt, int proc) {
  SymLayout l;
  if ((dt >> 24) != 3 || (dt & 0xffffff) == kSymbolicIndex || dt == mpiHandle(3, 32))
    return std::nullopt; // (the symbolic datatype, MPI_PACKED)
  if (isBasicType(dt)) {
    l.basic = dt;
    l.disp = {0};
    return l;
  }
  TypeMap t = typeMap(m, dt, proc);
  if (t.entries.empty() || t.lb != 0)
    return std::nullopt;
  l.basic = t.entries[0].basic;
  int64_t sz = int64_t(datatypeSize(l.basic));
  if (!isBasicType(l.basic) || l.basic == mpiHandle(3, 32) || sz <= 0 || t.extent() <= 0 ||
      t.extent() % sz)
    return std::nullopt;
  l.ext = t.extent() / sz;
  for (const TypeEntry& e : t.entries) {
    if (e.basic != l.basic || e.disp < 0 || e.disp % sz || e.disp / sz >= l.ext)
      return std::nullopt;
    l.disp.push_back(e.disp / sz);
  }
  return l;
}

int64_t typeExtent(Machine& m, int64_t dt, int proc) {
  return typeMap(m, dt, proc).extent();
}

void checkCommitted(Machine& m, int64_t dt, int proc) {
  if (!typeMap(m, dt, proc).committed)
    m.fail(ViolationKind::MpiInvalidDatatype,
           "derived datatype " + std::to_string(dt) +
               " used in communication before MPI_Type_commit",
           m.pc());
}

Signature signatureOf(Machine& m, int64_t count, int64_t dt, int proc) {
  TypeMap t = typeMap(m, dt, proc);
  Signature one;
  for (const TypeEntry& e : t.entries) {
    int64_t c = basicCode(e.basic);
    if (!one.empty() && one.back().first == c)
      one.back().second++;
    else
      one.push_back({c, 1});
  }
  Signature s;
  if (one.size() == 1) {
    if (count > 0)
      s.push_back({one[0].first, one[0].second * count});
    return s;
  }
  for (int64_t i = 0; i < count; ++i)
    for (auto& r : one)
      if (!s.empty() && s.back().first == r.first)
        s.back().second += r.second;
      else
        s.push_back(r);
  return s;
}

int64_t sigId(const Signature& s) {
  SigTable& t = sigTable();
  auto it = t.ids.find(s);
  if (it != t.ids.end())
    return it->second;
  int64_t id = int64_t(t.sigs.size());
  t.sigs.push_back(s);
  t.ids.emplace(s, id);
  return id;
}

const Signature& sigById(int64_t id) {
  return sigTable().sigs.at(size_t(id));
}

int64_t sigLength(const Signature& s) {
  int64_t n = 0;
  for (auto& r : s)
    n += r.second;
  return n;
}

int64_t sigBytes(const Signature& s) {
  int64_t n = 0;
  for (auto& r : s)
    n += r.second * (r.first % 100);
  return n;
}

std::string sigText(const Signature& s) {
  if (s.empty())
    return "empty";
  std::string out;
  for (size_t i = 0; i < s.size() && i < 6; ++i)
    out += (i ? ", " : "") + std::to_string(s[i].second) + " x " + basicName(s[i].first);
  return s.size() > 6 ? out + ", ..." : out;
}

int64_t messageType(Machine& m, int64_t count, int64_t dt) {
  if (isBasicType(dt))
    return dt;
  TypeMap t = typeMap(m, dt);
  Signature s = signatureOf(m, count, dt);
  if (s.size() == 1)
    return t.entries[0].basic;
  return mpiHandle(3, int(kSigBase + sigId(s)));
}

Signature messageSignature(const state::Message& msg) {
  int64_t i = msg.datatype & 0xffffff;
  if (i >= kSigBase)
    return sigById(i - kSigBase);
  int64_t n = msg.count->kind() == sym::Kind::NumConst ? *msg.count->value().toInt64() : 0;
  if (n <= 0)
    return {};
  return {{basicCode(msg.datatype), n}};
}

Expr messageBytes(Machine& m, const state::Message& msg) {
  if (msg.count->kind() == sym::Kind::NumConst)
    return m.intc(sigBytes(messageSignature(msg)));
  // symbolic count: values of one basic type (MpiP2P.cpp, symbolicMessage)
  return m.f.mul(msg.count, m.intc(int64_t(datatypeSize(msg.datatype))));
}

namespace {

int64_t alignOf(const model::Type* t) {
  switch (t->kind) {
  case TypeKind::Array:
    return alignOf(t->elem);
  case TypeKind::Struct:
  case TypeKind::Union: {
    int64_t a = 1;
    for (const model::Field& f : t->fields)
      a = std::max(a, alignOf(f.type));
    return a;
  }
  default:
    return t->size ? int64_t(t->size) : 1;
  }
}

/// Byte offsets of the members of a struct (x86-64 layout).
std::vector<int64_t> fieldOffsets(Machine& m, const model::Type* t) {
  std::vector<int64_t> offs;
  int64_t off = 0;
  for (const model::Field& f : t->fields) {
    if (t->kind == TypeKind::Union) {
      offs.push_back(0);
      continue;
    }
    int64_t a = alignOf(f.type);
    off = (off + a - 1) / a * a;
    offs.push_back(off);
    off += int64_t(f.type->size);
  }
  int64_t a = alignOf(t);
  if (t->kind == TypeKind::Struct && (off + a - 1) / a * a != int64_t(t->size))
    throw Unsupported("layout of '" + t->name + "' for an MPI datatype at " + m.where());
  return offs;
}

/// The place of the basic element `basic` at byte displacement off from the
/// buffer pointer pv in process proc.
Place locate(Machine& m, Expr pv, int64_t off, int64_t basic, int proc) {
  bool known = true; // the buffer's C type is not given by this call
  auto p = m.V.decodePointer(pv);
  if (!p)
    throw Unsupported("buffer pointer at " + m.where());
  if (p->root.kind == RootKind::Null)
    m.fail(ViolationKind::NullDereference, "null buffer pointer", m.pc());
  ProcState& ps = m.proc(proc);
  if (p->root.kind == RootKind::Heap) {
    if (p->root.b >= ps.heap.size())
      throw Unsupported("dangling heap reference at " + m.where());
    if (ps.heap[p->root.b].freed)
      m.fail(ViolationKind::UseAfterFree, "use of heap memory after free", m.pc());
    if (!ps.heap[p->root.b].elem) {
      m.typeHeap(ps, p->root.b, cTypeFor(m, basic));
      known = false;
    }
  }
  const model::Type* rt = m.rootType(ps, p->root);
  const model::Type* t = rt;
  int64_t total = off;
  for (Expr step : p->path) {
    auto v = m.concreteInt(step);
    if (!v)
      throw Unsupported("buffer at a symbolic position used with a derived datatype at " +
                        m.where());
    if (t->kind == TypeKind::Array) {
      if (!t->elem->size)
        throw Unsupported("buffer of elements of variable size at " + m.where());
      total += *v * int64_t(t->elem->size);
      t = t->elem;
    } else if (t->isRecord()) {
      total += fieldOffsets(m, t).at(size_t(*v));
      t = t->fields.at(size_t(*v)).type;
    } else {
      throw Unsupported("buffer pointer at " + m.where());
    }
  }
  if (total < 0)
    m.fail(ViolationKind::OutOfBounds,
           "datatype displacement " + std::to_string(off) + " before the start of the buffer",
           m.pc());
  int64_t at = total;
  std::vector<Expr> path;
  t = rt;
  for (;;) {
    if (t->kind == TypeKind::Array) {
      int64_t es = int64_t(t->elem->size);
      if (!es)
        throw Unsupported("buffer of elements of variable size at " + m.where());
      path.push_back(m.intc(total / es));
      total %= es;
      t = t->elem;
    } else if (t->kind == TypeKind::Struct) {
      std::vector<int64_t> offs = fieldOffsets(m, t);
      size_t fi = offs.size();
      for (size_t i = 0; i < offs.size(); ++i)
        if (offs[i] <= total && total < offs[i] + int64_t(t->fields[i].type->size))
          fi = i;
      if (fi == offs.size())
        throw Unsupported("datatype byte displacement " + std::to_string(at) +
                          " falls into padding of '" + t->name + "' at " + m.where());
      path.push_back(m.intc(int64_t(fi)));
      total -= offs[fi];
      t = t->fields[fi].type;
    } else {
      break;
    }
  }
  if (total != 0 || !t->isArithmetic())
    throw Unsupported("datatype byte displacement " + std::to_string(at) +
                      " does not land on an element boundary of the buffer ('" + t->name +
                      "') at " + m.where());
  if (!isByteType(basic) && !representsBasic(t, basic) &&
      (known || (datatypeClass(basic) == ElemClass::Real) != (t->kind == TypeKind::Real)))
    typeMismatch(m, t, basic);
  if (int64_t(t->size) != basicBytes(basic))
    throw Unsupported("buffer element of type '" + t->name +
                      "' has another size than the MPI basic type at " + m.where());
  return Place{p->root, path, t, proc};
}

/// Is pv a pointer whose path is concrete (so that byte displacements from
/// it can be located in the object's layout)?
bool concretePath(Machine& m, Expr pv) {
  auto p = m.V.decodePointer(pv);
  if (!p)
    return false;
  for (Expr e : p->path)
    if (!m.concreteInt(e))
      return false;
  return true;
}

/// Basic datatypes go through the layout (like derived ones) when the buffer
/// is displaced by bytes or is a struct; else element-wise through the
/// pointer (which allows symbolic positions).
bool useLayout(Machine& m, Expr pv, int64_t byteOff, int proc) {
  if (!concretePath(m, pv))
    return false;
  if (byteOff != 0)
    return true;
  auto p = m.V.decodePointer(pv);
  if (!p || p->root.kind == RootKind::Null || p->root.kind == RootKind::Heap)
    return false;
  const model::Type* t = m.elementTypeOf(pv, proc);
  return t && t->isRecord();
}

} // namespace

std::vector<Leaf> scalarLeaves(Machine& m, const model::Type* t) {
  std::vector<Leaf> out;
  std::function<void(const model::Type*, int64_t, std::vector<int64_t>&)> walk =
      [&](const model::Type* ty, int64_t off, std::vector<int64_t>& path) {
        if (ty->isArithmetic()) {
          out.push_back(Leaf{off, path, ty});
        } else if (ty->kind == TypeKind::Array && ty->length && ty->elem->size) {
          for (uint64_t i = 0; i < *ty->length; ++i) {
            path.push_back(int64_t(i));
            walk(ty->elem, off + int64_t(i * ty->elem->size), path);
            path.pop_back();
          }
        } else if (ty->kind == TypeKind::Struct) {
          std::vector<int64_t> offs = fieldOffsets(m, ty);
          for (size_t i = 0; i < offs.size(); ++i) {
            path.push_back(int64_t(i));
            walk(ty->fields[i].type, off + offs[i], path);
            path.pop_back();
          }
        } else {
          throw Unsupported("bytes of an object of type '" + ty->name + "' at " + m.where());
        }
      };
  std::vector<int64_t> path;
  walk(t, 0, path);
  return out;
}

std::vector<Expr> readTyped(Machine& m, Expr buf, int64_t byteOff, int64_t count, int64_t dt,
                            ViolationKind k, int proc) {
  if (proc < 0)
    proc = m.me;
  if (isByteType(dt))
    return readBytes(m, buf, byteOff, count, proc);
  if (isBasicType(dt) && !useLayout(m, buf, byteOff, proc)) {
    if (count <= 0)
      return {};
    int64_t sz = int64_t(datatypeSize(dt));
    if (byteOff % sz)
      throw Unsupported("buffer displacement not a multiple of the element size at " + m.where());
    Expr p = byteOff ? m.ptrAddIn(buf, m.intc(byteOff / sz), proc) : buf;
    const model::Type* et = bufferType(m, p, dt, k, proc);
    return m.readElements(p, count, et, proc);
  }
  TypeMap t = typeMap(m, dt, proc);
  checkCommitted(m, dt, proc);
  std::vector<Expr> out;
  for (int64_t i = 0; i < count; ++i)
    for (const TypeEntry& e : t.entries) {
      Place pl = locate(m, buf, byteOff + i * t.extent() + e.disp, e.basic, proc);
      out.push_back(m.readPlace(pl));
    }
  return out;
}

void writeTyped(Machine& m, Expr buf, int64_t byteOff, const std::vector<Expr>& data, int64_t dt,
                ViolationKind k, int proc) {
  if (proc < 0)
    proc = m.me;
  if (data.empty())
    return;
  if (isByteType(dt)) {
    writeBytes(m, buf, byteOff, data, proc);
    return;
  }
  if (isBasicType(dt) && !useLayout(m, buf, byteOff, proc)) {
    int64_t sz = int64_t(datatypeSize(dt));
    if (byteOff % sz)
      throw Unsupported("buffer displacement not a multiple of the element size at " + m.where());
    Expr p = byteOff ? m.ptrAddIn(buf, m.intc(byteOff / sz), proc) : buf;
    const model::Type* et = bufferType(m, p, dt, k, proc);
    m.writeElements(p, data, et, proc);
    return;
  }
  TypeMap t = typeMap(m, dt, proc);
  checkCommitted(m, dt, proc);
  if (t.entries.empty())
    return;
  size_t n = t.entries.size();
  for (size_t j = 0; j < data.size(); ++j) {
    const TypeEntry& e = t.entries[j % n];
    Place pl = locate(m, buf, byteOff + int64_t(j / n) * t.extent() + e.disp, e.basic, proc);
    Expr v = data[j];
    if (pl.type->kind == TypeKind::Real)
      v = m.toReal(v);
    m.writePlace(pl, v);
  }
}

Expr packValues(Machine& m, const std::vector<Expr>& vals) {
  bool same = true;
  for (Expr v : vals)
    same = same && v->type() == vals[0]->type();
  if (same)
    return m.f.arrayLit(m.f.arrayType(vals.empty() ? m.f.intType() : vals[0]->type()), vals);
  std::vector<sym::Type> ts;
  for (Expr v : vals)
    ts.push_back(v->type());
  return m.f.tuple(m.f.tupleType(ts), vals);
}

// ============================================================== environment

void requireInit(Machine& m, const std::string& name) {
  ProcState& ps = m.self();
  if (ps.mpi == state::MpiPhase::Before)
    m.fail(ViolationKind::MpiUsage, name + " called before MPI_Init", m.pc());
  if (ps.mpi == state::MpiPhase::Finalized)
    m.fail(ViolationKind::MpiUsage, name + " called after MPI_Finalize", m.pc());
}

int64_t requireComm(Machine& m, Expr comm) {
  int64_t c = m.requireConcrete(comm, "communicator");
  commGroup(m, c);
  return c;
}

int64_t commSize(Machine& m, Expr comm) {
  return int64_t(commGroup(m, m.requireConcrete(comm, "communicator")).size());
}

Machine::Outcome mpiDone(Machine& m, const model::Transition& t, Expr result) {
  m.setResult(t.stmt, result ? result : m.intc(0), nullptr);
  m.advance(t);
  return Machine::Outcome::Done;
}

namespace {

Machine::Outcome runInit(Machine& m, const std::string& name, const model::Transition& t) {
  ProcState& ps = m.self();
  if (ps.mpi == state::MpiPhase::Initialized)
    m.fail(ViolationKind::MpiUsage, "MPI_Init called twice", m.pc());
  if (ps.mpi == state::MpiPhase::Finalized)
    m.fail(ViolationKind::MpiUsage, "MPI_Init called after MPI_Finalize", m.pc());
  ps.mpi = state::MpiPhase::Initialized;
  mpiInitThreads(m, 0); // MPI_THREAD_SINGLE (MPI 3.1 §12.4.3)
  return mpiDone(m, t);
}

Machine::Outcome runInitialized(Machine& m, const std::string& name, const model::Transition& t) {
  ProcState& ps = m.self();
  bool v = name == "MPI_Initialized" ? ps.mpi != state::MpiPhase::Before
                                     : ps.mpi == state::MpiPhase::Finalized;
  m.writePlace(m.placeOfPointer(m.arg(t.stmt, 0), m.P.types.intType(), m.me), m.intc(v));
  return mpiDone(m, t);
}

Machine::Outcome runFinalize(Machine& m, const std::string& name, const model::Transition& t) {
  if (finalizeDetached(m))
    return Machine::Outcome::Blocked; // freed receives take their messages first
  reapFreedSends(m, true);
  finalizeChecks(m);
  finalizeObjectChecks(m);
  m.self().mpi = state::MpiPhase::Finalized;
  return mpiDone(m, t);
}

void resumeFinalize(Machine& m, const std::string& name, const model::Transition& t,
                    const MachineMaker& fresh, std::vector<Successor>& out) {
  detachedProgress(m, fresh, out);
}

Machine::Outcome runCommRankSize(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t c = m.requireConcrete(m.arg(s, 0), "communicator");
  int64_t n = int64_t(commGroup(m, c).size());
  // a process calling Comm_rank on a communicator it is a member of
  Expr v = m.intc(name == "MPI_Comm_rank" ? procToRank(m, c, m.me) : n);
  m.writePlace(m.placeOfPointer(m.arg(s, 1), m.P.types.intType(), m.me), v);
  m.step.effects.push_back(m.text(s.args[1]) + " <- " + m.show(v));
  return mpiDone(m, t);
}

Machine::Outcome runInitThread(Machine& m, const std::string& name, const model::Transition& t) {
  int64_t req = m.requireConcrete(m.arg(t.stmt, 2), "required thread level");
  if (req < 0 || req > 3)
    m.fail(ViolationKind::MpiUsage, "invalid thread level " + std::to_string(req), m.pc());
  Machine::Outcome o = runInit(m, name, t);
  // the level required is provided (as Open MPI built with thread support
  // does), checked at every call from a thread (MpiThreads.cpp)
  mpiInitThreads(m, req);
  m.writePlace(m.placeOfPointer(m.arg(t.stmt, 3), m.P.types.intType(), m.me), m.intc(req));
  return o;
}

Machine::Outcome runAbort(Machine& m, const std::string& name, const model::Transition& t) {
  m.fail(ViolationKind::Abort, "MPI_Abort called", m.pc());
}

/// Writes `text` and its terminating NUL into the char buffer at argument i
/// (bounds-checked) and its length to *argument i + 1.
void writeName(Machine& m, const model::Stmt& s, size_t i, const std::string& text) {
  Expr buf = m.arg(s, i);
  for (size_t k = 0; k <= text.size(); ++k) {
    Expr p = k == 0 ? buf : m.ptrAdd(buf, m.intc(int64_t(k)));
    m.writePlace(m.placeOfPointer(p, m.P.types.charType(), m.me),
                 m.intc(k < text.size() ? (unsigned char)text[k] : 0));
  }
  m.writePlace(m.placeOfPointer(m.arg(s, i + 1), m.P.types.intType(), m.me),
               m.intc(int64_t(text.size())));
}

/// MPI_Get_processor_name: every process runs on "localhost" (one node, as
/// under mpirun --oversubscribe); MPI_Get_version: 3.1;
/// MPI_Get_library_version: the model's name.
Machine::Outcome runVersion(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  if (name == "MPI_Get_processor_name") {
    writeName(m, s, 0, "localhost");
  } else if (name == "MPI_Get_library_version") {
    writeName(m, s, 0, "chorus MPI model (MPI 3.1)");
  } else {
    m.writePlace(m.placeOfPointer(m.arg(s, 0), m.P.types.intType(), m.me), m.intc(3));
    m.writePlace(m.placeOfPointer(m.arg(s, 1), m.P.types.intType(), m.me), m.intc(1));
  }
  return mpiDone(m, t);
}

} // namespace

void registerMpiEnv(MpiTable& t) {
  t.add("MPI_Init", {runInit, nullptr, false});
  t.add({"MPI_Initialized", "MPI_Finalized"}, {runInitialized, nullptr, false});
  t.add("MPI_Finalize", {runFinalize, resumeFinalize});
  t.add({"MPI_Comm_rank", "MPI_Comm_size"}, {runCommRankSize});
  t.add("MPI_Abort", {runAbort});
  t.add("MPI_Init_thread", {runInitThread, nullptr, false});
  t.add("MPI_Get_processor_name", {runVersion});
  // allowed before MPI_Init and after MPI_Finalize (MPI 3.1 §8.1.1)
  t.add({"MPI_Get_version", "MPI_Get_library_version"}, {runVersion, nullptr, false});
}

// ================================================ datatype constructors

namespace {

Place intPlace(Machine& m, Expr ptr) {
  return m.placeOfPointer(ptr, m.P.types.intType(), m.me);
}

int64_t readIntAt(Machine& m, Expr arr, int64_t i, const char* what) {
  Expr v = m.readPlace(intPlace(m, i == 0 ? arr : m.ptrAdd(arr, m.intc(i))));
  m.checkDefined(v);
  return m.requireConcrete(v, what);
}

int64_t countArg(Machine& m, Expr e, const char* what) {
  int64_t c = m.requireConcrete(e, what);
  if (c < 0)
    m.fail(ViolationKind::MpiInvalidCount, std::string("negative ") + what, m.pc());
  return c;
}

/// One block of a constructor: `len` copies of `old` starting at byte `disp`.
struct Block {
  int64_t disp, len;
  int64_t old;
};

/// Builds the type map of a constructor from its blocks (MPI 3.1 §4.1.2-4.1.7:
/// lb/ub from the blocks' old bounds; create_struct pads the extent to the
/// largest alignment of its basic types, as implementations do).
TypeMap build(Machine& m, const std::vector<Block>& blocks, bool pad) {
  TypeMap r;
  bool any = false, anyElem = false;
  int64_t align = 1;
  for (const Block& b : blocks) {
    TypeMap o = typeMap(m, b.old);
    for (int64_t j = 0; j < b.len; ++j)
      for (const TypeEntry& e : o.entries) {
        int64_t d = b.disp + j * o.extent() + e.disp;
        r.entries.push_back({e.basic, d});
        int64_t sz = typeSize(m, e.basic);
        align = std::max(align, sz);
        r.tlb = anyElem ? std::min(r.tlb, d) : d;
        r.tub = anyElem ? std::max(r.tub, d + sz) : d + sz;
        anyElem = true;
      }
    if (b.len <= 0)
      continue;
    int64_t lo = b.disp + o.lb, hi = b.disp + (b.len - 1) * o.extent() + o.ub;
    r.lb = any ? std::min(r.lb, lo) : lo;
    r.ub = any ? std::max(r.ub, hi) : hi;
    any = true;
  }
  if (pad && any) {
    int64_t ext = r.ub - r.lb;
    r.ub = r.lb + (ext + align - 1) / align * align;
  }
  if (r.entries.size() > 100000)
    throw Unsupported("derived datatype with more than 100000 basic elements at " + m.where());
  r.committed = false;
  return r;
}

/// Stores a new derived datatype and writes its handle to *out.
void newType(Machine& m, const TypeMap& t, Expr out) {
  Place pl = intPlace(m, out);
  MpiExt x = loadExt(m, m.me);
  int64_t h = newLocalHandle(x.objs, 3);
  addObj(x.objs, 3, h, encodeMap(t));
  storeExt(m, m.me, x);
  m.writePlace(pl, m.intc(h));
  m.step.effects.push_back("datatype " + std::to_string(h) + ": " +
                           std::to_string(t.entries.size()) + " elements, extent " +
                           std::to_string(t.extent()));
}

/// verify --contract (ContractDriver::dtUnits): a committed contiguous
/// datatype of k elements of `old` in the moving process's table, as if the
/// caller had made it with MPI_Type_contiguous and MPI_Type_commit; returns
/// its handle.
int64_t contractDatatype(Machine& m, int64_t old, int64_t k) {
  TypeMap r = build(m, {Block{0, k, old}}, false);
  r.committed = true;
  MpiExt x = loadExt(m, m.me);
  int64_t h = newLocalHandle(x.objs, 3);
  addObj(x.objs, 3, h, encodeMap(r));
  storeExt(m, m.me, x);
  return h;
}

/// MPI_Type_create_subarray / MPI_Type_create_darray (MPI 3.1 §4.1.3-4.1.4):
/// the elements of an n-dimensional array of oldtype that the type selects,
/// in the order of the array (C order: the last dimension varies fastest;
/// Fortran order: the first), with lb 0 and the extent of the whole array.
/// darray: the process grid psizes is in row-major order whatever `order`
/// says; each dimension is distributed by blocks (default block size
/// ceil(gsize / psize)), cyclically (default block size 1) or not at all.
Machine::Outcome arrayType(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  bool darray = name == "MPI_Type_create_darray";
  size_t a0 = darray ? 2 : 0; // position of ndims
  auto bad = [&](const std::string& msg) {
    m.fail(ViolationKind::MpiInvalidArgument, name + ": " + msg, m.pc());
  };
  int64_t nprocs = 1, rank = 0;
  if (darray) {
    nprocs = m.requireConcrete(m.arg(s, 0), "size");
    rank = m.requireConcrete(m.arg(s, 1), "rank");
    if (nprocs < 1 || rank < 0 || rank >= nprocs)
      bad("rank " + std::to_string(rank) + " of " + std::to_string(nprocs) + " processes");
  }
  int64_t nd = m.requireConcrete(m.arg(s, a0), "number of dimensions");
  if (nd < 1)
    bad("number of dimensions " + std::to_string(nd));
  auto ints = [&](size_t i, const char* what) {
    std::vector<int64_t> v;
    for (int64_t k = 0; k < nd; ++k)
      v.push_back(readIntAt(m, m.arg(s, i), k, what));
    return v;
  };
  std::vector<int64_t> sizes = ints(a0 + 1, "array size");
  for (int64_t x : sizes)
    if (x < 1)
      bad("array size " + std::to_string(x));
  // per dimension, the selected indices in increasing order
  std::vector<std::vector<int64_t>> sel(static_cast<size_t>(nd));
  size_t orderArg = darray ? 7 : 4;
  if (!darray) {
    std::vector<int64_t> sub = ints(2, "subarray size"), st = ints(3, "start");
    for (size_t d = 0; d < size_t(nd); ++d) {
      if (sub[d] < 1 || sub[d] > sizes[d] || st[d] < 0 || st[d] > sizes[d] - sub[d])
        bad("subarray of size " + std::to_string(sub[d]) + " at " + std::to_string(st[d]) +
            " in a dimension of size " + std::to_string(sizes[d]));
      for (int64_t k = 0; k < sub[d]; ++k)
        sel[d].push_back(st[d] + k);
    }
  } else {
    std::vector<int64_t> dist = ints(4, "distribution"), darg = ints(5, "distribution argument"),
                         ps = ints(6, "process grid size");
    int64_t prod = 1;
    for (int64_t p : ps) {
      if (p < 1)
        bad("process grid size " + std::to_string(p));
      prod *= p;
    }
    if (prod != nprocs)
      bad("a process grid of " + std::to_string(prod) + " processes for " + std::to_string(nprocs));
    std::vector<int64_t> coord(static_cast<size_t>(nd));
    for (int64_t d = nd - 1, r = rank; d >= 0; --d) { // row-major process grid
      coord[size_t(d)] = r % ps[size_t(d)];
      r /= ps[size_t(d)];
    }
    constexpr int64_t kBlock = 0, kCyclic = 1, kNone = 2, kDflt = -49767;
    for (size_t d = 0; d < size_t(nd); ++d) {
      int64_t g = sizes[d], p = ps[d], c = coord[d];
      if (dist[d] == kNone) {
        if (p != 1)
          bad("MPI_DISTRIBUTE_NONE on a dimension with " + std::to_string(p) + " processes");
        for (int64_t k = 0; k < g; ++k)
          sel[d].push_back(k);
      } else if (dist[d] == kBlock) {
        int64_t b = darg[d] == kDflt ? (g + p - 1) / p : darg[d];
        if (b < 1 || b * p < g)
          bad("block size " + std::to_string(b) + " too small for " + std::to_string(g) +
              " elements on " + std::to_string(p) + " processes");
        for (int64_t k = c * b; k < std::min((c + 1) * b, g); ++k)
          sel[d].push_back(k);
      } else if (dist[d] == kCyclic) {
        int64_t b = darg[d] == kDflt ? 1 : darg[d];
        if (b < 1)
          bad("block size " + std::to_string(b));
        for (int64_t start = c * b; start < g; start += p * b)
          for (int64_t k = start; k < std::min(start + b, g); ++k)
            sel[d].push_back(k);
      } else {
        bad("distribution " + std::to_string(dist[d]));
      }
    }
  }
  int64_t order = m.requireConcrete(m.arg(s, orderArg), "order");
  if (order != 0 && order != 1) // MPI_ORDER_C, MPI_ORDER_FORTRAN
    bad("order " + std::to_string(order));
  int64_t old = m.requireConcrete(m.arg(s, orderArg + 1), "datatype");
  int64_t ext = typeExtent(m, old);
  // dimensions from the slowest to the fastest varying
  std::vector<size_t> dims;
  for (size_t d = 0; d < size_t(nd); ++d)
    dims.push_back(order == 0 ? d : size_t(nd) - 1 - d);
  std::vector<int64_t> stride(static_cast<size_t>(nd), 1); // elements per index step
  for (size_t k = dims.size() - 1; k > 0; --k)
    stride[dims[k - 1]] = stride[dims[k]] * sizes[dims[k]];
  int64_t total = 1, count = 1;
  for (size_t d = 0; d < size_t(nd); ++d) {
    total *= sizes[d];
    count *= int64_t(sel[d].size());
  }
  if (count > 100000)
    throw Unsupported(name + " selecting more than 100000 elements at " + m.where());
  std::vector<Block> blocks;
  std::vector<size_t> at(static_cast<size_t>(nd), 0); // odometer over sel
  for (int64_t n = 0; n < count; ++n) {
    int64_t idx = 0;
    for (size_t d = 0; d < size_t(nd); ++d)
      idx += sel[d][at[d]] * stride[d];
    if (!blocks.empty() && blocks.back().disp + blocks.back().len * ext == idx * ext)
      ++blocks.back().len;
    else
      blocks.push_back({idx * ext, 1, old});
    for (size_t k = dims.size(); k-- > 0;) { // advance the fastest dimension first
      if (++at[dims[k]] < sel[dims[k]].size())
        break;
      at[dims[k]] = 0;
    }
  }
  TypeMap r = build(m, blocks, false);
  r.lb = 0;
  r.ub = total * ext;
  newType(m, r, m.arg(s, orderArg + 2));
  return mpiDone(m, t);
}

Machine::Outcome runTypeCtor(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::vector<Block> blocks;
  bool pad = false;
  Expr out;
  if (name == "MPI_Type_contiguous") {
    int64_t n = countArg(m, m.arg(s, 0), "count");
    int64_t old = m.requireConcrete(m.arg(s, 1), "datatype");
    blocks.push_back({0, n, old});
    out = m.arg(s, 2);
  } else if (name == "MPI_Type_vector" || name == "MPI_Type_create_hvector" ||
             name == "MPI_Type_hvector") {
    int64_t n = countArg(m, m.arg(s, 0), "count");
    int64_t bl = countArg(m, m.arg(s, 1), "block length");
    int64_t stride = m.requireConcrete(m.arg(s, 2), "stride");
    int64_t old = m.requireConcrete(m.arg(s, 3), "datatype");
    int64_t unit = name == "MPI_Type_vector" ? typeExtent(m, old) : 1;
    for (int64_t i = 0; i < n; ++i)
      blocks.push_back({i * stride * unit, bl, old});
    if (n == 0)
      typeMap(m, old);
    out = m.arg(s, 4);
  } else if (name == "MPI_Type_indexed" || name == "MPI_Type_create_hindexed" ||
             name == "MPI_Type_hindexed" || name == "MPI_Type_create_indexed_block" ||
             name == "MPI_Type_create_hindexed_block") {
    bool block = name.find("_block") != std::string::npos;
    bool bytes = name.find("hindexed") != std::string::npos;
    int64_t n = countArg(m, m.arg(s, 0), "count");
    int64_t old = m.requireConcrete(m.arg(s, 3), "datatype");
    int64_t unit = bytes ? 1 : typeExtent(m, old);
    int64_t bl = block ? countArg(m, m.arg(s, 1), "block length") : 0;
    for (int64_t i = 0; i < n; ++i) {
      int64_t len = block ? bl : readIntAt(m, m.arg(s, 1), i, "block length");
      if (len < 0)
        m.fail(ViolationKind::MpiInvalidCount, "negative block length", m.pc());
      blocks.push_back({readIntAt(m, m.arg(s, 2), i, "displacement") * unit, len, old});
    }
    out = m.arg(s, 4);
  } else if (name == "MPI_Type_create_struct" || name == "MPI_Type_struct") {
    int64_t n = countArg(m, m.arg(s, 0), "count");
    for (int64_t i = 0; i < n; ++i) {
      int64_t len = readIntAt(m, m.arg(s, 1), i, "block length");
      if (len < 0)
        m.fail(ViolationKind::MpiInvalidCount, "negative block length", m.pc());
      blocks.push_back({readIntAt(m, m.arg(s, 2), i, "displacement"), len,
                        readIntAt(m, m.arg(s, 3), i, "datatype")});
    }
    pad = true;
    out = m.arg(s, 4);
  } else if (name == "MPI_Type_create_resized") {
    int64_t old = m.requireConcrete(m.arg(s, 0), "datatype");
    TypeMap r = typeMap(m, old);
    r.lb = m.requireConcrete(m.arg(s, 1), "lower bound");
    r.ub = r.lb + m.requireConcrete(m.arg(s, 2), "extent");
    r.committed = false;
    newType(m, r, m.arg(s, 3));
    return mpiDone(m, t);
  } else if (name == "MPI_Type_create_subarray" || name == "MPI_Type_create_darray") {
    return arrayType(m, name, t);
  } else { // MPI_Type_dup: same type map; committed if the old one is
    TypeMap r = typeMap(m, m.requireConcrete(m.arg(s, 0), "datatype"));
    newType(m, r, m.arg(s, 1));
    return mpiDone(m, t);
  }
  newType(m, build(m, blocks, pad), out);
  return mpiDone(m, t);
}

Machine::Outcome runTypeCommitFree(Machine& m, const std::string& name,
                                   const model::Transition& t) {
  Expr ptr = m.arg(t.stmt, 0);
  Place pl = intPlace(m, ptr);
  Expr hv = m.readPlace(pl);
  m.checkDefined(hv);
  int64_t h = m.requireConcrete(hv, "datatype");
  typeMap(m, h); // valid
  MpiExt x = loadExt(m, m.me);
  int64_t off = findObj(x.objs, 3, h);
  if (off < 0) {
    if (name == "MPI_Type_commit") // committing a predefined type is allowed
      return mpiDone(m, t);
    m.fail(ViolationKind::MpiInvalidDatatype, "MPI_Type_free of a predefined datatype", m.pc());
  }
  if (name == "MPI_Type_commit") {
    TypeMap r = decodeMap(objPayload(x.objs, off));
    r.committed = true;
    removeObj(x.objs, off);
    addObj(x.objs, 3, h, encodeMap(r));
  } else {
    // a datatype a pending operation uses stays until that completes
    TypeMap r = decodeMap(objPayload(x.objs, off));
    removeObj(x.objs, off);
    r.freed = true;
    addObj(x.objs, 3, h, encodeMap(r));
    m.writePlace(pl, m.intc(mpiHandle(3, 0)));
  }
  storeExt(m, m.me, x);
  if (name == "MPI_Type_free")
    dropFreedTypes(m);
  return mpiDone(m, t);
}

Machine::Outcome runTypeQuery(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t dt = m.requireConcrete(m.arg(s, 0), "datatype");
  TypeMap tm = typeMap(m, dt);
  auto put = [&](size_t i, int64_t v) { m.writePlace(intPlace(m, m.arg(s, i)), m.intc(v)); };
  if (name == "MPI_Type_size" || name == "MPI_Type_size_x")
    put(1, typeSize(m, dt));
  else if (name == "MPI_Type_extent")
    put(1, tm.extent());
  else if (name == "MPI_Type_get_true_extent" || name == "MPI_Type_get_true_extent_x") {
    put(1, tm.tlb);
    put(2, tm.tub - tm.tlb);
  } else {
    put(1, tm.lb);
    put(2, tm.extent());
  }
  return mpiDone(m, t);
}

/// MPI_Get_address / MPI_Address: the address of an object is an unknown
/// base address of its root object, $addr(root), plus the byte offset of the
/// place in the root (x86-64 layout; a symbolic array index gives a symbolic
/// offset). Differences of addresses within one object are thus exact (the
/// displacements of MPI_Type_create_struct), others symbolic. NULL and
/// MPI_BOTTOM have address 0; other addresses lie in 1 .. 2^47-1.
Machine::Outcome runGetAddress(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr pv = m.arg(s, 0);
  if (m.V.isUndef(pv))
    m.fail(ViolationKind::UninitializedRead, name + " of an uninitialized pointer", m.pc());
  auto p = m.V.decodePointer(pv);
  if (!p)
    throw Unsupported(name + " of a symbolic pointer at " + m.where());
  Expr addr = m.intc(0);
  if (p->root.kind != RootKind::Null && !isSpecial(m, pv, "chorus_mpi_bottom_")) {
    if (p->root.kind == RootKind::Function)
      throw Unsupported(name + " of a function at " + m.where());
    Place pl = m.placeOfPointer(pv, nullptr, m.me); // checks the pointer
    const model::Type* t0 = m.rootType(m.self(), pl.root);
    Expr off = m.intc(0);
    const model::Type* ty = t0;
    for (Expr step : pl.path) {
      if (ty->kind == TypeKind::Array) {
        if (!ty->elem->size)
          throw Unsupported(name + " inside elements of variable size at " + m.where());
        off = m.f.add(off, m.f.mul(step, m.intc(int64_t(ty->elem->size))));
        ty = ty->elem;
      } else if (ty->isRecord()) {
        int64_t k = m.requireConcrete(step, "field");
        off = m.f.add(off, m.intc(fieldOffsets(m, ty).at(size_t(k))));
        ty = ty->fields.at(size_t(k)).type;
      } else {
        throw Unsupported(name + ": pointer does not match its object at " + m.where());
      }
    }
    sym::Type argT[1] = {m.V.refType()};
    Expr root[1] = {m.f.refConst(m.V.refType(), state::encodeRoot(pl.root))};
    Expr base = m.f.apply(m.f.symbol("$addr", m.f.functionType(argT, m.f.intType())), root);
    // a user-space address of x86-64 Linux: 0 < base < 2^47 (differences of
    // addresses never overflow an MPI_Aint)
    m.gs.pc = m.f.logicalAnd(
        m.gs.pc, m.f.logicalAnd(m.f.lt(m.intc(0), base), m.f.lt(base, m.intc(int64_t(1) << 47))));
    addr = m.f.add(base, off);
  }
  Expr out = m.arg(s, 1);
  const model::Type* at = staticPointee(s.args[1]);
  m.writePlace(m.placeOfPointer(out, at ? at : m.P.types.intType(), m.me), addr);
  return mpiDone(m, t);
}

/// MPI_Aint_add / MPI_Aint_diff: address arithmetic.
Machine::Outcome runAintOp(Machine& m, const std::string& name, const model::Transition& t) {
  Expr a = m.arg(t.stmt, 0), b = m.arg(t.stmt, 1);
  m.checkDefined(a);
  m.checkDefined(b);
  return mpiDone(m, t, name == "MPI_Aint_add" ? m.f.add(a, b) : m.f.sub(a, b));
}

/// MPI_Get_elements: the number of basic elements received.
Machine::Outcome runGetElements(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t dt = m.requireConcrete(m.arg(s, 1), "datatype");
  Place sp = m.placeOfPointer(m.arg(s, 0), nullptr, m.me);
  sp.path.push_back(m.intc(3));
  Expr bytes = m.readPlace(sp);
  m.checkDefined(bytes);
  int64_t b = m.requireConcrete(bytes, "received bytes");
  Signature one = signatureOf(m, 1, dt);
  int64_t n = 0, left = b;
  // whole elements of dt, then the basic elements of a partial one
  int64_t sz = sigBytes(one);
  if (sz > 0) {
    n = (left / sz) * sigLength(one);
    left %= sz;
    for (auto& r : one)
      for (int64_t j = 0; j < r.second && left >= r.first % 100; ++j, ++n)
        left -= r.first % 100;
  }
  m.writePlace(intPlace(m, m.arg(s, 2)), m.intc(n));
  return mpiDone(m, t);
}

} // namespace

void registerMpiType(MpiTable& t) {
  t.add({"MPI_Type_contiguous", "MPI_Type_vector", "MPI_Type_create_hvector", "MPI_Type_hvector",
         "MPI_Type_indexed", "MPI_Type_create_hindexed", "MPI_Type_hindexed",
         "MPI_Type_create_indexed_block", "MPI_Type_create_hindexed_block",
         "MPI_Type_create_struct", "MPI_Type_struct", "MPI_Type_create_resized", "MPI_Type_dup",
         "MPI_Type_create_subarray", "MPI_Type_create_darray"},
        {runTypeCtor});
  t.add({"MPI_Type_commit", "MPI_Type_free"}, {runTypeCommitFree});
  t.add({"MPI_Type_size", "MPI_Type_size_x", "MPI_Type_get_extent", "MPI_Type_get_extent_x",
         "MPI_Type_get_true_extent", "MPI_Type_get_true_extent_x", "MPI_Type_extent"},
        {runTypeQuery});
  t.add("MPI_Get_elements", {runGetElements});
  t.add({"MPI_Get_address", "MPI_Address"}, {runGetAddress});
  t.add({"MPI_Aint_add", "MPI_Aint_diff"}, {runAintOp, nullptr, false});
}

// ================================================================= dispatch

void MpiTable::add(const std::string& name, MpiFunction fn) {
  if (!byName_.emplace(name, fn).second)
    throw std::logic_error("MPI function '" + name + "' registered twice");
}

void MpiTable::add(std::initializer_list<const char*> names, MpiFunction fn) {
  for (const char* n : names)
    add(n, fn);
}

const MpiFunction* MpiTable::find(const std::string& name) const {
  auto it = byName_.find(name);
  return it == byName_.end() ? nullptr : &it->second;
}

namespace {

const MpiTable& mpiFunctions() {
  static const MpiTable table = [] {
    MpiTable t;
    registerMpiEnv(t);
    registerMpiP2P(t);
    registerMpiColl(t);
    registerMpiReq(t);
    registerMpiComm(t);
    registerMpiType(t);
    registerMpiTopo(t);
    registerMpiPack(t);
    registerMpiThreads(t);
    return t;
  }();
  return table;
}

/// MPI_INVALID_ARGUMENT for NULL where MPI requires a status, flag or
/// request pointer (only MPI_STATUS_IGNORE / MPI_STATUSES_IGNORE may stand
/// for a status). The parameters are found by their names in the model
/// header (status, array_of_statuses, flag, request, array_of_requests); an
/// array may be NULL when the call's count is 0.
void checkPointerArgs(Machine& m, const std::string& name, const model::Stmt& s) {
  const model::Function* fn = m.P.findFunc(name);
  if (!fn || !fn->type)
    return;
  const std::vector<std::string>& names = fn->paramNames;
  int64_t count = -1; // the call's count, when it has one and it is concrete
  for (size_t i = 0; i < names.size() && i < s.args.size(); ++i)
    if (names[i] == "count" || names[i] == "incount")
      if (auto c = m.concreteInt(m.arg(s, i)))
        count = *c;
  for (size_t i = 0; i < names.size() && i < s.args.size(); ++i) {
    const std::string& pn = names[i];
    bool array = pn == "array_of_statuses" || pn == "array_of_requests";
    if (!array && pn != "status" && pn != "flag" && pn != "request")
      continue;
    const model::Type* pt = i < fn->type->params.size() ? fn->type->params[i] : nullptr;
    if (!pt || (pt->kind != TypeKind::Pointer && pt->kind != TypeKind::Array))
      continue;
    if (array && count == 0)
      continue;
    Expr v = m.arg(s, i);
    auto p = m.V.decodePointer(v);
    if (!p || p->root.kind != RootKind::Null)
      continue;
    std::string what = pn == "flag"      ? "flag"
                       : pn == "request" ? "request"
                       : array ? (pn == "array_of_statuses" ? "status array" : "request array")
                               : "status";
    m.fail(ViolationKind::MpiInvalidArgument,
           name + " with NULL as its " + what + " argument" +
               (pn == "status"              ? " (MPI_STATUS_IGNORE ignores the status)"
                : pn == "array_of_statuses" ? " (MPI_STATUSES_IGNORE ignores the statuses)"
                                            : ""),
           m.pc());
  }
}

Machine::Outcome runMpi(Machine& m, const std::string& name, const model::Transition& t) {
  const MpiFunction* fn = mpiFunctions().find(name);
  if (!fn || fn->requiresInit)
    requireInit(m, name);
  if (!fn)
    throw Unsupported("MPI function '" + name + "' is not modelled (called at " + m.where() + ")");
  if (m.self().callPhase == 0) {
    mpiThreadCall(m, name, t);
    checkPointerArgs(m, name, t.stmt);
  }
  return fn->run(m, name, t);
}

void resumeMpi(Machine& blocked, const std::string& name, const model::Transition& t,
               const MachineMaker& fresh, std::vector<Successor>& out) {
  const MpiFunction* fn = mpiFunctions().find(name);
  if (!fn || !fn->resume)
    throw Unsupported("blocked call of '" + name + "' cannot be resumed at " + blocked.where());
  fn->resume(blocked, name, t, fresh, out);
}

} // namespace

// ================================================================== module

namespace {

void registerMpi(LibraryRegistry& r) {
  r.addPrefix("MPI_", {runMpi, resumeMpi});
}

void mpiAccess(Machine& m, const Place& pl, bool write) {
  if (!m.view(pl.proc).mpiObj.empty()) // (a read copies nothing)
    checkAccess(m, pl, write);         // MpiReq.cpp: pending nonblocking buffers
}

void mpiTerminate(Machine& m) {
  if (m.ex.options().contract)
    return; // the contract driver (seed 002 §2.2) starts and ends inside MPI
  if (m.self().mpi == state::MpiPhase::Initialized)
    m.fail(ViolationKind::MpiUsage, "process terminated without calling MPI_Finalize", m.pc());
}

} // namespace

Module mpiModule() {
  return Module{.name = "mpi",
                .registerFunctions = registerMpi,
                .onAccess = mpiAccess,
                .onTerminate = mpiTerminate,
                .onFinish = settleSync,
                .blockedMoves = syncProgressMoves,
                .plainAccesses = noRequests,
                .onContractReturn = contractReturnChecks,
                .contractComms = contractComms,
                .commOrigin = commOrigin,
                .commMembers = commMembers,
                .contractDatatype = contractDatatype};
}

} // namespace chorus::exec
