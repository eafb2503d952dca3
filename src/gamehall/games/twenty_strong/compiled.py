"""Whether the 20 Strong hot path runs compiled (mypyc, Cython) or as its plain-Python sources."""

from __future__ import annotations


def is_compiled() -> bool:
    """Whether the rules run compiled (else as plain Python, with the same results)."""
    from gamehall.games.twenty_strong import rules

    return str(rules.__file__).endswith(".so")
