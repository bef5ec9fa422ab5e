// MPI communicators and groups: the per-process object table, rank
// translation, Comm_dup/split/create/free, Comm_group, Group_incl/excl/
// free/size/rank/translate_ranks, Comm_compare, Comm_get_attr(MPI_TAG_UB),
// and the resource-leak check of MPI_Finalize.
//
// Every process keeps its MPI objects in ProcState::mpiObj[3] (the "ext"
// value, see MpiInternal.h): a flat integer table of entries
// [kind, handle, length, payload...] and the collective arrival records.
//   communicator (kind 1): payload = members (process indices) in rank order
//   group (kind 2):        payload = members in rank order
// A communicator handle names the same communicator in every member: it is
// allocated, when the creating collective completes, as the lowest index
// >= 0x1000 that no process has in its table, so the handle value is also
// the matching context of messages and collectives (Message::comm).
// MPI_COMM_WORLD is not in the table: its members are worldGroup() (all
// processes of the program — the one place to change when several programs
// are composed, each with its own world); MPI_COMM_SELF is {p}.
#include "MpiInternal.h"

#include <algorithm>
#include <numeric>

namespace chorus::exec {

namespace {
constexpr int64_t kObjBase = 0x1000;
constexpr int64_t kGroupEmpty = mpiHandle(2, 1);
constexpr int64_t kUndefined = -32766;
} // namespace

/// Offset of the entry (kind, handle) in objs, or -1.
int64_t findObj(const std::vector<int64_t>& objs, int64_t kind, int64_t handle) {
  for (size_t i = 0; i + 2 < objs.size(); i += 3 + size_t(objs[i + 2]))
    if (objs[i] == kind && objs[i + 1] == handle)
      return int64_t(i);
  return -1;
}

std::vector<int64_t> objPayload(const std::vector<int64_t>& objs, int64_t off) {
  return std::vector<int64_t>(objs.begin() + off + 3, objs.begin() + off + 3 + objs[off + 2]);
}

void addObj(std::vector<int64_t>& objs, int64_t kind, int64_t handle,
            const std::vector<int64_t>& pl) {
  objs.push_back(kind);
  objs.push_back(handle);
  objs.push_back(int64_t(pl.size()));
  objs.insert(objs.end(), pl.begin(), pl.end());
}

void removeObj(std::vector<int64_t>& objs, int64_t off) {
  objs.erase(objs.begin() + off, objs.begin() + off + 3 + objs[off + 2]);
}

/// The lowest unused local handle index of `kind` in objs.
int64_t newLocalHandle(const std::vector<int64_t>& objs, int kind) {
  for (int64_t i = kObjBase;; ++i)
    if (findObj(objs, kind, mpiHandle(kind, int(i))) < 0)
      return mpiHandle(kind, int(i));
}

namespace {

std::vector<int> toInts(const std::vector<int64_t>& v) {
  return std::vector<int>(v.begin(), v.end());
}

} // namespace

// ------------------------------------------------------------ ext value

MpiExt loadExt(Machine& m, int proc) {
  MpiExt x;
  const ProcState& ps =
      proc == m.me ? m.self() : *(m.mods[proc] ? m.mods[proc].get() : m.gs.procs[proc]);
  Expr e = mpiExt(ps);
  if (!e || e->kind() != sym::Kind::TupleMake)
    return x;
  auto ch = e->children();
  for (Expr v : ch[0]->children())
    x.objs.push_back(*m.concreteInt(v));
  for (size_t i = 1; i < ch.size(); ++i) {
    auto r = ch[i]->children();
    CollRec c;
    c.comm = *m.concreteInt(r[0]);
    c.kind = *m.concreteInt(r[1]);
    c.root = *m.concreteInt(r[2]);
    c.dt = *m.concreteInt(r[3]);
    c.op = *m.concreteInt(r[4]);
    c.state = *m.concreteInt(r[5]);
    c.req = *m.concreteInt(r[6]);
    auto opt = [&](Expr v) -> Expr { return v == m.intc(-1) ? nullptr : v; };
    c.count = opt(r[7]);
    c.data = opt(r[8]);
    c.recv = opt(r[9]);
    c.result = opt(r[10]);
    c.sig = *m.concreteInt(r[11]);
    c.aux = opt(r[12]);
    x.recs.push_back(c);
  }
  return x;
}

void storeExt(Machine& m, int proc, const MpiExt& x) {
  ProcState& ps = m.proc(proc);
  if (x.objs.empty() && x.recs.empty()) {
    setMpiExt(m, ps, nullptr);
    return;
  }
  std::vector<Expr> objs;
  for (int64_t v : x.objs)
    objs.push_back(m.intc(v));
  std::vector<Expr> members{m.f.arrayLit(m.f.arrayType(m.f.intType()), objs)};
  for (const CollRec& c : x.recs) {
    auto opt = [&](Expr v) { return v ? v : m.intc(-1); };
    Expr r[13] = {m.intc(c.comm),  m.intc(c.kind), m.intc(c.root), m.intc(c.dt), m.intc(c.op),
                  m.intc(c.state), m.intc(c.req),  opt(c.count),   opt(c.data),  opt(c.recv),
                  opt(c.result),   m.intc(c.sig),  opt(c.aux)};
    std::vector<sym::Type> ts;
    for (Expr e : r)
      ts.push_back(e->type());
    members.push_back(m.f.tuple(m.f.tupleType(ts), r));
  }
  std::vector<sym::Type> ts;
  for (Expr e : members)
    ts.push_back(e->type());
  setMpiExt(m, ps, m.f.tuple(m.f.tupleType(ts), members));
}

/// verify --contract (ContractDriver::commDup, ContractDriver::members):
/// `count` communicators of the processes `members` in rank order, each
/// with its own context, as if every process had called
/// MPI_Comm_dup(MPI_COMM_WORLD) (or an MPI_Comm_split of it whose keys keep
/// the world's order) `count` times before f; ps has no MPI objects yet.
std::vector<int64_t> contractComms(sym::ExprFactory& f, ProcState& ps,
                                   const std::vector<int>& members, size_t count) {
  std::vector<int64_t> objs, handles;
  std::vector<int64_t> pl(members.begin(), members.end());
  for (size_t k = 0; k < count; ++k) {
    handles.push_back(mpiHandle(1, int(kObjBase + int64_t(k))));
    addObj(objs, 1, handles.back(), pl);
  }
  if (count == 0)
    return handles;
  std::vector<Expr> es;
  for (int64_t v : objs)
    es.push_back(f.intConst(v));
  Expr table = f.arrayLit(f.arrayType(f.intType()), es);
  sym::Type ts[1] = {table->type()};
  Expr ms[1] = {table};
  ps.mpiObj = {f.intConst(0), f.intConst(0), f.intConst(0), f.tuple(f.tupleType(ts), ms)};
  return handles;
}

/// The object table of ps's MPI extension, read without a Machine (nullopt
/// when there is none or an entry is not a concrete integer).
static std::optional<std::vector<int64_t>> extObjects(const ProcState& ps) {
  Expr e = mpiExt(ps);
  if (!e)
    return std::nullopt;
  std::vector<int64_t> objs;
  for (Expr v : e->children()[0]->children()) {
    if (v->kind() != sym::Kind::NumConst || !v->value().toInt64())
      return std::nullopt;
    objs.push_back(*v->value().toInt64());
  }
  return objs;
}

std::vector<int> commMembers(const ProcState& ps, int proc, int nprocs, int64_t comm) {
  if (comm == kCommWorld) {
    std::vector<int> g(static_cast<size_t>(nprocs));
    std::iota(g.begin(), g.end(), 0);
    return g;
  }
  if (comm == kCommSelf)
    return {proc};
  if ((comm >> 24) != 1 || (comm & 0xffffff) < kObjBase)
    return {};
  std::optional<std::vector<int64_t>> objs = extObjects(ps);
  if (!objs)
    return {};
  int64_t off = findObj(*objs, 1, comm);
  return off < 0 ? std::vector<int>{} : toInts(objPayload(*objs, off));
}

// ------------------------------------------------------ groups and ranks

std::vector<int> worldGroup(Machine& m, int proc) {
  std::vector<int> g(size_t(m.nprocs()));
  std::iota(g.begin(), g.end(), 0);
  return g;
}

std::vector<int> commGroup(Machine& m, int64_t comm, int proc) {
  if (proc < 0)
    proc = m.me;
  if (comm == kCommWorld)
    return worldGroup(m, proc);
  if (comm == kCommSelf)
    return {proc};
  if ((comm >> 24) == 1 && (comm & 0xffffff) >= kObjBase) {
    MpiExt x = loadExt(m, proc);
    int64_t off = findObj(x.objs, 1, comm);
    if (off >= 0)
      return toInts(objPayload(x.objs, off));
  }
  m.fail(ViolationKind::MpiInvalidComm,
         comm == mpiHandle(1, 0)
             ? std::string("MPI_COMM_NULL used as a communicator")
             : "invalid communicator handle: " + handleText(comm) +
                   ((comm >> 24) == 1 ? " (never created or already freed)" : ""),
         m.pc());
}

int rankToProc(Machine& m, int64_t comm, int64_t rank) {
  std::vector<int> g = commGroup(m, comm);
  if (rank < 0 || rank >= int64_t(g.size()))
    m.fail(ViolationKind::MpiInvalidRank, "invalid rank " + std::to_string(rank), m.pc());
  return g[size_t(rank)];
}

int procToRank(Machine& m, int64_t comm, int proc) {
  std::vector<int> g = commGroup(m, comm);
  auto it = std::find(g.begin(), g.end(), proc);
  return it == g.end() ? -1 : int(it - g.begin());
}

int64_t allocCommHandle(Machine& m, const std::vector<int64_t>& taken) {
  for (int64_t i = kObjBase;; ++i) {
    int64_t h = mpiHandle(1, int(i));
    bool used = std::find(taken.begin(), taken.end(), h) != taken.end();
    for (int p = 0; p < m.nprocs() && !used; ++p)
      used = findObj(loadExt(m, p).objs, 1, h) >= 0;
    if (!used)
      return h;
  }
}

void addComm(Machine& m, int proc, int64_t handle, const std::vector<int>& members,
             int64_t parent) {
  MpiExt x = loadExt(m, proc);
  addObj(x.objs, 1, handle, std::vector<int64_t>(members.begin(), members.end()));
  // the origin: the parent's, or the parent when it was not made (world,
  // self, a communicator the process had before)
  int64_t po = findObj(x.objs, kOriginKind, parent);
  addObj(x.objs, kOriginKind, handle, {po >= 0 ? x.objs[size_t(po) + 3] : parent});
  storeExt(m, proc, x);
}

int64_t commOrigin(const ProcState& ps, int64_t comm) {
  std::optional<std::vector<int64_t>> objs = extObjects(ps);
  if (!objs)
    return comm;
  int64_t off = findObj(*objs, kOriginKind, comm);
  return off >= 0 ? (*objs)[size_t(off) + 3] : comm;
}

void finalizeObjectChecks(Machine& m) {
  MpiExt x = loadExt(m, m.me);
  for (size_t i = 0; i + 2 < x.objs.size(); i += 3 + size_t(x.objs[i + 2])) {
    static const char* names[] = {"", "communicator", "group", "datatype", "operation"};
    int64_t k = x.objs[i];
    if (isTopologyObject(k) || k == kOriginKind) // part of its communicator
      continue;
    if (isFreedTypeEntry(x.objs, i)) // freed, still in use
      continue;
    m.fail(ViolationKind::MpiResourceLeak,
           std::string("MPI_Finalize with a ") + (k >= 1 && k <= 4 ? names[k] : "handle") +
               " never freed (handle " + std::to_string(x.objs[i + 1]) + ")",
           m.pc());
  }
}

namespace {

Place intPlace(Machine& m, Expr ptr) {
  return m.placeOfPointer(ptr, m.P.types.intType(), m.me);
}
void setInt(Machine& m, Expr ptr, int64_t v) {
  m.writePlace(intPlace(m, ptr), m.intc(v));
}
int64_t readInt(Machine& m, Expr ptr, const char* what) {
  Expr v = m.readPlace(intPlace(m, ptr));
  m.checkDefined(v);
  return m.requireConcrete(v, what);
}

/// Members of group handle g of the moving process (MPI_INVALID_COMM: not a group).
std::vector<int> groupMembers(Machine& m, int64_t g) {
  if (g == kGroupEmpty)
    return {};
  MpiExt x = loadExt(m, m.me);
  int64_t off = (g >> 24) == 2 ? findObj(x.objs, 2, g) : -1;
  if (off < 0)
    m.fail(ViolationKind::MpiInvalidComm,
           g == mpiHandle(2, 0) ? std::string("MPI_GROUP_NULL used as a group")
                                : "invalid group handle: " + handleText(g),
           m.pc());
  return toInts(objPayload(x.objs, off));
}

int64_t newGroup(Machine& m, const std::vector<int>& members) {
  MpiExt x = loadExt(m, m.me);
  int64_t h = newLocalHandle(x.objs, 2);
  addObj(x.objs, 2, h, std::vector<int64_t>(members.begin(), members.end()));
  storeExt(m, m.me, x);
  return h;
}

std::vector<int64_t> readInts(Machine& m, Expr arr, int64_t n, const char* what) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < n; ++i)
    out.push_back(readInt(m, i == 0 ? arr : m.ptrAdd(arr, m.intc(i)), what));
  return out;
}

