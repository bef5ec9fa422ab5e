# Sourced by overhead.sh and traffic.sh: reads the MPI run-time checker's
# summary lines (rank 0's, with CHORUS_RT_STATS=1) from the standard error
# file $1 into calls (MPI calls checked), most (the checker's messages from
# the rank that sent the most), mean (per rank) and per_call (per MPI call),
# "?" when the line is missing; cpu_most and cpu_mean: the CPU time (ms) of
# collective assertion checking on the rank that spent the most and per
# rank on average, "-" without collective assertions.
checker_stats() {
  calls=$(grep -o "in [0-9]* MPI calls" "$1" | grep -o "[0-9]*" || echo "?")
  most=$(grep -o "at most [0-9]* messages" "$1" | grep -o "[0-9]*" || echo "?")
  mean=$(grep -o "[0-9.]* messages ([0-9]* bytes) per rank" "$1" | grep -o "^[0-9.]*" || echo "?")
  per_call=$(grep -o "[0-9.]* messages per MPI call" "$1" | grep -o "^[0-9.]*" || echo "?")
  # collective assertion checking's CPU time (ms): the most of one rank, the mean
  cpu_most=$(grep -o "checking: at most [0-9.]* ms" "$1" | grep -o "[0-9.]*" || echo "-")
  cpu_mean=$(grep -o "[0-9.]* ms per rank on average" "$1" | grep -o "^[0-9.]*" || echo "-")
}
