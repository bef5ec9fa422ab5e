#!/usr/bin/env bash
# Seed 004 Fig. 5 (loop-invariant symbolic execution): `chorus verify --lise`
# (and `chorus compare --lise` for the equivalence rows)
# on the programs of examples/loops beside TASS's figures (transitions,
# theorem-prover calls, seconds). Each program is verified for EVERY value of
# its input (N, n), not within bounds. Usage: bench/loops/run.sh [BUILD_DIR]
# Columns: verdict, process count, transitions, prover queries (all kinds:
# cache, internal decisions, z3, cvc5), z3 calls, loop records completed
# (base cases and inductive steps), wall time, CPU time (user + system:
# the wall clock is distorted when other jobs share the cores). The
# programs over doubles run with --float real (they hold over the reals; with
# IEEE doubles, the default, their claims depend on roundings: unknown).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
CHORUS=$BUILD/tools/chorus/chorus
L=$ROOT/examples/loops
row() { # name "TASS figures" verify|compare chorus-args...
  local name=$1 tass=$2 cmd=$3 out t0 t1
  shift 3
  t0=$(date +%s.%N)
  out=$(/usr/bin/time -f "%U %S" -o "$CPUF" "$CHORUS" "$cmd" "$@" --lise --time-limit 300 2>&1)
  t1=$(date +%s.%N)
  local cpu
  cpu=$(tail -1 "$CPUF" | awk '{printf "%.2f", $1 + $2}')
  local verdict procs trans queries z3 recs
  verdict=$(echo "$out" | sed -n 's/^verdict: \([a-z]*\).*/\1/p' | head -1)
  case "$verdict" in violation) verdict="refuted" ;; esac
  trans=$(echo "$out" | awk '/^  transitions/ {print $2; exit}')
  queries=$(echo "$out" | sed -n 's/.*queries=\([0-9]*\).*/\1/p' | head -1)
  z3=$(echo "$out" | sed -n 's/.* z3=\([0-9]*\).*/\1/p' | head -1)
  recs=$(echo "$out" | sed -n 's/.*LISE, \([0-9]*\) loop records.*/\1/p' | head -1)
  procs=$(echo "$@" | sed -n 's/.*-n \([0-9.]*\).*/\1/p')
  [ "$cmd" = compare ] && procs="1+$procs"
  printf "%-10s %-6s | %-9s %8s %8s %6s %7s %7.2f %6s | %s\n" "$name" "$procs" "$verdict" "${trans:--}" \
    "${queries:--}" "${z3:--}" "${recs:--}" "$(echo "$t1 - $t0" | bc)" "$cpu" "$tass"
}
CPUF=$(mktemp)
printf "%-10s %-6s | %-9s %8s %8s %6s %7s %7s %6s | %s\n" program procs verdict trans queries z3 records "wall s" "CPU s" \
  "TASS (Fig. 5): procs, trans, proofs, time s"
row race "10: 823, 1, 0.9*" verify "$L/race.c" -n 10
row race-sync "10: 823, 1, 0.9*" verify "$L/race.c" -n 3 --deadlock potential
row stagger "2: 201, 51, 2.1" verify "$L/stagger.c" -n 2 --no-overflow-check
row count "10: 138, 55, 3.7" verify "$L/count.c" -n 10
row matrix "1: 30, 103, 5.2" verify "$L/matrix.c" -n 1 --float real
row ring "10: 1521, 70, 4.3" verify "$L/ring.c" -n 10
row sum "(sequential, not in Fig. 5)" verify "$L/sum.c" -n 1
row mean "1+1: 28, 18, 0.5" compare "$L/mean_spec.c" "$L/mean_impl.c" -n 1 --no-overflow-check --float real
row fib "1+1: 60, 29, 1.4" compare "$L/fib_spec.c" "$L/fib_impl.c" -n 1 --float real
row nested "1+1: 79, 44, 1.1" compare "$L/nested_spec.c" "$L/nested_impl.c" -n 1 --no-overflow-check --float real
row diffusion "1+10: 3580, 82, 34.4" compare "$L/diffusion_spec.c" "$L/diffusion_impl.c" -n 10 --deadlock absolute --float real
echo "(* = refuted, stopping at the first violation.) diffusion: buffered sends only (its Sendrecv cannot deadlock)"

# --infer-invariants (issue 12, beyond the seed): the same programs with
# their invariants removed; chorus finds them (Houdini over LISE). Columns:
# verdict, candidates tried, kept, LISE runs, wall time.
T=$(mktemp -d)
trap 'rm -rf "$T" "$CPUF"' EXIT
strip() { sed '/#pragma TASS collective invariant/{:a;/\\$/{N;ba};d}; /#pragma TASS joint invariant/{:b;/\\$/{N;bb};d}; /\/\*@ loop invariant/,/\*\//d' "$1" > "$2"; }
irow() { # name verify|compare files... -- chorus-args...
  local name=$1 cmd=$2 out t0 t1 verdict summary
  shift 2
  t0=$(date +%s.%N)
  out=$(/usr/bin/time -f "%U %S" -o "$CPUF" "$CHORUS" "$cmd" "$@" --infer-invariants --time-limit 300 2>&1)
  t1=$(date +%s.%N)
  verdict=$(echo "$out" | sed -n 's/^verdict: \([a-z]*\).*/\1/p' | head -1)
  summary=$(echo "$out" | sed -n 's/^inferred invariants: \(.*\)/\1/p' | head -1)
  printf "%-10s | %-9s %7.2f %6s | %s\n" "$name" "$verdict" "$(echo "$t1 - $t0" | bc)" \
    "$(tail -1 "$CPUF" | awk '{printf "%.2f", $1 + $2}')" "$summary"
}
echo
printf "%-10s | %-9s %7s %6s | %s\n" program verdict "wall s" "CPU s" "inference: loops, candidates tried, kept, LISE runs"
for f in stagger count ring matrix; do strip "$L/$f.c" "$T/$f.c"; done
for f in mean_spec mean_impl fib_spec fib_impl nested_spec nested_impl diffusion_spec diffusion_impl; do strip "$L/$f.c" "$T/$f.c"; done
irow stagger verify "$T/stagger.c" -n 2 --no-overflow-check
irow count verify "$T/count.c" -n 10
irow ring verify "$T/ring.c" -n 10
irow matrix verify "$T/matrix.c" -n 1 --float real
irow mean compare "$T/mean_spec.c" "$T/mean_impl.c" -n 1 --no-overflow-check --float real
irow fib compare "$T/fib_spec.c" "$T/fib_impl.c" -n 1 --float real
irow nested compare "$T/nested_spec.c" "$T/nested_impl.c" -n 1 --no-overflow-check --float real
irow diffusion compare "$T/diffusion_spec.c" "$T/diffusion_impl.c" -n 10 --deadlock absolute --float real