Machine::Outcome runCommGroup(Machine& m, const std::string& name, const model::Transition& t) {
  int64_t c = m.requireConcrete(m.arg(t.stmt, 0), "communicator");
  std::vector<int> g = commGroup(m, c);
  setInt(m, m.arg(t.stmt, 1), newGroup(m, g));
  return mpiDone(m, t);
}

Machine::Outcome runGroupQuery(Machine& m, const std::string& name, const model::Transition& t) {
  std::vector<int> g = groupMembers(m, m.requireConcrete(m.arg(t.stmt, 0), "group"));
  int64_t v = int64_t(g.size());
  if (name == "MPI_Group_rank") {
    auto it = std::find(g.begin(), g.end(), m.me);
    v = it == g.end() ? kUndefined : int64_t(it - g.begin());
  }
  setInt(m, m.arg(t.stmt, 1), v);
  return mpiDone(m, t);
}

Machine::Outcome runGroupInclExcl(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::vector<int> g = groupMembers(m, m.requireConcrete(m.arg(s, 0), "group"));
  int64_t n = m.requireConcrete(m.arg(s, 1), "number of ranks");
  if (n < 0 || n > int64_t(g.size()))
    m.fail(ViolationKind::MpiInvalidCount, name + " with " + std::to_string(n) + " ranks", m.pc());
  std::vector<int64_t> ranks = readInts(m, m.arg(s, 2), n, "rank");
  std::vector<uint8_t> seen(g.size(), 0);
  for (int64_t r : ranks) {
    if (r < 0 || r >= int64_t(g.size()) || seen[size_t(r)])
      m.fail(ViolationKind::MpiInvalidRank,
             name + ": rank " + std::to_string(r) +
                 (r >= 0 && r < int64_t(g.size()) ? " listed twice" : " not in the group"),
             m.pc());
    seen[size_t(r)] = 1;
  }
  std::vector<int> out;
  if (name == "MPI_Group_incl")
    for (int64_t r : ranks)
      out.push_back(g[size_t(r)]);
  else
    for (size_t r = 0; r < g.size(); ++r)
      if (!seen[r])
        out.push_back(g[r]);
  setInt(m, m.arg(s, 3), newGroup(m, out));
  return mpiDone(m, t);
}

