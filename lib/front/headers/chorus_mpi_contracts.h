/*
 * chorus_mpi_contracts.h -- the contracts of MPI's collective functions
 * (seed 002 App. B, "Contracts of MPI collective functions and
 * MPI_Reduce_local", B.1-B.18), attached to their declarations.
 *
 * `chorus verify FILE.c --contract f` includes this header (with the default
 * `--mpi-model contracts`): a call of one of these functions in f is then
 * simulated by its contract (seed 002 §2.4, §4.2) instead of running
 * chorus's own model of MPI, so that f is verified against what MPI
 * promises, not against one implementation of it. `--mpi-model builtin`
 * does not include it. A C compiler sees redeclarations of mpi.h's
 * prototypes (the contracts are comments).
 *
 * The contract text is the seed's, with its line numbers removed and only
 * these repairs of extraction/typing errors:
 *  - B.4: "scout" is scount (also in the signature);
 *  - B.5: the contract names the arrays rcount/scout while the signature
 *    names them rcounts/scounts; the signature's names are used; the
 *    assigns clause's bound "0 <= i < \mpi_comm_size-1" is corrected to
 *    "0 <= i < \mpi_comm_size" (as in B.2 and B.6), since every block of
 *    the receive buffer is written;
 *  - B.6: the macros SBUF_OF/RBUF_OF had an unbalanced parenthesis (the
 *    displacement is added to the \mpi_buf); the set comprehension in
 *    \separated lacked its closing brace; "scount" in not_in_place is
 *    scounts;
 *  - B.5, B.6, B.11: the second argument of \separated closes with a '}'
 *    it never opened; the opening '{' of that set (as in B.2) is restored.
 * Everything else (including B.9's waitsfor bound \mpi_comm_rank-1, and
 * B.3's in_place ensures with \old(*RBUF)) is as printed. Each section
 * #undefs the macro names it defines, since the seed reuses
 * them; all are #undef'd at the end.
 */
#ifndef CHORUS_MPI_CONTRACTS_H
#define CHORUS_MPI_CONTRACTS_H
#include <mpi.h>

/* ================================================================== */
/* B.1 MPI_Allgather                                                    */
/* ================================================================== */
#undef SBUF
#define SBUF          \mpi_buf(sbuf, scount, stype)
#undef SBUF_OF
#define SBUF_OF(id)   \mpi_on(SBUF, (id))
#undef RBUF
#define RBUF          \mpi_buf(rbuf, rcount * \mpi_comm_size, rtype)
#undef RBUF_OF
#define RBUF_OF(id)   (\mpi_buf(rbuf, rcount, rtype) + (id)*rcount)
#undef SSIG
#define SSIG          (\mpi_sig(stype) * scount)
#undef SSIG_OF
#define SSIG_OF(id)   \mpi_on(SSIG, (id))
#undef RSIG
#define RSIG          (\mpi_sig(rtype) * rcount)
/*@ mpi uses comm;
    mpi collective(comm):
        requires \mpi_nonoverlapping(rtype) && rcount >= 0 && \valid(RBUF);
        requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
        assigns *RBUF;
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
        behavior not_in_place:
            assumes sbuf != MPI_IN_PLACE;
            requires \mpi_agree(sbuf != MPI_IN_PLACE);
            requires \forall int i; 0 <= i < \mpi_comm_size
                ==> SSIG == \mpi_on(RSIG, i);
            requires scount >= 0 && \valid_read(SBUF);
            ensures \forall int i; 0 <= i < \mpi_comm_size
                ==> *RBUF_OF(i) == \mpi_on(*SBUF, i);
        behavior in_place:
            assumes sbuf == MPI_IN_PLACE;
            requires \mpi_agree(sbuf == MPI_IN_PLACE);
            requires \forall int i; 0 <= i < \mpi_comm_size
                ==> RSIG == \mpi_on(RSIG, i);
            ensures \forall int i; 0 <= i < \mpi_comm_size
                ==> *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(i), i));
        disjoint behaviors;
        complete behaviors;
    */
int MPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype,
                     void *rbuf, int rcount, MPI_Datatype rtype,
                     MPI_Comm comm);

