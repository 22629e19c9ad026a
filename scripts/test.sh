#!/usr/bin/env bash
# Installs the dependencies, builds kinrow and runs every test through CTest.
#   bash scripts/test.sh              release build in build/
#   bash scripts/test.sh --sanitize   ASan+UBSan build in build-sanitize/ (test suites named *Slow excluded)
#   bash scripts/test.sh --lto        link-time optimised build in build-lto/ with One Definition Rule
#                                     violations as errors (GCC sees them across files only under LTO),
#                                     then the tests (*Slow excluded)
#   bash scripts/test.sh --tsan       ThreadSanitizer build in build-tsan/, running the tests of our code on
#                                     several threads (parallel solves, the facade's stop flag); the web tests
#                                     are left out: TSan reports races inside Debian's prebuilt, uninstrumented
#                                     cpp-httplib library, where it cannot see the library's own locking
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
case "${1:-}" in
  --sanitize)
    cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKINROW_SANITIZE=ON >/dev/null
    cmake --build build-sanitize -j"$(nproc)"
    ASAN_OPTIONS=detect_leaks=0 ctest --test-dir build-sanitize --output-on-failure -j"$(nproc)" -E Slow
    ;;
  --lto)
    cmake -S . -B build-lto -DCMAKE_BUILD_TYPE=Release -DKINROW_BUILD_BENCHMARKS=OFF -DKINROW_PYTHON=OFF \
      -DCMAKE_INTERPROCEDURAL_OPTIMIZATION=ON \
      -DCMAKE_CXX_FLAGS="-Werror=odr -Werror=lto-type-mismatch" >/dev/null
    cmake --build build-lto -j"$(nproc)"
    ctest --test-dir build-lto --output-on-failure -j"$(nproc)" -E Slow
    ;;
  --tsan)
    cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKINROW_BUILD_BENCHMARKS=OFF -DKINROW_PYTHON=OFF \
      -DKINROW_MPI=OFF -DCMAKE_CXX_FLAGS="-fsanitize=thread" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" >/dev/null
    cmake --build build-tsan -j"$(nproc)" --target kinrow kinrow_tests
    TSAN_OPTIONS=halt_on_error=1 ctest --test-dir build-tsan --output-on-failure -j"$(nproc)" -E Slow \
      -R 'Parallel|Threaded|EngineFacade'
    ;;
  "")
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build -j"$(nproc)"
    ctest --test-dir build --output-on-failure -j"$(nproc)"
    ;;
  *)
    echo "usage: bash scripts/test.sh [--sanitize | --lto | --tsan]" >&2
    exit 2
    ;;
esac
