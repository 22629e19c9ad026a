#!/usr/bin/env bash
# Who wins Connect Four (k = 4) from the empty board, for widths 4..9 and
# heights 4..8 (boards with width*(height+1) <= 64), smallest boards first.
# Each board gets a weak solve (win/draw/loss) with a time limit; the run
# stops starting new boards once the total budget is spent.
#   scripts/connect_sizes.sh [limit_seconds_per_board] [total_budget_seconds] [kinrow options...]
# e.g. scripts/connect_sizes.sh 2400 6000 --tt-mb 2048 (KINROW=path picks another binary).
# Prints a markdown table row per board: width, height, result, seconds, nodes.
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-150}
budget=${2:-1200}
shift 2 || shift $#
kinrow=${KINROW:-./build/kinrow}
spent=0
boards=$(for w in 4 5 6 7 8 9; do for h in 4 5 6 7 8; do
  if [ $((w * (h + 1))) -le 64 ]; then echo "$((w * h)) $w $h"; fi; done; done | sort -n -k1,1 -k2,2)
echo "| width | height | first player | seconds | nodes |"
echo "|---|---|---|---|---|"
while read -r cells w h; do
  if [ "$spent" -ge "$budget" ]; then echo "| $w | $h | not run (budget spent) | | |"; continue; fi
  start=$(date +%s.%N)
  out=$(timeout "$limit" "$kinrow" solve "connect:$w,$h,4" --weak --json "$@" 2>&1)
  status=$?
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  spent=$(printf '%.0f' "$(echo "$spent + $secs" | bc)")
  if [ $status -ne 0 ]; then
    echo "| $w | $h | unsolved (over ${limit} s) | > $limit | |"
    continue
  fi
  score=$(echo "$out" | sed -n 's/.*"score":\(-\?[0-9]*\).*/\1/p')
  nodes=$(echo "$out" | sed -n 's/.*"nodes":\([0-9]*\).*/\1/p')
  us=$(echo "$out" | sed -n 's/.*"microseconds":\([0-9]*\).*/\1/p')
  case $score in 1) who=wins ;; 0) who=draw ;; -1) who=loses ;; *) who="?" ;; esac
  printf '| %s | %s | %s | %.2f | %s |\n' "$w" "$h" "$who" "$(echo "$us / 1000000" | bc -l)" "$nodes"
done <<< "$boards"