/* ================================================================== */
/* B.2 MPI_Allgatherv                                                   */
/* ================================================================== */
#undef SBUF
#define SBUF          \mpi_buf(sbuf, scount, stype)
#undef RBUF_OF
#define RBUF_OF(i)    (\mpi_buf(rbuf, rcounts[(i)], rtype) + displs[(i)])
#undef SSIG_OF
#define SSIG_OF(i)    \mpi_on(\mpi_sig(stype) * scount, (i))
#undef RSIG_OF
#define RSIG_OF(i)    \mpi_sig(rtype) * rcounts[(i)]
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid_read(rcounts + (0 .. \mpi_comm_size-1));
        requires \valid_read(displs + (0 .. \mpi_comm_size-1));
        requires \forall int i; 0 <= i < \mpi_comm_size ==> rcounts[i] >= 0;
        requires \forall int i; 0 <= i < \mpi_comm_size ==> \valid(RBUF_OF(i));
        requires \mpi_nonoverlapping(rtype);
        requires \forall int i, j; 0 <= i < j < \mpi_comm_size
            ==> (displs[i] + rcounts[i] <= displs[j]) ||
                (displs[j] + rcounts[j] <= displs[i]);
        requires \separated({ RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size },
                            {{ SBUF | int i; sbuf != MPI_IN_PLACE },
                             rcounts + (0 .. \mpi_comm_size-1),
                             displs + (0 .. \mpi_comm_size-1)});
        assigns {*RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size};
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
        behavior not_in_place:
            assumes sbuf != MPI_IN_PLACE;
            requires \mpi_agree(sbuf != MPI_IN_PLACE);
            requires \valid_read(SBUF) && scount >= 0;
            requires \forall int i; 0 <= i < \mpi_comm_size
                ==> RSIG_OF(i) == SSIG_OF(i);
            ensures \forall int i; 0 <= i < \mpi_comm_size
                ==> *RBUF_OF(i) == \mpi_on(*SBUF, i);
        behavior in_place:
            assumes sbuf == MPI_IN_PLACE;
            requires \mpi_agree(sbuf == MPI_IN_PLACE);
            requires \forall int i; 0 <= i < \mpi_comm_size
                ==> \mpi_agree(RSIG_OF(i));
            ensures \forall int i; 0 <= i < \mpi_comm_size
                ==> *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(i), i));
        disjoint behaviors;
        complete behaviors;
*/
int MPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype,
                      void *rbuf, const int *rcounts, const int *displs,
                      MPI_Datatype rtype, MPI_Comm comm);

/* ================================================================== */
/* B.3 MPI_Allreduce                                                    */
/* ================================================================== */
#undef SBUF
#define SBUF \mpi_buf(sbuf, count, datatype)
#undef RBUF
#define RBUF \mpi_buf(rbuf, count, datatype)
#undef AGREE
#define AGREE(x) \mpi_agree((x))
/*@
    mpi uses comm;
    mpi collective(comm):
        requires \valid(RBUF) && count >= 0 && AGREE(count) && AGREE(datatype)
            && AGREE(op);
        requires \mpi_nonoverlapping(datatype);
        requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
        assigns *RBUF;
        ensures AGREE(*RBUF);
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior not_in_place:
        assumes sbuf != MPI_IN_PLACE;
        requires AGREE(sbuf != MPI_IN_PLACE);
        requires \valid_read(SBUF);
        ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                            \lambda integer t; \mpi_on(*SBUF, t));
    behavior in_place:
        assumes sbuf == MPI_IN_PLACE;
        requires AGREE(sbuf == MPI_IN_PLACE);
        ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
                            \lambda integer t; \mpi_on(\old(*RBUF), t));
    disjoint behaviors;
    complete behaviors;
*/
int MPI_Allreduce(const void *sbuf, void *rbuf, int count,
                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

/* ================================================================== */
/* B.4 MPI_Alltoall                                                     */
/* ================================================================== */
#undef SBUF
#define SBUF \mpi_buf(sbuf, scount * \mpi_comm_size, stype)
#undef RBUF
#define RBUF \mpi_buf(rbuf, rcount * \mpi_comm_size, rtype)
#undef SBUF_OF
#define SBUF_OF(i) (\mpi_buf(sbuf, scount, stype) + (i) * scount)
#undef RBUF_OF
#define RBUF_OF(i) (\mpi_buf(rbuf, rcount, rtype) + (i) * rcount)
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid(RBUF) && rcount >= 0 && \mpi_nonoverlapping(rtype);
        requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
        assigns *RBUF;
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior not_in_place:
        assumes sbuf != MPI_IN_PLACE;
        requires \mpi_agree(sbuf != MPI_IN_PLACE) && \valid_read(SBUF);
        requires scount >= 0 &&
            scount * \mpi_sig(stype) == rcount * \mpi_sig(rtype);
        ensures \forall int i, j; 0 <= i < \mpi_comm_size && j == \mpi_comm_rank
            ==> *RBUF_OF(i) == \mpi_on(*SBUF_OF(j), i);
    behavior in_place:
        assumes sbuf == MPI_IN_PLACE;
        requires \mpi_agree(sbuf == MPI_IN_PLACE);
        ensures \forall int i, j; 0 <= i < \mpi_comm_size && j == \mpi_comm_rank
            ==> *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(j), i));
    disjoint behaviors;
    complete behaviors;
