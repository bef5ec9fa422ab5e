#!/usr/bin/env bash
# How the MPI run-time checker scales with the ranks (issue 16: "1,024
# ranks cost no more per rank than 16"): the messages the checker itself
# sends, from the rank that sends the most and on average (its
# CHORUS_RT_STATS line), for kernels built with `chorus cc` and run once
# under mpirun at each process count. Counts, not times: they do not depend
# on the machine's load, and a flat column is what scaling means here.
# Kernels: halo.c (usage checks only: descriptions of messages and
# collective calls), diffusion (seed 000, GHOSTS over the neighbours),
# agree (halo.c -DAGREE: every rank reads rank 0) with the checker's relay
# tree and without it (CHORUS_RT_RELAY=0). The last two columns are times:
# the CPU time of collective assertion checking (snapshots, views, serving
# and relaying requests) of the rank that spent the most and the mean per
# rank; they move with the load, but a column that stays flat as the ranks
# grow is again what scaling means.
# usage: bench/runtime/traffic.sh [CHORUS] [PROCS...]   (default build/tools/chorus/chorus, 16 64 256)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=stats.sh
. "$here/stats.sh"
chorus=${1:-$here/../../build/tools/chorus/chorus}
shift || true
procs=${*:-16 64 256}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 CHORUS_RT_STATS=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$chorus" cc -O2 -DCELLS=100000 -DSTEPS=100 -o "$tmp/halo" "$here/halo.c"
"$chorus" cc -O2 -DCELLS=100000 -DSTEPS=100 -DAGREE -o "$tmp/agree" "$here/halo.c"
"$chorus" cc -O2 -DNX=100000 -DNSTEPS=50 -o "$tmp/diffusion" \
  "$here/../../tests/lit/runtime/cassert_diffusion.c"
printf "| kernel | ranks | MPI calls per rank | checker messages, most from one rank | mean per rank | collective assertion checking, CPU ms: most on one rank | mean per rank |\n|---|---|---|---|---|---|---|\n"
for run in halo:halo:1 diffusion:diffusion:1 "agree (relay tree):agree:1" "agree (every reader asks rank 0):agree:0"; do
  IFS=: read -r name bin relay <<< "$run"
  for n in $procs; do
    CHORUS_RT_RELAY=$relay mpirun --oversubscribe -n "$n" "$tmp/$bin" > /dev/null 2> "$tmp/err" || true
    checker_stats "$tmp/err"
    python3 -c "print('| $name | $n | %s | $most | $mean | $cpu_most | $cpu_mean |' % ('%.0f' % ($calls / $n) if '$calls' != '?' else '?'))"
  done
done