Machine::Outcome runGroupFree(Machine& m, const std::string& name, const model::Transition& t) {
  Expr ptr = m.arg(t.stmt, 0);
  int64_t g = readInt(m, ptr, "group");
  groupMembers(m, g);
  if (g != kGroupEmpty) {
    MpiExt x = loadExt(m, m.me);
    removeObj(x.objs, findObj(x.objs, 2, g));
    storeExt(m, m.me, x);
  }
  setInt(m, ptr, mpiHandle(2, 0));
  return mpiDone(m, t);
}

Machine::Outcome runTranslate(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  std::vector<int> g1 = groupMembers(m, m.requireConcrete(m.arg(s, 0), "group"));
  int64_t n = m.requireConcrete(m.arg(s, 1), "number of ranks");
  if (n < 0)
    m.fail(ViolationKind::MpiInvalidCount, "negative number of ranks", m.pc());
  std::vector<int64_t> ranks = readInts(m, m.arg(s, 2), n, "rank");
  std::vector<int> g2 = groupMembers(m, m.requireConcrete(m.arg(s, 3), "group"));
  for (int64_t i = 0; i < n; ++i) {
    int64_t r = ranks[size_t(i)], v = kProcNull;
    if (r != kProcNull) {
      if (r < 0 || r >= int64_t(g1.size()))
        m.fail(ViolationKind::MpiInvalidRank, "rank " + std::to_string(r) + " not in the group",
               m.pc());
      auto it = std::find(g2.begin(), g2.end(), g1[size_t(r)]);
      v = it == g2.end() ? kUndefined : int64_t(it - g2.begin());
    }
    setInt(m, i == 0 ? m.arg(s, 4) : m.ptrAdd(m.arg(s, 4), m.intc(i)), v);
  }
  return mpiDone(m, t);
}

