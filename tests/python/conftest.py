"""Shared fixtures of the Python module's tests.

Run them with the package on the path, as ctest does:
    PYTHONPATH=build/python python3 -m pytest tests/python
or after `pip install .`, with nothing set. The command-line binary, which some tests compare
with, is the first of: $MANCALA_BINARY; the `mancala` of the build the package was imported
from (build/mancala beside build/python/mancala/); this repository's build/mancala; `mancala`
on PATH (pip install puts it in the environment's bin/).
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

import mancala


def find_binary():
    """The path of the mancala binary, or None."""
    if os.environ.get("MANCALA_BINARY"):
        return os.environ["MANCALA_BINARY"]
    candidates = [pathlib.Path(mancala.__file__).parents[2] / "mancala",
                  pathlib.Path(__file__).resolve().parents[2] / "build" / "mancala"]
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return shutil.which("mancala")


@pytest.fixture(scope="session")
def binary():
    path = find_binary()
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"no mancala binary at {path} (build it, or set MANCALA_BINARY)")
    return path


@pytest.fixture(scope="session")
def run_cli(binary):
    """Runs the binary with arguments; returns (exit code, stdout, stderr)."""

    def run(*args):
        done = subprocess.run([binary, *map(str, args)], capture_output=True, text=True, timeout=300)
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(run_cli):
    """Runs the binary with arguments and --json; returns the parsed object."""

    def run(*args):
        code, out, err = run_cli(*args, "--json")
        assert code == 0, err
        return json.loads(out)

    return run


@pytest.fixture(scope="session")
def cli_error(run_cli):
    """The one-line message the binary prints for bad input, without its 'mancala: error: ' prefix."""

    def run(*args):
        code, _, err = run_cli(*args)
        assert code == 2, err
        prefix = "mancala: error: "
        assert err.startswith(prefix), err
        return err[len(prefix):].strip()

    return run
