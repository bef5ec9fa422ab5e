#!/usr/bin/env bash
# Seed 000 §4 experiments that run on `chorus verify` (collective assertions
# of one program), beside TASS's numbers. Usage: bench/collective/run.sh [BUILD_DIR] [NMAX] [STEP]
# diffusion1d: parallel version alone (GHOSTS; the joint COMPARE runs are in
# bench/compare/run.sh), NX <= 3n, NSTEPS <= 2, potential-deadlock mode;
# three runs per n as in Fig. 4: (a) deadlock only, (b) + assertions, (c) + CQMin;
# n = 2..15 (TASS's range), then every STEP-th n up to NMAX; stops after the
# first n whose run (b) does not finish in 60 s.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
NMAX=${2:-100}
STEP=${3:-5} # n = 2..15, then every STEP-th n (TASS measured n <= 15)
CHORUS=$BUILD/tools/chorus/chorus
TASS_N=(0 0 4886 10537 18624 29363 42970 59661 79652 103159 130398 161585 196936 236667 280994 330133)
TASS_C=(0 0 3496 7492 13188 20728 30256 41916 55852 72208 91128 112756 137236 164712 195328 229228)
run() { # prints "verdict states seconds"
  local out t0 t1
  t0=$(date +%s.%N)
  out=$("$CHORUS" "$@" --time-limit 60 2>&1)
  t1=$(date +%s.%N)
  printf "%s %s %.2f" "$(echo "$out" | sed -n 's/^verdict: \([a-z]*\).*/\1/p' | head -1)" \
    "$(echo "$out" | awk '/states saved/ {print $3; exit}')" "$(echo "$t1 - $t0" | bc)"
}
echo "diffusion1d (examples/tass/diffusion1d.c, GHOSTS), --deadlock potential"
printf "%3s | %-24s | %-24s | %-24s | %8s %8s\n" n "(a) deadlock only" "(b) + assertions" "(c) + CQMin" "TASS(b)" "TASS(c)"
for n in $(seq 2 15) $(seq $((15 + STEP)) "$STEP" "$NMAX"); do
  [ "$n" -le "$NMAX" ] || break
  a=$(run verify "$ROOT/examples/tass/diffusion1d.c" -n "$n" --deadlock potential --no-collective)
  b=$(run verify "$ROOT/examples/tass/diffusion1d.c" -n "$n" --deadlock potential)
  c=$(run verify "$ROOT/examples/tass/diffusion1d.c" -n "$n" --deadlock potential --cqmin)
  printf "%3d | %-24s | %-24s | %-24s | %8s %8s\n" "$n" "$a" "$b" "$c" "${TASS_N[$n]:--}" "${TASS_C[$n]:--}"
  case "$b" in verified*) ;; *) break ;; esac
  [ "$(echo "${b##* } <= 60" | bc)" = 1 ] || break # (b) took more than 60 s
done
echo
echo "wildcard gather (Fig. 6), 10 processes; TASS: violation of C after 1,011 states, 0.5 s"
printf "%-28s %s\n" "default:" "$(run verify "$ROOT/examples/tass/wildcard_gather.c" -n 10)"
printf "%-28s %s\n" "CQMin:" "$(run verify "$ROOT/examples/tass/wildcard_gather.c" -n 10 --cqmin)"
printf "%-28s %s\n" "fixed (distinct tags):" "$(run verify "$ROOT/examples/tass/wildcard_gather_fixed.c" -n 10)"
