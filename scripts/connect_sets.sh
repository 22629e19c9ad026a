#!/usr/bin/env bash
# Mean time and nodes per position on Pascal Pons's benchmark sets, the way
# his solver reports them: batch mode, table cleared before each position,
# time of the solve alone. Also checks every score against the file.
#   scripts/connect_sets.sh [runs] [extra kinrow options...]
# Prints one line per set: the median over `runs` of the mean microseconds,
# the mean nodes (identical in every run) and the number of wrong scores
# (signs only with --weak).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
dir=${KINROW_SHARED_DIR:-../shared}/reference/connect4
weak=0
for arg in "$@"; do [ "$arg" = --weak ] && weak=1; done
for set in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3; do
  [ -f "$dir/$set" ] || continue
  means=()
  for ((i = 0; i < runs; i++)); do
    line=$(cut -d' ' -f1 "$dir/$set" | ./build/kinrow solve connect4 --batch "$@" |
      paste -d' ' <(cut -d' ' -f2 "$dir/$set") - |
      awk -v weak=$weak '{ want = weak ? ($1 > 0) - ($1 < 0) : $1; if (want != $3) bad++; n += $4; t += $5 }
        END { printf "%.3f %.1f %d", t / NR, n / NR, bad }')
    means+=("$line")
  done
  printf '%s\n' "${means[@]}" | sort -n -k1,1 | awk -v set="$set" -v runs="$runs" \
    '{ a[NR] = $0 } END { split(a[int((NR + 1) / 2)], f, " ");
       printf "%-11s mean %10.1f us  mean nodes %12.1f  wrong %d  (median of %d runs)\n", set, f[1], f[2], f[3], runs }'
done
