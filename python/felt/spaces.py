"""Minimal spaces in gymnasium's shapes, without depending on gymnasium."""

import random


class Discrete:
    """Actions 0 .. n-1."""

    def __init__(self, n, seed=None):
        self.n = n
        self.shape = ()
        self._rng = random.Random(seed)

    def sample(self, mask=None):
        """A random action; with mask, a random one whose mask is 1."""
        if mask is None:
            return self._rng.randrange(self.n)
        legal = [i for i in range(self.n) if mask[i]]
        if not legal:
            raise ValueError("no legal action in the mask")
        return self._rng.choice(legal)

    def contains(self, x):
        return isinstance(x, int) and 0 <= x < self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """A box of float (or integer) values of a shape."""

    def __init__(self, low, high, shape, dtype="float32"):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    def __repr__(self):
        return "Box(%s, %s, %s, %s)" % (self.low, self.high, self.shape, self.dtype)


class Dict:
    """Named spaces, as an observation dict's."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, k):
        return self.spaces[k]

    def __repr__(self):
        return "Dict(%r)" % self.spaces
