"""felt: Felt's card games as learning environments, over libfelt's C ABI.

Standard library only (ctypes); NumPy is used when installed (the
batch's buffers are then zero-copy NumPy views) and the package works
without it (set FELT_NO_NUMPY=1 to force that path).

    import felt
    e = felt.env("gin")                   # PettingZoo AEC style
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))

    v = felt.VectorEnv("gin", num_envs=256, seed=1)   # a batch, for speed
    obs, mask, rewards, to_act, done = v.step(v.random_actions())

The library is found at $FELT_LIB, else libfelt.so next to this package,
built by `go build -buildmode=c-shared -o python/felt/libfelt.so ./env/capi`.
See docs/env.md.
"""

from ._lib import FeltError, IllegalActionError, HAVE_NUMPY, games, library_path
from .aec import AECEnv, env
from .spaces import Box, Dict, Discrete
from .vector import Rows, Spec, VectorEnv

__all__ = ["AECEnv", "Box", "Dict", "Discrete", "FeltError", "HAVE_NUMPY", "IllegalActionError",
           "Rows", "Spec", "VectorEnv", "env", "games", "library_path", "wilson"]


def wilson(wins, n, z=1.96):
    """The Wilson score interval (low, high) of wins out of n (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return max(0.0, c - h), min(1.0, c + h)
