#!/usr/bin/env python3
"""Label random Connect Four positions with their exact scores, as training data.

Plays random games from the empty board, keeps one position of each (a random
number of stones, the game still on), solves them all exactly with
kinrow.solve_batch and prints the distribution of the scores and the
throughput. --out FILE writes `moves score` lines (Pons's format).

    PYTHONPATH=build/python /usr/bin/python3 examples/label_connect4.py --count 10000
"""

import argparse
import collections
import random
import time

import kinrow


def random_positions(count, min_stones, seed):
    """`count` move strings of unfinished games with min_stones..41 stones, from random play."""
    rng = random.Random(seed)
    game = kinrow.Game("connect4")
    positions = []
    while len(positions) < count:
        state = game.new_state()
        stones = rng.randint(min_stones, game.width * game.height - 1)
        while state.num_stones < stones and not state.is_terminal():
            state.play(rng.choice(state.legal_moves()))
        if not state.is_terminal():
            positions.append("".join(state.moves()))
    return positions


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="positions to label (default 10000)")
    parser.add_argument("--min-stones", type=int, default=14,
                        help="fewest stones on a board (default 14; fewer make some solves long)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--weak", action="store_true", help="win/draw/loss only (-1, 0, 1)")
    parser.add_argument("--out", help="write `moves score` lines to this file")
    args = parser.parse_args()

    positions = random_positions(args.count, args.min_stones, args.seed)
    start, cpu_start = time.perf_counter(), time.process_time()
    batch = kinrow.solve_batch(positions, weak=args.weak)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start

    if args.out:
        with open(args.out, "w") as out:
            out.writelines(f"{moves} {score}\n" for moves, score in zip(positions, batch.scores))

    scores = collections.Counter(int(s) for s in batch.scores)
    wins = sum(n for s, n in scores.items() if s > 0)
    losses = sum(n for s, n in scores.items() if s < 0)
    print(f"{len(positions)} positions ({args.min_stones}-41 stones, seed {args.seed}), "
          f"for the side to move: {wins} wins, {scores[0]} draws, {losses} losses")
    print("score  positions")
    for score in sorted(scores):
        print(f"{score:5d}  {scores[score]}")
    nodes = int(batch.nodes.sum())
    print(f"time {seconds:.2f} s (CPU {cpu_seconds:.2f} s): {len(positions) / seconds:,.0f} positions/s, "
          f"{seconds / len(positions) * 1e6:,.1f} us a position; {nodes:,} nodes, {nodes / seconds:,.0f} nodes/s")


if __name__ == "__main__":
    main()
