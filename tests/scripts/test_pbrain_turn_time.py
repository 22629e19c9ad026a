"""scripts/pbrain_turn_time.py: how much of its turn a Gomocup brain uses.

A stand-in brain (below) logs what it is sent, so the test checks the protocol the script speaks;
then pbrain-kinrow itself (through `kinrow gomocup`, KINROW_BINARY from CTest) answers two positions
and the script reads its nodes per second and depth.
"""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SCRIPT = os.path.join(ROOT, "scripts", "pbrain_turn_time.py")

# Answers START and RESTART with OK and each DONE with a move; writes every line it reads to LOG.
FAKE_BRAIN = r'''#!{python}
import sys
log = open({log!r}, "a")
for line in sys.stdin:
    line = line.strip()
    log.write(line + "\n")
    log.flush()
    if line.startswith("START") or line == "RESTART":
        print("OK", flush=True)
    elif line == "DONE":
        print("MESSAGE thinking", flush=True)
        print("MESSAGE Speed 811K | Depth 19-38 | Eval -140 | Node 381K | Time 470ms", flush=True)
        print("0,0", flush=True)
    elif line == "END":
        break
'''

POSITIONS = """game 1
position: 7,7 7,8 8,8
position: 6,6 6,7 7,7 5,5
position: 1,1 1,2 2,2
"""


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=120)


def brain(tmp_path, text):
    path = tmp_path / "brain"
    path.write_text(text)
    path.chmod(0o755)
    return str(path)


def test_gives_each_position_as_a_board_with_the_side_to_move_as_its_own_stones(tmp_path):
    log = tmp_path / "log.txt"
    positions = tmp_path / "positions.txt"
    positions.write_text(POSITIONS)
    fake = brain(tmp_path, FAKE_BRAIN.format(python=sys.executable, log=str(log)))
    out = run(sys.executable, SCRIPT, fake, "300", "--positions", str(positions), "--every", "1", "--count", "2")
    assert out.returncode == 0, out.stderr
    assert "2 positions, mean" in out.stdout
    assert "nodes/s" not in out.stdout  # no kinrow MESSAGE lines to read
    # Rapfi's statistics line read as 381,000 nodes an answer.
    assert "nodes an answer (the 2 reported): median 381000, mean 381000" in out.stdout
    sent = log.read_text().splitlines()
    assert sent[0] == "START 15"
    assert "INFO timeout_turn 300" in sent
    boards = []
    for i, line in enumerate(sent):
        if line == "BOARD":
            boards.append(sent[i + 1:sent.index("DONE", i)])
    # White to move after three stones: its stone (row 7, col 8) is its own (1); X,Y is column, row.
    assert boards[0] == ["7,7,2", "8,7,1", "8,8,2"]
    # Black to move after four: black's stones are its own.
    assert boards[1] == ["6,6,1", "7,6,2", "7,7,1", "5,5,2"]
    assert sent[-1] == "END"


def test_new_table_each_move_changes_max_memory_before_every_position(tmp_path):
    log = tmp_path / "log.txt"
    positions = tmp_path / "positions.txt"
    positions.write_text(POSITIONS)
    fake = brain(tmp_path, FAKE_BRAIN.format(python=sys.executable, log=str(log)))
    out = run(sys.executable, SCRIPT, fake, "300", "--positions", str(positions), "--every", "1",
              "--new-table-each-move")
    assert out.returncode == 0, out.stderr
    assert "3 positions, mean" in out.stdout
    sent = log.read_text().splitlines()
    # The limit each board is given: the last INFO max_memory before its BOARD.
    limits = []
    for i, line in enumerate(sent):
        if line == "BOARD":
            limits.append([text for text in sent[:i] if text.startswith("INFO max_memory")][-1])
    assert limits == ["INFO max_memory 1000000000", "INFO max_memory 200000000", "INFO max_memory 1000000000"]
    # Without the option the limit is set once, before the first position.
    log.write_text("")
    out = run(sys.executable, SCRIPT, fake, "300", "--positions", str(positions), "--every", "1")
    assert out.returncode == 0, out.stderr
    sent = log.read_text().splitlines()
    assert [text for text in sent if text.startswith("INFO max_memory")] == ["INFO max_memory 367001600"]


def test_reads_a_file_of_plain_move_lists(tmp_path):
    log = tmp_path / "log.txt"
    positions = tmp_path / "positions.txt"
    positions.write_text("# a comment 1,1\n7,7 7,8 8,8\nnot a position\n6,6 6,7 7,7 5,5\n")
    fake = brain(tmp_path, FAKE_BRAIN.format(python=sys.executable, log=str(log)))
    out = run(sys.executable, SCRIPT, fake, "300", "--positions", str(positions), "--every", "1")
    assert out.returncode == 0, out.stderr
    assert "2 positions, mean" in out.stdout
    sent = log.read_text().splitlines()
    assert sent[sent.index("BOARD") + 1:sent.index("DONE")] == ["7,7,2", "8,7,1", "8,8,2"]


def test_reads_kinrows_nodes_and_depth(tmp_path):
    kinrow = os.environ.get("KINROW_BINARY")
    if not kinrow:
        return
    wrapper = brain(tmp_path, f"#!/bin/sh\nexec {kinrow} gomocup\n")
    positions = tmp_path / "positions.txt"
    positions.write_text(POSITIONS)
    out = run(sys.executable, SCRIPT, wrapper, "200", "--positions", str(positions), "--every", "1", "--count", "2")
    assert out.returncode == 0, out.stderr
    assert "2 positions, mean" in out.stdout
    assert "nodes/s" in out.stdout and "mean depth" in out.stdout
    assert "nodes an answer (the 2 reported)" in out.stdout
    assert "kinrow's nodes: main search" in out.stdout and "root threat searches" in out.stdout


def test_names_bad_arguments(tmp_path):
    out = run(sys.executable, SCRIPT, "/nonexistent/brain", "500", "--positions", str(tmp_path / "none.txt"))
    assert out.returncode != 0 and "cannot read" in out.stderr
    empty = tmp_path / "empty.txt"
    empty.write_text("no positions here\n")
    out = run(sys.executable, SCRIPT, "/bin/true", "500", "--positions", str(empty))
    assert out.returncode != 0 and "no 'position: MOVES' lines and no move lists" in out.stderr
    out = run(sys.executable, SCRIPT, "/bin/true", "0")
    assert out.returncode != 0 and "must be positive" in out.stderr
    # A brain that ends at once: a one-line error, not a traceback.
    out = run(sys.executable, SCRIPT, "/bin/true", "500")
    assert out.returncode != 0 and "the brain ended" in out.stderr and "Traceback" not in out.stderr