Machine::Outcome runCommCompare(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t a = m.requireConcrete(m.arg(s, 0), "communicator");
  int64_t b = m.requireConcrete(m.arg(s, 1), "communicator");
  std::vector<int> ga = commGroup(m, a), gb = commGroup(m, b);
  int64_t v = 3; // MPI_UNEQUAL
  if (a == b)
    v = 0; // MPI_IDENT
  else if (ga == gb)
    v = 1; // MPI_CONGRUENT
  else {
    std::sort(ga.begin(), ga.end());
    std::sort(gb.begin(), gb.end());
    if (ga == gb)
      v = 2; // MPI_SIMILAR
  }
  setInt(m, m.arg(s, 2), v);
  return mpiDone(m, t);
}

Machine::Outcome runCommFree(Machine& m, const std::string& name, const model::Transition& t) {
  Expr ptr = m.arg(t.stmt, 0);
  int64_t c = readInt(m, ptr, "communicator");
  commGroup(m, c);
  if (c == kCommWorld || c == kCommSelf)
    m.fail(ViolationKind::MpiInvalidComm,
           std::string("MPI_Comm_free of ") +
               (c == kCommWorld ? "MPI_COMM_WORLD" : "MPI_COMM_SELF"),
           m.pc());
  MpiExt x = loadExt(m, m.me);
  for (const CollRec& r : x.recs)
    if (r.comm == c && r.state != kLeft) // a call that returned early is done
      m.fail(ViolationKind::MpiInvalidComm,
             "MPI_Comm_free of a communicator with a pending collective operation", m.pc());
  removeObj(x.objs, findObj(x.objs, 1, c));
  if (int64_t o = findObj(x.objs, kOriginKind, c); o >= 0)
    removeObj(x.objs, o);
  storeExt(m, m.me, x);
  detachTopology(m, c);
  setInt(m, ptr, mpiHandle(1, 0));
  return mpiDone(m, t);
}

