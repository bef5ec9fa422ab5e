// MPI nonblocking point-to-point and requests: Isend/Issend/Irsend/Ibsend,
// Irecv, the Wait/Test family, Request_free, persistent requests
// (Send_init/Recv_init/Start/Startall), Probe/Iprobe, Buffer_attach/detach,
// the local-concurrency check of pending buffers, and the request checks of
// MPI_Finalize.
//
// Requests live in ProcState::mpiObj (encoding below). A receive request is
// matched lazily: at a Wait/Test of it (or of a request set holding it), or
// as a "progress" step of a blocked receive that an earlier posted request
// stands in the way of. A message may be taken by a receive only if no
// earlier posted active receive request of the process matches its envelope
// (MPI's posted-order rule); per source the earliest matching message is
// taken (non-overtaking). Matching late is complete: every real matching
// order can be reproduced by matching in time order, and the eligibility of
// a message for a request only grows while the receiver waits.
#include "MpiInternal.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <tuple>

namespace chorus::exec {

namespace {

// mpiObj layout: [0] next posting sequence number, [1] attached Bsend buffer
// size (0: none), [2] the last MPI_Wtime result (0: none), [3] the ext value
// of MpiComm.cpp (object table and collective records; 0: none), then
// kReqFields values per request slot.
enum ReqField : size_t {
  RKind,    // 0 free slot, 1 send, 2 receive, 3 nonblocking collective
  RState,   // 0 inactive (persistent), 1 active, 2 complete (not yet waited)
  RPersist, // 1: persistent (Send_init/Recv_init)
  RBuf,     // buffer pointer (nonblocking collective: its guards, collRequestGuards)
  RCount,   // element count (nonblocking collective: the number of guards)
  RDt,      // datatype
  RPeer,    // destination / source (MPI_ANY_SOURCE, MPI_PROC_NULL)
  RTag,     // tag (MPI_ANY_TAG)
  RComm,    // communicator handle
  RSeq,     // posting order
  RSync,    // send: 0 buffered, 1 synchronous (completes when received),
            // 2 standard-mode persistent send in potential mode (each start
            // chooses: standardSendSync; the message's `sync` flag records
            // the choice), 3 standard-mode send that took the synchronous
            // outcome, 4 freed by MPI_Request_free while active with its
            // message in transit (--allow-active-request-free: its buffer
            // stays the send's until the message is received; the slot is
            // freed later, reapFreedSends); receive: 1 when freed by
            // MPI_Request_free while active (detached: it completes
            // without a Wait, and its slot is freed then)
  RMSrc,    // receive, complete: source, tag, count of the matched message
  RMTag,
  RMCount,
  RLoc,    // the call that made the request (packLoc), named in reports
  RSeen,   // 1: complete, and MPI_Request_get_status said so (a Test must too)
  RCancel, // MPI_Cancel: 0 none, kCancelMarked (active), kCancelled (complete)
  kReqFields
};
constexpr size_t kHeader = 4;
constexpr int64_t kReqBase = 0x1000;
constexpr int64_t kRequestNull = mpiHandle(5, 0);
constexpr int64_t kInfSeq = INT64_MAX;
constexpr int64_t kFreedSend = 4; // RSync of a send freed while its message is in transit
constexpr int64_t kCancelMarked = 1, kCancelled = 2;

bool gInternal = false; // MPI's own buffer accesses are not checked
struct InternalAccess {
  bool save = gInternal;
  InternalAccess() { gInternal = true; }
  ~InternalAccess() { gInternal = save; }
};

size_t numSlots(const ProcState& ps) {
  return ps.mpiObj.size() < kHeader ? 0 : (ps.mpiObj.size() - kHeader) / kReqFields;
}
Expr& fld(ProcState& ps, size_t slot, size_t f) {
  return ps.mpiObj[kHeader + slot * kReqFields + f];
}
Expr fldc(const ProcState& ps, size_t slot, size_t f) {
  return ps.mpiObj[kHeader + slot * kReqFields + f];
}
int64_t ival(Machine& m, Expr e) {
  return *m.concreteInt(e);
}
int64_t ifld(Machine& m, const ProcState& ps, size_t slot, size_t f) {
  return ival(m, fldc(ps, slot, f));
}

void ensureHeader(Machine& m, ProcState& ps) {
  if (ps.mpiObj.size() < kHeader)
    ps.mpiObj = {m.intc(0), m.intc(0), m.intc(0), m.intc(0)};
}

/// The size of the buffer MPI_Buffer_attach attached (header entry 1: 0
/// when none, else the tuple (size or -1 for size 0, the buffer pointer)).
int64_t attachedSize(Machine& m, const ProcState& ps) {
  if (ps.mpiObj.size() < kHeader)
    return 0;
  Expr e = ps.mpiObj[1];
  return ival(m, e->kind() == sym::Kind::TupleMake ? m.f.tupleRead(e, 0) : e);
}

/// The request of a slot as a report names it: the kind of request and the
/// call that made it ("the send request made at f.c:8:5").
std::string requestText(Machine& m, const ProcState& ps, size_t r) {
  int64_t kind = ifld(m, ps, r, RKind);
  model::SrcLoc l = unpackLoc(ifld(m, ps, r, RLoc));
  return std::string("the ") +
         (kind == 1   ? "send"
          : kind == 2 ? "receive"
                      : "nonblocking collective") +
         " request" + (l.valid() ? " made at " + m.P.where(l) : std::string());
}

void freeSlot(Machine& m, size_t slot);

/// Whether the message of send request `slot` of the moving process is in
/// transit (not received yet).
bool sendInTransit(const Machine& m, size_t slot) {
  for (size_t i = 0; i < m.gs.msgs.size(); ++i)
    if (const Message& msg = m.gs.msgs[i]; msg.src == m.me && msg.req == int(slot))
      return true;
  return false;
}

/// A new request slot (lowest free one), fields zero/null.
size_t newSlot(Machine& m) {
  ProcState& ps = m.self();
  ensureHeader(m, ps);
  reapFreedSends(m, false);
  size_t n = numSlots(ps);
  size_t slot = n;
  for (size_t i = 0; i < n; ++i)
    if (ifld(m, ps, i, RKind) == 0) {
      slot = i;
      break;
    }
  if (slot == n)
    ps.mpiObj.resize(ps.mpiObj.size() + kReqFields, m.intc(0));
  for (size_t f = 0; f < kReqFields; ++f)
    fld(ps, slot, f) = m.intc(0);
  fld(ps, slot, RBuf) = m.V.nullPointer();
  fld(ps, slot, RMCount) = m.intc(0);
  int64_t seq = ival(m, ps.mpiObj[0]);
  fld(ps, slot, RSeq) = m.intc(seq);
  fld(ps, slot, RLoc) = m.intc(packLoc(m.loc));
  ps.mpiObj[0] = m.intc(seq + 1);
  return slot;
}

/// No request, buffer, time or object left: mpiObj empty (as initially).
void clearIfEmpty(Machine& m, ProcState& ps) {
  if (numSlots(ps) == 0 && attachedSize(m, ps) == 0 && ps.mpiObj[2] == m.intc(0) &&
      ps.mpiObj[3] == m.intc(0))
    ps.mpiObj.clear();
}

void freeSlot(Machine& m, size_t slot) {
  ProcState& ps = m.self();
  bool typed = isCreatedType(ifld(m, ps, slot, RDt));
  for (size_t f = 0; f < kReqFields; ++f)
    fld(ps, slot, f) = m.intc(0);
  fld(ps, slot, RBuf) = m.intc(0);
  if (typed)
    dropFreedTypes(m);
  // trailing free slots are dropped, and the sequence restarts when no
  // request is left (so that loops reach equal states)
  while (numSlots(ps) > 0 && ifld(m, ps, numSlots(ps) - 1, RKind) == 0)
    ps.mpiObj.resize(ps.mpiObj.size() - kReqFields);
  if (numSlots(ps) == 0)
    ps.mpiObj[0] = m.intc(0);
  clearIfEmpty(m, ps);
}

} // namespace

int64_t packLoc(model::SrcLoc l) {
  return l.valid() ? (int64_t(l.file) << 40) | (int64_t(l.line) << 16) | int64_t(l.col & 0xffff)
                   : -1;
}

model::SrcLoc unpackLoc(int64_t v) {
  model::SrcLoc l;
  if (v >= 0) {
    l.file = uint32_t(v >> 40);
    l.line = uint32_t((v >> 16) & 0xffffff);
    l.col = uint32_t(v & 0xffff);
  }
  return l;
}

void statusCancelled(Machine& m, const Place& st, bool cancelled) {
  const model::Type* stt = m.typeAt(m.proc(m.me), st.root, st.path, st.path.size());
  if (!stt->isRecord() || stt->fields.size() < 5)
    return;
  Place fp = st;
  fp.path.push_back(m.intc(4));
  m.writePlace(fp, m.intc(cancelled));
}

void reapFreedSends(Machine& m, bool all) {
  const ProcState& ps = m.self();
  for (size_t r = numSlots(ps); r-- > 0;)
    if (r < numSlots(m.self()) && ifld(m, m.self(), r, RKind) == 1 &&
        ifld(m, m.self(), r, RSync) == kFreedSend && (all || !sendInTransit(m, r))) {
      for (size_t i = 0; i < m.gs.msgs.size(); ++i)
        if (const Message& msg = m.gs.msgs[i]; msg.src == m.me && msg.req == int(r))
          m.gs.msgs.mut(i).req = -1;
      freeSlot(m, r);
    }
}

namespace {

/// The slot of a request handle value; -1 for MPI_REQUEST_NULL. An invalid
/// handle is MPI_INVALID_REQUEST.
int64_t slotOf(Machine& m, Expr h) {
  m.checkDefined(h);
  int64_t v = m.requireConcrete(h, "request");
  if (v == kRequestNull)
    return -1;
  const ProcState& ps = m.self();
  int64_t s = (v & 0xffffff) - kReqBase;
  if ((v >> 24) != 5 || s < 0 || size_t(s) >= numSlots(ps) || ifld(m, ps, size_t(s), RKind) == 0)
    m.fail(ViolationKind::MpiInvalidRequest, "invalid request handle: " + handleText(v), m.pc());
  if ((ifld(m, ps, size_t(s), RKind) == 2 && ifld(m, ps, size_t(s), RSync)) ||
      (ifld(m, ps, size_t(s), RKind) == 1 && ifld(m, ps, size_t(s), RSync) == kFreedSend))
    m.fail(ViolationKind::MpiInvalidRequest,
           "use of request handle " + std::to_string(v) + " after MPI_Request_free", m.pc());
  return s;
}

Expr handleOf(Machine& m, size_t slot) {
  return m.intc(mpiHandle(5, int(kReqBase + slot)));
}

bool envelopeMatches(Machine& m, int64_t src, int64_t tag, int64_t comm, const Message& msg) {
  if (msg.dst != m.me || msg.comm != comm || msg.probed) // (a matched probe took it)
    return false;
  if (src != kAnySource && msg.src != src)
    return false;
  if (tag != kAnyTag && m.requireConcrete(msg.tag, "tag") != tag)
    return false;
  return true;
}

} // namespace

// ------------------------------------------------------------ matching

std::vector<size_t> eligible(Machine& m, int64_t src, int64_t tag, int64_t comm, int64_t seq) {
  std::vector<size_t> out;
  std::vector<uint8_t> seenSrc(m.gs.procs.size(), 0);
  const ProcState& ps = m.self();
  for (size_t i = 0; i < m.gs.msgs.size(); ++i) {
    const Message& msg = m.gs.msgs[i];
    if (seenSrc[msg.src] || !envelopeMatches(m, src, tag, comm, msg))
      continue;
    seenSrc[msg.src] = 1;
    bool claimed = false;
    for (size_t r = 0; r < numSlots(ps) && !claimed; ++r)
      if (ifld(m, ps, r, RKind) == 2 && ifld(m, ps, r, RState) == 1 && ifld(m, ps, r, RSeq) < seq &&
          envelopeMatches(m, ifld(m, ps, r, RPeer), ifld(m, ps, r, RTag), ifld(m, ps, r, RComm),
                          msg))
        claimed = true;
    if (!claimed)
      out.push_back(i);
  }
  return out;
}

namespace {

/// The index of the synchronous message of send request `slot` not
/// received yet, or -1.
int64_t syncPendingMsg(Machine& m, size_t slot) {
  for (size_t i = 0; i < m.gs.msgs.size(); ++i)
    if (const Message& msg = m.gs.msgs[i]; msg.src == m.me && msg.req == int(slot) && msg.sync)
      return int64_t(i);
  return -1;
}
bool syncPending(Machine& m, size_t slot) {
  return syncPendingMsg(m, slot) >= 0;
}

/// Option of a send request: its synchronous message is matched now by the
/// posted receive request of the destination that takes it.
constexpr size_t kRemoteMatch = SIZE_MAX - 2;

/// Option of a request marked by MPI_Cancel: the cancellation succeeds.
constexpr size_t kCancelOpt = SIZE_MAX - 3;

bool cancelMarked(Machine& m, size_t slot) {
  return ifld(m, m.self(), slot, RCancel) == kCancelMarked;
}

/// The message of send request `slot` is in transit and no matched probe
/// took it (then it is matched: its send can no longer be cancelled).
bool sendCancellable(const Machine& m, size_t slot) {
  for (size_t i = 0; i < m.gs.msgs.size(); ++i)
    if (const Message& msg = m.gs.msgs[i]; msg.src == m.me && msg.req == int(slot))
      return !msg.probed;
  return false;
}

/// Ways an active request can complete now: message indices (receives),
/// SIZE_MAX for a completion without a message, kCancelOpt for the success
/// of MPI_Cancel (a receive not matched yet, a send whose message is in
/// transit: MPI 3.1 §3.8.4, its Wait returns whatever the others do).
std::vector<size_t> options(Machine& m, size_t slot) {
  const ProcState& ps = m.self();
  if (ifld(m, ps, slot, RState) != 1)
    return {};
  int64_t kind = ifld(m, ps, slot, RKind);
  if (kind == 2) {
    if (ifld(m, ps, slot, RPeer) == kProcNull)
      return {SIZE_MAX};
    std::vector<size_t> o = eligible(m, ifld(m, ps, slot, RPeer), ifld(m, ps, slot, RTag),
                                     ifld(m, ps, slot, RComm), ifld(m, ps, slot, RSeq));
    if (cancelMarked(m, slot))
      o.push_back(kCancelOpt);
    return o;
  }
  if (kind == 1) {
    std::vector<size_t> o;
    int64_t mi = syncPendingMsg(m, slot);
    if (mi < 0)
      o.push_back(SIZE_MAX);
    else if (postedReceiveFor(m, size_t(mi)) >= 0)
      o.push_back(kRemoteMatch);
    if (cancelMarked(m, slot) && sendCancellable(m, slot))
      o.push_back(kCancelOpt);
    return o;
  }
  if (kind == 3 && !collRequestDone(m, slot))
    return {};
  return {SIZE_MAX};
}

bool isWild(Machine& m, size_t slot) {
  const ProcState& ps = m.self();
  int64_t k = ifld(m, ps, slot, RKind);
  return (k == 2 && ifld(m, ps, slot, RPeer) == kAnySource) || (k == 1 && syncPending(m, slot)) ||
         cancelMarked(m, slot);
}

void matchToPosted(Machine& m, size_t mi, size_t r);

/// Completes active request `slot` with option `opt` (the request becomes
/// "complete": its status is kept until it is waited for or tested).
void completeReq(Machine& m, size_t slot, size_t opt) {
  ProcState& ps = m.self();
  int64_t kind = ifld(m, ps, slot, RKind);
  fld(ps, slot, RState) = m.intc(2);
  if (opt == kCancelOpt) {
    // the operation is as if it never happened: a receive took no message,
    // a send's message is gone; its status says cancelled
    fld(ps, slot, RCancel) = m.intc(kCancelled);
    if (kind == 1) {
      for (size_t i = m.gs.msgs.size(); i-- > 0;)
        if (const Message& msg = m.gs.msgs[i]; msg.src == m.me && msg.req == int(slot))
          m.gs.msgs.erase(i);
      m.step.effects.push_back("send request " + std::to_string(kReqBase + int64_t(slot)) +
                               " cancelled: its message is withdrawn");
      return;
    }
    fld(m.self(), slot, RMSrc) = m.intc(kAnySource);
    fld(m.self(), slot, RMTag) = m.intc(kAnyTag);
    fld(m.self(), slot, RMCount) = m.intc(0);
    m.step.effects.push_back("receive request " + std::to_string(kReqBase + int64_t(slot)) +
                             " cancelled");
    if (ifld(m, m.self(), slot, RSync) != 0) // (freed while active: nobody waits for it)
      freeSlot(m, slot);
    return;
  }
  if (kind == 1 && opt == kRemoteMatch) {
    size_t mi = size_t(syncPendingMsg(m, slot));
    matchToPosted(m, mi, size_t(postedReceiveFor(m, mi)));
    return;
  }
  FreedTypesOk freedTypes; // (the operation may use a datatype freed since)
  if (kind == 3) {
    InternalAccess ia;
    collRequestFinish(m, slot);
    dropFreedTypes(m);
  }
  if (kind != 2)
    return;
  bool detached = ifld(m, ps, slot, RSync) != 0;
  if (opt == SIZE_MAX) {
    fld(m.self(), slot, RMSrc) = m.intc(kProcNull);
    fld(m.self(), slot, RMTag) = m.intc(kAnyTag);
    fld(m.self(), slot, RMCount) = m.intc(0);
    if (detached)
      freeSlot(m, slot);
    return;
  }
  Message msg = m.gs.msgs[opt];
  Expr buf = fldc(ps, slot, RBuf), count = fldc(ps, slot, RCount);
  int64_t dt = ifld(m, ps, slot, RDt);
  {
    InternalAccess ia;
    receive(m, opt, buf, count, dt, m.V.nullPointer());
  }
  fld(m.self(), slot, RMSrc) = m.intc(procToRank(m, msg.comm, msg.src));
  fld(m.self(), slot, RMTag) = msg.tag;
  fld(m.self(), slot, RMCount) = messageBytes(m, msg); // bytes
  if (detached)                                        // nobody waits for it
    freeSlot(m, slot);
}

/// Message mi is matched by receive request r of its destination (which
/// completes; a synchronous sender is released).
void matchToPosted(Machine& m, size_t mi, size_t r) {
  int save = m.me, dst = m.gs.msgs[mi].dst, src = m.gs.msgs[mi].src;
  if (m.ex.options().contract && m.gs.msgs[mi].heard == 0 && dst != src) {
    // verify --contract, the causal waitsfor check (CollectiveContractMonitor
    // follows messages that stay in transit across a move): a message sent
    // and matched in the same move carries the sender's past to the
    // receiver now, and a synchronous one releases its sender, which hears
    // the receiver's past
    uint64_t hs = m.view(src).heard, hd = m.view(dst).heard;
    if ((hd | hs) != hd)
      m.proc(dst).heard |= hs;
    if (m.gs.msgs[mi].sync && (hs | hd) != hs)
      m.proc(src).heard |= hd;
  }
  m.me = dst;
  completeReq(m, r, mi);
  m.me = save;
  m.step.effects.push_back("message from " + std::to_string(src) + " matched by receive request " +
                           std::to_string(kReqBase + int64_t(r)) + " of process " +
                           std::to_string(dst));
}

void writeStatus(Machine& m, Expr status, Expr src, Expr tag, Expr count, int64_t dt,
                 bool cancelled = false) {
  if (isSpecial(m, status, "chorus_mpi_status_ignore_") ||
      isSpecial(m, status, "chorus_mpi_statuses_ignore_"))
    return;
  auto p = m.V.decodePointer(status);
  if (!p || p->root.kind == RootKind::Null)
    return;
  Place st = m.placeOfPointer(status, nullptr, m.me);
  const model::Type* stt = m.typeAt(m.self(), st.root, st.path, st.path.size());
  if (!stt->isRecord() || stt->fields.size() < 4)
    throw Unsupported("MPI_Status of unexpected shape at " + m.where());
  (void)dt;
  Expr vals[4] = {src, tag, m.intc(0), count}; // count: received bytes
  for (uint32_t k = 0; k < 4; ++k) {
    Place fp = st;
    fp.path.push_back(m.intc(k));
    m.writePlace(fp, vals[k]);
  }
  statusCancelled(m, st, cancelled);
}

/// The status of complete request `slot` (a receive: its message's source,
/// tag and size; otherwise empty).
void requestStatus(Machine& m, size_t slot, Expr status) {
  const ProcState& ps = m.self();
  bool cancelled = ifld(m, ps, slot, RCancel) == kCancelled;
  if (ifld(m, ps, slot, RKind) == 2)
    writeStatus(m, status, fldc(ps, slot, RMSrc), fldc(ps, slot, RMTag), fldc(ps, slot, RMCount),
                ifld(m, ps, slot, RDt), cancelled);
  else
    writeStatus(m, status, m.intc(kAnySource), m.intc(kAnyTag), m.intc(0), mpiHandle(3, 7),
                cancelled);
}

/// Wait/Test of a complete request: status, then inactive (persistent) or
/// freed with the handle set to MPI_REQUEST_NULL.
void finishReq(Machine& m, size_t slot, const Place& handle, Expr status) {
  requestStatus(m, slot, status);
  if (ifld(m, m.self(), slot, RPersist)) {
    fld(m.self(), slot, RState) = m.intc(0);
    fld(m.self(), slot, RSeen) = m.intc(0);
    fld(m.self(), slot, RCancel) = m.intc(0);
    return;
  }
  freeSlot(m, slot);
  m.writePlace(handle, m.intc(kRequestNull));
}

Place reqPlace(Machine& m, Expr arr, int64_t i) {
  Expr p = i == 0 ? arr : m.ptrAdd(arr, m.intc(i));
  return m.placeOfPointer(p, m.P.types.intType(), m.me);
}

Expr statusAt(Machine& m, Expr arr, int64_t i) {
  if (isSpecial(m, arr, "chorus_mpi_statuses_ignore_") || i == 0)
    return arr;
  return m.ptrAdd(arr, m.intc(i));
}

void setInt(Machine& m, Expr ptr, int64_t v) {
  m.writePlace(m.placeOfPointer(ptr, m.P.types.intType(), m.me), m.intc(v));
}

/// Slots (in array order) of the request handles of a Wait*/Test* call:
/// -1 for MPI_REQUEST_NULL.
std::vector<int64_t> slotsOf(Machine& m, Expr arr, int64_t n) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < n; ++i)
    out.push_back(slotOf(m, m.readPlace(reqPlace(m, arr, i))));
  return out;
}

