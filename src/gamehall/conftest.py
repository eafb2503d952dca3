"""Doctests of compiled modules run from tests/twenty_strong/test_compiled.py: pytest would
collect their sources, which Python does not import while their builds are in use."""

from gamehall.core.speedups import in_use

collect_ignore = [str(source) for source in in_use().values()]
