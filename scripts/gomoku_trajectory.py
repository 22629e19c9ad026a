#!/usr/bin/env python3
"""How does a side's position develop over the game? For each game of `kinrow match --save` SGF
collections, a judge's evaluation (Rapfi, classical, one thread, a fixed node budget) before each of
one side's N moves from ply FIRST on, from that side's view (FIRST odd: white's moves; even: black's),
then by pairing (who played black, who played white) the median by move over the games and, by result,
the median of each game's peak (its highest judged value) and how many games the judge saw a mate in.

Comparing pairings tells which side gives ground: in Rapfi's games against itself white's position
worsens as black's first-move advantage shows; with kinrow as black or as white, the difference from
that is kinrow's. The peaks tell a lost or drawn game that never had an edge from one whose edge was
let go (`--first 4 --moves 112`: every move of black's).

    scripts/gomoku_trajectory.py /work/sparring/rapfi/pbrain-rapfi SELF.sgf KINROW.sgf --nodes 100000 --moves 10

Mates count as +-2000 in the medians, as in gomoku_move_quality.py; a position the judge gives no
verdict on (a full board) is shown as `-` and left out of them.
"""
import argparse
import os
import statistics

from rapfi_judge import MATE_THRESHOLD, RapfiJudge, clamp
from sparring_blunders import parse_sgf

RESULTS = {"B+": "B+", "W+": "W+", "0": "draw"}  # SGF result -> label


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("judge", help="path of pbrain-rapfi")
    parser.add_argument("sgf", nargs="+", help="kinrow match --save collections")
    parser.add_argument("--nodes", type=int, default=100000, help="the judge's nodes a position")
    parser.add_argument("--moves", type=int, default=10, help="the side's moves judged in each game")
    parser.add_argument("--first", type=int, default=3,
                        help="the ply of the first judged move (stones on the board): odd for white, even for black")
    args = parser.parse_args()
    if args.first < 0:
        parser.error(f"--first is a number of stones, not {args.first}")
    side = "white" if args.first % 2 else "black"

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
            shown = " ".join("-" if v is None else str(v) for v in values)
            print(f"{name} {number} {black} {white} {result or 'unfinished'} {shown}", flush=True)
            pairings.setdefault((black, white), []).append((result, values))
    except (OSError, RuntimeError) as e:
        raise SystemExit(f"{args.judge}: {e}")
    finally:
        if judge:
            judge.close()
    for (black, white), played in pairings.items():
        results = {r: sum(1 for x, _ in played if x == r) for r in RESULTS}
        medians = []
        for move in range(args.moves):
            column = [clamp(v[move]) for _, v in played if len(v) > move and v[move] is not None]
            if column:
                medians.append(f"{statistics.median(column):.0f}")
        print(f"black {black}, white {white}: {len(played)} games (B+ {results['B+']}, W+ {results['W+']}, "
              f"draw {results['0']}); median from {side}'s side before {side}'s moves 1-{len(medians)}: "
              f"{' '.join(medians)}")
        peaks = []
        for r, label in RESULTS.items():
            tops = [max(judged) for x, v in played if x == r and (judged := [u for u in v if u is not None])]
            if tops:
                mates = sum(top >= MATE_THRESHOLD for top in tops)
                peak = statistics.median([clamp(t) for t in tops])
                peaks.append(f"{label} {peak:.0f} ({mates} of {len(tops)} a mate)")
        print(f"  peak from {side}'s side, median by result: {', '.join(peaks)}")


if __name__ == "__main__":
    main()