*/
int MPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype,
                    void *rbuf, int rcount, MPI_Datatype rtype,
                    MPI_Comm comm);

/* ================================================================== */
/* B.5 MPI_Alltoallv                                                    */
/* ================================================================== */
#undef SBUF_OF
#define SBUF_OF(i) (\mpi_buf(sbuf, scounts[(i)], stype) + sdispls[(i)])
#undef RBUF_OF
#define RBUF_OF(i) (\mpi_buf(rbuf, rcounts[(i)], rtype) + rdispls[(i)])
/*@ mpi uses comm;
    mpi collective(comm):
    requires \valid_read(rcounts + (0 .. \mpi_comm_size-1));
    requires \valid_read(rdispls + (0 .. \mpi_comm_size-1));
    requires \forall int i; 0 <= i < \mpi_comm_size ==> \valid(RBUF_OF(i));
    requires \forall int i; 0 <= i < \mpi_comm_size ==> rcounts[i] >= 0;
    requires \forall int i, j; 0 <= i < j < \mpi_comm_size ==>
        (rdispls[i] + rcounts[i] <= rdispls[j]) ||
        (rdispls[j] + rcounts[j] <= rdispls[i]);
    requires \mpi_nonoverlapping(rtype);
    requires \separated({ RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size },
        { { { SBUF_OF(i), scounts + i, sdispls + i } |
          int i; 0 <= i < \mpi_comm_size && sbuf != MPI_IN_PLACE },
        rcounts + (0 .. \mpi_comm_size-1),
        rdispls + (0 .. \mpi_comm_size-1) });
    assigns { *RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size };
    waitsfor { i | int i; 0 <= i < \mpi_comm_size };
    behavior not_in_place:
        assumes sbuf != MPI_IN_PLACE;
        requires \mpi_agree(sbuf != MPI_IN_PLACE);
        requires \forall int i; 0 <= i < \mpi_comm_size ==> \valid_read(SBUF_OF(i));
        requires \valid_read(scounts + (0 .. \mpi_comm_size-1));
        requires \valid_read(sdispls + (0 .. \mpi_comm_size-1));
        requires \forall int i; 0 <= i < \mpi_comm_size ==> scounts[i] >= 0;
        requires \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            \mpi_on(scounts[j] * \mpi_sig(stype), i) ==
            rcounts[i] * \mpi_sig(rtype);
        ensures \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            *RBUF_OF(i) == \mpi_on(*SBUF_OF(j), i);
    behavior in_place:
        assumes sbuf == MPI_IN_PLACE;
        requires \mpi_agree(sbuf == MPI_IN_PLACE);
        requires \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            \mpi_on(rcounts[j] * \mpi_sig(rtype), i) ==
            rcounts[i] * \mpi_sig(rtype);
        ensures \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(j), i));
    disjoint behaviors;
    complete behaviors;
    */
int MPI_Alltoallv(const void *sbuf, const int *scounts,
                     const int *sdispls, MPI_Datatype stype, void *rbuf,
                     const int *rcounts, const int *rdispls,
                     MPI_Datatype rtype, MPI_Comm comm);

