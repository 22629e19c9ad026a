#!/usr/bin/env bash
# Installs the dependencies, builds kinrow and runs every test through CTest.
#   bash scripts/test.sh              release build in build/
#   bash scripts/test.sh --sanitize   ASan+UBSan build in build-sanitize/ (test suites named *Slow excluded)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
if [ "${1:-}" = "--sanitize" ]; then
  cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKINROW_SANITIZE=ON >/dev/null
  cmake --build build-sanitize -j"$(nproc)"
  ASAN_OPTIONS=detect_leaks=0 ctest --test-dir build-sanitize --output-on-failure -j"$(nproc)" -E Slow
else
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j"$(nproc)"
  ctest --test-dir build --output-on-failure -j"$(nproc)"
fi
