#!/usr/bin/env python3
"""Balanced Gomoku openings for matches, judged by a stronger engine.

Draws 3-stone openings (black, white, black) in the central 5x5 of a 15x15 board, the white stone
next to a black one, one per class
of the board's 8 symmetries, asks a Rapfi pbrain (classical evaluator, one thread, a fixed node
budget: the verdict does not depend on the machine's load) for its evaluation with white to move,
and keeps those within --max-eval of even. Writes them in Gomocup's offset format (`x,y, x,y, x,y`,
column and row from the centre), the format `kinrow match --openings-format offset` reads.

An opening is its position: the two black stones in either order, under any of the 8 symmetries, are
one opening, drawn at most once. --exclude FILE (an offset-format file, repeatable) leaves out the
openings FILE holds, so that a second set shares no opening with the first.

    scripts/balanced_openings.py /work/sparring/rapfi/pbrain-rapfi > data/gomoku_openings_15.txt
    scripts/balanced_openings.py /work/sparring/rapfi/pbrain-rapfi --candidates 400 --seed 12 \
        --exclude data/gomoku_openings_15.txt > data/gomoku_openings_15_more.txt
"""
import argparse
import random
import sys

from rapfi_judge import RapfiJudge

SIZE = 15
CENTRE = SIZE // 2


def symmetries(stones):
    """The opening's 8 images under the square's rotations and reflections (order kept)."""
    images = []
    for swap in (False, True):
        for sx in (1, -1):
            for sy in (1, -1):
                images.append(tuple(((y if swap else x) * sx, (x if swap else y) * sy) for x, y in stones))
    return images


def position_key(stones):
    """One key for every form of the same opening: the black stones as a pair (either order) and the
    white stone, the least under the 8 symmetries."""
    return min((tuple(sorted((image[0], image[2]))), image[1]) for image in symmetries(stones))


def read_openings(path):
    """The openings of an offset-format file, as lists of three (x, y); '#' lines are comments."""
    try:
        lines = open(path).read().splitlines()
    except OSError as error:
        sys.exit(f"cannot read {path}: {error.strerror}")
    openings = []
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            values = [int(v) for v in line.replace(",", " ").split()]
        except ValueError:
            values = []
        if len(values) != 6:
            sys.exit(f"{path} line {number}: '{line}' is not three x,y stones")
        openings.append([(values[0], values[1]), (values[2], values[3]), (values[4], values[5])])
    return openings


def candidates(rng, wanted, excluded=frozenset()):
    seen = set(excluded)
    result = []
    attempts = 0
    while len(result) < wanted and attempts < 100000:
        attempts += 1
        stones = []
        while len(stones) < 3:
            s = (rng.randint(-2, 2), rng.randint(-2, 2))
            if s not in stones:
                stones.append(s)
        # A white stone away from both black ones leaves black far ahead: such
        # openings would be thrown away, so they are not drawn.
        if not any(max(abs(stones[1][0] - b[0]), abs(stones[1][1] - b[1])) <= 1 for b in (stones[0], stones[2])):
            continue
        key = position_key(stones)
        if key in seen:
            continue
        seen.add(key)
        result.append(stones)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rapfi", help="path of pbrain-rapfi (classical evaluator, no network)")
    parser.add_argument("--candidates", type=int, default=100, help="openings drawn (default 100)")
    parser.add_argument("--max-eval", type=int, default=80, help="keep |eval| <= this (default 80)")
    parser.add_argument("--nodes", type=int, default=150000, help="Rapfi's node budget per opening")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--exclude", action="append", default=[], metavar="FILE",
                        help="leave out the openings of this offset-format file (repeatable)")
    args = parser.parse_args()
    if args.candidates <= 0 or args.nodes <= 0 or args.max_eval < 0:
        sys.exit("--candidates and --nodes must be positive, --max-eval not negative")
    excluded = {position_key(stones) for path in args.exclude for stones in read_openings(path)}
    drawn = candidates(random.Random(args.seed), args.candidates, excluded)

    judge = RapfiJudge(args.rapfi, args.nodes)
    kept = []
    for stones in drawn:
        value, _ = judge.evaluate(SIZE, [(x + CENTRE, y + CENTRE) for x, y in stones])
        print(f"{stones} eval {value}", file=sys.stderr)
        if value is not None and abs(value) <= args.max_eval:
            kept.append((stones, value))
    judge.close()
    print(f"# {len(kept)} balanced 3-stone openings, 15x15 freestyle, Gomocup offset format (x,y from the centre;")
    print(f"# black, white, black; white to move). Made by scripts/balanced_openings.py --candidates {args.candidates}")
    exclude = "".join(f" --exclude {path}" for path in args.exclude)
    print(f"# --max-eval {args.max_eval} --nodes {args.nodes} --seed {args.seed}{exclude}: Rapfi's classical evaluation")
    print("# of each within that many points of even.")
    for stones, _ in kept:
        print(", ".join(f"{x},{y}" for x, y in stones))


if __name__ == "__main__":
    main()