int64_t stateOf(Machine& m, int64_t slot) {
  return slot < 0 ? 0 : ifld(m, m.self(), size_t(slot), RState);
}

/// Progress moves: complete active receive requests posted before `seq`
/// that match a message a target could also take (they stand in its way).
void blockerMoves(Machine& m, const MachineMaker& fresh, std::vector<Successor>& out,
                  const std::vector<int64_t>& targets, int64_t tSrc, int64_t tTag, int64_t tComm,
                  int64_t seq) {
  const ProcState& ps = m.self();
  for (size_t r = 0; r < numSlots(ps); ++r) {
    if (ifld(m, ps, r, RKind) != 2 || ifld(m, ps, r, RState) != 1 || ifld(m, ps, r, RSeq) >= seq ||
        std::find(targets.begin(), targets.end(), int64_t(r)) != targets.end())
      continue;
    std::vector<size_t> opts = options(m, r);
    bool stands = false; // (its cancellation, if marked, clears the way too)
    for (size_t o : opts) {
      if (o == SIZE_MAX || (o == kCancelOpt && !stands))
        continue;
      bool blocks = o == kCancelOpt;
      if (!blocks) {
        const Message& msg = m.gs.msgs[o];
        blocks = tSrc != kProcNull && envelopeMatches(m, tSrc, tTag, tComm, msg);
        for (int64_t t : targets)
          if (t >= 0 && ifld(m, ps, size_t(t), RKind) == 2 &&
              envelopeMatches(m, ifld(m, ps, size_t(t), RPeer), ifld(m, ps, size_t(t), RTag),
                              ifld(m, ps, size_t(t), RComm), msg))
            blocks = true;
      }
      if (!blocks)
        continue;
      stands = true;
      Machine x = fresh();
      completeReq(x, r, o);
      x.step.effects.push_back("progress: request " + std::to_string(kReqBase + r) + " matched");
      out.push_back(x.successor());
    }
  }
}

