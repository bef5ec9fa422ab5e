// MPI point-to-point: sends (buffered, or synchronous in potential-deadlock
// mode and for MPI_Ssend), receives matched per source in FIFO order,
// MPI_Sendrecv in two phases, status fields and MPI_Get_count.
#include "MpiInternal.h"

#include <algorithm>

namespace chorus::exec {

namespace {

/// The buffer of a datatype's elements at buf whose count is symbolic (a
/// count the precondition of `verify --contract` leaves free, seed 002
/// §2.2): the array buf points into, its value and length, the index of
/// buf in it, and the layout of the datatype in its elements.
struct SymBuffer {
  Place arr;
  Expr off, old, len;
  SymLayout lay;
  const model::Type* et = nullptr;
};

/// `what` of datatype dt at buf: dt has a layout (MpiInternal.h), buf
/// points into a one-dimensional array of numbers of the layout's basic
/// type (MPI_BYTE: of unsigned one-byte numbers).
SymBuffer symbolicBuffer(Machine& m, Expr buf, int64_t dt, int proc, const std::string& what,
                         Expr count) {
  std::optional<SymLayout> lay = symLayout(m, dt, proc);
  if (!lay)
    throw Unsupported("symbolic " + what + " with " +
                      ((dt & 0xffffff) == kSymbolicIndex ? std::string("the symbolic datatype")
                                                         : std::string(datatypeName(dt))) +
                      " (no layout of one basic type) at " + m.where() + " (" +
                      sym::toString(count) + ")");
  const model::Type* et = m.elementTypeOf(buf, proc);
  if (et && (!et->isArithmetic() || et->kind == TypeKind::Bool))
    throw Unsupported("symbolic " + what + " of a buffer of '" + et->name + "' at " + m.where());
  if (isByteType(lay->basic)) {
    // the bytes of unsigned one-byte numbers are their values (a signed
    // char's bytes are not: its symbolic values have no range here)
    if (!et || et->size != 1 || et->isSigned)
      throw Unsupported("symbolic " + what + " of MPI_BYTE over elements of '" +
                        (et ? et->name : std::string("?")) +
                        "' (bytes of unsigned one-byte numbers only) at " + m.where());
  } else {
    et = bufferType(m, buf, lay->basic, ViolationKind::MpiInvalidBuffer, proc);
  }
  Place pl = m.placeOfPointer(buf, et, proc);
  const ProcState& ps = m.proc(proc);
  if (pl.path.empty() ||
      m.typeAt(ps, pl.root, pl.path, pl.path.size() - 1)->kind != TypeKind::Array)
    throw Unsupported("symbolic " + what + " of a buffer outside an array at " + m.where());
  if (pl.path.size() > 1 &&
      m.typeAt(ps, pl.root, pl.path, pl.path.size() - 2)->kind == TypeKind::Array)
    throw Unsupported("symbolic " + what + " of a buffer in a row of an array of arrays at " +
                      m.where());
  SymBuffer b;
  b.lay = *lay;
  b.et = et;
  b.off = pl.path.back();
  pl.path.pop_back();
  pl.type = m.typeAt(ps, pl.root, pl.path, pl.path.size());
  b.arr = pl;
  b.old = m.readPlace(pl);
  b.len = m.lengthOf(b.old, pl.type);
  return b;
}

/// The index (in the array's elements, from buf) of basic value i of a
/// buffer of layout l: (i / |disp|) * ext + disp[i % |disp|].
Expr layoutIndex(Machine& m, const SymLayout& l, Expr i) {
  if (l.gapless())
    return i;
  int64_t L = int64_t(l.disp.size());
  if (L == 1)
    return m.f.add(m.f.mul(i, m.intc(l.ext)), m.intc(l.disp[0]));
  Expr r = m.f.mod(i, m.intc(L));
  Expr d = m.intc(l.disp.back());
  for (int64_t k = L - 2; k >= 0; --k)
    d = m.f.ite(m.f.eq(r, m.intc(k)), m.intc(l.disp[size_t(k)]), d);
  return m.f.add(m.f.mul(m.f.div(i, m.intc(L)), m.intc(l.ext)), d);
}

/// The obligation that the first n basic values of buffer b (n > 0) are in
/// its array: from off + min disp (>= 0) to the furthest one.
void requireInArray(Machine& m, const SymBuffer& b, Expr n, const std::string& what) {
  const SymLayout& l = b.lay;
  Expr last = m.f.sub(n, m.intc(1));
  Expr far = l.increasing()
                 ? layoutIndex(m, l, last)
                 : m.f.add(m.f.mul(m.f.div(last, m.intc(int64_t(l.disp.size()))), m.intc(l.ext)),
                           m.intc(*std::max_element(l.disp.begin(), l.disp.end())));
  m.require(m.f.implies(m.f.lt(m.intc(0), n), m.f.logicalAnd(m.f.le(m.intc(0), b.off),
                                                             m.f.lt(m.f.add(b.off, far), b.len))),
            ViolationKind::OutOfBounds, what + " beyond the end of its array");
}

/// The message of a send whose count the path condition does not bound:
/// its basic values are the array \j. buf[index(j)] of length count times
/// the entries of the datatype (its layout: a basic datatype, MPI_BYTE,
/// a derived datatype of one basic type).
void symbolicMessage(Machine& m, Expr buf, Expr countE, int64_t dt, Message& msg) {
  m.require(m.f.le(m.intc(0), countE), ViolationKind::MpiInvalidCount, "negative message count");
  SymBuffer b = symbolicBuffer(m, buf, dt, m.me, "message count", countE);
  Expr n = m.f.mul(countE, m.intc(int64_t(b.lay.disp.size())));
  requireInArray(m, b, n, "buffer of " + m.show(countE) + " elements");
  checkCommitted(m, dt);
  Expr j = m.f.boundVar("j", m.f.intType());
  Expr v = m.f.arrayRead(b.old, m.f.add(b.off, layoutIndex(m, b.lay, j)));
  Expr bvs[1] = {j};
  msg.data = m.f.arrayLambda(b.old->type(), n, m.f.lambda(bvs, v));
  msg.count = n;
  msg.datatype = int(b.lay.basic);
}

/// The receive of message msg into `countE` elements of dt at buf where
/// the message's count or the receive's is symbolic: the type signatures
/// agree (one basic type, or an empty message), the message fits, and its
/// values are written where the layout of dt puts them: element x of the
/// array becomes msg[k] when x is the place of basic value k < count of the
/// message, else keeps its value.
void symbolicReceive(Machine& m, const Message& msg, Expr buf, Expr countE, int64_t dt) {
  if (!isBasicType(msg.datatype) && !isByteType(msg.datatype))
    throw Unsupported("receive of a message of several basic types into a symbolic "
                      "count at " +
                      m.where());
  SymBuffer b = symbolicBuffer(m, buf, dt, m.me, "receive count", countE);
  const SymLayout& l = b.lay;
  int64_t L = int64_t(l.disp.size());
  std::vector<int64_t> sorted = l.disp;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    // MPI 3.1 §4.1.1: the entries of a receive buffer must not overlap
    m.fail(ViolationKind::MpiInvalidDatatype,
           "receive into a datatype whose entries overlap (MPI 3.1 §4.1.1)", m.pc());
  Expr mc = msg.count;
  Expr room = m.f.mul(countE, m.intc(L));
  if (signatureOf(m, 1, msg.datatype) != signatureOf(m, 1, l.basic))
    m.require(m.f.eq(mc, m.intc(0)), ViolationKind::MpiRecvMismatch,
              "type signature of the message from process " + std::to_string(msg.src) + " (" +
                  m.show(mc) + " x " + datatypeName(msg.datatype) +
                  ") does not match the receive (" + m.show(countE) + " x " + datatypeName(dt) +
                  ")");
  m.require(m.f.le(mc, room), ViolationKind::MpiRecvMismatch,
            "receive buffer too small for the message from process " + std::to_string(msg.src) +
                " (" + m.show(mc) + " elements, room for " + m.show(room) + ")");
  requireInArray(m, b, mc, "buffer of " + m.show(mc) + " received values");
  Expr i = m.f.boundVar("i", m.f.intType());
  Expr y = m.f.sub(i, b.off);
  Expr in, k;
  if (l.gapless()) {
    in = m.f.logicalAnd(m.f.le(m.intc(0), y), m.f.lt(y, mc));
    k = y;
  } else {
    // y = q * ext + r: basic value q * L + (the entry at r), if any
    Expr q = m.f.div(y, m.intc(l.ext)), r = m.f.mod(y, m.intc(l.ext));
    Expr member = m.f.falseExpr(), at = m.intc(0);
    for (int64_t e = L - 1; e >= 0; --e) {
      Expr hit = m.f.eq(r, m.intc(l.disp[size_t(e)]));
      member = m.f.logicalOr(hit, member);
      at = m.f.ite(hit, m.intc(e), at);
    }
    k = m.f.add(m.f.mul(q, m.intc(L)), at);
    in = m.f.logicalAnd(m.f.logicalAnd(m.f.le(m.intc(0), y), member), m.f.lt(k, mc));
  }
  Expr v = m.f.arrayRead(msg.data, k);
  if (b.arr.type->elem->kind == TypeKind::Real)
    v = m.toReal(v);
  Expr bvs[1] = {i};
  m.writePlace(b.arr, m.f.arrayLambda(b.old->type(), b.len,
                                      m.f.lambda(bvs, m.f.ite(in, v, m.f.arrayRead(b.old, i)))));
}

} // namespace

void send(Machine& m, Expr buf, Expr countE, int64_t dt, Expr destE, Expr tagE, bool sync,
          Expr commE) {
  int64_t comm = commE ? m.requireConcrete(commE, "communicator") : kCommWorld;
  int64_t dest = m.requireConcrete(destE, "destination rank");
  if (commE)
    checkRank(m, dest, commE, false);
  if (dest == kProcNull)
    return;
  dest = rankToProc(m, comm, dest); // messages name processes, not ranks
  if (dest < 0 || dest >= m.nprocs())
    m.fail(ViolationKind::MpiInvalidRank, "invalid destination rank " + std::to_string(dest),
           m.pc());
  // a count the path condition does not bound (a count the contract
  // leaves free): a message of symbolic length (symbolicMessage)
  std::optional<int64_t> bounded = m.boundedConcrete(countE, "message count");
  if (bounded && *bounded < 0)
    m.fail(ViolationKind::MpiInvalidCount, "negative message count", m.pc());
  int64_t tag = m.requireConcrete(tagE, "tag");
  if (tag < 0 || tag > 32767)
    m.fail(ViolationKind::MpiInvalidTag, "invalid tag " + std::to_string(tag), m.pc());
  if (m.gs.procs[dest]->mpi == state::MpiPhase::Finalized)
    m.fail(ViolationKind::MpiPendingMessage,
           "message to process " + std::to_string(dest) + " after it called MPI_Finalize", m.pc());
  Message msg;
  msg.src = m.me;
  msg.dst = int(dest);
  msg.comm = int(comm);
  msg.tag = tagE;
  msg.sync = sync;
  std::vector<Expr> data;
  if (bounded) {
    // the message: the basic values read through the type map of dt
    int64_t count = *bounded;
    data = readTyped(m, buf, 0, count, dt, ViolationKind::MpiInvalidBuffer);
    if (count == 0)
      checkCommitted(m, dt);
    msg.count = m.intc(isBasicType(dt) ? count : int64_t(data.size()));
    msg.datatype = int(messageType(m, count, dt));
    msg.data = packValues(m, data);
  } else {
    symbolicMessage(m, buf, countE, dt, msg);
  }
  m.gs.msgs.push_back(msg);
  // a synchronous send waits for its receive (settleSync, at the end of
  // the move, matches it at once to a posted receive that must take it);
  // a thread other than main waits at its call instead (its message marked,
  // threadSendMark: runSend, runSendrecv)
  if (sync && m.thr == 0)
    m.self().syncDest = int(dest);
  std::string d = bounded ? "" : m.show(countE) + " values";
  for (size_t i = 0; i < data.size() && i < 8; ++i)
    d += (i ? ", " : "") + m.show(data[i]);
  if (data.size() > 8)
    d += ", ...";
  m.step.effects.push_back("send {" + d + "} to " + std::to_string(dest) + " tag " +
                           sym::toString(tagE) + (sync ? " (synchronous)" : ""));
}

bool standardSendSync(Machine& m) {
  m.ex.noteSendMode();
  if (!m.syncSends)
    return false;
  return !m.ex.options().mixedSends || m.branch();
}

std::vector<size_t> matches(Machine& m, int64_t source, int64_t tag, int64_t comm) {
  return eligible(m, source, tag, comm, INT64_MAX);
}

void receive(Machine& m, size_t mi, Expr buf, Expr countE, int64_t dt, Expr status) {
  Message msg = m.gs.msgs[mi];
  m.gs.msgs.erase(mi);
  if (msg.sync && msg.req == -1)
    m.proc(msg.src).syncDest = -1;
  // Mixed buffering: this continuation is also one of the send's buffered
  // outcome (the sender idle until now); it is not explored
  if (msg.sync == 2 && m.ex.options().mixedSends)
    m.covered = true;
  // seed 002 §3.1: the type signature of the message must be a prefix of the
  // signature of the receive buffer (count x datatype)
  checkCommitted(m, dt);
  if (dt == mpiHandle(3, kSymbolicIndex) && m.ex.symbolicNonoverlapping())
    // MPI 3.1 §4.1.1: a receive buffer's entries must not overlap; the
    // symbolic datatype's do not when the precondition says so
    m.require(m.ex.symbolicNonoverlapping(), ViolationKind::MpiInvalidDatatype,
              "receive into the symbolic datatype, whose type map may overlap (the "
              "precondition does not require \\mpi_nonoverlapping of it)");
  std::optional<int64_t> rcount;
  if (msg.count->kind() == sym::Kind::NumConst)
    rcount = m.boundedConcrete(countE, "count");
  std::vector<Expr> data;
  if (!rcount) {
    symbolicReceive(m, msg, buf, countE, dt);
  } else {
    convertPacked(m, msg, *rcount, dt); // MPI_PACKED vs typed
    Signature ms = messageSignature(msg);
    Signature rs = signatureOf(m, *rcount, dt);
    size_t i = 0, j = 0;
    int64_t ui = 0, uj = 0; // used repetitions of runs ms[i], rs[j]
    bool ok = true;
    while (ok && i < ms.size() && j < rs.size()) {
      ok = ms[i].first == rs[j].first;
      int64_t take = std::min(ms[i].second - ui, rs[j].second - uj);
      ui += take, uj += take;
      if (ui == ms[i].second)
        ++i, ui = 0;
      if (uj == rs[j].second)
        ++j, uj = 0;
    }
    if (!ok)
      m.fail(ViolationKind::MpiRecvMismatch,
             "type signature of the message from process " + std::to_string(msg.src) + " (" +
                 sigText(ms) + ") does not match the receive (" + sigText(rs) + ")",
             m.pc());
    if (i < ms.size())
      m.fail(ViolationKind::MpiRecvMismatch,
             "receive buffer too small for the message from process " + std::to_string(msg.src) +
                 " (" + std::to_string(sigLength(ms)) + " basic elements, room for " +
                 std::to_string(sigLength(rs)) + ")",
             m.pc());
    data.assign(msg.data->children().begin(), msg.data->children().end());
    writeTyped(m, buf, 0, data, dt, ViolationKind::MpiRecvMismatch);
  }
  auto sp = m.V.decodePointer(status);
  if (sp && sp->root.kind != RootKind::Null && !isSpecial(m, status, "chorus_mpi_status_ignore_") &&
      !isSpecial(m, status, "chorus_mpi_statuses_ignore_")) {
    Place st = m.placeOfPointer(status, nullptr, m.me);
    const model::Type* stt = m.typeAt(m.self(), st.root, st.path, st.path.size());
    if (!stt->isRecord() || stt->fields.size() < 4)
      throw Unsupported("MPI_Status of unexpected shape at " + m.where());
    Expr vals[4] = {m.intc(procToRank(m, msg.comm, msg.src)), msg.tag, m.intc(0),
                    messageBytes(m, msg)};
    for (uint32_t k = 0; k < 4; ++k) {
      Place fp = st;
      fp.path.push_back(m.intc(k));
      m.writePlace(fp, vals[k]);
    }
    statusCancelled(m, st, false);
  }
  std::string d = rcount ? "" : m.show(msg.count) + " values";
  for (size_t i = 0; i < data.size() && i < 8; ++i)
    d += (i ? ", " : "") + m.show(data[i]);
  if (data.size() > 8)
    d += ", ...";
  m.step.effects.push_back("receive {" + d + "} from " + std::to_string(msg.src) + " tag " +
                           sym::toString(msg.tag));
}

namespace {

/// The blocking synchronous send of thread k (not main) of a process: its
/// message is marked req = -2 - k, and the thread stays at its call
/// (phase 1 of MPI_Ssend/MPI_Send, phase 2 of MPI_Sendrecv) until the
/// message is received. Each thread waits for its own message, so any
/// number of threads of a process can wait at once; the main thread waits
/// after its call with ProcState::syncDest, as a process without threads.
int threadSendMark(int thr) {
  return -2 - thr;
}

/// The index of the moving thread's pending synchronous message of a
/// blocking call, or -1 (main's is marked req = -1).
int64_t ownSyncMessage(Machine& m) {
  int mark = m.thr == 0 ? -1 : threadSendMark(m.thr);
  for (size_t i = 0; i < m.gs.msgs.size(); ++i) {
    const Message& msg = m.gs.msgs[i];
    if (msg.src == m.me && msg.sync && msg.req == mark)
      return int64_t(i);
  }
  return -1;
}

/// MPI_Sendrecv whose send was synchronous: when its receive completes and
/// its message has not been received yet, the call waits for it: main
/// after its call (syncDest); another thread at its call, in phase 2
/// (returns true: the call is not done).
bool awaitOwnSyncSend(Machine& m) {
  int64_t i = ownSyncMessage(m);
  if (i < 0)
    return false;
  if (m.thr != 0) {
    m.self().callPhase = 2;
    return true;
  }
  m.self().syncDest = m.gs.msgs[size_t(i)].dst;
  return false;
}

/// A thread (not main) waiting at its call for its synchronous message:
/// blocked while the message is pending, then the call is done.
Machine::Outcome awaitDone(Machine& m, const model::Transition& t) {
  if (int64_t i = ownSyncMessage(m); i >= 0) {
    m.blockedWhy = "in a send to process " + std::to_string(m.gs.msgs[size_t(i)].dst) +
                   " that waits for its receive";
    return Machine::Outcome::Blocked;
  }
  m.self().callPhase = 0;
  return mpiDone(m, t);
}

void checkRecvEnvelope(Machine& m, int64_t source, Expr tagE, Expr commE) {
  int64_t tag = m.requireConcrete(tagE, "tag");
  if ((tag < 0 && tag != kAnyTag) || tag > 32767)
    m.fail(ViolationKind::MpiInvalidTag, "invalid tag " + std::to_string(tag), m.pc());
  checkRank(m, source, commE, true);
}

void procNullStatus(Machine& m, Expr status) {
  if (isSpecial(m, status, "chorus_mpi_status_ignore_") ||
      isSpecial(m, status, "chorus_mpi_statuses_ignore_"))
    return;
  Place st = m.placeOfPointer(status, nullptr, m.me);
  Expr vals[4] = {m.intc(kProcNull), m.intc(kAnyTag), m.intc(0), m.intc(0)};
  for (uint32_t k = 0; k < 4; ++k) {
    Place fp = st;
    fp.path.push_back(m.intc(k));
    m.writePlace(fp, vals[k]);
  }
  statusCancelled(m, st, false);
}

Machine::Outcome runSend(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  if (m.self().callPhase == 1)
    return awaitDone(m, t);
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  if (name == "MPI_Rsend")
    checkReady(m, m.arg(s, 3), m.arg(s, 4), m.arg(s, 5));
  if (name == "MPI_Bsend")
    checkBsend(m, m.arg(s, 1), dt);
  bool standard = name == "MPI_Send" || name == "MPI_Rsend";
  bool toNull = m.requireConcrete(m.arg(s, 3), "destination rank") == kProcNull;
  bool sync = !toNull && (name == "MPI_Ssend" || (standard && standardSendSync(m)));
  // Posting a send commutes with the other processes' moves and stays
  // enabled, buffered or synchronous (DESIGN-NOTES, "Search and the urgent
  // POR"); a ready-mode send does not: whether its receive is posted yet
  // depends on the destination.
  if (name == "MPI_Rsend") {
    m.unsafe = true;
    m.ex.noteNondeterminism();
  }
  size_t effects = m.step.effects.size(), msgs = m.gs.msgs.size();
  send(m, m.arg(s, 0), m.arg(s, 1), dt, m.arg(s, 3), m.arg(s, 4), sync, m.arg(s, 5));
  if (standard && m.syncSends && !sync && m.step.effects.size() > effects)
    m.step.effects.back() += " (buffered)";
  if (standard && sync && m.gs.msgs.size() > msgs)
    m.gs.msgs.mut(msgs).sync = 2;
  if (sync && m.thr != 0 && m.gs.msgs.size() > msgs) {
    m.gs.msgs.mut(msgs).req = threadSendMark(m.thr);
    m.self().callPhase = 1;
    return Machine::Outcome::Stay;
  }
  return mpiDone(m, t);
}

/// A thread waiting in its synchronous send: the moves that may match its
/// message meanwhile (a wildcard receive request of the destination).
void resumeSend(Machine& m, const std::string&, const model::Transition&, const MachineMaker& fresh,
                std::vector<Successor>& out) {
  syncProgressMoves(m, fresh, out);
}

Machine::Outcome runRecv(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t source = m.requireConcrete(m.arg(s, 3), "source rank");
  checkRecvEnvelope(m, source, m.arg(s, 4), m.arg(s, 5));
  // (a count the path condition does not bound: a receive of symbolic
  // length, MPI 3.1 §3.2.2's count >= 0 a requirement)
  if (auto c = m.boundedConcrete(m.arg(s, 1), "count"); c && *c < 0)
    m.fail(ViolationKind::MpiInvalidCount, "negative count", m.pc());
  else if (!c)
    m.require(m.f.le(m.intc(0), m.arg(s, 1)), ViolationKind::MpiInvalidCount, "negative count");
  if (source == kProcNull) {
    procNullStatus(m, m.arg(s, 6));
    return mpiDone(m, t);
  }
  if (source == kAnySource) {
    m.unsafe = true;
    m.ex.noteNondeterminism();
  }
  return Machine::Outcome::Blocked; // resolved by resumeReceive()
}

Machine::Outcome runSendrecv(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  bool replace = name == "MPI_Sendrecv_replace";
  size_t c = replace ? 7 : 10, rb = replace ? 2 : 5;
  if (m.self().callPhase == 0) {
    checkRecvEnvelope(m, m.requireConcrete(m.arg(s, rb + 3), "source rank"), m.arg(s, rb + 4),
                      m.arg(s, c));
    if (!replace) { // MPI 3.1 §3.10: the send and receive buffers must be disjoint
      auto sd = m.concreteInt(m.arg(s, 2)), rd = m.concreteInt(m.arg(s, 7));
      if (sd && rd)
        checkDisjointBuffers(m, name, m.arg(s, 0), m.arg(s, 1), *sd, m.arg(s, 5), m.arg(s, 6), *rd);
    }
    // The send is a standard-mode send (a choice in potential mode); its
    // receive proceeds in any case (MPI 3.1 §3.10: as if by two threads).
    // A synchronous send that is not yet received when the receive
    // completes blocks the call then (resumeReceive).
    bool toNull = m.requireConcrete(m.arg(s, 3), "destination rank") == kProcNull;
    bool sync = !toNull && standardSendSync(m);
    size_t effects = m.step.effects.size(), msgs = m.gs.msgs.size();
    send(m, m.arg(s, 0), m.arg(s, 1), m.requireConcrete(m.arg(s, 2), "datatype"), m.arg(s, 3),
         m.arg(s, 4), sync, m.arg(s, c));
    if (sync && m.gs.msgs.size() > msgs) {
      m.gs.msgs.mut(msgs).sync = 2;
      if (m.thr != 0)
        m.gs.msgs.mut(msgs).req = threadSendMark(m.thr);
    }
    if (m.thr == 0)
      m.self().syncDest = -1; // (main waits only once its receive is done)
    if (m.syncSends && !sync && m.step.effects.size() > effects)
      m.step.effects.back() += " (buffered)";
    m.self().callPhase = 1;
    return Machine::Outcome::Stay;
  }
  if (m.self().callPhase == 2) // a thread's synchronous send, its receive done
    return awaitDone(m, t);
  int64_t source = m.requireConcrete(m.arg(s, rb + 3), "source rank");
  if (source == kAnySource) {
    m.unsafe = true;
    m.ex.noteNondeterminism();
  }
  if (source == kProcNull) {
    m.self().callPhase = 0;
    procNullStatus(m, m.arg(s, c + 1));
    if (awaitOwnSyncSend(m))
      return Machine::Outcome::Stay;
    return mpiDone(m, t);
  }
  return Machine::Outcome::Blocked; // resolved by resumeReceive()
}

/// What a blocked receive waits for, and the messages in transit to this
/// process that it does not match (the usual cause of such a deadlock is
/// a tag or communicator that differs from the send's).
std::string receiveWait(Machine& m, int64_t source, int64_t tag, int64_t comm) {
  std::string why = "waits for a message from " +
                    (source >= 0 ? "process " + std::to_string(source) : "any process") +
                    (tag == kAnyTag ? " with any tag" : " with tag " + std::to_string(tag)) +
                    (comm == kCommWorld ? "" : " on " + handleText(comm));
  std::string unmatched;
  for (size_t i = 0; i < m.gs.msgs.size(); ++i) {
    const Message& msg = m.gs.msgs[i];
    if (msg.dst != m.me)
      continue;
    unmatched += (unmatched.empty() ? "" : ", ") + std::string("from process ") +
                 std::to_string(msg.src) + " with tag " + sym::toString(msg.tag) +
                 (msg.comm == comm ? "" : " on " + handleText(msg.comm)) +
                 (msg.probed ? " (taken by a matched probe)" : "");
  }
  if (!unmatched.empty())
    why += "; in transit to it and not matching: " + unmatched;
  return why;
}

/// A blocked receive (MPI_Recv, or the receive half of MPI_Sendrecv): one
/// move per matching message.
void resumeReceive(Machine& m, const std::string& name, const model::Transition& t,
                   const MachineMaker& fresh, std::vector<Successor>& out) {
  const model::Stmt& st = t.stmt;
  bool sendrecv = name == "MPI_Sendrecv";
  bool replace = name == "MPI_Sendrecv_replace";
  if ((sendrecv || replace) && m.view(m.me).callPhase == 2) {
    // a thread waiting for its synchronous message after its receive
    syncProgressMoves(m, fresh, out);
    return;
  }
  // argument positions: buf, count, datatype, source, tag, comm, status
  size_t b = sendrecv ? 5 : 0;
  size_t pos[7] = {b, b + 1, b + 2, b + 3, b + 4, sendrecv ? 10u : 5u, sendrecv ? 11u : 6u};
  if (replace) {
    size_t r[7] = {0, 1, 2, 5, 6, 7, 8};
    std::copy(r, r + 7, pos);
  }
  int64_t source = *m.concreteInt(m.arg(st, pos[3]));
  int64_t tag = m.requireConcrete(m.arg(st, pos[4]), "tag");
  int64_t comm = m.requireConcrete(m.arg(st, pos[5]), "communicator");
  if (source >= 0)
    source = rankToProc(m, comm, source);
  std::vector<size_t> ms = matches(m, source, tag, comm);
  if (ms.empty())
    m.blockedWhy = receiveWait(m, source, tag, comm);
  for (size_t mi : ms) {
    Machine r = fresh();
    // re-evaluate the arguments in r (same state, same values)
    Expr buf = r.arg(st, pos[0]), count = r.arg(st, pos[1]);
    int64_t dt = r.requireConcrete(r.arg(st, pos[2]), "datatype");
    Expr status = r.arg(st, pos[6]);
    receive(r, mi, buf, count, dt, status);
    if (sendrecv || replace) {
      r.self().callPhase = 0;
      if (awaitOwnSyncSend(r)) { // (a thread: stays at its call, phase 2)
        out.push_back(r.successor());
        continue;
      }
    }
    r.setResult(st, r.intc(0), nullptr);
    r.advance(t);
    r.popFinished();
    out.push_back(r.successor());
  }
  blockingReceiveBlockers(m, fresh, out, source, tag, comm);
}

Machine::Outcome runGetCount(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr st = m.arg(s, 0);
  int64_t dt = m.requireConcrete(m.arg(s, 1), "datatype");
  Place sp = m.placeOfPointer(st, nullptr, m.me);
  sp.path.push_back(m.intc(3));
  Expr bytes = m.readPlace(sp);
  m.checkDefined(bytes);
  int64_t size = typeSize(m, dt);
  Expr n = m.f.div(bytes, m.intc(size ? size : 1));
  auto b = m.concreteInt(bytes);
  if (b && size && *b % size)
    n = m.intc(-32766);    // MPI_UNDEFINED: not a whole number of elements
  else if (!b && size > 1) // (a message of symbolic length)
    n = m.f.ite(m.f.eq(m.f.mod(bytes, m.intc(size)), m.intc(0)), n, m.intc(-32766));
  m.writePlace(m.placeOfPointer(m.arg(s, 2), m.P.types.intType(), m.me), n);
  return mpiDone(m, t);
}

} // namespace

void registerMpiP2P(MpiTable& t) {
  t.add({"MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend"}, {runSend, resumeSend});
  t.add("MPI_Recv", {runRecv, resumeReceive});
  t.add({"MPI_Sendrecv", "MPI_Sendrecv_replace"}, {runSendrecv, resumeReceive});
  t.add("MPI_Get_count", {runGetCount});
}

} // namespace chorus::exec
