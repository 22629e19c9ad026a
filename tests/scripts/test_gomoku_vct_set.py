"""scripts/gomoku_vct_set.py: kinrow's VCT on positions of recorded games, counted."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "gomoku_vct_set.py")
KINROW = os.environ.get("KINROW_BINARY")
needs_kinrow = pytest.mark.skipif(not KINROW, reason="needs the kinrow binary (CTest sets it)")

# kinrow's game against Rapfi (seed 4703) to the position where X wins by threats (no VCF: a VCT of 11
# threats), then three more moves so that the game runs past it.
WON_BY_THREATS = "7,6 7,7 5,6 6,6 6,5 5,4 8,5 7,4 6,7 5,8 8,8 8,4 9,4 10,3 8,9 7,8"
GAME = "1 " + " ".join(str(15 * int(r) + int(c)) for r, c in (m.split(",") for m in WON_BY_THREATS.split())) \
    + " 0 1 2\n"


def run(tmp_path, *args, games=GAME):
    (tmp_path / "g.games").write_text("# one game\n" + games)
    return subprocess.run([sys.executable, SCRIPT, str(tmp_path / "g.games"), "--kinrow", KINROW or "kinrow", *args],
                          capture_output=True, text=True)


@needs_kinrow
def test_counts_the_wins_it_proves(tmp_path):
    out = run(tmp_path, "--from", "16", "--every", "100", "--nodes", "3000000")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1].startswith("positions 1 wins 1 incomplete 0 nodes ")


@needs_kinrow
def test_counts_a_search_cut_by_its_budget_as_incomplete_not_as_no_win(tmp_path):
    out = run(tmp_path, "--from", "16", "--every", "100", "--nodes", "1000")
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "positions 1 wins 0 incomplete 1 nodes 1001"


@needs_kinrow
def test_takes_positions_every_so_many_plies_up_to_the_count(tmp_path):
    # 19 plies: positions before plies 2, 5, 8, 11, 14 and 17 would be 6 (17 is past 19 - 2: not taken).
    out = run(tmp_path, "--from", "2", "--every", "3", "--verbose")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [len(line.split("|")[1].split()) for line in lines[:-1]] == [2, 5, 8, 11, 14]
    assert lines[-1].startswith("positions 5 ")
    out = run(tmp_path, "--from", "2", "--every", "3", "--count", "2")
    assert out.stdout.splitlines()[-1].startswith("positions 2 ")


def test_bad_input_stops_with_one_line(tmp_path):
    out = run(tmp_path, "--every", "0")
    assert out.returncode != 0 and len(out.stderr.strip().splitlines()) == 1 and "--every" in out.stderr
    out = subprocess.run([sys.executable, SCRIPT, str(tmp_path / "missing.games")], capture_output=True, text=True)
    assert out.returncode != 0 and "missing.games" in out.stderr and len(out.stderr.strip().splitlines()) == 1
    out = run(tmp_path, games="2 112 113\n")
    assert out.returncode != 0 and "result" in out.stderr and len(out.stderr.strip().splitlines()) == 1