void pushDone(Machine& x, const model::Transition& t, std::vector<Successor>& out) {
  x.setResult(t.stmt, x.intc(0), nullptr);
  x.advance(t);
  x.popFinished();
  out.push_back(x.successor());
}

// ------------------------------------------------------------- posting

void checkTagComm(Machine& m, Expr tagE, Expr commE, bool recv) {
  int64_t tag = m.requireConcrete(tagE, "tag");
  if (tag < 0 && !(recv && tag == kAnyTag))
    m.fail(ViolationKind::MpiInvalidTag, "invalid tag " + std::to_string(tag), m.pc());
  if (tag > 32767)
    m.fail(ViolationKind::MpiInvalidTag, "tag " + std::to_string(tag) + " above MPI_TAG_UB",
           m.pc());
  commSize(m, commE);
}

/// Whether `count` is one the path condition does not bound (a count the
/// contract of `verify --contract` leaves free): a request then holds the
/// term (a message or receive of symbolic length), for a datatype with a
/// layout of one basic type (symLayout: basic, MPI_BYTE, contiguous,
/// vector, ...; unknown otherwise).
bool symbolicCountType(Machine& m, Expr count, int64_t dt, const char* what) {
  if (m.boundedConcrete(count, what))
    return false;
  if (!symLayout(m, dt))
    throw Unsupported(std::string("symbolic ") + what + " of a nonblocking call with " +
                      datatypeName(dt) + " (no layout of one basic type) at " + m.where() + " (" +
                      sym::toString(count) + ")");
  return true;
}

/// sync: the RSync value (0 buffered, 1 synchronous, 2 chosen at each start).
size_t postSend(Machine& m, const model::Stmt& s, int sync, bool persistent) {
  checkTagComm(m, m.arg(s, 4), m.arg(s, 5), false);
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  // (a count the path condition does not bound: the request holds the
  // term, its start sends a message of symbolic length, MpiP2P.cpp)
  symbolicCountType(m, m.arg(s, 1), dt, "message count");
  size_t slot = newSlot(m);
  ProcState& ps = m.self();
  fld(ps, slot, RKind) = m.intc(1);
  fld(ps, slot, RPersist) = m.intc(persistent);
  fld(ps, slot, RBuf) = m.arg(s, 0);
  fld(ps, slot, RCount) = m.arg(s, 1);
  fld(ps, slot, RDt) = m.intc(dt);
  fld(ps, slot, RPeer) = m.arg(s, 3);
  fld(ps, slot, RTag) = m.arg(s, 4);
  fld(ps, slot, RComm) = m.arg(s, 5);
  fld(ps, slot, RSync) = m.intc(sync);
  return slot;
}

/// Starts an inactive or new send request: the message is posted now.
void startSend(Machine& m, size_t slot) {
  ProcState& ps = m.self();
  Expr buf = fldc(ps, slot, RBuf), count = fldc(ps, slot, RCount), peer = fldc(ps, slot, RPeer),
       tag = fldc(ps, slot, RTag), comm = fldc(ps, slot, RComm);
  int64_t dt = ifld(m, ps, slot, RDt);
  int64_t rs = ifld(m, ps, slot, RSync);
  bool toNull = ival(m, peer) == kProcNull;
  bool chosen = rs == 3 || (rs == 2 && !toNull && standardSendSync(m));
  bool sync = !toNull && (rs == 1 || chosen);
  fld(ps, slot, RState) = m.intc(1);
  size_t before = m.gs.msgs.size();
  send(m, buf, count, dt, peer, tag, false, comm);
  if (m.gs.msgs.size() > before) {
    Message& last = m.gs.msgs.mut(m.gs.msgs.size() - 1);
    last.req = int(slot);
    last.sync = chosen ? 2 : sync;
    if (sync)
      m.step.effects.back() += " (synchronous)";
    else if (m.syncSends)
      m.step.effects.back() += " (buffered)";
  }
}

/// Whether `count` elements from buffer pointer a and `cb` from b can share
/// an element (the same object and path prefix, overlapping index ranges of
/// the last step); a path of different length is another element level:
/// no overlap is claimed.
Expr buffersOverlap(Machine& m, Expr a, Expr ca, Expr b, Expr cb) {
  auto pa = m.V.decodePointer(a), pb = m.V.decodePointer(b);
  if (!pa || !pb || !(pa->root == pb->root) || pa->root.kind == RootKind::Null ||
      pa->path.size() != pb->path.size())
    return m.f.boolConst(false);
  // (counts of symbolic length: both non-empty)
  Expr r = m.f.logicalAnd(m.f.lt(m.intc(0), ca), m.f.lt(m.intc(0), cb));
  if (pa->path.empty())
    return r;
  size_t L = pa->path.size();
  for (size_t k = 0; k + 1 < L; ++k)
    r = m.f.logicalAnd(r, m.f.eq(pa->path[k], pb->path[k]));
  Expr ia = pa->path[L - 1], ib = pb->path[L - 1];
  return m.f.logicalAnd(r,
                        m.f.logicalAnd(m.f.lt(ia, m.f.add(ib, cb)), m.f.lt(ib, m.f.add(ia, ca))));
}

/// A receive request that becomes active (slot): its buffer may not share
/// an element with the buffer of another pending receive of the process.
/// MPI owns a pending receive's buffer until it completes (MPI 3.1 §3.7.2),
/// and the order in which two receives write a shared element is not
/// defined: a program whose result depends on it must not be verified.
/// Buffers of basic datatypes only (counts of elements).
void checkReceiveOverlap(Machine& m, size_t slot) {
  const ProcState& ps = m.self();
  int64_t dt = ifld(m, ps, slot, RDt);
  if (!isBasicType(dt) || isByteType(dt))
    return;
  Expr buf = fldc(ps, slot, RBuf), count = fldc(ps, slot, RCount);
  for (size_t r = 0; r < numSlots(ps); ++r) {
    if (r == slot || ifld(m, ps, r, RKind) != 2 || ifld(m, ps, r, RState) == 0)
      continue;
    int64_t rdt = ifld(m, ps, r, RDt);
    if (!isBasicType(rdt) || isByteType(rdt))
      continue;
    Expr o = buffersOverlap(m, buf, count, fldc(ps, r, RBuf), fldc(ps, r, RCount));
    m.require(m.f.logicalNot(o), ViolationKind::MpiLocalConcurrency,
              "receive into the buffer of a pending receive (request " +
                  std::to_string(kReqBase + int64_t(r)) +
                  "): the order in which the two receives write it is not defined");
  }
}

/// The count of a receive request: >= 0, and the buffer's elements of the
/// datatype's type (a count the path condition does not bound: the receive
/// of a symbolic length at its completion, MpiP2P.cpp).
void checkRecvCount(Machine& m, Expr buf, Expr countE, int64_t dt) {
  if (symbolicCountType(m, countE, dt, "receive count")) {
    m.require(m.f.le(m.intc(0), countE), ViolationKind::MpiInvalidCount, "negative count");
    return;
  }
  int64_t count = m.requireConcrete(countE, "count");
  if (count < 0)
    m.fail(ViolationKind::MpiInvalidCount, "negative count", m.pc());
  if (count > 0)
    bufferType(m, buf, dt, ViolationKind::MpiInvalidBuffer);
}

size_t postRecv(Machine& m, const model::Stmt& s, bool persistent) {
  checkTagComm(m, m.arg(s, 4), m.arg(s, 5), true);
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  int64_t src = m.requireConcrete(m.arg(s, 3), "source rank");
  checkRank(m, src, m.arg(s, 5), true);
  if (src == kAnySource)
    m.ex.noteNondeterminism(); // a wildcard receive request
  if (src >= 0)                // requests name processes, not ranks
    src = rankToProc(m, m.requireConcrete(m.arg(s, 5), "communicator"), src);
  checkRecvCount(m, m.arg(s, 0), m.arg(s, 1), dt);
  size_t slot = newSlot(m);
  ProcState& ps = m.self();
  fld(ps, slot, RKind) = m.intc(2);
  fld(ps, slot, RPersist) = m.intc(persistent);
  fld(ps, slot, RState) = m.intc(persistent ? 0 : 1);
  fld(ps, slot, RBuf) = m.arg(s, 0);
  fld(ps, slot, RCount) = m.arg(s, 1);
  fld(ps, slot, RDt) = m.intc(dt);
  fld(ps, slot, RPeer) = m.intc(src);
  fld(ps, slot, RTag) = m.arg(s, 4);
  fld(ps, slot, RComm) = m.arg(s, 5);
  if (!persistent)
    checkReceiveOverlap(m, slot);
  return slot;
}

void storeHandle(Machine& m, Expr ptr, size_t slot) {
  m.writePlace(m.placeOfPointer(ptr, m.P.types.intType(), m.me), handleOf(m, slot));
}

Machine::Outcome runIsend(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  bool standard = name == "MPI_Isend" || name == "MPI_Irsend";
  bool sync = name == "MPI_Issend" ||
              (standard && m.requireConcrete(m.arg(s, 3), "destination rank") != kProcNull &&
               standardSendSync(m));
  if (name == "MPI_Irsend") {
    checkReady(m, m.arg(s, 3), m.arg(s, 4), m.arg(s, 5));
    m.unsafe = true; // whether the receive is posted yet depends on the destination
    m.ex.noteNondeterminism();
  }
  if (name == "MPI_Ibsend")
    checkBsend(m, m.arg(s, 1), m.requireConcrete(m.arg(s, 2), "datatype"));
  size_t slot = postSend(m, s, sync ? (standard ? 3 : 1) : 0, false);
  startSend(m, slot);
  storeHandle(m, m.arg(s, 6), slot);
  return mpiDone(m, t);
}

Machine::Outcome runIrecv(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  size_t slot = postRecv(m, s, false);
  storeHandle(m, m.arg(s, 6), slot);
  return mpiDone(m, t);
}

Machine::Outcome runInit(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  if (name == "MPI_Send_init" || name == "MPI_Rsend_init")
    m.ex.noteSendMode();
  size_t slot =
      name == "MPI_Recv_init"
          ? postRecv(m, s, true)
          : postSend(m, s,
                     name == "MPI_Ssend_init"                                               ? 1
                     : (name == "MPI_Send_init" || name == "MPI_Rsend_init") && m.syncSends ? 2
                                                                                            : 0,
                     true);
  storeHandle(m, m.arg(s, 6), slot);
  return mpiDone(m, t);
}

void start(Machine& m, Expr h) {
  int64_t slot = slotOf(m, h);
  if (slot < 0 || !ifld(m, m.self(), size_t(slot), RPersist) ||
      ifld(m, m.self(), size_t(slot), RState) != 0)
    m.fail(ViolationKind::MpiInvalidRequest,
           "MPI_Start of a request that is not an inactive persistent request", m.pc());
  if (ifld(m, m.self(), size_t(slot), RKind) == 1)
    startSend(m, size_t(slot));
  else {
    ProcState& ps = m.self();
    fld(ps, size_t(slot), RState) = m.intc(1);
    int64_t seq = ival(m, ps.mpiObj[0]);
    fld(ps, size_t(slot), RSeq) = m.intc(seq);
    ps.mpiObj[0] = m.intc(seq + 1);
    checkReceiveOverlap(m, size_t(slot));
  }
}

