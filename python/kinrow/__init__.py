"""kinrow: k-in-a-row games, their exact solvers and engines, from Python.

Games (tic-tac-toe, m,n,k-games, Connect Four and every Connect-k, Gomoku) follow
OpenSpiel's conventions: ``Game(name).new_state()``, integer actions (the cell
``row * width + col``, or the column in gravity games), players 0 (X, first) and 1 (O).
Searches run in C++ without the GIL; Ctrl-C stops them with KeyboardInterrupt.

    >>> import kinrow
    >>> state = kinrow.Game("connect4").new_state("4453")
    >>> kinrow.solve(state).text
    'O wins in 15 moves (29 plies)'
"""

from ._kinrow import (
    AnalyzeResult,
    BatchResult,
    Game,
    MoveValue,
    SolveResult,
    State,
    Stats,
    analyze,
    best_move,
    solve,
    solve_batch,
)

__all__ = [
    "AnalyzeResult",
    "BatchResult",
    "Game",
    "MoveValue",
    "SolveResult",
    "State",
    "Stats",
    "analyze",
    "best_move",
    "solve",
    "solve_batch",
]
