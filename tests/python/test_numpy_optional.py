"""NumPy is optional (mancala[numpy]): without it the package imports, and the calls that
return arrays raise an ImportError that names it. NumPy's absence is simulated in a child
interpreter (sys.modules['numpy'] = None makes `import numpy` fail)."""

import os
import subprocess
import sys

import mancala

WITHOUT_NUMPY = """
import sys
sys.modules["numpy"] = None
import mancala
p = mancala.Position.start()
p.apply(2)
assert p.legal_moves() == [0, 1, 3, 4, 5]
for call in (p.observation, lambda: mancala.Env("kalah")):
    try:
        call()
    except ImportError as e:
        print(e)
"""


def test_without_numpy_the_array_calls_say_what_they_need():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [os.path.dirname(os.path.dirname(
        mancala.__file__)), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", WITHOUT_NUMPY], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "observation() needs NumPy: pip install numpy (or mancala[numpy])",
        "Env needs NumPy: pip install numpy (or mancala[numpy])",
    ]
