#!/usr/bin/env python3
"""Where did kinrow lose? Replays the games a player lost (an SGF collection from `kinrow match
--save`) and asks a judge brain (Rapfi, classical, a fixed node budget per position) to evaluate
the position before each of the loser's moves and after it. The biggest drops of the judge's
evaluation, from the loser's side, where the loser did not play the judge's move, are the moves that
lost the game; each is printed with the
position as a kinrow move list (`row,col`, for `kinrow analyze gomoku --moves ...` or a test), the
move played and the judge's choice.

    scripts/sparring_blunders.py /work/sparring/rapfi/pbrain-rapfi runs/rapfi-500-0.sgf \\
        --loser pbrain-kinrow --nodes 100000 --top 2
"""
import argparse
import re

from rapfi_judge import RapfiJudge


def parse_sgf(text):
    """(black name, white name, result, [(row, col), ...]) per game of the collection."""
    games = []
    for game in re.findall(r"\(;GM\[4\].*?\)\s*$", text, re.M | re.S):
        size = int(re.search(r"SZ\[(\d+)", game).group(1))
        black = re.search(r"PB\[([^\]]*)\]", game).group(1)
        white = re.search(r"PW\[([^\]]*)\]", game).group(1)
        result = re.search(r"RE\[([^\]]*)\]", game).group(1)
        moves = [(ord(p[1]) - 97, ord(p[0]) - 97) for p in re.findall(r";[BW]\[([a-z]{2})\]", game)]
        games.append((size, black, white, result, moves))
    return games


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("judge", help="path of pbrain-rapfi")
    parser.add_argument("sgf", nargs="+", help="SGF collections from kinrow match --save")
    parser.add_argument("--loser", default="pbrain-kinrow", help="substring of the player's name")
    parser.add_argument("--nodes", type=int, default=100000, help="the judge's nodes per position")
    parser.add_argument("--top", type=int, default=2, help="drops reported per game")
    parser.add_argument("--opening", type=int, default=3, help="opening stones (not the loser's moves)")
    args = parser.parse_args()

    judge = RapfiJudge(args.judge, args.nodes)
    for path in args.sgf:
        with open(path) as f:
            games = parse_sgf(f.read())
        for number, (size, black, white, result, moves) in enumerate(games, 1):
            loser_is_black = args.loser in black
            if not result or result == "0" or (result == "W+") != loser_is_black:
                continue  # a draw, or the player won
            drops = []
            # The loser's moves: even plies for black, odd for white, after the opening.
            first = args.opening if (args.opening % 2 == 0) == loser_is_black else args.opening + 1
            for ply in range(first, len(moves), 2):
                before, best = judge.evaluate(size, [(c, r) for r, c in moves[:ply]])
                after, _ = judge.evaluate(size, [(c, r) for r, c in moves[: ply + 1]])
                before, after, best = before or 0, after or 0, (best[1], best[0])  # (row, col)
                # The judge's own move is no blunder of the player's, however the
                # evaluation falls (the judge saw deeper after it): a drop counts
                # only where the player chose otherwise.
                if moves[ply] != best:
                    drops.append((before + after, ply, before, -after, best))  # after: the opponent's view
            drops.sort(reverse=True)
            print(f"{path} game {number}: {args.loser} {'black' if loser_is_black else 'white'}, lost in {len(moves)} moves")
            for drop, ply, before, after, best in drops[: args.top]:
                played = moves[ply]
                print(f"  move {ply + 1}: {played[0]},{played[1]} takes the judge's eval from {before} to {after} "
                      f"(judge plays {best[0]},{best[1]}); position: {' '.join(f'{r},{c}' for r, c in moves[:ply])}")
    judge.close()


if __name__ == "__main__":
    main()
