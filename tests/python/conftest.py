"""Shared helpers of the kinrow module's tests (run by CTest with PYTHONPATH=build/python)."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def shared_path(relative):
    """The path of `relative` in the shared reference data (../shared, or KINROW_SHARED_DIR).

    Missing data skips the test, or fails it when KINROW_REQUIRE_SHARED=1 (CI)."""
    base = os.environ.get("KINROW_SHARED_DIR") or str(ROOT.parent / "shared")
    path = pathlib.Path(base) / relative
    if not path.is_file():
        message = (f"missing: {path} (the reference data lives in shared/ beside the checkout; "
                   "set KINROW_SHARED_DIR to read it from elsewhere)")
        if os.environ.get("KINROW_REQUIRE_SHARED") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return path


def pons_set(name):
    """Pons's Connect Four set `name` as (moves, score) pairs."""
    lines = shared_path(f"reference/connect4/{name}").read_text().split("\n")
    return [(moves, int(score)) for moves, score in (line.split() for line in lines if line.strip())]


def kinrow_binary():
    binary = os.environ.get("KINROW_BINARY") or str(ROOT / "build" / "kinrow")
    if not os.path.isfile(binary):
        pytest.skip(f"the kinrow command is not built: {binary}")
    return binary


def run_kinrow(*args, stdin=None):
    """The kinrow command's (exit code, stdout, stderr)."""
    done = subprocess.run([kinrow_binary(), *args], input=stdin, capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


def kinrow_json(*args):
    code, out, err = run_kinrow(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def cli_error(*args):
    """The one-line message the command line gives for bad input, without 'kinrow: error: '."""
    code, _, err = run_kinrow(*args)
    assert code != 0
    prefix = "kinrow: error: "
    assert err.startswith(prefix), err
    return err[len(prefix):].strip()
