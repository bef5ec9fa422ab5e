// MPI collectives: arrival records per communicator (in each member's ext
// value, see MpiInternal.h), mismatch checks, the completion by the last
// arrival, the blocking collectives, their nonblocking forms (result kept
// in the record until the request's Wait/Test) and MPI_Reduce_local.
#include "MpiInternal.h"

#include <algorithm>
#include <cctype>

namespace chorus::exec {

Expr packBuffer(Machine& m, Expr buf, Expr countE, int64_t dt) {
  int64_t count = m.requireConcrete(countE, "count");
  const model::Type* et =
      count > 0 ? bufferType(m, buf, dt, ViolationKind::MpiInvalidBuffer) : ctypeOf(m, dt);
  auto data = m.readElements(buf, count, et);
  return m.f.arrayLit(m.f.arrayType(m.V.symType(et)), data);
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
  case CollKind::CommDup:
    return "MPI_Comm_dup";
  case CollKind::CommSplit:
    return "MPI_Comm_split";
  case CollKind::CommCreate:
    return "MPI_Comm_create";
  default:
    return "?";
  }
}

namespace {

/// Index in x.recs of the k-th incomplete record on comm, or -1.
int64_t pendingRec(const MpiExt& x, int64_t comm, size_t k) {
  for (size_t i = 0; i < x.recs.size(); ++i)
    if (x.recs[i].comm == comm && x.recs[i].state == 0 && k-- == 0)
      return int64_t(i);
  return -1;
}

void completeInstance(Machine& m, int64_t comm, const std::vector<int>& group);

} // namespace

void arrive(Machine& m, int64_t comm, CollKind kind, int root, int dt, int op, Expr count,
            Expr data, Expr recvPtr, int64_t reqSlot) {
  std::vector<int> group = commGroup(m, comm);
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
    if (c.dt != dt)
      m.fail(ViolationKind::MpiSignatureMismatch,
             std::string(collName(kind)) + " with a datatype different from the other processes",
             m.pc());
    if (count && c.count && count != c.count)
      m.require(m.f.eq(count, c.count), ViolationKind::MpiSignatureMismatch,
                std::string(collName(kind)) + " with a count different from the other processes");
    if (kind == CollKind::CommCreate && c.data != data)
      m.fail(ViolationKind::MpiSignatureMismatch,
             "MPI_Comm_create with a group different from the other processes", m.pc());
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
  mine.recs.push_back(r);
  storeExt(m, m.me, mine);
  m.step.effects.push_back(std::string("enter ") + collName(kind));
  if (k == 0) {
    bool all = true;
    for (int q : group)
      all = all && pendingRec(loadExt(m, q), comm, 0) >= 0;
    if (all) {
      completeInstance(m, comm, group);
      return;
    }
  }
  if (reqSlot < 0)
    m.self().collWait = true;
}

