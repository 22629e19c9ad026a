"""Ctrl-C (SIGINT) stops a search with KeyboardInterrupt, and leaves Python's handling as it was."""

import os
import signal
import threading
import time

import pytest

import kinrow

# Searches that would run for minutes.
LONG_SEARCHES = {
    "connect": lambda: kinrow.solve(kinrow.Game("connect4").new_state()),
    "connect-2-threads": lambda: kinrow.solve(kinrow.Game("connect4").new_state(), threads=2),
    "prover": lambda: kinrow.solve(kinrow.Game("mnk:9,9,5").new_state(), engine="prover"),
    "prover-2-threads": lambda: kinrow.solve(kinrow.Game("mnk:9,9,5").new_state(), engine="prover", threads=2),
    "generic": lambda: kinrow.solve(kinrow.Game("mnk:6,6,5").new_state(), engine="generic"),
    "gomoku": lambda: kinrow.best_move(kinrow.Game("gomoku").new_state("h8"), time_ms=600_000),
    "analyze": lambda: kinrow.analyze(kinrow.Game("connect4").new_state(), book=False),
    "batch": lambda: kinrow.solve_batch(["4453", ""]),
}


def interrupt_after(seconds):
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize("search", LONG_SEARCHES)
def test_ctrl_c_stops_a_long_search(search):
    start = time.monotonic()
    interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        LONG_SEARCHES[search]()
    assert time.monotonic() - start < 10
    # Python handles SIGINT as before, and the module still answers.
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert kinrow.solve(kinrow.Game("tictactoe").new_state()).outcome == "draw"


def test_sigint_between_searches_is_python_s_own():
    kinrow.solve(kinrow.Game("tictactoe").new_state())
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)


def test_a_python_handler_runs_and_the_search_still_stops():
    calls = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: calls.append(signum))
    try:
        interrupt_after(0.3)
        with pytest.raises(KeyboardInterrupt):
            kinrow.solve(kinrow.Game("connect4").new_state())
        assert calls == [signal.SIGINT]
    finally:
        signal.signal(signal.SIGINT, previous)
