// MPI collectives: synchronizing arrivals in the collective slot, mismatch
// checks, and the completion by the last arrival (Barrier, Bcast, Reduce,
// Allreduce, Allgather).
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
  default:
    return "?";
  }
}

void arrive(Machine& m, CollKind kind, int root, int dt, int op, Expr count, Expr data,
            Expr recvPtr) {
  state::CollSlot& c = m.gs.coll;
  int n = m.nprocs();
  if (c.kind == 0) {
    c.kind = int(kind);
    c.root = root;
    c.datatype = dt;
    c.op = op;
    c.count = count;
    c.loc = m.loc;
    c.contrib.assign(n, nullptr);
    c.recvPtr.assign(n, nullptr);
    c.arrived.assign(n, 0);
  } else {
    std::string other = collName(CollKind(c.kind));
    if (c.kind != int(kind))
      m.fail(ViolationKind::CollectiveMismatch,
             std::string(collName(kind)) + " called while other processes are in " + other +
                 " (at " + m.P.where(c.loc) + ")",
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
    if (c.datatype != dt)
      m.fail(ViolationKind::MpiSignatureMismatch,
             std::string(collName(kind)) + " with a datatype different from the other processes",
             m.pc());
    if (count && c.count && count != c.count)
      m.require(m.f.eq(count, c.count), ViolationKind::MpiSignatureMismatch,
                std::string(collName(kind)) + " with a count different from the other processes");
  }
  c.contrib[m.me] = data;
  c.recvPtr[m.me] = recvPtr;
  c.arrived[m.me] = 1;
  m.step.effects.push_back(std::string("enter ") + collName(kind));
  if (std::count(c.arrived.begin(), c.arrived.end(), 1) < n) {
    m.self().collWait = true;
    return;
  }
  complete(m);
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

void complete(Machine& m) {
  state::CollSlot c = m.gs.coll;
  m.gs.coll = state::CollSlot{};
  int n = m.nprocs();
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
  default:
    break;
  }
  for (int i = 0; i < n; ++i) {
    m.proc(i).collWait = false;
    if (!c.recvPtr[i] || !has[i] || result[i].empty())
      continue;
    const model::Type* et = ctypeOf(m, c.datatype);
    int save = m.me;
    m.me = i;
    const model::Type* bt =
        bufferType(m, c.recvPtr[i], c.datatype, ViolationKind::MpiInvalidBuffer, i);
    m.writeElements(c.recvPtr[i], result[i], bt ? bt : et, i);
    m.me = save;
  }
  m.step.effects.push_back(std::string("complete ") + collName(kind));
}

namespace {

bool inPlace(Machine& m, Expr p) {
  return isSpecial(m, p, "chorus_mpi_in_place_");
}

int64_t checkRoot(Machine& m, Expr rootE) {
  int64_t root = m.requireConcrete(rootE, "root");
  if (root < 0 || root >= m.nprocs())
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
  requireWorld(m, m.arg(t.stmt, 0));
  arrive(m, CollKind::Barrier, 0, 0, 0, nullptr, nullptr, nullptr);
  return mpiDone(m, t);
}

Machine::Outcome runBcast(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  requireWorld(m, m.arg(s, 4));
  int64_t root = checkRoot(m, m.arg(s, 3));
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  Expr count = m.arg(s, 1);
  checkCount(m, count);
  Expr buf = m.arg(s, 0);
  Expr data = nullptr;
  if (m.me == root)
    data = packBuffer(m, buf, count, dt);
  arrive(m, CollKind::Bcast, int(root), int(dt), 0, count, data, m.me == root ? nullptr : buf);
  return mpiDone(m, t);
}

Machine::Outcome runReduce(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  bool all = name == "MPI_Allreduce";
  requireWorld(m, m.arg(s, all ? 5 : 6));
  Expr sbuf = m.arg(s, 0), rbuf = m.arg(s, 1), count = m.arg(s, 2);
  int64_t dt = m.requireConcrete(m.arg(s, 3), "datatype");
  int64_t op = checkOp(m, m.arg(s, 4));
  int64_t root = all ? 0 : checkRoot(m, m.arg(s, 5));
  checkCount(m, count);
  Expr data = packBuffer(m, isSpecial(m, sbuf, "chorus_mpi_in_place_") ? rbuf : sbuf, count, dt);
  arrive(m, all ? CollKind::Allreduce : CollKind::Reduce, int(root), int(dt), int(op), count, data,
         (all || m.me == root) ? rbuf : nullptr);
  return mpiDone(m, t);
}

Machine::Outcome runAllgather(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  requireWorld(m, m.arg(s, 6));
  Expr sbuf = m.arg(s, 0), count = m.arg(s, 1), rbuf = m.arg(s, 3);
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  Expr data;
  if (isSpecial(m, sbuf, "chorus_mpi_in_place_")) {
    int64_t rc = m.requireConcrete(m.arg(s, 4), "count");
    data = packBuffer(m, m.ptrAdd(rbuf, m.intc(m.me * rc)), m.intc(rc), dt);
    count = m.intc(rc);
  } else {
    data = packBuffer(m, sbuf, count, dt);
  }
  arrive(m, CollKind::Allgather, 0, int(dt), 0, count, data, rbuf);
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
  requireWorld(m, m.arg(s, rooted ? 7 : 6));
  int64_t root = rooted ? checkRoot(m, m.arg(s, 6)) : 0;
  int n = m.nprocs();
  Expr sbuf = m.arg(s, 0), rbuf = m.arg(s, 3);
  int64_t scount = checkCount(m, m.arg(s, 1)), rcount = checkCount(m, m.arg(s, 4));
  int64_t sdt = m.requireConcrete(m.arg(s, 2), "datatype"),
          rdt = m.requireConcrete(m.arg(s, 5), "datatype");
  bool isRoot = m.me == root;
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
  arrive(m, kind, int(root), int(dt), 0, m.intc(count), data, recv);
  return mpiDone(m, t);
}

/// Scan, Exscan, Reduce_scatter_block: sendbuf, recvbuf, count, datatype, op, comm.
Machine::Outcome runScan(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  requireWorld(m, m.arg(s, 5));
  CollKind kind = name == "MPI_Scan"     ? CollKind::Scan
                  : name == "MPI_Exscan" ? CollKind::Exscan
                                         : CollKind::ReduceScatterBlock;
  Expr sbuf = m.arg(s, 0), rbuf = m.arg(s, 1);
  int64_t count = checkCount(m, m.arg(s, 2));
  int64_t dt = m.requireConcrete(m.arg(s, 3), "datatype");
  int64_t op = checkOp(m, m.arg(s, 4));
  int64_t len = kind == CollKind::ReduceScatterBlock ? count * m.nprocs() : count;
  Expr data = packBuffer(m, inPlace(m, sbuf) ? rbuf : sbuf, m.intc(len), dt);
  arrive(m, kind, 0, int(dt), int(op), m.intc(count), data, rbuf);
  return mpiDone(m, t);
}

Machine::Outcome runNonblocking(Machine& m, const std::string& name, const model::Transition& t);

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
}

namespace {

/// Nonblocking collectives: executed as their blocking form at the call (a
/// restriction: the collective does not overlap later calls of the
/// process), returning a request that is already complete; the request
/// must still be completed by the Wait/Test family (else MPI_REQUEST_LEAK).
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
      Machine::Outcome o = run(m, bname, t);
      m.writePlace(m.placeOfPointer(reqPtr, m.P.types.intType(), m.me), completedRequest(m));
      return o;
    }
  throw Unsupported(name + " at " + m.where());
}

} // namespace

} // namespace chorus::exec
