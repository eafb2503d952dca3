"""Benchmarks and offline fits (run as scripts: ``python bench/NAME.py``)."""