Machine::Outcome runStart(Machine& m, const std::string& name, const model::Transition& t) {
  FreedTypesOk freedTypes; // (MPI 3.1 §4.1.9: operations under way complete normally)
  const model::Stmt& s = t.stmt;
  if (name == "MPI_Start") {
    start(m, m.readPlace(m.placeOfPointer(m.arg(s, 0), m.P.types.intType(), m.me)));
  } else {
    int64_t n = m.requireConcrete(m.arg(s, 0), "count");
    for (int64_t i = 0; i < n; ++i)
      start(m, m.readPlace(reqPlace(m, m.arg(s, 1), i)));
  }
  return mpiDone(m, t);
}

Machine::Outcome runRequestFree(Machine& m, const std::string& name, const model::Transition& t) {
  Place hp = m.placeOfPointer(m.arg(t.stmt, 0), m.P.types.intType(), m.me);
  int64_t slot = slotOf(m, m.readPlace(hp));
  if (slot < 0)
    m.fail(ViolationKind::MpiInvalidRequest, "MPI_Request_free of MPI_REQUEST_NULL", m.pc());
  ProcState& ps = m.self();
  // MPI 3.1 §3.7.3 allows freeing an active request, but then nothing tells
  // when its buffer may be reused: a violation unless allowed by option; a
  // nonblocking collective's request may never be freed (§5.12)
  int64_t kind = ifld(m, ps, size_t(slot), RKind), state = ifld(m, ps, size_t(slot), RState);
  if (kind == 3 || (state != 0 && !m.ex.options().allowActiveRequestFree))
    m.fail(ViolationKind::MpiActiveRequestFree,
           kind == 3
               ? std::string("MPI_Request_free of the request of a nonblocking collective")
               : std::string("MPI_Request_free of an active ") + (kind == 1 ? "send" : "receive") +
                     " request: nothing tells when its buffer may be reused "
                     "(--allow-active-request-free accepts it)",
           m.pc());
  if (kind == 2 && state == 1) {
    // MPI 3.1 §3.7.3: the receive still completes, without a Wait; it stays
    // an active request (posted order, progress steps, its buffer pending)
    // until a message is matched to it, then its slot is freed
    fld(ps, size_t(slot), RSync) = m.intc(1);
    m.writePlace(hp, m.intc(kRequestNull));
    m.step.effects.push_back("receive request " + std::to_string(kReqBase + slot) +
                             " freed while active: it completes by itself");
    return mpiDone(m, t);
  }
  bool inTransit = false;
  for (size_t i = 0; i < m.gs.msgs.size(); ++i)
    if (const Message& msg = m.gs.msgs[i]; msg.src == m.me && msg.req == int(slot)) {
      Message& w = m.gs.msgs.mut(i);
      w.sync = false;
      inTransit = kind == 1 && state == 1;
      if (!inTransit)
        w.req = -1;
    }
  if (inTransit) {
    // MPI 3.1 §3.7.3: the send completes by itself, and only the program's
    // logic (a reply of the receiver) can tell when: until its message is
    // received its buffer is still the send's (a write to it is
    // MPI_LOCAL_CONCURRENCY; a real MPI may read it after the free)
    fld(ps, size_t(slot), RSync) = m.intc(kFreedSend);
    m.writePlace(hp, m.intc(kRequestNull));
    m.step.effects.push_back("send request " + std::to_string(kReqBase + slot) +
                             " freed while active: its buffer is the send's until the message "
                             "is received");
    return mpiDone(m, t);
  }
  freeSlot(m, size_t(slot));
  m.writePlace(hp, m.intc(kRequestNull));
  return mpiDone(m, t);
}

// ---------------------------------------------------------- Wait / Test

struct WaitArgs {
  Expr arr;      // pointer to the first request handle
  int64_t n = 1; // number of requests
  Expr statuses; // status (single) or array of statuses
  Expr flag = nullptr, index = nullptr, outcount = nullptr, indices = nullptr;
};

WaitArgs waitArgs(Machine& m, const std::string& name, const model::Stmt& s) {
  WaitArgs a;
  if (name == "MPI_Wait") {
    a.arr = m.arg(s, 0);
    a.statuses = m.arg(s, 1);
  } else if (name == "MPI_Test") {
    a.arr = m.arg(s, 0);
    a.flag = m.arg(s, 1);
    a.statuses = m.arg(s, 2);
  } else {
    a.n = m.requireConcrete(m.arg(s, 0), "count");
    if (a.n < 0)
      m.fail(ViolationKind::MpiInvalidCount, "negative count", m.pc());
    a.arr = m.arg(s, 1);
    if (name == "MPI_Waitall")
      a.statuses = m.arg(s, 2);
    else if (name == "MPI_Testall") {
      a.flag = m.arg(s, 2);
      a.statuses = m.arg(s, 3);
    } else if (name == "MPI_Waitany") {
      a.index = m.arg(s, 2);
      a.statuses = m.arg(s, 3);
    } else if (name == "MPI_Testany") {
      a.index = m.arg(s, 2);
      a.flag = m.arg(s, 3);
      a.statuses = m.arg(s, 4);
    } else { // Waitsome, Testsome
      a.outcount = m.arg(s, 2);
      a.indices = m.arg(s, 3);
      a.statuses = m.arg(s, 4);
    }
  }
  return a;
}

bool single(const std::string& n) {
  return n == "MPI_Wait" || n == "MPI_Test";
}

Expr statusFor(Machine& m, const std::string& name, const WaitArgs& a, int64_t i) {
  return single(name) ? a.statuses : statusAt(m, a.statuses, i);
}

/// Finishes every complete request of the set (Waitall/Testall true,
/// Waitsome/Testsome); returns their array indices. Waitall/Testall write
/// the status of request i at position i; Waitsome/Testsome the k-th
/// completed one's at position k, as its index (MPI 3.1 §3.7.5: "the first
/// outcount locations" of both arrays).
std::vector<int64_t> finishComplete(Machine& m, const std::string& name, const WaitArgs& a) {
  std::vector<int64_t> slots = slotsOf(m, a.arr, a.n), done;
  bool some = name == "MPI_Waitsome" || name == "MPI_Testsome";
  for (int64_t i = 0; i < a.n; ++i)
    if (!some && (slots[i] < 0 || stateOf(m, slots[i]) == 0))
      // Waitall/Testall: a null or inactive request's status is empty (MPI
      // 3.1 §3.7.3)
      writeStatus(m, statusFor(m, name, a, i), m.intc(kAnySource), m.intc(kAnyTag), m.intc(0),
                  mpiHandle(3, 7));
    else if (slots[i] >= 0 && stateOf(m, slots[i]) == 2) {
      finishReq(m, size_t(slots[i]), reqPlace(m, a.arr, i),
                statusFor(m, name, a, some ? int64_t(done.size()) : i));
      done.push_back(i);
    }
  return done;
}

Machine::Outcome runWait(Machine& m, const std::string& name, const model::Transition& t) {
  FreedTypesOk freedTypes; // (MPI 3.1 §4.1.9: operations under way complete normally)
  const model::Stmt& s = t.stmt;
  WaitArgs a = waitArgs(m, name, s);
  std::vector<int64_t> slots = slotsOf(m, a.arr, a.n);
  bool allInactive = true, allDone = true, anyWild = false;
  for (int64_t sl : slots) {
    int64_t st = stateOf(m, sl);
    allInactive = allInactive && st == 0;
    allDone = allDone && st != 1;
    if (st == 1 && isWild(m, size_t(sl)))
      anyWild = true;
  }
  bool all = name == "MPI_Waitall" || name == "MPI_Testall" || single(name);
  if (allInactive) {
    // nothing active: empty statuses (Wait/Test/Waitall/Testall: each;
    // Waitany/Testany: its one status; Waitsome/Testsome: none), flag
    // true, index and outcount MPI_UNDEFINED (MPI 3.1 §3.7.5)
    auto empty = [&](Expr status) {
      writeStatus(m, status, m.intc(kAnySource), m.intc(kAnyTag), m.intc(0), mpiHandle(3, 7));
    };
    if (all)
      for (int64_t i = 0; i < a.n; ++i)
        empty(statusFor(m, name, a, i));
    else if (a.index)
      empty(statusAt(m, a.statuses, 0));
    if (a.flag)
      setInt(m, a.flag, 1);
    if (a.index)
      setInt(m, a.index, -32766);
    if (a.outcount)
      setInt(m, a.outcount, -32766);
    return mpiDone(m, t);
  }
  // A Test may return false even when the operations are complete (MPI 3.1
  // §3.7.4 only promises that repeated tests eventually succeed; a
  // synchronous message may be matched, releasing its sender, before the
  // receive completes): the flag-false outcome is explored (resumeWait).
  if (all && allDone && !a.flag) {
    finishComplete(m, name, a);
    return mpiDone(m, t);
  }
  bool several = name == "MPI_Waitany" || name == "MPI_Waitsome" || name == "MPI_Testsome";
  if (a.flag || several || anyWild)
    m.unsafe = true;
  if (a.flag || several)
    m.ex.noteNondeterminism();
  return Machine::Outcome::Blocked;
}

/// Waitsome/Testsome: every set of the requests that can complete now
/// completes (MPI 3.1 §3.7.5: outcount is the number of those completed,
/// which a real MPI may report together), with every combination of their
/// options, completed in array order (a message taken by one is not
/// eligible for a later one); with the requests already complete, or those
/// alone (none active completing). `emit` finishes each outcome.
/// kMaxSomeOutcomes bounds the outcomes of one call: beyond, unsupported.
constexpr size_t kMaxSomeOutcomes = 4096;
void someOutcomes(const std::vector<int64_t>& slots, bool anyComplete, const MachineMaker& fresh,
                  const std::function<void(Machine&)>& emit) {
  std::vector<std::pair<int64_t, size_t>> chosen;
  size_t outcomes = 0;
  auto replay = [&]() {
    Machine x = fresh();
    for (auto [i, o] : chosen)
      completeReq(x, size_t(slots[size_t(i)]), o);
    return x;
  };
  std::function<void()> extend = [&]() {
    std::vector<std::pair<int64_t, size_t>> next;
    {
      Machine y = replay();
      int64_t from = chosen.empty() ? 0 : chosen.back().first + 1;
      for (int64_t j = from; j < int64_t(slots.size()); ++j)
        if (slots[size_t(j)] >= 0 && stateOf(y, slots[size_t(j)]) == 1)
          for (size_t o : options(y, size_t(slots[size_t(j)])))
            next.push_back({j, o});
    }
    for (auto c : next) {
      if (++outcomes > kMaxSomeOutcomes)
        throw Unsupported("MPI_Waitsome/MPI_Testsome with more than " +
                          std::to_string(kMaxSomeOutcomes) +
                          " ways to complete its requests at once");
      chosen.push_back(c);
      Machine x = replay();
      emit(x);
      extend();
      chosen.pop_back();
    }
  };
  extend();
  if (anyComplete) {
    Machine x = fresh();
    emit(x);
  }
}

