"""The examples in the docs and the labelling script run and say what they claim."""

import doctest
import pathlib
import re
import subprocess
import sys

import kinrow
from conftest import ROOT


def test_package_docstring():
    assert doctest.testmod(kinrow, raise_on_error=False).failed == 0


def test_python_guide_examples():
    guide = ROOT / "docs" / "python.md"
    result = doctest.testfile(str(guide), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 10 and result.failed == 0


def test_label_connect4_script():
    script = ROOT / "examples" / "label_connect4.py"
    out = subprocess.run([sys.executable, str(script), "--count", "200", "--min-stones", "20"],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    head = re.match(r"200 positions \(20-41 stones, seed 1\), for the side to move: (\d+) wins, (\d+) draws, "
                    r"(\d+) losses", out)
    assert head and sum(int(n) for n in head.groups()) == 200
    counts = re.findall(r"^\s*(-?\d+)\s+(\d+)$", out, re.MULTILINE)
    assert sum(int(n) for _, n in counts) == 200
    assert re.search(r"positions/s", out)


def test_readme_five_lines_print_what_their_comments_say():
    readme = (ROOT / "README.md").read_text()
    code = re.search(r"```python\n(.*?)```", readme, re.DOTALL).group(1)
    expected = [line.split("# ", 1)[1] for line in code.splitlines() if line.startswith("print(")]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         timeout=120).stdout
    assert out.splitlines() == expected