/* ================================================================== */
/* B.6 MPI_Alltoallw                                                    */
/* ================================================================== */
#undef SBUF_OF
#define SBUF_OF(i) (\mpi_buf(sbuf, scounts[(i)], stypes[(i)]) + sdispls[i])
#undef RBUF_OF
#define RBUF_OF(i) (\mpi_buf(rbuf, rcounts[(i)], rtypes[(i)]) + rdispls[i])
/*@ mpi uses comm;
    mpi collective(comm):
    requires \valid_read(rcounts + (0 .. \mpi_comm_size-1));
    requires \valid_read(rdispls + (0 .. \mpi_comm_size-1));
    requires \valid_read(rtypes + (0 .. \mpi_comm_size-1));
    requires \forall int i; 0 <= i < \mpi_comm_size
        ==> \valid(RBUF_OF(i)) && rcounts[i] >= 0;
    requires \forall int i; 0 <= i < \mpi_comm_size
        ==> \mpi_nonoverlapping(rtypes[i]);
    requires \forall int i, j; 0 <= i < j < \mpi_comm_size
        ==> (rdispls[i] + rcounts[i] <= rdispls[j]) ||
            (rdispls[j] + rcounts[j] <= rdispls[i]);
    requires \separated({RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size},
                       { { {SBUF_OF(i), scounts + i, sdispls + i, stypes + i} |
                         int i; 0 <= i < \mpi_comm_size },
                         rcounts + (0 .. \mpi_comm_size-1),
                         rdispls + (0 .. \mpi_comm_size-1),
                         rtypes + (0 .. \mpi_comm_size-1)});
    assigns { *RBUF_OF(i) | int i; 0 <= i < \mpi_comm_size};
    waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior not_in_place:
        assumes sbuf != MPI_IN_PLACE;
        requires \mpi_agree(sbuf != MPI_IN_PLACE);
        requires \valid_read(scounts + (0 .. \mpi_comm_size-1));
        requires \valid_read(sdispls + (0 .. \mpi_comm_size-1));
        requires \valid_read(stypes + (0 .. \mpi_comm_size-1));
        requires \forall int i; 0 <= i < \mpi_comm_size ==>
            \valid_read(SBUF_OF(i)) && scounts[i] >= 0;
        requires \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            \mpi_on(\mpi_sig(stypes[j]) * scounts[j], i) ==
            \mpi_sig(rtypes[i]) * rcounts[i];
        ensures \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            *RBUF_OF(i) == \mpi_on(*SBUF_OF(j), i);
    behavior in_place:
        assumes sbuf == MPI_IN_PLACE;
        requires \mpi_agree(sbuf == MPI_IN_PLACE);
        requires \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            \mpi_on(\mpi_sig(rtypes[j]) * rcounts[j], i) ==
            \mpi_sig(rtypes[i]) * rcounts[i];
        ensures \forall int i, j; 0 <= i < \mpi_comm_size &&
            j == \mpi_comm_rank ==>
            *RBUF_OF(i) == \old(\mpi_on(*RBUF_OF(j), i));
    disjoint behaviors;
    complete behaviors;
    */
int MPI_Alltoallw(const void *sbuf, const int scounts[],
                     const int sdispls[], const MPI_Datatype stypes[],
                     void *rbuf, const int rcounts[], const int rdispls[],
                     const MPI_Datatype rtypes[], MPI_Comm comm);

/* ================================================================== */
/* B.7 MPI_Barrier                                                      */
/* ================================================================== */
/*@ mpi uses comm;
    mpi collective(comm):
        requires \true;
        assigns \nothing;
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
*/
int MPI_Barrier(MPI_Comm comm);

/* ================================================================== */
/* B.8 MPI_Bcast                                                        */
/* ================================================================== */
#undef BUF
#define BUF \mpi_buf(buf, count, datatype)
#undef AGREE
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires 0 <= root < \mpi_comm_size && AGREE(root);
        requires AGREE(count * \mpi_sig(datatype)) && 0 <= count;
        requires \mpi_nonoverlapping(datatype);
        ensures AGREE(*BUF);
        behavior root:
            assumes \mpi_comm_rank == root;
            requires \valid_read(BUF);
            assigns \nothing;
        behavior nonroot:
            assumes \mpi_comm_rank != root;
            requires \valid(BUF);
            assigns *BUF;
            waitsfor root;
            complete behaviors;
            disjoint behaviors;
*/
int MPI_Bcast(void * buf, int count, MPI_Datatype datatype, int root,
                 MPI_Comm comm);

/* ================================================================== */
/* B.9 MPI_Exscan                                                       */
/* ================================================================== */
#undef SBUF
#define SBUF \mpi_buf(sbuf, count, datatype)
#undef RBUF
#define RBUF \mpi_buf(rbuf, count, datatype)
#undef AGREE
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires count >= 0 && AGREE(count) && AGREE(datatype) && AGREE(op);
        requires \mpi_nonoverlapping(datatype);
        requires sbuf != MPI_IN_PLACE ==> \valid_read(SBUF);
        requires sbuf == MPI_IN_PLACE || \mpi_comm_rank > 0
            ==> \valid(RBUF);
        waitsfor {i | int i; 0 <= i < \mpi_comm_rank-1};
        behavior zero:
            assumes \mpi_comm_rank == 0;
            assigns \nothing;
        behavior others:
            assumes \mpi_comm_rank > 0;
            requires \separated(RBUF, {SBUF | int i; sbuf != MPI_IN_PLACE});
            assigns *RBUF;
            ensures \mpi_reduce(*RBUF, 0, \mpi_comm_rank, op,
                \lambda integer t;
                \mpi_on(sbuf != MPI_IN_PLACE ? *SBUF : \old(*RBUF), t));
        disjoint behaviors;
        complete behaviors;
