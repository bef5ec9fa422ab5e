#!/usr/bin/env bash
# Benchmark of the thread model (issue 13): classic pthreads programs with
# 2..4 threads, verified or refuted, under three reductions: the stateful
# DPOR with summaries (the default; "*" would mark a run that fell back to
# the local moves, which only --dpor-stateless does), the local moves alone
# with state matching (--no-dpor), and none (--no-por: every interleaving of
# every statement, with state matching). Prints one table: program, threads,
# and per setting verdict, states saved, executions (ends of the executions
# explored), transitions, time of the search (wall clock), CPU time of the
# whole run (user + system, front end included: steadier on a shared
# machine), peak memory.
# usage: [MODES="dpor local nopor"] bench/threads/run.sh [CHORUS] [TIME_LIMIT_S]
# (MODES: the settings, in order, among dpor, local, nopor and default)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
chorus=${1:-$root/build/tools/chorus/chorus}
limit=${2:-60}
json=$(mktemp --suffix=.json)
cpu=$(mktemp)
trap 'rm -f "$json" "$cpu"' EXIT
row() { # name threads file flags...
  local name=$1 nth=$2 file=$3
  shift 3
  local out=()
  for m in ${MODES:-dpor local nopor}; do
    case $m in
    dpor) mode=--dpor ;;
    local) mode=--no-dpor ;;
    nopor) mode=--no-por ;;
    *) mode= ;;
    esac
    rm -f "$json"
    /usr/bin/time -f "%U %S" -o "$cpu" "$chorus" verify "$file" "$@" $mode --quiet \
      --time-limit "$limit" --json "$json" > /dev/null 2>&1
    out+=("$(python3 - "$json" "$cpu" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
    c = sum(float(x) for x in open(sys.argv[2]).read().split()[-2:])
except Exception:
    print("%-18s" % "(no result)")
    sys.exit(0)
s = d["statistics"]
v = d["verdict"]
if v == "violation":
    v = d["violation"]["kind"]
elif v == "unknown":
    v = "unknown(" + d.get("reason", "")[:9] + ")"
if "cycle" in s.get("threadReduction", ""):
    v += "*"
print("%-18s %7d %6d %7d %6.2f %6.2f %4d" % (v, s["statesSaved"], s.get("executions", 0),
      s["transitions"], s["seconds"], c, s["peakMemoryKB"] // 1024))
PY
)")
  done
  local line
  line=$(printf "%-26s %3s" "$name" "$nth")
  for c in "${out[@]}"; do line+=" | $c"; done
  echo "$line"
}
hdr() { printf "%-18s %7s %6s %7s %6s %6s %4s" "$1" states execs trans "t[s]" "cpu[s]" MB; }
head=$(printf "%-26s %3s" program thr)
for m in ${MODES:-dpor local nopor}; do
  case $m in
  dpor) head+=" | $(hdr 'DPOR (--dpor)')" ;;
  local) head+=" | $(hdr 'local (--no-dpor)')" ;;
  nopor) head+=" | $(hdr 'no POR')" ;;
  *) head+=" | $(hdr 'default')" ;;
  esac
done
echo "$head"
for n in 2 3 4; do
  row "philosophers (ordered)" "$n" "$here/philosophers.c" "-DN=$n"
  row "philosophers (naive)" "$n" "$here/philosophers.c" "-DN=$n" -DNAIVE
done
for n in 2 3 4; do
  row "bank" "$n" "$here/bank.c" "-DN=$n"
done
row "bank (unlocked debit)" 2 "$here/bank.c" -DN=2 -DNOLOCK
row "bank (unordered locks)" 3 "$here/bank.c" -DN=3 -DUNORDERED
row "counter_mutex" 3 "$root/examples/pthreads/counter_mutex.c"
row "bounded_buffer" 2 "$root/examples/pthreads/bounded_buffer.c"
row "peterson (atomics)" 2 "$root/examples/pthreads/peterson.c"
row "dekker (atomics)" 2 "$root/examples/pthreads/dekker.c"
row "readers_writers" 3 "$root/examples/pthreads/readers_writers.c"
row "work_queue" 3 "$root/examples/pthreads/work_queue.c"
row "lockfree_stack" 3 "$root/examples/pthreads/lockfree_stack.c"
row "lockfree_stack (ABA)" 3 "$root/examples/pthreads/lockfree_stack.c" -DABA
row "passert/atomicity" 2 "$root/examples/passert/atomicity.c"
row "passert/atomicity_locked" 2 "$root/examples/passert/atomicity_locked.c"
row "passert/interference" 2 "$root/examples/passert/interference.c"
row "passert/thread_safety" 2 "$root/examples/passert/thread_safety.c"
row "passert/thread_safety_locked" 2 "$root/examples/passert/thread_safety_locked.c"
