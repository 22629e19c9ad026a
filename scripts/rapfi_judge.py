"""Rapfi (its classical evaluator, one thread) driven over the Gomocup protocol as a judge: its
evaluation and its move for a position, at a fixed node budget and from a cleared table, so that the
verdict depends neither on the machine's load nor on the positions judged before it. Shared by
balanced_openings.py, sparring_blunders.py, gomoku_tactics.py and judge_training_games.py (and
rapfi_node_count by pbrain_turn_time.py; clamp by the scripts that average its verdicts)."""
import re
import select
import subprocess

# Scores beyond this are Rapfi's mate scores (score() below).
MATE_THRESHOLD = 19000
# Evaluations are clamped to this in averages, so that a forced loss (a mate score near 20,000)
# weighs as a large positional loss, not as ten of them.
CLAMP = 2000
NODE_COUNT = re.compile(r"\bNode ([\d.]+)([KMG]?)\b")


def clamp(value):
    return max(-CLAMP, min(CLAMP, value))


def rapfi_node_count(line):
    """The nodes in one of Rapfi's statistics lines ('... | Node 381K | ...', 'Node 1.2M'), or None."""
    m = NODE_COUNT.search(line)
    return round(float(m.group(1)) * {"": 1, "K": 10**3, "M": 10**6, "G": 10**9}[m.group(2)]) if m else None


class RapfiJudge:
    def __init__(self, path, nodes):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.nodes = nodes

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the judge stopped")
        return line.strip()

    def evaluate(self, size, stones):
        """(Rapfi's score for the side to move, its move as (x, y)) after `stones`, a list of (x, y)
        from the first stone on (x the column, y the row). Rapfi answers a forced move (a four to
        block) at once with a score it has not searched (+170 where the truth was -M16): then the
        position after that forced reply is judged instead, from the same side."""
        value, move, nodes = self.search(size, stones)
        if nodes < self.nodes // 100 and value is not None and abs(value) < MATE_THRESHOLD:
            deeper, _ = self.evaluate(size, stones + [move])
            value = None if deeper is None else -deeper
        return value, move

    def search(self, size, stones):
        """Rapfi's score, move and nodes searched for the position after `stones`."""
        # Rapfi prints its move a moment before it takes commands again, and a
        # START in that moment is dropped: one not answered soon is sent again
        # (a late second OK is harmless, the next START skips it).
        while True:
            self.send(f"START {size}")
            if self.wait_for("OK", 0.1):
                break
        # Rapfi keeps its table and history from one START to the next, so a
        # verdict depended on the positions judged before it (session 67: a
        # mate in 28, found by a fresh Rapfi at 1,000,000 nodes, was judged
        # +243 after 24 other positions).
        # Cleared, each verdict is the position's and the budget's alone.
        self.send("YXHASHCLEAR")
        self.send("INFO timeout_turn 600000")
        self.send("INFO thread_num 1")
        self.send(f"INFO max_node {self.nodes}")
        own = len(stones) % 2  # BOARD field 1: the side to move's stones (its parity), 2: the other's
        lines = ["BOARD"] + [f"{x},{y},{1 if i % 2 == own else 2}" for i, (x, y) in enumerate(stones)] + ["DONE"]
        self.send("\n".join(lines))
        value, nodes = None, 0
        while True:
            line = self.read()
            m = re.search(r"Eval ([-+]?\w+)", line)
            if m:
                value = m.group(1)
            if (count := rapfi_node_count(line)) is not None:
                nodes = count
            m = re.fullmatch(r"(-?\d+),(-?\d+)", line)
            if m:
                move = (int(m.group(1)), int(m.group(2)))
                if min(move) < 0:  # no move (a full board): no verdict either
                    return None, None, nodes
                return score(value), move, nodes

    def wait_for(self, answer, seconds):
        """Whether `answer` comes as a line within `seconds` of quiet (other lines are skipped)."""
        while select.select([self.proc.stdout], [], [], seconds)[0]:
            if self.read() == answer:
                return True
        return False

    def close(self):
        """Ends the judge; one that has stopped already (a broken pipe) or does not end is killed, so
        that closing after a failure never hides the failure."""
        try:
            self.send("END")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def score(text):
    """A number; Rapfi's mate scores (+M9 / -M9) become +-20000 less the distance; None stays None."""
    if text is None:
        return None
    m = re.fullmatch(r"([-+]?)M(\d+)", text)
    if m:
        return (-1 if m.group(1) == "-" else 1) * (20000 - int(m.group(2)))
    return int(text)
