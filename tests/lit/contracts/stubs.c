// Simulation (seed 002 §2.4, §4.2): with `verify --contract f`, a call of a
// collective procedure g from f runs g's contract instead of its body:
// arrival, wait for g's waitsfor, havoc of g's assigns, g's postcondition
// assumed; g's precondition is checked once every process has called it.
//
// f calls g on every process and relies on g's postcondition.
// RUN: %expect-exit 0 %chorus verify %s --contract f -n 1..3 --quiet | FileCheck %s --check-prefix=OK
// OK: verdict: verified
//
// COLLECTIVE_PRECONDITION (Ex. 2.4): the processes call g with different
// k, which g's precondition \mpi_agree(k) excludes.
// RUN: %expect-exit 1 %chorus verify %s --contract pre -n 2 --quiet | FileCheck %s --check-prefix=PRE
// PRE: verdict: violation COLLECTIVE_PRECONDITION at {{.*}}stubs.c:43:7 (process 1)
//
// COLLECTIVE_CONSISTENCY (Def. 2.2): even ranks call g, odd ranks h.
// RUN: %expect-exit 1 %chorus verify %s --contract mixed -n 2 --quiet | FileCheck %s --check-prefix=MIX
// MIX: verdict: violation COLLECTIVE_CONSISTENCY at {{.*}}stubs.c:56:6 (process 1)
//
// UNRECEIVED_MESSAGE at a collective call: process 1 calls g while the
// message process 0 sent it before g is still in transit.
// RUN: %expect-exit 1 %chorus verify %s --contract late -n 2 --quiet | FileCheck %s --check-prefix=LATE
// LATE: verdict: violation UNRECEIVED_MESSAGE at {{.*}}stubs.c:47:6 (process 1)
//
// SEGMENT_BOUNDARY: process 0 passes g (which waits for nobody) and sends;
// process 1 receives that message before it calls g.
// RUN: %expect-exit 1 %chorus verify %s --contract early -n 2 --quiet | FileCheck %s --check-prefix=EARLY
// EARLY: verdict: violation SEGMENT_BOUNDARY at {{.*}}stubs.c:114:5 (process 1)
//
// f relies on more than g promises: COLLECTIVE_POSTCONDITION.
// RUN: %expect-exit 1 %chorus verify %s --contract weak -n 2 --quiet | FileCheck %s --check-prefix=WEAK
// WEAK: verdict: violation COLLECTIVE_POSTCONDITION at {{.*}}stubs.c:122:7 (process 0)
//
// Collective recursion is rejected (exit 3).
// RUN: %expect-exit 3 %chorus verify %s --contract rec -n 1 2>&1 | FileCheck %s --check-prefix=REC
// REC: chorus: error: --contract rec: collective recursion: rec -> helper calls 'rec' at {{.*}}stubs.c:135:36
#include <mpi.h>

int x;

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= k <= 10;
      requires \mpi_agree(k);
      ensures x == \old(x) + k;
      assigns x;
*/
void g(int k) {
  x = x + k; // not run: the contract simulates g
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns x;
      waitsfor { i | int i; 0 <= i < \mpi_comm_size };
*/
void h(void) { MPI_Barrier(MPI_COMM_WORLD); }

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      requires 0 <= k <= 5 && \mpi_agree(k);
      ensures x == \old(x) + 2 * k;
      assigns x;
*/
void f(int k) {
  g(k);
  g(k);
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns x;
*/
void pre(void) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  g(rank);
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns x;
*/
void mixed(void) {
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank % 2 == 0)
    g(1);
  else
    h();
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns x;
*/
void late(void) {
  int rank, v = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
  g(1);
  if (rank == 1)
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns x;
*/
void early(void) {
  int rank, v = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 1)
    MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  g(1);
  if (rank == 0)
    MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
}

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      ensures x == 2;
      assigns x;
*/
void weak(void) { g(2); }

int helper(int d);

/*@ mpi uses MPI_COMM_WORLD;
    mpi collective(MPI_COMM_WORLD):
      assigns \nothing;
*/
int rec(int d) { return helper(d); }

int helper(int d) { return d > 0 ? rec(d - 1) : 0; }