/// The color of MPI_Comm_split as a concrete value: a symbolic color forks
/// (Machine::choose) into MPI_UNDEFINED and each value 0, 1, ... it may take,
/// up to kMaxColors values (beyond: `unknown`); a negative color other than
/// MPI_UNDEFINED is MPI_INVALID_ARGUMENT.
int64_t splitColor(Machine& m, Expr c) {
  constexpr int64_t kMaxColors = 64;
  m.checkDefined(c);
  if (auto v = m.concreteInt(c))
    return *v;
  if (c->type()->isBool())
    c = m.boolToInt(c);
  if (m.choose(m.f.eq(c, m.intc(kUndefined))))
    return kUndefined;
  m.require(m.f.le(m.intc(0), c), ViolationKind::MpiInvalidArgument, "negative color");
  for (int64_t k = 0; k < kMaxColors; ++k)
    if (m.choose(m.f.eq(c, m.intc(k))))
      return k;
  throw Unsupported("MPI_Comm_split with a symbolic color that may be " +
                    std::to_string(kMaxColors) + " or more at " + m.where());
}

/// Comm_dup, Comm_split, Comm_create: collectives over the parent
/// communicator; the new handles are given when the last member arrives.
Machine::Outcome runCommCreate(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t c = m.requireConcrete(m.arg(s, 0), "communicator");
  commGroup(m, c);
  Expr data = nullptr, out;
  CollKind kind;
  auto ints = [&](const std::vector<int64_t>& v) {
    std::vector<Expr> es;
    for (int64_t x : v)
      es.push_back(m.intc(x));
    return m.f.arrayLit(m.f.arrayType(m.f.intType()), es);
  };
  if (name == "MPI_Comm_dup" || name == "MPI_Comm_idup") {
    kind = CollKind::CommDup;
    out = m.arg(s, 1);
  } else if (name == "MPI_Comm_split") {
    kind = CollKind::CommSplit;
    // a symbolic color forks over its feasible values; the key must be
    // concrete (a symbolic one gives `unknown`)
    int64_t color = splitColor(m, m.arg(s, 1));
    int64_t key = m.requireConcrete(m.arg(s, 2), "key");
    if (color < 0 && color != kUndefined)
      m.fail(ViolationKind::MpiInvalidArgument, "negative color " + std::to_string(color), m.pc());
    data = ints({color, key});
    out = m.arg(s, 3);
  } else {
    kind = CollKind::CommCreate;
    std::vector<int> g = groupMembers(m, m.requireConcrete(m.arg(s, 1), "group"));
    std::vector<int> parent = commGroup(m, c);
    for (int p : g)
      if (std::find(parent.begin(), parent.end(), p) == parent.end())
        m.fail(ViolationKind::MpiInvalidComm,
               "MPI_Comm_create with a group that is not a subgroup of the communicator", m.pc());
    data = ints(std::vector<int64_t>(g.begin(), g.end()));
    out = m.arg(s, 2);
  }
  intPlace(m, out); // the output pointer must be valid
  if (name == "MPI_Comm_idup") {
    // nonblocking: the new handle is written to *newcomm by the Wait/Test
    // that completes the request (the communicator exists from the last
    // arrival on; a use before the Wait is not detected)
    Place rp = intPlace(m, m.arg(s, 2));
    size_t slot = collRequest(m);
    arrive(m, c, kind, 0, 0, 0, nullptr, data, out, int64_t(slot));
    m.writePlace(rp, m.intc(mpiHandle(5, int(0x1000 + slot))));
    return mpiDone(m, t);
  }
  // Comm_dup keeps the topology (MPI 3.1 §6.4.2)
  arrive(m, c, kind, 0, 0, 0, nullptr, data, out, -1, 0,
         kind == CollKind::CommDup ? topologyAux(m, c) : nullptr);
  return mpiDone(m, t);
}