*/
int MPI_Exscan(const void *sbuf, void *rbuf, int count,
                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

/* ================================================================== */
/* B.10 MPI_Gather                                                      */
/* ================================================================== */
#undef SBUF
#define SBUF \mpi_buf(sbuf, scount, stype)
#undef SBUF_OF
#define SBUF_OF(id) \mpi_on(SBUF, (id))
#undef RBUF
#define RBUF \mpi_buf(rbuf, rcount * \mpi_comm_size, rtype)
#undef RBUF_OF
#define RBUF_OF(id) (\mpi_buf(rbuf, rcount, rtype) + (id)*rcount)
#undef SSIG
#define SSIG (\mpi_sig(stype) * scount)
#undef SSIG_OF
#define SSIG_OF(id) \mpi_on(SSIG, (id))
#undef RSIG
#define RSIG (\mpi_sig(rtype) * rcount)
#undef AGREE
#define AGREE(x) \mpi_agree((x))
/*@
  mpi uses comm;
  mpi collective(comm) :
    requires AGREE(root) && 0 <= root < \mpi_comm_size;
    behavior root:
      assumes \mpi_comm_rank == root;
      requires \valid(RBUF) && \mpi_nonoverlapping(rtype);
      requires \forall int id; 0 <= id < \mpi_comm_size
        ==> id != root ==> SSIG_OF(id) == RSIG;
      requires sbuf == MPI_IN_PLACE || \valid_read(SBUF);
      requires sbuf != MPI_IN_PLACE ==> (SSIG == RSIG);
      requires \separated(RBUF, { SBUF | int i; sbuf != MPI_IN_PLACE });
      assigns *RBUF;
      ensures sbuf != MPI_IN_PLACE ==> *RBUF_OF(root) == *SBUF;
      ensures sbuf == MPI_IN_PLACE ==>
        *RBUF_OF(root) == \old(*RBUF_OF(root));
      ensures \forall int id; 0 <= id < \mpi_comm_size ==>
        id != root ==>
          *RBUF_OF(id) == *SBUF_OF(id);
      waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior not_root:
      assumes \mpi_comm_rank != root;
      requires \valid_read(SBUF);
      assigns \nothing;
      waitsfor \nothing;
    disjoint behaviors;
    complete behaviors;
*/
int MPI_Gather(const void* sbuf, int scount, MPI_Datatype stype,
                  void* rbuf, int rcount, MPI_Datatype rtype,
                  int root, MPI_Comm comm);

/* ================================================================== */
/* B.11 MPI_Gatherv                                                     */
/* ================================================================== */
#undef SBUF
#define SBUF \mpi_buf(sbuf, scount, stype)
#undef RBUF
#define RBUF(i) (\mpi_buf(rbuf, rcounts[i], rtype) + displs[i])
#undef AGREE
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
  mpi collective(comm):
    requires AGREE(root) && 0 <= root < \mpi_comm_size;
    behavior root:
      assumes \mpi_comm_rank == root;
      requires \mpi_nonoverlapping(rtype);
      requires \valid_read(rcounts + (0 .. \mpi_comm_size-1));
      requires \valid_read(displs + (0 .. \mpi_comm_size-1));
      requires \forall int i; 0 <= i < \mpi_comm_size
        ==> rcounts[i] >= 0;
      requires \forall int i; 0 <= i < \mpi_comm_size
        ==> \valid(RBUF(i));
      requires \forall int i,j; 0 <= i < j < \mpi_comm_size
        ==> (displs[i] + rcounts[i] <= displs[j] ||
            displs[j] + rcounts[j] <= displs[i]);
      requires \forall int i; 0 <= i < \mpi_comm_size && i != root ==>
        \mpi_on(scount*\mpi_sig(stype), i) ==
        rcounts[i]*\mpi_sig(rtype);
      requires sbuf != MPI_IN_PLACE ==> \valid_read(SBUF) &&
        scount*\mpi_sig(stype) ==
        rcounts[root]*\mpi_sig(rtype);
      requires \separated( {RBUF(i) | int i; 0 <= i < \mpi_comm_size},
        { { {SBUF, &scount, &stype} | int i; sbuf != MPI_IN_PLACE},
        rcounts + (0 .. \mpi_comm_size-1),
        displs + (0 .. \mpi_comm_size-1)} );
      assigns { *RBUF(i) | int i; 0 <= i < \mpi_comm_size };
      ensures sbuf != MPI_IN_PLACE ? *RBUF(root) == *SBUF :
        *RBUF(root) == \old(*RBUF(root));
      ensures \forall int i; 0 <= i < \mpi_comm_size && i != root
        ==> *RBUF(i) == \mpi_on(*SBUF, i);
      waitsfor { i | int i; 0 <= i < \mpi_comm_size};
    behavior non_root:
      assumes \mpi_comm_rank != root;
      requires \valid_read(SBUF);
      assigns \nothing;
      waitsfor \nothing;
    complete behaviors;
    disjoint behaviors;*/
int MPI_Gatherv(const void* sbuf, int scount, MPI_Datatype stype,
                   void* rbuf, const int rcounts[], const int displs[],
                   MPI_Datatype rtype, int root, MPI_Comm comm);

/* ================================================================== */
/* B.12 MPI_Reduce                                                      */
/* ================================================================== */
#undef SBUF
#define SBUF \mpi_buf(sbuf, count, datatype)
#undef RBUF
#define RBUF \mpi_buf(rbuf, count, datatype)
#undef AGREE
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
    requires AGREE(root) && 0 <= root < \mpi_comm_size;
    requires 0 <= count && \mpi_nonoverlapping(datatype);
    requires AGREE(count) && AGREE(datatype) && AGREE(op);
    behavior root:
        assumes \mpi_comm_rank == root;
        requires \valid(RBUF);
        requires sbuf == MPI_IN_PLACE || \valid_read(SBUF);
        requires sbuf != MPI_IN_PLACE ==> \separated(RBUF, SBUF);
        assigns *RBUF;
        ensures \mpi_reduce(*RBUF, 0, \mpi_comm_size, op,
            \lambda integer t;
            \mpi_on(sbuf != MPI_IN_PLACE ? *SBUF :
                \old(*RBUF), t));
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
    behavior non_root:
        assumes \mpi_comm_rank != root;
        requires \valid_read(SBUF);
        assigns \nothing;
        waitsfor \nothing;
        disjoint behaviors;
        complete behaviors;
*/
int MPI_Reduce(const void *sbuf, void *rbuf, int count,
                  MPI_Datatype datatype, MPI_Op op, int root,
                  MPI_Comm comm);

/* ================================================================== */
/* B.13 MPI_Reduce_local                                                */
/* ================================================================== */
#undef INBUF
#define INBUF      \mpi_buf(inbuf, count, datatype)
#undef INOUTBUF
#define INOUTBUF   \mpi_buf(inoutbuf, count, datatype)
/*@ requires \valid(INBUF) && \valid(INOUTBUF);
    requires count >= 0;
    requires \mpi_nonoverlapping(datatype);
    requires \separated(INOUTBUF, INBUF);
    assigns *INOUTBUF;
    ensures \mpi_reduce(*INOUTBUF, 0, 2, op, \lambda integer t;
        t == 0 ? *INBUF : \old(*INOUTBUF));
*/
int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count,
                        MPI_Datatype datatype, MPI_Op op);