void resumeWait(Machine& m, const std::string& name, const model::Transition& t,
                const MachineMaker& fresh, std::vector<Successor>& out) {
  FreedTypesOk freedTypes;
  const model::Stmt& s = t.stmt;
  WaitArgs a = waitArgs(m, name, s);
  std::vector<int64_t> slots = slotsOf(m, a.arr, a.n);
  bool all = name == "MPI_Waitall" || name == "MPI_Testall" || single(name);
  bool some = name == "MPI_Waitsome" || name == "MPI_Testsome";
  // a Test may always find the operation(s) not yet complete (Testsome:
  // outcount 0, MPI 3.1 §3.7.5), unless MPI_Request_get_status said they
  // are (Test/Testall: each; Testany/Testsome: one)
  size_t seen = 0, open = 0;
  for (int64_t sl : slots)
    if (stateOf(m, sl) != 0)
      ++open, seen += ifld(m, m.self(), size_t(sl), RSeen) != 0;
  bool mustComplete = all ? seen == open : seen > 0;
  if ((a.flag || name == "MPI_Testsome") && !mustComplete) {
    Machine x = fresh();
    WaitArgs b = waitArgs(x, name, s);
    if (b.flag)
      setInt(x, b.flag, 0);
    if (b.index)
      setInt(x, b.index, -32766);
    if (b.outcount)
      setInt(x, b.outcount, 0);
    x.step.effects.push_back("not complete");
    pushDone(x, t, out);
  }
  if (!all) {
    // Waitany/Testany/Waitsome/Testsome: finish one complete request, or
    // complete an active one and finish it
    bool anyComplete = false;
    for (int64_t i = 0; i < a.n; ++i) {
      if (slots[i] < 0)
        continue;
      int64_t st = stateOf(m, slots[i]);
      std::vector<size_t> opts;
      if (st == 2)
        opts = {SIZE_MAX - 1}, anyComplete = true;
      else if (st == 1)
        opts = options(m, size_t(slots[i]));
      for (size_t o : opts) {
        if (some)
          continue; // (below)
        Machine x = fresh();
        WaitArgs b = waitArgs(x, name, s);
        if (o != SIZE_MAX - 1)
          completeReq(x, size_t(slots[i]), o);
        {
          finishReq(x, size_t(slots[i]), reqPlace(x, b.arr, i), statusAt(x, b.statuses, 0));
          setInt(x, b.index, i);
          if (b.flag)
            setInt(x, b.flag, 1);
        }
        pushDone(x, t, out);
      }
    }
    if (some)
      someOutcomes(slots, anyComplete, fresh, [&](Machine& x) {
        WaitArgs b = waitArgs(x, name, s);
        std::vector<int64_t> done = finishComplete(x, name, b);
        setInt(x, b.outcount, int64_t(done.size()));
        for (size_t k = 0; k < done.size(); ++k)
          setInt(x, k == 0 ? b.indices : x.ptrAdd(b.indices, x.intc(int64_t(k))), done[k]);
        pushDone(x, t, out);
      });
  } else {
    // Wait/Test/Waitall/Testall: complete active requests one at a time
    // (the call finishes when the last one completes). A request whose
    // completion is forced (a single option, no wildcard) goes first alone.
    int64_t pendingCount = 0;
    for (int64_t sl : slots)
      pendingCount += stateOf(m, sl) == 1;
    if (pendingCount == 0) { // Test/Testall of complete requests: true
      Machine x = fresh();
      WaitArgs b = waitArgs(x, name, s);
      finishComplete(x, name, b);
      if (b.flag)
        setInt(x, b.flag, 1);
      pushDone(x, t, out);
    }
    std::vector<std::pair<int64_t, size_t>> moves;
    for (int64_t i = 0; i < a.n; ++i) {
      if (slots[i] < 0 || stateOf(m, slots[i]) != 1)
        continue;
      std::vector<size_t> opts = options(m, size_t(slots[i]));
      if (opts.size() == 1 && !isWild(m, size_t(slots[i]))) {
        moves = {{i, opts[0]}};
        break;
      }
      for (size_t o : opts)
        moves.push_back({i, o});
    }
    for (auto [i, o] : moves) {
      Machine x = fresh();
      WaitArgs b = waitArgs(x, name, s);
      completeReq(x, size_t(slots[i]), o);
      if (pendingCount == 1) {
        finishComplete(x, name, b);
        if (b.flag)
          setInt(x, b.flag, 1);
        pushDone(x, t, out);
      } else {
        out.push_back(x.successor());
      }
    }
  }
  int64_t maxSeq = 0;
  for (int64_t sl : slots)
    if (sl >= 0)
      maxSeq = std::max(maxSeq, ifld(m, m.self(), size_t(sl), RSeq));
  if (!a.flag && name != "MPI_Testsome")
    blockerMoves(m, fresh, out, slots, kProcNull, 0, 0, maxSeq);
}

/// MPI_Request_get_status(request, flag, status) (MPI 3.1 §3.7.3): MPI_Test
/// without its effect on the request, which is neither freed nor made
/// inactive (a later Wait/Test finishes it as usual). A null or inactive
/// request: flag true, empty status. An active one: as MPI_Test, flag false
/// (first) or, for each way it can complete now, complete with its status;
/// it stays complete, not yet waited for.
Machine::Outcome runGetStatus(Machine& m, const std::string&, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t slot = slotOf(m, m.arg(s, 0));
  if (stateOf(m, slot) == 0) {
    setInt(m, m.arg(s, 1), 1);
    writeStatus(m, m.arg(s, 2), m.intc(kAnySource), m.intc(kAnyTag), m.intc(0), mpiHandle(3, 7));
    return mpiDone(m, t);
  }
  m.unsafe = true;
  m.ex.noteNondeterminism();
  return Machine::Outcome::Blocked;
}

void resumeGetStatus(Machine& m, const std::string&, const model::Transition& t,
                     const MachineMaker& fresh, std::vector<Successor>& out) {
  const model::Stmt& s = t.stmt;
  size_t slot = size_t(slotOf(m, m.arg(s, 0)));
  bool complete = stateOf(m, int64_t(slot)) == 2;
  if (!complete || !ifld(m, m.self(), slot, RSeen)) {
    Machine x = fresh();
    setInt(x, x.arg(s, 1), 0);
    x.step.effects.push_back("not complete");
    pushDone(x, t, out);
  }
  for (size_t o : complete ? std::vector<size_t>{SIZE_MAX - 1} : options(m, slot)) {
    Machine x = fresh();
    if (o != SIZE_MAX - 1)
      completeReq(x, slot, o);
    fld(x.self(), slot, RSeen) = x.intc(1);
    setInt(x, x.arg(s, 1), 1);
    requestStatus(x, slot, x.arg(s, 2));
    x.step.effects.push_back("complete (the request stays until it is waited for)");
    pushDone(x, t, out);
  }
}

/// MPI_Cancel(request) (MPI 3.1 §3.8.4): marks an active request for
/// cancellation; it still has to be completed (Wait, Test) or freed. Either
/// the cancellation succeeds (the operation is as if it never happened) or
/// the operation completes normally, not both, and a Wait of it returns
/// whatever the other processes do: its completion may take the cancel
/// (kCancelOpt: a receive not matched yet, a send whose message is still in
/// transit) or any way it could complete anyway. Sends too: MPI 3.1 lets
/// their cancellation succeed (Open MPI never does; its outcome is one of
/// those explored). A complete request: no effect. MPI_REQUEST_NULL, an
/// inactive persistent request, a nonblocking collective's request
/// (§5.12): MPI_INVALID_REQUEST.
Machine::Outcome runCancel(Machine& m, const std::string&, const model::Transition& t) {
  Place hp = m.placeOfPointer(m.arg(t.stmt, 0), m.P.types.intType(), m.me);
  int64_t slot = slotOf(m, m.readPlace(hp));
  if (slot < 0)
    m.fail(ViolationKind::MpiInvalidRequest, "MPI_Cancel of MPI_REQUEST_NULL", m.pc());
  int64_t kind = ifld(m, m.self(), size_t(slot), RKind);
  int64_t state = ifld(m, m.self(), size_t(slot), RState);
  if (kind == 3)
    m.fail(ViolationKind::MpiInvalidRequest,
           "MPI_Cancel of the request of a nonblocking collective (MPI 3.1 §5.12)", m.pc());
  if (state == 0)
    m.fail(ViolationKind::MpiInvalidRequest,
           "MPI_Cancel of an inactive persistent request (nothing to cancel)", m.pc());
  if (state == 1) {
    fld(m.self(), size_t(slot), RCancel) = m.intc(kCancelMarked);
    m.step.effects.push_back("request " + std::to_string(kReqBase + slot) +
                             " marked for cancellation");
  }
  return mpiDone(m, t);
}

/// MPI_Test_cancelled(status, flag): whether the request of the status was
/// cancelled (its field chorus_cancelled_; a status no call wrote is an
/// uninitialized read). MPI_Status_set_cancelled(status, flag) sets it
/// (MPI 3.1 §12.2: for generalized requests' query functions).
Machine::Outcome runTestCancelled(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  Expr sp = m.arg(s, 0);
  if (isSpecial(m, sp, "chorus_mpi_status_ignore_") ||
      isSpecial(m, sp, "chorus_mpi_statuses_ignore_"))
    m.fail(ViolationKind::MpiInvalidArgument, name + " of MPI_STATUS_IGNORE", m.pc());
  Place st = m.placeOfPointer(sp, nullptr, m.me);
  const model::Type* stt = m.typeAt(m.self(), st.root, st.path, st.path.size());
  if (!stt->isRecord() || stt->fields.size() < 5)
    throw Unsupported("MPI_Status of unexpected shape at " + m.where());
  st.path.push_back(m.intc(4));
  if (name == "MPI_Status_set_cancelled") {
    Expr c = m.arg(s, 1);
    m.checkDefined(c);
    m.writePlace(st, m.f.ite(m.f.eq(c, m.intc(0)), m.intc(0), m.intc(1)));
    return mpiDone(m, t);
  }
  Expr c = m.readPlace(st);
  m.checkDefined(c);
  m.writePlace(m.placeOfPointer(m.arg(s, 1), m.P.types.intType(), m.me),
               m.f.ite(m.f.eq(c, m.intc(0)), m.intc(0), m.intc(1)));
  return mpiDone(m, t);
}

// ------------------------------------------------------------- probes

// MPI 3.1 §3.8.2-3: a matched probe (MPI_Mprobe, MPI_Improbe) matches a
// message as a receive posted at that point would, and removes it from
// matching: no other receive or probe can take it (Message::probed), and
// the next message of its channel becomes eligible. The message handle it
// returns names it (kind 10, index kMsgBase + the number in probed, the
// lowest one free among the process's probed messages); MPI_Mrecv and
// MPI_Imrecv receive exactly that message and set the handle to
// MPI_MESSAGE_NULL. A probe of MPI_PROC_NULL returns MPI_MESSAGE_NO_PROC,
// whose receive returns at once with the status of a receive from
// MPI_PROC_NULL. A synchronous sender is released when the message is
// received (MPI_Mrecv, MPI_Imrecv: the receive has started), not at the
// probe. A message probed and never received is a message never received
// (MPI_Finalize).
constexpr int64_t kMessageNull = mpiHandle(10, 0), kMessageNoProc = mpiHandle(10, 1);
constexpr int64_t kMsgBase = 0x1000;

/// The arguments after (source, tag, comm) of MPI_Probe, MPI_Iprobe,
/// MPI_Mprobe, MPI_Improbe: flag (nonblocking forms), message handle
/// (matched forms), status.
struct ProbeArgs {
  bool test, matched;
  size_t flag, message, status;
  explicit ProbeArgs(const std::string& name)
      : test(name == "MPI_Iprobe" || name == "MPI_Improbe"),
        matched(name == "MPI_Mprobe" || name == "MPI_Improbe"), flag(3), message(3 + test),
        status(3 + test + matched) {}
};

/// A matched probe takes message mi: its handle to *msgPtr.
void takeProbed(Machine& m, size_t mi, Expr msgPtr) {
  std::vector<uint8_t> taken(2);
  for (size_t i = 0; i < m.gs.msgs.size(); ++i)
    if (const Message& o = m.gs.msgs[i]; o.dst == m.me && o.probed) {
      taken.resize(std::max(taken.size(), size_t(o.probed) + 2));
      taken[o.probed] = 1;
    }
  uint16_t k = 1;
  while (taken[k])
    ++k;
  m.gs.msgs.mut(mi).probed = k;
  m.writePlace(m.placeOfPointer(msgPtr, m.P.types.intType(), m.me),
               m.intc(mpiHandle(10, int(kMsgBase + k))));
  m.step.effects.push_back("message handle " + std::to_string(kMsgBase + k));
}

