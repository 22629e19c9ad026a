#!/usr/bin/env python3
"""How good are kinrow's moves, by a judge's measure? For each position (a kinrow move list, `row,col`,
one per line), kinrow's move at a fixed node budget (deterministic), then Rapfi's evaluation (classical,
one thread, a fixed node budget) of the position before the move and after it, from the mover's side.
The loss of a move is the judge's evaluation before it less after it (mates count as +-2000): a screen of
an engine change on quiet positions that takes minutes, where a match takes hours. The judge's verdicts
are cached by position in a JSON file, so a second engine on the same positions asks only for the moves
it plays differently.

The loss also holds the judge's own drift: its search after a move is not its search before it, and
it "loses" points on the very move it would play itself. The **regret** compares like with like: the
judge's evaluation after its own move less after kinrow's (zero when they play the same move), both
positions searched alike. The summary gives both, and both again on the quiet positions (no verdict a
mate).

    scripts/gomoku_move_quality.py /work/sparring/rapfi/pbrain-rapfi data/gomoku_move_quality.txt \\
        --kinrow build/kinrow --nodes 300000 --cache judge.json [--out moves.txt]

Positions from games: every Nth position where a player was to move, from ply FIRST to LAST of each game
of `kinrow match --save` SGF collections (the file data/gomoku_move_quality.txt was made so):

    scripts/gomoku_move_quality.py --from-sgf RUN1.sgf RUN2.sgf --player pbrain- --plies 3-23 --every 8

A position that recurs (the same opening and reply in several games) is listed once. One colour's turns
only, every second of them in each game (data/gomoku_move_quality_black.txt, kinrow's first ten moves
as black):

    scripts/gomoku_move_quality.py --from-sgf RUN.sgf --player kinrow --colour black --plies 4-20 --turn-step 2 --every 1

Two engines compared, paired by position (the `--out` files of two runs on the same positions, judge and
cache): where their moves differ, how often the judge rates each one's move higher, with a two-sided sign
test, and by how much on average, with a 95% interval. The count is not moved by one large entry; the
mean is (one move misjudged by 600 points outweighs twenty small ones), and it says by how much:

    scripts/gomoku_move_quality.py --compare BEFORE.txt AFTER.txt

Where a miss comes from: on the quiet positions of a run (its `--out` file) where kinrow's move and the
judge's differ, kinrow searches the position after each of the two moves with the same budget (`--nodes`,
the opponent to move) and says which it prefers. Preferring the judge's move, kinrow's own search would
have played it given the time to look: its root search missed it (the order or the reductions). Preferring
its own, kinrow's evaluation at that depth disagrees with the judge. Both counts, and both again where the
judge's regret is over 50:

    scripts/gomoku_move_quality.py --second-opinion RUN.txt --kinrow build/kinrow --nodes 150000

How far to trust the judge: on the same positions, the judge again at another budget (e.g. ten times)
rates the position after each of the two moves; how often it agrees with the run's judge on which is
better, and how often it prefers the judge's move to kinrow's:

    scripts/gomoku_move_quality.py /work/sparring/rapfi/pbrain-rapfi --recheck RUN.txt --judge-nodes 10000000
"""
import argparse
import json
import math
import os
import statistics
from typing import NamedTuple

from kinrow_cli import solve_gomoku
from rapfi_judge import MATE_THRESHOLD, RapfiJudge, clamp
from sparring_blunders import parse_sgf


class Verdict(NamedTuple):
    """kinrow's move in a position and the judge's evaluations, all from the mover's side."""
    move: str
    before: int
    after: int  # after kinrow's move
    judge_move: str
    after_judge_move: int
    position: str

    def quiet(self):
        """No verdict is a mate."""
        return all(abs(v) < MATE_THRESHOLD for v in (self.before, self.after, self.after_judge_move))


