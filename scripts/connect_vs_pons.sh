#!/usr/bin/env bash
# Side-by-side timing of kinrow and Pascal Pons's solver on benchmark sets:
# the same machine, one process at a time, alternating the two, table cleared
# before each position, time of the solve alone (both print
# `moves score nodes microseconds`). Times drift within minutes on shared
# machines, so the ratio of medians measured in the same run is the figure
# to quote.
#   PONS=/path/to/pons-driver scripts/connect_vs_pons.sh [runs] [set files...] [-- kinrow options]
# Pons's driver: his solver (github.com/PascalPons/connect4, built with his
# Makefile's flags) behind a main that calls solver.reset() before each
# position and times solve() alone, with no opening book (his older main.cpp
# does exactly that). Default sets: Pons's three given sets and the L1 sets in
# bench/connect4.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${PONS:?set PONS to the Pons batch driver}"
runs=${1:-3}
shift || true
sets=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do sets+=("$1"); shift; done
[ $# -gt 0 ] && shift
if [ ${#sets[@]} -eq 0 ]; then
  dir=${KINROW_SHARED_DIR:-../shared}/reference/connect4
  for s in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3; do
    [ -f "$dir/$s" ] && sets+=("$dir/$s")
  done
  sets+=(bench/connect4/Gen_L1_R1 bench/connect4/Gen_L1_R2 bench/connect4/Gen_L1_R3)
fi
# mean us, mean nodes, wrong scores of one run of a solver command over a set
one_run() {
  local set=$1; shift
  cut -d' ' -f1 "$set" | "$@" | paste -d' ' <(cut -d' ' -f2 "$set") - |
    awk '{ if ($1 != $3) bad++; n += $4; t += $5 } END { printf "%.3f %.1f %d\n", t / NR, n / NR, bad }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
printf '%-11s %12s %12s %7s %12s %12s %s\n' set kinrow_us pons_us ratio kinrow_nodes pons_nodes wrong
for set in "${sets[@]}"; do
  k=() p=()
  for ((i = 0; i < runs; i++)); do
    k+=("$(one_run "$set" ./build/kinrow solve connect4 --batch "$@")")
    p+=("$(one_run "$set" "$PONS")")
  done
  kt=$(printf '%s\n' "${k[@]}" | cut -d' ' -f1 | median)
  pt=$(printf '%s\n' "${p[@]}" | cut -d' ' -f1 | median)
  read -r _ kn kw <<<"${k[0]}"
  read -r _ pn pw <<<"${p[0]}"
  printf '%-11s %12.1f %12.1f %7.2f %12.1f %12.1f %s/%s\n' "$(basename "$set")" "$kt" "$pt" \
    "$(echo "$kt / $pt" | bc -l)" "$kn" "$pn" "$kw" "$pw"
done
