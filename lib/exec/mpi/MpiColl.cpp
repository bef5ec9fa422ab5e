// MPI collectives: arrival records per communicator (in each member's ext
// value, see MpiInternal.h), mismatch checks, the completion by the last
// arrival, the blocking collectives, their nonblocking forms (result kept
// in the record until the request's Wait/Test) and MPI_Reduce_local.
#include "MpiInternal.h"

#include <algorithm>
#include <cctype>

namespace chorus::exec {

Expr packBuffer(Machine& m, Expr buf, Expr countE, int64_t dt) {
  return packAt(m, buf, 0, m.requireConcrete(countE, "count"), dt);
}

Expr packAt(Machine& m, Expr buf, int64_t byteOff, int64_t count, int64_t dt) {
  checkCommitted(m, dt);
  return packValues(m, readTyped(m, buf, byteOff, count, dt, ViolationKind::MpiInvalidBuffer));
}

int64_t collSig(Machine& m, int64_t count, int64_t dt) {
  return sigId(signatureOf(m, count, dt));
}

const char* collName(CollKind k) {
  switch (k) {
  case CollKind::Barrier:
    return "MPI_Barrier";
  case CollKind::Bcast:
    return "MPI_Bcast";
  case CollKind::Reduce:
    return "MPI_Reduce";
  case CollKind::Allreduce:
    return "MPI_Allreduce";
  case CollKind::Allgather:
    return "MPI_Allgather";
  case CollKind::Gather:
    return "MPI_Gather";
  case CollKind::Scatter:
    return "MPI_Scatter";
  case CollKind::Alltoall:
    return "MPI_Alltoall";
  case CollKind::Scan:
    return "MPI_Scan";
  case CollKind::Exscan:
    return "MPI_Exscan";
  case CollKind::ReduceScatterBlock:
    return "MPI_Reduce_scatter_block";
  case CollKind::Gatherv:
    return "MPI_Gatherv";
  case CollKind::Scatterv:
    return "MPI_Scatterv";
  case CollKind::Allgatherv:
    return "MPI_Allgatherv";
  case CollKind::Alltoallv:
    return "MPI_Alltoallv/w";
  case CollKind::ReduceScatter:
    return "MPI_Reduce_scatter";
  case CollKind::CommDup:
    return "MPI_Comm_dup";
  case CollKind::CommSplit:
    return "MPI_Comm_split";
  case CollKind::CommCreate:
    return "MPI_Comm_create";
  case CollKind::CartCreate:
    return "MPI_Cart_create";
  case CollKind::CartSub:
    return "MPI_Cart_sub";
  case CollKind::GraphCreate:
    return "MPI_Graph_create";
  case CollKind::DistGraphCreate:
    return "MPI_Dist_graph_create_adjacent";
  case CollKind::NeighborAllgather:
    return "MPI_Neighbor_allgather";
  case CollKind::NeighborAllgatherv:
    return "MPI_Neighbor_allgatherv";
  case CollKind::NeighborAlltoall:
    return "MPI_Neighbor_alltoall";
  case CollKind::NeighborAlltoallv:
    return "MPI_Neighbor_alltoallv";
  default:
    return "?";
  }
}

namespace {

/// Segments kept in the record of a nonblocking collective: a tuple of
/// (off, dt, packed values) triples.
Expr encodeSegs(Machine& m, const std::vector<Seg>& segs) {
  std::vector<Expr> ch;
  for (const Seg& g : segs) {
    ch.push_back(m.intc(g.off));
    ch.push_back(m.intc(g.dt));
    ch.push_back(packValues(m, g.vals));
  }
  std::vector<sym::Type> ts;
  for (Expr e : ch)
    ts.push_back(e->type());
  return m.f.tuple(m.f.tupleType(ts), ch);
}

std::vector<Seg> decodeSegs(Machine& m, Expr e) {
  std::vector<Seg> out;
  auto ch = e->children();
  for (size_t i = 0; i + 2 < ch.size(); i += 3) {
    Seg g;
    g.off = *m.concreteInt(ch[i]);
    g.dt = *m.concreteInt(ch[i + 1]);
    g.vals.assign(ch[i + 2]->children().begin(), ch[i + 2]->children().end());
    out.push_back(g);
  }
  return out;
}

void completeV(Machine& m, CollKind kind, const std::vector<CollRec>& recs,
               const std::vector<int>& group, std::vector<std::vector<Seg>>& segs);

bool inInstance(int64_t state) {
  return state == kArrived || state == kWaitAll || state == kLeft || state == kReleased;
}

/// Index in x.recs of the k-th incomplete record on comm, or -1.
int64_t pendingRec(const MpiExt& x, int64_t comm, size_t k) {
  for (size_t i = 0; i < x.recs.size(); ++i)
    if (x.recs[i].comm == comm && inInstance(x.recs[i].state) && k-- == 0)
      return int64_t(i);
  return -1;
}

bool isUserOp(int64_t op);

/// MPI 3.1 §5.1: a collective call may return as soon as the caller's part
/// is done; it synchronizes only as far as data flows. The members whose
/// data member i (rank in the group) needs before it can return: none for
/// the root of Bcast/Scatter and the non-roots of Reduce/Gather/Gatherv,
/// the root for the others of Bcast/Scatter, ranks 0..i (Scan) or 0..i-1
/// (Exscan); every member otherwise (returns false: no early return),
/// also for the forms not analysed (v-forms but Gatherv, neighbourhood
/// collectives, user-defined ops, communicator constructors).
bool earlyDeps(CollKind kind, int i, int root, int n, int64_t op, std::vector<int>& deps) {
  deps.clear();
  if (isUserOp(op))
    return false;
  switch (kind) {
  case CollKind::Bcast:
  case CollKind::Scatter:
    if (i != root)
      deps.push_back(root);
    break;
  case CollKind::Reduce:
  case CollKind::Gather:
  case CollKind::Gatherv:
    if (i == root)
      return false;
    break;
  case CollKind::Scan:
  case CollKind::Exscan:
    for (int j = 0; j < i; ++j)
      deps.push_back(j);
    break;
  default:
    return false;
  }
  return int(deps.size()) < n - 1; // else it needs every other member anyway
}

void completeInstance(Machine& m, int64_t comm, const std::vector<int>& group);
/// Members of instance k of comm whose data has arrived leave (or, when
/// nonblocking, get their result) before the instance completes.
void releaseReady(Machine& m, int64_t comm, const std::vector<int>& group, size_t k);

// ------------------------------------------------ user-defined operations
// MPI_Op_create(fn, commute, &op) adds an entry of kind 4 to the process's
// object table, handle (4, 0x1000 + i), payload [function id, commute].
// A reduction with a user op is computed by each member that needs a result
// (the root of Reduce, every member of Allreduce/Reduce_scatter, ranks 0..i
// of Scan for rank i) in its own process, by calling the user function as a
// model function (Machine::callModel), one call per move. MPI assumes the op
// associative and may bracket the operands c_0..c_k-1 any way (MPI 3.1
// §5.9.1; Open MPI's linear algorithm computes c_0 op (c_1 op (...)), the
// rank-order fold is ((c_0 op c_1) op ...)): so every bracketing is
// checked, by the segment table of userReducePhase: the value of each
// segment [i, j] of the operands is its first split's c_i op V[i+1..j] (the
// right fold), each other split V[i..m] op V[m+1..j] is computed and
// compared with it. When every split agrees the result is the one value
// of every bracketing; splits of the whole sequence that may differ are
// each a possible result (the move branches over them); splits of an inner
// segment that may differ leave bracketings unexplored: `unknown` unless a
// violation is found on the explored ones. C(k+1, 3) calls for k operands
// (12 at most: more is the right fold alone and `unknown`).
// Between the calls, the call stays in its phases (callPhase 1: the first
// call, 2: a call returned); its state is a record of state 2 in the ext
// value: result = (slice offset, slice length or -1, k, c_0, ..., c_k-1,
// then calls done, 1 when an inner segment's splits differ, the segment
// values in schedule order, the other values of the whole sequence), aux =
// the pointers to the temporary heap blocks (invec, inoutvec, {len,
// datatype}).

constexpr int64_t kUserOpBase = 0x1000;

bool isUserOp(int64_t op) {
  return (op >> 24) == 4 && (op & 0xffffff) >= kUserOpBase;
}

std::vector<int64_t> auxInts(Machine& m, Expr aux);

/// The last arrival of a reduction with a user op: each member that needs a
/// result gets a record of state 2 holding the operands it reduces (see
/// above); the others are done. Blocked members are released: they run
/// the reduction in their own moves.
void completeUserReduction(Machine& m, CollKind kind, const std::vector<int>& group,
                           std::vector<MpiExt>& xs, const std::vector<int64_t>& ri) {
  int n = int(group.size());
  auto rec = [&](int i) -> CollRec& { return xs[size_t(i)].recs[size_t(ri[size_t(i)])]; };
  for (int i = 0; i < n; ++i)
    if (rec(i).data && rec(0).data &&
        rec(i).data->children().size() != rec(0).data->children().size() &&
        kind != CollKind::ReduceScatter)
      m.fail(ViolationKind::MpiSignatureMismatch, "reduction with different counts", m.pc());
  // Reduce_scatter: [own signature, per peer 5 fields (VSCnt second)], of member 0
  std::vector<int64_t> rsAux =
      kind == CollKind::ReduceScatter ? auxInts(m, rec(0).aux) : std::vector<int64_t>{};
  // the operands, read before any member's record is erased below
  std::vector<Expr> operands(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    operands[size_t(i)] = rec(i).data;
  for (int i = 0; i < n; ++i) {
    int p = group[i];
    CollRec& r = rec(i);
    if (r.req >= 0)
      throw Unsupported("user-defined operation in a nonblocking collective at " + m.where());
    int from = 0, to = n; // the operands c_from .. c_to-1
    int64_t off = 0, len = -1;
    if (kind == CollKind::Reduce && i != r.root)
      to = 0;
    else if (kind == CollKind::Scan)
      to = i + 1;
    else if (kind == CollKind::Exscan)
      to = i; // rank 0: receive buffer undefined, left as is
    else if (kind == CollKind::ReduceScatterBlock) {
      len = int64_t(r.data->children().size()) / n;
      off = len * i;
    } else if (kind == CollKind::ReduceScatter) {
      for (int j = 0; j <= i; ++j) {
        int64_t c = rsAux.at(1 + 5 * size_t(j) + 1);
        if (j < i)
          off += c;
        else
          len = c;
      }
    }
    mpiCollEnds(m, p, r.comm);
    if (to <= from || !r.recv) {
      xs[size_t(i)].recs.erase(xs[size_t(i)].recs.begin() + ri[size_t(i)]);
      storeExt(m, p, xs[size_t(i)]);
      continue;
    }
    std::vector<Expr> parts{m.intc(off), m.intc(len), m.intc(to - from)};
    for (int j = from; j < to; ++j)
      parts.push_back(operands[size_t(j)]);
    std::vector<sym::Type> ts;
    for (Expr e : parts)
      ts.push_back(e->type());
    r.state = 2;
    r.result = m.f.tuple(m.f.tupleType(ts), parts);
    r.aux = nullptr;
    storeExt(m, p, xs[size_t(i)]);
  }
  m.step.effects.push_back(std::string("complete ") + collName(kind) +
                           " (user-defined operation: each member reduces, every bracketing)");
}

/// A temporary heap block of the moving process holding vals (elements of
/// C type et); its pointer.
/// A temporary heap block of n elements of et (written by the caller).
Expr tempBlock(Machine& m, const model::Type* et, size_t n) {
  ProcState& ps = m.self();
  HeapObj o;
  o.bytes = m.intc(int64_t(n * et->size));
  o.site = m.loc;
  ps.heap.push_back(o);
  uint32_t h = uint32_t(ps.heap.size() - 1);
  m.typeHeap(ps, h, et);
  return m.V.makePointer(Root{RootKind::Heap, 0, h}, {m.intc(0)});
}

void freeTemp(Machine& m, Expr p) {
  auto d = m.V.decodePointer(p);
  HeapObj& o = m.self().heap.at(d->root.b);
  o.freed = true;
  o.value = nullptr;
}

/// The user function of op handle `op` in the moving process.
model::FuncId userOpFunction(Machine& m, int64_t op) {
  MpiExt x = loadExt(m, m.me);
  int64_t off = findObj(x.objs, 4, op);
  if (off < 0)
    m.fail(ViolationKind::MpiInvalidOp, "use of a freed operation", m.pc());
  return model::FuncId(objPayload(x.objs, off).at(0));
}

/// The calls of a user-defined reduction over k operands (see above): per
/// segment [i, j] by increasing length, per split m in [i, j), the call
/// V[i..m] op V[m+1..j]; the first split of each segment defines its value.
/// Over more than kBracketingLimit operands only the right fold.
struct BracketCall {
  int i, j, m;
};
constexpr int kBracketingLimit = 12;

std::vector<BracketCall> bracketSchedule(int k) {
  std::vector<BracketCall> calls;
  if (k > kBracketingLimit) {
    for (int i = k - 2; i >= 0; --i)
      calls.push_back({i, k - 1, i});
    return calls;
  }
  for (int len = 2; len <= k; ++len)
    for (int i = 0; i + len <= k; ++i)
      for (int m = i; m < i + len - 1; ++m)
        calls.push_back({i, i + len - 1, m});
  return calls;
}

/// The progress of a user-defined reduction, kept in its record's result
/// tuple between the calls (see above).
struct UserReduction {
  int64_t off = 0, len = -1;
  int k = 0;
  std::vector<Expr> ops; // c_0..c_k-1 (tuples of elements)
  int64_t done = 0;      // calls of the user function done
  bool innerDiffers = false;
  std::vector<Expr> vals; // segment values (j > i), in schedule order
  std::vector<Expr> alts; // other values of the whole sequence

  static UserReduction parse(Machine& m, Expr result) {
    auto parts = result->children();
    UserReduction u;
    u.off = *m.concreteInt(parts[0]);
    u.len = *m.concreteInt(parts[1]);
    u.k = int(*m.concreteInt(parts[2]));
    u.ops.assign(parts.begin() + 3, parts.begin() + 3 + u.k);
    size_t at = 3 + size_t(u.k);
    if (parts.size() > at) {
      u.done = *m.concreteInt(parts[at]);
      u.innerDiffers = *m.concreteInt(parts[at + 1]) != 0;
      int64_t nv = *m.concreteInt(parts[at + 2]);
      u.vals.assign(parts.begin() + long(at) + 3, parts.begin() + long(at) + 3 + nv);
      u.alts.assign(parts.begin() + long(at) + 3 + nv, parts.end());
    }
    return u;
  }
  Expr tuple(Machine& m) const {
    std::vector<Expr> parts{m.intc(off), m.intc(len), m.intc(k)};
    parts.insert(parts.end(), ops.begin(), ops.end());
    parts.push_back(m.intc(done));
    parts.push_back(m.intc(innerDiffers ? 1 : 0));
    parts.push_back(m.intc(int64_t(vals.size())));
    parts.insert(parts.end(), vals.begin(), vals.end());
    parts.insert(parts.end(), alts.begin(), alts.end());
    std::vector<sym::Type> ts;
    for (Expr e : parts)
      ts.push_back(e->type());
    return m.f.tuple(m.f.tupleType(ts), parts);
  }
  /// The value of segment [i, j] (an operand when i == j).
  Expr value(int i, int j) const {
    if (i == j)
      return ops[size_t(i)];
    if (k > kBracketingLimit) // the right fold: suffixes only
      return vals[size_t(k - 2 - i)];
    size_t idx = 0;
    for (int l = 2; l < j - i + 1; ++l)
      idx += size_t(k - l + 1);
    return vals[idx + size_t(i)];
  }
};

/// Whether two values (tuples of elements) are equal on every path through
/// here.
bool sameValue(Machine& m, Expr a, Expr b) {
  if (a == b)
    return true;
  std::vector<Expr> eqs;
  for (size_t e = 0; e < a->children().size(); ++e)
    eqs.push_back(m.f.eq(a->children()[e], b->children()[e]));
  Expr all = m.f.logicalAnd(eqs);
  return all->isTrue() || (!all->isFalse() && m.ex.oracle().valid(m.pc(), all) == Answer::Yes);
}

/// The phases of a reduction with a user op in the member that needs its
/// result (callPhase 1: first entry, 2: a call of the user function
/// returned): one call per phase, then the result is written and the call
/// ends.
Machine::Outcome userReducePhase(Machine& m, const model::Transition& t) {
  int phase = m.self().callPhase;
  MpiExt x = loadExt(m, m.me);
  size_t idx = x.recs.size();
  for (size_t i = 0; i < x.recs.size(); ++i)
    if (x.recs[i].state == 2)
      idx = i;
  if (idx == x.recs.size()) { // this member needs no result
    m.self().callPhase = 0;
    return mpiDone(m, t);
  }
  CollRec r = x.recs[idx];
  UserReduction u = UserReduction::parse(m, r.result);
  auto elements = [](Expr v) {
    return std::vector<Expr>(v->children().begin(), v->children().end());
  };
  // A derived datatype: the operands (basic values) go through its type map
  // into temporary arrays of the receive buffer's element type (a struct,
  // say), which the user function reads and writes as the program does.
  const bool derived = !isBasicType(r.dt);
  const model::Type* et = derived ? m.elementTypeOf(r.recv, m.me) : ctypeOf(m, r.dt);
  const size_t per = derived ? typeMap(m, r.dt).entries.size() : 1;
  if (derived && (!et || per == 0 || u.len >= 0))
    throw Unsupported(std::string("user-defined operation on a derived datatype ") +
                      (u.len >= 0 ? "in a reduce-scatter" : "into an untyped receive buffer") +
                      " at " + m.where());
  auto put = [&](Expr p, const std::vector<Expr>& vals, const model::Type* t) {
    if (derived && t == et)
      writeTyped(m, p, 0, vals, r.dt, ViolationKind::MpiInvalidBuffer, m.me);
    else
      m.writeElements(p, vals, t, m.me);
  };
  std::vector<Expr> ptrs;
  if (r.aux)
    ptrs.assign(r.aux->children().begin(), r.aux->children().end());
  const size_t width = u.ops[0]->children().size();
  const size_t elems = width / per; // elements of the datatype
  const std::vector<BracketCall> calls = bracketSchedule(u.k);
  if (phase > 1 && u.done > 0) { // the value the last call left in inoutvec
    std::vector<Expr> got = derived ? readTyped(m, ptrs[1], 0, int64_t(elems), r.dt,
                                                ViolationKind::MpiInvalidBuffer, m.me)
                                    : m.readElements(ptrs[1], int64_t(width), et, m.me);
    Expr v = m.f.tuple(u.ops[0]->type(), got);
    const BracketCall& c = calls[size_t(u.done - 1)];
    if (c.m == c.i)
      u.vals.push_back(v);
    else if (!sameValue(m, v, u.value(c.i, c.j))) {
      if (c.j - c.i + 1 < u.k)
        u.innerDiffers = true;
      else if (std::none_of(u.alts.begin(), u.alts.end(),
                            [&](Expr a) { return sameValue(m, a, v); }))
        u.alts.push_back(v);
    }
  }
  if (size_t(u.done) == calls.size()) { // every call done: the result
    std::vector<Expr> results{u.value(0, u.k - 1)};
    results.insert(results.end(), u.alts.begin(), u.alts.end());
    size_t pick = 0;
    while (pick + 1 < results.size() && !m.branch())
      ++pick;
    if (results.size() > 1)
      m.step.effects.push_back("the operation is not associative on these operands: bracketing " +
                               std::to_string(pick + 1) + " of " + std::to_string(results.size()) +
                               " distinct results");
    if (u.innerDiffers || u.k > kBracketingLimit)
      m.ex.noteUnchecked(
          std::string("every bracketing of the user-defined operation of ") +
          collName(CollKind(r.kind)) + " at " + m.where() +
          (u.k > kBracketingLimit
               ? " (over " + std::to_string(u.k) + " operands: whether all give one value is " +
                     "checked up to " + std::to_string(kBracketingLimit) +
                     "; the right fold, as Open MPI's linear algorithm, is explored)"
               : std::string(" (the operation is not associative on these operands: the result "
                             "depends on the MPI library; not every bracketing's is explored)")));
    std::vector<Expr> acc = elements(results[pick]);
    if (u.len >= 0)
      acc = std::vector<Expr>(acc.begin() + u.off, acc.begin() + u.off + u.len);
    for (Expr p : ptrs)
      freeTemp(m, p);
    x.recs.erase(x.recs.begin() + long(idx));
    storeExt(m, m.me, x);
    writeTyped(m, r.recv, 0, acc, r.dt, ViolationKind::MpiInvalidBuffer, m.me);
    m.self().callPhase = 0;
    return mpiDone(m, t);
  }
  const BracketCall& c = calls[size_t(u.done)];
  std::vector<Expr> in = elements(u.value(c.i, c.m)), inout = elements(u.value(c.m + 1, c.j));
  std::vector<Expr> lenDt{m.intc(int64_t(elems)), m.intc(r.dt)};
  if (ptrs.empty()) {
    // (elements of et that hold `elems` elements of the datatype: a struct
    // per element, or several scalars per element of a contiguous type)
    size_t n = derived && et->size ? (elems * size_t(typeExtent(m, r.dt)) + et->size - 1) / et->size
                                   : elems;
    ptrs = {tempBlock(m, et, n), tempBlock(m, et, n),
            tempBlock(m, m.P.types.intType(), lenDt.size())};
    std::vector<sym::Type> ts;
    for (Expr e : ptrs)
      ts.push_back(e->type());
    x.recs[idx].aux = m.f.tuple(m.f.tupleType(ts), ptrs);
  }
  ++u.done;
  x.recs[idx].result = u.tuple(m);
  storeExt(m, m.me, x);
  put(ptrs[0], in, et);
  put(ptrs[1], inout, et);
  put(ptrs[2], lenDt, m.P.types.intType());
  Expr dtPtr = m.ptrAdd(ptrs[2], m.intc(1));
  m.step.effects.push_back("user-defined reduction: operands " + std::to_string(c.i + 1) + ".." +
                           std::to_string(c.m + 1) + " op " + std::to_string(c.m + 2) + ".." +
                           std::to_string(c.j + 1) + " (call " + std::to_string(u.done) + " of " +
                           std::to_string(calls.size()) + ")");
  return m.callModel(userOpFunction(m, r.op), {ptrs[0], ptrs[1], ptrs[2], dtPtr}, 2);
}

/// After the arrival of the moving process at a reduction with op: a user
/// op keeps the call in its phases (blocked until the others arrive).
Machine::Outcome afterReduceArrival(Machine& m, const model::Transition& t, int64_t op) {
  if (!isUserOp(op))
    return mpiDone(m, t);
  m.self().callPhase = 1;
  if (insideCall(m.self(), size_t(m.thr)))
    return Machine::Outcome::Stay;
  return userReducePhase(m, t);
}

} // namespace

void arrive(Machine& m, int64_t comm, CollKind kind, int root, int dt, int op, Expr count,
            Expr data, Expr recvPtr, int64_t reqSlot, int64_t sig, Expr aux) {
  std::vector<int> group = commGroup(m, comm);
  m.step.collComms.push_back(comm); // (verify --contract: `mpi uses`)
  MpiExt mine = loadExt(m, m.me);
  size_t k = 0;
  while (pendingRec(mine, comm, k) >= 0)
    ++k;
  // compare with the same instance of the members that already arrived
  for (int q : group) {
    if (q == m.me)
      continue;
    MpiExt x = loadExt(m, q);
    int64_t ri = pendingRec(x, comm, k);
    if (ri < 0)
      continue;
    const CollRec& c = x.recs[size_t(ri)];
    std::string other = collName(CollKind(c.kind));
    if (c.kind != int64_t(kind))
      m.fail(ViolationKind::CollectiveMismatch,
             std::string(collName(kind)) + " called while process " + std::to_string(q) +
                 " is in " + other,
             m.pc());
    if ((c.req < 0) != (reqSlot < 0))
      m.fail(ViolationKind::CollectiveMismatch,
             std::string(reqSlot < 0 ? "blocking " : "nonblocking ") + collName(kind) +
                 " matched with a " + (c.req < 0 ? "blocking" : "nonblocking") +
                 " one of process " + std::to_string(q),
             m.pc());
    if (c.root != root)
      m.fail(ViolationKind::MpiRootMismatch,
             std::string(collName(kind)) + " with root " + std::to_string(root) +
                 " while other processes use root " + std::to_string(c.root),
             m.pc());
    if (c.op != op)
      m.fail(ViolationKind::MpiOpMismatch,
             std::string(collName(kind)) + " with an operation different from the other processes",
             m.pc());
    auto packedOnly = [](int64_t id) {
      const Signature& g = sigById(id);
      return !g.empty() && g.size() == 1 && g[0].first == 1401;
    };
    if (sig && c.sig && sig != c.sig && packedOnly(sig) != packedOnly(c.sig))
      throw Unsupported(std::string(collName(kind)) +
                        " with MPI_PACKED data on some members and typed data on others at " +
                        m.where());
    if (sig && c.sig && sig != c.sig) // seed 002 §3.1: count x datatype signatures
      m.fail(ViolationKind::MpiSignatureMismatch,
             std::string(collName(kind)) + " with type signature " + sigText(sigById(sig)) +
                 " while process " + std::to_string(q) + " uses " + sigText(sigById(c.sig)),
             m.pc());
    if (!sig && count && c.count && count != c.count)
      m.require(m.f.eq(count, c.count), ViolationKind::MpiSignatureMismatch,
                std::string(collName(kind)) + " with a count different from the other processes");
    if (kind == CollKind::CommCreate && c.data != data)
      m.fail(ViolationKind::MpiSignatureMismatch,
             "MPI_Comm_create with a group different from the other processes", m.pc());
    if ((kind == CollKind::CartCreate || kind == CollKind::GraphCreate ||
         kind == CollKind::CartSub) &&
        c.aux != aux)
      m.fail(ViolationKind::MpiSignatureMismatch,
             std::string(collName(kind)) + " with a topology different from process " +
                 std::to_string(q) + "'s",
             m.pc());
    break;
  }
  CollRec r;
  r.comm = comm;
  r.kind = int64_t(kind);
  r.root = root;
  r.dt = dt;
  r.op = op;
  r.req = reqSlot;
  r.count = count;
  r.data = data;
  r.recv = recvPtr;
  r.sig = sig;
  r.aux = aux;
  // A member that needs data from fewer than all others may return once it
  // is there (earlyDeps); potential mode: or only when every member has
  // arrived, a choice per call (the synchronizing outcome first; the
  // all-synchronous first search of Verify.cpp takes it always).
  int myIdx = int(std::find(group.begin(), group.end(), m.me) - group.begin());
  std::vector<int> deps;
  bool chooses = earlyDeps(kind, myIdx, root, int(group.size()), op, deps);
  if (chooses)
    m.ex.noteSendMode(); // its outcome depends on the deadlock mode
  if (chooses && m.syncSends && (!m.ex.options().mixedSends || m.branch()))
    r.state = kWaitAll;
  mine.recs.push_back(r);
  storeExt(m, m.me, mine);
  m.step.effects.push_back(std::string("enter ") + collName(kind) +
                           (!chooses || !m.syncSends ? ""
                            : r.state == kWaitAll    ? " (synchronizing)"
                                                     : " (returns when its data is there)"));
  if (k == 0) {
    bool all = true;
    for (int q : group)
      all = all && pendingRec(loadExt(m, q), comm, 0) >= 0;
    if (all) {
      completeInstance(m, comm, group);
      return;
    }
  }
  releaseReady(m, comm, group, k);
  if (reqSlot < 0) {
    MpiExt now = loadExt(m, m.me);
    int64_t ri = pendingRec(now, comm, k);
    if (ri >= 0 && now.recs[size_t(ri)].state != kLeft) {
      mpiCollWaits(m, comm);
    }
  }
}

bool isSymbolicOp(int64_t op) {
  return op == model::kSymbolicOp || op == model::kSymbolicCommOp;
}

Expr symbolicOpApply(Machine& m, int64_t op, Expr a, Expr b) {
  auto num = [&](Expr x) {
    if (x->type()->isBool())
      return m.boolToInt(x);
    if (x->type()->kind() == sym::TypeKind::Char)
      return m.f.charToInt(x);
    return x;
  };
  a = num(a);
  b = num(b);
  if (a->type()->isReal() != b->type()->isReal()) {
    a = m.toReal(a);
    b = m.toReal(b);
  }
  sym::Type t = a->type();
  bool comm = op == model::kSymbolicCommOp;
  std::string name = std::string(comm ? "$cop." : "$uop.") + (t->isReal() ? "real" : "int");
  sym::Type ts[2] = {t, t};
  Expr fn = m.f.symbol(name, m.f.functionType(ts, t));
  if (comm) { // G(min(a, b), max(a, b))
    Expr le = m.f.le(a, b);
    Expr lo = m.f.ite(le, a, b), hi = m.f.ite(le, b, a);
    a = lo;
    b = hi;
  }
  Expr args[2] = {a, b};
  return m.f.apply(fn, args);
}

Expr reduceOp(Machine& m, int op, Expr a, Expr b) {
  if (isSymbolicOp(op))
    return symbolicOpApply(m, op, a, b);
  bool real = a->type()->isReal();
  if (real && ((op & 0xffffff) >= 5 && (op & 0xffffff) <= 10))
    m.fail(ViolationKind::MpiInvalidOp, "logical or bitwise reduction on a floating datatype",
           m.pc());
  switch (op & 0xffffff) {
  case 1:
    return m.f.ite(m.f.lt(a, b), b, a); // MAX
  case 2:
    return m.f.ite(m.f.lt(b, a), b, a); // MIN
  case 3:
    return m.f.add(a, b);
  case 4:
    return m.f.mul(a, b);
  case 5:
    return m.boolToInt(m.f.logicalAnd(m.truth(a), m.truth(b))); // LAND
  case 7:
    return m.boolToInt(m.f.logicalOr(m.truth(a), m.truth(b))); // LOR
  case 9:
    return m.boolToInt(m.f.logicalNot(m.f.eq(m.truth(a), m.truth(b)))); // LXOR
  case 6: // BAND, BOR, BXOR: on concrete values (bit vectors are not modelled)
  case 8:
  case 10: {
    auto x = m.concreteInt(a), y = m.concreteInt(b);
    if (!x || !y)
      throw Unsupported("bitwise MPI reduction of symbolic values at " + m.where());
    int64_t i = op & 0xffffff;
    return m.intc(i == 6 ? (*x & *y) : i == 8 ? (*x | *y) : (*x ^ *y));
  }
  case 13:
    return b; // REPLACE
  case 14:
    return a; // NO_OP
  default:
    throw Unsupported("MPI reduction operation " + std::to_string(op) + " at " + m.where());
  }
}

namespace {
/// The C result of MPI_SUM or MPI_PROD r = a op b on elements of the basic
/// integer datatype dt (MPI 3.1 §5.9.2: the operation of the C type).
/// Unsigned types wrap modulo 2^w (as the C operation does); a signed result
/// out of range is undefined in C (Open MPI wraps it silently): a
/// SIGNED_OVERFLOW violation at the call that completes the reduction.
Expr intResult(Machine& m, int op, int64_t dt, Expr r) {
  int o = op & 0xffffff;
  if ((o != 3 && o != 4) || !isBasicType(dt) || datatypeClass(dt) != ElemClass::Int)
    return r;
  const model::Type* t = ctypeOf(m, dt);
  auto [lo, hi] = Machine::intRange(t);
  if (t->isSigned) {
    if (!m.ex.options().overflowCheck)
      return r;
    Expr ok = m.f.logicalAnd(m.f.le(m.f.intConst(lo), r), m.f.le(r, m.f.intConst(hi)));
    if (!ok->isTrue())
      m.require(ok, ViolationKind::SignedOverflow,
                std::string("signed overflow in the ") + (o == 3 ? "MPI_SUM" : "MPI_PROD") +
                    " of " + datatypeName(dt) + " values (" + t->name + ")");
    return r;
  }
  return o == 3 ? m.wrapInt(r, t, lo, hi + hi) : m.wrapInt(r, t, lo, hi * hi);
}
} // namespace

std::vector<Expr> reduceVec(Machine& m, int op, int64_t dt, const std::vector<Expr>& a,
                            const std::vector<Expr>& b) {
  std::vector<Expr> r = b;
  int o = op & 0xffffff;
  if (dt == mpiHandle(3, kSymbolicIndex))
    throw Unsupported(std::string("a reduction over the symbolic datatype at ") + m.where() +
                      " (its values are moved, never combined)");
  if (o == 11 || o == 12) { // MAXLOC / MINLOC on (value, index) pairs
    for (size_t k = 0; k + 1 < a.size(); k += 2) {
      Expr va = a[k], vb = b[k], ia = a[k + 1], ib = b[k + 1];
      if (va->type() != vb->type())
        va = m.toReal(va), vb = m.toReal(vb);
      Expr better = o == 11 ? m.f.lt(vb, va) : m.f.lt(va, vb); // a strictly wins
      Expr worse = o == 11 ? m.f.lt(va, vb) : m.f.lt(vb, va);  // b strictly wins
      r[k] = m.f.ite(better, va, vb);
      // MPI 3.1 §5.9.4: on equal values the smaller index
      Expr minIdx = m.f.ite(m.f.lt(ib, ia), ib, ia);
      r[k + 1] = m.f.ite(better, ia, m.f.ite(worse, ib, minIdx));
    }
    return r;
  }
  if ((o == 6 || o == 8 || o == 10) && isBasicType(dt) && datatypeClass(dt) == ElemClass::Int) {
    // BAND, BOR, BXOR on the bits of the C type (symbolic values included)
    const model::Type* t = ctypeOf(m, dt);
    sym::BitOpKind k = o == 6   ? sym::BitOpKind::And
                       : o == 8 ? sym::BitOpKind::Or
                                : sym::BitOpKind::Xor;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
      auto x = m.concreteInt(a[i]), y = m.concreteInt(b[i]);
      r[i] = x && y ? reduceOp(m, op, a[i], b[i]) : m.f.bitOp(k, t->bits, t->isSigned, a[i], b[i]);
    }
    return r;
  }
  // --float ieee: a floating MPI_SUM or MPI_PROD is rounded at each step,
  // in rank order (lib/exec/Float.cpp)
  const model::Type* ft =
      (o == 3 || o == 4) && isBasicType(dt) && datatypeClass(dt) == ElemClass::Real ? ctypeOf(m, dt)
                                                                                    : nullptr;
  for (size_t k = 0; k < a.size() && k < b.size(); ++k) {
    r[k] = intResult(m, op, dt, reduceOp(m, op, a[k], b[k]));
    if (ft)
      r[k] = m.roundFloat(r[k], ft, o == 3 ? "the MPI_SUM" : "the MPI_PROD");
  }
  return r;
}

void orderFree(Machine& m, int op, int64_t dt, const std::vector<std::vector<Expr>>& xs,
               std::vector<Expr>& acc) {
  int o = op & 0xffffff;
  if (xs.size() < 3 || (o != 3 && o != 4) || !isBasicType(dt) ||
      datatypeClass(dt) != ElemClass::Real || !m.ieee(ctypeOf(m, dt)))
    return;
  const model::Type* ft = ctypeOf(m, dt);
  sym::Rational unit = o == 3 ? sym::Rational(0) : sym::Rational(1);
  for (size_t k = 0; k < acc.size(); ++k) {
    // a 0 added (a 1 multiplied) changes nothing in any order; two other
    // values are combined by one rounding in every order
    std::vector<Expr> vs;
    for (const std::vector<Expr>& x : xs)
      if (k < x.size() && !(x[k]->kind() == sym::Kind::NumConst && x[k]->value() == unit))
        vs.push_back(x[k]);
    if (vs.size() <= 2)
      continue;
    // every order gives the exact result when every subset's result is
    // exact (a number of the type): then nothing is ever rounded
    size_t n = vs.size();
    bool exact = n <= 12;
    for (size_t i = 0; i < n && exact; ++i)
      exact = vs[i]->kind() == sym::Kind::NumConst;
    sym::Rational total = unit;
    for (uint32_t mask = 1; exact && mask < (1u << n); ++mask) {
      sym::Rational r = unit;
      for (size_t i = 0; i < n; ++i)
        if (mask & (1u << i))
          r = o == 3 ? r + vs[i]->value() : r * vs[i]->value();
      auto rounded = roundToType(r, ft);
      exact = rounded && *rounded == r;
      total = r;
    }
    if (exact) {
      acc[k] = m.f.realConst(total);
      continue;
    }
    Expr e = m.toReal(vs[0]);
    for (size_t i = 1; i < n; ++i)
      e = o == 3 ? m.f.add(e, m.toReal(vs[i])) : m.f.mul(e, m.toReal(vs[i]));
    acc[k] = m.unorderedFloat(e, ft);
  }
}

namespace {

/// The last arrival: every member's first incomplete record on comm is
/// this instance. Results go to the receive buffers of blocked members
/// (their records are removed) or into the records of nonblocking ones
/// (written by their Wait).
void completeInstance(Machine& m, int64_t comm, const std::vector<int>& group) {
  int n = int(group.size());
  state::CollSlot c;
  std::vector<MpiExt> xs(static_cast<size_t>(n));
  std::vector<int64_t> ri(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    xs[i] = loadExt(m, group[i]);
    ri[i] = pendingRec(xs[i], comm, 0);
    const CollRec& r = xs[i].recs[size_t(ri[i])];
    c.contrib.push_back(r.data);
    c.recvPtr.push_back(r.recv);
    if (i == 0) {
      c.kind = int(r.kind);
      c.root = int(r.root);
      c.datatype = int(r.dt);
      c.op = int(r.op);
      c.count = r.count;
    }
  }
  CollKind kind = CollKind(c.kind);
  if (isUserOp(c.op)) {
    completeUserReduction(m, kind, group, xs, ri);
    return;
  }
  auto elems = [&](int i) {
    return std::vector<Expr>(c.contrib[i]->children().begin(), c.contrib[i]->children().end());
  };
  auto reduce = [&](int from, int to) { // elementwise over processes [from, to)
    std::vector<Expr> acc = elems(from);
    std::vector<std::vector<Expr>> xs{acc};
    for (int i = from + 1; i < to; ++i) {
      std::vector<Expr> x = elems(i);
      if (x.size() != acc.size())
        m.fail(ViolationKind::MpiSignatureMismatch, "reduction with different counts", m.pc());
      acc = reduceVec(m, c.op, c.datatype, acc, x);
      xs.push_back(std::move(x));
    }
    orderFree(m, c.op, c.datatype, xs, acc);
    return acc;
  };
  std::vector<std::vector<Expr>> result(n);
  std::vector<uint8_t> has(n, 0);
  std::vector<std::vector<Seg>> segs(static_cast<size_t>(n)); // v-collectives
  switch (kind) {
  case CollKind::Bcast:
    for (int i = 0; i < n; ++i)
      result[i] = elems(c.root), has[i] = i != c.root;
    break;
  case CollKind::Reduce:
    result[c.root] = reduce(0, n), has[c.root] = 1;
    break;
  case CollKind::Allreduce: {
    std::vector<Expr> r = reduce(0, n);
    for (int i = 0; i < n; ++i)
      result[i] = r, has[i] = 1;
    break;
  }
  case CollKind::Scan:
    for (int i = 0; i < n; ++i)
      result[i] = reduce(0, i + 1), has[i] = 1;
    break;
  case CollKind::Exscan: // the receive buffer of process 0 is undefined: left as is
    for (int i = 1; i < n; ++i)
      result[i] = reduce(0, i), has[i] = 1;
    break;
  case CollKind::Allgather:
  case CollKind::Gather:
    for (int i = 0; i < n; ++i)
      for (Expr e : c.contrib[i]->children())
        result[kind == CollKind::Gather ? c.root : 0].push_back(e);
    if (kind == CollKind::Gather)
      has[c.root] = 1;
    else
      for (int i = 0; i < n; ++i)
        result[i] = result[0], has[i] = 1;
    break;
  case CollKind::Scatter: {
    std::vector<Expr> all = elems(c.root);
    size_t cnt = all.size() / size_t(n); // basic values per rank
    for (int i = 0; i < n; ++i) {
      result[i].assign(all.begin() + i * cnt, all.begin() + (i + 1) * cnt);
      has[i] = 1;
    }
    break;
  }
  case CollKind::ReduceScatterBlock: {
    std::vector<Expr> r = reduce(0, n);
    size_t cnt = r.size() / size_t(n);
    for (int i = 0; i < n; ++i)
      result[i].assign(r.begin() + i * cnt, r.begin() + (i + 1) * cnt), has[i] = 1;
    break;
  }
  case CollKind::Alltoall:
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        std::vector<Expr> x = elems(j);
        size_t cnt = x.size() / size_t(n);
        result[i].insert(result[i].end(), x.begin() + i * cnt, x.begin() + (i + 1) * cnt);
      }
      has[i] = 1;
    }
    break;
  case CollKind::Gatherv:
  case CollKind::Scatterv:
  case CollKind::Allgatherv:
  case CollKind::Alltoallv:
  case CollKind::ReduceScatter: {
    std::vector<CollRec> recs;
    for (int i = 0; i < n; ++i)
      recs.push_back(xs[i].recs[size_t(ri[i])]);
    completeV(m, kind, recs, group, segs);
    break;
  }
  case CollKind::NeighborAllgather:
  case CollKind::NeighborAllgatherv:
  case CollKind::NeighborAlltoall:
  case CollKind::NeighborAlltoallv: {
    std::vector<CollRec> recs;
    for (int i = 0; i < n; ++i)
      recs.push_back(xs[i].recs[size_t(ri[i])]);
    segs = completeNeighbor(m, kind, recs, group);
    break;
  }
  case CollKind::DistGraphCreate: {
    std::vector<CollRec> recs;
    for (int i = 0; i < n; ++i)
      recs.push_back(xs[i].recs[size_t(ri[i])]);
    checkDistGraph(m, recs, group);
  }
    [[fallthrough]];
  case CollKind::CartCreate:
  case CollKind::CartSub:
  case CollKind::GraphCreate:
  case CollKind::CommDup:
  case CollKind::CommSplit:
  case CollKind::CommCreate: {
    // new communicators: one per color (split), the parent's group (dup)
    // or the given group (create); result = the new handle per member
    std::vector<int64_t> taken;
    std::vector<std::vector<int>> members; // per new communicator
    std::vector<int64_t> commOf(static_cast<size_t>(n), mpiHandle(1, 0));
    if (splitsComm(kind)) {
      std::vector<int64_t> colors;
      for (int i = 0; i < n; ++i) {
        int64_t col = *m.concreteInt(c.contrib[i]->children()[0]);
        if (col != -32766 && std::find(colors.begin(), colors.end(), col) == colors.end())
          colors.push_back(col);
      }
      std::sort(colors.begin(), colors.end());
      for (int64_t col : colors) {
        std::vector<std::pair<int64_t, int>> byKey;
        for (int i = 0; i < n; ++i)
          if (*m.concreteInt(c.contrib[i]->children()[0]) == col)
            byKey.push_back({*m.concreteInt(c.contrib[i]->children()[1]), i});
        std::stable_sort(byKey.begin(), byKey.end(),
                         [](auto& a, auto& b) { return a.first < b.first; });
        int64_t h = allocCommHandle(m, taken);
        taken.push_back(h);
        std::vector<int> g;
        for (auto& [key, i] : byKey) {
          g.push_back(group[i]);
          commOf[size_t(i)] = h;
        }
        members.push_back(g);
      }
    } else {
      std::vector<int> g = group;
      if (kind == CollKind::CommCreate) {
        g.clear();
        for (Expr e : c.contrib[0]->children())
          g.push_back(int(*m.concreteInt(e)));
      }
      int64_t h = g.empty() ? mpiHandle(1, 0) : allocCommHandle(m, taken);
      for (int i = 0; i < n; ++i)
        if (std::find(g.begin(), g.end(), group[i]) != g.end())
          commOf[size_t(i)] = h;
      if (!g.empty())
        members.push_back(g);
    }
    for (int i = 0; i < n; ++i) {
      result[i] = {m.intc(commOf[size_t(i)])};
      has[i] = 1;
      if (commOf[size_t(i)] == mpiHandle(1, 0))
        continue;
      for (const std::vector<int>& g : members)
        if (std::find(g.begin(), g.end(), group[i]) != g.end()) {
          // ext values are reloaded below, after the records change
          addComm(m, group[i], commOf[size_t(i)], g, comm);
          attachTopology(m, group[i], commOf[size_t(i)], xs[i].recs[size_t(ri[i])].aux);
          xs[i] = loadExt(m, group[i]);
        }
    }
    break;
  }
  default:
    break;
  }
  bool handles = createsComm(kind);
  for (int i = 0; i < n; ++i) {
    int p = group[i];
    CollRec& r = xs[i].recs[size_t(ri[i])];
    if (r.state == kLeft) { // returned before: only its record goes
      xs[i].recs.erase(xs[i].recs.begin() + ri[i]);
      storeExt(m, p, xs[i]);
      continue;
    }
    if (r.state == kReleased) { // nonblocking, result kept for its Wait
      r.state = 1;
      storeExt(m, p, xs[i]);
      continue;
    }
    // Mixed buffering: a member that took the synchronizing outcome is
    // released now; the same state is reached when it returns early and
    // idles until now (the sibling outcome): see Successor::covered.
    if (r.state == kWaitAll && m.ex.options().mixedSends)
      m.covered = true;
    if (!handles && has[i] && !result[i].empty())
      segs[size_t(i)].push_back(Seg{0, r.dt, result[i]});
    if (r.req >= 0) { // nonblocking: the result waits in the record
      r.state = 1;
      if (r.recv && !handles && !segs[size_t(i)].empty())
        r.result = encodeSegs(m, segs[size_t(i)]);
      if (r.recv && handles && has[i] && !result[i].empty()) // Comm_idup: the new handle
        r.result = encodeSegs(m, {Seg{0, mpiHandle(3, 7) /* MPI_INT */, {result[i][0]}}});
      storeExt(m, p, xs[i]);
      continue;
    }
    // (a copy: r refers into the records, and the erase moves the next
    // one, another communicator's, into its place)
    const Expr recv = r.recv;
    xs[i].recs.erase(xs[i].recs.begin() + ri[i]);
    storeExt(m, p, xs[i]);
    mpiCollEnds(m, p, comm);
    if (!recv)
      continue;
    int save = m.me;
    m.me = p;
    if (handles) {
      if (has[i] && !result[i].empty())
        m.writePlace(m.placeOfPointer(recv, m.P.types.intType(), p), result[i][0]);
    } else {
      for (const Seg& g : segs[size_t(i)])
        writeTyped(m, recv, g.off, g.vals, g.dt, ViolationKind::MpiInvalidBuffer, p);
    }
    m.me = save;
  }
  m.step.effects.push_back(std::string("complete ") + collName(kind));
}