/* ================================================================== */
/* B.14 MPI_Reduce_scatter                                              */
/* ================================================================== */
#undef MY_RANK
#define MY_RANK      \mpi_comm_rank
#undef SCOUNT
#define SCOUNT      \sum(0, \mpi_comm_size-1, \lambda int k0; rcounts[k0])
#undef COUNTS
#define COUNTS(i)    (i==0?0:\sum(0, (i-1), \lambda int k1; rcounts[k1]))
#undef SBUF
#define SBUF         \mpi_buf(sbuf, SCOUNT, datatype)
#undef MY_SBUF_BLK
#define MY_SBUF_BLK(i) (\mpi_buf(sbuf, rcounts[(i)], datatype) + COUNTS(i))
#undef MY_RBUF_AS_SBUF_BLK
#define MY_RBUF_AS_SBUF_BLK(i) (\mpi_buf(rbuf, rcounts[(i)], datatype) + COUNTS(i))
#undef RBUF_AS_SBUF
#define RBUF_AS_SBUF \mpi_buf(rbuf, SCOUNT, datatype)
#undef MY_RBUF
#define MY_RBUF      \mpi_buf(rbuf, rcounts[MY_RANK], datatype)
#undef AGREE
#define AGREE(x)      \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid_read(rcounts + (0 .. \mpi_comm_size-1));
        requires rcounts[MY_RANK] >= 0 && AGREE(datatype) &&
            AGREE(SCOUNT) && AGREE(op);
        requires \forall int i; 0 <= i < \mpi_comm_size
            ==> AGREE(rcounts[i]);
        requires \mpi_nonoverlapping(datatype);
        requires \separated(MY_RBUF, { rcounts + (0 .. \mpi_comm_size-1),
            { SBUF | int i; sbuf != MPI_IN_PLACE }});
        assigns *MY_RBUF;
        ensures \forall int i; i == \mpi_comm_rank ==>
            \mpi_reduce(*MY_RBUF, 0, \mpi_comm_size, op,
                \lambda integer t;
                \mpi_on(sbuf != MPI_IN_PLACE ? *MY_SBUF_BLK(i) :
                    \old(*MY_RBUF_AS_SBUF_BLK(i)), t));
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
        behavior not_in_place:
            assumes sbuf != MPI_IN_PLACE;
            requires \valid_read(SBUF);
            requires \valid(MY_RBUF);
        behavior in_place:
            assumes sbuf == MPI_IN_PLACE;
            requires \valid(RBUF_AS_SBUF);
        disjoint behaviors;
        complete behaviors;
