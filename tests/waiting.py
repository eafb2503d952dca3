"""Waiting for a condition in tests: by deadline, never by a count of tries, so a loaded
machine only makes a test slower, never makes it fail."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

PATIENCE = 120.0
"""Seconds a test waits for the hall to do something before it fails: generous on purpose."""


def wait_until(
    condition: Callable[[], T], what: str, timeout: float = PATIENCE, every: float = 0.01
) -> T:
    """The first truthy value of ``condition()``; fails naming ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout:.0f} s")
        time.sleep(every)
