"""Bad input raises ValueError with the command line's message, and never crashes."""

import pytest

import kinrow
from conftest import cli_error


def message(call):
    with pytest.raises(ValueError) as error:
        call()
    return str(error.value)


def test_game_names_and_sizes():
    assert message(lambda: kinrow.Game("nope")) == cli_error("solve", "nope")
    assert message(lambda: kinrow.Game("mnk:30,3,3")) == cli_error("solve", "mnk:30,3,3")
    assert "k" in message(lambda: kinrow.Game(width=3, height=3, k=4))


def test_moves_as_the_command_line_reports_them():
    c4 = kinrow.Game("connect4")
    assert message(lambda: c4.new_state("1111111")) == cli_error("solve", "connect4", "--moves", "1111111")
    state = c4.new_state("111111")
    assert message(lambda: state.play("1")) == "bad move '1': column 1 is full"
    assert message(lambda: state.play(0)) == "bad move '1': column 1 is full"
    assert message(lambda: state.play(7)) == "bad action 7: out of range 0..6"
    assert message(lambda: state.play("x")) == "bad move 'x': expected a 1-based column number"
    ttt = kinrow.Game("tictactoe").new_state("1,1")
    assert message(lambda: ttt.play("1,1")) == "bad move '1,1': cell 1,1 is occupied"
    assert message(lambda: ttt.play(-1)) == "bad action -1: out of range 0..8"
    assert message(lambda: kinrow.Game("tictactoe").new_state().undo()) == "no move to undo"
    won = kinrow.Game("tictactoe").new_state("0,0 1,0 0,1 1,1 0,2")
    assert message(lambda: won.play(8)) == "move 6 comes after the game ended"
    assert message(lambda: kinrow.Game("tictactoe").state_from_board("XX")) == cli_error(
        "solve", "tictactoe", "--board", "XX")
    with pytest.raises(TypeError):
        ttt.play(1.5)


def test_search_options():
    c4 = kinrow.Game("connect4").new_state("1212")
    assert message(lambda: kinrow.solve(c4, time_ms=100)).startswith("time_ms: the Connect-k solver always solves")
    assert message(lambda: kinrow.solve(c4, depth=3)) == cli_error("solve", "connect4", "--moves", "1212",
                                                                  "--depth", "3")
    assert message(lambda: kinrow.solve(c4, engine="fast")) == (
        "unknown engine 'fast': expected generic, connect, gomoku, weighted or prover")
    ttt = kinrow.Game("tictactoe").new_state()
    assert message(lambda: kinrow.solve(ttt, engine="connect")) == cli_error("solve", "tictactoe", "--engine",
                                                                           "connect")
    assert message(lambda: kinrow.solve(ttt, depth=-1)) == "depth -1 is negative"
    assert message(lambda: kinrow.solve(ttt, time_ms=-5)) == "time_ms -5 is not in 0..2147483647"
    assert message(lambda: kinrow.solve(ttt, tt_mb=0)) == "tt_mb 0 is not a table size (at least 1 MiB)"
    huge = message(lambda: kinrow.solve(ttt, tt_mb=10**9))
    assert huge.startswith("table size 1000000000 MiB is larger than this machine's memory")
    assert huge in cli_error("solve", "tictactoe", "--tt-mb", str(10**9))
    assert message(lambda: kinrow.solve(ttt, threads=0)) == "threads 0 is not in 1..64"
    won = kinrow.Game("connect4").new_state("1212121")
    assert message(lambda: kinrow.solve(won)) == "the position is already won by X"
    assert message(lambda: kinrow.best_move(kinrow.Game("tictactoe").new_state("0,0 1,0 0,1 1,1 0,2"))) == (
        "the game is over: there is no move to choose")


def test_batch_names_the_bad_position():
    assert message(lambda: kinrow.solve_batch(["4453", "1111111"])) == (
        "positions[1]: bad move '1': column 1 is full")
    assert message(lambda: kinrow.solve_batch(["1212121"])) == "positions[0]: the position is already won by X"
    small = kinrow.Game("connect:5,4,3").new_state()
    assert message(lambda: kinrow.solve_batch([small], game="connect4")) == (
        "positions[0]: a connect:5,4,3 position in a batch of connect4")
    assert list(kinrow.solve_batch([small, "3"]).scores) == [kinrow.solve(small).score, kinrow.solve(
        small.game.new_state("3")).score]
    assert message(lambda: kinrow.solve_batch(["1,1"], game="tictactoe")) == (
        "the connect engine cannot play tictactoe: it solves gravity games (connect4, connect:W,H,K)")
    with pytest.raises(TypeError):
        kinrow.solve_batch([4453])
    assert len(kinrow.solve_batch([])) == 0
