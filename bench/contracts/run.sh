#!/usr/bin/env bash
# Collective contracts (seed 002, issue 11): `chorus verify --contract f`
# on the examples/contracts programs, n = 1..5, beside the seed's Fig. 7
# (CIVL prototype, nprocs <= 5, M1 Mac: states saved, prover calls, time).
# Per program: states saved, external prover calls (z3 + cvc5) and time of
# the run -n 1..5 (all five process counts), the verdict, then the largest
# n whose run -n N alone finishes within LIMIT seconds (up to NMAX).
# Floating types are reals (--float real), as in the seed (its doubles are
# mathematical reals; with IEEE doubles the sums are rounded and chorus says
# unknown). MPI's collectives run as their App. B contracts (the default); the row
# "dotProd (bi)" runs its MPI_Allreduce with chorus's MPI model instead
# (--mpi-model builtin) and is not counted in the total.
# The run -n 1..5 may take up to ALL seconds (the issue's budget for the
# whole table, 190 s: a tenth of Fig. 7's total); each run -n N of the
# largest-n search up to LIMIT.
# Usage: bench/contracts/run.sh [BUILD_DIR] [NMAX] [LIMIT] [ALL]
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
NMAX=${2:-8}
LIMIT=${3:-60}
ALL=${4:-190}
CHORUS=$BUILD/tools/chorus/chorus
EX=$ROOT/examples/contracts
# name | file | function | extra options | Fig. 7: states prover time(s)
PROGS=(
  "g (cyc)|cyc.c|g|--deadlock absolute --no-overflow-check|3562 6 3"
  "allreduceDR|allreduce_dr.c|allreduceDR||7390 12 5"
  "oddEvenIter|odd_even.c|oddEvenIter||14216 52 8"
  "dotProd|dotprod_small.c|dotprod||4690 61 8"
  "dotProd (bi)|dotprod_small.c|dotprod|--mpi-model builtin|4690 61 8"
  "f (cyc)|cyc.c|f|--deadlock absolute --no-overflow-check|7913 11 15"
  "bcast|bcast_p2p.c|bcast||29256 55 15"
  "allreduce|allreduce.c|allreduce||14174 37 16"
  "allgather|allgather_p2p.c|allgather||14606 236 30"
  "reduce|reduce_p2p.c|reduce||118278 41 46"
  "gather|gather_p2p.c|gather||125900 284 69"
  "diff1dIter|diff1d.c|diff1dIter||4762 99 92"
  "scatter|scatter_p2p.c|scatter||126436 306 179"
  "matmat|matmat.c|matmat||8345 237 190"
  "reduceScatNC|reduce_scatter_nc.c|reduceScatterNC||264215 210 220"
  "exchange|exchange.c|exchange||896869 6285 478"
  "reduceScatter|reduce_scatter.c|reduceScatter||211541 377 517"
)
run() { # LIMIT ARGS...: prints "verdict states prover seconds" ("-" for what the run did not print)
  local out t0 t1 v st pr lim=$1
  shift
  t0=$(date +%s.%N)
  out=$(timeout $((lim + 30)) "$CHORUS" verify --float real "$@" --time-limit "$lim" --quiet 2>&1)
  t1=$(date +%s.%N)
  v=$(echo "$out" | sed -n 's/^verdict: \([a-z]*\).*/\1/p' | head -1)
  st=$(echo "$out" | awk '/states saved/ {print $3; exit}')
  pr=$(echo "$out" | sed -n 's/.*z3=\([0-9]*\) cvc5=\([0-9]*\).*/\1 \2/p' | awk '{print $1 + $2}')
  printf "%s %s %s %.2f" "${v:-none}" "${st:--}" "${pr:--}" "$(echo "$t1 - $t0" | bc)"
}
printf "%-13s | %-9s %8s %7s %8s | %8s %7s %7s | %s\n" function verdict states prover "time(s)" \
  "Fig7 st" prover "time" "largest n in ${LIMIT}s"
total=0
figtotal=0
for p in "${PROGS[@]}"; do
  IFS='|' read -r name file fn opts fig <<<"$p"
  # shellcheck disable=SC2086
  read -r v st pr t <<<"$(run "$ALL" "$EX/$file" --contract "$fn" -n 1..5 $opts)"
  [[ "$name" == *"(bi)"* ]] || total=$(echo "$total + $t" | bc)
  best=-
  for n in $(seq 1 "$NMAX"); do
    # shellcheck disable=SC2086
    read -r vn _ _ tn <<<"$(run "$LIMIT" "$EX/$file" --contract "$fn" -n "$n" $opts)"
    [ "$vn" = verified ] && [ "$(echo "$tn <= $LIMIT" | bc)" = 1 ] || break
    best=$n
  done
  read -r fs fp ft <<<"$fig"
  [[ "$name" == *"(bi)"* ]] || figtotal=$((figtotal + ft))
  printf "%-13s | %-9s %8s %7s %8s | %8s %7s %7s | %s\n" "$name" "$v" "$st" "$pr" "$t" "$fs" "$fp" \
    "$ft" "$best"
done
printf "total time n = 1..5: %.1f s (Fig. 7 for these functions: %s s)\n" "$total" "$figtotal"