Machine::Outcome runProbe(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  ProbeArgs a(name);
  int64_t src = m.requireConcrete(m.arg(s, 0), "source rank");
  checkTagComm(m, m.arg(s, 1), m.arg(s, 2), true);
  checkRank(m, src, m.arg(s, 2), true);
  if (src == kProcNull) {
    if (a.test)
      setInt(m, m.arg(s, a.flag), 1);
    if (a.matched)
      m.writePlace(m.placeOfPointer(m.arg(s, a.message), m.P.types.intType(), m.me),
                   m.intc(kMessageNoProc));
    writeStatus(m, m.arg(s, a.status), m.intc(kProcNull), m.intc(kAnyTag), m.intc(0),
                mpiHandle(3, 7));
    return mpiDone(m, t);
  }
  if (src == kAnySource || a.test) {
    m.unsafe = true;
    m.ex.noteNondeterminism();
  }
  rankToProc(m, m.requireConcrete(m.arg(s, 2), "communicator"), src >= 0 ? src : 0);
  return Machine::Outcome::Blocked;
}

void resumeProbe(Machine& m, const std::string& name, const model::Transition& t,
                 const MachineMaker& fresh, std::vector<Successor>& out) {
  const model::Stmt& s = t.stmt;
  ProbeArgs a(name);
  int64_t src = *m.concreteInt(m.arg(s, 0)), tag = *m.concreteInt(m.arg(s, 1)),
          comm = *m.concreteInt(m.arg(s, 2));
  if (src >= 0)
    src = rankToProc(m, comm, src);
  if (a.test) { // (first: the not-found outcome, FairCycle.cpp)
    Machine x = fresh();
    setInt(x, x.arg(s, a.flag), 0);
    pushDone(x, t, out);
  }
  for (size_t mi : eligible(m, src, tag, comm, kInfSeq)) {
    Machine x = fresh();
    const Message msg = x.gs.msgs[mi];
    if (a.test)
      setInt(x, x.arg(s, a.flag), 1);
    writeStatus(x, x.arg(s, a.status), x.intc(procToRank(x, msg.comm, msg.src)), msg.tag,
                messageBytes(x, msg), msg.datatype);
    x.step.effects.push_back("probe: message from " + std::to_string(msg.src));
    if (a.matched)
      takeProbed(x, mi, x.arg(s, a.message));
    // verify --contract, the causal waitsfor check: a probe that reports a
    // message is a communication edge (the message was sent before the
    // probe returns), so the prober hears what the sender had heard when
    // it sent (Message::heard, stamped by CollectiveContractMonitor)
    if (x.ex.options().contract && (x.self().heard | msg.heard) != x.self().heard)
      x.self().heard |= msg.heard;
    pushDone(x, t, out);
  }
  if (a.matched && !a.test) // (a receive posted now: earlier requests go first)
    blockerMoves(m, fresh, out, {}, src, tag, comm, kInfSeq);
}

/// The message a matched probe took for handle *msgPtr of MPI_Mrecv /
/// MPI_Imrecv (its index), -1 for MPI_MESSAGE_NO_PROC; any other handle is
/// MPI_INVALID_ARGUMENT. The handle becomes MPI_MESSAGE_NULL.
int64_t probedMessage(Machine& m, const std::string& name, Expr msgPtr) {
  Place hp = m.placeOfPointer(msgPtr, m.P.types.intType(), m.me);
  Expr hv = m.readPlace(hp);
  m.checkDefined(hv);
  int64_t h = m.requireConcrete(hv, "message handle");
  int64_t found = -2;
  if (h == kMessageNoProc)
    found = -1;
  else if ((h >> 24) == 10 && (h & 0xffffff) > kMsgBase)
    for (size_t i = 0; i < m.gs.msgs.size(); ++i)
      if (const Message& o = m.gs.msgs[i];
          o.dst == m.me && o.probed && kMsgBase + o.probed == (h & 0xffffff))
        found = int64_t(i);
  if (found == -2)
    m.fail(ViolationKind::MpiInvalidArgument,
           name + " of " +
               (h == kMessageNull ? std::string("MPI_MESSAGE_NULL")
                                  : "message handle " + handleText(h)) +
               ": not the handle of a message taken by a matched probe and not yet received",
           m.pc());
  m.writePlace(hp, m.intc(kMessageNull));
  return found;
}

/// MPI_Mrecv(buf, count, datatype, message, status): the receive of the
/// probed message (MPI 3.1 §3.8.3).
Machine::Outcome runMrecv(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  if (auto c = m.boundedConcrete(m.arg(s, 1), "count"); c && *c < 0)
    m.fail(ViolationKind::MpiInvalidCount, "negative count", m.pc());
  else if (!c)
    m.require(m.f.le(m.intc(0), m.arg(s, 1)), ViolationKind::MpiInvalidCount, "negative count");
  int64_t mi = probedMessage(m, name, m.arg(s, 3));
  if (mi < 0) {
    checkDatatype(m, dt);
    writeStatus(m, m.arg(s, 4), m.intc(kProcNull), m.intc(kAnyTag), m.intc(0), dt);
    return mpiDone(m, t);
  }
  receive(m, size_t(mi), m.arg(s, 0), m.arg(s, 1), dt, m.arg(s, 4));
  return mpiDone(m, t);
}

/// MPI_Imrecv(buf, count, datatype, message, request): a receive request
/// for the probed message. It is complete at once (the message is there,
/// and its receive has started: a synchronous sender is released); until
/// a Wait or Test finishes it, its buffer is MPI's as for MPI_Irecv, and a
/// Test may find it not complete.
Machine::Outcome runImrecv(Machine& m, const std::string& name, const model::Transition& t) {
  const model::Stmt& s = t.stmt;
  int64_t dt = m.requireConcrete(m.arg(s, 2), "datatype");
  checkRecvCount(m, m.arg(s, 0), m.arg(s, 1), dt);
  int64_t mi = probedMessage(m, name, m.arg(s, 3));
  size_t slot = newSlot(m);
  ProcState& ps = m.self();
  fld(ps, slot, RKind) = m.intc(2);
  fld(ps, slot, RState) = m.intc(1);
  fld(ps, slot, RBuf) = m.arg(s, 0);
  fld(ps, slot, RCount) = m.arg(s, 1);
  fld(ps, slot, RDt) = m.intc(dt);
  fld(ps, slot, RPeer) = m.intc(mi < 0 ? kProcNull : m.gs.msgs[size_t(mi)].src);
  fld(ps, slot, RTag) = mi < 0 ? m.intc(kAnyTag) : m.gs.msgs[size_t(mi)].tag;
  fld(ps, slot, RComm) = m.intc(mi < 0 ? kCommWorld : m.gs.msgs[size_t(mi)].comm);
  checkReceiveOverlap(m, slot);
  completeReq(m, slot, mi < 0 ? SIZE_MAX : size_t(mi));
  storeHandle(m, m.arg(s, 4), slot);
  return mpiDone(m, t);
}

// ------------------------------------------------------ buffered mode

Machine::Outcome runBufferAttach(Machine& m, const std::string& name, const model::Transition& t) {
  ProcState& ps = m.self();
  ensureHeader(m, ps);
  if (name == "MPI_Buffer_attach") {
    if (attachedSize(m, ps) != 0)
      m.fail(ViolationKind::MpiInvalidBuffer, "MPI_Buffer_attach while a buffer is attached",
             m.pc());
    int64_t size = m.requireConcrete(m.arg(t.stmt, 1), "buffer size");
    if (size < 0)
      m.fail(ViolationKind::MpiInvalidCount, "negative buffer size", m.pc());
    Expr buf = m.arg(t.stmt, 0);
    ps.mpiObj[1] = m.f.tuple(m.f.tupleType(std::vector<sym::Type>{m.f.intType(), buf->type()}),
                             std::vector<Expr>{m.intc(size == 0 ? -1 : size), buf});
  } else {
    int64_t size = attachedSize(m, ps);
    if (size == 0)
      m.fail(ViolationKind::MpiInvalidBuffer, "MPI_Buffer_detach without an attached buffer",
             m.pc());
    // detach blocks until the buffered messages are delivered: modelled as
    // immediate (messages are copied when sent). It returns the buffer's
    // address and size (MPI 3.1 §3.6.1).
    Expr buf = m.f.tupleRead(ps.mpiObj[1], 1);
    ps.mpiObj[1] = m.intc(0);
    const model::Stmt& s = t.stmt;
    const model::Type* pt = staticPointee(s.args[0]);
    if (!pt || pt->kind != model::TypeKind::Pointer)
      throw Unsupported("MPI_Buffer_detach: the buffer address argument is not the address of a "
                        "pointer at " +
                        m.where());
    m.writePlace(m.placeOfPointer(m.arg(s, 0), pt, m.me), buf);
    m.writePlace(m.placeOfPointer(m.arg(s, 1), m.P.types.intType(), m.me),
                 m.intc(size < 0 ? 0 : size));
    clearIfEmpty(m, ps);
  }
  return mpiDone(m, t);
}

/// MPI_Wtime: a fresh real symbol per call, >= 0 and >= the previous
/// result of the process (kept in the mpiObj header). MPI_Wtick: the
/// resolution of MPI_Wtime in seconds, positive (MPI 3.1 §8.6); 1e-9 as
/// Open MPI's.
Machine::Outcome runWtime(Machine& m, const std::string& name, const model::Transition& t) {
  if (name == "MPI_Wtick")
    return mpiDone(m, t, m.f.realConst(sym::Rational(1, 1000000000)));
  ProcState& ps = m.self();
  ensureHeader(m, ps);
  Expr v = m.f.symbol("wtime" + std::to_string(m.me) + "_" + std::to_string(m.gs.fresh++),
                      m.f.realType());
  Expr prev = ps.mpiObj[2] == m.intc(0) ? m.f.intToReal(m.intc(0)) : ps.mpiObj[2];
  m.gs.pc = m.f.logicalAnd(m.gs.pc, m.f.le(prev, v));
  ps.mpiObj[2] = v;
  m.step.effects.push_back("MPI_Wtime() = " + m.show(v));
  return mpiDone(m, t, v);
}

} // namespace

// ------------------------------------------------------------ shared

int64_t postedReceiveFor(Machine& m, size_t mi) {
  int save = m.me;
  m.me = m.gs.msgs[mi].dst;
  const ProcState& ps = m.self();
  int64_t found = -1, best = -1;
  for (size_t r = 0; r < numSlots(ps); ++r)
    if (ifld(m, ps, r, RKind) == 2 && ifld(m, ps, r, RState) == 1 &&
        (best < 0 || ifld(m, ps, r, RSeq) < ifld(m, ps, size_t(best), RSeq)) &&
        envelopeMatches(m, ifld(m, ps, r, RPeer), ifld(m, ps, r, RTag), ifld(m, ps, r, RComm),
                        m.gs.msgs[mi]))
      best = int64_t(r);
  if (best >= 0) {
    std::vector<size_t> el =
        eligible(m, ifld(m, ps, size_t(best), RPeer), ifld(m, ps, size_t(best), RTag),
                 ifld(m, ps, size_t(best), RComm), ifld(m, ps, size_t(best), RSeq));
    if (std::find(el.begin(), el.end(), mi) != el.end())
      found = best;
  }
  m.me = save;
  return found;
}

namespace {

bool anySync(Machine& m) {
  for (size_t i = 0; i < m.gs.msgs.size(); ++i)
    if (m.gs.msgs[i].sync)
      return true;
  return false;
}

bool isWildRecv(Machine& m, int proc, size_t r) {
  const ProcState& ps = m.proc(proc);
  return ifld(m, ps, r, RPeer) == kAnySource || ifld(m, ps, r, RCancel) == kCancelMarked;
}

} // namespace

