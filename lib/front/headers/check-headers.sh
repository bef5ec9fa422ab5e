#!/bin/sh
# check-headers.sh -- validate chorus's model headers (mpi.h, pthread.h,
# chorus.h, bits/pthreadtypes.h).
#
#  1. the generated prototype checks in tests/lit/headers/Inputs are up to
#     date with the headers;
#  2. every test input compiles with clang-16 -std=c11 -Wall -Wextra -Werror
#     against our headers;
#  3. the MPI inputs also compile against the real Open MPI headers (mpicc),
#     and the pthread inputs against glibc's <pthread.h>, so our prototypes
#     have the same parameter and result types as the real ones.
# Step 3 is skipped (with a note) when mpicc is not installed.
#
# Usage: lib/front/headers/check-headers.sh   (from anywhere)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
inputs="$root/tests/lit/headers/Inputs"
CC=${CC:-clang-16}
strict="-fsyntax-only -std=c11 -Wall -Wextra -Werror"
status=0

step() { printf '%-60s' "$1"; }
ok() { echo ok; }
fail() { echo FAILED; status=1; }

for h in mpi pthread chorus; do
  step "prototype list up to date: $h.h"
  if python3 "$here/gen-prototype-check.py" "$here/$h.h" |
     diff -u "$inputs/${h}_prototypes.c" - >/dev/null; then ok; else fail; fi
done

for f in mpi_prototypes pthread_prototypes chorus_prototypes \
         use_all_mpi use_pthread use_chorus; do
  step "chorus headers: $f.c"
  if $CC $strict -I "$here" "$inputs/$f.c"; then ok; else fail; fi
done

if command -v mpicc >/dev/null 2>&1; then
  ompi=$(mpicc --showme:compile 2>/dev/null || true)
  for f in mpi_prototypes use_all_mpi; do
    step "real MPI (clang + mpicc flags): $f.c"
    # shellcheck disable=SC2086
    if $CC $strict $ompi "$inputs/$f.c"; then ok; else fail; fi
    step "real MPI (mpicc): $f.c"
    if mpicc -fsyntax-only -std=c11 -Wall -Wextra -Werror \
         -Wno-deprecated-declarations "$inputs/$f.c"; then ok; else fail; fi
  done
else
  echo "note: mpicc not found; skipping the comparison with a real MPI"
fi

for f in pthread_prototypes use_pthread; do
  step "glibc pthread.h: $f.c"
  if $CC $strict -D_GNU_SOURCE "$inputs/$f.c"; then ok; else fail; fi
done

exit $status