*/
int MPI_Reduce_scatter(const void *sbuf, void *rbuf, const int *rcounts,
                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

/* ================================================================== */
/* B.15 MPI_Reduce_scatter_block                                        */
/* ================================================================== */
#undef SBUF
#define SBUF      \mpi_buf(sbuf, rcount * \mpi_comm_size, datatype)
#undef MY_SBUF_BLK
#define MY_SBUF_BLK (\mpi_buf(sbuf, rcount, datatype) + \mpi_comm_rank * rcount)
#undef MY_RBUF
#define MY_RBUF      \mpi_buf(rbuf, rcount, datatype)
#undef RBUF_AS_SBUF
#define RBUF_AS_SBUF \mpi_buf(rbuf, rcount * \mpi_comm_size, datatype)
#undef AGREE
#define AGREE(x)      \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid(MY_RBUF) && rcount >= 0 && AGREE(rcount) &&
            AGREE(datatype) && AGREE(op);
        requires \mpi_nonoverlapping(datatype);
        assigns *MY_RBUF;
        ensures \mpi_reduce(*MY_RBUF, 0, \mpi_comm_size, op,
            \lambda integer t;
            \mpi_on(sbuf != MPI_IN_PLACE ? *MY_SBUF_BLK :
                \old(*MY_RBUF), t));
        waitsfor {i | int i; 0 <= i < \mpi_comm_size};
        behavior not_in_place:
            assumes sbuf != MPI_IN_PLACE;
            requires AGREE(sbuf != MPI_IN_PLACE);
            requires \valid_read(SBUF);
        behavior in_place:
            assumes sbuf == MPI_IN_PLACE;
            requires AGREE(sbuf == MPI_IN_PLACE);
            requires \valid(RBUF_AS_SBUF);
        disjoint behaviors;
        complete behaviors;
    */
int MPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount,
                                MPI_Datatype datatype, MPI_Op op,
                                MPI_Comm comm);

/* ================================================================== */
/* B.16 MPI_Scan                                                        */
/* ================================================================== */
#undef SBUF
#define SBUF \mpi_buf(sbuf, count, datatype)
#undef RBUF
#define RBUF \mpi_buf(rbuf, count, datatype)
#undef AGREE
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires \valid(RBUF) && count >= 0;
        requires AGREE(count) && AGREE(datatype) && AGREE(op);
        requires \mpi_nonoverlapping(datatype);
        requires sbuf != MPI_IN_PLACE ==> \valid_read(SBUF);
        requires \separated(RBUF, {SBUF | int i; sbuf != MPI_IN_PLACE});
        assigns *RBUF;
        ensures \mpi_reduce(*RBUF, 0, \mpi_comm_rank + 1, op,
            \lambda integer t;
            \mpi_on(sbuf != MPI_IN_PLACE ? *SBUF :
                \old(*RBUF), t));
        waitsfor {i | int i; 0 <= i < \mpi_comm_rank};
    */
