"""Searches release the GIL: Python threads run beside them and several solve at once."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import kinrow
from conftest import pons_set


def test_python_runs_while_a_search_does():
    ticks = 0
    done = threading.Event()

    def search():
        kinrow.solve(kinrow.Game("mnk:5,5,4").new_state(), time_ms=500)
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert ticks > 50


def test_threads_get_the_answers_of_one_thread():
    lines = [moves for moves, _ in pons_set("Test_L2_R1")[:200]]
    chunks = [lines[i::4] for i in range(4)]
    alone = [kinrow.solve_batch(chunk) for chunk in chunks]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(kinrow.solve_batch, chunks))
    for a, b in zip(alone, together):
        np.testing.assert_array_equal(a.scores, b.scores)
        np.testing.assert_array_equal(a.nodes, b.nodes)
    states = [kinrow.Game("tictactoe").new_state(m) for m in ["", "1,1", "0,0", "0,0 1,1"]]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(kinrow.solve, states))
    assert [r.stats.nodes for r in results] == [kinrow.solve(s).stats.nodes for s in states]


def test_a_parallel_connect_solve_agrees():
    state = kinrow.Game("connect4").new_state("44444433")
    assert kinrow.solve(state, threads=2).score == kinrow.solve(state).score


def test_a_parallel_generic_solve_agrees():
    for game, moves in [("mnk:4,4,4", ""), ("mnk:5,4,4", "1,1 0,0"), ("tictactoe", "0,0 1,1 0,1")]:
        state = kinrow.Game(game).new_state(moves)
        one, two = kinrow.solve(state), kinrow.solve(state, threads=2)
        assert (two.engine, two.outcome, two.score, two.distance) == (one.engine, one.outcome, one.score, one.distance)
