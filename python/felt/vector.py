"""VectorEnv: a batch of N environments of one game stepped together."""

import ctypes
import json
import os
import random

from . import _lib
from ._lib import check, np


class Rows:
    """Rows of a flat ctypes buffer without NumPy: rows[i] is row i as a
    list, len(rows) the number of rows, rows.flat the buffer itself."""

    def __init__(self, flat, width, n=None):
        self.flat, self.width = flat, width
        self._n = n if n is not None else (len(flat) // width if width else 0)

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.flat[i * self.width:(i + 1) * self.width]

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def tolist(self):
        return [self[i] for i in range(len(self))]


class Spec:
    """The shape of one environment: seats, obs (values of an
    observation), actions (size of the action space), action_features."""

    def __init__(self, seats, obs, actions, action_features):
        self.seats, self.obs, self.actions, self.action_features = seats, obs, actions, action_features

    def __repr__(self):
        return "Spec(seats=%d, obs=%d, actions=%d, action_features=%d)" % (
            self.seats, self.obs, self.actions, self.action_features)


def _buffer(ctype, n, npdtype, shape):
    """A zeroed buffer of n values: (ctypes array, the view handed out)."""
    arr = (ctype * max(n, 1))()
    if np is not None:
        view = np.frombuffer(arr, dtype=npdtype, count=n).reshape(shape)
        return arr, view
    return arr, arr


class VectorEnv:
    """num_envs environments of game (a registered name) with options (a
    dict or JSON text of the game's rules; None for the defaults), seeded
    with seed.

    After reset() and each step(), the attributes obs (num_envs x
    spec.obs), mask (num_envs x spec.actions, 1 legal), rewards (num_envs
    x spec.seats), to_act (num_envs) and done (num_envs) hold row i for
    environment i: NumPy arrays viewing the library's output buffers with
    no copy when NumPy is installed (overwritten by the next call: copy
    what you keep), otherwise ctypes arrays (to_act, done) and Rows.

    Autoreset: an environment whose episode ended in a step has done 1 and
    its final rewards, and is already reset: obs, mask and to_act are the
    next episode's first decision. Rewards are 0 on other steps.
    """

    def __init__(self, game, num_envs=1, options=None, seed=0):
        self._lib = L = _lib.lib()
        if isinstance(options, (dict, list)):
            options = json.dumps(options)
        self._h = 0
        h = L.felt_new(game.encode(), options.encode() if options else None, int(num_envs), int(seed) & (2**64 - 1))
        if h == 0:
            raise _lib.FeltError(_lib.EINVAL, _lib.last_error())
        self._h = h
        self.game = game
        spec = (ctypes.c_int32 * 5)()
        check(L.felt_spec(h, ctypes.addressof(spec)))
        n, seats, nobs, nact, nfeat = list(spec)
        self.num_envs = n
        self.spec = Spec(seats, nobs, nact, nfeat)
        f32 = np.float32 if np is not None else None
        u8 = np.uint8 if np is not None else None
        i32 = np.int32 if np is not None else None
        self._obs, self.obs = _buffer(ctypes.c_float, n * nobs, f32, (n, nobs))
        self._mask, self.mask = _buffer(ctypes.c_uint8, n * nact, u8, (n, nact))
        self._rew, self.rewards = _buffer(ctypes.c_float, n * seats, f32, (n, seats))
        self._to_act, self.to_act = _buffer(ctypes.c_int32, n, i32, (n,))
        self._done, self.done = _buffer(ctypes.c_uint8, n, u8, (n,))
        self._acts, self._acts_view = _buffer(ctypes.c_int32, n, i32, (n,))
        if np is None:
            self.obs, self.mask, self.rewards = Rows(self._obs, nobs, n), Rows(self._mask, nact, n), Rows(self._rew, seats, n)
        self._ptrs = [ctypes.addressof(b) for b in (self._obs, self._mask, self._rew, self._to_act, self._done)]
        self._acts_ptr = ctypes.addressof(self._acts)
        self._rng = random.Random(seed)
        self._nprng = np.random.default_rng(seed) if np is not None else None
        self.reset(seed)

    def close(self):
        """Frees the environments."""
        if self._h:
            self._lib.felt_free(self._h)
            self._h = 0

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def reset(self, seed=None):
        """Starts every environment's episode 0 again from seed (None: a
        random one); returns (obs, mask, to_act)."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        check(self._lib.felt_reset(self._h, int(seed) & (2**64 - 1), *self._ptrs))
        return self.obs, self.mask, self.to_act

    def step(self, actions):
        """Makes actions[i] (legal by mask[i]) in environment i for each
        i; returns (obs, mask, rewards, to_act, done). An illegal action
        raises IllegalActionError and steps nothing."""
        if np is not None and isinstance(actions, np.ndarray):
            if actions is not self._acts_view:
                self._acts_view[:] = actions
        elif actions is not self._acts:
            if len(actions) != self.num_envs:
                raise ValueError("%d actions for %d environments" % (len(actions), self.num_envs))
            self._acts[:] = [int(a) for a in actions]
        check(self._lib.felt_step(self._h, self._acts_ptr, *self._ptrs))
        return self.obs, self.mask, self.rewards, self.to_act, self.done

    def random_actions(self):
        """Uniformly random legal actions for every environment, in the
        batch's own action buffer (step takes it without a copy)."""
        if np is not None and self.num_envs * self.spec.actions > 256:
            u = self._nprng.random(self.mask.shape, dtype=np.float32)
            u *= self.mask
            self._acts_view[:] = u.argmax(axis=1)
            return self._acts_view
        # Without NumPy: the k-th legal action of each row, found by
        # bytes.count and bytes.index (loops in C) rather than a Python
        # loop over every action. The same choice as listing the legal
        # actions and taking element int(u * len).
        A, m, rnd = self.spec.actions, bytes(self._mask), self._rng.random
        acts = self._acts
        for i in range(self.num_envs):
            lo = i * A
            hi = lo + A
            n = m.count(1, lo, hi)
            if not n:
                acts[i] = -1
                continue
            j = m.index(1, lo, hi)
            for _ in range(int(rnd() * n)):
                j = m.index(1, j + 1, hi)
            acts[i] = j - lo
        return acts

    def observe(self, i, seat, finished=False):
        """Seat's view of environment i's current episode (of the one that
        ended last when finished): (obs, mask); any seat sees only what it
        may know, and its mask is all 0 unless it is to act."""
        s = self.spec
        obs, mask = (ctypes.c_float * max(s.obs, 1))(), (ctypes.c_uint8 * max(s.actions, 1))()
        check(self._lib.felt_observe(self._h, i, seat, 1 if finished else 0, ctypes.addressof(obs), ctypes.addressof(mask), None))
        if np is not None:
            return (np.frombuffer(obs, dtype=np.float32, count=s.obs).copy(),
                    np.frombuffer(mask, dtype=np.uint8, count=s.actions).copy())
        return list(obs)[:s.obs], list(mask)[:s.actions]

    def features(self):
        """Every environment's acting seat's action features: num_envs x
        actions x action_features values (for games whose actions are
        described; see spec.action_features). The same buffer each call,
        overwritten by the next: copy what you keep."""
        s = self.spec
        if getattr(self, "_feats", None) is None:
            n = self.num_envs * s.actions * s.action_features
            self._feats, self._feats_view = _buffer(ctypes.c_float, n, np.float32 if np is not None else None,
                                                    (self.num_envs, s.actions, s.action_features))
            if np is None:
                self._feats_view = Rows(self._feats, s.actions * s.action_features, self.num_envs)
        check(self._lib.felt_features(self._h, ctypes.addressof(self._feats)))
        return self._feats_view

    def episode_rewards(self, i, finished=False):
        """Environment i's rewards so far (each seat's), of the episode
        that ended last when finished."""
        r = (ctypes.c_float * self.spec.seats)()
        check(self._lib.felt_rewards(self._h, i, 1 if finished else 0, ctypes.addressof(r)))
        return list(r)

    def seed_of(self, i, finished=False):
        """The seed environment i's episode was dealt from."""
        out = ctypes.c_uint64()
        check(self._lib.felt_seed(self._h, i, 1 if finished else 0, ctypes.addressof(out)))
        return out.value

    def full_state(self, i, finished=False):
        """The FULL state of environment i, every seat's hidden cards
        included, as a dict: for debugging and perfect-information
        baselines, never an agent's observation."""
        return json.loads(_lib.text(self._lib.felt_state_json, self._h, i, 1 if finished else 0))

    def log(self, i, finished=False):
        """Environment i's episode as a table log (JSON lines text) that
        `felt replay verify` and `felt replay view` accept; finished: the
        episode that ended last."""
        return _lib.text(self._lib.felt_log, self._h, i, 1 if finished else 0)

    def action_string(self, i, action):
        """Action of environment i's seat to act, in words."""
        return _lib.text(self._lib.felt_action_string, self._h, i, int(action))
