"""Kalah and the mancala family: rules, positions, games, agents, the engine, solving and
endgame databases, and an environment for reinforcement learning.

The classes and functions live in the extension mancala._mancala (C++, pybind11); this
package re-exports them, and carries their type stub (__init__.pyi) and py.typed.
NumPy is optional (pip install mancala[numpy]): only Position.observation() and Env need it,
and they say so when it is missing.
"""

from . import _mancala
from ._mancala import *  # noqa: F401,F403 (the package is the extension's names)

__doc__ = _mancala.__doc__
__version__ = _mancala.__version__
__all__ = [name for name in dir(_mancala) if not name.startswith("_")]
