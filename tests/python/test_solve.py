"""solve, analyze, best_move and solve_batch: the facade's answers from Python."""

import numpy as np

import kinrow
from conftest import kinrow_json, pons_set


def test_tictactoe_is_a_draw_along_its_principal_variation():
    state = kinrow.Game("tictactoe").new_state()
    r = kinrow.solve(state)
    assert (r.value, r.outcome, r.proven, r.bound, r.engine, r.complete) == (0, "draw", True, "exact", "generic", True)
    assert r.best_move == r.pv[0] and r.best_move_str == r.pv_str[0]
    for action in r.pv:
        state.play(action)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_solve_matches_the_command_line():
    for game, moves in [("tictactoe", "1,1"), ("mnk:4,4,3", ""), ("connect4", "44444433")]:
        cli = kinrow_json("solve", game, "--moves", moves) if moves else kinrow_json("solve", game)
        r = kinrow.solve(kinrow.Game(game).new_state(moves))
        assert (r.outcome, r.score, r.distance, r.label) == (cli["result"], cli["score"], cli["plies_to_end"],
                                                             cli["label"])
        assert (r.best_move_str, r.pv_str, r.stats.nodes, r.engine) == (cli["best_move"], cli["pv"], cli["nodes"],
                                                                        cli["engine"])


def test_pons_end_game_set_exact_in_one_batch():
    positions = pons_set("Test_L3_R1")
    batch = kinrow.solve_batch([moves for moves, _ in positions])
    assert len(batch) == len(positions) and batch.scores.dtype == np.int32
    np.testing.assert_array_equal(batch.scores, [score for _, score in positions])
    assert (batch.nodes > 0).all() and (batch.seconds >= 0).all()
    weak = kinrow.solve_batch([moves for moves, _ in positions], weak=True)
    np.testing.assert_array_equal(weak.scores, np.sign(batch.scores))


def test_pons_middle_game_positions_exact_one_solve_at_a_time():
    c4 = kinrow.Game("connect4")
    for moves, score in pons_set("Test_L2_R1")[:40]:
        r = kinrow.solve(c4.new_state(moves), tt_mb=4)
        assert r.score == score and r.proven and r.engine == "connect"
        # Pons's |score| is (43 - n) / 2 for a winning stone dropped onto n stones.
        if score:
            assert abs(score) == (43 - (len(moves) + r.distance - 1)) // 2
            assert r.value == (1 if score > 0 else -1)
        else:
            assert r.value == 0 and r.outcome == "draw"


def test_batch_of_states_equals_batch_of_strings_and_single_solves():
    lines = [moves for moves, _ in pons_set("Test_L2_R1")[:20]]
    c4 = kinrow.Game("connect4")
    states = [c4.new_state(moves) for moves in lines]
    by_states = kinrow.solve_batch(states)
    np.testing.assert_array_equal(by_states.scores, kinrow.solve_batch(lines, game="connect4").scores)
    np.testing.assert_array_equal(by_states.nodes, kinrow.solve_batch(lines, game=c4).nodes)
    assert [kinrow.solve(s).stats.nodes for s in states] == list(by_states.nodes)


def test_analyze_values_every_move_as_its_solve():
    state = kinrow.Game("tictactoe").new_state("0,0")
    analysis = kinrow.analyze(state)
    assert [m.action for m in analysis.moves] == state.legal_moves() and analysis.engine == "generic"
    for m in analysis.moves:
        child = state.clone()
        child.play(m.action)
        reply = kinrow.solve(child)
        assert m.value == -reply.value and m.move == state.action_to_string(m.action)
    assert {m.move: m.outcome for m in analysis.moves}["1,1"] == "draw"
    assert {m.outcome for m in analysis.moves} == {"draw", "loss"}


def test_analyze_connect4_from_the_book():
    analysis = kinrow.analyze(kinrow.Game("connect4").new_state())
    assert analysis.stats.from_book and [m.label for m in analysis.moves][3].startswith("W")


def test_best_move_takes_a_win_and_plays_gomoku():
    c4 = kinrow.Game("connect4").new_state("121212")
    assert kinrow.best_move(c4) == 0
    gomoku = kinrow.Game("gomoku").new_state("h8 a1 i8 a3 j8 a5 k8 a7")
    five = [gomoku.string_to_action(move) for move in ("g8", "l8")]
    assert kinrow.best_move(gomoku, time_ms=200) in five


def test_limited_search_says_so():
    r = kinrow.solve(kinrow.Game("mnk:5,5,4").new_state(), depth=2)
    assert not r.proven and r.value is None and r.outcome == "unknown"
    assert r.best_move in kinrow.Game("mnk:5,5,4").new_state().legal_moves()
