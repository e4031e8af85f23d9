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

# Gymnasium's and PettingZoo's shapes (GymEnv, AECEnv, their spaces) need NumPy, which the rest
# of the package does not: they are there when it is. Importing them registers the games with
# gymnasium, and makes the classes subclass gymnasium's and pettingzoo's, when those are installed.
try:
    import numpy as _numpy  # noqa: F401
except ImportError:
    pass
else:
    from . import spaces  # noqa: F401
    from .gymnasium_env import GymEnv  # noqa: F401
    from .pettingzoo_env import AECEnv  # noqa: F401

    __all__ += ["spaces", "GymEnv", "AECEnv"]
