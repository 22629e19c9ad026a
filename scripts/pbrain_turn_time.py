#!/usr/bin/env python3
"""How much of its turn a Gomocup brain uses, and how many nodes it searches in it.

Gives the brain each position of a file as a 15x15 `BOARD` under `INFO timeout_turn TURN_MS`: the
`position: MOVES` lines of data/gomoku_sparring_blunders.txt by default (with --every 3 --count 20,
the depth set of docs/PERFORMANCE.md), or, in a file without such lines, every line that is a move
list (`row,col` pairs; `#` comments skipped), as data/gomoku_move_quality_black_middle.txt. Prints
the time to each answer, their mean and median, and the nodes of each answer the brain reports:
pbrain-kinrow's `MESSAGE depth D score S nodes N time T ms` (with its nodes/s, mean depth and the
nodes' split between the main search, the VCF at its leaves and the threat searches at the root) and
Rapfi's `MESSAGE ... | Node 381K | ...`, the last such line before each move. One brain process
answers every position, as in a match.

With --new-table-each-move the brain is sent `INFO max_memory` before each position, 1,000,000,000
and 200,000,000 bytes by turns, so that a brain sizing its transposition table from `max_memory`
(pbrain-kinrow: a quarter of it, at most 256 MiB) makes a new one at every move: the answer's time
then shows whether that allocation is paid out of the turn.

    scripts/pbrain_turn_time.py build/pbrain-kinrow 500
    scripts/pbrain_turn_time.py build/pbrain-kinrow 500 --new-table-each-move
    scripts/pbrain_turn_time.py /work/sparring/rapfi/pbrain-rapfi 500
"""
import argparse
import os
import re
import select
import statistics
import subprocess
import sys
import time

from rapfi_judge import rapfi_node_count

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
MOVE = re.compile(r"^\d+,\d+$")
# Two memory limits whose tables differ in size (for pbrain-kinrow, a quarter of each).
TABLE_RESIZING_MEMORY = (1_000_000_000, 200_000_000)
MOVE_LIST = re.compile(r"^\d+,\d+( \d+,\d+)*$")
KINROW_MESSAGE = re.compile(r"^MESSAGE depth (\d+) score \S+ nodes (\d+) time (\d+) ms")
KINROW_SPLIT = re.compile(r"nodes: (\d+) main search, (\d+) leaf VCF, (\d+) root threats")


def reported_nodes(messages):
    """The nodes of an answer: its last kinrow or Rapfi statistics line, or None."""
    for text in reversed(messages):
        if m := KINROW_MESSAGE.match(text):
            return int(m.group(2))
        if text.startswith("MESSAGE") and (count := rapfi_node_count(text)) is not None:
            return count
    return None


def positions(path, every, count):
    try:
        lines = open(path).read().splitlines()
    except OSError as error:
        sys.exit(f"cannot read {path}: {error.strerror}")
    found = [line.split("position: ", 1)[1].strip() for line in lines if "position: " in line]
    if not found:
        found = [line.strip() for line in lines if MOVE_LIST.match(line.strip())]
    chosen = found[::every][:count]
    if not chosen:
        sys.exit(f"{path}: no 'position: MOVES' lines and no move lists")
    result = []
    for text in chosen:
        try:
            result.append([tuple(int(v) for v in move.split(",")) for move in text.split()])
        except ValueError:
            sys.exit(f"{path}: '{text}' is not a list of row,col moves")
    return result