void releaseReady(Machine& m, int64_t comm, const std::vector<int>& group, size_t k) {
  int n = int(group.size());
  std::vector<MpiExt> xs(static_cast<size_t>(n));
  std::vector<int64_t> ri(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    xs[i] = loadExt(m, group[i]);
    ri[i] = pendingRec(xs[i], comm, k);
  }
  auto elems = [&](int j) {
    Expr d = xs[j].recs[size_t(ri[j])].data;
    return std::vector<Expr>(d->children().begin(), d->children().end());
  };
  for (int i = 0; i < n; ++i) {
    if (ri[i] < 0 || xs[i].recs[size_t(ri[i])].state != kArrived)
      continue;
    CollRec& r = xs[i].recs[size_t(ri[i])];
    CollKind kind = CollKind(r.kind);
    std::vector<int> deps;
    if (!earlyDeps(kind, i, int(r.root), n, r.op, deps))
      continue;
    bool ready = true;
    for (int j : deps)
      ready = ready && ri[j] >= 0;
    if (!ready)
      continue;
    std::vector<Expr> vals; // the result of member i
    if ((kind == CollKind::Bcast && i != r.root) || kind == CollKind::Scatter) {
      vals = elems(int(r.root));
      if (kind == CollKind::Scatter) {
        size_t cnt = vals.size() / size_t(n);
        vals = std::vector<Expr>(vals.begin() + long(size_t(i) * cnt),
                                 vals.begin() + long(size_t(i + 1) * cnt));
      }
    } else if (kind == CollKind::Scan || (kind == CollKind::Exscan && i > 0)) {
      int to = kind == CollKind::Scan ? i + 1 : i;
      vals = elems(0);
      std::vector<std::vector<Expr>> xs{vals};
      for (int j = 1; j < to; ++j) {
        std::vector<Expr> x = elems(j);
        if (x.size() != vals.size())
          m.fail(ViolationKind::MpiSignatureMismatch, "reduction with different counts", m.pc());
        vals = reduceVec(m, int(r.op), r.dt, vals, x);
        xs.push_back(std::move(x));
      }
      orderFree(m, int(r.op), r.dt, xs, vals);
    }
    int p = group[i];
    if (r.req >= 0) {
      r.state = kReleased;
      if (r.recv && !vals.empty())
        r.result = encodeSegs(m, {Seg{0, r.dt, vals}});
      storeExt(m, p, xs[i]);
    } else {
      r.state = kLeft;
      storeExt(m, p, xs[i]);
      mpiCollEnds(m, p, comm);
      if (r.recv && !vals.empty()) {
        int save = m.me;
        m.me = p;
        writeTyped(m, r.recv, 0, vals, r.dt, ViolationKind::MpiInvalidBuffer, p);
        m.me = save;
      }
    }
    m.step.effects.push_back("process " + std::to_string(p) + " returns from " + collName(kind) +
                             " (its data is there)");
  }
}

