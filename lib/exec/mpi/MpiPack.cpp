// Untyped data: MPI_BYTE and MPI_PACKED buffers, MPI_Pack, MPI_Unpack,
// MPI_Pack_size (MPI 3.1 §3.3.1, §4.2).
//
// Values become bytes through a codec: a concrete integer is its two's
// complement, little endian (x86-64); a concrete real its IEEE 754 bytes
// when the value is exactly a double (float for 4-byte types); any other
// value v of a type of n bytes is the bytes $bytes_<kind><n>(v, 0..n-1), an
// uninterpreted function, so that decoding recognizes them (the n bytes of
// one value, in order, of the same kind: the value again). Bytes that are
// not the bytes of one value of the wanted type give `unknown` when decoded
// (a reinterpretation the model cannot follow), never a guessed value.
//
// A buffer of MPI_BYTE or MPI_PACKED is read and written as bytes: a buffer
// of one-byte elements (char, signed/unsigned char, _Bool) directly (bytes
// are 0..255, stored as the element's C type), a buffer of larger scalar
// elements through the codec, whole elements only (else `unknown`).
// MPI_Pack appends the bytes of incount x datatype to outbuf at *position
// (MPI_INVALID_COUNT when they do not fit in outsize), MPI_Unpack decodes
// them into outcount x datatype; a packed message may be received with any
// datatype whose signature its content has, and any message received as
// MPI_PACKED (convertPacked, called by the receive).
#include "MpiInternal.h"

#include <cmath>
#include <cstring>