def positions_from_sgf(paths, players, first, last, every, colour=None, turn_step=1):
    """Move lists before the moves of the player (any of the `players`: substrings of its name) at plies
    first..last: every `turn_step`-th of its turns in each game, only as `colour` when given; then every
    `every`-th of the list, each position once (the first time)."""
    positions = []
    for path in paths:
        with open(path) as f:
            for _, black, white, _, moves in parse_sgf(f.read()):
                player_is_black = any(p in black for p in players)
                if not player_is_black and not any(p in white for p in players):
                    continue
                if colour and (colour == "black") != player_is_black:
                    continue
                turns = [ply for ply in range(first, min(len(moves) - 1, last + 1))
                         if (ply % 2 == 0) == player_is_black]
                positions += [" ".join(f"{r},{c}" for r, c in moves[:ply]) for ply in turns[::turn_step]]
    return list(dict.fromkeys(positions[::every]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("judge", nargs="?", help="path of pbrain-rapfi")
    parser.add_argument("positions", nargs="?", help="file of move lists, one position per line")
    parser.add_argument("--kinrow", default="build/kinrow")
    parser.add_argument("--nodes", type=int, default=300000, help="kinrow's main-search nodes a move")
    parser.add_argument("--judge-nodes", type=int, default=100000)
    parser.add_argument("--cache", help="JSON file of the judge's verdicts, read and extended")
    parser.add_argument("--out", help="write 'move before after | position' per position")
    parser.add_argument("--from-sgf", nargs="+", metavar="SGF", help="print positions from these games instead")
    parser.add_argument("--player", action="append",
                        help="--from-sgf: substring of the mover's name (repeat for several; default pbrain-)")
    parser.add_argument("--colour", choices=("black", "white"), help="--from-sgf: only the games it played as this colour")
    parser.add_argument("--turn-step", type=int, default=1, help="--from-sgf: every Nth of its turns in each game")
    parser.add_argument("--plies", default="3-23", help="--from-sgf: FIRST-LAST plies (stones on the board)")
    parser.add_argument("--every", type=int, default=8, help="--from-sgf: keep every Nth position")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare two --out files instead")
    parser.add_argument("--recheck", metavar="RUN",
                        help="instead: where the moves of an --out file differ from the judge's, the judge at "
                             "--judge-nodes rates both moves again")
    parser.add_argument("--second-opinion", metavar="RUN",
                        help="instead: where the moves of an --out file differ from the judge's, kinrow's own "
                             "value of both moves at --nodes each")
    args = parser.parse_args()

    if args.second_opinion:
        print(second_opinion(read_verdicts(args.second_opinion).values(), args.kinrow, args.nodes))
        return

    if args.compare:
        runs = [read_verdicts(path) for path in args.compare]
        for line in compare(*runs):
            print(line)
        return

    if args.from_sgf:
        try:
            first, last = (int(x) for x in args.plies.split("-"))
        except ValueError:
            parser.error(f"--plies wants FIRST-LAST, not {args.plies!r}")
        if args.turn_step < 1 or args.every < 1:
            parser.error("--turn-step and --every want a whole number of at least 1")
        for p in positions_from_sgf(args.from_sgf, args.player or ["pbrain-"], first, last, args.every,
                                    args.colour, args.turn_step):
            print(p)
        return
    if not args.judge or not (args.positions or args.recheck):
        parser.error("give the judge and a positions file (or --recheck RUN, or --from-sgf)")

    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            try:
                cache = json.load(f)
            except json.JSONDecodeError as e:
                raise SystemExit(f"{args.cache}: not a cache of verdicts ({e})")
        for key, verdict in cache.items():
            if not (isinstance(verdict, list) and len(verdict) == 2):
                raise SystemExit(f"{args.cache}: not a cache of verdicts (an entry is not [eval, move]: {key})")
    judge = None  # started at the first verdict the cache does not hold

    def judged(position):
        """The judge's (evaluation for the side to move, move as `row,col`); (None, None): no verdict."""
        nonlocal judge
        key = f"{args.judge_nodes}|{position}"
        if key not in cache:
            judge = judge or RapfiJudge(args.judge, args.judge_nodes)
            stones = [tuple(int(x) for x in m.split(",")) for m in position.split()]
            value, move = judge.evaluate(15, [(c, r) for r, c in stones])
            cache[key] = [value, None if move is None else f"{move[1]},{move[0]}"]
        return cache[key]

    def finish():
        """Closes the judge if it was started and keeps every verdict in the cache."""
        if judge:
            judge.close()
        if args.cache:
            with open(args.cache, "w") as f:
                json.dump(cache, f)

    if args.recheck:
        try:
            print(recheck(read_verdicts(args.recheck).values(), args.judge_nodes,
                          lambda position: judged(position)[0]))
        except (OSError, RuntimeError) as e:
            raise SystemExit(f"{args.judge}: {e}")
        finally:
            finish()
        return

    with open(args.positions) as f:
        positions = [(n, line.strip()) for n, line in enumerate(f, 1) if line.strip() and not line.startswith("#")]
    results = []  # Verdicts
    for number, position in positions:
        where = f"{args.positions}:{number}"
        move = solve_gomoku(args.kinrow, position, ["--nodes", str(args.nodes)], where)["best_move"]
        try:
            before, best = judged(position)
            after, _ = judged(f"{position} {move}")
            after_best = after if best == move or best is None else judged(f"{position} {best}")[0]
        except (OSError, RuntimeError) as e:
            raise SystemExit(f"{args.judge}: {e}")
        if None not in (before, after, after_best):
            # The opponent moves next: his view, turned.
            results.append(Verdict(move, before, -after, best, -after_best, position))
    finish()
    if args.out:
        with open(args.out, "w") as f:
            f.writelines(f"{r.move} {r.before} {r.after} {r.judge_move} {r.after_judge_move} | {r.position}\n"
                         for r in results)
    if not results:
        raise SystemExit("no position got a verdict")
    print(summary("positions", results))
    quiet = [r for r in results if r.quiet()]
    if quiet:
        print(summary("quiet positions", quiet))


def read_verdicts(path):
    """The Verdicts of an --out file, by position; a malformed line stops with one line naming it."""
    verdicts = {}
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                head, bar, position = line.partition(" | ")
                fields = head.split()
                try:
                    if not bar or len(fields) != 5:
                        raise ValueError
                    verdict = Verdict(fields[0], int(fields[1]), int(fields[2]), fields[3], int(fields[4]),
                                      position.strip())
                except ValueError:
                    raise SystemExit(f"{path}:{number}: not a verdict line "
                                     "('move before after judge_move after_judge_move | position')")
                verdicts[verdict.position] = verdict
    except OSError as e:
        raise SystemExit(f"{path}: {e.strerror}")
    return verdicts


def sign_test(wins, losses):
    """Two-sided exact binomial p-value of `wins` against `losses` at even odds (ties left out)."""
    n, k = wins + losses, min(wins, losses)
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(a, b):
    """Lines comparing two runs' Verdicts (dicts by position) on the positions both judged: all of them
    (evaluations clamped, so a move into a forced loss counts as a large loss) and the quiet ones."""
    shared = [(a[p], b[p]) for p in a if p in b]
    if not shared:
        raise SystemExit("the two runs share no position")
    lines = []
    for name, pairs in (("positions", shared), ("quiet positions", [(x, y) for x, y in shared if x.quiet() and y.quiet()])):
        differ = [(clamp(x.after), clamp(y.after)) for x, y in pairs if x.move != y.move]
        a_better = sum(x > y for x, y in differ)
        b_better = sum(y > x for x, y in differ)
        gains = [y - x for x, y in differ]
        mean = statistics.mean(gains) if gains else 0.0
        # The normal 95% interval of that mean (none below two differing positions).
        half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.nan
        lines.append(f"{name} {len(pairs)}: the same move {len(pairs) - len(differ)}; where the moves differ "
                     f"({len(differ)}) the judge prefers A's {a_better}, B's {b_better}, neither "
                     f"{len(differ) - a_better - b_better}; sign test p = {sign_test(a_better, b_better):.3f}; "
                     f"B - A mean {mean:+.1f} +/- {half:.1f} (95%)")
    return lines


def misses(verdicts):
    """The quiet Verdicts whose move is not the judge's."""
    return [v for v in verdicts if v.quiet() and v.move != v.judge_move]


def scored_misses(verdicts, score_after):
    """(Verdict, kinrow's move's score, the judge's move's score) for each miss both moves of which
    `score_after` scores: it gives the score for the side to move after a move list (None: no verdict),
    so the opponent's, turned here for the mover."""
    for v in misses(verdicts):
        scores = [score_after(f"{v.position} {m}") for m in (v.move, v.judge_move)]
        if None not in scores:
            yield v, -scores[0], -scores[1]


def second_opinion(verdicts, kinrow, nodes):
    """One line: over the misses, how often kinrow, searching the position after each of the two moves
    with `nodes` nodes, prefers the judge's move and how often its own (ties apart); the same where the
    judge's regret is over 50."""
    counts = {False: [0, 0], True: [0, 0]}  # by regret over 50: [judge's preferred, own preferred]
    kinrow_score = lambda moves: solve_gomoku(kinrow, moves, ["--nodes", str(nodes)], moves)["score"]
    for v, own, judges in scored_misses(verdicts, kinrow_score):
        if own != judges:
            counts[v.after_judge_move - v.after > 50][own > judges] += 1
    every = [counts[False][i] + counts[True][i] for i in range(2)]
    return (f"where the moves differ, kinrow at {nodes} nodes a move prefers the judge's {every[0]}, its own "
            f"{every[1]}; where the judge's regret is over 50: the judge's {counts[True][0]}, its own {counts[True][1]}")


def recheck(verdicts, nodes, evaluate):
    """One line: over the misses, how often `evaluate` (the judge at another budget: the score for the
    side to move after a move list, None for no verdict) prefers the judge's move and how often kinrow's,
    and how often it ranks the two as the run's judge did (ties of either apart)."""
    agree = ranked = judges = kinrows = 0
    for v, own, best in scored_misses(verdicts, evaluate):
        if own == best:
            continue
        judges += best > own
        kinrows += own > best
        if v.after != v.after_judge_move:
            ranked += 1
            agree += (best > own) == (v.after_judge_move > v.after)
    return (f"the judge at {nodes} nodes prefers the judge's move in {judges}, kinrow's in {kinrows}; "
            f"it ranks the two as the run's judge did in {agree} of {ranked}")


def summary(name, results):
    """One line: the loss and the regret of kinrow's moves over `results` (Verdicts)."""
    losses = [clamp(r.before) - clamp(r.after) for r in results]
    regrets = [clamp(r.after_judge_move) - clamp(r.after) for r in results]
    into_mate = sum(r.before > -MATE_THRESHOLD and r.after <= -MATE_THRESHOLD for r in results)
    same = sum(r.move == r.judge_move for r in results)
    return (f"{name} {len(results)}: mean loss {statistics.mean(losses):.1f}, median {statistics.median(losses):.1f}, "
            f"over 100: {sum(x > 100 for x in losses)}, into a forced loss: {into_mate}; the judge's move played "
            f"{same}, regret mean {statistics.mean(regrets):.1f}, over 50: {sum(x > 50 for x in regrets)}")


if __name__ == "__main__":
    main()
