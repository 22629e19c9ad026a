#!/usr/bin/env python3
"""Checks the layer rule on the sources: a folder of src/ may include only
its own headers and those of the folders below it (see the table in
README.md). Run by CTest as LayerRule; prints each include that runs back up
and exits 1 if there is one.

    python3 scripts/check_layers.py [SRC_DIR]
"""
import pathlib
import re
import sys

# Each folder and the folders it may include, besides itself. Engines do not
# include each other; front ends sit on the facade and the report.
ALLOWED = {
    "core": set(),
    "rules": {"core"},
    "search": {"core", "rules"},
    "connect": {"core", "rules"},
    "gomoku": {"core", "rules"},
    "weighted": {"core", "rules"},
    "prover": {"core", "rules"},
    "engine": {"core", "rules", "search", "connect", "gomoku", "weighted", "prover"},
    # Job-level proof search over MPI: workers run the engines directly (each
    # keeps one table for the whole run), so it sits beside the facade.
    "distributed": {"core", "rules", "search", "connect", "prover"},
    "report": {"core", "rules", "engine", "search"},
    "protocol": {"core", "rules", "engine", "gomoku"},
    "web": {"core", "rules", "engine", "report", "search", "weighted"},
    "python": {"core", "rules", "engine", "report", "search"},
    "cli": {"core", "rules", "search", "connect", "gomoku", "weighted", "prover", "engine", "report",
            "protocol", "web", "distributed"},
}
# Libraries only the front ends may use (and MPI, only the distributed layer).
FRONT_END_ONLY = {"CLI/": {"cli"}, "nlohmann/": {"report", "cli", "web", "python"},
                  "httplib.h": {"web"}, "pybind11/": {"python"}, "mpi.h": {"distributed"}}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def main() -> int:
    src = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent / "src")
    problems = []
    for path in sorted(src.rglob("*")):
        if path.suffix not in {".hpp", ".cpp", ".h"}:
            continue
        layer = path.relative_to(src).parts[0]
        if layer not in ALLOWED:
            problems.append(f"{path}: folder '{layer}' has no place in the layer table")
            continue
        for kind, header in INCLUDE.findall(path.read_text(encoding="utf-8")):
            if kind == '"':
                target = header.split("/")[0] if "/" in header else None
                if target is None:
                    problems.append(f"{path}: include \"{header}\" without its folder")
                elif target != layer and target not in ALLOWED[layer]:
                    problems.append(f"{path}: {layer} includes \"{header}\" from {target}, a layer it may not use")
            for prefix, users in FRONT_END_ONLY.items():
                if header.startswith(prefix) and layer not in users:
                    problems.append(f"{path}: {layer} includes <{header}>, which only {sorted(users)} may")
    for p in problems:
        print(p)
    if not problems:
        print(f"layer rule holds for {src}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