namespace chorus::exec {

namespace {

/// A basic value's representation: integer or real, bytes, signedness.
struct Repr {
  bool real = false;
  int64_t size = 1;
  bool isSigned = true;
};

/// The representation of a normalized basic type code (Mpi.cpp basicCode).
Repr reprOfCode(int64_t code) {
  if (code >= 1300 && code < 2000) // byte, packed, _Bool: one unsigned byte
    return Repr{false, 1, false};
  return Repr{code / 1000 == 2, code % 100, (code / 100) % 10 == 0};
}

Repr reprOfType(const model::Type* t) {
  return Repr{t->kind == TypeKind::Real, int64_t(t->size),
              t->kind == TypeKind::Real || (t->kind == TypeKind::Int && t->isSigned)};
}

std::string codecName(const Repr& r) {
  return std::string("$bytes_") + (r.real ? "r" : r.isSigned ? "s" : "u") + std::to_string(r.size);
}

Expr byteFn(Machine& m, const Repr& r) {
  sym::Type args[2] = {r.real ? m.f.realType() : m.f.intType(), m.f.intType()};
  return m.f.symbol(codecName(r), m.f.functionType(args, m.f.intType()));
}

sym::Rational pow2(int64_t e) {
  sym::Rational r(1), two(2);
  for (int64_t i = 0; i < (e < 0 ? -e : e); ++i)
    r *= two;
  return e < 0 ? sym::Rational(1) / r : r;
}

/// The exact rational value of a finite double.
sym::Rational fromDouble(double d) {
  int e = 0;
  double mant = std::frexp(d, &e); // d = mant * 2^e, 0.5 <= |mant| < 1
  auto n = int64_t(std::ldexp(mant, 53));
  return sym::Rational(n) * pow2(e - 53);
}

std::vector<Expr> encode(Machine& m, Expr v, const Repr& r) {
  std::vector<Expr> out;
  if (v->type()->isBool())
    v = m.boolToInt(v);
  if (v->kind() == sym::Kind::NumConst && !r.real) {
    sym::Rational u = v->value();
    sym::Rational span = pow2(8 * r.size);
    if (u < sym::Rational(0))
      u += span;
    for (int64_t k = 0; k < r.size; ++k) {
      sym::Rational q = (u / sym::Rational(256)).floor();
      out.push_back(m.f.intConst(u - q * sym::Rational(256)));
      u = q;
    }
    return out;
  }
  if (v->kind() == sym::Kind::NumConst && r.real && (r.size == 8 || r.size == 4)) {
    double d = v->value().toDouble();
    bool exact = std::isfinite(d) && fromDouble(d) == v->value();
    if (exact && r.size == 4)
      exact = double(float(d)) == d;
    if (exact) {
      unsigned char bytes[8];
      if (r.size == 8) {
        std::memcpy(bytes, &d, 8);
      } else {
        float f = float(d);
        std::memcpy(bytes, &f, 4);
      }
      for (int64_t k = 0; k < r.size; ++k)
        out.push_back(m.intc(bytes[k]));
      return out;
    }
  }
  Expr fn = byteFn(m, r);
  Expr val = r.real ? m.toReal(v) : v;
  for (int64_t k = 0; k < r.size; ++k) {
    Expr args[2] = {val, m.intc(k)};
    out.push_back(m.f.apply(fn, args));
  }
  return out;
}

/// The value whose bytes are b (b.size() == r.size), or null.
Expr decode(Machine& m, const std::vector<Expr>& b, const Repr& r) {
  bool concrete = true;
  for (Expr x : b)
    concrete = concrete && x->kind() == sym::Kind::NumConst;
  if (concrete) {
    if (!r.real) {
      sym::Rational u(0);
      for (size_t k = b.size(); k-- > 0;)
        u = u * sym::Rational(256) + b[k]->value();
      if (r.isSigned && u >= pow2(8 * r.size - 1))
        u -= pow2(8 * r.size);
      return m.f.intConst(u);
    }
    if (r.size != 8 && r.size != 4)
      return nullptr;
    unsigned char bytes[8];
    for (size_t k = 0; k < b.size(); ++k)
      bytes[k] = (unsigned char)*b[k]->value().toInt64();
    double d;
    if (r.size == 8) {
      std::memcpy(&d, bytes, 8);
    } else {
      float f;
      std::memcpy(&f, bytes, 4);
      d = f;
    }
    if (!std::isfinite(d))
      return nullptr;
    return m.f.realConst(fromDouble(d));
  }
  Expr fn = byteFn(m, r), v = nullptr;
  for (size_t k = 0; k < b.size(); ++k) {
    if (b[k]->kind() != sym::Kind::Apply)
      return nullptr;
    auto ch = b[k]->children();
    if (ch.size() != 3 || ch[0] != fn || ch[2] != m.intc(int64_t(k)) || (v && ch[1] != v))
      return nullptr;
    v = ch[1];
  }
  return v;
}

/// A byte (0..255 when concrete) as an element of the one-byte C type t, and back.
Expr storeByte(Machine& m, Expr b, const model::Type* t) {
  auto v = m.concreteInt(b);
  if (!v)
    return b;
  if (t->kind == TypeKind::Bool)
    return m.intc(*v != 0);
  return m.intc(t->isSigned && *v > 127 ? *v - 256 : *v);
}

Expr loadByte(Machine& m, Expr c) {
  if (c->type()->isBool())
    c = m.boolToInt(c);
  auto v = m.concreteInt(c);
  return v && *v < 0 ? m.intc(*v + 256) : c;
}

/// The element type of a byte buffer (typing an untyped heap block as
/// char bytes): a scalar or a struct/array of them.
const model::Type* byteElement(Machine& m, Expr buf, int proc) {
  auto p = m.V.decodePointer(buf);
  if (p && p->root.kind == RootKind::Heap) {
    ProcState& ps = m.proc(proc);
    if (p->root.b < ps.heap.size() && !ps.heap[p->root.b].elem && !ps.heap[p->root.b].freed)
      m.typeHeap(ps, p->root.b, m.P.types.charType());
  }
  const model::Type* et = m.elementTypeOf(buf, proc);
  if (!et || !et->size || (!et->isArithmetic() && et->kind != TypeKind::Struct))
    throw Unsupported("MPI_BYTE or MPI_PACKED buffer of elements of type '" +
                      (et ? et->name : std::string("?")) + "' at " + m.where());
  return et;
}

/// The place of leaf l of element place pl.
Place leafPlace(Machine& m, const Place& pl, const Leaf& l) {
  Place q = pl;
  for (int64_t i : l.path)
    q.path.push_back(m.intc(i));
  q.type = l.type;
  return q;
}

/// Byte offset off and count n in elements of size s (whole elements only).
void wholeElements(Machine& m, int64_t off, int64_t n, const model::Type* et) {
  int64_t s = int64_t(et->size);
  if (off % s || n % s)
    throw Unsupported("MPI_BYTE or MPI_PACKED access to part of a '" + et->name + "' at " +
                      m.where());
}

} // namespace

bool isByteType(int64_t dt) {
  int64_t i = dt & 0xffffff;
  return (dt >> 24) == 3 && (i == 4 || i == 32);
}

std::vector<Expr> readBytes(Machine& m, Expr buf, int64_t off, int64_t n, int proc) {
  if (n <= 0)
    return {};
  const model::Type* et = byteElement(m, buf, proc);
  wholeElements(m, off, n, et);
  int64_t s = int64_t(et->size);
  Expr p = off ? m.ptrAddIn(buf, m.intc(off / s), proc) : buf;
  std::vector<Expr> out;
  if (et->kind == TypeKind::Struct) { // the bytes of each member; padding reads as 0
    std::vector<Leaf> leaves = scalarLeaves(m, et);
    for (int64_t k = 0; k < n / s; ++k) {
      Place pl = m.elementPlace(p, k, et, proc);
      std::vector<Expr> b(size_t(s), m.intc(0));
      for (const Leaf& l : leaves) {
        Expr v = m.readPlace(leafPlace(m, pl, l));
        m.checkDefined(v);
        std::vector<Expr> lb = l.type->size == 1 ? std::vector<Expr>{loadByte(m, v)}
                                                 : encode(m, v, reprOfType(l.type));
        for (size_t j = 0; j < lb.size(); ++j)
          b[size_t(l.off) + j] = lb[j];
      }
      out.insert(out.end(), b.begin(), b.end());
    }
    return out;
  }
  std::vector<Expr> elems = m.readElements(p, n / s, et, proc);
  for (Expr e : elems) {
    m.checkDefined(e);
    if (s == 1) {
      out.push_back(loadByte(m, e));
    } else {
      std::vector<Expr> b = encode(m, e, reprOfType(et));
      out.insert(out.end(), b.begin(), b.end());
    }
  }
  return out;
}

void writeBytes(Machine& m, Expr buf, int64_t off, const std::vector<Expr>& bytes, int proc) {
  if (bytes.empty())
    return;
  const model::Type* et = byteElement(m, buf, proc);
  wholeElements(m, off, int64_t(bytes.size()), et);
  int64_t s = int64_t(et->size);
  Expr p = off ? m.ptrAddIn(buf, m.intc(off / s), proc) : buf;
  if (et->kind == TypeKind::Struct) { // each member from its bytes; padding ignored
    std::vector<Leaf> leaves = scalarLeaves(m, et);
    for (size_t k = 0; k < bytes.size() / size_t(s); ++k) {
      Place pl = m.elementPlace(p, int64_t(k), et, proc);
      for (const Leaf& l : leaves) {
        auto at = bytes.begin() + long(k * size_t(s) + size_t(l.off));
        std::vector<Expr> one(at, at + long(l.type->size));
        Expr v =
            l.type->size == 1 ? storeByte(m, one[0], l.type) : decode(m, one, reprOfType(l.type));
        if (!v)
          throw Unsupported("MPI_BYTE or MPI_PACKED data that are not the bytes of a '" +
                            l.type->name + "' at " + m.where());
        m.writePlace(leafPlace(m, pl, l), v);
      }
    }
    return;
  }
  std::vector<Expr> elems;
  for (size_t k = 0; k < bytes.size(); k += size_t(s)) {
    if (s == 1) {
      elems.push_back(storeByte(m, bytes[k], et));
      continue;
    }
    std::vector<Expr> one(bytes.begin() + long(k), bytes.begin() + long(k) + s);
    Expr v = decode(m, one, reprOfType(et));
    if (!v)
      throw Unsupported("MPI_BYTE or MPI_PACKED data that are not the bytes of a '" + et->name +
                        "' at " + m.where());
    elems.push_back(v);
  }
  m.writeElements(p, elems, et, proc);
}

namespace {

/// The representation of each basic value of count x dt, in order.
std::vector<Repr> reprs(Machine& m, int64_t count, int64_t dt) {
  std::vector<Repr> out;
  for (const auto& [code, n] : signatureOf(m, count, dt))
    out.insert(out.end(), size_t(n), reprOfCode(code));
  return out;
}

std::vector<Expr> encodeAll(Machine& m, const std::vector<Expr>& vals,
                            const std::vector<Repr>& rs) {
  std::vector<Expr> out;
  for (size_t i = 0; i < vals.size(); ++i) {
    std::vector<Expr> b = encode(m, vals[i], rs.at(i));
    out.insert(out.end(), b.begin(), b.end());
  }
  return out;
}

std::vector<Expr> decodeAll(Machine& m, const std::vector<Expr>& bytes, const std::vector<Repr>& rs,
                            const std::string& what) {
  std::vector<Expr> out;
  size_t at = 0;
  for (const Repr& r : rs) {
    if (at + size_t(r.size) > bytes.size())
      break;
    std::vector<Expr> one(bytes.begin() + long(at), bytes.begin() + long(at + size_t(r.size)));
    Expr v = decode(m, one, r);
    if (!v)
      throw Unsupported(
          what + ": packed bytes that are not the bytes of the datatype's values at " + m.where());
    out.push_back(v);
    at += size_t(r.size);
  }
  return out;
}

Place intArgPlace(Machine& m, Expr p) {
  return m.placeOfPointer(p, m.P.types.intType(), m.me);
}

int64_t readInt(Machine& m, Expr p, const char* what) {
  Expr v = m.readPlace(intArgPlace(m, p));
  m.checkDefined(v);
  return m.requireConcrete(v, what);
}

Machine::Outcome runPackSize(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t count = m.requireConcrete(m.arg(s, 0), "count");
  if (count < 0)
    m.fail(ViolationKind::MpiInvalidCount, "negative count", m.pc());
  int64_t dt = m.requireConcrete(m.arg(s, 1), "datatype");
  requireComm(m, m.arg(s, 2));
  m.writePlace(intArgPlace(m, m.arg(s, 3)), m.intc(sigBytes(signatureOf(m, count, dt))));
  return mpiDone(m, t);
}

Machine::Outcome runPack(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  bool pack = name == "MPI_Pack";
  // Pack(inbuf, incount, dt, outbuf, outsize, position, comm)
  // Unpack(inbuf, insize, position, outbuf, outcount, dt, comm)
  Expr typed = m.arg(s, pack ? 0 : 3), bytes = m.arg(s, pack ? 3 : 0);
  int64_t count = m.requireConcrete(m.arg(s, pack ? 1 : 4), "count");
  int64_t dt = m.requireConcrete(m.arg(s, pack ? 2 : 5), "datatype");
  int64_t size = m.requireConcrete(m.arg(s, pack ? 4 : 1), pack ? "outsize" : "insize");
  Expr posp = m.arg(s, pack ? 5 : 2);
  requireComm(m, m.arg(s, 6));
  if (count < 0 || size < 0)
    m.fail(ViolationKind::MpiInvalidCount, name + " with a negative count or size", m.pc());
  checkCommitted(m, dt);
  int64_t pos = readInt(m, posp, "position");
  std::vector<Repr> rs = reprs(m, count, dt);
  int64_t n = 0;
  for (const Repr& r : rs)
    n += r.size;
  if (pos < 0 || pos + n > size)
    m.fail(ViolationKind::MpiInvalidCount,
           name + ": " + std::to_string(n) + " bytes at position " + std::to_string(pos) +
               " do not fit in " + std::to_string(size) + " bytes",
           m.pc());
  if (pack) {
    std::vector<Expr> vals = readTyped(m, typed, 0, count, dt, ViolationKind::MpiInvalidBuffer);
    writeBytes(m, bytes, pos, encodeAll(m, vals, rs), m.me);
  } else {
    std::vector<Expr> b = readBytes(m, bytes, pos, n, m.me);
    writeTyped(m, typed, 0, decodeAll(m, b, rs, name), dt, ViolationKind::MpiInvalidBuffer);
  }
  m.writePlace(intArgPlace(m, posp), m.intc(pos + n));
  m.step.effects.push_back(name + " " + std::to_string(n) + " bytes at position " +
                           std::to_string(pos));
  return mpiDone(m, t);
}

} // namespace

void convertPacked(Machine& m, state::Message& msg, int64_t count, int64_t dt) {
  bool recvPacked = (dt & 0xffffff) == 32;
  bool msgPacked = (msg.datatype & 0xffffff) == 32;
  if (recvPacked == msgPacked || (dt >> 24) != 3)
    return;
  std::vector<Expr> vals(msg.data->children().begin(), msg.data->children().end());
  if (recvPacked) { // any message received as MPI_PACKED: its bytes
    std::vector<Repr> rs;
    for (const auto& [code, n] : messageSignature(msg))
      rs.insert(rs.end(), size_t(n), reprOfCode(code));
    std::vector<Expr> b = encodeAll(m, vals, rs);
    msg.data = packValues(m, b);
    msg.count = m.intc(int64_t(b.size()));
    msg.datatype = int(mpiHandle(3, 32));
    return;
  }
  // a packed message received with a typed datatype: decoded by its signature
  std::vector<Repr> rs = reprs(m, count, dt);
  std::vector<Expr> v = decodeAll(m, vals, rs, "receive of packed data");
  int64_t used = 0;
  for (size_t i = 0; i < v.size(); ++i)
    used += rs[i].size;
  if (used != int64_t(vals.size()))
    throw Unsupported("packed message whose bytes do not end on a value of the receive's "
                      "datatype at " +
                      m.where());
  msg.data = packValues(m, v);
  msg.datatype = int(messageType(m, count, dt));
  msg.count = m.intc(int64_t(v.size()));
  // the signature of the decoded values: a prefix of count x dt
  if ((msg.datatype & 0xffffff) >= kSigBase) {
    Signature full = signatureOf(m, count, dt), part;
    int64_t left = int64_t(v.size());
    for (auto [code, n] : full) {
      if (left <= 0)
        break;
      part.push_back({code, std::min(n, left)});
      left -= n;
    }
    msg.datatype = int(mpiHandle(3, int(kSigBase + sigId(part))));
  }
}

void registerMpiPack(MpiTable& t) {
  t.add("MPI_Pack_size", {runPackSize});
  t.add({"MPI_Pack", "MPI_Unpack"}, {runPack});
}

} // namespace chorus::exec
