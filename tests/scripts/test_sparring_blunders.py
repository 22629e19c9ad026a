"""scripts/sparring_blunders.py: the lost games' worst moves, with --first-loss each lost game's first
move into a forced loss, and with --regret the judge's move against the player's in every game of one
colour.

The judge is the stand-in brain (fake_judge.py: 60 points a stone for the side with more stones, less
CORNER when the other side holds 14,14, and its move always 14,14), so the test needs no Rapfi.
"""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "sparring_blunders.py")
sys.path.insert(0, os.path.dirname(__file__))
from fake_judge import write_fake_judge  # noqa: E402

# Three games after a 3-stone opening: kinrow as white, lost, playing 14,14 (SGF [oo]) at its second
# move; kinrow as black, lost; kinrow as white, won, never on 14,14.
SGF = """(;GM[4]FF[4]SZ[15]PB[rapfi]PW[build/pbrain-kinrow]RE[B+];B[hh];W[hi];B[ih];W[ii];B[jh];W[oo];B[kh];W[ki])
(;GM[4]FF[4]SZ[15]PB[build/pbrain-kinrow]PW[rapfi]RE[W+];B[hh];W[hi];B[ih];W[ii];B[jh];W[ji];B[kh];W[ki])
(;GM[4]FF[4]SZ[15]PB[rapfi]PW[build/pbrain-kinrow]RE[W+];B[hh];W[hi];B[ih];W[ii];B[jh];W[ji];B[kh];W[ki])
"""


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


def judged(tmp_path, *args, mate_from=None):
    """The script's output lines on SGF's games, the stand-in's 14,14 worth 25 more (and black's forced
    win from `mate_from` stones on); it must succeed."""
    sgf = tmp_path / "games.sgf"
    sgf.write_text(SGF)
    out = run(str(write_fake_judge(tmp_path, corner=25, mate_from=mate_from)), str(sgf), "--nodes", "1000", *args)
    assert out.returncode == 0, out.stderr
    return [line.replace(str(sgf), "games.sgf") for line in out.stdout.splitlines()]


def test_regret_compares_the_judges_move_with_the_players_in_every_game_of_the_colour(tmp_path):
    # White to move after 3 and 5 stones; the judge's move 14,14 leaves white 25 up, any other move
    # level (a stone each). Game 1's second move is the judge's own; game 3, a win, counts too; game 2,
    # kinrow as black, does not.
    assert judged(tmp_path, "--colour", "white", "--moves", "2", "--regret") == [
        "games.sgf game 1 move 1: judge 14,14 25, pbrain-kinrow 8,8 0",
        "games.sgf game 1 move 2: judge 14,14 25, pbrain-kinrow 14,14 25",
        "games.sgf game 3 move 1: judge 14,14 25, pbrain-kinrow 8,8 0",
        "games.sgf game 3 move 2: judge 14,14 25, pbrain-kinrow 8,9 0",
        "move | positions | the judge's move | differ: judge's better / player's better | mean regret",
        "1 | 2 | 0 | 2 / 0 | +25.0",
        "2 | 2 | 1 | 1 / 0 | +25.0",
        "no mate either way: 3 moves differ, the judge's better in 3, pbrain-kinrow's in 0, mean regret +25.0",
    ]


def test_without_regret_only_lost_games_are_listed_and_the_colour_filters_them(tmp_path):
    both = judged(tmp_path, "--top", "1")
    assert [line for line in both if not line.startswith("  ")] == [
        "games.sgf game 1: pbrain-kinrow white, lost in 8 moves",
        "games.sgf game 2: pbrain-kinrow black, lost in 8 moves",
    ]
    assert judged(tmp_path, "--top", "1", "--colour", "black")[0] == "games.sgf game 2: pbrain-kinrow black, lost in 8 moves"


def test_first_loss_finds_the_players_move_after_which_the_judge_first_sees_a_forced_loss(tmp_path):
    # Black wins by force from the 8th stone on: white's third move (8,10) is the first after which
    # the judge sees the loss; before it white (three stones to four) stood at -60, and the judge
    # would have played 14,14.
    assert judged(tmp_path, "--colour", "white", "--first-loss", mate_from=8) == [
        "games.sgf game 1: pbrain-kinrow white, lost in 8 moves; first forced loss after move 8",
        "  move 8: 8,10 takes the judge's eval from -60 to -19991 (judge plays 14,14); position: "
        "7,7 8,7 7,8 8,8 7,9 14,14 7,10",
    ]
    # From the 6th stone on the loss comes after white's second move, 14,14: the judge's own choice,
    # no mistake of the player's. With no mate at all, no loss is seen.
    assert judged(tmp_path, "--colour", "white", "--first-loss", mate_from=6) == [
        "games.sgf game 1: pbrain-kinrow white, lost in 8 moves; first forced loss after move 6, the judge's own move"]
    assert judged(tmp_path, "--colour", "white", "--first-loss") == [
        "games.sgf game 1: pbrain-kinrow white, lost in 8 moves; no forced loss seen"]


def test_first_loss_and_regret_together_are_refused(tmp_path):
    out = run(str(write_fake_judge(tmp_path)), str(tmp_path / "games.sgf"), "--first-loss", "--regret")
    assert out.returncode != 0
    assert "--regret and --first-loss ask different questions" in out.stderr


def test_a_negative_move_count_is_named(tmp_path):
    out = run(str(write_fake_judge(tmp_path)), str(tmp_path / "games.sgf"), "--moves", "-1")
    assert out.returncode != 0
    assert "--moves is a number of moves, not -1" in out.stderr
