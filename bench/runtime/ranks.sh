#!/usr/bin/env bash
# Collective assertion checking at many ranks (issue 16: "1,024 ranks cost
# no more per rank than 16"): the agree kernel of traffic.sh (halo.c
# -DAGREE, every rank reads rank 0, relay tree) run once by mpirun at each
# count, with the memory the run's ranks took and the checker's messages
# and CPU time per rank. For counts far above the cores: the ranks' Open
# MPI idle waits sleep (lazy_wait.c, LD_PRELOAD; LAZY=0 to run without),
# the deadlock watchdog is off (a starved run may look blocked), only the
# shared-memory transport is set up (BTL=self,vader: one node; at 1,024
# ranks MPI_Init spent its time fetching every peer's endpoints for vader
# and tcp), and the
# whole job may be run in a low-priority cgroup, e.g. for the chorus
# machine (COMMON.md "Big jobs"):
#   bash -c 'echo $$ > /sys/fs/cgroup/cpu/chorus_low/cgroup.procs;
#     echo $$ > /sys/fs/cgroup/memory/chorus_low/cgroup.procs;
#     exec bench/runtime/ranks.sh build/tools/chorus/chorus 16 64 1024'
# The lazy waits add CPU time to the checking (its probes sleep inside the
# measured part): compare counts measured the same way (at 16 and 64 ranks
# 1.25 and 3.1 ms per rank without, 10.3 ms with, 28 Nov).
# usage: bench/runtime/ranks.sh [CHORUS] [RANKS...]   (default build/tools/chorus/chorus, 16 64)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=stats.sh
. "$here/stats.sh"
chorus=${1:-$here/../../build/tools/chorus/chorus}
shift || true
ranks=${*:-16 64}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 CHORUS_RT_STATS=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$chorus" cc -O2 -DCELLS=100000 -DSTEPS=100 -DAGREE -o "$tmp/agree" "$here/halo.c"
lazy=()
if [ "${LAZY:-1}" != 0 ]; then
  gcc -O2 -shared -fPIC -o "$tmp/lazy_wait.so" "$here/lazy_wait.c" -ldl
  lazy=(--mca mpi_yield_when_idle 1 -x LD_PRELOAD="$tmp/lazy_wait.so")
fi
if [ -n "${BTL-self,vader}" ]; then
  lazy+=(--mca btl "${BTL-self,vader}")
fi
echo "| ranks | wall s | machine's used memory grew by, MB (sampled every 5 s) | MB per rank | MPI calls per rank | checker messages: most from one rank / mean | checking CPU ms: most on one rank / mean |"
echo "|---|---|---|---|---|---|---|"
for n in $ranks; do
  base=$(free -m | awk '/Mem:/{print $3}')
  peak=$base
  start=$(date +%s)
  CHORUS_RT_TIMEOUT=0 mpirun --oversubscribe "${lazy[@]}" -n "$n" "$tmp/agree" > /dev/null 2> "$tmp/err" &
  job=$!
  while kill -0 $job 2> /dev/null; do
    used=$(free -m | awk '/Mem:/{print $3}')
    [ "$used" -gt "$peak" ] && peak=$used
    sleep 5
  done
  wait $job || true
  wall=$(($(date +%s) - start))
  checker_stats "$tmp/err"
  grown=$((peak - base))
  python3 -c "print('| $n | $wall | $grown | %.1f | %s | $most / $mean | $cpu_most / $cpu_mean |' % ($grown / $n, '%.0f' % ($calls / $n) if '$calls' != '?' else '?'))"
done
