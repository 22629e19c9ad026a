#!/bin/sh
# One chunk of a sparring match: pbrain-kinrow against an external Gomocup brain on a slice of the
# balanced openings (each opening twice, colours swapped), under the benchmark lock so that a chunk
# (about 10 minutes at most) never overlaps anyone's timing run. Sum the chunks with
# scripts/sparring_summary.py.
#
#   scripts/sparring_match.sh PARTNER TIME_MS FIRST COUNT OUT [extra kinrow match options]
#
# plays openings FIRST .. FIRST+COUNT-1 (0-based, comment lines skipped) of $OPENINGS (default
# data/gomoku_openings_15.txt) and writes OUT.txt (per-game lines and the summary), OUT.sgf and
# OUT.claims. $KINROW and $BRAIN override build/kinrow and build/pbrain-kinrow.
set -eu
if [ $# -lt 5 ]; then
    echo "usage: $0 PARTNER TIME_MS FIRST COUNT OUT [kinrow match options]" >&2
    exit 2
fi
partner=$1 time_ms=$2 first=$3 count=$4 out=$5
shift 5
root=$(cd "$(dirname "$0")/.." && pwd)
kinrow=${KINROW:-$root/build/kinrow}
brain=${BRAIN:-$root/build/pbrain-kinrow}
openings=${OPENINGS:-$root/data/gomoku_openings_15.txt}
slice=$(mktemp)
trap 'rm -f "$slice"' EXIT
grep -v '^#' "$openings" | sed -n "$((first + 1)),$((first + count))p" > "$slice"
if [ ! -s "$slice" ]; then
    echo "$0: no openings from $first in $openings" >&2
    exit 1
fi
games=$((2 * $(wc -l < "$slice")))
echo "# $kinrow match $brain $partner --openings $openings (from $first, $count) --openings-format offset --games $games --time-ms $time_ms $*" > "$out.txt"
flock /tmp/kinrow-bench.lock "$kinrow" match "$brain" "$partner" --openings "$slice" --openings-format offset \
    --games "$games" --time-ms "$time_ms" --verbose --save "$out.sgf" --claims "$out.claims" "$@" >> "$out.txt"
tail -n 3 "$out.txt"
