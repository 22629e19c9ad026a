#!/usr/bin/env bash
# The distributed solver's measurements (docs/distributed.md): for each rank
# count, RUNS runs of one board; prints wall time (median), jobs, messages/s,
# worker idle time, and the job-size distribution of the last run's log.
#   flock /tmp/kinrow-bench.lock bash scripts/distributed_bench.sh GAME "BUDGET" "RANKS" RUNS
#   e.g. ... connect:6,5,4 "--job-ms 5" "2 3 4" 3
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1 budget=$2 ranks=${3:-"2 3 4"} runs=${4:-3}
root=()
if [ "$(id -u)" -eq 0 ]; then root=(--allow-run-as-root); fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "game $game, budget $budget, $(nproc) cores"
printf "%-6s %-9s %-7s %-11s %-7s %-9s %-12s\n" ranks wall_s jobs messages/s idle% us/job job_nodes_M
for n in $ranks; do
  for r in $(seq "$runs"); do
    rm -f "$tmp/log"
    # shellcheck disable=SC2086
    mpirun -n "$n" --oversubscribe "${root[@]}" build/kinrow solve "$game" --distributed $budget \
      --job-log "$tmp/log" --json 2>/dev/null > "$tmp/run$r.json"
  done
  python3 - "$n" "$tmp" "$runs" <<'PY'
import json, statistics, sys
n, tmp, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
rs = [json.load(open(f"{tmp}/run{r}.json")) for r in range(1, runs + 1)]
rs.sort(key=lambda j: j["wall_s"])
m = rs[len(rs) // 2]
print(f"{n:<6} {m['wall_s']:<9.2f} {m['jobs']:<7} {m['messages_per_s']:<11.0f} {100*m['worker_idle']:<7.1f} "
      f"{1e6*m.get('coordinator_s_per_job', 0):<9.0f} "
      f"{m['totals']['nodes']/1e6:<12.1f} (walls " + " ".join("%.2f" % j["wall_s"] for j in rs) + f"; {m['result']})")
PY
done
python3 - "$tmp/log" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
secs = sorted(float(r[3]) for r in rows)
solved = sum(r[1] != '?' for r in rows)
def q(p): return secs[min(len(secs) - 1, int(p * len(secs)))]
print(f"last run's jobs: {len(rows)}, solved {solved} ({100*solved/len(rows):.0f}%), unknown {len(rows)-solved}")
print("job seconds: p10 {:.4f} p50 {:.4f} p90 {:.4f} p99 {:.4f} max {:.4f} mean {:.4f}".format(
    q(.1), q(.5), q(.9), q(.99), secs[-1], sum(secs) / len(secs)))
PY