Machine::Outcome runGetAttr(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  commGroup(m, m.requireConcrete(m.arg(s, 0), "communicator"));
  int64_t key = m.requireConcrete(m.arg(s, 1), "attribute key");
  if (key != 1) // MPI_TAG_UB
    throw Unsupported("MPI_Comm_get_attr with key " + std::to_string(key) + " at " + m.where());
  // attribute_val receives a pointer to the value: the header's
  // chorus_mpi_tag_ub_ object
  Expr target = nullptr;
  for (size_t gi = 0; gi < m.P.globals.size(); ++gi)
    if (m.P.var(m.P.globals[gi]).name == "chorus_mpi_tag_ub_")
      target = m.V.makePointer(Root{RootKind::Global, 0, uint32_t(gi)}, {});
  if (!target)
    throw Unsupported("MPI_Comm_get_attr: mpi.h without chorus_mpi_tag_ub_ at " + m.where());
  m.writePlace(m.placeOfPointer(m.arg(s, 2), nullptr, m.me), target);
  setInt(m, m.arg(s, 3), 1);
  return mpiDone(m, t);
}

} // namespace

void registerMpiComm(MpiTable& t) {
  t.add("MPI_Comm_group", {runCommGroup});
  t.add({"MPI_Group_size", "MPI_Group_rank"}, {runGroupQuery});
  t.add({"MPI_Group_incl", "MPI_Group_excl"}, {runGroupInclExcl});
  t.add("MPI_Group_free", {runGroupFree});
  t.add("MPI_Group_translate_ranks", {runTranslate});
  t.add("MPI_Comm_compare", {runCommCompare});
  t.add("MPI_Comm_free", {runCommFree});
  t.add({"MPI_Comm_dup", "MPI_Comm_idup", "MPI_Comm_split", "MPI_Comm_create"}, {runCommCreate});
  t.add("MPI_Comm_get_attr", {runGetAttr});
}

} // namespace chorus::exec
