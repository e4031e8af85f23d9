"""Shared fixtures of the Python module's tests.

Run them with the module on the path, as ctest does:
    PYTHONPATH=build/python python3 -m pytest tests/python
The command-line binary, which some tests compare with, is $MANCALA_BINARY or else the
`mancala` next to the module's folder (build/mancala beside build/python/).
"""

import json
import os
import pathlib
import subprocess

import pytest

import mancala


@pytest.fixture(scope="session")
def binary():
    path = os.environ.get("MANCALA_BINARY") or str(pathlib.Path(mancala.__file__).parent.parent / "mancala")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no mancala binary at {path} (set MANCALA_BINARY)")
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
