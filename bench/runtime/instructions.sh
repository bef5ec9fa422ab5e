#!/usr/bin/env bash
# Overhead of the parallel assertion checker (issue 16, runtime/threads) in
# instructions: each of seed 003's benchmarks (kernels.c -DONE -DK_...)
# built plain (thru/passert defined away) and with `chorus cc` by clang-16
# -O2, as threads.sh builds them, and run once under valgrind's callgrind
# at THREADS threads (default 2); prints the instructions of the whole run
# of each and the ratio. Unlike wall time this does not move with the
# machine's load (valgrind runs one thread at a time; the kernels whose
# threads contend for locks and semaphores move by a few percent).
# usage: bench/runtime/instructions.sh [CHORUS] [THREADS]   (default build/tools/chorus/chorus, 2)
# SCALE=N multiplies the sizes (default 1: 20000 / 20000 / 10000 / 10000 / 2000
# for bs / fluid / bbuf / dstack / list, the sizes of runtime/threads/README.md).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
chorus=${1:-$here/../../build/tools/chorus/chorus}
threads=${2:-2}
scale=${SCALE:-1}
command -v valgrind > /dev/null || {
  echo "instructions.sh: valgrind is not installed" >&2
  exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count() { # instructions of the whole run of "$@" (callgrind's "Collected")
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" > /dev/null 2> "$tmp/err" ||
    { echo "failed: $* ($(tail -c 300 "$tmp/err"))" >&2; exit 1; }
  grep -o "Collected : [0-9]*" "$tmp/err" | grep -o "[0-9]*$"
}
off=(-Dthru= '-Dpassert(e)=;')
printf "| kernel | threads | size | plain (instructions) | chorus cc (instructions) | ratio |\n|---|---|---|---|---|---|\n"
for kernel in bs:20000 fluid:20000 bbuf:10000 dstack:10000 list:2000; do
  IFS=: read -r k n <<< "$kernel"
  n=$((n * scale))
  one=(-DONE "-DK_$(echo "$k" | tr '[:lower:]' '[:upper:]')")
  clang-16 -O2 "${one[@]}" "${off[@]}" -o "$tmp/plain" "$here/kernels.c" -lpthread
  "$chorus" cc -O2 "${one[@]}" -o "$tmp/checked" "$here/kernels.c"
  # (a runtime library built with -g has DWARF 5, which valgrind 3.19 cannot read)
  strip --strip-debug "$tmp/plain" "$tmp/checked"
  p=$(count "$tmp/plain" "$k" "$threads" "$n")
  c=$(count "$tmp/checked" "$k" "$threads" "$n")
  python3 -c "print('| %s | %s | %s | %.1f M | %.1f M | %.2fx |' % ('$k', $threads, $n, $p / 1e6, $c / 1e6, $c / $p))"
done
