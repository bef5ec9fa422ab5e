#!/usr/bin/env bash
# Installs chorus's build and test dependencies from Debian packages.
# Idempotent: packages already present are skipped. Works as root or via sudo.
set -euo pipefail

PACKAGES=(
  clang-16 libclang-16-dev libclang-cpp16-dev llvm-16-dev llvm-16-tools
  libzstd-dev  # LLVM's static libraries need it (CHORUS_STATIC_LLVM)
  libclang-rt-16-dev  # ThreadSanitizer for clang-16 (bench/runtime/threads.sh)
  libz3-dev z3 libcvc5-dev cvc5 libgmp-dev
  libmpfr-dev  # gcc's compile-time values of math calls (lib/exec/GccFold.cpp)
  libgtest-dev libbenchmark-dev
  openmpi-bin libopenmpi-dev gcc
  ninja-build cmake make pkg-config python3
  python3-psutil  # lit's per-test --timeout
  gcc csmith libcsmith-dev
  chromium
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "install-deps: need root or sudo to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
