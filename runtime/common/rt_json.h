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

#endif
