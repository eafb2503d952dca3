"""gamehall: a hall of tabletop games with bots, exact replays and simulation."""

from gamehall.core.speedups import install as _use_speedups

__version__ = "0.1.0"

_use_speedups()  # the compiled hot paths, when built from these sources (core/speedups.py)
