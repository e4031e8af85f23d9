"""The type stub (python/mancala/__init__.pyi) matches the module as built: every public name
of the module, and of each class, is in it, and it is what make_stub.py writes today."""

import ast
import importlib.util
import pathlib

import mancala

ROOT = pathlib.Path(__file__).resolve().parents[2]
STUB = ROOT / "python" / "mancala" / "__init__.pyi"


def stub_names():
    tree = ast.parse(STUB.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.ImportFrom):  # the package's own Python, re-exported
            names.update(alias.asname or alias.name for alias in node.names)
        if isinstance(node, ast.ClassDef):
            members[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
    return names, members


def test_every_public_name_is_in_the_stub():
    names, members = stub_names()
    assert set(mancala.__all__) - names == set()
    for name in mancala.__all__:
        value = getattr(mancala, name)
        if isinstance(value, type) and name in members:
            public = {a for a in vars(value) if not a.startswith("_")}
            assert public - members[name] == set(), name


def test_the_stub_is_the_generators_output():
    spec = importlib.util.spec_from_file_location("make_stub", ROOT / "python" / "packaging" / "make_stub.py")
    make_stub = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_stub)
    assert STUB.read_text() == make_stub.stub(), "run python/packaging/make_stub.py (see its docstring)"


def test_the_package_is_typed():
    assert (pathlib.Path(mancala.__file__).parent / "py.typed").exists()
    assert (pathlib.Path(mancala.__file__).parent / "__init__.pyi").exists()
