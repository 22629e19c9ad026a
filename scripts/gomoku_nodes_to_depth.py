#!/usr/bin/env python3
"""Nodes to a fixed depth over a Gomoku position set: the cost of a search change, free of the clock.

Runs `kinrow solve gomoku --moves P --depth D --json` on every `position:` line of a file in the
format of scripts/sparring_blunders.py (data/gomoku_sparring_blunders.txt) and prints the number of
positions and the summed node count (main search and threat searches). Node counts are
deterministic, so two builds compare exactly:

    scripts/gomoku_nodes_to_depth.py --kinrow build/kinrow --depth 8 data/gomoku_sparring_blunders.txt
"""
import argparse
import re
import sys

from kinrow_cli import solve_gomoku


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("positions", help="file with 'position: MOVES' lines")
    parser.add_argument("--kinrow", default="build/kinrow")
    parser.add_argument("--depth", type=int, default=8)
    args = parser.parse_args()
    total = count = 0
    try:
        lines = open(args.positions).read().splitlines()
    except OSError as error:
        sys.exit(f"cannot read {args.positions}: {error.strerror}")
    for number, line in enumerate(lines, 1):
        match = re.search(r"position: (.*)$", line)
        if not match:
            continue
        moves = match.group(1).strip()
        where = f"{args.positions}:{number}"
        total += solve_gomoku(args.kinrow, moves, ["--depth", str(args.depth)], where)["nodes"]
        count += 1
    print(f"{count} positions, depth {args.depth}: {total} nodes")


if __name__ == "__main__":
    main()
