#!/usr/bin/env bash
# The m,n,k-games the prover settles from the empty board: every board with
# k <= n <= m <= 9 for the given k values (m >= n: the transposed board is the
# same game), with a time limit per board. Each proof is written and checked
# by `kinrow verify`; a board whose proof fails to verify stops the script.
#   scripts/prover_table.sh [limit_seconds_per_board] [k values...]
# e.g. scripts/prover_table.sh 60 4 5 6   (KINROW=path picks another binary,
# TT_MB=M the table's limit in MiB; default: solve's default).
# Prints a markdown row per board: game, value, seconds, search nodes, proof
# nodes, proof file size, verify seconds.
set -uo pipefail
cd "$(dirname "$0")/.."
limit=${1:-60}
shift || true
ks=${*:-4 5 6}
kinrow=${KINROW:-./build/kinrow}
proof=$(mktemp)
trap 'rm -f "$proof"' EXIT
echo "| game | value | seconds | search nodes | proof nodes | proof bytes | verify s |"
echo "|---|---|---|---|---|---|---|"
for k in $ks; do
  for n in $(seq "$k" 9); do
    for m in $(seq "$n" 9); do
      game="mnk:$m,$n,$k"
      out=$("$kinrow" solve "$game" --engine prover --json --time-ms $((limit * 1000)) ${TT_MB:+--tt-mb "$TT_MB"} --proof "$proof" 2>/dev/null)
      value=$(echo "$out" | jq -r .result)
      if [ "$value" = "unknown" ]; then
        echo "| $m,$n,$k | unsolved in $limit s | | $(echo "$out" | jq -r .stats.nodes) | | | |"
        continue
      fi
      vstart=$(date +%s.%N)
      if ! verdict=$("$kinrow" verify "$proof"); then
        echo "| $m,$n,$k | $value: PROOF REJECTED | | | | | |"
        exit 1
      fi
      vsecs=$(echo "$(date +%s.%N) - $vstart" | bc)
      # The verifier's own count of the proof's nodes: "ok: ... (2 sections, N nodes)".
      proof_nodes=$(echo "$verdict" | sed -n 's/.*sections, \([0-9]*\) nodes).*/\1/p')
      printf '| %s | %s | %.3f | %s | %s | %s | %.2f |\n' "$m,$n,$k" "$value" "$(echo "$out" | jq -r .stats.time_s)" \
        "$(echo "$out" | jq -r .stats.nodes)" "$proof_nodes" "$(stat -c %s "$proof")" "$vsecs"
    done
  done
done
