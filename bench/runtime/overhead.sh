#!/usr/bin/env bash
# Overhead of the MPI run-time checker (issue 16): the same kernel built by
# the same compiler (clang-16 -O2 with Open MPI's flags) without and with
# `chorus cc`, run under mpirun at several process counts; prints a table:
# kernel, ranks, time without and with the checker (best of REPS runs, wall
# clock), the ratio, and MPI calls checked. Kernels: halo.c (10^6 cells,
# neighbour exchanges, a reduction every 10 steps), allreduce.c (only
# small collective operations: the checker's worst case), and diffusion:
# seed 000's diffusion (tests/lit/runtime/cassert_diffusion.c, 10^6 cells,
# 200 steps) with its collective assertion GHOSTS checked at every step
# (the plain build ignores the pragma); agree: halo.c with a collective
# assertion every rank evaluates over rank 0 (`res == PROC[0].res`, after
# each reduction), which the checker serves through its relay tree. The last two columns show how the
# checker scales: the most messages of its own one rank sent (its
# CHORUS_RT_STATS line), and its messages per MPI call of the program;
# both stay flat as the ranks grow when no rank serves all others.
# usage: bench/runtime/overhead.sh [CHORUS] [PROCS...]   (default build/tools/chorus/chorus, 2 4 8)
# KERNELS="halo diffusion" selects kernels; REPS=N runs (best of N, default 3).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=stats.sh
. "$here/stats.sh"
chorus=${1:-$here/../../build/tools/chorus/chorus}
shift || true
procs=${*:-2 4 8}
reps=${REPS:-3}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
best() { # best wall time of $reps runs of "$@"
  local b=""
  for _ in $(seq "$reps"); do
    local s e
    s=$(date +%s.%N)
    "$@" > "$tmp/out" 2> "$tmp/err"
    e=$(date +%s.%N)
    b=$(python3 -c "b='$b'; t=$e-$s; print(t if not b or t < float(b) else b)")
  done
  echo "$b"
}
printf "| kernel | ranks | clang-16 + Open MPI (s) | chorus cc (s) | ratio | MPI calls checked | checker messages, most from one rank | checker messages per MPI call |\n|---|---|---|---|---|---|---|---|\n"
for kernel in "halo:$here/halo.c:" "allreduce:$here/allreduce.c:" \
  "diffusion:$here/../../tests/lit/runtime/cassert_diffusion.c:-DNX=1000000 -DNSTEPS=200" \
  "agree:$here/halo.c:-DAGREE"; do
  IFS=: read -r k src flags <<< "$kernel"
  case " ${KERNELS:-halo allreduce diffusion agree} " in *" $k "*) ;; *) continue ;; esac
  # shellcheck disable=SC2046,SC2086
  clang-16 -O2 $flags $(mpicc --showme:compile) -o "$tmp/$k.plain" "$src" $(mpicc --showme:link)
  # shellcheck disable=SC2086
  "$chorus" cc -O2 $flags -o "$tmp/$k.checked" "$src"
  for n in $procs; do
    a=$(best mpirun --oversubscribe -n "$n" "$tmp/$k.plain")
    b=$(CHORUS_RT_STATS=1 best mpirun --oversubscribe -n "$n" "$tmp/$k.checked")
    checker_stats "$tmp/err"
    python3 -c "print('| $k | $n | %.3f | %.3f | %.2fx | $calls | $most | $per_call |' % ($a, $b, $b / $a))"
  done
done
