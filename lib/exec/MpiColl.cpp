// MPI collectives: synchronizing arrivals in the collective slot, mismatch
// checks, and the completion by the last arrival (Barrier, Bcast, Reduce,
// Allreduce, Allgather).
#include "MpiInternal.h"

#include <algorithm>

namespace chorus::exec {

Expr packBuffer(Machine& m, Expr buf, Expr countE, int64_t dt) {
  int64_t count = m.requireConcrete(countE, "count");
  const model::Type* et =
      count > 0 ? bufferType(m, buf, dt, ViolationKind::MpiUsage) : ctypeOf(m, dt);
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
    if (c.root != root || c.op != op || c.datatype != dt)
      m.fail(ViolationKind::CollectiveMismatch,
             std::string(collName(kind)) + " with a root, operation or datatype different from "
                                           "the other processes",
             m.pc());
    if (count && c.count && count != c.count)
      m.require(m.f.eq(count, c.count), ViolationKind::CollectiveMismatch,
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
  default:
    throw Unsupported("MPI reduction operation " + std::to_string(op) + " at " + m.where());
  }
}

void complete(Machine& m) {
  state::CollSlot c = m.gs.coll;
  m.gs.coll = state::CollSlot{};
  int n = m.nprocs();
  CollKind kind = CollKind(c.kind);
  std::vector<Expr> result;
  if (kind == CollKind::Bcast) {
    result.assign(c.contrib[c.root]->children().begin(), c.contrib[c.root]->children().end());
  } else if (kind == CollKind::Reduce || kind == CollKind::Allreduce) {
    size_t len = c.contrib[0]->numChildren();
    for (size_t k = 0; k < len; ++k) {
      Expr acc = c.contrib[0]->child(uint32_t(k));
      for (int i = 1; i < n; ++i) {
        if (c.contrib[i]->numChildren() != len)
          m.fail(ViolationKind::CollectiveMismatch, "reduction with different counts", m.pc());
        acc = reduceOp(m, c.op, acc, c.contrib[i]->child(uint32_t(k)));
      }
      result.push_back(acc);
    }
  } else if (kind == CollKind::Allgather) {
    for (int i = 0; i < n; ++i)
      for (Expr e : c.contrib[i]->children())
        result.push_back(e);
  }
  for (int i = 0; i < n; ++i) {
    m.proc(i).collWait = false;
    if (!c.recvPtr[i] || result.empty())
      continue;
    const model::Type* et = ctypeOf(m, c.datatype);
    int save = m.me;
    m.me = i;
    const model::Type* bt = bufferType(m, c.recvPtr[i], c.datatype, ViolationKind::MpiUsage, i);
    m.writeElements(c.recvPtr[i], result, bt ? bt : et, i);
    m.me = save;
  }
  m.step.effects.push_back(std::string("complete ") + collName(kind));
}

namespace {

Machine::Outcome runBarrier(Machine& m, const std::string& name, const model::Transition& t) {
  requireWorld(m, m.arg(t.stmt, 0));
  arrive(m, CollKind::Barrier, 0, 0, 0, nullptr, nullptr, nullptr);
  return mpiDone(m, t);
}

Machine::Outcome runBcast(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  requireWorld(m, m.arg(s, 4));
  int64_t root = m.requireConcrete(m.arg(s, 3), "root");
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  Expr count = m.arg(s, 1);
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
  int64_t op = m.requireConcrete(m.arg(s, 4), "operation");
  int64_t root = all ? 0 : m.requireConcrete(m.arg(s, 5), "root");
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
  if (isSpecial(m, sbuf, "chorus_mpi_in_place_"))
    throw Unsupported("MPI_Allgather with MPI_IN_PLACE at " + m.where());
  Expr data = packBuffer(m, sbuf, count, dt);
  arrive(m, CollKind::Allgather, 0, int(dt), 0, count, data, rbuf);
  return mpiDone(m, t);
}

} // namespace

void registerMpiColl(MpiTable& t) {
  t.add("MPI_Barrier", {runBarrier});
  t.add("MPI_Bcast", {runBcast});
  t.add({"MPI_Reduce", "MPI_Allreduce"}, {runReduce});
  t.add("MPI_Allgather", {runAllgather});
}

} // namespace chorus::exec
