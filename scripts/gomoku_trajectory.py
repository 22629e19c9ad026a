#!/usr/bin/env python3
"""How does white's position develop over the first moves after the opening? For each game of
`kinrow match --save` SGF collections, a judge's evaluation (Rapfi, classical, one thread, a fixed node
budget) from white's side before each of white's first N moves from ply FIRST on, then the median by
move over the games of each pairing (who played black, who played white). Comparing pairings tells
which side gives ground: in Rapfi's games against itself white's position worsens as black's first-move
advantage shows; with kinrow as black or as white, the difference from that is kinrow's.

    scripts/gomoku_trajectory.py /work/sparring/rapfi/pbrain-rapfi SELF.sgf KINROW.sgf --nodes 100000 --moves 10

Mates count as +-2000 in the medians, as in gomoku_move_quality.py.
"""
import argparse
import os
import statistics

from gomoku_move_quality import clamp
from rapfi_judge import RapfiJudge
from sparring_blunders import parse_sgf


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("judge", help="path of pbrain-rapfi")
    parser.add_argument("sgf", nargs="+", help="kinrow match --save collections")
    parser.add_argument("--nodes", type=int, default=100000, help="the judge's nodes a position")
    parser.add_argument("--moves", type=int, default=10, help="white's moves judged in each game")
    parser.add_argument("--first", type=int, default=3, help="the ply of white's first judged move (stones on the board)")
    args = parser.parse_args()
    if args.first % 2 == 0:
        parser.error(f"--first is white's ply, an odd number of stones, not {args.first}")

    games = []
    for path in args.sgf:
        try:
            with open(path) as f:
                games += [(os.path.basename(path), n, game) for n, game in enumerate(parse_sgf(f.read()), 1)]
        except OSError as e:
            raise SystemExit(f"{path}: {e.strerror}")
    judge = None
    pairings = {}  # (black, white) -> [(result, values)]
    try:
        judge = RapfiJudge(args.judge, args.nodes)
        for name, number, (size, black, white, result, moves) in games:
            values = []
            for ply in range(args.first, min(len(moves), args.first + 2 * args.moves), 2):
                value, _ = judge.evaluate(size, [(c, r) for r, c in moves[:ply]])
                values.append(value)
            black, white = os.path.basename(black), os.path.basename(white)
            print(f"{name} {number} {black} {white} {result or 'unfinished'} {' '.join(map(str, values))}", flush=True)
            pairings.setdefault((black, white), []).append((result, values))
    except (OSError, RuntimeError) as e:
        raise SystemExit(f"{args.judge}: {e}")
    finally:
        if judge:
            judge.close()
    for (black, white), played in pairings.items():
        results = {r: sum(1 for x, _ in played if x == r) for r in ("B+", "W+", "0")}
        medians = []
        for move in range(args.moves):
            column = [clamp(v[move]) for _, v in played if len(v) > move]
            if column:
                medians.append(f"{statistics.median(column):.0f}")
        print(f"black {black}, white {white}: {len(played)} games (B+ {results['B+']}, W+ {results['W+']}, "
              f"draw {results['0']}); median from white's side before white's moves 1-{len(medians)}: "
              f"{' '.join(medians)}")


if __name__ == "__main__":
    main()
