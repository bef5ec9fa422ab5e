#!/usr/bin/env bash
# Overhead of the parallel assertion checker (issue 16, runtime/threads):
# seed 003's benchmarks (kernels.c) built three ways by clang-16 -O2 --
# plain (thru/passert defined away), `chorus cc` (assertions checked), and
# plain with ThreadSanitizer (-fsanitize=thread, the reference run-time
# checker) -- and run at several thread counts; prints a table: kernel,
# threads, best wall time of REPS runs of each, and the ratios to plain.
# usage: bench/runtime/threads.sh [CHORUS] [THREADS...]   (default build/tools/chorus/chorus, 2 4 8 16)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
chorus=${1:-$here/../../build/tools/chorus/chorus}
shift || true
threads=${*:-2 4 8 16}
reps=${REPS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
best() { # best wall time of $reps runs of "$@"
  local b=""
  for _ in $(seq "$reps"); do
    local s e
    s=$(date +%s.%N)
    "$@" > "$tmp/out" 2> "$tmp/err" || { echo "failed: $* ($(head -c 300 "$tmp/err"))" >&2; exit 1; }
    e=$(date +%s.%N)
    b=$(python3 -c "b='$b'; t=$e-$s; print(t if not b or t < float(b) else b)")
  done
  echo "$b"
}
off=(-Dthru= '-Dpassert(e)=;')
printf "| kernel | threads | plain (s) | chorus cc (s) | ratio | ThreadSanitizer (s) | ratio |\n|---|---|---|---|---|---|---|\n"
for kernel in bs:200000 fluid:200000 bbuf:100000 dstack:400000 list:4000; do
  IFS=: read -r k n <<< "$kernel"
  # each kernel a program of its own (-DONE), as in the seed: the static
  # filter of chorus cc knows only that kernel's assertions
  one=(-DONE "-DK_$(echo "$k" | tr a-z A-Z)")
  clang-16 -O2 "${one[@]}" "${off[@]}" -o "$tmp/plain" "$here/kernels.c" -lpthread
  clang-16 -O2 -fsanitize=thread "${one[@]}" "${off[@]}" -o "$tmp/tsan" "$here/kernels.c" -lpthread
  "$chorus" cc -O2 "${one[@]}" -o "$tmp/checked" "$here/kernels.c"
  for t in $threads; do
    p=$(best "$tmp/plain" "$k" "$t" "$n")
    c=$(best "$tmp/checked" "$k" "$t" "$n")
    s=$(best "$tmp/tsan" "$k" "$t" "$n")
    python3 -c "print('| %s | %s | %.3f | %.3f | %.1fx | %.3f | %.1fx |' % ('$k', $t, $p, $c, $c / $p, $s, $s / $p))"
  done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
