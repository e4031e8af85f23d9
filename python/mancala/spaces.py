"""Gymnasium's spaces, as the environments here need them: Box, Discrete and Dict.

When gymnasium can be imported these are its own classes; otherwise small stand-ins with
the attributes and methods Gymnasium documents for them (shape, dtype, low, high, n, start,
seed, sample with a mask, contains), so that code written for Gymnasium runs without it.
"""

import numpy as np

try:  # the real spaces when gymnasium is there
    from gymnasium.spaces import Box, Dict, Discrete, Space  # noqa: F401
except ImportError:

    class Space:
        """The base of the stand-ins: a shape, a dtype and a random generator."""

        def __init__(self, shape=None, dtype=None, seed=None):
            self._shape = None if shape is None else tuple(shape)
            self.dtype = None if dtype is None else np.dtype(dtype)
            self._np_random = None
            if seed is not None:
                self.seed(seed)

        @property
        def shape(self):
            return self._shape

        @property
        def np_random(self):
            if self._np_random is None:
                self.seed()
            return self._np_random

        def seed(self, seed=None):
            self._np_random = np.random.default_rng(seed)
            return [seed]

        def __contains__(self, x):
            return self.contains(x)

    class Box(Space):
        """Arrays of `shape` whose every value lies in [low, high]."""

        def __init__(self, low, high, shape=None, dtype=np.float32, seed=None):
            shape = tuple(shape) if shape is not None else np.shape(low)
            super().__init__(shape, dtype, seed)
            self.low = np.full(shape, low, dtype=self.dtype)
            self.high = np.full(shape, high, dtype=self.dtype)

        def sample(self, mask=None):
            if mask is not None:
                raise ValueError("Box.sample takes no mask")
            if np.issubdtype(self.dtype, np.integer):
                return self.np_random.integers(self.low, self.high, endpoint=True).astype(self.dtype)
            return self.np_random.uniform(self.low, self.high).astype(self.dtype)

        def contains(self, x):
            x = np.asarray(x)
            return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype, casting="same_kind")
                    and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

        def __repr__(self):
            return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"

    class Discrete(Space):
        """The integers start, ..., start + n - 1."""

        def __init__(self, n, seed=None, start=0):
            super().__init__((), np.int64, seed)
            self.n = int(n)
            self.start = int(start)

        def sample(self, mask=None):
            """A uniform choice; with `mask` (int8, shape (n,), 1 where allowed) among the allowed."""
            if mask is None:
                return np.int64(self.start + self.np_random.integers(self.n))
            mask = np.asarray(mask)
            if mask.shape != (self.n,) or mask.dtype != np.int8:
                raise ValueError(f"the mask must be an int8 array of shape ({self.n},)")
            allowed = np.flatnonzero(mask)
            if len(allowed) == 0:
                return np.int64(self.start)  # Gymnasium's choice when nothing is allowed
            return np.int64(self.start + self.np_random.choice(allowed))

        def contains(self, x):
            if isinstance(x, (bool, np.bool_)):
                return False
            if isinstance(x, (int, np.integer)):
                return self.start <= int(x) < self.start + self.n
            if isinstance(x, np.ndarray) and x.shape == () and np.issubdtype(x.dtype, np.integer):
                return self.start <= int(x) < self.start + self.n
            return False

        def __repr__(self):
            return f"Discrete({self.n})" if self.start == 0 else f"Discrete({self.n}, start={self.start})"

    class Dict(Space):
        """A dict of named spaces; a sample is a dict of their samples."""

        def __init__(self, spaces, seed=None):
            super().__init__(None, None, None)
            self.spaces = dict(spaces)
            if seed is not None:
                self.seed(seed)

        def seed(self, seed=None):
            seeds = np.random.SeedSequence(seed).spawn(len(self.spaces))
            for space, s in zip(self.spaces.values(), seeds):
                space.seed(int(s.generate_state(1)[0]))
            return [seed]

        def sample(self, mask=None):
            return {key: space.sample() for key, space in self.spaces.items()}

        def contains(self, x):
            return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                    and all(space.contains(x[key]) for key, space in self.spaces.items()))

        def __getitem__(self, key):
            return self.spaces[key]

        def keys(self):
            return self.spaces.keys()

        def __repr__(self):
            return "Dict(" + ", ".join(f"{k!r}: {v!r}" for k, v in self.spaces.items()) + ")"
