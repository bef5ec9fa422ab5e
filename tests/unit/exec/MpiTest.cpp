// MPI programs: point-to-point, wildcards, deadlock (absolute/potential),
// receive mismatches, MPI_Init/Finalize usage, collectives, urgent POR.
#include "Harness.h"

using namespace chorus;
using namespace chorus::test;

namespace {

constexpr long long handle(int kind, int index) {
  return (long long)(kind) << 24 | index;
}
constexpr long long kWorld = handle(1, 1);
constexpr long long kInt = handle(3, 7);
constexpr long long kDouble = handle(3, 14);
constexpr long long kSum = handle(4, 3);
constexpr long long kAny = -1;

/// Builder with the MPI model objects of mpi.h and rank/size locals of main.
struct Mpi {
  ModelBuilder b;
  const Type* status;
  VarId statusIgnore, inPlace, rank = 0, size = 0;
  uint32_t rankLine = 0; ///< the line of MPI_Comm_rank in main

  Mpi() {
    status = b.structType("MPI_Status", {{"MPI_SOURCE", b.tInt},
                                         {"MPI_TAG", b.tInt},
                                         {"MPI_ERROR", b.tInt},
                                         {"chorus_count_", b.tInt},
                                         {"chorus_cancelled_", b.tInt}});
    statusIgnore = b.global("chorus_mpi_status_ignore_", status);
    inPlace = b.global("chorus_mpi_in_place_", b.tInt);
  }
  E world() { return b.lit(kWorld); }
  E ignore() { return b.addr(b.v(statusIgnore)); }
  E buf(VarId v) { return b.cast(b.tVoidPtr, b.addr(b.v(v))); }
  E arrBuf(VarId v) { return b.cast(b.tVoidPtr, b.cast(b.ptr(b.p.var(v).type->elem), b.v(v))); }
  /// main() { MPI_Init; rank; size; ... }
  void beginMain(bool init = true) {
    b.begin("main", b.tInt);
    rank = b.local("rank", b.tInt);
    size = b.local("size", b.tInt);
    b.decl(rank);
    b.decl(size);
    if (init)
      b.call(nullptr, "MPI_Init", {b.null(b.tVoidPtr), b.null(b.tVoidPtr)});
    rankLine = b.call(nullptr, "MPI_Comm_rank", {world(), b.addr(b.v(rank))});
    b.call(nullptr, "MPI_Comm_size", {world(), b.addr(b.v(size))});
  }
  uint32_t send(E buf, long long count, long long type, E dest, long long tag,
                const char* fn = "MPI_Send") {
    return b.call(nullptr, fn, {buf, b.lit(count), b.lit(type), dest, b.lit(tag), world()});
  }
  uint32_t recv(E buf, long long count, long long type, E src, long long tag, E st = nullptr) {
    return b.call(nullptr, "MPI_Recv",
                  {buf, b.lit(count), b.lit(type), src, b.lit(tag), world(), st ? st : ignore()});
  }
  E isRank(long long r) { return b.eq(b.v(rank), b.lit(r)); }
  void finalize() { b.call(nullptr, "MPI_Finalize", {}); }
};

TEST(Mpi, SendRecvValue) {
  for (int broken = 0; broken < 2; ++broken) {
    Mpi m;
    auto& b = m.b;
    m.beginMain();
    VarId x = b.local("x", b.tInt);
    b.decl(x);
    uint32_t l = 0;
    b.if_(
        m.isRank(0),
        [&] {
          b.assign(b.v(x), b.lit(5));
          m.send(m.buf(x), 1, kInt, b.lit(1), 7);
        },
        [&] {
          m.recv(m.buf(x), 1, kInt, b.lit(0), 7);
          l = b.assert_(b.eq(b.v(x), b.lit(broken ? 6 : 5)));
        });
    m.finalize();
    b.ret(b.lit(0));
    b.end();
    auto r = verify(b, 2);
    if (broken) {
      EXPECT_VIOLATION(b, r, Assertion, l, 1);
      EXPECT_NE(text(b, r).find("receive {5} from 0 tag 7"), std::string::npos) << text(b, r);
    } else
      EXPECT_VERIFIED(b, r);
  }
}

/// Both processes exchange a value: `order` 0 = rank 0 sends first, rank 1
/// receives first (fine); 1 = both send first (potential deadlock only);
/// 2 = both receive first (absolute deadlock). `first`: the line of the
/// first call of the exchange (where a deadlock blocks process 0).
ModelBuilder exchange(int order, uint32_t* first = nullptr) {
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  VarId x = b.local("x", b.tInt), y = b.local("y", b.tInt), other = b.local("other", b.tInt);
  b.decl(x);
  b.decl(y);
  b.decl(other);
  b.assign(b.v(x), b.v(m.rank));
  b.assign(b.v(other), b.sub(b.lit(1), b.v(m.rank)));
  uint32_t l = 0;
  auto sendFirst = [&] {
    l = m.send(m.buf(x), 1, kInt, b.v(other), 0);
    m.recv(m.buf(y), 1, kInt, b.v(other), 0);
  };
  auto recvFirst = [&] {
    l = m.recv(m.buf(y), 1, kInt, b.v(other), 0);
    m.send(m.buf(x), 1, kInt, b.v(other), 0);
  };
  if (order == 0)
    b.if_(m.isRank(0), sendFirst, recvFirst);
  else if (order == 1)
    sendFirst();
  else
    recvFirst();
  b.assert_(b.eq(b.v(y), b.v(other)));
  m.finalize();
  b.ret(b.lit(0));
  b.end();
  if (first)
    *first = l;
  return std::move(m.b);
}

TEST(Mpi, ExchangeOrderedIsFine) {
  ModelBuilder b = exchange(0);
  auto r = verify(b, 2, search::DeadlockMode::Both);
  EXPECT_VERIFIED(b, r);
}

TEST(Mpi, BothSendFirstIsPotentialDeadlock) {
  uint32_t send = 0;
  ModelBuilder b = exchange(1, &send);
  auto r = verify(b, 2, search::DeadlockMode::Absolute);
  EXPECT_VERIFIED(b, r);
  auto r2 = verify(b, 2, search::DeadlockMode::Both);
  EXPECT_VIOLATION(b, r2, PotentialDeadlock, send, 0); // process 0 waits in its send
}

TEST(Mpi, BothReceiveFirstIsAbsoluteDeadlock) {
  uint32_t recv = 0;
  ModelBuilder b = exchange(2, &recv);
  auto r = verify(b, 2, search::DeadlockMode::Both);
  EXPECT_VIOLATION(b, r, AbsoluteDeadlock, recv, 0); // process 0 waits in its receive
  EXPECT_NE(r.violation->message.find("MPI_Recv"), std::string::npos) << r.violation->message;
}

TEST(Mpi, TagMismatchDeadlocks) {
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  VarId x = b.local("x", b.tInt);
  b.decl(x);
  b.assign(b.v(x), b.lit(1));
  uint32_t l = 0;
  b.if_(
      m.isRank(0), [&] { m.send(m.buf(x), 1, kInt, b.lit(1), 1); },
      [&] { l = m.recv(m.buf(x), 1, kInt, b.lit(0), 2); });
  m.finalize();
  b.end();
  auto r = verify(b, 2);
  // Process 0's send is buffered and it finishes; process 1 waits forever.
  EXPECT_VIOLATION(b, r, AbsoluteDeadlock, l, 1);
}

/// Rank 0 receives from MPI_ANY_SOURCE n-1 times; asserts the first message
/// comes from process 1 (broken) or from a valid rank (correct).
TEST(Mpi, WildcardReceiveExploresAllSenders) {
  for (int broken = 0; broken < 2; ++broken) {
    Mpi m;
    auto& b = m.b;
    m.beginMain();
    VarId x = b.local("x", b.tInt), i = b.local("i", b.tInt), st = b.local("st", m.status);
    VarId first = b.local("first", b.tInt);
    b.decl(x);
    b.decl(i);
    b.decl(st);
    b.decl(first);
    uint32_t l = 0;
    b.if_(
        m.isRank(0),
        [&] {
          b.assign(b.v(i), b.lit(1));
          b.assign(b.v(first), b.lit(-5));
          b.while_(b.lt(b.v(i), b.v(m.size)), [&] {
            m.recv(m.buf(x), 1, kInt, b.lit(kAny), 0, b.addr(b.v(st)));
            b.assert_(b.eq(b.v(x), b.mul(b.mem(b.v(st), 0), b.lit(10))));
            b.if_(b.eq(b.v(i), b.lit(1)), [&] { b.assign(b.v(first), b.mem(b.v(st), 0)); });
            b.assign(b.v(i), b.add(b.v(i), b.lit(1)));
          });
          l = b.assert_(broken ? b.eq(b.v(first), b.lit(1))
                               : b.land(b.le(b.lit(1), b.v(first)), b.lt(b.v(first), b.lit(3))));
        },
        [&] {
          b.assign(b.v(x), b.mul(b.v(m.rank), b.lit(10)));
          m.send(m.buf(x), 1, kInt, b.lit(0), 0);
        });
    m.finalize();
    b.end();
    auto r = verify(b, 3, search::DeadlockMode::Both);
    if (broken)
      EXPECT_VIOLATION(b, r, Assertion, l, 0);
    else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Mpi, ReceiveBufferTooSmall) {
  for (int broken = 0; broken < 2; ++broken) {
    Mpi m;
    auto& b = m.b;
    m.beginMain();
    VarId a = b.local("a", b.arr(b.tInt, 2));
    b.decl(a);
    b.assign(b.idx(b.v(a), b.lit(0)), b.lit(1));
    b.assign(b.idx(b.v(a), b.lit(1)), b.lit(2));
    uint32_t l = 0;
    b.if_(
        m.isRank(0), [&] { m.send(m.arrBuf(a), 2, kInt, b.lit(1), 0); },
        [&] { l = m.recv(m.arrBuf(a), broken ? 1 : 2, kInt, b.lit(0), 0); });
    m.finalize();
    b.end();
    auto r = verify(b, 2);
    if (broken)
      EXPECT_VIOLATION(b, r, MpiRecvMismatch, l, 1);
    else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Mpi, ReceiveTypeMismatch) {
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  VarId x = b.local("x", b.tInt), d = b.local("d", b.tDbl);
  b.decl(x);
  b.decl(d);
  b.assign(b.v(x), b.lit(1));
  uint32_t l = 0;
  b.if_(
      m.isRank(0), [&] { m.send(m.buf(x), 1, kInt, b.lit(1), 0); },
      [&] { l = m.recv(m.buf(d), 1, kDouble, b.lit(0), 0); });
  m.finalize();
  b.end();
  auto r = verify(b, 2);
  EXPECT_VIOLATION(b, r, MpiRecvMismatch, l, 1);
}

TEST(Mpi, MissingFinalize) {
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  uint32_t l = b.ret(b.lit(0));
  b.end();
  auto r = verify(b, 2);
  EXPECT_VIOLATION(b, r, MpiUsage, l, 0); // main returns without MPI_Finalize
}

TEST(Mpi, CallBeforeInit) {
  Mpi m;
  auto& b = m.b;
  m.beginMain(false);
  b.end();
  auto r = verify(b, 1);
  EXPECT_VIOLATION(b, r, MpiUsage, m.rankLine, 0);
  EXPECT_NE(r.violation->message.find("before MPI_Init"), std::string::npos);
}

TEST(Mpi, DoubleInit) {
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  uint32_t l = b.call(nullptr, "MPI_Init", {b.null(b.tVoidPtr), b.null(b.tVoidPtr)});
  m.finalize();
  b.end();
  auto r = verify(b, 1);
  EXPECT_VIOLATION(b, r, MpiUsage, l, 0);
}

TEST(Mpi, AllreduceSumOfRanks) {
  for (int broken = 0; broken < 2; ++broken) {
    Mpi m;
    auto& b = m.b;
    m.beginMain();
    VarId x = b.local("x", b.tInt), s = b.local("s", b.tInt);
    b.decl(x);
    b.decl(s);
    b.assign(b.v(x), b.v(m.rank));
    b.call(nullptr, "MPI_Allreduce",
           {m.buf(x), m.buf(s), b.lit(1), b.lit(kInt), b.lit(kSum), m.world()});
    uint32_t l = b.assert_(b.eq(b.v(s), b.lit(broken ? 4 : 3)));
    m.finalize();
    b.end();
    auto r = verify(b, 3, search::DeadlockMode::Both);
    if (broken)
      EXPECT_VIOLATION(b, r, Assertion, l, 0);
    else
      EXPECT_VERIFIED(b, r);
  }
}

TEST(Mpi, BcastReduceAllgatherBarrier) {
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  VarId x = b.local("x", b.tDbl), s = b.local("s", b.tDbl), g = b.local("g", b.arr(b.tInt, 3));
  VarId r = b.local("r", b.tInt);
  b.decl(x);
  b.decl(s);
  b.decl(g);
  b.decl(r);
  b.if_(m.isRank(0), [&] { b.assign(b.v(x), b.real("1.5")); });
  b.call(nullptr, "MPI_Bcast", {m.buf(x), b.lit(1), b.lit(kDouble), b.lit(0), m.world()});
  b.assert_(b.eq(b.v(x), b.real("1.5")));
  b.call(nullptr, "MPI_Reduce",
         {m.buf(x), m.buf(s), b.lit(1), b.lit(kDouble), b.lit(kSum), b.lit(0), m.world()});
  b.if_(m.isRank(0), [&] { b.assert_(b.eq(b.v(s), b.real("4.5"))); });
  b.assign(b.v(r), b.add(b.v(m.rank), b.lit(1)));
  b.call(nullptr, "MPI_Allgather",
         {m.buf(r), b.lit(1), b.lit(kInt), m.arrBuf(g), b.lit(1), b.lit(kInt), m.world()});
  b.assert_(b.eq(b.idx(b.v(g), b.lit(2)), b.lit(3)));
  b.call(nullptr, "MPI_Barrier", {m.world()});
  m.finalize();
  b.end();
  auto res = verify(b, 3, search::DeadlockMode::Both);
  EXPECT_VERIFIED(b, res);
}

TEST(Mpi, MismatchedCollectives) {
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  VarId x = b.local("x", b.tInt);
  b.decl(x);
  b.assign(b.v(x), b.lit(0));
  uint32_t bcast = 0;
  b.if_(
      m.isRank(0), [&] { b.call(nullptr, "MPI_Barrier", {m.world()}); },
      [&] {
        bcast =
            b.call(nullptr, "MPI_Bcast", {m.buf(x), b.lit(1), b.lit(kInt), b.lit(0), m.world()});
      });
  m.finalize();
  b.end();
  auto r = verify(b, 2);
  // Process 0 enters the barrier first; process 1's broadcast does not match it.
  EXPECT_VIOLATION(b, r, CollectiveMismatch, bcast, 1);
}

TEST(Mpi, SendrecvRingHasNoDeadlock) {
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  VarId x = b.local("x", b.tInt), y = b.local("y", b.tInt);
  b.decl(x);
  b.decl(y);
  b.assign(b.v(x), b.v(m.rank));
  E right = b.bin(Op::Rem, b.add(b.v(m.rank), b.lit(1)), b.v(m.size));
  E left = b.bin(Op::Rem, b.add(b.v(m.rank), b.sub(b.v(m.size), b.lit(1))), b.v(m.size));
  b.call(nullptr, "MPI_Sendrecv",
         {m.buf(x), b.lit(1), b.lit(kInt), right, b.lit(0), m.buf(y), b.lit(1), b.lit(kInt), left,
          b.lit(0), m.world(), m.ignore()});
  b.assert_(b.eq(b.v(y), left));
  m.finalize();
  b.end();
  auto r = verify(b, 3, search::DeadlockMode::Both);
  EXPECT_VERIFIED(b, r);
}

TEST(Mpi, SsendIsSynchronous) {
  // Rank 0: Ssend to 1, then Recv from 1; rank 1: Ssend to 0, then Recv.
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  VarId x = b.local("x", b.tInt), other = b.local("other", b.tInt);
  b.decl(x);
  b.decl(other);
  b.assign(b.v(x), b.lit(1));
  b.assign(b.v(other), b.sub(b.lit(1), b.v(m.rank)));
  uint32_t l = m.send(m.buf(x), 1, kInt, b.v(other), 0, "MPI_Ssend");
  m.recv(m.buf(x), 1, kInt, b.v(other), 0);
  m.finalize();
  b.end();
  auto r = verify(b, 2, search::DeadlockMode::Absolute);
  EXPECT_VIOLATION(b, r, AbsoluteDeadlock, l, 0); // both wait in MPI_Ssend
}

TEST(Mpi, TassPidAndNprocs) {
  ModelBuilder b;
  VarId pid = b.global("PID", b.tInt), np = b.global("NPROCS", b.tInt);
  b.begin("main", b.tInt);
  b.assert_(b.land(b.le(b.lit(0), b.v(pid)), b.lt(b.v(pid), b.v(np))));
  uint32_t l = b.assert_(b.ne(b.v(pid), b.lit(3)));
  b.end();
  auto r = verify(b, 3);
  EXPECT_VERIFIED(b, r);
  auto r2 = verify(b, 4);
  EXPECT_VIOLATION(b, r2, Assertion, l, 3);
}

TEST(Mpi, UrgentPorReducesStates) {
  // Every process does local work, then all send to 0 which receives in order.
  Mpi m;
  auto& b = m.b;
  m.beginMain();
  VarId x = b.local("x", b.tInt), i = b.local("i", b.tInt);
  b.decl(x);
  b.decl(i);
  b.assign(b.v(x), b.lit(0));
  b.assign(b.v(i), b.lit(0));
  b.while_(b.lt(b.v(i), b.lit(3)), [&] {
    b.assign(b.v(x), b.add(b.v(x), b.v(m.rank)));
    b.assign(b.v(i), b.add(b.v(i), b.lit(1)));
  });
  b.if_(
      m.isRank(0),
      [&] {
        b.assign(b.v(i), b.lit(1));
        b.while_(b.lt(b.v(i), b.v(m.size)), [&] {
          m.recv(m.buf(x), 1, kInt, b.v(i), 0);
          b.assert_(b.eq(b.v(x), b.mul(b.v(i), b.lit(3))));
          b.assign(b.v(i), b.add(b.v(i), b.lit(1)));
        });
      },
      [&] { m.send(m.buf(x), 1, kInt, b.lit(0), 0); });
  m.finalize();
  b.end();
  search::SearchOptions full;
  full.por = false;
  auto rf = verify(b, 3, search::DeadlockMode::Both, full);
  auto rp = verify(b, 3, search::DeadlockMode::Both);
  EXPECT_VERIFIED(b, rf);
  EXPECT_VERIFIED(b, rp);
  EXPECT_LT(rp.stats.statesSaved * 5, rf.stats.statesSaved)
      << rp.stats.statesSaved << " vs " << rf.stats.statesSaved;
  if (getenv("CHORUS_TEST_VERBOSE"))
    std::cerr << "POR: " << rp.stats.statesSaved << " states, full: " << rf.stats.statesSaved
              << "\n"
              << text(b, rp);
}

} // namespace
