#!/usr/bin/env bash
# `chorus compare` experiments of seed 000 §4 and seed 001 §4 beside TASS's
# numbers. Usage: bench/compare/run.sh [BUILD_DIR] [NMAX] [STEP]
# diffusion1d: diffusion1d_spec.c (1 process) vs diffusion1d.c (n processes),
# NX <= 3n, NSTEPS <= 2, potential-deadlock mode, three runs per n as in
# Fig. 4: (a) deadlock only, (b) + GHOSTS/COMPARE, (c) + CQMin; stops after
# the first n whose run (b) does not finish in 60 s (n = 2..15 as TASS, then
# every STEP-th n up to NMAX).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
NMAX=${2:-100}
STEP=${3:-5} # n = 2..15, then every STEP-th n (TASS measured n <= 15)
CHORUS=$BUILD/tools/chorus/chorus
T=$ROOT/examples/tass
TASS_N=(0 0 4886 10537 18624 29363 42970 59661 79652 103159 130398 161585 196936 236667 280994 330133)
TASS_C=(0 0 3496 7492 13188 20728 30256 41916 55852 72208 91128 112756 137236 164712 195328 229228)
run() { # prints "verdict states seconds"
  local out t0 t1
  t0=$(date +%s.%N)
  # --float real: the seed figures (TASS) treat floating types as reals
  out=$("$CHORUS" "$@" -q --float real --time-limit 60 2>&1)
  t1=$(date +%s.%N)
  printf "%s %s %.2f" "$(echo "$out" | sed -n 's/^verdict: \([a-z]*\).*/\1/p' | head -1)" \
    "$(echo "$out" | awk '/states saved/ {print $3; exit}')" "$(echo "$t1 - $t0" | bc)"
}
echo "diffusion1d compare (spec 1 process + impl n), --deadlock potential"
printf "%3s | %-24s | %-24s | %-24s | %8s %8s\n" n "(a) deadlock only" "(b) + assertions" "(c) + CQMin" "TASS(b)" "TASS(c)"
for n in $(seq 2 15) $(seq $((15 + STEP)) "$STEP" "$NMAX"); do
  [ "$n" -le "$NMAX" ] || break
  a=$(run compare "$T/diffusion1d_spec.c" "$T/diffusion1d.c" -n "$n" --deadlock potential --no-collective)
  b=$(run compare "$T/diffusion1d_spec.c" "$T/diffusion1d.c" -n "$n" --deadlock potential)
  c=$(run compare "$T/diffusion1d_spec.c" "$T/diffusion1d.c" -n "$n" --deadlock potential --cqmin)
  printf "%3d | %-24s | %-24s | %-24s | %8s %8s\n" "$n" "$a" "$b" "$c" "${TASS_N[$n]:--}" "${TASS_C[$n]:--}"
  case "$b" in verified*) ;; *) break ;; esac
  [ "$(echo "${b##* } <= 60" | bc)" = 1 ] || break # (b) took more than 60 s
done
echo
printf "%-58s %-26s %s\n" experiment "chorus (verdict states s)" "TASS"
printf "%-58s %-26s %s\n" "mean (Fig. 5), N <= 10" "$(run compare "$T/mean_spec.c" "$T/mean_impl.c" -n 1)" "132 states, 0.3 s"
printf "%-58s %-26s %s\n" "mean, off-by-one running mean" "$(run compare "$T/mean_spec.c" "$T/mean_impl_bad.c" -n 1)" "-"
printf "%-58s %-26s %s\n" "sum (seed 001 §4), B = 10, n = 1..4" "$(run compare "$T/sum_seq.c" "$T/sum_par.c" --input B=10 -n 1..4)" "-"
printf "%-58s %-26s %s\n" "sum, wrong reduction, n = 2" "$(run compare "$T/sum_seq.c" "$T/sum_par_bad.c" --input B=10 -n 2)" "-"
printf "%-58s %-26s %s\n" "laplace2d, 6 processes, grid <= 4x12, <= 3 iterations" "$(run compare "$T/laplace2d_spec.c" "$T/laplace2d_impl.c" -n 6 --deadlock absolute)" "49,419 states, 18.0 s"
printf "%-58s %-26s %s\n" "laplace2d, wrong reduction of the error, 6 processes" "$(run compare "$T/laplace2d_spec.c" "$T/laplace2d_impl_bad.c" -n 6)" "-"
printf "%-58s %-26s %s\n" "diffusion1d, wrong ghost index, n = 10" "$(run compare "$T/diffusion1d_spec.c" "$ROOT/examples/collective/diffusion1d_badghost.c" -n 10 --deadlock potential)" "-"
printf "%-58s %-26s %s\n" "wildcard gather (Fig. 6, verify), 10 processes" "$(run verify "$T/wildcard_gather.c" -n 10)" "1,011 states, 0.5 s"
printf "%-58s %-26s %s\n" "wildcard gather, CQMin" "$(run verify "$T/wildcard_gather.c" -n 10 --cqmin)" "-"