/// v-collectives: the aux record of each member is [own signature, then per
/// peer (send signature, send basic values, receive signature, receive byte
/// offset, receive datatype)]; a mismatch of what one member sends and what
/// its peer expects is MPI_SIGNATURE_MISMATCH (reported at the last arrival).
enum VField { VSSig = 0, VSCnt, VRSig, VROff, VRDt, kVFields };

std::vector<int64_t> auxInts(Machine& m, Expr aux) {
  std::vector<int64_t> v;
  if (aux)
    for (Expr e : aux->children())
      v.push_back(*m.concreteInt(e));
  return v;
}

void completeV(Machine& m, CollKind kind, const std::vector<CollRec>& recs,
               const std::vector<int>& group, std::vector<std::vector<Seg>>& segs) {
  size_t n = group.size();
  std::vector<std::vector<int64_t>> A;
  for (const CollRec& r : recs)
    A.push_back(auxInts(m, r.aux));
  auto blk = [&](size_t i, size_t peer, int f) { return A[i].at(1 + kVFields * peer + size_t(f)); };
  auto vals = [&](size_t i) {
    std::vector<Expr> v;
    if (recs[i].data)
      v.assign(recs[i].data->children().begin(), recs[i].data->children().end());
    return v;
  };
  // A mismatch between the root and another member of MPI_Gatherv or
  // MPI_Scatterv is that member's: its count and datatype differ from what
  // the root gives for it (the root gives one per member). It is reported
  // at that member's call (kept in its record: it may have returned early,
  // or not be the last to arrive), as it would be had it arrived last.
  auto mismatch = [&](size_t from, size_t to, int64_t sent, int64_t expected) {
    std::string msg = std::string(collName(kind)) + ": process " + std::to_string(group[from]) +
                      " sends " + sigText(sigById(sent)) + " to process " +
                      std::to_string(group[to]) + ", which expects " + sigText(sigById(expected));
    size_t root = size_t(recs[0].root), at = from == root ? to : from;
    if ((kind == CollKind::Gatherv || kind == CollKind::Scatterv) && at != root &&
        group[at] != m.me) {
      m.me = group[at];
      m.thr = 0;
      m.loc = unpackLoc(A[at].back());
    }
    m.fail(ViolationKind::MpiSignatureMismatch, msg, m.pc());
  };
  auto slices = [&](size_t i, const std::vector<Expr>& all) { // blocks of sender i
    std::vector<std::vector<Expr>> out;
    size_t at = 0;
    for (size_t j = 0; j < n; ++j) {
      size_t c = size_t(blk(i, j, VSCnt));
      out.emplace_back(all.begin() + long(at), all.begin() + long(at + c));
      at += c;
    }
    return out;
  };
  switch (kind) {
  case CollKind::Gatherv: {
    size_t root = size_t(recs[0].root);
    for (size_t i = 0; i < n; ++i) {
      if (A[i][0] < 0) // the root's own block, in place
        continue;
      if (A[i][0] != blk(root, i, VRSig))
        mismatch(i, root, A[i][0], blk(root, i, VRSig));
      segs[root].push_back(Seg{blk(root, i, VROff), blk(root, i, VRDt), vals(i)});
    }
    break;
  }
  case CollKind::Scatterv: {
    size_t root = size_t(recs[0].root);
    auto bl = slices(root, vals(root));
    for (size_t i = 0; i < n; ++i) {
      if (A[i][0] < 0)
        continue;
      if (A[i][0] != blk(root, i, VSSig))
        mismatch(root, i, blk(root, i, VSSig), A[i][0]);
      segs[i].push_back(Seg{0, recs[i].dt, bl[i]});
    }
    break;
  }
  case CollKind::Allgatherv:
    for (size_t j = 0; j < n; ++j)
      for (size_t i = 0; i < n; ++i) {
        if (A[i][0] != blk(j, i, VRSig))
          mismatch(i, j, A[i][0], blk(j, i, VRSig));
        segs[j].push_back(Seg{blk(j, i, VROff), blk(j, i, VRDt), vals(i)});
      }
    break;
  case CollKind::Alltoallv:
    for (size_t i = 0; i < n; ++i) {
      auto bl = slices(i, vals(i));
      for (size_t j = 0; j < n; ++j) {
        if (blk(i, j, VSSig) != blk(j, i, VRSig))
          mismatch(i, j, blk(i, j, VSSig), blk(j, i, VRSig));
        segs[j].push_back(Seg{blk(j, i, VROff), blk(j, i, VRDt), bl[j]});
      }
    }
    break;
  case CollKind::ReduceScatter: {
    for (size_t i = 1; i < n; ++i)
      for (size_t j = 0; j < n; ++j)
        if (blk(i, j, VRSig) != blk(0, j, VRSig))
          m.fail(ViolationKind::MpiSignatureMismatch,
                 "MPI_Reduce_scatter: process " + std::to_string(group[i]) +
                     " gives another receive count for rank " + std::to_string(j) +
                     " than process " + std::to_string(group[0]),
                 m.pc());
    std::vector<Expr> acc = vals(0);
    std::vector<std::vector<Expr>> xs{acc};
    for (size_t i = 1; i < n; ++i) {
      acc = reduceVec(m, int(recs[0].op), recs[0].dt, acc, vals(i));
      xs.push_back(vals(i));
    }
    orderFree(m, int(recs[0].op), recs[0].dt, xs, acc);
    auto bl = slices(0, acc);
    for (size_t j = 0; j < n; ++j)
      segs[j].push_back(Seg{0, recs[j].dt, bl[j]});
    break;
  }
  default:
    break;
  }
}

} // namespace