void settleSync(Machine& m) {
  if (!anySync(m))
    return;
  for (bool changed = true; changed;) {
    changed = false;
    // the messages at or before a synchronous message of their channel
    // whose destination has receive requests, in sending order
    std::vector<std::tuple<int, int, int>> chans;
    std::vector<size_t> cand;
    for (size_t i = m.gs.msgs.size(); i-- > 0;) {
      const Message& a = m.gs.msgs[i];
      std::tuple<int, int, int> ch{a.src, a.dst, a.comm};
      bool behind = std::find(chans.begin(), chans.end(), ch) != chans.end();
      if (a.sync && !behind)
        chans.push_back(ch), behind = true;
      const ProcState& d = m.mods[a.dst] ? *m.mods[a.dst] : *m.gs.procs[a.dst];
      if (behind && numSlots(d) > 0)
        cand.push_back(i);
    }
    for (size_t k = cand.size(); k-- > 0 && !changed;) {
      size_t i = cand[k];
      int64_t r = postedReceiveFor(m, i);
      if (r < 0 || isWildRecv(m, m.gs.msgs[i].dst, size_t(r)))
        continue; // (a wildcard or cancelled-marked request: not forced)
      matchToPosted(m, i, size_t(r));
      changed = true;
    }
  }
}

void syncProgressMoves(Machine& m, const MachineMaker& fresh, std::vector<Successor>& out) {
  if (!anySync(m))
    return;
  // (a) its own synchronous message (blocking send, or the send of a
  // Sendrecv), taken by a wildcard receive request of the destination
  for (size_t i = 0; i < m.gs.msgs.size(); ++i) {
    const Message& msg = m.gs.msgs[i];
    if (msg.src != m.me || !msg.sync || msg.req >= 0)
      continue;
    int64_t r = postedReceiveFor(m, i);
    if (r < 0)
      continue;
    Machine x = fresh();
    matchToPosted(x, i, size_t(r));
    out.push_back(x.successor());
  }
  // (b) while a synchronous message to it is pending, its wildcard receive
  // requests may be matched by any eligible message (another sender's
  // message may take the request a synchronous sender waits for)
  bool syncToMe = false;
  for (size_t i = 0; i < m.gs.msgs.size() && !syncToMe; ++i)
    syncToMe = m.gs.msgs[i].sync && m.gs.msgs[i].dst == m.me;
  if (!syncToMe)
    return;
  const ProcState& ps = m.self();
  for (size_t r = 0; r < numSlots(ps); ++r) {
    if (ifld(m, ps, r, RKind) != 2 || ifld(m, ps, r, RState) != 1 ||
        ifld(m, ps, r, RPeer) != kAnySource)
      continue;
    for (size_t o : options(m, r)) {
      if (o == SIZE_MAX)
        continue;
      Machine x = fresh();
      completeReq(x, r, o);
      x.step.effects.push_back("progress: request " + std::to_string(kReqBase + r) + " matched");
      out.push_back(x.successor());
    }
  }
}

void dropFreedTypes(Machine& m) {
  MpiExt x = loadExt(m, m.me);
  const ProcState& ps = m.self();
  auto used = [&](int64_t h) {
    for (size_t r = 0; r < numSlots(ps); ++r) {
      int64_t k = ifld(m, ps, r, RKind);
      if ((k == 1 || k == 2) && ifld(m, ps, r, RDt) == h)
        return true;
    }
    for (const CollRec& c : x.recs) {
      if (c.dt == h)
        return true;
      if (c.aux)
        for (Expr e : c.aux->children())
          if (auto v = m.concreteInt(e); v && *v == h)
            return true;
    }
    return false;
  };
  bool changed = false;
  for (size_t i = 0; i + 2 < x.objs.size();) {
    size_t len = 3 + size_t(x.objs[i + 2]);
    int64_t h = x.objs[i + 1];
    if (isFreedTypeEntry(x.objs, i) && !used(h)) {
      removeObj(x.objs, int64_t(i));
      changed = true;
      continue;
    }
    i += len;
  }
  if (changed)
    storeExt(m, m.me, x);
}

void collRequestGuards(Machine& m, size_t slot, const std::vector<CollGuard>& guards) {
  // RBuf holds a tuple of guards, each a tuple (buffer, role, lo0, hi0, lo1,
  // hi1, ...), RCount their number
  std::vector<Expr> gs;
  std::vector<sym::Type> gts;
  for (const CollGuard& g : guards) {
    if (g.ranges.empty())
      continue;
    std::vector<Expr> parts{g.buf, m.intc(int64_t(g.role))};
    for (auto [lo, hi] : g.ranges) {
      parts.push_back(m.intc(lo));
      parts.push_back(m.intc(hi));
    }
    std::vector<sym::Type> ts;
    for (Expr e : parts)
      ts.push_back(e->type());
    gs.push_back(m.f.tuple(m.f.tupleType(ts), parts));
    gts.push_back(gs.back()->type());
  }
  ProcState& ps = m.self();
  fld(ps, slot, RBuf) = gs.empty() ? m.V.nullPointer() : m.f.tuple(m.f.tupleType(gts), gs);
  fld(ps, slot, RCount) = m.intc(int64_t(gs.size()));
}

size_t collRequest(Machine& m) {
  size_t slot = newSlot(m);
  ProcState& ps = m.self();
  fld(ps, slot, RKind) = m.intc(3);
  fld(ps, slot, RState) = m.intc(1);
  fld(ps, slot, RDt) = m.intc(mpiHandle(3, 7));
  return slot;
}

Expr mpiExt(const ProcState& ps) {
  return ps.mpiObj.size() >= kHeader && ps.mpiObj[3] != nullptr &&
                 ps.mpiObj[3]->kind() == sym::Kind::TupleMake
             ? ps.mpiObj[3]
             : nullptr;
}

void setMpiExt(Machine& m, ProcState& ps, Expr ext) {
  if (!ext && ps.mpiObj.empty())
    return;
  ensureHeader(m, ps);
  ps.mpiObj[3] = ext ? ext : m.intc(0);
  clearIfEmpty(m, ps);
}

void checkBsend(Machine& m, Expr countE, int64_t dt) {
  const ProcState& ps = m.self();
  int64_t size = attachedSize(m, ps);
  if (size == 0)
    m.fail(ViolationKind::MpiInvalidBuffer, "MPI_Bsend without an attached buffer", m.pc());
  std::optional<int64_t> bounded = m.boundedConcrete(countE, "count");
  if (!bounded) {
    // a count the path condition does not bound (a count the contract of
    // `verify --contract` leaves free): the room is an obligation
    Expr need = m.f.add(m.f.mul(countE, m.intc(typeSize(m, dt))), m.intc(128));
    m.require(m.f.le(need, m.intc(std::max<int64_t>(size, 0))), ViolationKind::MpiInvalidBuffer,
              "attached buffer of " + std::to_string(std::max<int64_t>(size, 0)) +
                  " bytes too small for a buffered message of " + m.show(countE) + " x " +
                  std::to_string(typeSize(m, dt)) + " + 128 bytes (with MPI_BSEND_OVERHEAD)");
    return;
  }
  int64_t count = *bounded;
  int64_t need = count * typeSize(m, dt) + 128;
  if (size < need)
    m.fail(ViolationKind::MpiInvalidBuffer,
           "attached buffer of " + std::to_string(std::max<int64_t>(size, 0)) +
               " bytes too small for a buffered message of " + std::to_string(need) +
               " bytes (with MPI_BSEND_OVERHEAD)",
           m.pc());
}

void checkReady(Machine& m, Expr destE, Expr tagE, Expr commE) {
  int64_t dest = m.requireConcrete(destE, "destination rank");
  int64_t tag = m.requireConcrete(tagE, "tag"), comm = m.requireConcrete(commE, "communicator");
  if (dest == kProcNull || dest < 0 || dest >= commSize(m, commE))
    return;
  dest = rankToProc(m, comm, dest);
  const ProcState& ps = *m.gs.procs[dest];
  for (size_t r = 0; r < numSlots(ps); ++r)
    if (ifld(m, ps, r, RKind) == 2 && ifld(m, ps, r, RState) == 1 &&
        ifld(m, ps, r, RComm) == comm &&
        (ifld(m, ps, r, RPeer) == m.me || ifld(m, ps, r, RPeer) == kAnySource) &&
        (ifld(m, ps, r, RTag) == tag || ifld(m, ps, r, RTag) == kAnyTag))
      return;
  m.fail(ViolationKind::MpiReadyMode,
         "ready-mode send to process " + std::to_string(dest) +
             " before a matching receive was posted",
         m.pc());
}

void checkRank(Machine& m, int64_t rank, Expr commE, bool source) {
  int64_t n = commSize(m, commE);
  if (rank == kProcNull || (source && rank == kAnySource))
    return;
  if (rank < 0 || rank >= n)
    m.fail(ViolationKind::MpiInvalidRank,
           std::string("invalid ") + (source ? "source" : "destination") + " rank " +
               std::to_string(rank) + " (communicator of size " + std::to_string(n) + ")",
           m.pc());
}

void blockingReceiveBlockers(Machine& m, const MachineMaker& fresh, std::vector<Successor>& out,
                             int64_t src, int64_t tag, int64_t comm) {
  blockerMoves(m, fresh, out, {}, src, tag, comm, kInfSeq);
}

bool finalizeDetached(Machine& m) {
  const ProcState& ps = m.self();
  bool any = false;
  for (size_t r = 0; r < numSlots(ps); ++r)
    if (ifld(m, ps, r, RKind) == 2 && ifld(m, ps, r, RSync) && ifld(m, ps, r, RState) == 1) {
      any = true;
      if (isWild(m, r))
        m.unsafe = true;
    }
  return any;
}

void detachedProgress(Machine& m, const MachineMaker& fresh, std::vector<Successor>& out) {
  const ProcState& ps = m.self();
  for (size_t r = 0; r < numSlots(ps); ++r) {
    if (ifld(m, ps, r, RKind) != 2 || !ifld(m, ps, r, RSync) || ifld(m, ps, r, RState) != 1)
      continue;
    for (size_t o : options(m, r)) {
      Machine x = fresh();
      completeReq(x, r, o);
      x.step.effects.push_back("progress: freed receive request " + std::to_string(kReqBase + r) +
                               " matched");
      out.push_back(x.successor());
    }
  }
}

void contractReturnChecks(Machine& m) {
  reapFreedSends(m, true);
  const ProcState& ps = m.self();
  for (size_t r = 0; r < numSlots(ps); ++r)
    if (ifld(m, ps, r, RKind) != 0)
      m.fail(ViolationKind::MpiRequestLeak,
             "return from the procedure under verification with " + requestText(m, ps, r) +
                 " never " + (ifld(m, ps, r, RState) == 1 ? "completed" : "freed") +
                 " (the driver of verify --contract ends after it)",
             m.pc());
}

void finalizeChecks(Machine& m) {
  const ProcState& ps = m.self();
  for (size_t r = 0; r < numSlots(ps); ++r)
    if (ifld(m, ps, r, RKind) != 0)
      m.failUnlessIgnored(ViolationKind::MpiRequestLeak,
                          "MPI_Finalize with " + requestText(m, ps, r) + " never " +
                              (ifld(m, ps, r, RState) == 1 ? "completed" : "freed"),
                          m.pc());
  if (attachedSize(m, ps) != 0)
    m.failUnlessIgnored(ViolationKind::MpiResourceLeak,
                        "MPI_Finalize with a Bsend buffer still attached", m.pc());
  for (const Message& msg : m.gs.msgs)
    if (msg.dst == m.me)
      m.failUnlessIgnored(ViolationKind::MpiPendingMessage,
                          "MPI_Finalize with a message from process " + std::to_string(msg.src) +
                              " (tag " + sym::toString(msg.tag) + ") never received",
                          m.pc());
}

