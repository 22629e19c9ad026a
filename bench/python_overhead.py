#!/usr/bin/env python3
"""What the Python module adds to the engine facade's calls, on Pons's Test_L3_R1.

Makes the calls bench/bench_facade.cpp makes in C++ (BM_FacadeSolveL3/1: one
kinrow.solve a position with a 1 MiB table and no book; BM_FacadeBatchL3: one
solve_batch of the set) and prints the CPU time a position, the least and
the median of --runs runs (on a shared machine the least is the steadier). The difference from the C++ figures is the Python overhead.
Each solve allocates its tables (2 MiB at least); the tunables keep glibc from
mapping fresh pages for them every time, whose page faults would otherwise be
most of the time and most of its noise, in both programs alike:

    export GLIBC_TUNABLES=glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=1073741824
    flock /tmp/kinrow-bench.lock build/kinrow_microbench --benchmark_filter='Facade.*L3(/1)?$' \
        --benchmark_repetitions=10
    flock /tmp/kinrow-bench.lock env PYTHONPATH=build/python /usr/bin/python3 bench/python_overhead.py
"""

import argparse
import os
import pathlib
import statistics
import time

import kinrow


def end_game_set():
    shared = os.environ.get("KINROW_SHARED_DIR") or pathlib.Path(__file__).resolve().parents[2] / "shared"
    lines = (pathlib.Path(shared) / "reference" / "connect4" / "Test_L3_R1").read_text().split("\n")
    game = kinrow.Game("connect4")
    return [game.new_state(line.split()[0]) for line in lines if line.strip()]


def cpu_seconds_a_position(run, positions, runs):
    """The least and the median CPU time a position over `runs` runs."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        run()
        times.append((time.process_time() - start) / len(positions))
    return min(times), statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    states = end_game_set()
    moves = ["".join(s.moves()) for s in states]

    def solve_each():
        for state in states:
            kinrow.solve(state, tt_mb=1)

    figures = {
        "solve, one call a position (tt_mb=1)": cpu_seconds_a_position(solve_each, states, args.runs),
        "solve_batch of States": cpu_seconds_a_position(lambda: kinrow.solve_batch(states), states, args.runs * 10),
        "solve_batch of move strings": cpu_seconds_a_position(lambda: kinrow.solve_batch(moves), states,
                                                              args.runs * 10),
    }
    for name, (least, median) in figures.items():
        print(f"{name:40s} {least * 1e6:8.2f} us a position (CPU; median {median * 1e6:.2f} us)")


if __name__ == "__main__":
    main()
