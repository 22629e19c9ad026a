"""`kinrow solve gomoku ... --json` run from a script: the one place that turns kinrow's command line into
a Python dict, and a position kinrow rejects (or a kinrow that cannot run) into a one-line error. Shared
by gomoku_move_quality.py, gomoku_tactics.py and gomoku_nodes_to_depth.py."""
import json
import subprocess


def solve_gomoku(kinrow, moves, options, where):
    """kinrow's answer (the --json object: best_move, score, nodes, ...) for the position after `moves`
    (a string of `row,col` moves), searched with `options` (e.g. ["--nodes", "300000"]). `where` names
    the position in the error a rejected position stops the script with."""
    try:
        out = subprocess.run([kinrow, "solve", "gomoku", "--moves", moves, *options, "--json"],
                             capture_output=True, text=True)
    except OSError as e:
        raise SystemExit(f"{kinrow}: {e.strerror}")
    if out.returncode != 0:
        reason = (out.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"{where}: {reason}")  # kinrow names itself
    return json.loads(out.stdout)
