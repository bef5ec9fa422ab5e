/* Parallel assertions at run time (seed 003 §V; runtime/threads/README.md).
 * `chorus cc` rewrites each `thru { body } passert(e)` of a unit into
 *
 *   { chorus_rt_pa_scope s __attribute__((cleanup(chorus_rt_pa_end))) =
 *         chorus_rt_pa_begin(&site, locate, sizes, kinds);
 *     { body } }
 *
 * BEGIN is chorus_rt_pa_begin, END the cleanup, which C runs on every way
 * out of the block (its end, break, continue, return, goto). `locate` is a
 * block (clang -fblocks) compiled where the region is: it stores the
 * address of every location e names (the arguments of LW/RW/LR/RR and the
 * values e compares) through pointers to the variables they are made of,
 * so the asserting thread re-computes them as its variables change (the
 * verifier evaluates e in the region's frame); with chorus_rt_pa_begin_d
 * it also names the memory they are computed from. e itself becomes `eval`, a
 * function over the instance's observation variables (R, W of the current
 * event on each location), its HASOCCURRED latches and the locations'
 * values, which the checker thread calls after each event (Fig. 2). */
#ifndef CHORUS_RT_THREADS_H
#define CHORUS_RT_THREADS_H

#ifdef __cplusplus
extern "C" {
#endif

/* How the checker reads a location's value (pointers as unsigned);
 * CHORUS_RT_PA_OTHER: e does not compare its value. */
enum { CHORUS_RT_PA_SINT = 1, CHORUS_RT_PA_UINT, CHORUS_RT_PA_REAL, CHORUS_RT_PA_OTHER };
#define CHORUS_RT_PA_KIND(x)                                                                       \
  _Generic((x), float                                                                              \
           : CHORUS_RT_PA_REAL, double                                                             \
           : CHORUS_RT_PA_REAL, long double                                                        \
           : CHORUS_RT_PA_REAL, _Bool                                                              \
           : CHORUS_RT_PA_UINT, unsigned char                                                      \
           : CHORUS_RT_PA_UINT, unsigned short                                                     \
           : CHORUS_RT_PA_UINT, unsigned int                                                       \
           : CHORUS_RT_PA_UINT, unsigned long                                                      \
           : CHORUS_RT_PA_UINT, unsigned long long                                                 \
           : CHORUS_RT_PA_UINT, char                                                               \
           : CHORUS_RT_PA_SINT, signed char                                                        \
           : CHORUS_RT_PA_SINT, short                                                              \
           : CHORUS_RT_PA_SINT, int                                                                \
           : CHORUS_RT_PA_SINT, long                                                               \
           : CHORUS_RT_PA_SINT, long long                                                          \
           : CHORUS_RT_PA_SINT, default                                                            \
           : CHORUS_RT_PA_UINT)

/* A value read by the checker: integers as 64 bits, reals as double,
 * pointers (and other scalars of 8 bytes or less) as unsigned. */
typedef struct chorus_rt_pa_value {
  int kind;
  union {
    long long i;
    unsigned long long u;
    double f;
  } v;
} chorus_rt_pa_value;

typedef struct chorus_rt_pa_ctx chorus_rt_pa_ctx; /* one instance at one event */

/* A `thru { } passert(e)` of the program (static, one per site). */
typedef struct chorus_rt_pa_site {
  const char* file; /* where `thru` is */
  int line;
  int col;
  const char* text;           /* e as written */
  int nlocs;                  /* locations e names */
  const char* const* loctext; /* each as written */
  int nlatches;               /* HASOCCURRED operators */
  int (*eval)(chorus_rt_pa_ctx*);
} chorus_rt_pa_site;

enum { CHORUS_RT_PA_LW, CHORUS_RT_PA_RW, CHORUS_RT_PA_LR, CHORUS_RT_PA_RR };
/* LW/RW/LR/RR of location k at the current event */
int chorus_rt_pa_obs(chorus_rt_pa_ctx* c, int which, int k);
/* HASOCCURRED latch k: H := H || theta (Fig. 2), then its value */
int chorus_rt_pa_latch(chorus_rt_pa_ctx* c, int k, int theta);
int chorus_rt_pa_h(chorus_rt_pa_ctx* c, int k);
/* the value of location k now, and constants */
chorus_rt_pa_value chorus_rt_pa_val(chorus_rt_pa_ctx* c, int k);
chorus_rt_pa_value chorus_rt_pa_const_i(long long x);
chorus_rt_pa_value chorus_rt_pa_const_u(unsigned long long x);
chorus_rt_pa_value chorus_rt_pa_const_f(double x);
chorus_rt_pa_value chorus_rt_pa_const_p(const volatile void* p);
#define CHORUS_RT_PA_CONST(x)                                                                      \
  _Generic((x), float                                                                              \
           : chorus_rt_pa_const_f, double                                                          \
           : chorus_rt_pa_const_f, long double                                                     \
           : chorus_rt_pa_const_f, unsigned int                                                    \
           : chorus_rt_pa_const_u, unsigned long                                                   \
           : chorus_rt_pa_const_u, unsigned long long                                              \
           : chorus_rt_pa_const_u, int                                                             \
           : chorus_rt_pa_const_i, long                                                            \
           : chorus_rt_pa_const_i, long long                                                       \
           : chorus_rt_pa_const_i, char                                                            \
           : chorus_rt_pa_const_i, default                                                         \
           : chorus_rt_pa_const_p)(x)
enum {
  CHORUS_RT_PA_EQ,
  CHORUS_RT_PA_NE,
  CHORUS_RT_PA_LT,
  CHORUS_RT_PA_LE,
  CHORUS_RT_PA_GT,
  CHORUS_RT_PA_GE
};
int chorus_rt_pa_cmp(int op, chorus_rt_pa_value a, chorus_rt_pa_value b);
int chorus_rt_pa_truth(chorus_rt_pa_value a);

typedef struct chorus_rt_pa_inst* chorus_rt_pa_scope;
#if defined(__BLOCKS__)
typedef void (^chorus_rt_pa_locate)(void** addr);
chorus_rt_pa_scope chorus_rt_pa_begin(const chorus_rt_pa_site* site, chorus_rt_pa_locate locate,
                                      const unsigned long* sizes, const unsigned char* kinds);
/* the same, with a block that also names the memory the addresses are
 * computed from (at most 16 ranges: dep[i], len[i]) and returns how many,
 * so that its reads need not be recorded */
typedef int (^chorus_rt_pa_locate_d)(void** addr, const void** dep, unsigned long* len);
chorus_rt_pa_scope chorus_rt_pa_begin_d(const chorus_rt_pa_site* site, chorus_rt_pa_locate_d locate,
                                        const unsigned long* sizes, const unsigned char* kinds);
#endif
void chorus_rt_pa_end(chorus_rt_pa_scope* s);
/* never called (chorus_rt_pa_never is 0): after BEGIN, names each
   location's address and value (pairs after the site number) for chorus
   cc's static filter (tools/chorus/PassertFilter.cpp) */
extern const int chorus_rt_pa_never;
void chorus_rt_pa_probe(int site, ...);

#ifdef __cplusplus
}
#endif

#endif
