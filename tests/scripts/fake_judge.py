"""A stand-in for Rapfi as a judge, for the tests of the scripts that drive it (scripts/rapfi_judge.py):
it speaks Rapfi's side of the Gomocup protocol with made-up scores, so those tests need no Rapfi."""
import sys

# Answers START with OK and a BOARD with Rapfi's MESSAGE line and its move, always 14,14. Its score for
# the side to move: 60 times (its stones less the other's), so the side with the extra stone is ahead,
# less CORNER when the other side holds 14,14 (then the stand-in's move was worth CORNER more than any).
# From NO_MOVE_FROM stones on (if set) it answers as Rapfi does on a full board: no score, move -1,-1.
# From MATE_FROM stones on (if set) black has a forced win: a mate score, +M9 with black to move, -M9
# with white.
# Like Rapfi, it remembers: each search since the last YXHASHCLEAR (Rapfi's table and history kept from
# one position to the next) adds WARM points to its score, so a judge that does not clear is caught.
FAKE_BRAIN = r'''
import sys
CORNER = {corner}
NO_MOVE_FROM = {no_move_from}
MATE_FROM = {mate_from}
WARM = 7
stones = None
searched = 0
for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "YXHASHCLEAR":
        searched = 0
        print("MESSAGE Transposition table cleared.", flush=True)
    elif line == "BOARD":
        stones = []
    elif line == "DONE" and NO_MOVE_FROM is not None and len(stones) >= NO_MOVE_FROM:
        print("-1,-1", flush=True)
        stones = None
    elif line == "DONE":
        mine = sum(1 for s in stones if s.endswith(",1"))
        score = 60 * (mine - (len(stones) - mine)) - (CORNER if "14,14,2" in stones else 0) + WARM * searched
        searched += 1
        if MATE_FROM is not None and len(stones) >= MATE_FROM:
            score = "+M9" if len(stones) % 2 == 0 else "-M9"
        print(f"MESSAGE Speed 1K | Depth 9-12 | Eval {score} | Node 20K | Time 3ms", flush=True)
        print("14,14", flush=True)
        stones = None
    elif stones is not None:
        stones.append(line)
    elif line == "END":
        break
'''


def write_fake_judge(directory, corner=0, no_move_from=None, mate_from=None):
    """An executable `pbrain-fake` in `directory` that runs the stand-in (its move 14,14 worth `corner`
    more than any other; no move from `no_move_from` stones on; black's forced win from `mate_from`
    stones on); returns its path."""
    brain = directory / "brain.py"
    brain.write_text(FAKE_BRAIN.replace("{corner}", str(corner)).replace("{no_move_from}", str(no_move_from))
                     .replace("{mate_from}", str(mate_from)))
    launcher = directory / "pbrain-fake"
    launcher.write_text(f"#!/bin/sh\nexec {sys.executable} {brain}\n")
    launcher.chmod(0o755)
    return launcher