bool collRequestDone(Machine& m, size_t slot) {
  for (const CollRec& r : loadExt(m, m.me).recs)
    if (r.req == int64_t(slot))
      return r.state == 1 || r.state == kReleased;
  return false;
}

void collRequestFinish(Machine& m, size_t slot) {
  MpiExt x = loadExt(m, m.me);
  for (size_t i = 0; i < x.recs.size(); ++i)
    if (x.recs[i].req == int64_t(slot)) {
      CollRec r = x.recs[i];
      if (r.state == kReleased) { // the instance goes on: the record stays
        x.recs[i].state = kLeft;
        x.recs[i].req = int64_t(1) << 40; // nonblocking still, but no request
        x.recs[i].result = nullptr;
      } else
        x.recs.erase(x.recs.begin() + long(i));
      storeExt(m, m.me, x);
      if (r.recv && r.result)
        for (const Seg& g : decodeSegs(m, r.result))
          writeTyped(m, r.recv, g.off, g.vals, g.dt, ViolationKind::MpiInvalidBuffer, m.me);
      return;
    }
}

namespace {

/// Set while a nonblocking collective runs its blocking form: the request
/// slot its arrival record belongs to (-1: blocking call).
int64_t gReq = -1;

bool inPlace(Machine& m, Expr p) {
  return isSpecial(m, p, "chorus_mpi_in_place_");
}

/// Rank of the moving process in comm.
int myRank(Machine& m, int64_t comm) {
  return procToRank(m, comm, m.me);
}

int64_t checkRoot(Machine& m, Expr rootE, int64_t comm) {
  int64_t root = m.requireConcrete(rootE, "root");
  if (root < 0 || root >= int64_t(commGroup(m, comm).size()))
    m.fail(ViolationKind::MpiInvalidRank, "invalid root " + std::to_string(root), m.pc());
  return root;
}

int64_t checkOp(Machine& m, Expr opE) {
  int64_t op = m.requireConcrete(opE, "operation");
  int64_t i = op & 0xffffff;
  if (isUserOp(op)) {
    if (findObj(loadExt(m, m.me).objs, 4, op) < 0)
      m.fail(ViolationKind::MpiInvalidOp,
             "use of a freed or never created operation (handle " + std::to_string(op) + ")",
             m.pc());
    if (gReq >= 0)
      throw Unsupported("user-defined operation in a nonblocking collective at " + m.where());
    return op;
  }
  if (isSymbolicOp(op)) // computed like a predefined op (symbolicOpApply): no callback
    return op;
  if ((op >> 24) != 4 || i == 0 || i > 14)
    m.fail(ViolationKind::MpiInvalidOp, "invalid reduction operation handle: " + handleText(op),
           m.pc());
  return op;
}

const char* opName(int64_t op) {
  static const char* names[] = {"MPI_OP_NULL", "MPI_MAX",     "MPI_MIN",  "MPI_SUM",
                                "MPI_PROD",    "MPI_LAND",    "MPI_BAND", "MPI_LOR",
                                "MPI_BOR",     "MPI_LXOR",    "MPI_BXOR", "MPI_MAXLOC",
                                "MPI_MINLOC",  "MPI_REPLACE", "MPI_NO_OP"};
  int64_t i = op & 0xffffff;
  return i >= 0 && i <= 14 ? names[i] : "a user-defined operation";
}

/// The groups of basic datatypes of MPI 3.1 §5.9.2 and the operations
/// allowed on each.
enum OpGroup : unsigned {
  CInteger = 1,
  FortranInteger = 2,
  FloatingPoint = 4,
  Logical = 8,
  Complex = 16,
  Byte = 32,
  MultiLanguage = 64,
};

unsigned opGroup(int64_t basic) {
  int64_t i = basic & 0xffffff;
  if (i == 2 || i == 3 || (i >= 5 && i <= 12) || (i >= 18 && i <= 25))
    return CInteger; // MPI_CHAR and MPI_WCHAR are printable characters: no group
  if (i == 41)
    return FortranInteger;
  if (i == 13 || i == 14 || i == 15 || i == 42 || i == 43)
    return FloatingPoint;
  if (i == 17 || i == 44)
    return Logical;
  if ((i >= 29 && i <= 31) || i == 46 || i == 47)
    return Complex;
  if (i == 4)
    return Byte;
  if (i >= 26 && i <= 28)
    return MultiLanguage;
  return 0;
}

unsigned allowedGroups(int64_t op) {
  switch (op & 0xffffff) {
  case 1: // MAX, MIN
  case 2:
    return CInteger | FortranInteger | FloatingPoint | MultiLanguage;
  case 3: // SUM, PROD
  case 4:
    return CInteger | FortranInteger | FloatingPoint | Complex | MultiLanguage;
  case 5: // LAND, LOR, LXOR
  case 7:
  case 9:
    return CInteger | Logical;
  case 6: // BAND, BOR, BXOR
  case 8:
  case 10:
    return CInteger | FortranInteger | Byte | MultiLanguage;
  default:
    return 0;
  }
}

/// MPI 3.1 §5.9.2/5.9.4: MPI_REPLACE and MPI_NO_OP are for one-sided
/// accumulates only; MAXLOC/MINLOC only on the pair types; the other
/// predefined operations only on the groups of basic types the table of
/// §5.9.2 allows them, never on a derived datatype (§5.9.1).
void checkOpType(Machine& m, int64_t op, int64_t dt) {
  if (isUserOp(op) || isSymbolicOp(op)) {
    checkDatatype(m, dt);
    return; // (a derived datatype: through its type map, userReducePhase)
  }
  int64_t i = op & 0xffffff;
  int64_t d = dt & 0xffffff;
  bool pair = (dt >> 24) == 3 && ((d >= 33 && d <= 38) || (d >= 48 && d <= 50));
  if ((i == 11 || i == 12) && !pair)
    m.fail(ViolationKind::MpiInvalidOp,
           std::string(i == 11 ? "MPI_MAXLOC" : "MPI_MINLOC") +
               " on a datatype that is not a pair type (MPI_DOUBLE_INT, MPI_2INT, ...)",
           m.pc());
  if (i != 11 && i != 12 && i < 13 && pair)
    m.fail(ViolationKind::MpiInvalidOp,
           "predefined reduction other than MAXLOC/MINLOC on a pair type", m.pc());
  if (i == 13 || i == 14)
    m.fail(ViolationKind::MpiInvalidOp,
           std::string(opName(op)) +
               " in a reduction: it is defined only for one-sided accumulate operations "
               "(MPI 3.1 §11.3.4)",
           m.pc());
  if (i == 11 || i == 12)
    return;
  TypeMap tm = typeMap(m, dt);
  // MPI 3.1 §5.9.1: "Predefined operators work only with the MPI types
  // listed in Section 5.9.2 and Section 5.9.4"; a derived datatype needs a
  // user-defined operation (Open MPI aborts: MPI_ERR_OP)
  if ((dt & 0xffffff) >= 0x1000) // a derived datatype's handle (Mpi.cpp typeMap)
    m.fail(ViolationKind::MpiInvalidOp,
           std::string(opName(op)) +
               " on a derived datatype: MPI 3.1 §5.9.1 defines the predefined operations only "
               "on the basic datatypes (a derived datatype needs a user-defined operation)",
           m.pc());
  for (const TypeEntry& e : tm.entries)
    if (!(opGroup(e.basic) & allowedGroups(op)))
      m.fail(ViolationKind::MpiInvalidOp,
             std::string(opName(op)) + " on " + datatypeName(e.basic) +
                 (isBasicType(dt) ? "" : " (in a derived datatype)") +
                 ": MPI 3.1 §5.9.2 does not define it for this type",
             m.pc());
}

int64_t checkCount(Machine& m, Expr countE) {
  int64_t c = m.requireConcrete(countE, "count");
  if (c < 0)
    m.fail(ViolationKind::MpiInvalidCount, "negative count " + std::to_string(c), m.pc());
  return c;
}

Machine::Outcome runBarrier(Machine& m, const std::string& name, const model::Transition& t) {
  int64_t comm = requireComm(m, m.arg(t.stmt, 0));
  arrive(m, comm, CollKind::Barrier, 0, 0, 0, nullptr, nullptr, nullptr, gReq);
  return mpiDone(m, t);
}

Machine::Outcome runBcast(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = requireComm(m, m.arg(s, 4));
  int64_t root = checkRoot(m, m.arg(s, 3), comm);
  int me = myRank(m, comm);
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  Expr count = m.arg(s, 1);
  checkCount(m, count);
  Expr buf = m.arg(s, 0);
  Expr data = nullptr;
  if (me == root)
    data = packBuffer(m, buf, count, dt);
  arrive(m, comm, CollKind::Bcast, int(root), int(dt), 0, count, data, me == root ? nullptr : buf,
         gReq, collSig(m, checkCount(m, count), dt));
  return mpiDone(m, t);
}

Machine::Outcome runReduce(Machine& m, const std::string& name, const model::Transition& t) {
  if (m.self().callPhase)
    return userReducePhase(m, t);
  const model::Stmt& s = t.stmt;
  bool all = name == "MPI_Allreduce";
  int64_t comm = requireComm(m, m.arg(s, all ? 5 : 6));
  Expr sbuf = m.arg(s, 0), rbuf = m.arg(s, 1), count = m.arg(s, 2);
  int64_t dt = m.requireConcrete(m.arg(s, 3), "datatype");
  int64_t op = checkOp(m, m.arg(s, 4));
  int64_t root = all ? 0 : checkRoot(m, m.arg(s, 5), comm);
  checkOpType(m, op, dt);
  int64_t cnt = checkCount(m, count);
  bool ip = isSpecial(m, sbuf, "chorus_mpi_in_place_");
  if (ip && !all && myRank(m, comm) != root) // MPI 3.1 §5.9.1: at the root only
    m.fail(ViolationKind::MpiInvalidBuffer,
           "MPI_IN_PLACE in MPI_Reduce at a process other than the root", m.pc());
  if (!ip && (all || myRank(m, comm) == root))
    checkDisjointBuffers(m, name, sbuf, m.intc(cnt), dt, rbuf, m.intc(cnt), dt);
  Expr data = packBuffer(m, ip ? rbuf : sbuf, count, dt);
  arrive(m, comm, all ? CollKind::Allreduce : CollKind::Reduce, int(root), int(dt), int(op), count,
         data, (all || myRank(m, comm) == root) ? rbuf : nullptr, gReq, collSig(m, cnt, dt));
  return afterReduceArrival(m, t, op);
}

Machine::Outcome runAllgather(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = requireComm(m, m.arg(s, 6));
  Expr sbuf = m.arg(s, 0), count = m.arg(s, 1), rbuf = m.arg(s, 3);
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  Expr data;
  int64_t sg;
  if (isSpecial(m, sbuf, "chorus_mpi_in_place_")) {
    dt = m.requireConcrete(m.arg(s, 5), "datatype");
    int64_t rc = checkCount(m, m.arg(s, 4));
    data = packAt(m, rbuf, myRank(m, comm) * rc * typeExtent(m, dt), rc, dt);
    count = m.intc(rc);
    sg = collSig(m, rc, dt);
  } else {
    data = packBuffer(m, sbuf, count, dt);
    int64_t rdt = m.requireConcrete(m.arg(s, 5), "datatype");
    int64_t rc = checkCount(m, m.arg(s, 4));
    checkDisjointBuffers(m, name, sbuf, m.intc(checkCount(m, count)), dt, rbuf,
                         m.intc(rc * int64_t(commGroup(m, comm).size())), rdt);
    sg = collSig(m, checkCount(m, count), dt);
    if (sg != collSig(m, rc, rdt))
      m.fail(ViolationKind::MpiSignatureMismatch,
             name + ": send and receive type signatures differ (" + sigText(sigById(sg)) + " vs " +
                 sigText(signatureOf(m, rc, rdt)) + ")",
             m.pc());
    dt = rdt;
  }
  arrive(m, comm, CollKind::Allgather, 0, int(dt), 0, count, data, rbuf, gReq, sg);
  return mpiDone(m, t);
}

/// Gather, Scatter, Alltoall (blocks of sendcount elements per process):
/// arguments sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype[, root], comm.
Machine::Outcome runBlocks(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  CollKind kind = name == "MPI_Gather"    ? CollKind::Gather
                  : name == "MPI_Scatter" ? CollKind::Scatter
                                          : CollKind::Alltoall;
  bool rooted = kind != CollKind::Alltoall;
  int64_t comm = requireComm(m, m.arg(s, rooted ? 7 : 6));
  int64_t root = rooted ? checkRoot(m, m.arg(s, 6), comm) : 0;
  int n = int(commGroup(m, comm).size());
  Expr sbuf = m.arg(s, 0), rbuf = m.arg(s, 3);
  int64_t scount = checkCount(m, m.arg(s, 1)), rcount = checkCount(m, m.arg(s, 4));
  int64_t sdt = m.requireConcrete(m.arg(s, 2), "datatype"),
          rdt = m.requireConcrete(m.arg(s, 5), "datatype");
  bool isRoot = myRank(m, comm) == root;
  bool ip = inPlace(m, kind == CollKind::Scatter ? rbuf : sbuf);
  if (ip && rooted && !isRoot) // MPI 3.1 §5.5, §5.6: at the root only
    m.fail(ViolationKind::MpiInvalidBuffer,
           "MPI_IN_PLACE in " + name + " at a process other than the root", m.pc());
  // seed 002 §3.1: the signature each process sends must match the one its
  // receiver expects
  int64_t ssig = 0, rsig = 0;
  bool sends = kind != CollKind::Scatter || isRoot, recvs = kind != CollKind::Gather || isRoot;
  if (sends && !(ip && kind != CollKind::Scatter))
    ssig = collSig(m, scount, sdt);
  if (recvs && !(ip && kind == CollKind::Scatter))
    rsig = collSig(m, rcount, rdt);
  if (ssig && rsig && ssig != rsig)
    m.fail(ViolationKind::MpiSignatureMismatch,
           name + ": send and receive type signatures differ (" + sigText(sigById(ssig)) + " vs " +
               sigText(sigById(rsig)) + ")",
           m.pc());
  int64_t sig = ssig ? ssig : rsig;
  if (!ip && (isRoot || kind == CollKind::Alltoall))
    checkDisjointBuffers(m, name, sbuf, m.intc(kind == CollKind::Gather ? scount : scount * n), sdt,
                         rbuf, m.intc(kind == CollKind::Scatter ? rcount : rcount * n), rdt);
  Expr data = nullptr;
  Expr recv = nullptr;
  int64_t count = kind == CollKind::Scatter ? rcount : scount;
  if (kind == CollKind::Gather) {
    if (ip && isRoot)
      data = packAt(m, rbuf, root * rcount * typeExtent(m, rdt), rcount, rdt);
    else
      data = packAt(m, sbuf, 0, scount, sdt);
    recv = isRoot ? rbuf : nullptr;
    count = ip && isRoot ? rcount : scount;
  } else if (kind == CollKind::Scatter) {
    if (isRoot) {
      // block i of the root's send buffer at i * scount * extent(sendtype)
      std::vector<Expr> all;
      for (int i = 0; i < n; ++i) {
        Expr b = packAt(m, sbuf, i * scount * typeExtent(m, sdt), scount, sdt);
        all.insert(all.end(), b->children().begin(), b->children().end());
      }
      data = packValues(m, all);
    }
    recv = ip && isRoot ? nullptr : rbuf;
    count = ip && isRoot ? scount : rcount;
  } else {
    int64_t c = ip ? rcount : scount, d = ip ? rdt : sdt;
    std::vector<Expr> all;
    for (int i = 0; i < n; ++i) {
      Expr b = packAt(m, ip ? rbuf : sbuf, i * c * typeExtent(m, d), c, d);
      all.insert(all.end(), b->children().begin(), b->children().end());
    }
    data = packValues(m, all);
    recv = rbuf;
    count = c;
  }
  arrive(m, comm, kind, int(root), int(rdt), 0, m.intc(count), data, recv, gReq, sig);
  return mpiDone(m, t);
}

/// Scan, Exscan, Reduce_scatter_block: sendbuf, recvbuf, count, datatype, op, comm.
Machine::Outcome runScan(Machine& m, const std::string& name, const model::Transition& t) {
  if (m.self().callPhase)
    return userReducePhase(m, t);
  const model::Stmt& s = t.stmt;
  int64_t comm = requireComm(m, m.arg(s, 5));
  CollKind kind = name == "MPI_Scan"     ? CollKind::Scan
                  : name == "MPI_Exscan" ? CollKind::Exscan
                                         : CollKind::ReduceScatterBlock;
  Expr sbuf = m.arg(s, 0), rbuf = m.arg(s, 1);
  int64_t count = checkCount(m, m.arg(s, 2));
  int64_t dt = m.requireConcrete(m.arg(s, 3), "datatype");
  int64_t op = checkOp(m, m.arg(s, 4));
  checkOpType(m, op, dt);
  int64_t len =
      kind == CollKind::ReduceScatterBlock ? count * int64_t(commGroup(m, comm).size()) : count;
  if (!inPlace(m, sbuf))
    checkDisjointBuffers(m, name, sbuf, m.intc(len), dt, rbuf, m.intc(count), dt);
  Expr data = packBuffer(m, inPlace(m, sbuf) ? rbuf : sbuf, m.intc(len), dt);
  arrive(m, comm, kind, 0, int(dt), int(op), m.intc(count), data, rbuf, gReq,
         collSig(m, count, dt));
  return afterReduceArrival(m, t, op);
}

int64_t readIntAt(Machine& m, Expr arr, int64_t i, const char* what) {
  if (inPlace(m, arr))
    m.fail(ViolationKind::MpiInvalidBuffer, std::string("MPI_IN_PLACE as the ") + what + " array",
           m.pc());
  Expr p = i == 0 ? arr : m.ptrAdd(arr, m.intc(i));
  Expr v = m.readPlace(m.placeOfPointer(p, m.P.types.intType(), m.me));
  m.checkDefined(v);
  return m.requireConcrete(v, what);
}

/// The v-collectives' per-peer arguments: counts, displacements (in extents
/// of the type, or bytes for Alltoallw) and types, read from the caller's
/// memory (bounds-checked).
struct VBlocks {
  std::vector<int64_t> count, off, type;
};

VBlocks readBlocks(Machine& m, size_t n, Expr counts, Expr displs, Expr types, int64_t dt,
                   bool bytes) {
  VBlocks b;
  for (size_t i = 0; i < n; ++i) {
    int64_t c = readIntAt(m, counts, int64_t(i), "counts");
    if (c < 0)
      m.fail(ViolationKind::MpiInvalidCount,
             "negative count " + std::to_string(c) + " for rank " + std::to_string(i), m.pc());
    int64_t d = types ? readIntAt(m, types, int64_t(i), "datatypes") : dt;
    checkCommitted(m, d);
    int64_t o = displs ? readIntAt(m, displs, int64_t(i), "displacements") : 0;
    b.count.push_back(c);
    b.type.push_back(d);
    b.off.push_back(bytes ? o : o * typeExtent(m, d));
  }
  return b;
}

Expr auxOf(Machine& m, int64_t mySig, size_t n, const VBlocks* s, const std::vector<int64_t>* scnt,
           const VBlocks* r) {
  std::vector<Expr> v{m.intc(mySig)};
  for (size_t i = 0; i < n; ++i) {
    v.push_back(m.intc(s ? collSig(m, s->count[i], s->type[i]) : 0));
    v.push_back(m.intc(scnt ? (*scnt)[i] : 0));
    v.push_back(m.intc(r ? collSig(m, r->count[i], r->type[i]) : 0));
    v.push_back(m.intc(r ? r->off[i] : 0));
    v.push_back(m.intc(r ? r->type[i] : 0));
  }
  v.push_back(m.intc(packLoc(m.loc))); // the call (completeV's reports)
  return m.f.arrayLit(m.f.arrayType(m.f.intType()), v);
}

/// Packs the blocks of b from buf; scnt gets each block's number of basic values.
Expr packBlocks(Machine& m, Expr buf, const VBlocks& b, std::vector<int64_t>& scnt) {
  std::vector<Expr> all;
  for (size_t i = 0; i < b.count.size(); ++i) {
    Expr x = packAt(m, buf, b.off[i], b.count[i], b.type[i]);
    scnt.push_back(int64_t(x->children().size()));
    all.insert(all.end(), x->children().begin(), x->children().end());
  }
  return packValues(m, all);
}

/// MPI 3.1 §5.5, §5.8: counts, types and displacements must not make a
/// location of the receive buffer be written twice (MPI_INVALID_BUFFER).
/// Blocks of basic datatypes only (their bytes are count * size).
void checkDisjointBlocks(Machine& m, const std::string& name, const VBlocks& b) {
  for (size_t i = 0; i < b.count.size(); ++i)
    if (!isBasicType(b.type[i]))
      return;
  for (size_t i = 0; i < b.count.size(); ++i)
    for (size_t j = i + 1; j < b.count.size(); ++j) {
      int64_t ei = b.off[i] + b.count[i] * int64_t(datatypeSize(b.type[i]));
      int64_t ej = b.off[j] + b.count[j] * int64_t(datatypeSize(b.type[j]));
      if (b.count[i] > 0 && b.count[j] > 0 && b.off[i] < ej && b.off[j] < ei)
        m.fail(ViolationKind::MpiInvalidBuffer,
               name + ": the receive blocks of ranks " + std::to_string(i) + " and " +
                   std::to_string(j) +
                   " overlap (MPI 3.1 §5.5: no location of the receive buffer may be written "
                   "twice)",
               m.pc());
    }
}

/// MPI_Gatherv, MPI_Scatterv, MPI_Allgatherv, MPI_Alltoallv, MPI_Alltoallw,
/// MPI_Reduce_scatter.
Machine::Outcome runV(Machine& m, const std::string& name, const model::Transition& t) {
  if (m.self().callPhase)
    return userReducePhase(m, t);
  const model::Stmt& s = t.stmt;
  auto a = [&](size_t i) { return m.arg(s, i); };
  auto dtArg = [&](size_t i) { return m.requireConcrete(a(i), "datatype"); };
  size_t nargs = s.args.size() - (gReq >= 0 ? 1 : 0);
  int64_t comm = requireComm(m, a(nargs - 1));
  size_t n = commGroup(m, comm).size();
  int me = myRank(m, comm);
  if (name == "MPI_Gatherv" || name == "MPI_Allgatherv") {
    bool all = name == "MPI_Allgatherv";
    int64_t root = all ? 0 : checkRoot(m, a(7), comm);
    bool recvs = all || me == root;
    int64_t rdt = dtArg(6);
    VBlocks rb;
    if (recvs) {
      rb = readBlocks(m, n, a(4), a(5), nullptr, rdt, false);
      checkDisjointBlocks(m, name, rb);
    }
    bool ip = inPlace(m, a(0)) && recvs;
    Expr data = nullptr;
    int64_t mySig = -1;
    if (ip && all) { // own block taken from the receive buffer
      data = packAt(m, a(3), rb.off[size_t(me)], rb.count[size_t(me)], rdt);
      mySig = collSig(m, rb.count[size_t(me)], rdt);
    } else if (!ip) {
      int64_t sc = checkCount(m, a(1)), sdt = dtArg(2);
      data = packAt(m, a(0), 0, sc, sdt);
      mySig = collSig(m, sc, sdt);
    }
    arrive(m, comm, all ? CollKind::Allgatherv : CollKind::Gatherv, int(root), int(rdt), 0, nullptr,
           data, recvs ? a(3) : nullptr, gReq, 0,
           auxOf(m, mySig, n, nullptr, nullptr, recvs ? &rb : nullptr));
  } else if (name == "MPI_Scatterv") {
    int64_t root = checkRoot(m, a(7), comm);
    bool isRoot = me == root;
    bool ip = isRoot && inPlace(m, a(4));
    Expr data = nullptr;
    std::vector<int64_t> scnt;
    VBlocks sb;
    if (isRoot) {
      sb = readBlocks(m, n, a(1), a(2), nullptr, dtArg(3), false);
      data = packBlocks(m, a(0), sb, scnt);
    }
    int64_t rdt = ip ? 0 : dtArg(6);
    int64_t mySig = ip ? -1 : collSig(m, checkCount(m, a(5)), rdt);
    arrive(m, comm, CollKind::Scatterv, int(root), int(rdt), 0, nullptr, data, ip ? nullptr : a(4),
           gReq, 0, auxOf(m, mySig, n, isRoot ? &sb : nullptr, isRoot ? &scnt : nullptr, nullptr));
  } else if (name == "MPI_Alltoallv" || name == "MPI_Alltoallw") {
    bool w = name == "MPI_Alltoallw";
    VBlocks rb = readBlocks(m, n, a(5), a(6), w ? a(7) : nullptr, w ? 0 : dtArg(7), w);
    checkDisjointBlocks(m, name, rb);
    bool ip = inPlace(m, a(0));
    VBlocks sb = ip ? rb : readBlocks(m, n, a(1), a(2), w ? a(3) : nullptr, w ? 0 : dtArg(3), w);
    std::vector<int64_t> scnt;
    Expr data = packBlocks(m, ip ? a(4) : a(0), sb, scnt);
    arrive(m, comm, CollKind::Alltoallv, 0, 0, 0, nullptr, data, a(4), gReq, 0,
           auxOf(m, 0, n, &sb, &scnt, &rb));
  } else { // MPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm)
    int64_t dt = dtArg(3);
    int64_t op = checkOp(m, a(4));
    checkOpType(m, op, dt);
    VBlocks rb = readBlocks(m, n, a(2), nullptr, nullptr, dt, false);
    int64_t total = 0;
    std::vector<int64_t> scnt;
    for (size_t i = 0; i < n; ++i) {
      total += rb.count[i];
      scnt.push_back(sigLength(signatureOf(m, rb.count[i], dt)));
    }
    Expr data = packAt(m, inPlace(m, a(0)) ? a(1) : a(0), 0, total, dt);
    arrive(m, comm, CollKind::ReduceScatter, 0, int(dt), int(op), nullptr, data, a(1), gReq, 0,
           auxOf(m, 0, n, nullptr, &scnt, &rb));
    return afterReduceArrival(m, t, op);
  }
  return mpiDone(m, t);
}

Machine::Outcome runNonblocking(Machine& m, const std::string& name, const model::Transition& t);

/// MPI_Reduce_local(inbuf, inoutbuf, count, datatype, op): local,
/// inoutbuf[i] = inbuf[i] op inoutbuf[i].
Machine::Outcome runReduceLocal(Machine& m, const std::string& name, const model::Transition& t) {
  if (m.self().callPhase)
    return userReducePhase(m, t);
  const model::Stmt& s = t.stmt;
  Expr in = m.arg(s, 0), io = m.arg(s, 1);
  int64_t count = checkCount(m, m.arg(s, 2));
  int64_t dt = m.requireConcrete(m.arg(s, 3), "datatype");
  int64_t op = checkOp(m, m.arg(s, 4));
  if (inPlace(m, in) || inPlace(m, io))
    m.fail(ViolationKind::MpiInvalidBuffer, "MPI_IN_PLACE in MPI_Reduce_local", m.pc());
  Expr pa = packBuffer(m, in, m.intc(count), dt), pb = packBuffer(m, io, m.intc(count), dt);
  std::vector<Expr> a(pa->children().begin(), pa->children().end());
  std::vector<Expr> b(pb->children().begin(), pb->children().end());
  checkOpType(m, op, dt);
  if (isUserOp(op)) { // b = a op b by the user function (a record of state 2, see above)
    {
      MpiExt x = loadExt(m, m.me);
      CollRec r;
      r.kind = int64_t(CollKind::Reduce);
      r.state = 2;
      r.dt = dt;
      r.op = op;
      r.recv = io;
      Expr parts[5] = {m.intc(0), m.intc(-1), m.intc(2), pa, pb};
      std::vector<sym::Type> ts;
      for (Expr e : parts)
        ts.push_back(e->type());
      r.result = m.f.tuple(m.f.tupleType(ts), parts);
      x.recs.push_back(r);
      storeExt(m, m.me, x);
      m.self().callPhase = 1;
    }
    return userReducePhase(m, t);
  }
  b = reduceVec(m, int(op), dt, a, b);
  writeTyped(m, io, 0, b, dt, ViolationKind::MpiInvalidBuffer);
  return mpiDone(m, t);
}

/// MPI_Op_create(fn, commute, &op): fn must be a function of the program.
Machine::Outcome runOpCreate(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr fnE = m.arg(s, 0);
  auto fp = m.V.decodePointer(fnE);
  if (!fp || fp->root.kind != RootKind::Function)
    m.fail(ViolationKind::MpiInvalidOp, "MPI_Op_create without a user function", m.pc());
  model::FuncId fid = model::FuncId(fp->root.b);
  const model::Function& fn = m.P.func(fid);
  if (!fn.defined || fn.params.size() != 4)
    throw Unsupported("MPI_Op_create with function '" + fn.name +
                      "' (a defined function of four parameters is needed) at " + m.where());
  Expr commute = m.truth(m.arg(s, 1));
  if (!commute->isTrue() && !commute->isFalse())
    throw Unsupported("MPI_Op_create with a symbolic 'commute' at " + m.where());
  Place out = m.placeOfPointer(m.arg(s, 2), m.P.types.intType(), m.me);
  MpiExt x = loadExt(m, m.me);
  int64_t h = newLocalHandle(x.objs, 4);
  addObj(x.objs, 4, h, {int64_t(fid), commute->isTrue() ? 1 : 0});
  storeExt(m, m.me, x);
  m.writePlace(out, m.intc(h));
  m.step.effects.push_back("operation " + std::to_string(h) + " = " + fn.name +
                           (commute->isTrue() ? " (commutative)" : " (non-commutative)"));
  return mpiDone(m, t);
}

/// The object table offset of user op `op` (MPI_INVALID_OP for predefined,
/// freed or never created handles).
int64_t userOpEntry(Machine& m, const MpiExt& x, int64_t op, const char* what) {
  if (!isUserOp(op)) {
    int64_t i = op & 0xffffff;
    if ((op >> 24) == 4 && i >= 1 && i <= 14)
      m.fail(ViolationKind::MpiInvalidOp, std::string(what) + " of a predefined operation", m.pc());
    m.fail(ViolationKind::MpiInvalidOp,
           std::string(what) + " of an invalid operation handle " + std::to_string(op), m.pc());
  }
  int64_t off = findObj(x.objs, 4, op);
  if (off < 0)
    m.fail(ViolationKind::MpiInvalidOp,
           std::string(what) + " of a freed or never created operation (handle " +
               std::to_string(op) + ")",
           m.pc());
  return off;
}

Machine::Outcome runOpFree(Machine& m, const std::string& name, const model::Transition& t) {
  Place pl = m.placeOfPointer(m.arg(t.stmt, 0), m.P.types.intType(), m.me);
  Expr v = m.readPlace(pl);
  m.checkDefined(v);
  int64_t op = m.requireConcrete(v, "operation");
  MpiExt x = loadExt(m, m.me);
  removeObj(x.objs, userOpEntry(m, x, op, "MPI_Op_free"));
  storeExt(m, m.me, x);
  m.writePlace(pl, m.intc(mpiHandle(4, 0))); // MPI_OP_NULL
  return mpiDone(m, t);
}

Machine::Outcome runOpCommutative(Machine& m, const std::string& name, const model::Transition& t) {
  int64_t op = m.requireConcrete(m.arg(t.stmt, 0), "operation");
  Place out = m.placeOfPointer(m.arg(t.stmt, 1), m.P.types.intType(), m.me);
  int64_t commute = 1; // every predefined operation is commutative
  if (isSymbolicOp(op)) {
    commute = op == model::kSymbolicCommOp ? 1 : 0;
  } else if (!isUserOp(op)) {
    checkOp(m, m.intc(op));
  } else {
    MpiExt x = loadExt(m, m.me);
    commute = objPayload(x.objs, userOpEntry(m, x, op, "MPI_Op_commutative")).at(1);
  }
  m.writePlace(out, m.intc(commute));
  return mpiDone(m, t);
}

} // namespace

