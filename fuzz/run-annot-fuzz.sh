#!/usr/bin/env bash
# Builds fuzz/annot_fuzzer (clang-16, libFuzzer + ASan + UBSan) in its own
# build directory and runs it for N seconds (default 120). Not part of CI.
#   fuzz/run-annot-fuzz.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
secs="${1:-120}"
shift || true
build="$root/build-fuzz"
cmake -S "$root/fuzz" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-16 -DCHORUS_FUZZ=ON >/dev/null
ninja -C "$build" -j2 annot_fuzzer
corpus="$build/corpus"
mkdir -p "$corpus"
# Seed corpus: the seeds' annotations (first byte selects the source:
# 0 = TASS pragma, 2 = ACSL comment).
seed() { printf '%b%s' "$1" "$2" >"$corpus/seed-$3"; }
seed '\x00' 'collective assert GHOSTS u[nxl] == PROC[right].u[0] && u[1] == PROC[left].u[PROC[left].nxl+1];' 1
seed '\x00' 'joint assert COMPARE forall {int i | 1<=i && i<=nxl} u[i]==spec.u[first+i-1];' 2
seed '\x00' 'collective invariant I i==PROC[1-myrank]@main.i && x==2*((i+1-myrank)/2);' 3
seed '\x04' 'input {N > 1 && N <= 10} int' 4
seed '\x02' 'mpi uses N; mpi collective(N): requires \valid(\mpi_buf(ip, N, 1)) && \mpi_agree(N); assigns *\mpi_buf(ip, N, 1); ensures \mpi_reduce(*\mpi_buf(ip, N, 1), 0, \mpi_comm_size, 1, \lambda integer t; \mpi_on(*\mpi_buf(ip, N, 1), t)); waitsfor { i | int i; 0 <= i < \mpi_comm_size }; behavior a: assumes N > 0; requires \separated(ip, { ip + (0 .. N-1) | int k; k > 0 }); complete behaviors; disjoint behaviors;' 5
seed '\x02' 'requires \forall int i, j; 0 <= i < j < N ==> ip[i] <= ip[j]; ensures \result == \sum(0, N-1, \lambda int k; ip[k] * 2) && \old(N) == N;' 6
seed '\x02' 'loop invariant 0 <= s <= N; loop assigns s, t, ip[0..N]; loop variant N - s;' 7
seed '\x01' 'ACSL' 8
exec "$build/annot_fuzzer" "$corpus" -max_total_time="$secs" -max_len=2048 \
  -print_final_stats=1 "$@"
