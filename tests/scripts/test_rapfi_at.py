"""scripts/sparring/rapfi_at.sh: the protocol lines it changes on their way to Rapfi.

RAPFI is set to `cat`, so what the wrapper would hand Rapfi comes back on its output."""
import os
import subprocess

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "sparring", "rapfi_at.sh")
LINES = "START 15\nINFO max_memory 367001600\nINFO timeout_turn 500\nBEGIN\nSTART 15\n"


def run(env, text=LINES):
    return subprocess.run(["sh", SCRIPT], input=text, capture_output=True, text=True,
                          env={**os.environ, "RAPFI": "cat", **env})


def test_a_128_mib_table_in_place_of_gomocups():
    out = run({})
    assert out.returncode == 0, out.stderr
    assert out.stdout == LINES.replace("367001600", "134217728")


def test_a_node_budget_after_every_start():
    out = run({"RAPFI_NODES": "60000", "RAPFI_TABLE_BYTES": "1048576"})
    assert out.stdout.splitlines() == ["START 15", "INFO max_node 60000", "INFO max_memory 1048576",
                                       "INFO timeout_turn 500", "BEGIN", "START 15", "INFO max_node 60000"]


def test_bad_settings_are_named():
    out = run({"RAPFI_NODES": "60k"})
    assert out.returncode == 1
    assert out.stdout == "ERROR RAPFI_NODES must be a number of nodes, not '60k'\n"
    out = run({"RAPFI_TABLE_BYTES": "128M"})
    assert out.returncode == 1
    assert "RAPFI_TABLE_BYTES must be a number of bytes" in out.stdout
