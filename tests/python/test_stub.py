"""The type stub (_kinrow.pyi) declares everything the module has, and nothing it lacks."""

import ast
import inspect
import pathlib

import kinrow
from kinrow import _kinrow

STUB = pathlib.Path(kinrow.__file__).with_name("_kinrow.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = {n.name for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
            for base in node.bases:
                members |= names.get(base.id, set()) if isinstance(base, ast.Name) else set()
            names[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = set()
    return names


def public(cls):
    return {name for name, _ in inspect.getmembers(cls) if not name.startswith("_")}


def test_stub_matches_the_module():
    stub = stub_names()
    module = {name for name in dir(_kinrow) if not name.startswith("_")}
    assert module == {name for name in stub if not name.startswith("_")}
    assert set(kinrow.__all__) == module
    for name in module:
        runtime = getattr(_kinrow, name)
        if inspect.isclass(runtime):
            assert public(runtime) == {m for m in stub[name] if not m.startswith("_")}, name
