"""scripts/judge_training_games.py: training games with each position judged by an engine.

The judge here is a stand-in brain (fake_judge.py) that speaks Rapfi's side of the protocol with
made-up scores, so the test needs no Rapfi. Run by CTest (KINROW_BINARY: the kinrow command); the tuner
must accept what the script writes and blend the judged scores in.
"""
import math
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "judge_training_games.py")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.dirname(__file__))
import judge_training_games  # noqa: E402
from fake_judge import write_fake_judge  # noqa: E402

# Black wins both: black's five along row 7 (moves 105..109), white's stones on row 8.
GAMES = """# result for black (1, 0, 0.5), then the moves as row * width + col
# where these games came from
1 105 120 106 121 107 122 108 123 109
1 105 135 106 136 107 137 108 138 109
"""


def run(*args, **kwargs):
    return subprocess.run(list(args), capture_output=True, text=True, **kwargs)


def judge(tmp_path, *options, rapfi=None):
    """The script run on GAMES with the stand-in judge (or the `rapfi` given) and `options`."""
    games = tmp_path / "games.txt"
    games.write_text(GAMES)
    judge_binary = rapfi or write_fake_judge(tmp_path)
    return run(sys.executable, SCRIPT, str(games), "--rapfi", str(judge_binary), "--from", "3", *options)


def test_every_position_from_the_first_judged_move_gets_the_judges_score(tmp_path):
    out = judge(tmp_path, "--jobs", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "# where these games came from" in lines  # the input's comments stay
    rows = [line.split() for line in lines if not line.startswith("#")]
    assert len(rows) == 2
    for row in rows:
        assert row[0] == "1"
        assert all(":" not in word for word in row[1:4])  # the opening's three stones
        judged = [word.split(":") for word in row[4:]]
        assert [int(m) for m, _ in judged] == [int(w.split(":")[0]) for w in row[4:]]
        scores = [float(s) for _, s in judged]
        assert all(0 <= s <= 1 for s in scores)
        # Moves 3, 5 and 7 are white's, a stone behind (-60); black's 4, 6 and 8 are level (0).
        assert scores[0] == scores[2] == scores[4] < 0.5
        assert scores[1] == scores[3] == scores[5] == 0.5
    kinrow = os.environ.get("KINROW_BINARY")
    if not kinrow:
        return
    judged_file = tmp_path / "judged.txt"
    judged_file.write_text(out.stdout)
    tuned = run(kinrow, "tune-gomoku", "--load-games", str(judged_file), "--judge-weight", "0.5", "--start",
                "shipped", "--rounds", "1", "--iterations", "1", "--opening-stones", "3", "--out",
                str(tmp_path / "w.txt"))
    assert tuned.returncode == 0, tuned.stderr
    assert "--judge-weight 0.5" in (tmp_path / "w.txt").read_text()


def test_mate_scores_are_certain_and_the_scale_follows_the_results():
    assert judge_training_games.expected(19990, 125) == 1.0
    assert judge_training_games.expected(-19990, 125) == 0.0
    assert judge_training_games.expected(0, 125) == 0.5
    # Results that a score of 100 predicts with 3 wins in 4 fit sigmoid(100 / scale) = 0.75.
    pairs = [(1, 100)] * 3 + [(0, 100)]
    scale = judge_training_games.fit_scale(pairs)
    assert abs(judge_training_games.expected(100, scale) - 0.75) < 0.01


def test_a_given_scale_replaces_the_fitted_one(tmp_path):
    out = judge(tmp_path, "--scale", "60")
    assert out.returncode == 0, out.stderr
    assert "sigmoid(Rapfi's score / 60), the scale given by --scale" in out.stdout
    row = next(line.split() for line in out.stdout.splitlines() if not line.startswith("#"))
    # Move 3 is white's, a stone behind (-60): sigmoid(-60 / 60).
    assert float(row[4].split(":")[1]) == round(1 / (1 + math.exp(1)), 4)


def test_a_scale_that_is_not_positive_is_refused_before_judging(tmp_path):
    out = judge(tmp_path, "--scale", "0", rapfi="/nonexistent/judge")
    assert out.returncode != 0
    assert "--scale 0: the scale must be positive" in out.stderr