void registerMpiColl(MpiTable& t) {
  t.add("MPI_Op_create", {runOpCreate});
  t.add("MPI_Op_free", {runOpFree});
  t.add("MPI_Op_commutative", {runOpCommutative});
  t.add({"MPI_Gather", "MPI_Scatter", "MPI_Alltoall"}, {runBlocks});
  t.add({"MPI_Ibarrier", "MPI_Ibcast", "MPI_Ireduce", "MPI_Iallreduce", "MPI_Iallgather",
         "MPI_Igather", "MPI_Iscatter", "MPI_Ialltoall", "MPI_Iscan", "MPI_Iexscan",
         "MPI_Ireduce_scatter_block"},
        {runNonblocking});
  t.add({"MPI_Scan", "MPI_Exscan", "MPI_Reduce_scatter_block"}, {runScan});
  t.add("MPI_Barrier", {runBarrier});
  t.add("MPI_Bcast", {runBcast});
  t.add({"MPI_Reduce", "MPI_Allreduce"}, {runReduce});
  t.add("MPI_Allgather", {runAllgather});
  t.add("MPI_Reduce_local", {runReduceLocal});
  t.add({"MPI_Gatherv", "MPI_Scatterv", "MPI_Allgatherv", "MPI_Alltoallv", "MPI_Alltoallw",
         "MPI_Reduce_scatter"},
        {runV});
  t.add({"MPI_Igatherv", "MPI_Iscatterv", "MPI_Iallgatherv", "MPI_Ialltoallv", "MPI_Ialltoallw",
         "MPI_Ireduce_scatter"},
        {runNonblocking});
}

