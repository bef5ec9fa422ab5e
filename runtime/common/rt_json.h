/* The JSON Lines report both run-time libraries write (runtime/mpi,
 * runtime/threads): CHORUS_RT_REPORT=FILE, one object per line, each line
 * appended whole (one write) so that processes and threads may share the
 * file. Compiled into both libraries (a program linking both takes one). */
#ifndef CHORUS_RT_JSON_H
#define CHORUS_RT_JSON_H

#include <stddef.h>

/* s as a JSON string literal, quotes included, cut to fit out[n] */
void chorus_rt_json_string(char* out, size_t n, const char* s);
/* appends `line` (ending in a newline) to $CHORUS_RT_REPORT, if set */
void chorus_rt_json_line(const char* line);
/* empties $CHORUS_RT_REPORT, if set, so that it holds one run's report:
 * called once per run before any line is written (runtime/mpi: rank 0 in
 * MPI_Init, before a barrier; runtime/threads: at the start of a process
 * that is not an MPI program's); 1 if the report is on */
int chorus_rt_json_start(void);
/* defined by runtime/mpi (rt_core.c): its address is null without it */
extern const int chorus_rt_mpi_linked __attribute__((weak));
/* defined by runtime/threads (rt_check.c), null without it: its checker
 * finishes the events logged so far (their reports are out); returns the
 * parallel assertion violations so far. runtime/mpi's MPI_Finalize calls
 * it, so that every rank has reported before any rank exits (mpirun ends
 * the others when one exits with status 1). */
long chorus_rt_threads_drain(void) __attribute__((weak));

#endif
