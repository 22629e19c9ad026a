#!/usr/bin/env python3
"""kinrow's VCT on positions of recorded games: how many wins it proves within a node budget, and at what
cost. A fixed, deterministic measure of the threat search (node counts do not depend on the machine),
for comparing two builds of `kinrow solve --vct`.

From each game of the training-games files (the tuner's `--load-games` format, 15x15), the position
before ply `--from` and every `--every` plies after it, to two plies before the end (a game's last
moves are a five and its forced lead-in), up to `--count` positions in file order; on each, the VCT of
the side to move (`kinrow solve gomoku --vct --nodes N --json`, 12 threats).

    scripts/gomoku_vct_set.py data/gomoku/training/kinrow_vs_rapfi_s4201.games --kinrow build/kinrow \
        --nodes 100000 --count 800

prints `positions P wins W incomplete I nodes N` (incomplete: the budget ran out before a proof or a
refutation).
"""
import argparse
import sys

from judge_training_games import parse_games
from kinrow_cli import solve_gomoku

BOARD_WIDTH = 15


def positions(games, first, every, count):
    """The `row,col` move strings of the positions to solve, in file order."""
    chosen = []
    for _, moves in games:
        for plies in range(first, len(moves) - 2, every):
            if len(chosen) == count:
                return chosen
            chosen.append(" ".join(f"{m // BOARD_WIDTH},{m % BOARD_WIDTH}" for m in moves[:plies]))
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="+", help="training games files (kinrow tune-gomoku --load-games format)")
    parser.add_argument("--kinrow", default="build/kinrow", help="the kinrow executable")
    parser.add_argument("--nodes", type=int, default=100000, help="the VCT's node budget a position")
    parser.add_argument("--from", dest="first", type=int, default=8, help="the first position's ply count")
    parser.add_argument("--every", type=int, default=5, help="plies between two positions of a game")
    parser.add_argument("--count", type=int, default=800, help="the most positions to solve")
    parser.add_argument("--verbose", action="store_true", help="print each position's answer")
    args = parser.parse_args()
    if args.nodes < 1 or args.first < 0 or args.every < 1 or args.count < 1:
        sys.exit("--nodes, --every and --count must be positive and --from not negative")
    games = []
    for path in args.games:
        try:
            with open(path) as f:
                games += parse_games(f.read())
        except OSError as e:
            sys.exit(f"{path}: {e.strerror}")
    wins = incomplete = nodes = 0
    chosen = positions(games, args.first, args.every, args.count)
    for number, moves in enumerate(chosen, 1):
        answer = solve_gomoku(args.kinrow, moves, ["--vct", "--nodes", str(args.nodes)], f"position {number}")
        wins += answer["vct"]
        incomplete += not answer["complete"]
        nodes += answer["nodes"]
        if args.verbose:
            print(f"{number} {int(answer['vct'])} {answer['nodes']} {answer['plies']} | {moves}")
    print(f"positions {len(chosen)} wins {wins} incomplete {incomplete} nodes {nodes}")


if __name__ == "__main__":
    main()
