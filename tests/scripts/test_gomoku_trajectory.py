"""scripts/gomoku_trajectory.py: one side's position judged before each of its moves, per game and by pairing.

The judge is the stand-in brain (fake_judge.py: 60 points a stone for the side with more stones, less
CORNER when the other side holds 14,14), so the test needs no Rapfi.
"""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "gomoku_trajectory.py")
sys.path.insert(0, os.path.dirname(__file__))
from fake_judge import write_fake_judge  # noqa: E402

# Three games: two of kinrow (black) against rapfi, one of them with black's stone on 14,14 (the stand-in
# then rates white 25 lower from that move on), and one of rapfi against itself, a draw.
SGF = """(;GM[4]FF[4]SZ[15]PB[build/pbrain-kinrow]PW[rapfi]RE[B+];B[hh];W[hi];B[ih];W[ii];B[jh];W[ji];B[kh];W[ki])
(;GM[4]FF[4]SZ[15]PB[build/pbrain-kinrow]PW[rapfi]RE[W+];B[hh];W[hi];B[ih];W[ii];B[oo];W[ji];B[kh];W[ki])
(;GM[4]FF[4]SZ[15]PB[rapfi]PW[rapfi]RE[0];B[hh];W[hi];B[ih];W[ii];B[jh];W[ji];B[kh];W[ki])
"""


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


def judged(tmp_path, judge, *args):
    """The script's output lines on SGF's games with this judge and options; it must succeed."""
    sgf = tmp_path / "games.sgf"
    sgf.write_text(SGF)
    out = run(str(judge), str(sgf), *args)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def test_white_is_judged_before_each_of_its_moves_and_the_pairings_summed(tmp_path):
    # Before white's moves at plies 3, 5 and 7 black has a stone more: -60 for white, 25 less once black
    # holds 14,14 (SGF [oo], the fifth stone).
    assert judged(tmp_path, write_fake_judge(tmp_path, corner=25), "--nodes", "1000", "--moves", "3") == [
        "games.sgf 1 pbrain-kinrow rapfi B+ -60 -60 -60",
        "games.sgf 2 pbrain-kinrow rapfi W+ -60 -85 -85",
        "games.sgf 3 rapfi rapfi 0 -60 -60 -60",
        "black pbrain-kinrow, white rapfi: 2 games (B+ 1, W+ 1, draw 0); median from white's side before "
        "white's moves 1-3: -60 -72 -72",
        "  peak from white's side, median by result: B+ -60 (0 of 1 a mate), W+ -60 (0 of 1 a mate)",
        "black rapfi, white rapfi: 1 games (B+ 0, W+ 0, draw 1); median from white's side before white's "
        "moves 1-3: -60 -60 -60",
        "  peak from white's side, median by result: draw -60 (0 of 1 a mate)",
    ]


def test_black_is_judged_from_an_even_first_ply_and_a_mate_counts_at_its_peak(tmp_path):
    # A negative corner: the stand-in gives the side to move 20,000 more once the other side holds 14,14
    # (a mate by Rapfi's scale). Black is judged before plies 4 and 6 (level stones: 0); in game 2 black
    # holds 14,14 from the fifth stone, which helps white, not black.
    judge = write_fake_judge(tmp_path, corner=-20000)
    lines = judged(tmp_path, judge, "--first", "4", "--moves", "2")
    assert lines[:3] == ["games.sgf 1 pbrain-kinrow rapfi B+ 0 0", "games.sgf 2 pbrain-kinrow rapfi W+ 0 0",
                         "games.sgf 3 rapfi rapfi 0 0 0"]
    assert lines[3].endswith("median from black's side before black's moves 1-2: 0 0")
    # White before plies 5 and 7: in game 2 a mate (-60 + 20,000), clamped to 2,000 in the medians.
    lines = judged(tmp_path, judge, "--first", "5", "--moves", "2")
    assert lines[1] == "games.sgf 2 pbrain-kinrow rapfi W+ 19940 19940"
    assert lines[3].endswith("median from white's side before white's moves 1-2: 970 970")
    assert lines[4] == "  peak from white's side, median by result: B+ -60 (0 of 1 a mate), W+ 2000 (1 of 1 a mate)"


def test_a_position_without_a_verdict_is_shown_and_left_out(tmp_path):
    # From six stones on the stand-in answers as on a full board (no verdict): black's second judged
    # move (ply 6) shows "-", and the medians and peaks are of the first alone.
    lines = judged(tmp_path, write_fake_judge(tmp_path, no_move_from=6), "--first", "4", "--moves", "2")
    assert lines[0] == "games.sgf 1 pbrain-kinrow rapfi B+ 0 -"
    assert lines[3].endswith("median from black's side before black's moves 1-1: 0")
    assert lines[4] == "  peak from black's side, median by result: B+ 0 (0 of 1 a mate), W+ 0 (0 of 1 a mate)"


def test_a_missing_collection_and_a_negative_first_ply_are_named(tmp_path):
    judge = str(write_fake_judge(tmp_path))
    missing = tmp_path / "missing.sgf"
    out = run(judge, str(missing))
    assert out.returncode != 0 and out.stderr.strip() == f"{missing}: No such file or directory"
    sgf = tmp_path / "games.sgf"
    sgf.write_text(SGF)
    out = run(judge, str(sgf), "--first", "-1")
    assert out.returncode != 0 and "--first is a number of stones, not -1" in out.stderr


def test_a_judge_that_cannot_run_is_named_in_one_line(tmp_path):
    sgf = tmp_path / "games.sgf"
    sgf.write_text(SGF)
    missing = tmp_path / "pbrain-missing"
    out = run(str(missing), str(sgf))
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{missing}: "), out.stderr


def test_a_judge_that_stops_is_named_in_one_line(tmp_path):
    sgf = tmp_path / "games.sgf"
    sgf.write_text(SGF)
    broken = tmp_path / "pbrain-broken"
    broken.write_text("#!/bin/sh\nexit 1\n")
    broken.chmod(0o755)
    out = run(str(broken), str(sgf))
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{broken}: "), out.stderr
