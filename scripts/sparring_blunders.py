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

With --first-loss it asks, for each lost game, after which of the player's moves the judge first sees
a forced win for the opponent (a binary search over the player's moves: a forced loss is taken to
last), and prints that move in the same form unless it was the judge's own choice: the positions a
deeper defence had to hold, for gomoku_tactics.py (a judge of a few million nodes sees mates of
15-60 plies that one of 200,000 mostly misses):

    scripts/sparring_blunders.py /work/sparring/rapfi/pbrain-rapfi runs/rapfi-3m.sgf \\
        --loser kinrow --nodes 2000000 --first-loss

With --regret it judges every game the player played in --colour, whatever its result, and the
player's first --moves moves in each: the judge's evaluation after its own move and after the
player's, from the player's side (one line a move), then by move number how often the player chose
the judge's move and, where not, whose move the judge rates higher. A judge that rates the player's
moves as high as its own cannot see what loses the games (it searches less than the player did):

    scripts/sparring_blunders.py /work/sparring/rapfi/pbrain-rapfi runs/rapfi-5000-0.sgf \\
        --loser pbrain-kinrow --colour white --moves 10 --nodes 500000 --regret
"""
import argparse
import re
import statistics

from rapfi_judge import MATE_THRESHOLD, RapfiJudge, clamp


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
    parser.add_argument("--colour", choices=["black", "white"], help="only the player's games in this colour")
    parser.add_argument("--moves", type=int, default=0, help="only the player's first N moves in a game (0: all)")
    parser.add_argument("--regret", action="store_true",
                        help="every game of the player's: the judge's move against the player's, move by move")
    parser.add_argument("--first-loss", action="store_true",
                        help="each lost game's first move of the player's after which the judge sees a forced loss")
    args = parser.parse_args()
    if args.moves < 0:
        parser.error(f"--moves is a number of moves, not {args.moves}")
    if args.regret and args.first_loss:
        parser.error("--regret and --first-loss ask different questions: give one")

    judge = RapfiJudge(args.judge, args.nodes)
    by_move = {}  # the player's move number -> [(chose the judge's move, the judge's value of its own, of the player's)]
    for path in args.sgf:
        with open(path) as f:
            games = parse_sgf(f.read())
        for number, (size, black, white, result, moves) in enumerate(games, 1):
            loser_is_black = args.loser in black
            if args.colour and loser_is_black != (args.colour == "black"):
                continue
            if not args.regret and (not result or result == "0" or (result == "W+") != loser_is_black):
                continue  # a draw, or the player won
            drops = []
            # The loser's moves: even plies for black, odd for white, after the opening.
            first = args.opening if (args.opening % 2 == 0) == loser_is_black else args.opening + 1
            last = first + 2 * args.moves if args.moves else len(moves)
            plies = range(first, min(last, len(moves)), 2)
            if args.first_loss:
                print_first_loss(judge, path, number, size, moves, plies, args.loser, loser_is_black)
                continue
            for ply in plies:
                before, best = judge.evaluate(size, [(c, r) for r, c in moves[:ply]])
                after, _ = judge.evaluate(size, [(c, r) for r, c in moves[: ply + 1]])
                before, after, best = before or 0, after or 0, (best[1], best[0])  # (row, col)
                if args.regret:
                    own = after
                    if moves[ply] != best:
                        own, _ = judge.evaluate(size, [(c, r) for r, c in moves[:ply] + [best]])
                        own = own or 0
                    turn = (ply - first) // 2 + 1
                    by_move.setdefault(turn, []).append((moves[ply] == best, -own, -after))
                    print(f"{path} game {number} move {turn}: judge {best[0]},{best[1]} {-own}, "
                          f"{args.loser} {moves[ply][0]},{moves[ply][1]} {-after}", flush=True)
                    continue
                # The judge's own move is no blunder of the player's, however the
                # evaluation falls (the judge saw deeper after it): a drop counts
                # only where the player chose otherwise.
                if moves[ply] != best:
                    drops.append((before + after, ply, before, -after, best))  # after: the opponent's view
            if args.regret:
                continue
            drops.sort(reverse=True)
            print(game_header(path, number, args.loser, loser_is_black, moves))
            for drop, ply, before, after, best in drops[: args.top]:
                print(move_line(moves, ply, before, after, f"{best[0]},{best[1]}"))
    judge.close()
    if args.regret:
        print_regret(by_move, args.loser)


def game_header(path, number, player, player_is_black, moves):
    return f"{path} game {number}: {player} {'black' if player_is_black else 'white'}, lost in {len(moves)} moves"


def move_line(moves, ply, before, after, choice):
    """A player's move as the blunder list gives it (the form gomoku_tactics.py reads): the judge's
    evaluation before and after it from the player's side, the judge's choice, the position."""
    played = moves[ply]
    return (f"  move {ply + 1}: {played[0]},{played[1]} takes the judge's eval from {before} to {after} "
            f"(judge plays {choice}); position: {' '.join(f'{r},{c}' for r, c in moves[:ply])}")


def print_first_loss(judge, path, number, size, moves, plies, player, player_is_black):
    """The first of the player's moves (plies) after which the judge rates the opponent's position a
    forced win, by binary search (a forced loss is taken to last), printed as the blunders are."""
    def lost_after(ply):
        value, _ = judge.evaluate(size, [(c, r) for r, c in moves[: ply + 1]])
        return value, value is not None and value >= MATE_THRESHOLD

    plies = list(plies)
    lo, hi, after = 0, len(plies), None
    while lo < hi:
        mid = (lo + hi) // 2
        value, lost = lost_after(plies[mid])
        if lost:
            hi, after = mid, value
        else:
            lo = mid + 1
    header = game_header(path, number, player, player_is_black, moves)
    if lo == len(plies):
        print(f"{header}; no forced loss seen")
        return
    ply = plies[lo]  # `after` is the judge's value there: the last move the search found lost
    before, best = judge.evaluate(size, [(c, r) for r, c in moves[:ply]])
    header += f"; first forced loss after move {ply + 1}"
    if best is not None and moves[ply] == (best[1], best[0]):
        # As with the blunders: the judge's own move is no mistake of the player's; the position
        # was lost already, deeper than the judge sees.
        print(f"{header}, the judge's own move")
        return
    print(header)
    print(move_line(moves, ply, before or 0, -after, f"{best[1]},{best[0]}" if best else "none"))


def print_regret(by_move, player):
    """By move number: the judge's move chosen, and where not, whose move the judge rates higher (the
    mean of its value of its own move less the player's, mates as +-2000); then the moves that differ
    where neither value is a mate."""
    print("move | positions | the judge's move | differ: judge's better / player's better | mean regret")
    quiet = []
    for number in sorted(by_move):
        rows = by_move[number]
        differ = [(clamp(own) - clamp(played), own, played) for same, own, played in rows if not same]
        quiet += [d for d, own, played in differ if max(abs(own), abs(played)) < MATE_THRESHOLD]
        mean = f"{statistics.mean(d for d, _, _ in differ):+.1f}" if differ else "-"
        print(f"{number} | {len(rows)} | {len(rows) - len(differ)} | "
              f"{sum(d > 0 for d, _, _ in differ)} / {sum(d < 0 for d, _, _ in differ)} | {mean}")
    if quiet:
        print(f"no mate either way: {len(quiet)} moves differ, the judge's better in {sum(d > 0 for d in quiet)}, "
              f"{player}'s in {sum(d < 0 for d in quiet)}, mean regret {statistics.mean(quiet):+.1f}")


if __name__ == "__main__":
    main()
