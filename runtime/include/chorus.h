/*
 * chorus.h for real runs: the program built by `chorus cc` includes this
 * header instead of the verifier's model of it (lib/front/headers/chorus.h),
 * with the same names and their run-time meaning:
 *
 *    PID, NPROCS          the rank in MPI_COMM_WORLD and its size (valid
 *                         after MPI_Init)
 *    chorus_assert(c)     checked: a false c is an ASSERTION violation
 *                         (reported with file:line and rank; the run goes on
 *                         and exits with status 1)
 *    chorus_assume(c)     checked: a false c means this run is outside the
 *                         inputs the verifier considered; reported once per
 *                         call site as a note (not a violation)
 *    chorus_nondet_T(), chorus_choose_int(lo, hi), __VERIFIER_nondet_T()
 *                         values from rand() (seeded with CHORUS_RT_SEED,
 *                         default 1, plus the rank)
 *    __VERIFIER_atomic_begin/end   one process-wide lock
 *
 * Annotations (#pragma TASS, ACSL comments) are handled by `chorus cc`
 * itself; see runtime/mpi/README.md.
 */
#ifndef CHORUS_RT_CHORUS_H
#define CHORUS_RT_CHORUS_H 1

#ifdef __cplusplus
extern "C" {
#endif

int chorus_rt_pid(void);
int chorus_rt_nprocs(void);
#define PID (chorus_rt_pid())
#define NPROCS (chorus_rt_nprocs())

void chorus_rt_assert_fail(const char* cond, const char* file, int line);
void chorus_rt_assume_fail(const char* cond, const char* file, int line);
#define chorus_assert(c) ((c) ? (void)0 : chorus_rt_assert_fail(#c, __FILE__, __LINE__))
#define chorus_assume(c) ((c) ? (void)0 : chorus_rt_assume_fail(#c, __FILE__, __LINE__))
#define __VERIFIER_assume(c) chorus_assume(c)
#define __VERIFIER_error() chorus_rt_assert_fail("__VERIFIER_error()", __FILE__, __LINE__)

long long chorus_rt_nondet(long long lo, long long hi);
double chorus_rt_nondet_real(void);
#define chorus_nondet_int() ((int)chorus_rt_nondet(-2147483647LL - 1, 2147483647LL))
#define chorus_nondet_uint() ((unsigned)chorus_rt_nondet(0, 4294967295LL))
#define chorus_nondet_long()                                                                       \
  ((long)chorus_rt_nondet(-9223372036854775807LL - 1, 9223372036854775807LL))
#define chorus_nondet_ulong() ((unsigned long)chorus_rt_nondet(0, 9223372036854775807LL))
#define chorus_nondet_longlong() chorus_rt_nondet(-9223372036854775807LL - 1, 9223372036854775807LL)
#define chorus_nondet_short() ((short)chorus_rt_nondet(-32768, 32767))
#define chorus_nondet_char() ((char)chorus_rt_nondet(-128, 127))
#define chorus_nondet_bool() ((_Bool)chorus_rt_nondet(0, 1))
#define chorus_nondet_float() ((float)chorus_rt_nondet_real())
#define chorus_nondet_double() chorus_rt_nondet_real()
#define chorus_nondet_pointer() ((void*)0)
#define chorus_choose_int(lo, hi) ((int)chorus_rt_nondet((lo), (hi)))
#define __VERIFIER_nondet_int chorus_nondet_int
#define __VERIFIER_nondet_uint chorus_nondet_uint
#define __VERIFIER_nondet_long chorus_nondet_long
#define __VERIFIER_nondet_ulong chorus_nondet_ulong
#define __VERIFIER_nondet_short chorus_nondet_short
#define __VERIFIER_nondet_char chorus_nondet_char
#define __VERIFIER_nondet_bool chorus_nondet_bool
#define __VERIFIER_nondet_float chorus_nondet_float
#define __VERIFIER_nondet_double chorus_nondet_double

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

#ifdef __cplusplus
}
#endif

#endif
