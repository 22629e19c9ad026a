"""scripts/kinrow_cli.py: kinrow's --json answer as a dict, and a one-line error for what kinrow rejects."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
from kinrow_cli import solve_gomoku  # noqa: E402

KINROW = os.environ.get("KINROW_BINARY")
needs_kinrow = pytest.mark.skipif(not KINROW, reason="needs the kinrow binary (CTest sets it)")


@needs_kinrow
def test_the_answer_is_kinrows_json_for_the_position_and_options():
    # Black has four in a row on row 7 with both ends open and completes the five (a heuristic engine's
    # win is a claim, not a proof: the score says it).
    answer = solve_gomoku(KINROW, "7,7 8,0 7,8 8,1 7,9 8,2 7,10 9,0", ["--nodes", "2000"], "here")
    assert answer["position"] == "7,7 8,0 7,8 8,1 7,9 8,2 7,10 9,0"
    assert answer["best_move"] in ("7,6", "7,11")
    assert answer["score"] > 20000 and not answer["proven"]


@needs_kinrow
def test_a_position_kinrow_rejects_stops_with_one_line_naming_where_and_why():
    with pytest.raises(SystemExit) as stop:
        solve_gomoku(KINROW, "7,7 7,7", ["--nodes", "2000"], "positions.txt:3")
    message = str(stop.value.code)
    assert "\n" not in message
    assert message.startswith("positions.txt:3: kinrow: ") and "occupied" in message


def test_a_kinrow_that_cannot_run_is_named(tmp_path):
    missing = str(tmp_path / "no-kinrow")
    with pytest.raises(SystemExit) as stop:
        solve_gomoku(missing, "7,7", [], "here")
    assert str(stop.value.code) == f"{missing}: No such file or directory"
