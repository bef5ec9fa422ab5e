#!/usr/bin/env bash
# Runs every benchmark: the Google Benchmark executables built under
# BUILD/bench, then every bench/*/run.sh table script (which print tables).
# usage: bench/run-all.sh [BUILD]
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
status=0
for exe in "$build"/bench/*/chorus_*_bench; do
  [ -x "$exe" ] || continue
  echo "== $exe"
  "$exe" --benchmark_min_time=0.2 || status=1
done
for script in "$here"/*/run.sh; do
  [ -x "$script" ] || continue
  echo "== $script"
  "$script" "$build" || status=1
done
exit $status
