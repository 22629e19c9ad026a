#!/bin/sh
# Rapfi as kinrow's matches play it (docs/gomoku.md, "Sparring partners"): Gomocup's "INFO max_memory"
# becomes a 128 MiB table (RAPFI_TABLE_BYTES), since on these machines faulting in a 350 MB table at
# the first move ran past the turn (session 34); with RAPFI_NODES set, "INFO max_node N" follows
# every START, so each move is searched to a node budget whatever the machine's load (the screens
# of PERFORMANCE.md, "RAPFI_AT_NODES"). RAPFI names the brain (default: where
# scripts/build_sparring.sh puts it).
#
#   RAPFI_NODES=60000 build/kinrow match kinrow:nodes=100000,time=60000,tt=64 scripts/sparring/rapfi_at.sh ...
rapfi=${RAPFI:-/work/sparring/rapfi/pbrain-rapfi}
table=${RAPFI_TABLE_BYTES:-134217728}
case "${RAPFI_NODES:-}" in
    '') budget='' ;;
    *[!0-9]*) echo "ERROR RAPFI_NODES must be a number of nodes, not '$RAPFI_NODES'"; exit 1 ;;
    *) budget="/^START/I a INFO max_node $RAPFI_NODES" ;;
esac
case "$table" in
    ''|*[!0-9]*) echo "ERROR RAPFI_TABLE_BYTES must be a number of bytes, not '$table'"; exit 1 ;;
esac
sed -u -e "s/^INFO max_memory .*/INFO max_memory $table/I" -e "$budget" | exec "$rapfi"
