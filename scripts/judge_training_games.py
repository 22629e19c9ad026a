#!/usr/bin/env python3
"""Training games (the tuner's `--load-games` format) with each position judged by Rapfi.

A game's result is one noisy bit shared by all its positions; a stronger engine's search rates each
position on its own. This asks Rapfi (classical evaluator, one thread, a fixed node budget: see
rapfi_judge.py) for its score of every position from move `--from` on, turns the score into the
mover's expected score, and writes each judged move as `move:score`; `kinrow tune-gomoku
--judge-weight W` then fits the evaluation to W times that score plus 1 - W times the result.

The expected score is sigmoid(score / scale), where the scale is the one that best predicts the
games' own results from Rapfi's scores (log-loss, searched on a grid), or the one `--scale` gives
(files judged apart and fitted together should share one: a weaker player's lost games skew the
fit); Rapfi's mate scores count as a certain win or loss. Only Rapfi's verdicts enter the file: no code, table or weight of Rapfi.

    scripts/judge_training_games.py games.games --rapfi /path/pbrain-rapfi --jobs 2 > judged.games
"""
import argparse
import math
import multiprocessing
import sys

from rapfi_judge import MATE_THRESHOLD, RapfiJudge

_judge = None


def parse_games(text):
    """[(result for black, [moves])] of a training games file (its comments dropped)."""
    games = []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] not in ("1", "0", "0.5"):
            sys.exit(f"line {number}: the result '{words[0]}' is not 1, 0 or 0.5")
        try:
            games.append((float(words[0]), [int(w.split(":")[0]) for w in words[1:]]))
        except ValueError:
            sys.exit(f"line {number}: a move is not a number")
    return games


def start_judge(rapfi, nodes):
    global _judge
    _judge = RapfiJudge(rapfi, nodes)


def judge_game(job):
    """Rapfi's score for the mover of each move from `first` on (None: no score)."""
    size, first, moves = job
    stones = [(m % size, m // size) for m in moves]
    return [_judge.evaluate(size, stones[:ply])[0] for ply in range(first, len(moves))]


def expected(score, scale):
    if score >= MATE_THRESHOLD:
        return 1.0
    if score <= -MATE_THRESHOLD:
        return 0.0
    return 1 / (1 + math.exp(-score / scale))


def fit_scale(pairs):
    """The scale whose sigmoid(score / scale) best predicts the results (mover's result, score)."""
    def loss(scale):
        total = 0
        for result, score in pairs:
            p = min(max(expected(score, scale), 1e-9), 1 - 1e-9)
            total -= result * math.log(p) + (1 - result) * math.log(1 - p)
        return total
    scales = [25 * 1.05 ** i for i in range(110)]
    return min(scales, key=loss)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", help="training games file (kinrow tune-gomoku --load-games format)")
    parser.add_argument("--rapfi", required=True, help="the pbrain-rapfi binary")
    parser.add_argument("--nodes", type=int, default=20000, help="Rapfi's nodes per position (default 20000)")
    parser.add_argument("--size", type=int, default=15, help="board size (default 15)")
    parser.add_argument("--from", dest="first", type=int, default=3,
                        help="first move judged, counted from 0: the opening's stones are left out (default 3)")
    parser.add_argument("--jobs", type=int, default=1, help="Rapfi processes at once (default 1)")
    parser.add_argument("--scale", type=float,
                        help="the sigmoid's scale (default: fitted to the games' results; the shipped "
                             "games file's is 125)")
    args = parser.parse_args()
    if args.scale is not None and args.scale <= 0:
        sys.exit(f"--scale {args.scale:g}: the scale must be positive")
    text = open(args.games).read()
    games = parse_games(text)
    jobs = [(args.size, args.first, moves) for _, moves in games]
    with multiprocessing.Pool(args.jobs, start_judge, (args.rapfi, args.nodes)) as pool:
        scores = []
        for done, s in enumerate(pool.imap(judge_game, jobs, chunksize=4), 1):
            scores.append(s)
            if done % 100 == 0:
                print(f"{done} of {len(jobs)} games judged", file=sys.stderr)
    if args.scale is not None:
        scale, how = args.scale, "given by --scale"
    else:
        pairs = [(black if ply % 2 == 0 else 1 - black, score)
                 for (black, _), s in zip(games, scores)
                 for ply, score in enumerate(s, args.first)
                 if score is not None and abs(score) < MATE_THRESHOLD]
        scale, how = fit_scale(pairs), "fitted to the results"
    for line in text.splitlines():  # the input's comments (where its games came from) stay
        if line.startswith("#") and not line.startswith("# result for black"):
            print(line)
    print("# result for black (1, 0, 0.5), then the moves as row * width + col[:the mover's judged score]")
    print(f"# judged by Rapfi: scripts/judge_training_games.py --nodes {args.nodes} --from {args.first}; "
          f"a judged score is sigmoid(Rapfi's score / {scale:.0f}), the scale {how}")
    for (black, moves), s in zip(games, scores):
        words = [f"{black:g}"]
        for ply, move in enumerate(moves):
            score = s[ply - args.first] if ply >= args.first else None
            words.append(str(move) if score is None else f"{move}:{expected(score, scale):.4f}")
        print(" ".join(words))


if __name__ == "__main__":
    main()
