#!/usr/bin/env bash
# Every overhead table of issue 16 (run-time checking) in one command, for a
# run on a quiet machine: the parallel assertion checker's instructions
# (instructions.sh, callgrind) and wall time against plain and
# ThreadSanitizer (threads.sh), then the MPI checker's wall time against
# plain Open MPI (overhead.sh) and its traffic and collective assertion
# checking per rank (traffic.sh). Each table is headed by its command and
# followed by the load average, so a noisy run shows itself.
# usage: bench/runtime/run.sh [CHORUS]   (default build/tools/chorus/chorus)
# REPS=N (best of N wall times, default 3); THREADS="2 4 8 16" (threads.sh);
# PROCS="2 4 8" (overhead.sh); RANKS="16 64 256" (traffic.sh).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
chorus=$(cd "$(dirname "${1:-$here/../../build/tools/chorus/chorus}")" && pwd)/$(basename "${1:-chorus}")
[ -x "$chorus" ] || {
  echo "run.sh: no chorus at $chorus (build it, or name it: bench/runtime/run.sh PATH)" >&2
  exit 1
}
status=0
run() {
  echo
  echo "== $* (start: load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, $(date -u +%H:%M:%S) UTC)"
  "$@" || status=1
  echo "(end: load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%H:%M:%S) UTC)"
}
# shellcheck disable=SC2086
{
  run "$here/instructions.sh" "$chorus" 2
  run "$here/threads.sh" "$chorus" ${THREADS:-2 4 8 16}
  run "$here/overhead.sh" "$chorus" ${PROCS:-2 4 8}
  run "$here/traffic.sh" "$chorus" ${RANKS:-16 64 256}
}
exit $status
