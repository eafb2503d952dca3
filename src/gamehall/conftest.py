"""Doctests of compiled modules run from tests/twenty_strong/test_compiled.py: pytest would
collect their sources, which Python does not import when a build sits beside them."""

from pathlib import Path

from gamehall.core.builds import builds

collect_ignore = [str(source) for _build, source in builds(Path(__file__).parent)]