void checkDisjointBuffers(Machine& m, const std::string& name, Expr sbuf, Expr scount, int64_t sdt,
                          Expr rbuf, Expr rcount, int64_t rdt) {
  auto sc = m.concreteInt(scount), rc = m.concreteInt(rcount);
  if ((sc && *sc <= 0) || (rc && *rc <= 0))
    return;
  for (auto [buf, dt] : {std::pair{sbuf, sdt}, std::pair{rbuf, rdt}}) {
    if (!isBasicType(dt) || isByteType(dt) || m.V.isUndef(buf))
      return;
    auto p = m.V.decodePointer(buf);
    if (!p || p->root.kind == RootKind::Null || p->root.kind == RootKind::Address)
      return;
    const model::Type* et = m.elementTypeOf(buf);
    if (!et || et->size != datatypeSize(dt))
      return;
  }
  m.require(m.f.logicalNot(buffersOverlap(m, sbuf, scount, rbuf, rcount)),
            ViolationKind::MpiInvalidBuffer,
            name + ": the send and receive buffers overlap (MPI 3.1 §2.3: an output argument may "
                   "not alias another argument; use MPI_IN_PLACE)");
}

namespace {

using Ranges = std::vector<std::pair<int64_t, int64_t>>;

/// Sorted, with touching or overlapping intervals merged.
Ranges mergeRanges(Ranges v) {
  std::sort(v.begin(), v.end());
  Ranges res;
  for (auto r : v)
    if (!res.empty() && r.first <= res.back().second)
      res.back().second = std::max(res.back().second, r.second);
    else
      res.push_back(r);
  return res;
}

} // namespace

Ranges typeBytes(Machine& m, int64_t count, int64_t dt, int proc) {
  Ranges bytes;
  if (count <= 0)
    return bytes;
  TypeMap t = typeMap(m, dt, proc);
  if (t.entries.empty())
    return bytes;
  int64_t ext = t.extent();
  Ranges one; // the bytes of one item
  for (const TypeEntry& e : t.entries)
    one.push_back({e.disp, e.disp + int64_t(datatypeSize(e.basic))});
  one = mergeRanges(one);
  // Without gaps between items (one interval at least an extent long), or
  // with too many intervals to list (more than 256: then gaps count too,
  // which may over-report), the items cover one span.
  constexpr int64_t kMaxRanges = 256;
  bool span = (one.size() == 1 && one[0].second - one[0].first >= std::abs(ext)) ||
              int64_t(one.size()) * count > kMaxRanges;
  if (span) {
    int64_t last = (count - 1) * ext;
    bytes.push_back({std::min(one.front().first, last + one.front().first),
                     std::max(one.back().second, last + one.back().second)});
    return bytes;
  }
  for (int64_t k = 0; k < count; ++k)
    for (auto [lo, hi] : one)
      bytes.push_back({k * ext + lo, k * ext + hi});
  return mergeRanges(bytes);
}

Ranges elementRanges(Machine& m, Expr buf, const Ranges& bytes, int64_t fallbackSize, int proc) {
  Ranges out;
  if (bytes.empty() || m.V.isUndef(buf))
    return out;
  auto p = m.V.decodePointer(buf);
  if (!p || p->root.kind == RootKind::Null || p->root.kind == RootKind::Function ||
      p->root.kind == RootKind::Address)
    return out;
  // a buffer that no longer exists (freed, or a local of a returned
  // function): nothing to guard, and no report here, at an unrelated access
  const ProcState& ps = m.proc(proc);
  if ((p->root.kind == RootKind::Heap &&
       (p->root.b >= ps.heap.size() || ps.heap[p->root.b].freed)) ||
      (p->root.kind == RootKind::Local && !m.localFrame(ps, p->root)))
    return out;
  const model::Type* et = m.elementTypeOf(buf, proc);
  int64_t sz = et && et->size ? int64_t(et->size) : fallbackSize;
  if (sz <= 0)
    return out;
  // in elements of the buffer's type (an element partly covered counts)
  auto floorDiv = [](int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
  for (auto [lo, hi] : bytes)
    out.push_back({floorDiv(lo, sz), floorDiv(hi + sz - 1, sz)});
  return mergeRanges(out);
}

/// The element intervals of a pending point-to-point request of a derived
/// datatype dt and concrete count (empty when they cannot be given: the
/// caller then takes `count` elements, as for a basic datatype). A pending
/// request of MPI_Type_contiguous(2, MPI_INT) and count 3 covers 6 ints, not
/// 3; a vector's gaps are not covered.
Ranges derivedRanges(Machine& m, Expr buf, Expr countE, int64_t dt, int proc) {
  auto c = m.concreteInt(countE);
  if (!c || *c <= 0 || (dt >> 24) != 3)
    return {};
  FreedTypesOk freedTypes;
  return elementRanges(m, buf, typeBytes(m, *c, dt, proc), 0, proc);
}

void checkAccess(Machine& m, const Place& pl, bool write) {
  if (gInternal)
    return;
  const ProcState& ps = *(m.mods[pl.proc] ? m.mods[pl.proc].get() : m.gs.procs[pl.proc]);
  if (pl.proc != m.me)
    return;
  // Does the access overlap `count` elements from buffer pointer `buf`?
  // (the request's buffer is a send buffer: only writes conflict)
  // `ranges`: the element intervals [lo, hi) from `buf` that the request
  // touches, when they are not simply [0, count) (a derived datatype)
  auto check = [&](size_t r, int64_t kind, Expr buf, Expr countE, bool sendBuf,
                   const Ranges& ranges = {}, int64_t role = CollGuard::Recv) {
    if (sendBuf && !write)
      return;
    std::optional<int64_t> count = m.concreteInt(countE); // (none: a symbolic length)
    auto bp = m.V.decodePointer(buf);
    if ((count && *count <= 0) || !bp || !(bp->root == pl.root))
      return;
    const std::vector<Expr>& bpath = bp->path;
    Expr overlap = count ? m.f.boolConst(true) : m.f.lt(m.intc(0), countE);
    if (!bpath.empty()) {
      size_t L = bpath.size();
      if (pl.path.size() >= L) {
        for (size_t k = 0; k + 1 < L; ++k)
          overlap = m.f.logicalAnd(overlap, m.f.eq(bpath[k], pl.path[k]));
        Expr i = pl.path[L - 1], b = bpath[L - 1];
        if (ranges.empty())
          overlap =
              m.f.logicalAnd(overlap, m.f.logicalAnd(m.f.le(b, i), m.f.lt(i, m.f.add(b, countE))));
        else {
          Expr any = m.f.boolConst(false);
          for (auto [lo, hi] : ranges)
            any = m.f.logicalOr(any, m.f.logicalAnd(m.f.le(m.f.add(b, m.intc(lo)), i),
                                                    m.f.lt(i, m.f.add(b, m.intc(hi)))));
          overlap = m.f.logicalAnd(overlap, any);
        }
      }
    }
    const char* what = kind == 1   ? "buffer of a pending send"
                       : kind == 2 ? "buffer of a pending receive"
                       : role == CollGuard::Recv
                           ? "receive buffer of a pending nonblocking collective"
                       : role == CollGuard::Send
                           ? "send buffer of a pending nonblocking collective"
                           : "counts, displacements or datatypes array of a pending nonblocking "
                             "collective";
    m.require(m.f.logicalNot(overlap), ViolationKind::MpiLocalConcurrency,
              std::string(write ? "write to" : "read of") + " the " + what + " (" +
                  requestText(m, ps, r) + ") before it completed");
  };
  for (size_t r = 0; r < numSlots(ps); ++r) {
    int64_t kind = ifld(m, ps, r, RKind), st = ifld(m, ps, r, RState);
    // a receive is pending for the program until it is waited for, even
    // when the model already matched it; a nonblocking collective until its
    // Wait/Test completes it (its receive buffer is written then)
    Expr count = fldc(ps, r, RCount);
    int64_t rdt = kind == 1 || kind == 2 ? ival(m, fldc(ps, r, RDt)) : 0;
    if ((kind == 1 || kind == 2) && isByteType(rdt)) {
      // MPI_BYTE/MPI_PACKED: a count of bytes, over elements of the buffer's type
      const model::Type* et = m.elementTypeOf(fldc(ps, r, RBuf), pl.proc);
      int64_t sz = et && et->size ? int64_t(et->size) : 1;
      auto c = m.concreteInt(count);
      count = c ? m.intc((*c + sz - 1) / sz) : m.f.div(m.f.add(count, m.intc(sz - 1)), m.intc(sz));
    } else if ((kind == 1 || kind == 2) && !isBasicType(rdt) && !m.concreteInt(count)) {
      // a derived datatype of symbolic count (symLayout): the elements
      // from the first to the last its entries touch, gaps included
      if (auto l = symLayout(m, rdt, pl.proc)) {
        int64_t dmax = *std::max_element(l->disp.begin(), l->disp.end());
        count =
            m.f.ite(m.f.lt(m.intc(0), count),
                    m.f.add(m.f.mul(m.f.sub(count, m.intc(1)), m.intc(l->ext)), m.intc(dmax + 1)),
                    m.intc(0));
      }
    }
    Ranges ranges; // (only for a request the access may conflict with)
    if (((kind == 1 && st == 1) || (kind == 2 && st != 0)) && !isBasicType(rdt) && !isByteType(rdt))
      ranges = derivedRanges(m, fldc(ps, r, RBuf), count, rdt, pl.proc);
    if (kind == 1 && st == 1 && (ival(m, fldc(ps, r, RSync)) != kFreedSend || sendInTransit(m, r)))
      check(r, kind, fldc(ps, r, RBuf), count, true, ranges);
    else if (kind == 2 && st != 0 && !(st == 2 && ival(m, fldc(ps, r, RSeen))))
      // (a receive MPI_Request_get_status found complete: its data is there)
      check(r, kind, fldc(ps, r, RBuf), count, false, ranges);
    else if (kind == 3 && st == 1) {
      if (ival(m, fldc(ps, r, RCount)) <= 0) // the number of guards (collRequestGuards)
        continue;
      Expr gs = fldc(ps, r, RBuf);
      for (Expr g : gs->children()) {
        auto ch = g->children();
        int64_t role = ival(m, ch[1]);
        Ranges rs;
        for (size_t k = 2; k + 1 < ch.size(); k += 2)
          rs.push_back({ival(m, ch[k]), ival(m, ch[k + 1])});
        check(r, kind, ch[0], m.intc(rs.back().second), role != CollGuard::Recv, rs, role);
      }
    }
  }
}

bool noRequests(const ProcState& ps) {
  for (size_t r = 0; r < numSlots(ps); ++r) {
    Expr k = fldc(ps, r, RKind);
    if (!k || !k->isZero())
      return false;
  }
  return true;
}

void registerMpiReq(MpiTable& t) {
  t.add({"MPI_Isend", "MPI_Issend", "MPI_Irsend", "MPI_Ibsend"}, {runIsend});
  t.add("MPI_Irecv", {runIrecv});
  t.add({"MPI_Send_init", "MPI_Ssend_init", "MPI_Bsend_init", "MPI_Rsend_init", "MPI_Recv_init"},
        {runInit});
  t.add({"MPI_Start", "MPI_Startall"}, {runStart});
  t.add("MPI_Request_free", {runRequestFree});
  t.add({"MPI_Wait", "MPI_Waitall", "MPI_Waitany", "MPI_Waitsome", "MPI_Test", "MPI_Testall",
         "MPI_Testany", "MPI_Testsome"},
        {runWait, resumeWait});
  t.add("MPI_Request_get_status", {runGetStatus, resumeGetStatus});
  t.add("MPI_Cancel", {runCancel});
  t.add({"MPI_Test_cancelled", "MPI_Status_set_cancelled"}, {runTestCancelled});
  t.add({"MPI_Probe", "MPI_Iprobe", "MPI_Mprobe", "MPI_Improbe"}, {runProbe, resumeProbe});
  t.add("MPI_Mrecv", {runMrecv});
  t.add("MPI_Imrecv", {runImrecv});
  t.add({"MPI_Buffer_attach", "MPI_Buffer_detach"}, {runBufferAttach});
  t.add({"MPI_Wtime", "MPI_Wtick"}, {runWtime, nullptr, false});
}

} // namespace chorus::exec
