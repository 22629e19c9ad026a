"""Game and State: the rules as the C++ engine plays them."""

import copy
import pickle
import re

import numpy as np
import pytest

import kinrow
from conftest import run_kinrow


def test_games_by_name_and_by_size():
    c4 = kinrow.Game("connect4")
    assert (c4.width, c4.height, c4.k, c4.gravity, c4.exact) == (7, 6, 4, True, False)
    assert c4 == kinrow.Game(width=7, height=6, k=4, gravity=True)
    assert c4.num_distinct_actions == 7 and c4.num_players == 2
    ttt = kinrow.Game("tictactoe")
    assert ttt.name == "tictactoe" and ttt.num_distinct_actions == 9 and not ttt.gravity
    assert kinrow.Game("gomoku-standard").exact
    assert kinrow.Game("mnk:7,7,5") == kinrow.Game(width=7, height=7, k=5)
    assert kinrow.Game(kinrow.Game("connect:5,4,3").name) == kinrow.Game("connect:5,4,3")


def test_actions_are_cells_or_columns():
    ttt = kinrow.Game("tictactoe").new_state()
    assert ttt.legal_moves() == list(range(9))
    ttt.play(4)
    ttt.play("0,2")
    assert ttt.history() == [4, 2] and ttt.moves() == ["1,1", "0,2"]
    assert ttt.action_to_string(7) == "2,1" and ttt.string_to_action("2,1") == 7
    c4 = kinrow.Game("connect4").new_state()
    c4.play(3)
    c4.play("4")
    c4.play(np.int64(2))
    assert c4.history() == [3, 3, 2] and c4.moves() == ["4", "4", "3"]
    assert c4.action_to_string(6) == "7" and c4.string_to_action("1") == 0


def test_play_undo_clone():
    state = kinrow.Game("connect4").new_state("4453")
    before = str(state)
    twin = state.clone()
    state.play(0)
    assert str(twin) == before and twin.num_stones == 4 and state.num_stones == 5
    state.undo()
    assert str(state) == before
    assert copy.deepcopy(state).history() == state.history()


def test_pickled_games_and_states_come_back_the_same():
    for game, moves in [("connect4", "4453"), ("mnk:7,7,5:exact", "3,3 2,2"), ("connect:10,5,4", "10 1 10")]:
        state = kinrow.Game(game).new_state(moves)
        back = pickle.loads(pickle.dumps(state))
        assert back.game == state.game and back.history() == state.history() and str(back) == str(state)
        assert pickle.loads(pickle.dumps(state.game)) == state.game
    board = kinrow.Game("tictactoe").state_from_board("X../.O./...")
    assert pickle.loads(pickle.dumps(board)).board().tolist() == board.board().tolist()
    assert len({kinrow.Game("connect4"), kinrow.Game(width=7, height=6, k=4, gravity=True)}) == 1


def test_terminal_returns_and_players():
    state = kinrow.Game("tictactoe").new_state()
    assert state.current_player() == 0
    for move in ["0,0", "1,0", "0,1", "1,1"]:
        state.play(move)
    assert state.current_player() == 0 and not state.is_terminal() and state.returns() == [0.0, 0.0]
    state.play("0,2")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.current_player() == -4 and state.legal_moves() == []
    o_wins = kinrow.Game("connect4").new_state("1212123")
    assert not o_wins.is_terminal()
    o_wins.play(1)
    assert o_wins.returns() == [-1.0, 1.0]
    draw = kinrow.Game("tictactoe").new_state("1,1 0,0 0,1 2,1 1,0 1,2 0,2 2,0 2,2")
    assert draw.is_terminal() and draw.returns() == [0.0, 0.0]


def test_board_is_a_numpy_copy():
    state = kinrow.Game("connect4").new_state("4453")
    board = state.board()
    assert board.shape == (6, 7) and board.dtype == np.uint8
    expected = np.zeros((6, 7), dtype=np.uint8)
    expected[5, 3], expected[4, 3], expected[5, 4], expected[5, 2] = 1, 2, 1, 2
    np.testing.assert_array_equal(board, expected)
    board[0, 0] = 1
    assert state.board()[0, 0] == 0
    from_board = kinrow.Game("tictactoe").state_from_board("X../.O./...")
    np.testing.assert_array_equal(from_board.board(), [[1, 0, 0], [0, 2, 0], [0, 0, 0]])
    assert from_board.current_player() == 0 and from_board.history() == []


def count_by_ply(state, max_plies):
    """Distinct positions at each ply, by depth-first play and undo."""
    seen = [set() for _ in range(max_plies + 1)]

    def visit(ply):
        key = state.board().tobytes()
        if key in seen[ply]:
            return
        seen[ply].add(key)
        if ply == max_plies or state.is_terminal():
            return
        for action in state.legal_moves():
            state.play(action)
            visit(ply + 1)
            state.undo()

    visit(0)
    return [len(s) for s in seen]


def test_connect4_positions_by_ply_match_the_command_line():
    _, out, _ = run_kinrow("count", "connect4", "--max-plies", "5", "--by-ply")
    cli = [int(n) for n in re.findall(r"^\s+\d+\s+(\d+)$", out, re.MULTILINE)]
    assert count_by_ply(kinrow.Game("connect4").new_state(), 5) == cli == [1, 7, 49, 238, 1120, 4263]


def test_tictactoe_games_match_the_command_line():
    state = kinrow.Game("tictactoe").new_state()
    totals = {"X": 0, "O": 0, "draw": 0}

    def play_out():
        if state.is_terminal():
            r = state.returns()
            totals["X" if r[0] > 0 else "O" if r[1] > 0 else "draw"] += 1
            return
        for action in state.legal_moves():
            state.play(action)
            play_out()
            state.undo()

    play_out()
    _, out, _ = run_kinrow("count", "tictactoe")
    games = re.search(r"complete games:\s+(\d+) \(X wins (\d+), O wins (\d+), draws (\d+)\)", out)
    assert [int(n) for n in games.groups()] == [sum(totals.values()), totals["X"], totals["O"], totals["draw"]]
