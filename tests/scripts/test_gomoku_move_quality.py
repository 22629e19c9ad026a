"""scripts/gomoku_move_quality.py: kinrow's moves judged by an engine, and positions from games.

The judge is a stand-in brain (fake_judge.py: 60 points a stone more for the side to move), so the
test needs no Rapfi; kinrow is the real one (KINROW_BINARY, set by CTest), at a small node budget.
"""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "gomoku_move_quality.py")
sys.path.insert(0, os.path.dirname(__file__))
from fake_judge import write_fake_judge  # noqa: E402

# Two games of 8 moves: kinrow ("pbrain-kinrow") black in the first, white in the second.
SGF = """(;GM[4]FF[4]SZ[15]PB[build/pbrain-kinrow]PW[rapfi]RE[W+];B[hh];W[hi];B[ih];W[ii];B[jh];W[ji];B[kh];W[ki])
(;GM[4]FF[4]SZ[15]PB[rapfi]PW[build/pbrain-kinrow]RE[B+];B[hh];W[hi];B[ih];W[ii];B[jh];W[ji];B[kh];W[ki])
"""


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)


def test_positions_are_the_players_turns_in_the_ply_range(tmp_path):
    sgf = tmp_path / "games.sgf"
    sgf.write_text(SGF)
    out = run("--from-sgf", str(sgf), "--player", "pbrain-kinrow", "--plies", "3-6", "--every", "1")
    assert out.returncode == 0, out.stderr
    positions = out.stdout.splitlines()
    # Black moves at even plies (4, 6), white at odd ones (3, 5); an SGF move [xy] is column x, row y.
    assert [len(p.split()) for p in positions] == [4, 6, 3, 5]
    assert positions[2] == "7,7 8,7 7,8"
    every_second = run("--from-sgf", str(sgf), "--player", "pbrain-kinrow", "--plies", "3-6", "--every", "2")
    assert every_second.stdout.splitlines() == positions[::2]


def test_positions_of_one_colour_every_second_turn_several_names_and_each_position_once(tmp_path):
    sgf = tmp_path / "games.sgf"
    # The two games, then the first again under another name: its positions are already listed.
    sgf.write_text(SGF + SGF.splitlines()[0].replace("build/pbrain-kinrow", "old/kinrow-h0") + "\n")
    black = run("--from-sgf", str(sgf), "--player", "pbrain-kinrow", "--plies", "3-7", "--every", "1",
                "--colour", "black")
    assert black.returncode == 0, black.stderr
    assert [len(p.split()) for p in black.stdout.splitlines()] == [4, 6]
    white = run("--from-sgf", str(sgf), "--player", "pbrain-kinrow", "--plies", "3-7", "--every", "1",
                "--colour", "white")
    assert [len(p.split()) for p in white.stdout.splitlines()] == [3, 5]
    white_second_turns = run("--from-sgf", str(sgf), "--player", "pbrain-kinrow", "--plies", "3-7", "--every", "1",
                             "--colour", "white", "--turn-step", "2")
    assert white_second_turns.stdout.splitlines() == white.stdout.splitlines()[::2]
    # Both names: the third game's black positions are the first game's, so nothing is added.
    both = run("--from-sgf", str(sgf), "--player", "pbrain-kinrow", "--player", "kinrow-h0", "--plies", "3-7",
               "--every", "1")
    assert [len(p.split()) for p in both.stdout.splitlines()] == [4, 6, 3, 5]
    only_h0 = run("--from-sgf", str(sgf), "--player", "kinrow-h0", "--plies", "3-7", "--every", "1")
    assert only_h0.stdout.splitlines() == black.stdout.splitlines()
    bad = run("--from-sgf", str(sgf), "--turn-step", "0")
    assert bad.returncode != 0 and "--turn-step and --every want a whole number of at least 1" in bad.stderr


