"""scripts/match_paired.py: two verbose match outputs compared game by game."""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "match_paired.py")

K, R = "kinrow:nodes=100000", "scripts/sparring/rapfi_at.sh"
# Game 1: kinrow black wins; 2: kinrow white loses; 3: kinrow black draws; 4: kinrow white wins.
MAIN = f"""game 1: {K} (black) vs {R} (white): B+ after 31 moves
game 2: {R} (black) vs {K} (white): B+ after 27 moves
game 3: {K} (black) vs {R} (white): draw after 225 moves
game 4: {R} (black) vs {K} (white): W+ after 40 moves
kinrow: 4 games, +2 =1 -1, 62.5%
"""
# The test build: game 2 won (better), game 3 lost (worse), game 4 the same, game 5 not in MAIN.
TEST = f"""game 1: {K} (black) vs {R} (white): B+ after 31 moves
game 2: {R} (black) vs {K} (white): W+ after 50 moves
game 3: {K} (black) vs {R} (white): W+ after 80 moves
game 4: {R} (black) vs {K} (white): W+ after 40 moves
game 5: {K} (black) vs {R} (white): B+ after 20 moves
"""


def run(tmp_path, main, test, *extra):
    (tmp_path / "a.txt").write_text(main)
    (tmp_path / "b.txt").write_text(test)
    return subprocess.run([sys.executable, SCRIPT, str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), *extra],
                          capture_output=True, text=True)


def test_records_by_colour_and_the_games_that_differ(tmp_path):
    out = run(tmp_path, MAIN, TEST)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].endswith("2-1-1, 62.5% over 4; as black 1-1-0, as white 1-0-1")
    assert lines[1].endswith("4-0-1, 80.0% over 5; as black 2-0-1, as white 2-0-0")
    # z = (1 - 1) / sqrt(2)
    assert lines[2] == "4 games in both: B better in 1, worse in 1 (z = +0.00)"


def test_the_sign_test(tmp_path):
    better = TEST.replace("W+ after 80 moves", "B+ after 80 moves")
    out = run(tmp_path, MAIN, better)
    # Games 2 and 3 better, none worse: z = 2 / sqrt(2).
    assert out.stdout.splitlines()[2] == "4 games in both: B better in 2, worse in 0 (z = +1.41)"


def test_another_player_named(tmp_path):
    out = run(tmp_path, MAIN, TEST, "--player", "scripts/sparring")
    assert out.stdout.splitlines()[0].endswith("1-1-2, 37.5% over 4; as black 1-0-1, as white 0-1-1")


def test_a_file_without_games_is_an_error(tmp_path):
    out = run(tmp_path, "no games here\n", TEST)
    assert out.returncode != 0
    assert "no 'game N:" in out.stderr


def test_a_game_without_the_player_is_an_error(tmp_path):
    out = run(tmp_path, MAIN, TEST, "--player", "pela")
    assert out.returncode != 0
    assert "cannot tell which side is 'pela'" in out.stderr
