#!/usr/bin/env python3
"""Two runs of `kinrow match --verbose` on the same openings, compared game by game.

A screen plays a test build and main against the same partner from the same openings (the same
`--seed` or `--openings`), so game N of one run and game N of the other start alike and differ
only by the build. Counting the games the test build scored better and worse in removes the
openings' variance from the comparison (the sign test over the games that differ); the partner's
own noise stays (a node-limited Rapfi replays about 14% of the games differently even against the
same build: PERFORMANCE.md, session 45).

    scripts/match_paired.py MAIN.txt TEST.txt [--player kinrow]

prints each run's W-D-L for the player (the one whose name starts with --player), as black and as
white, then "B better in X, worse in Y (z = ...)" over the games both runs finished.
"""
import argparse
import math
import re
import sys

GAME = re.compile(r"^game (\d+): (.+) \(black\) vs (.+) \(white\): (B\+|W\+|draw) after \d+ moves")


def results(path, player):
    """{game number: (the player's score 1 / 0.5 / 0, its colour)} of a verbose match output."""
    try:
        lines = open(path).read().splitlines()
    except OSError as error:
        sys.exit(f"cannot read {path}: {error.strerror}")
    games = {}
    for line in lines:
        m = GAME.match(line)
        if not m:
            continue
        number, black, white, outcome = m.groups()
        if black.startswith(player) == white.startswith(player):
            sys.exit(f"{path}: game {number}: cannot tell which side is '{player}' ({black} vs {white})")
        colour = "black" if black.startswith(player) else "white"
        if outcome == "draw":
            score = 0.5
        else:
            score = 1.0 if (outcome == "B+") == (colour == "black") else 0.0
        games[int(number)] = (score, colour)
    if not games:
        sys.exit(f"{path}: no 'game N: ... (black) vs ... (white): RESULT after M moves' lines")
    return games


def record(games):
    """'W-D-L, score%; as black W-D-L, as white W-D-L'."""
    def wdl(scores):
        return f"{scores.count(1.0)}-{scores.count(0.5)}-{scores.count(0.0)}"
    scores = [s for s, _ in games.values()]
    by_colour = {c: [s for s, col in games.values() if col == c] for c in ("black", "white")}
    return (f"{wdl(scores)}, {100 * sum(scores) / len(scores):.1f}% over {len(scores)}; "
            f"as black {wdl(by_colour['black'])}, as white {wdl(by_colour['white'])}")


def compare(a, b):
    """(games in both, B better, B worse, z of the sign test)."""
    common = sorted(set(a) & set(b))
    better = sum(1 for g in common if b[g][0] > a[g][0])
    worse = sum(1 for g in common if b[g][0] < a[g][0])
    z = (better - worse) / math.sqrt(better + worse) if better + worse else 0.0
    return len(common), better, worse, z


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="the reference run's output (main)")
    parser.add_argument("b", help="the test run's output")
    parser.add_argument("--player", default="kinrow", help="the compared player's name prefix")
    args = parser.parse_args()
    a, b = results(args.a, args.player), results(args.b, args.player)
    print(f"A {args.a}: {record(a)}")
    print(f"B {args.b}: {record(b)}")
    common, better, worse, z = compare(a, b)
    print(f"{common} games in both: B better in {better}, worse in {worse} (z = {z:+.2f})")


if __name__ == "__main__":
    main()