@pytest.mark.skipif(not os.environ.get("KINROW_BINARY"), reason="needs the kinrow binary (CTest sets it)")
def test_each_move_is_judged_before_and_after_against_the_judges_move_and_the_verdicts_are_cached(tmp_path):
    judge = write_fake_judge(tmp_path, corner=25)
    positions = tmp_path / "positions.txt"
    positions.write_text("# a comment\n7,7 8,8\n7,7 8,8 7,8\n")
    cache, moves = tmp_path / "cache.json", tmp_path / "moves.txt"
    args = [str(positions), "--kinrow", os.environ["KINROW_BINARY"], "--nodes", "2000", "--judge-nodes", "1000",
            "--cache", str(cache), "--out", str(moves)]
    out = run(str(judge), *args)
    assert out.returncode == 0, out.stderr
    # Before a move the mover is level or a stone behind (0 or -60); after it, a stone ahead (+60); after
    # the judge's own move (14,14) 25 more, kinrow's regret.
    rows = [line.split(" | ") for line in moves.read_text().splitlines()]
    assert [r[1] for r in rows] == ["7,7 8,8", "7,7 8,8 7,8"]
    assert [r[0].split()[1:] for r in rows] == [["0", "60", "14,14", "85"], ["-60", "0", "14,14", "25"]]
    summary = out.stdout.splitlines()
    assert summary[0] == ("positions 2: mean loss -60.0, median -60.0, over 100: 0, into a forced loss: 0; "
                          "the judge's move played 0, regret mean 25.0, over 50: 0")
    assert summary[1].startswith("quiet positions 2: mean loss -60.0")
    verdicts = json.loads(cache.read_text())
    assert len(verdicts) == 6
    # A second run needs no judge: every verdict is in the cache.
    broken = tmp_path / "pbrain-broken"
    broken.write_text("#!/bin/sh\nexit 1\n")
    broken.chmod(0o755)
    again = run(str(broken), *args)
    assert again.returncode == 0, again.stderr
    assert again.stdout == out.stdout


@pytest.mark.skipif(not os.environ.get("KINROW_BINARY"), reason="needs the kinrow binary (CTest sets it)")
def test_a_position_kinrow_rejects_stops_with_one_line_naming_it(tmp_path):
    positions = tmp_path / "positions.txt"
    positions.write_text("7,7 8,8\n7,7 7,7\n")
    out = run(str(write_fake_judge(tmp_path)), str(positions), "--kinrow", os.environ["KINROW_BINARY"],
              "--nodes", "2000", "--judge-nodes", "1000")
    assert out.returncode != 0
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{positions}:2: kinrow: "), out.stderr
    assert "occupied" in lines[0]


@pytest.mark.skipif(not os.environ.get("KINROW_BINARY"), reason="needs the kinrow binary (CTest sets it)")
def test_a_cache_entry_without_the_judges_move_is_named(tmp_path):
    cache = tmp_path / "cache.json"
    cache.write_text(json.dumps({"1000|7,7 8,8": 60}))  # an older screen's entry: the evaluation alone
    positions = tmp_path / "positions.txt"
    positions.write_text("7,7 8,8\n")
    out = run("judge", str(positions), "--kinrow", os.environ["KINROW_BINARY"], "--nodes", "2000",
              "--judge-nodes", "1000", "--cache", str(cache))
    assert out.returncode != 0
    assert out.stderr.strip() == f"{cache}: not a cache of verdicts (an entry is not [eval, move]: 1000|7,7 8,8)"


def test_a_broken_cache_and_a_bad_ply_range_are_named(tmp_path):
    cache = tmp_path / "cache.json"
    cache.write_text("{not json")
    positions = tmp_path / "positions.txt"
    positions.write_text("7,7 8,8\n")
    out = run("judge", str(positions), "--cache", str(cache))
    assert out.returncode != 0 and out.stderr.startswith(f"{cache}: not a cache of verdicts"), out.stderr
    sgf = tmp_path / "games.sgf"
    sgf.write_text(SGF)
    bad = run("--from-sgf", str(sgf), "--plies", "three")
    assert bad.returncode != 0 and "--plies wants FIRST-LAST, not 'three'" in bad.stderr


def test_two_runs_are_compared_where_their_moves_differ_with_a_sign_test(tmp_path):
    # Four shared positions: one the same move, three where the judge rates B's move higher; one quiet
    # position only in A, and in the last B walks into a mate (quiet for neither comparison, but counted
    # among all positions as a loss clamped to 2,000).
    a = tmp_path / "a.txt"
    b = tmp_path / "b.txt"
    a.write_text("7,7 0 10 7,7 10 | p1\n"
                 "6,6 0 -40 7,7 20 | p2\n"
                 "6,6 0 -30 7,7 20 | p3\n"
                 "6,6 0 -20 7,7 20 | p4\n"
                 "6,6 0 -20 7,7 20 | only-a\n"
                 "6,6 0 -50 7,7 20 | p5\n")
    b.write_text("7,7 0 10 7,7 10 | p1\n"
                 "7,7 0 20 7,7 20 | p2\n"
                 "8,8 0 -10 7,7 20 | p3\n"
                 "7,7 0 20 7,7 20 | p4\n"
                 "5,5 0 -19990 7,7 20 | p5\n")
    out = run("--compare", str(a), str(b))
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "positions 5: the same move 1; where the moves differ (4) the judge prefers A's 1, B's 3, neither 0; "
        "sign test p = 0.625; B - A mean -457.5 +/- 975.2 (95%)",
        "quiet positions 4: the same move 1; where the moves differ (3) the judge prefers A's 0, B's 3, "
        "neither 0; sign test p = 0.250; B - A mean +40.0 +/- 22.6 (95%)",
    ]


