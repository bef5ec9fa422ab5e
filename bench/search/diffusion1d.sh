#!/usr/bin/env bash
# Benchmark of the search on diffusion1d (seed 000 Fig. 1/3), n = 2..15,
# NX <= 3n, NSTEPS <= 2, potential-deadlock mode (TASS's experiment (a) of
# Fig. 4), beside TASS's state counts ("Normal" column of Fig. 4).
# usage: bench/search/diffusion1d.sh [CHORUS] [NMAX] [TIME_LIMIT_S] [pragmas]
# By default the collective/joint assertion pragmas are removed (deadlock
# only, TASS's experiment (a)); with `pragmas` the file is verified as it is
# (GHOSTS checked by the collective-assertion monitor, the joint COMPARE
# ignored: see bench/collective/run.sh for the assertion experiments).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
chorus=${1:-$root/build/tools/chorus/chorus}
nmax=${2:-15}
limit=${3:-120}
mode=${4:-}
src=$(mktemp --suffix=.c)
json=$(mktemp --suffix=.json)
trap 'rm -f "$src" "$json"' EXIT
if [ "$mode" = pragmas ]; then
  cp "$root/examples/tass/diffusion1d.c" "$src"
else
  grep -v '^#pragma TASS collective\|^#pragma TASS joint\|^    && u\[1\]\|^    u\[i\]==spec' \
    "$root/examples/tass/diffusion1d.c" > "$src"
fi
tass=(0 0 4886 10537 18624 29363 42970 59661 79652 103159 130398 161585 196936 236667 280994 330133)
printf "%4s %10s %10s %12s %10s %10s %9s %8s %s\n" n states trans prover z3 "TASS" "time[s]" "mem[MB]" verdict
for ((n = 2; n <= nmax; n++)); do
  "$chorus" verify "$src" -n "$n" --deadlock potential --quiet --time-limit "$limit" \
    --json "$json" > /dev/null 2>&1
  python3 - "$json" "$n" "${tass[$n]}" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d["statistics"]
pc = s["proverCalls"]
v = d["verdict"] + ((" (" + d.get("reason", "") + ")") if d["verdict"] == "unknown" else "")
print("%4s %10d %10d %12d %10d %10s %9.2f %8d %s" % (sys.argv[2], s["statesSaved"], s["transitions"],
      pc.get("queries", 0), pc.get("z3", 0), sys.argv[3], s["seconds"], s["peakMemoryKB"] // 1024, v))
PY
done