int MPI_Scan(const void *sbuf, void *rbuf, int count,
                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

/* ================================================================== */
/* B.17 MPI_Scatter                                                     */
/* ================================================================== */
#undef SBUF_OF
#define SBUF_OF(id) (\mpi_buf(sbuf, scount, stype) + (id) * scount)
#undef SBUF
#define SBUF \mpi_buf(sbuf, scount * \mpi_comm_size, stype)
#undef RBUF
#define RBUF \mpi_buf(rbuf, rcount, rtype)
#undef SSIG
#define SSIG (scount*\mpi_sig(stype))
#undef RSIG
#define RSIG (rcount*\mpi_sig(rtype))
#undef AGREE
#define AGREE(x) \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
        requires AGREE(root) && 0 <= root < \mpi_comm_size;
        behavior root:
            assumes \mpi_comm_rank == root;
            requires scount >= 0 && \valid_read(SBUF);
            requires rbuf == MPI_IN_PLACE || \valid(RBUF);
            requires rbuf != MPI_IN_PLACE ==> SSIG == RSIG &&
                \mpi_nonoverlapping(rtype);
            requires rbuf != MPI_IN_PLACE ==> \separated(RBUF, SBUF);
            assigns {*RBUF | int i; rbuf != MPI_IN_PLACE};
            ensures rbuf != MPI_IN_PLACE ==> *RBUF == *SBUF_OF(root);
            waitsfor \nothing;
        behavior nonroot:
            assumes \mpi_comm_rank != root;
            requires rcount >= 0 && \valid(RBUF) && \mpi_nonoverlapping(rtype);
            requires RSIG == \mpi_on(SSIG, root);
            assigns *RBUF;
            ensures \forall int i; i == \mpi_comm_rank ==>
                *RBUF == \mpi_on(*SBUF_OF(i), root);
            waitsfor root;
        disjoint behaviors;
        complete behaviors;
*/
int MPI_Scatter(const void* sbuf, int scount, MPI_Datatype stype,
                   void* rbuf, int rcount, MPI_Datatype rtype, int root,
                   MPI_Comm comm);

/* ================================================================== */
/* B.18 MPI_Scatterv                                                    */
/* ================================================================== */
#undef SBUF_OF
#define SBUF_OF(id) (\mpi_buf(sbuf, scounts[(id)], stype) + displs[(id)])
#undef RBUF
#define RBUF        \mpi_buf(rbuf, rcount, rtype)
#undef SSIG_OF
#define SSIG_OF(id) (\mpi_sig(stype) * scounts[(id)])
#undef RSIG
#define RSIG        (\mpi_sig(rtype) * rcount)
#undef AGREE
#define AGREE(x)     \mpi_agree((x))
/*@ mpi uses comm;
    mpi collective(comm):
    requires AGREE(root) && 0 <= root < \mpi_comm_size;
    behavior root:
        assumes \mpi_comm_rank == root;
        requires \valid_read(scounts + (0 .. \mpi_comm_size-1));
        requires \valid_read(displs + (0 .. \mpi_comm_size-1));
        requires \forall int i; 0 <= i < \mpi_comm_size
            ==> scounts[i] >= 0;
        requires \forall int i, j; 0 <= i < j < \mpi_comm_size
            ==> (displs[i] + scounts[i] <= displs[j]) ||
                (displs[j] + scounts[j] <= displs[i]);
        requires \forall int i; 0 <= i < \mpi_comm_size &&
            i != root
            ==> \valid_read(SBUF_OF(i));
        requires rbuf != MPI_IN_PLACE ==> \valid_read(SBUF_OF(root)) && \valid(RBUF) &&
            SSIG_OF(root) == RSIG && \mpi_nonoverlapping(rtype);
        requires rbuf != MPI_IN_PLACE ==>
            \separated(RBUF, {{ SBUF_OF(i) | int i; 0 <= i < \mpi_comm_size },
                scounts + (0 .. \mpi_comm_size-1),
                displs + (0 .. \mpi_comm_size-1)});
        assigns {*RBUF | int i; rbuf != MPI_IN_PLACE};
        ensures rbuf != MPI_IN_PLACE ==> *RBUF == *SBUF_OF(root);
        waitsfor \nothing;
    behavior nonroot:
        assumes \mpi_comm_rank != root;
        requires rcount >= 0 && \valid(RBUF) && \mpi_nonoverlapping(rtype);
        requires \forall integer i; i == \mpi_comm_rank ==>
            RSIG == \mpi_on(SSIG_OF(i), root);
        assigns *RBUF;
        ensures \forall integer i; i == \mpi_comm_rank ==>
            *RBUF == \mpi_on(*SBUF_OF(i), root);
        waitsfor {root | int i; 0 <= i < \mpi_comm_size};
    disjoint behaviors;
    complete behaviors;
    */
int MPI_Scatterv(const void *sbuf, const int *scounts, const int *displs,
                    MPI_Datatype stype, void *rbuf, int rcount,
                    MPI_Datatype rtype, int root, MPI_Comm comm);

/* ---- driver (not in the seed) ---- */

#undef AGREE
#undef BUF
#undef COUNTS
#undef INBUF
#undef INOUTBUF
#undef MY_RANK
#undef MY_RBUF
#undef MY_RBUF_AS_SBUF_BLK
#undef MY_SBUF_BLK
#undef RBUF
#undef RBUF_AS_SBUF
#undef RBUF_OF
#undef RSIG
#undef RSIG_OF
#undef SBUF
#undef SBUF_OF
#undef SCOUNT
#undef SSIG
#undef SSIG_OF

#endif /* CHORUS_MPI_CONTRACTS_H */
