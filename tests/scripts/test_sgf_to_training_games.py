"""scripts/sgf_to_training_games.py: match games (SGF) as the Gomoku tuner's training games.

Run by CTest (KINROW_BINARY: the kinrow command); the tuner must accept what the script writes.
"""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "sgf_to_training_games.py")

# Three games as `kinrow match --save` writes them: a black win (a five on row h from the left),
# a draw by agreement of the result field, and a forfeit, which is not a result of the position.
SGF = """(;GM[4]FF[4]SZ[15]PB[a]PW[b]RE[B+]C[opening of 3 stones];B[ah];W[ai];B[bh];W[bi];B[ch];W[ci];B[dh];W[di];B[eh])
(;GM[4]FF[4]SZ[15]PB[b]PW[a]RE[0]C[opening of 3 stones];B[hh];W[hi])
(;GM[4]FF[4]SZ[15]PB[a]PW[b]RE[W+]C[opening of 3 stones; a forfeits (no legal move in time)];B[hh])
"""


def run(*args, **kwargs):
    return subprocess.run(list(args), capture_output=True, text=True, **kwargs)


def test_converts_finished_games_and_the_tuner_reads_them(tmp_path):
    sgf = tmp_path / "games.sgf"
    sgf.write_text(SGF)
    out = run(sys.executable, SCRIPT, str(sgf))
    assert out.returncode == 0, out.stderr
    games = [line for line in out.stdout.splitlines() if not line.startswith("#")]
    # a1..e1 in SGF letters are columns a..e on row h (7): 7 * 15 + col; white on row i (8).
    assert games == ["1 105 120 106 121 107 122 108 123 109", "0.5 112 127"]
    assert "1 without a result left out" in out.stdout
    kinrow = os.environ.get("KINROW_BINARY")
    if not kinrow:
        return
    games_file = tmp_path / "games.txt"
    games_file.write_text(out.stdout)
    tuned = run(kinrow, "tune-gomoku", "--load-games", str(games_file), "--start", "shipped", "--rounds", "1",
                "--iterations", "1", "--opening-stones", "0", "--out", str(tmp_path / "w.txt"))
    assert tuned.returncode == 0, tuned.stderr
    assert "round 1: 2 games" in tuned.stderr
    # Several files are read in order as one list of games.
    twice = run(kinrow, "tune-gomoku", "--load-games", str(games_file), str(games_file), "--start", "shipped",
                "--rounds", "1", "--iterations", "1", "--opening-stones", "0", "--out", str(tmp_path / "w2.txt"))
    assert twice.returncode == 0, twice.stderr
    assert "round 1: 4 games" in twice.stderr
    assert f"--load-games {games_file} {games_file}" in (tmp_path / "w2.txt").read_text()
    # The same games fit the move-ordering policy, in the weights file's format.
    policy = run(kinrow, "tune-gomoku", "--policy", "--load-games", str(games_file), "--iterations", "2",
                 "--opening-stones", "0", "--out", str(tmp_path / "p.txt"))
    assert policy.returncode == 0, policy.stderr
    assert "fitted, on its games: first" in policy.stderr
    assert "kinrow-gomoku-eval 3" in (tmp_path / "p.txt").read_text()
    # And the evaluation's network, in its own format, with the command in its comment.
    network = run(kinrow, "tune-gomoku", "--network", "--load-games", str(games_file), "--epochs", "2",
                  "--opening-stones", "0", "--out", str(tmp_path / "n.txt"))
    assert network.returncode == 0, network.stderr
    text = (tmp_path / "n.txt").read_text()
    assert "kinrow-gomoku-network 1" in text and "--network --opening-stones 0 --epochs 2" in text


def test_names_an_unreadable_file(tmp_path):
    out = run(sys.executable, SCRIPT, str(tmp_path / "missing.sgf"))
    assert out.returncode != 0
    assert "cannot read" in out.stderr and "missing.sgf" in out.stderr
