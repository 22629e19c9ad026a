#!/usr/bin/env python3
"""Games of `kinrow match --save` (an SGF collection) as training games for `kinrow tune-gomoku`.

The tuner learns from self-play (docs/gomoku.md, "The tuning"); games against other engines show
what they exploit and what self-play never plays. This writes each finished game of the collections
in the tuner's format (`--load-games`): the result for black (1, 0 or 0.5), then the moves as
`row * size + col`. Games that ended by a forfeit or without a result are left out (a forfeit is not
a result of the position).

    scripts/sgf_to_training_games.py runs/pela-100.sgf > pela.games
    build/kinrow tune-gomoku --load-games pela.games --start shipped --rounds 1 --opening-stones 3 --out w.txt
"""
import argparse
import re
import sys

RESULTS = {"B+": "1", "W+": "0", "0": "0.5", "Draw": "0.5"}


def training_lines(text):
    """(lines, skipped): one tuner line per finished game of an SGF collection."""
    lines, skipped = [], 0
    for game in re.findall(r"\(;GM\[4\].*?\)\s*$", text, re.M | re.S):
        size = int(re.search(r"SZ\[(\d+)", game).group(1))
        result = re.search(r"RE\[([^\]]*)\]", game)
        comment = re.search(r"C\[([^\]]*)\]", game)
        if not result or result.group(1) not in RESULTS or (comment and "forfeit" in comment.group(1)):
            skipped += 1
            continue
        moves = [(ord(p[1]) - 97) * size + ord(p[0]) - 97 for p in re.findall(r";[BW]\[([a-z]{2})\]", game)]
        lines.append(" ".join([RESULTS[result.group(1)]] + [str(m) for m in moves]))
    return lines, skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sgf", nargs="+", help="SGF collections from kinrow match --save")
    args = parser.parse_args()
    print("# result for black (1, 0, 0.5), then the moves as row * width + col")
    for path in args.sgf:
        try:
            text = open(path).read()
        except OSError as error:
            sys.exit(f"sgf_to_training_games.py: cannot read {path}: {error.strerror}")
        lines, skipped = training_lines(text)
        if not lines and not skipped:
            sys.exit(f"sgf_to_training_games.py: {path} holds no SGF games")
        print(f"# {path}: {len(lines)} games" + (f" ({skipped} without a result left out)" if skipped else ""))
        for line in lines:
            print(line)


if __name__ == "__main__":
    main()
