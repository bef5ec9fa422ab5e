/* Collective assertions at run time (included by chorus_rt.h). `chorus cc`
 * replaces each `#pragma TASS collective assert ID e` by a snapshot: every
 * rank evaluates, at the pragma, the terms of e it can evaluate alone (its
 * own variables, and the remote reads `PROC[r].x...` as they would be read
 * on it) into values of the type below, and hands them to
 * chorus_rt_cassert_snap(). Each rank then evaluates e for itself with the
 * function chorus cc generated from e (`eval`), over its own values and the
 * k-th snapshots of the ranks e reads, which it asks them for. Arithmetic in the checker
 * is C's on 64-bit values: integers as long long or unsigned long long,
 * floating values as double. */
#ifndef CHORUS_RT_ASSERT_H
#define CHORUS_RT_ASSERT_H

#ifdef __cplusplus
extern "C" {
#endif

enum { CHORUS_RT_INT, CHORUS_RT_UINT, CHORUS_RT_REAL, CHORUS_RT_ARRAY };
typedef struct chorus_rt_value {
  int kind; /* CHORUS_RT_INT, CHORUS_RT_UINT, CHORUS_RT_REAL or CHORUS_RT_ARRAY (a term that
               is a whole array: v.u points to its chorus_rt_array) */
  union {
    long long i;
    unsigned long long u;
    double f;
  } v;
} chorus_rt_value;

static inline chorus_rt_value chorus_rt_i(long long x) {
  chorus_rt_value r;
  r.kind = CHORUS_RT_INT;
  r.v.i = x;
  return r;
}
static inline chorus_rt_value chorus_rt_u(unsigned long long x) {
  chorus_rt_value r;
  r.kind = CHORUS_RT_UINT;
  r.v.u = x;
  return r;
}
static inline chorus_rt_value chorus_rt_f(double x) {
  chorus_rt_value r;
  r.kind = CHORUS_RT_REAL;
  r.v.f = x;
  return r;
}
static inline chorus_rt_value chorus_rt_p(const volatile void* p) {
  return chorus_rt_u((unsigned long long)(__UINTPTR_TYPE__)p);
}
/* The value of a C expression of arithmetic (or pointer) type. */
#define CHORUS_RT_VALUE(x)                                                                         \
  _Generic((x), float                                                                              \
           : chorus_rt_f, double                                                                   \
           : chorus_rt_f, long double                                                              \
           : chorus_rt_f, unsigned char                                                            \
           : chorus_rt_u, unsigned short                                                           \
           : chorus_rt_u, unsigned int                                                             \
           : chorus_rt_u, unsigned long                                                            \
           : chorus_rt_u, unsigned long long                                                       \
           : chorus_rt_u, _Bool                                                                    \
           : chorus_rt_i, char                                                                     \
           : chorus_rt_i, signed char                                                              \
           : chorus_rt_i, short                                                                    \
           : chorus_rt_i, int                                                                      \
           : chorus_rt_i, long                                                                     \
           : chorus_rt_i, long long                                                                \
           : chorus_rt_i, default                                                                  \
           : chorus_rt_p)(x)

/* A copy of an array in a snapshot (an array term): n elements (-1: the
 * expression is a pointer, whose extent is unknown: not checked). */
typedef struct chorus_rt_array {
  int refs;
  long n;
  chorus_rt_value el[];
} chorus_rt_array;
chorus_rt_array* chorus_rt_array_new(long n);
static inline chorus_rt_value chorus_rt_array_value(chorus_rt_array* a) {
  chorus_rt_value r;
  r.kind = CHORUS_RT_ARRAY;
  r.v.u = (unsigned long long)(__UINTPTR_TYPE__)a;
  return r;
}
/* The number of elements of `element` bytes of the heap block that starts
 * at p, allocated by the program (malloc, calloc, realloc: rt_heap.c), or
 * -1 when p is not the start of such a block. */
long chorus_rt_heap_extent(const void* p, __SIZE_TYPE__ element);
/* The value of an array term: a copy of the array `a` (an lvalue of array
 * type, or a pointer to the start of a heap block the program allocated;
 * another pointer gives an array of unknown extent, -1). `pointer` is a
 * function chorus cc defines for the term, which warns at compile time
 * where the term is a pointer (clang's diagnose_if). */
#define CHORUS_RT_ARRAY(a, pointer)                                                                \
  ({                                                                                               \
    long chorus_rt_an_ =                                                                           \
        __builtin_types_compatible_p(__typeof__(a), __typeof__(&(a)[0]))                           \
            ? pointer(__builtin_types_compatible_p(__typeof__(a), __typeof__(&(a)[0])),            \
                      (const void*)(a), sizeof((a)[0]))                                            \
            : (long)(sizeof(__typeof__(a)) / sizeof(__typeof__((a)[0])));                          \
    chorus_rt_array* chorus_rt_ar_ = chorus_rt_array_new(chorus_rt_an_);                           \
    for (long chorus_rt_aj_ = 0; chorus_rt_aj_ < chorus_rt_an_; ++chorus_rt_aj_)                   \
      chorus_rt_ar_->el[chorus_rt_aj_] = CHORUS_RT_VALUE((a)[chorus_rt_aj_]);                      \
    chorus_rt_array_value(chorus_rt_ar_);                                                          \
  })

/* Evaluation context: one rank's view of the composite state (opaque). */
typedef struct chorus_rt_ctx chorus_rt_ctx;

enum {
  CHORUS_RT_ADD,
  CHORUS_RT_SUB,
  CHORUS_RT_MUL,
  CHORUS_RT_DIV,
  CHORUS_RT_MOD,
  CHORUS_RT_SHL,
  CHORUS_RT_SHR,
  CHORUS_RT_BAND,
  CHORUS_RT_BOR,
  CHORUS_RT_BXOR,
  CHORUS_RT_LT,
  CHORUS_RT_LE,
  CHORUS_RT_GT,
  CHORUS_RT_GE,
  CHORUS_RT_EQ,
  CHORUS_RT_NE
};
chorus_rt_value chorus_rt_bin(chorus_rt_ctx* c, int op, chorus_rt_value a, chorus_rt_value b);
chorus_rt_value chorus_rt_neg(chorus_rt_ctx* c, chorus_rt_value a);
chorus_rt_value chorus_rt_compl(chorus_rt_ctx* c, chorus_rt_value a);
int chorus_rt_truth(chorus_rt_value a);
/* term k of this rank's snapshot, and of the snapshot of rank `r` */
chorus_rt_value chorus_rt_own(chorus_rt_ctx* c, int k);
chorus_rt_value chorus_rt_remote(chorus_rt_ctx* c, chorus_rt_value r, int k);
/* element i of array term k of this rank's snapshot, and of rank r's */
chorus_rt_value chorus_rt_own_elem(chorus_rt_ctx* c, int k, chorus_rt_value i);
chorus_rt_value chorus_rt_elem(chorus_rt_ctx* c, chorus_rt_value r, int k, chorus_rt_value i);
/* quantifiers: a bound as an integer; 1 while the loop may go on (at most
 * CHORUS_RT_QUANT_STEPS iterations per evaluation); 1 when no snapshot read
 * so far is missing (a decided quantifier may stop) */
long long chorus_rt_int(chorus_rt_ctx* c, chorus_rt_value a);
int chorus_rt_go(chorus_rt_ctx* c, long long i);
int chorus_rt_settled(chorus_rt_ctx* c);
/* this rank (a snapshot computes a remote term only on the ranks it serves) */
int chorus_rt_self(void);

typedef struct chorus_rt_cassert {
  const char* id;   /* the assertion's name */
  const char* file; /* where the pragma is */
  int line;
  const char* text; /* the expression as written */
  int nterms;       /* values in each rank's snapshot */
  chorus_rt_value (*eval)(chorus_rt_ctx*);
  int index;                 /* set by chorus_rt_cassert_register */
  unsigned long long layout; /* of the snapshots of its label (the terms' texts) */
  int label; /* set by chorus_rt_cassert_register: the index of the label's first pragma, or -1
                when units disagree on the label's terms (not checked) */
} chorus_rt_cassert;
/* called by a constructor of each instrumented unit, before main */
void chorus_rt_cassert_register(chorus_rt_cassert* a);
/* this rank reached assertion a with the values `v` of its terms */
void chorus_rt_cassert_snap(chorus_rt_cassert* a, const chorus_rt_value* v);

#ifdef __cplusplus
}
#endif

#endif
