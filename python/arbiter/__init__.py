"""The arbiter games (Emergo, Eximo, Ecalper, Meridians) from Python: positions,
moves, perft, random games and an in-process check of a Python engine.

The compiled module arbiter._arbiter holds everything; this package re-exports
its public names (docs/python.md). `__version__` is the project's version, the
top CMakeLists.txt's project(... VERSION), compiled into the module.
"""
try:
    from . import _arbiter
except ImportError:
    import importlib.machinery as _machinery
    import os as _os

    if any(_os.path.exists(_os.path.join(_os.path.dirname(__file__), "_arbiter" + suffix))
           for suffix in _machinery.EXTENSION_SUFFIXES):
        raise  # there, but it does not load: its own error says why
    # python/arbiter/ of the sources, without the module a build puts beside it
    raise ImportError(
        f"arbiter's compiled module _arbiter is not beside {__file__}: import the package "
        "a build made (cmake --build build/check --target arbiter; PYTHONPATH=build/check/python) "
        "or install it with pip (docs/python.md)") from None
from ._arbiter import *  # noqa: F401,F403
from ._arbiter import __version__  # noqa: F401

__all__ = [name for name in dir(_arbiter) if not name.startswith("_")]


def _rehome_classes():
    """Classes show as arbiter.Game, not arbiter._arbiter.Game, in help(),
    reprs of types and pickles (pickle finds a class by its __module__)."""
    for name in __all__:
        value = getattr(_arbiter, name)
        if isinstance(value, type) and value.__module__ == _arbiter.__name__:
            value.__module__ = __name__


_rehome_classes()
