#!/usr/bin/env python3
"""Sums the chunks of a sparring match (scripts/sparring_match.sh output files): wins, draws and
losses of the first player, score, Elo with its 95% error bar (the formula of `kinrow match`), and
each player's robustness record (moves over the per-move time, slowest move, forfeits, retracted
win claims, claims dropped for a move: 0 from reports written before the count was added).

    scripts/sparring_summary.py /work/sparring/runs/pela-500-*.txt
"""
import math
import re
import sys


def elo(score):
    return -400 * math.log10(1 / score - 1)


def main():
    wins = draws = losses = 0
    records = {}
    for path in sys.argv[1:]:
        with open(path) as f:
            for line in f:
                m = re.search(r": (\d+) games, \+(\d+) =(\d+) -(\d+),", line)
                if m:
                    wins += int(m.group(2))
                    draws += int(m.group(3))
                    losses += int(m.group(4))
                m = re.match(r"(\S+): (\d+) moves over (\d+) ms \(slowest (\d+) ms\), (\d+) forfeits, (\d+) retracted"
                             r"(?: win claims, (\d+) claims dropped)?", line)
                if m:
                    r = records.setdefault(m.group(1), [0, 0, 0, 0, 0])
                    r[0] += int(m.group(2))
                    r[1] = max(r[1], int(m.group(4)))
                    r[2] += int(m.group(5))
                    r[3] += int(m.group(6))
                    r[4] += int(m.group(7) or 0)
    games = wins + draws + losses
    if not games:
        sys.exit("no match results in the files")
    s = (wins + 0.5 * draws) / games
    edge = 0.5 / games
    c = min(max(s, edge), 1 - edge)
    var = (wins * (1 - c) ** 2 + draws * (0.5 - c) ** 2 + losses * c * c) / games
    err = 1.96 * math.sqrt(var / games) * 400 / math.log(10) / (c * (1 - c))
    score_err = 1.96 * math.sqrt(var / games)
    print(f"{games} games, +{wins} ={draws} -{losses}, score {100 * s:.1f}% +/- {100 * score_err:.1f}%, "
          f"Elo {elo(c) if abs(elo(c)) >= 0.5 else 0.0:+.0f} +/- {err:.0f} (95%)")  # no "-0"
    for name, (late, slowest, forfeits, retracted, dropped) in records.items():
        print(f"{name}: {late} moves over the limit (slowest {slowest} ms), {forfeits} forfeits, "
              f"{retracted} retracted win claims, {dropped} claims dropped for a move")


if __name__ == "__main__":
    main()