namespace {

/// The buffers of a nonblocking collective the program may not touch until
/// the request completes (local concurrency, MpiReq.cpp checkAccess): the
/// receive buffer (not accessed), the send buffer and a v-form's counts,
/// displacements and datatypes arrays (not written), each as the element
/// intervals its datatype's type map touches (MPI 3.1 §5.12).
void pendingBuffers(Machine& m, const std::string& name, const model::Stmt& s, size_t slot) {
  auto a = [&](size_t i) { return m.arg(s, i); };
  auto cnt = [&](size_t i) { return m.requireConcrete(a(i), "count"); };
  auto dtOf = [&](size_t i) { return m.requireConcrete(a(i), "datatype"); };
  size_t last = s.args.size() - 2; // the communicator
  int64_t comm = m.requireConcrete(a(last), "communicator");
  size_t n = commGroup(m, comm).size();
  int me = myRank(m, comm);
  std::vector<CollGuard> guards;
  // bytes from buffer b (none: MPI_IN_PLACE), datatype dt's basic size for
  // the elements of an untyped buffer
  auto guard = [&](Expr b, CollGuard::Role role, const std::vector<std::pair<int64_t, int64_t>>& by,
                   int64_t dt) {
    if (b && !inPlace(m, b) && !by.empty()) {
      TypeMap t = typeMap(m, dt, m.me);
      int64_t basic = t.entries.empty() ? 1 : int64_t(datatypeSize(t.entries.front().basic));
      guards.push_back({b, role, elementRanges(m, b, by, basic, m.me)});
    }
  };
  // `mult` times the count argument's items of the datatype argument dtArg
  // (arguments read only when the buffer is not MPI_IN_PLACE)
  auto items = [&](Expr b, CollGuard::Role role, size_t countArg, int64_t mult, size_t dtArg) {
    if (inPlace(m, b))
      return;
    int64_t dt = dtOf(dtArg);
    guard(b, role, typeBytes(m, cnt(countArg) * mult, dt, m.me), dt);
  };
  // the blocks of a v-form (displacements in bytes, VBlocks), and its
  // counts, displacements and datatypes arrays
  auto blocks = [&](Expr b, CollGuard::Role role, size_t countsArg, std::optional<size_t> displsArg,
                    std::optional<size_t> typesArg, int64_t dt) {
    VBlocks v = readBlocks(m, n, a(countsArg), displsArg ? a(*displsArg) : nullptr,
                           typesArg ? a(*typesArg) : nullptr, dt, typesArg.has_value());
    std::vector<std::pair<int64_t, int64_t>> by;
    for (size_t i = 0; i < n; ++i)
      for (auto [lo, hi] : typeBytes(m, v.count[i], v.type[i], m.me))
        by.push_back({v.off[i] + lo, v.off[i] + hi});
    guard(b, role, by, typesArg && !v.type.empty() ? v.type.front() : dt);
    for (std::optional<size_t> arr : {std::optional<size_t>(countsArg), displsArg, typesArg})
      if (arr)
        guards.push_back({a(*arr), CollGuard::Array, {{0, int64_t(n)}}});
  };
  auto root = [&](size_t i) { return me == m.requireConcrete(a(i), "root"); };
  const auto R = CollGuard::Recv, S = CollGuard::Send;
  if (name == "MPI_Ibcast") {
    items(a(0), root(3) ? S : R, 1, 1, 2);
  } else if (name == "MPI_Ireduce" || name == "MPI_Iallreduce" || name == "MPI_Iscan" ||
             name == "MPI_Iexscan") {
    items(a(0), S, 2, 1, 3);
    if (name != "MPI_Ireduce" || root(5))
      items(a(1), R, 2, 1, 3);
  } else if (name == "MPI_Ireduce_scatter_block") {
    items(a(0), S, 2, int64_t(n), 3);
    items(a(1), R, 2, 1, 3);
  } else if (name == "MPI_Iallgather" || name == "MPI_Igather" || name == "MPI_Iscatter" ||
             name == "MPI_Ialltoall") {
    bool rooted = name == "MPI_Igather" || name == "MPI_Iscatter";
    bool isRoot = rooted && root(6);
    if (name != "MPI_Iscatter" || isRoot)
      items(a(0), S, 1, name == "MPI_Iscatter" || name == "MPI_Ialltoall" ? int64_t(n) : 1, 2);
    if (name != "MPI_Igather" || isRoot)
      items(a(3), R, 4, name == "MPI_Iscatter" ? 1 : int64_t(n), 5);
  } else if (name == "MPI_Igatherv" || name == "MPI_Iallgatherv") {
    items(a(0), S, 1, 1, 2);
    if (name == "MPI_Iallgatherv" || root(7))
      blocks(a(3), R, 4, 5, std::nullopt, dtOf(6));
  } else if (name == "MPI_Iscatterv") {
    if (root(7))
      blocks(a(0), S, 1, 2, std::nullopt, dtOf(3));
    items(a(4), R, 5, 1, 6);
  } else if (name == "MPI_Ialltoallv" || name == "MPI_Ialltoallw") {
    bool w = name == "MPI_Ialltoallw";
    if (!inPlace(m, a(0)))
      blocks(a(0), S, 1, 2, w ? std::optional<size_t>(3) : std::nullopt, w ? 0 : dtOf(3));
    blocks(a(4), R, 5, 6, w ? std::optional<size_t>(7) : std::nullopt, w ? 0 : dtOf(7));
  } else if (name == "MPI_Ireduce_scatter") {
    // (sendbuf, recvbuf, recvcounts, datatype, op, comm): the send buffer
    // holds every block; in place, the receive buffer does
    VBlocks v = readBlocks(m, n, a(2), nullptr, nullptr, dtOf(3), false);
    int64_t total = 0;
    for (int64_t c : v.count)
      total += c;
    int64_t dt = dtOf(3);
    bool ip = inPlace(m, a(0));
    if (!ip)
      guard(a(0), S, typeBytes(m, total, dt, m.me), dt);
    guard(a(1), R, typeBytes(m, ip ? total : v.count[size_t(me)], dt, m.me), dt);
    guards.push_back({a(2), CollGuard::Array, {{0, int64_t(n)}}});
  }
  collRequestGuards(m, slot, guards);
}

/// Nonblocking collectives: the arrival happens at the call (same checks
/// and record as the blocking form, which runs with gReq set) and the
/// process goes on; the request completes once every member has arrived,
/// and its Wait/Test writes the result into the receive buffer.
Machine::Outcome runNonblocking(Machine& m, const std::string& name, const model::Transition& t) {
  static const std::pair<const char*, LibraryRun> blocking[] = {
      {"MPI_Ibarrier", runBarrier},
      {"MPI_Ibcast", runBcast},
      {"MPI_Ireduce", runReduce},
      {"MPI_Iallreduce", runReduce},
      {"MPI_Iallgather", runAllgather},
      {"MPI_Igather", runBlocks},
      {"MPI_Iscatter", runBlocks},
      {"MPI_Ialltoall", runBlocks},
      {"MPI_Iscan", runScan},
      {"MPI_Iexscan", runScan},
      {"MPI_Ireduce_scatter_block", runScan},
      {"MPI_Igatherv", runV},
      {"MPI_Iscatterv", runV},
      {"MPI_Iallgatherv", runV},
      {"MPI_Ialltoallv", runV},
      {"MPI_Ialltoallw", runV},
      {"MPI_Ireduce_scatter", runV}};
  Expr reqPtr = m.arg(t.stmt, t.stmt.args.size() - 1);
  for (auto& [n, run] : blocking)
    if (name == n) {
      std::string bname = "MPI_" + std::string(1, char(std::toupper(name[5]))) + name.substr(6);
      m.placeOfPointer(reqPtr, m.P.types.intType(), m.me); // valid request pointer
      size_t slot = collRequest(m);
      gReq = int64_t(slot);
      Machine::Outcome o;
      try {
        o = run(m, bname, t);
      } catch (...) {
        gReq = -1;
        throw;
      }
      gReq = -1;
      pendingBuffers(m, name, t.stmt, slot);
      m.writePlace(m.placeOfPointer(reqPtr, m.P.types.intType(), m.me),
                   m.intc(mpiHandle(5, int(0x1000 + slot))));
      return o;
    }
  throw Unsupported(name + " at " + m.where());
}

} // namespace

} // namespace chorus::exec
