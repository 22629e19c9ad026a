"""scripts/balanced_openings.py: balanced 3-stone openings judged by an engine.

The judge is the stand-in brain of fake_judge.py (no Rapfi needed): with white to move after three
stones it scores -60 for white (one stone against two), so --max-eval 60 keeps every opening drawn and
--max-eval 59 none. The checks: an opening is drawn once whatever the order of its black stones and
whatever symmetry it is seen under, --exclude leaves out another file's openings, and bad arguments
get a one-line error.
"""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "balanced_openings.py")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.dirname(__file__))
from balanced_openings import position_key, read_openings  # noqa: E402
from fake_judge import write_fake_judge  # noqa: E402


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=120)


def read_openings_text(text):
    return [line for line in text.splitlines() if line.strip() and not line.startswith("#")]


def test_one_key_for_the_black_stones_in_either_order_and_every_symmetry():
    opening = [(1, 0), (0, 0), (-1, -1)]
    assert position_key(opening) == position_key([(-1, -1), (0, 0), (1, 0)])
    assert position_key(opening) == position_key([(0, 1), (0, 0), (-1, -1)])  # reflected in x = y
    assert position_key(opening) == position_key([(-1, 0), (0, 0), (1, 1)])  # turned half a turn
    # The white stone elsewhere is another opening.
    assert position_key(opening) != position_key([(1, 0), (0, 1), (-1, -1)])


def test_keeps_the_openings_within_the_bound_each_once_and_none_excluded(tmp_path):
    judge = str(write_fake_judge(tmp_path))
    out = run(judge, "--candidates", "12", "--max-eval", "60", "--seed", "3")
    assert out.returncode == 0, out.stderr
    first = tmp_path / "first.txt"
    first.write_text(out.stdout)
    assert out.stdout.startswith("# 12 balanced 3-stone openings")
    keys = [position_key(stones) for stones in read_openings(first)]
    assert len(keys) == 12 and len(set(keys)) == 12
    # Every opening has its white stone next to a black one.
    for black, white, black2 in read_openings(first):
        assert any(max(abs(white[0] - b[0]), abs(white[1] - b[1])) <= 1 for b in (black, black2))

    out = run(judge, "--candidates", "20", "--max-eval", "60", "--seed", "4", "--exclude", str(first))
    assert out.returncode == 0, out.stderr
    assert f"--exclude {first}" in out.stdout
    second = tmp_path / "second.txt"
    second.write_text(out.stdout)
    others = [position_key(stones) for stones in read_openings(second)]
    assert len(others) == 20 and len(set(others)) == 20
    assert not set(others) & set(keys)

    # White one stone down scores -60: a bound of 59 keeps none.
    out = run(judge, "--candidates", "5", "--max-eval", "59")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("# 0 balanced") and not read_openings_text(out.stdout)


def test_names_bad_arguments(tmp_path):
    judge = str(write_fake_judge(tmp_path))
    out = run(judge, "--exclude", str(tmp_path / "none.txt"))
    assert out.returncode != 0 and "cannot read" in out.stderr and "Traceback" not in out.stderr
    broken = tmp_path / "broken.txt"
    broken.write_text("# fine\n1,1, 0,0, 2,2\n1,1, 0,0\n")
    out = run(judge, "--exclude", str(broken))
    assert out.returncode != 0 and "line 3: '1,1, 0,0' is not three x,y stones" in out.stderr
    out = run(judge, "--candidates", "0")
    assert out.returncode != 0 and "must be positive" in out.stderr
