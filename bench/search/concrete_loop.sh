#!/usr/bin/env bash
# Concrete code at full speed (issue 10 §3): bench/search/concrete_loop.c
# (a loop `buffer[i] = i + 1` over a global array of N elements, then an
# MPI_Allreduce) verified with N = 10^3 .. 10^6 and 1 and 4 processes, default
# options (--deadlock both: two searches). Columns: saved states, transitions
# (moves executed), time and peak memory as chorus reports them, CPU time
# (user + system: the machine may be shared), verdict.
# usage: bench/search/concrete_loop.sh [CHORUS] [TIME_LIMIT_S] [MAX_N]
# (CHORUS_OPTS: more options, e.g. CHORUS_OPTS=--no-chains for every state saved)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
chorus=${1:-$root/build/tools/chorus/chorus}
limit=${2:-120}
maxn=${3:-1000000}
json=$(mktemp --suffix=.json)
cpu=$(mktemp)
trap 'rm -f "$json" "$cpu"' EXIT
printf "%8s %5s %8s %11s %9s %8s %8s %s\n" N procs states transitions "time[s]" "mem[MB]" "cpu[s]" verdict
for n in 1000 10000 100000 1000000; do
  [ "$n" -le "$maxn" ] || break
  for np in 1 4; do
    /usr/bin/time -f "%U %S" -o "$cpu" "$chorus" verify "$here/concrete_loop.c" -DN=$n -n "$np" \
      --quiet --time-limit "$limit" --json "$json" ${CHORUS_OPTS:-} > /dev/null 2>&1
    python3 - "$json" "$n" "$np" "$cpu" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["statistics"]
v = d["verdict"] + ((" (" + d.get("reason", "") + ")") if d["verdict"] == "unknown" else "")
u, k = open(sys.argv[4]).read().split()[-2:]
print("%8s %5s %8d %11d %9.2f %8d %8.2f %s" % (sys.argv[2], sys.argv[3], s["statesSaved"],
      s["transitions"], s["seconds"], s["peakMemoryKB"] // 1024, float(u) + float(k), v))
PY
  done
done
