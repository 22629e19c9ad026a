"""kinrow: k-in-a-row games, their exact solvers and engines, from Python.

Games (tic-tac-toe, m,n,k-games, Connect Four and every Connect-k, Gomoku) follow
OpenSpiel's conventions: ``Game(name).new_state()``, integer actions (the cell
``row * width + col``, or the column in gravity games), players 0 (X, first) and 1 (O).
Searches run in C++ without the GIL; Ctrl-C stops them with KeyboardInterrupt.

    >>> import kinrow
    >>> kinrow.solve(kinrow.Game("tictactoe").new_state()).outcome
    'draw'
    >>> kinrow.solve(kinrow.Game("connect4").new_state("44444433")).text
    'X wins in 2 moves (3 plies)'

See docs/python.md for the whole API.
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
