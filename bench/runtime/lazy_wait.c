/* LD_PRELOAD library for runs that oversubscribe the machine hundreds of
 * times (bench/runtime/ranks.sh): Open MPI's idle waiting sleeps instead
 * of spinning. sched_yield called from Open MPI's libraries (opal_progress
 * when mpi_yield_when_idle is set) and usleep called from them (the lazy
 * wait of MPI_Init, 100 us) become a sleep of LAZY_US microseconds
 * (default 10000). Calls from anywhere else (the chorus runtime, the
 * program) are passed on. Without it, the ranks already in MPI_Init wake
 * 10,000 times a second each and take the CPU from mpirun launching the
 * rest: 1,024 ranks on two cores launched a rank every 40 s. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long lazy_us = -1;

static int from_open_mpi(void* pc) {
  Dl_info d;
  if (!dladdr(pc, &d) || !d.dli_fname)
    return 0;
  return strstr(d.dli_fname, "libmpi.so") || strstr(d.dli_fname, "libopen-pal") ||
         strstr(d.dli_fname, "libopen-rte") || strstr(d.dli_fname, "/openmpi/");
}

static void nap(void) {
  if (lazy_us < 0) {
    const char* e = getenv("LAZY_US");
    lazy_us = e ? atol(e) : 10000;
  }
  struct timespec ts = {lazy_us / 1000000, (lazy_us % 1000000) * 1000};
  nanosleep(&ts, NULL);
}

int sched_yield(void) {
  static int (*real)(void);
  if (from_open_mpi(__builtin_return_address(0))) {
    nap();
    return 0;
  }
  if (!real)
    real = (int (*)(void))dlsym(RTLD_NEXT, "sched_yield");
  return real();
}

int usleep(useconds_t us) {
  static int (*real)(useconds_t);
  if (from_open_mpi(__builtin_return_address(0))) {
    nap();
    return 0;
  }
  if (!real)
    real = (int (*)(useconds_t))dlsym(RTLD_NEXT, "usleep");
  return real(us);
}