Expr reduceOp(Machine& m, int op, Expr a, Expr b) {
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
  case 13:
    return b; // REPLACE
  case 14:
    return a; // NO_OP
  default:
    throw Unsupported("MPI reduction operation " + std::to_string(op) + " at " + m.where());
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
  auto elems = [&](int i) {
    return std::vector<Expr>(c.contrib[i]->children().begin(), c.contrib[i]->children().end());
  };
  auto reduce = [&](int from, int to) { // elementwise over processes [from, to)
    std::vector<Expr> acc = elems(from);
    for (int i = from + 1; i < to; ++i) {
      std::vector<Expr> x = elems(i);
      if (x.size() != acc.size())
        m.fail(ViolationKind::MpiSignatureMismatch, "reduction with different counts", m.pc());
      for (size_t k = 0; k < acc.size(); ++k)
        acc[k] = reduceOp(m, c.op, acc[k], x[k]);
    }
    return acc;
  };
  std::vector<std::vector<Expr>> result(n);
  std::vector<uint8_t> has(n, 0);
  int64_t cnt = c.count ? m.requireConcrete(c.count, "count") : 0;
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
    for (int i = 0; i < n; ++i) {
      result[i].assign(all.begin() + i * cnt, all.begin() + (i + 1) * cnt);
      has[i] = 1;
    }
    break;
  }
  case CollKind::ReduceScatterBlock: {
    std::vector<Expr> r = reduce(0, n);
    for (int i = 0; i < n; ++i)
      result[i].assign(r.begin() + i * cnt, r.begin() + (i + 1) * cnt), has[i] = 1;
    break;
  }
  case CollKind::Alltoall:
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        std::vector<Expr> x = elems(j);
        result[i].insert(result[i].end(), x.begin() + i * cnt, x.begin() + (i + 1) * cnt);
      }
      has[i] = 1;
    }
    break;
  case CollKind::CommDup:
  case CollKind::CommSplit:
  case CollKind::CommCreate: {
    // new communicators: one per color (split), the parent's group (dup)
    // or the given group (create); result = the new handle per member
    std::vector<int64_t> taken;
    std::vector<std::vector<int>> members; // per new communicator
    std::vector<int64_t> commOf(static_cast<size_t>(n), mpiHandle(1, 0));
    if (kind == CollKind::CommSplit) {
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
          addComm(m, group[i], commOf[size_t(i)], g);
          xs[i] = loadExt(m, group[i]);
        }
    }
    break;
  }
  default:
    break;
  }
  bool handles =
      kind == CollKind::CommDup || kind == CollKind::CommSplit || kind == CollKind::CommCreate;
  for (int i = 0; i < n; ++i) {
    int p = group[i];
    CollRec& r = xs[i].recs[size_t(ri[i])];
    if (r.req >= 0) { // nonblocking: the result waits in the record
      r.state = 1;
      if (r.recv && has[i] && !result[i].empty())
        r.result = m.f.arrayLit(m.f.arrayType(result[i][0]->type()), result[i]);
      storeExt(m, p, xs[i]);
      continue;
    }
    xs[i].recs.erase(xs[i].recs.begin() + ri[i]);
    storeExt(m, p, xs[i]);
    m.proc(p).collWait = false;
    if (!r.recv || !has[i] || result[i].empty())
      continue;
    int save = m.me;
    m.me = p;
    if (handles) {
      m.writePlace(m.placeOfPointer(r.recv, m.P.types.intType(), p), result[i][0]);
    } else {
      const model::Type* et = ctypeOf(m, c.datatype);
      const model::Type* bt = bufferType(m, r.recv, c.datatype, ViolationKind::MpiInvalidBuffer, p);
      m.writeElements(r.recv, result[i], bt ? bt : et, p);
    }
    m.me = save;
  }
  m.step.effects.push_back(std::string("complete ") + collName(kind));
}

} // namespace

bool collRequestDone(Machine& m, size_t slot) {
  for (const CollRec& r : loadExt(m, m.me).recs)
    if (r.req == int64_t(slot))
      return r.state == 1;
  return false;
}

void collRequestFinish(Machine& m, size_t slot) {
  MpiExt x = loadExt(m, m.me);
  for (size_t i = 0; i < x.recs.size(); ++i)
    if (x.recs[i].req == int64_t(slot)) {
      CollRec r = x.recs[i];
      x.recs.erase(x.recs.begin() + long(i));
      storeExt(m, m.me, x);
      if (r.recv && r.result) {
        std::vector<Expr> data(r.result->children().begin(), r.result->children().end());
        const model::Type* bt = bufferType(m, r.recv, r.dt, ViolationKind::MpiInvalidBuffer, m.me);
        m.writeElements(r.recv, data, bt, m.me);
      }
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
  if ((op >> 24) != 4 || i == 0 || i > 14)
    m.fail(ViolationKind::MpiInvalidOp, "invalid reduction operation handle " + std::to_string(op),
           m.pc());
  if (i == 11 || i == 12)
    throw Unsupported("MPI_MAXLOC/MPI_MINLOC at " + m.where());
  return op;
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
         gReq);
  return mpiDone(m, t);
}

Machine::Outcome runReduce(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  bool all = name == "MPI_Allreduce";
  int64_t comm = requireComm(m, m.arg(s, all ? 5 : 6));
  Expr sbuf = m.arg(s, 0), rbuf = m.arg(s, 1), count = m.arg(s, 2);
  int64_t dt = m.requireConcrete(m.arg(s, 3), "datatype");
  int64_t op = checkOp(m, m.arg(s, 4));
  int64_t root = all ? 0 : checkRoot(m, m.arg(s, 5), comm);
  checkCount(m, count);
  Expr data = packBuffer(m, isSpecial(m, sbuf, "chorus_mpi_in_place_") ? rbuf : sbuf, count, dt);
  arrive(m, comm, all ? CollKind::Allreduce : CollKind::Reduce, int(root), int(dt), int(op), count,
         data, (all || myRank(m, comm) == root) ? rbuf : nullptr, gReq);
  return mpiDone(m, t);
}

