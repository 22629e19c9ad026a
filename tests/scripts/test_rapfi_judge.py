"""scripts/rapfi_judge.py: a verdict is the position's and the budget's alone.

The judge is the stand-in brain (fake_judge.py), which, like Rapfi, carries what it learned from one
position to the next unless its table is cleared."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
sys.path.insert(0, os.path.dirname(__file__))
from fake_judge import write_fake_judge  # noqa: E402
from rapfi_judge import RapfiJudge  # noqa: E402


def test_a_verdict_does_not_depend_on_the_positions_judged_before_it(tmp_path):
    first = [(7, 7), (7, 8), (8, 8)]  # white to move, a stone behind: -60
    other = [(7, 7), (6, 6)]
    judge = RapfiJudge(str(write_fake_judge(tmp_path)), 20000)
    try:
        alone = judge.search(15, first)
        judge.search(15, other)
        judge.search(15, other)
        again = judge.search(15, first)
    finally:
        judge.close()
    assert alone == again == (-60, (14, 14), 20000)
