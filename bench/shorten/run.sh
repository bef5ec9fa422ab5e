#!/usr/bin/env bash
# Short counterexamples (issue 14; lib/search/Shorten.cpp): for the refuted
# examples, the trace length as the search finds it (--no-shorten), after
# shortening (the default: moves outside the violation's causal past
# dropped, confirmed by replay) and with --shortest (branch and bound over
# every interleaving, within --time-limit T: "proved" when the minimum was
# proved), each as steps/moves (a step: the moves of one process up to one
# the others can observe, lib/search/Steps.h; --shortest minimizes moves).
# Usage: bench/shorten/run.sh [BUILD_DIR] [T]
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-$ROOT/build}
T=${2:-60}
CHORUS=$BUILD/tools/chorus/chorus
E=$ROOT/examples
steps() { awk '/^    [0-9]+\. \[p/ {n++} /^  step [0-9]+ \[p/ {k++} END {print k + 0 "/" n + 0}'; }
row() { # NAME ARGS...
  local name=$1 a b c note t0 t1 t2 out
  shift
  t0=$(date +%s.%N)
  a=$("$CHORUS" "$@" --quiet --no-shorten --time-limit 120 2>/dev/null | steps)
  t1=$(date +%s.%N)
  b=$("$CHORUS" "$@" --quiet --time-limit 120 2>/dev/null | steps)
  t2=$(date +%s.%N)
  out=$("$CHORUS" "$@" --quiet --shortest --time-limit "$T" 2>/dev/null)
  c=$(echo "$out" | steps)
  if echo "$out" | grep -q "proved (every trace"; then note=proved; else note="not proved"; fi
  printf "%-44s %9s %9s %9s  %-11s %6.1f\n" "$name" "$a" "$b" "$c" "$note" \
    "$(echo "$t2 - $t1" | bc)"
}
printf "%-44s %9s %9s %9s  %-11s %6s\n" example found short shortest minimum "short s"
row "tass/wildcard_gather.c -n 3" verify "$E/tass/wildcard_gather.c" -n 3
row "tass/wildcard_gather.c -n 4" verify "$E/tass/wildcard_gather.c" -n 4
row "tass/wildcard_gather.c -n 10" verify "$E/tass/wildcard_gather.c" -n 10
row "compare sum_seq.c sum_par_bad.c -n 3 B=4" compare "$E/tass/sum_seq.c" "$E/tass/sum_par_bad.c" --spec-procs 1 -n 3 --input B=4
row "compare diffusion1d_spec.c ..._badghost.c -n 3" compare "$E/tass/diffusion1d_spec.c" "$E/collective/diffusion1d_badghost.c" --spec-procs 1 -n 3
row "loops/ring.c -DMISSING -n 3 --input N=2" verify "$E/loops/ring.c" -DMISSING -n 3 --input N=2
row "pthreads/dekker.c -DBROKEN" verify "$E/pthreads/dekker.c" -DBROKEN
row "pthreads/peterson.c -DBROKEN" verify "$E/pthreads/peterson.c" -DBROKEN
row "pthreads/readers_writers.c -DBROKEN" verify "$E/pthreads/readers_writers.c" -DBROKEN
row "pthreads/reduction.c -DNOLOCK" verify "$E/pthreads/reduction.c" -DNOLOCK
row "pthreads/work_queue.c -DIFWAIT" verify "$E/pthreads/work_queue.c" -DIFWAIT
row "pthreads/lockfree_stack.c -DABA" verify "$E/pthreads/lockfree_stack.c" -DABA
row "passert/interference.c" verify "$E/passert/interference.c"
row "passert/atomicity.c" verify "$E/passert/atomicity.c"
row "passert/dual_stack.c" verify "$E/passert/dual_stack.c"
row "passert/blackscholes.c -DOVERLAP" verify "$E/passert/blackscholes.c" -DOVERLAP
row "passert/fluidanimate.c" verify "$E/passert/fluidanimate.c"
echo
"$ROOT/bench/shorten/kinds.py" "$CHORUS" "$T"
