"""Loading libfelt, the C ABI of Felt's learning environments (felt.h)."""

import ctypes
import json
import os

# NumPy is used when it imports and FELT_NO_NUMPY is not set.
np = None
if not os.environ.get("FELT_NO_NUMPY"):
    try:
        import numpy as np  # noqa: F401
    except ImportError:  # pragma: no cover - depends on the machine
        np = None

HAVE_NUMPY = np is not None

OK, EINVAL, EILLEGAL, EGAME = 0, -1, -2, -3

_lib = None


class FeltError(Exception):
    """An error the library reported: its code and text."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class IllegalActionError(FeltError, ValueError):
    """An action the environments refused (nothing was stepped)."""


def library_path():
    """The library's path: $FELT_LIB, else libfelt.so next to this package."""
    p = os.environ.get("FELT_LIB")
    if p:
        return p
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "libfelt.so")


def lib():
    """The loaded library, loaded once."""
    global _lib
    if _lib is not None:
        return _lib
    path = library_path()
    if not os.path.exists(path):
        raise OSError(
            "libfelt not found at %s: build it from the repository's root with "
            "`go build -buildmode=c-shared -o python/felt/libfelt.so ./env/capi`, "
            "or set FELT_LIB to its path" % path)
    L = ctypes.CDLL(path)
    i32, i64, u64, vp, cp = ctypes.c_int32, ctypes.c_int64, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_char_p
    sigs = {
        "felt_new": (i64, [cp, cp, i32, u64]),
        "felt_free": (None, [i64]),
        "felt_spec": (i32, [i64, vp]),
        "felt_reset": (i32, [i64, u64, vp, vp, vp, vp, vp]),
        "felt_step": (i32, [i64, vp, vp, vp, vp, vp, vp]),
        "felt_observe": (i32, [i64, i32, i32, i32, vp, vp, vp]),
        "felt_features": (i32, [i64, vp]),
        "felt_rewards": (i32, [i64, i32, i32, vp]),
        "felt_seed": (i32, [i64, i32, i32, vp]),
        "felt_state_json": (i32, [i64, i32, i32, vp, i32]),
        "felt_log": (i32, [i64, i32, i32, vp, i32]),
        "felt_action_string": (i32, [i64, i32, i32, vp, i32]),
        "felt_games": (i32, [vp, i32]),
        "felt_last_error": (i32, [vp, i32]),
    }
    for name, (res, args) in sigs.items():
        f = getattr(L, name)
        f.restype, f.argtypes = res, args
    _lib = L
    return L


def text(call, *args):
    """Calls a text-writing function, growing its buffer until the text fits."""
    cap = 4096
    while True:
        buf = ctypes.create_string_buffer(cap)
        n = call(*args, buf, cap)
        if n < 0:
            raise error(n)
        if n <= cap:
            return buf.raw[:n].decode("utf-8")
        cap = n + 1


def last_error():
    """The text of the library's last error."""
    L = lib()
    buf = ctypes.create_string_buffer(4096)
    n = L.felt_last_error(buf, 4096)
    return buf.raw[:min(n, 4096)].decode("utf-8", "replace")


def error(code):
    """The exception for a failed call's code."""
    msg = last_error()
    if code == EILLEGAL:
        return IllegalActionError(code, msg)
    return FeltError(code, msg)


def check(code):
    """Raises the error a negative code says."""
    if code < 0:
        raise error(code)
    return code


def games():
    """The registered games: a list of {"name", "env"} (env: has a learning environment)."""
    return json.loads(text(lib().felt_games))
