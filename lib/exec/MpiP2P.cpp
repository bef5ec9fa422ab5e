// MPI point-to-point: sends (buffered, or synchronous in potential-deadlock
// mode and for MPI_Ssend), receives matched per source in FIFO order,
// MPI_Sendrecv in two phases, status fields and MPI_Get_count.
#include "MpiInternal.h"

namespace chorus::exec {

void send(Machine& m, Expr buf, Expr countE, int64_t dt, Expr destE, Expr tagE, bool sync) {
  int64_t dest = m.requireConcrete(destE, "destination rank");
  if (dest == kProcNull)
    return;
  if (dest < 0 || dest >= m.nprocs())
    m.fail(ViolationKind::MpiUsage, "invalid destination rank " + std::to_string(dest), m.pc());
  int64_t count = m.requireConcrete(countE, "message count");
  if (count < 0)
    m.fail(ViolationKind::MpiUsage, "negative message count", m.pc());
  m.requireConcrete(tagE, "tag");
  const model::Type* et =
      count > 0 ? bufferType(m, buf, dt, ViolationKind::MpiUsage) : ctypeOf(m, dt);
  std::vector<Expr> data = m.readElements(buf, count, et);
  Message msg;
  msg.src = m.me;
  msg.dst = int(dest);
  msg.comm = int(kCommWorld);
  msg.tag = tagE;
  msg.count = countE;
  msg.datatype = int(dt);
  msg.data = m.f.arrayLit(m.f.arrayType(m.V.symType(et)), data);
  msg.sync = sync;
  m.gs.msgs.push_back(msg);
  if (sync)
    m.self().syncDest = int(dest);
  std::string d;
  for (size_t i = 0; i < data.size() && i < 8; ++i)
    d += (i ? ", " : "") + m.show(data[i]);
  if (data.size() > 8)
    d += ", ...";
  m.step.effects.push_back("send {" + d + "} to " + std::to_string(dest) + " tag " +
                           sym::toString(tagE) + (sync ? " (synchronous)" : ""));
}

std::vector<size_t> matches(Machine& m, int64_t source, int64_t tag) {
  std::vector<size_t> out;
  std::vector<uint8_t> seenSrc(m.gs.procs.size(), 0);
  for (size_t i = 0; i < m.gs.msgs.size(); ++i) {
    const Message& msg = m.gs.msgs[i];
    if (msg.dst != m.me || seenSrc[msg.src])
      continue;
    if (source != kAnySource && msg.src != source)
      continue;
    if (tag != kAnyTag) {
      int64_t mt = m.requireConcrete(msg.tag, "tag");
      if (mt != tag)
        continue;
    }
    seenSrc[msg.src] = 1;
    out.push_back(i);
  }
  return out;
}

void receive(Machine& m, size_t mi, Expr buf, Expr countE, int64_t dt, Expr status) {
  Message msg = m.gs.msgs[mi];
  m.gs.msgs.erase(m.gs.msgs.begin() + long(mi));
  if (msg.sync)
    m.proc(msg.src).syncDest = -1;
  if (datatypeClass(msg.datatype) != datatypeClass(dt))
    m.fail(ViolationKind::MpiRecvMismatch,
           "received message of an incompatible datatype from process " + std::to_string(msg.src),
           m.pc());
  m.require(m.f.le(msg.count, countE), ViolationKind::MpiRecvMismatch,
            "receive buffer too small for the message from process " + std::to_string(msg.src));
  std::vector<Expr> data(msg.data->children().begin(), msg.data->children().end());
  if (!data.empty()) {
    const model::Type* et = bufferType(m, buf, dt, ViolationKind::MpiRecvMismatch);
    m.writeElements(buf, data, et);
  }
  if (!isSpecial(m, status, "chorus_mpi_status_ignore_") &&
      !isSpecial(m, status, "chorus_mpi_statuses_ignore_")) {
    Place st = m.placeOfPointer(status, nullptr, m.me);
    const model::Type* stt = m.typeAt(m.self(), st.root, st.path, st.path.size());
    if (!stt->isRecord() || stt->fields.size() < 4)
      throw Unsupported("MPI_Status of unexpected shape at " + m.where());
    Expr vals[4] = {m.intc(msg.src), msg.tag, m.intc(0),
                    m.f.mul(msg.count, m.intc(int64_t(datatypeSize(msg.datatype))))};
    for (uint32_t k = 0; k < 4; ++k) {
      Place fp = st;
      fp.path.push_back(m.intc(k));
      m.writePlace(fp, vals[k]);
    }
  }
  std::string d;
  for (size_t i = 0; i < data.size() && i < 8; ++i)
    d += (i ? ", " : "") + m.show(data[i]);
  if (data.size() > 8)
    d += ", ...";
  m.step.effects.push_back("receive {" + d + "} from " + std::to_string(msg.src) + " tag " +
                           sym::toString(msg.tag));
}

namespace {

Machine::Outcome runSend(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  requireWorld(m, m.arg(s, 5));
  bool sync = name == "MPI_Ssend" || (name != "MPI_Bsend" && m.syncSends);
  if (sync)
    m.unsafe = true;
  send(m, m.arg(s, 0), m.arg(s, 1), m.requireConcrete(m.arg(s, 2), "datatype"), m.arg(s, 3),
       m.arg(s, 4), sync);
  return mpiDone(m, t);
}

Machine::Outcome runRecv(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  requireWorld(m, m.arg(s, 5));
  int64_t source = m.requireConcrete(m.arg(s, 3), "source rank");
  m.requireConcrete(m.arg(s, 4), "tag");
  if (source == kProcNull)
    return mpiDone(m, t);
  if (source != kAnySource && (source < 0 || source >= m.nprocs()))
    m.fail(ViolationKind::MpiUsage, "invalid source rank " + std::to_string(source), m.pc());
  if (source == kAnySource)
    m.unsafe = true;
  return Machine::Outcome::Blocked; // resolved by resumeReceive()
}

Machine::Outcome runSendrecv(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  requireWorld(m, m.arg(s, 10));
  if (m.self().callPhase == 0) {
    send(m, m.arg(s, 0), m.arg(s, 1), m.requireConcrete(m.arg(s, 2), "datatype"), m.arg(s, 3),
         m.arg(s, 4), false);
    m.self().callPhase = 1;
    return Machine::Outcome::Stay;
  }
  int64_t source = m.requireConcrete(m.arg(s, 8), "source rank");
  if (source == kAnySource)
    m.unsafe = true;
  if (source == kProcNull) {
    m.self().callPhase = 0;
    return mpiDone(m, t);
  }
  return Machine::Outcome::Blocked; // resolved by resumeReceive()
}

/// A blocked receive (MPI_Recv, or the receive half of MPI_Sendrecv): one
/// move per matching message.
void resumeReceive(Machine& m, const std::string& name, const model::Transition& t,
                   const MachineMaker& fresh, std::vector<Successor>& out) {
  const model::Stmt& st = t.stmt;
  bool sendrecv = name == "MPI_Sendrecv";
  size_t b = sendrecv ? 5 : 0;
  Expr source = m.arg(st, b + 3);
  std::vector<size_t> ms =
      matches(m, *m.concreteInt(source), m.requireConcrete(m.arg(st, b + 4), "tag"));
  for (size_t mi : ms) {
    Machine r = fresh();
    // re-evaluate the arguments in r (same state, same values)
    Expr buf = r.arg(st, b + 0), count = r.arg(st, b + 1);
    int64_t dt = r.requireConcrete(r.arg(st, b + 2), "datatype");
    Expr status = r.arg(st, b + 6);
    receive(r, mi, buf, count, dt, status);
    if (sendrecv)
      r.self().callPhase = 0;
    r.setResult(st, r.intc(0), nullptr);
    r.advance(t);
    r.popFinished();
    out.push_back(Successor{r.finish(), r.step});
  }
}

Machine::Outcome runGetCount(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr st = m.arg(s, 0);
  int64_t dt = m.requireConcrete(m.arg(s, 1), "datatype");
  Place sp = m.placeOfPointer(st, nullptr, m.me);
  sp.path.push_back(m.intc(3));
  Expr bytes = m.readPlace(sp);
  m.checkDefined(bytes);
  m.writePlace(m.placeOfPointer(m.arg(s, 2), m.P.types.intType(), m.me),
               m.f.div(bytes, m.intc(int64_t(datatypeSize(dt)))));
  return mpiDone(m, t);
}

} // namespace

void registerMpiP2P(MpiTable& t) {
  t.add({"MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend"}, {runSend});
  t.add("MPI_Recv", {runRecv, resumeReceive});
  t.add("MPI_Sendrecv", {runSendrecv, resumeReceive});
  t.add("MPI_Get_count", {runGetCount});
}

} // namespace chorus::exec