@pytest.mark.skipif(not os.environ.get("KINROW_BINARY"), reason="needs the kinrow binary (CTest sets it)")
def test_the_second_opinion_searches_both_moves_and_counts_which_kinrow_prefers(tmp_path):
    # Black has an open three on row r (r,6 r,7 r,8): a block at r,9 is what white must play, a far
    # corner loses at once. Where the run's move is the corner and the judge's the block, kinrow prefers
    # the judge's (twice: regret 70, then 10); where the run blocked and the judge did not, its own. The
    # same move, and a position with a mate verdict, are left out.
    def three(r):
        return f"{r},6 10,10 {r},7 10,11 {r},8"

    run_file = tmp_path / "run.txt"
    run_file.write_text(f"0,0 -100 -300 3,9 -230 | {three(3)}\n"
                        f"14,14 -100 -300 4,9 -290 | {three(4)}\n"
                        f"5,9 -100 -120 0,14 -300 | {three(5)}\n"
                        f"6,9 -100 -120 6,9 -120 | {three(6)}\n"
                        f"0,0 -100 -19990 7,9 -120 | {three(7)}\n")
    out = run("--second-opinion", str(run_file), "--kinrow", os.environ["KINROW_BINARY"], "--nodes", "3000")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ("where the moves differ, kinrow at 3000 nodes a move prefers the judge's 2, "
                                  "its own 1; where the judge's regret is over 50: the judge's 1, its own 0")


def test_the_recheck_ranks_both_moves_again_and_counts_agreement(tmp_path):
    # The stand-in judge rates its move 14,14 40 points above any other. The run's judge preferred the
    # judge's move: right where that move is 14,14, wrong where kinrow's is; twice the same move and a
    # mate verdict are left out. Each position is judged from a cleared table (no WARM drift).
    run_file = tmp_path / "run.txt"
    run_file.write_text("3,3 0 -50 14,14 20 | 7,7 8,8 7,8\n"
                        "14,14 0 -50 3,3 20 | 7,7 8,8 7,9\n"
                        "3,3 0 -50 0,0 20 | 7,7 8,8 7,10\n"
                        "3,3 0 -50 3,3 -50 | 7,7 8,8 7,11\n"
                        "3,3 0 -19990 14,14 20 | 7,7 8,8 7,12\n")
    cache = tmp_path / "cache.json"
    out = run(str(write_fake_judge(tmp_path, corner=40)), "--recheck", str(run_file), "--judge-nodes", "5000",
              "--cache", str(cache))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ("the judge at 5000 nodes prefers the judge's move in 1, kinrow's in 1; "
                                  "it ranks the two as the run's judge did in 1 of 2")
    assert len(json.loads(cache.read_text())) == 6  # three positions, two moves each, cached


def test_a_malformed_run_and_runs_without_a_shared_position_are_named(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("7,7 0 10 7,7 10 | p1\n")
    bad = tmp_path / "bad.txt"
    bad.write_text("7,7 0 10 7,7 10 | p1\n7,7 zero 10 7,7 10 | p2\n")
    out = run("--compare", str(good), str(bad))
    assert out.returncode != 0
    assert out.stderr.strip() == (f"{bad}:2: not a verdict line "
                                  "('move before after judge_move after_judge_move | position')")
    other = tmp_path / "other.txt"
    other.write_text("7,7 0 10 7,7 10 | p2\n")
    out = run("--compare", str(good), str(other))
    assert out.returncode != 0 and out.stderr.strip() == "the two runs share no position"
    out = run("--compare", str(good), str(tmp_path / "missing.txt"))
    assert out.returncode != 0 and out.stderr.strip() == f"{tmp_path / 'missing.txt'}: No such file or directory"


@pytest.mark.parametrize("name, count, plies", [("gomoku_move_quality_black.txt", 400, (4, 20)),
                                                 ("gomoku_move_quality_black_middle.txt", 250, (24, 56))])
def test_a_black_position_set_is_black_to_move_on_distinct_cells_and_lists_each_position_once(name, count, plies):
    with open(os.path.join(ROOT, "data", name)) as f:
        positions = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    assert len(positions) == len(set(positions)) > count
    for position in positions:
        stones = [tuple(int(x) for x in move.split(",")) for move in position.split()]
        assert len(stones) % 2 == 0 and plies[0] <= len(stones) <= plies[1], position
        assert len(set(stones)) == len(stones) and all(0 <= r < 15 and 0 <= c < 15 for r, c in stones), position
