#!/usr/bin/env bash
# Runs every benchmark: the Google Benchmark executables built under
# BUILD/bench, then the table scripts (each prints a table beside the seeds'
# figures). Not part of CI: `make bench` runs it.
# usage: bench/run-all.sh [BUILD]
set -uo pipefail
build=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
chorus=$build/tools/chorus/chorus
status=0
for exe in "$build"/bench/*/chorus_*_bench; do
  [ -x "$exe" ] || continue
  echo "== $exe"
  "$exe" --benchmark_min_time=0.2 || status=1
done
run() {
  echo "== $*"
  "$@" || status=1
}
run "$here/search/diffusion1d.sh" "$chorus"
run "$here/search/concrete_loop.sh" "$chorus"
run "$here/collective/run.sh" "$build"
run "$here/compare/run.sh" "$build"
run "$here/mpi/run.sh" "$chorus"
run "$here/loops/run.sh" "$build"
run "$here/shorten/run.sh" "$build"
exit $status
