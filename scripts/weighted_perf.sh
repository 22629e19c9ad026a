#!/usr/bin/env bash
# Weighted tic-tac-toe timings: each auto game RUNS times (default 5); prints
# the median of the program's own "Took N milliseconds." line and the median
# peak RSS reported by /usr/bin/time -v.
#   bash scripts/weighted_perf.sh [path/to/kinrow] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
KINROW=${1:-build/kinrow}
RUNS=${2:-5}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

measure() {
  local ms=() kb=()
  for _ in $(seq "$RUNS"); do
    local out
    out=$( { /usr/bin/time -v "$KINROW" weighted "$@" </dev/null >/tmp/kinrow_weighted_perf.$$; } 2>&1 )
    ms+=("$(sed -n 's/^Took \([0-9]*\) milliseconds\.$/\1/p' /tmp/kinrow_weighted_perf.$$)")
    kb+=("$(sed -n 's/.*Maximum resident set size (kbytes): //p' <<<"$out")")
  done
  rm -f /tmp/kinrow_weighted_perf.$$
  printf '%-48s %6s ms %8s KB\n' "weighted $*" "$(printf '%s\n' "${ms[@]}" | median)" \
    "$(printf '%s\n' "${kb[@]}" | median)"
}

measure -a -d 4
measure -a -d 9
measure -a -ab -d 9
measure --size 4 -a -ab -d 7
measure --size 4 -a -d 7
measure --size 4 -a -ab -d 7 --no-table
measure --size 4 -a -ab -d 16
