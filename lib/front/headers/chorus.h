/*
 * chorus.h -- chorus's intrinsics for verified programs.
 *
 * Include this header to use the verifier's own primitives in a C program.
 * Everything here is recognized by name by chorus; nothing is linked.
 * The header is plain C11 and compiles with any C compiler, so annotated
 * programs stay ordinary C programs.
 *
 * 1. Assumptions and nondeterministic values (symbolic inputs)
 *
 *    chorus_assume(c)        restrict the paths explored to those where c
 *                            holds (CIVL's $assume; SV-COMP's
 *                            __VERIFIER_assume is accepted as a synonym).
 *    chorus_assert(c)        an assertion checked by the verifier; the same
 *                            as assert(c) from <assert.h>.
 *    chorus_nondet_T()       a fresh symbolic value of type T, unconstrained
 *                            (an input).  __VERIFIER_nondet_T are synonyms.
 *
 *    Inputs can also be declared with pragmas, as in TASS (seed 001):
 *        #pragma TASS input {N > 1 && N <= 10}
 *        int N;
 *        #pragma TASS input {n>=0 && n<=B} int
 *        #define n 10
 *        #pragma TASS output
 *        double sum;
 *
 * 2. TASS process identifiers (seed 000, Fig. 1 and Fig. 6)
 *
 *    PID      the rank of the executing process in MPI_COMM_WORLD
 *             (0 <= PID < NPROCS); in a comparison (chorus compare) it is
 *             the rank within the process's own program.
 *    NPROCS   the number of processes of the program (the -n argument).
 *
 *    Both are read-only values set by the verifier before main starts;
 *    they may be used in code and in annotations (e.g. an input bound
 *    {NX >= NPROCS}).  A TASS program uses them without declaring them;
 *    with chorus, include this header.
 *
 * 3. Annotations (not declared here; they are pragmas and comments)
 *
 *    #pragma TASS collective assert ID expr        (seed 000)
 *    #pragma TASS joint assert ID expr             (seed 000)
 *    #pragma TASS collective invariant ID expr     (seed 004, before a loop)
 *    #pragma TASS joint invariant ID expr          (seed 004)
 *    #pragma CIVL ACSL  and  / *@ ... * / contracts  (seed 002)
 *    thru { ... } passert(e)                       (seed 003, not C)
 */
#ifndef CHORUS_MODEL_CHORUS_H
#define CHORUS_MODEL_CHORUS_H 1
#define CHORUS_MODEL_INTRINSICS 1

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Process identity (TASS) ---------------------------------------- */
extern const int PID;
extern const int NPROCS;

/* ---- Assumptions and assertions -------------------------------------- */
void chorus_assume(int cond);
void chorus_assert(int cond);
void __VERIFIER_assume(int cond);
_Noreturn void __VERIFIER_error(void);

/* ---- Nondeterministic (symbolic) values ------------------------------ */
int chorus_nondet_int(void);
unsigned int chorus_nondet_uint(void);
long chorus_nondet_long(void);
unsigned long chorus_nondet_ulong(void);
long long chorus_nondet_longlong(void);
short chorus_nondet_short(void);
char chorus_nondet_char(void);
_Bool chorus_nondet_bool(void);
float chorus_nondet_float(void);
double chorus_nondet_double(void);
void *chorus_nondet_pointer(void);

int __VERIFIER_nondet_int(void);
unsigned int __VERIFIER_nondet_uint(void);
long __VERIFIER_nondet_long(void);
unsigned long __VERIFIER_nondet_ulong(void);
short __VERIFIER_nondet_short(void);
char __VERIFIER_nondet_char(void);
_Bool __VERIFIER_nondet_bool(void);
float __VERIFIER_nondet_float(void);
double __VERIFIER_nondet_double(void);

/* A value in [lo, hi] (both inclusive): a nondeterministic choice. */
int chorus_choose_int(int lo, int hi);

/* ---- Atomic sections (SV-COMP style) --------------------------------- */
void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

#ifdef __cplusplus
}
#endif

#endif /* CHORUS_MODEL_CHORUS_H */