Machine::Outcome runAllgather(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = requireComm(m, m.arg(s, 6));
  Expr sbuf = m.arg(s, 0), count = m.arg(s, 1), rbuf = m.arg(s, 3);
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  Expr data;
  if (isSpecial(m, sbuf, "chorus_mpi_in_place_")) {
    int64_t rc = m.requireConcrete(m.arg(s, 4), "count");
    data = packBuffer(m, m.ptrAdd(rbuf, m.intc(myRank(m, comm) * rc)), m.intc(rc), dt);
    count = m.intc(rc);
  } else {
    data = packBuffer(m, sbuf, count, dt);
  }
  arrive(m, comm, CollKind::Allgather, 0, int(dt), 0, count, data, rbuf, gReq);
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
  // the signature each process sends must match the one its receiver expects
  int64_t count = kind == CollKind::Scatter ? rcount : scount;
  int64_t dt = kind == CollKind::Scatter ? rdt : sdt;
  {
    bool checkRecv = kind == CollKind::Alltoall || isRoot;
    if (checkRecv && !ip &&
        (rcount != scount || datatypeSize(rdt) != datatypeSize(sdt) ||
         datatypeClass(rdt) != datatypeClass(sdt)))
      m.fail(ViolationKind::MpiSignatureMismatch,
             name + ": send and receive signatures differ (" + std::to_string(scount) + " vs " +
                 std::to_string(rcount) + " elements)",
             m.pc());
  }
  Expr data = nullptr;
  Expr recv = nullptr;
  if (kind == CollKind::Gather) {
    if (ip && isRoot)
      data = packBuffer(m, m.ptrAdd(rbuf, m.intc(root * rcount)), m.intc(rcount), rdt);
    else
      data = packBuffer(m, sbuf, m.intc(scount), sdt);
    recv = isRoot ? rbuf : nullptr;
    count = ip && isRoot ? rcount : scount;
    dt = ip && isRoot ? rdt : sdt;
  } else if (kind == CollKind::Scatter) {
    if (isRoot)
      data = packBuffer(m, sbuf, m.intc(scount * n), sdt);
    recv = ip && isRoot ? nullptr : rbuf;
    count = ip && isRoot ? scount : rcount;
    dt = ip && isRoot ? sdt : rdt;
  } else {
    data = packBuffer(m, ip ? rbuf : sbuf, m.intc((ip ? rcount : scount) * n), ip ? rdt : sdt);
    recv = rbuf;
    count = ip ? rcount : scount;
    dt = ip ? rdt : sdt;
  }
  arrive(m, comm, kind, int(root), int(dt), 0, m.intc(count), data, recv, gReq);
  return mpiDone(m, t);
}

/// Scan, Exscan, Reduce_scatter_block: sendbuf, recvbuf, count, datatype, op, comm.
Machine::Outcome runScan(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t comm = requireComm(m, m.arg(s, 5));
  CollKind kind = name == "MPI_Scan"     ? CollKind::Scan
                  : name == "MPI_Exscan" ? CollKind::Exscan
                                         : CollKind::ReduceScatterBlock;
  Expr sbuf = m.arg(s, 0), rbuf = m.arg(s, 1);
  int64_t count = checkCount(m, m.arg(s, 2));
  int64_t dt = m.requireConcrete(m.arg(s, 3), "datatype");
  int64_t op = checkOp(m, m.arg(s, 4));
  int64_t len =
      kind == CollKind::ReduceScatterBlock ? count * int64_t(commGroup(m, comm).size()) : count;
  Expr data = packBuffer(m, inPlace(m, sbuf) ? rbuf : sbuf, m.intc(len), dt);
  arrive(m, comm, kind, 0, int(dt), int(op), m.intc(count), data, rbuf, gReq);
  return mpiDone(m, t);
}

Machine::Outcome runNonblocking(Machine& m, const std::string& name, const model::Transition& t);

/// MPI_Reduce_local(inbuf, inoutbuf, count, datatype, op): local,
/// inoutbuf[i] = inbuf[i] op inoutbuf[i].
Machine::Outcome runReduceLocal(Machine& m, const std::string& name, const model::Transition& t) {
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
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = reduceOp(m, int(op), a[i], b[i]);
  if (count > 0)
    m.writeElements(io, b, bufferType(m, io, dt, ViolationKind::MpiInvalidBuffer));
  return mpiDone(m, t);
}

} // namespace

void registerMpiColl(MpiTable& t) {
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
}

namespace {

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
      {"MPI_Ireduce_scatter_block", runScan}};
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
      m.writePlace(m.placeOfPointer(reqPtr, m.P.types.intType(), m.me),
                   m.intc(mpiHandle(5, int(0x1000 + slot))));
      return o;
    }
  throw Unsupported(name + " at " + m.where());
}

} // namespace

} // namespace chorus::exec