class Brain:
    def __init__(self, path):
        try:
            self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                            bufsize=1)
        except OSError as error:
            sys.exit(f"cannot start {path}: {error.strerror}")
        self.messages = []

    def send(self, text):
        try:
            self.process.stdin.write(text + "\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            sys.exit("the brain ended its input")

    def line(self):
        text = self.process.stdout.readline()
        if not text:
            sys.exit("the brain ended its output")
        return text.strip()

    def restart(self):
        """RESTART, sent again until answered: Rapfi prints its move a moment before it reads
        commands again and drops one that comes in that moment (scripts/rapfi_judge.py does the
        same for START). A late second OK is harmless: only moves end the wait for an answer."""
        while True:
            self.send("RESTART")
            while select.select([self.process.stdout], [], [], 0.2)[0]:
                if self.line() == "OK":
                    return

    def wait_for(self, accept):
        """Reads lines (keeping the MESSAGEs) until one that `accept` takes; returns it."""
        while True:
            text = self.line()
            if text.startswith("MESSAGE"):
                self.messages.append(text)
            if accept(text):
                return text


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("brain", help="a pbrain-* executable")
    parser.add_argument("turn_ms", type=int, help="INFO timeout_turn, in milliseconds")
    parser.add_argument("--positions", default=os.path.join(ROOT, "data", "gomoku_sparring_blunders.txt"))
    parser.add_argument("--every", type=int, default=3, help="take every N-th position (default 3)")
    parser.add_argument("--count", type=int, default=20, help="at most this many positions (default 20)")
    parser.add_argument("--new-table-each-move", action="store_true",
                        help="send INFO max_memory 1,000,000,000 and 200,000,000 by turns before each position")
    args = parser.parse_args()
    if args.turn_ms <= 0 or args.every <= 0 or args.count <= 0:
        sys.exit("the turn, --every and --count must be positive")
    boards = positions(args.positions, args.every, args.count)
    brain = Brain(args.brain)
    brain.send("START 15")
    if brain.wait_for(lambda t: not t.startswith("MESSAGE")) != "OK":
        sys.exit("the brain refused START 15")
    for info in (f"timeout_turn {args.turn_ms}", "timeout_match 0", "max_memory 367001600", "thread_num 1",
                 "rule 0"):
        brain.send("INFO " + info)
    times, answer_nodes = [], []
    for index, moves in enumerate(boards):
        brain.restart()
        if args.new_table_each_move:
            brain.send(f"INFO max_memory {TABLE_RESIZING_MEMORY[index % 2]}")
        brain.send("BOARD")
        # Field 3 of a BOARD line: 1 the brain's own stone, 2 the opponent's;
        # the brain is the side to move.
        for ply, (row, col) in enumerate(moves):
            own = (len(moves) - ply) % 2 == 0
            brain.send(f"{col},{row},{1 if own else 2}")
        start = time.monotonic()
        first_message = len(brain.messages)
        brain.send("DONE")
        brain.wait_for(lambda t: MOVE.match(t) is not None)
        times.append((time.monotonic() - start) * 1000)
        answer_nodes.append(reported_nodes(brain.messages[first_message:]))
    brain.send("END")
    print(" ".join(f"{t:.0f}" for t in times))
    print(" ".join("-" if n is None else str(n) for n in answer_nodes))
    print(f"{len(times)} positions, mean {sum(times) / len(times):.0f} ms, median {statistics.median(times):.0f} ms, "
          f"slowest {max(times):.0f} ms")
    counted = [n for n in answer_nodes if n is not None]
    if counted:
        print(f"nodes an answer (the {len(counted)} reported): median {statistics.median(counted):.0f}, "
              f"mean {sum(counted) / len(counted):.0f}")
    stats = [m for m in (KINROW_MESSAGE.match(text) for text in brain.messages) if m]
    if stats:
        nodes = sum(int(m.group(2)) for m in stats)
        ms = sum(int(m.group(3)) for m in stats)
        depth = sum(int(m.group(1)) for m in stats) / len(stats)
        print(f"nodes/s {nodes / max(ms, 1) * 1000:.0f}, mean depth {depth:.2f} (from the brain's MESSAGE lines)")
    split = [tuple(int(v) for v in m.groups()) for m in (KINROW_SPLIT.search(text) for text in brain.messages) if m]
    if split and (total := sum(map(sum, split))):
        main_search, leaf, root = (sum(part) / total * 100 for part in zip(*split))
        print(f"kinrow's nodes: main search {main_search:.0f}%, leaf VCF {leaf:.0f}%, root threat searches {root:.0f}%")


if __name__ == "__main__":
    main()
