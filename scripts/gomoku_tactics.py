#!/usr/bin/env python3
"""The Gomoku tactics set from lost sparring games: does kinrow now find the move it missed?

Reads the output of sparring_blunders.py (data/gomoku_sparring_blunders.txt) and keeps two kinds of
position: **defend** (the judge rated it playable, above -MARGIN for the side to move, and kinrow's
move let the opponent win by force: the judge's eval after it below -19,000) and **win** (the judge
rated it a forced win, above 19,000, and kinrow's move let it go). For each, kinrow chooses a move
(`kinrow solve gomoku --moves ...` with the given limits) and the judge (Rapfi, classical, a fixed
node budget) rates the position after it: a defence is solved when the opponent no longer has a
forced win, a win when the side to move still has one (a four of kinrow's is judged after the
forced block: rapfi_judge.py). Prints one line per position and the rates.

    scripts/gomoku_tactics.py /work/sparring/rapfi/pbrain-rapfi data/gomoku_sparring_blunders.txt \\
        --kinrow build/kinrow --time-ms 400 --nodes 100000

Use node limits (`--limit nodes=N`) for a figure that does not depend on the machine's load; a
time limit (the default) measures what a match turn gets.
"""
import argparse
import re

from kinrow_cli import solve_gomoku
from rapfi_judge import RapfiJudge

MATE = 19000


def positions(path, margin):
    """(kind, moves as 'r,c' strings) for every defend / win position of a blunders file."""
    found = []
    pattern = re.compile(r"takes the judge's eval from (-?\d+) to (-?\d+) .*; position: (.*)$")
    with open(path) as f:
        for line in f:
            m = pattern.search(line)
            if not m:
                continue
            before, after, moves = int(m.group(1)), int(m.group(2)), m.group(3).split()
            if before >= MATE and after < MATE:
                found.append(("win", moves))
            elif before > -margin and after <= -MATE:
                found.append(("defend", moves))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("judge", help="path of pbrain-rapfi")
    parser.add_argument("blunders", help="output of sparring_blunders.py")
    parser.add_argument("--kinrow", default="build/kinrow")
    parser.add_argument("--time-ms", type=int, default=400, help="kinrow's time per position")
    parser.add_argument("--limit", action="append", default=[],
                        help="extra kinrow solve option as key=value, e.g. nodes=300000 (then no time limit)")
    parser.add_argument("--nodes", type=int, default=100000, help="the judge's nodes per position")
    parser.add_argument("--margin", type=int, default=1100, help="a defend position is above -MARGIN")
    args = parser.parse_args()

    limits = []
    for item in args.limit:
        key, value = item.split("=", 1)
        limits += [f"--{key}", value]
    if not limits:
        limits = ["--time-ms", str(args.time_ms)]
    judge = RapfiJudge(args.judge, args.nodes)
    solved = {"defend": [0, 0], "win": [0, 0]}
    for kind, moves in positions(args.blunders, args.margin):
        answer = solve_gomoku(args.kinrow, " ".join(moves), limits, f"{args.blunders}: {' '.join(moves)}")
        row, col = (int(v) for v in answer["best_move"].split(","))
        score = answer["score"]
        stones = [tuple(int(v) for v in m.split(",")) for m in moves] + [(row, col)]
        after, _ = judge.evaluate(15, [(c, r) for r, c in stones])
        mine = -(after or 0)  # the judge's eval is the opponent's after our move
        ok = mine > -MATE if kind == "defend" else mine >= MATE
        solved[kind][0] += ok
        solved[kind][1] += 1
        print(f"{kind:6} {'solved' if ok else 'missed'}  kinrow {row},{col} (score {score}), judge {mine}; "
              f"position: {' '.join(moves)}", flush=True)
    judge.close()
    for kind, (good, total) in solved.items():
        print(f"{kind}: {good} of {total}")


if __name__ == "__main__":
    main()
