"""Bounded memos, counted: each is a ``functools.lru_cache`` registered here, so a long-running
hall can report how full they are (``/api/health``) and a soak can tell memos filling up from
a leak.

A memo's size is chosen by the bytes of its entries, not only its hit rate: together they hold
at most about 34 MB (``python -m bench.memo_ceiling``, docs/reliability.md)."""

from __future__ import annotations

from collections.abc import Callable
from functools import _lru_cache_wrapper, lru_cache
from typing import Any, TypeVar

T = TypeVar("T")

_MEMOS: list[_lru_cache_wrapper[Any]] = []


def memo(maxsize: int) -> Callable[[Callable[..., T]], _lru_cache_wrapper[T]]:
    """``functools.lru_cache(maxsize=maxsize)``, registered for :func:`memo_fill`."""

    def register(function: Callable[..., T]) -> _lru_cache_wrapper[T]:
        cached = lru_cache(maxsize=maxsize)(function)
        _MEMOS.append(cached)
        return cached

    return register


def registered() -> tuple[_lru_cache_wrapper[Any], ...]:
    """Every memo made by :func:`memo`, in the order they were made."""
    return tuple(_MEMOS)


def memo_fill() -> tuple[int, int]:
    """The entries every registered memo holds, and the most they may hold."""
    infos = [cached.cache_info() for cached in registered()]
    return sum(info.currsize for info in infos), sum(info.maxsize or 0 for info in infos)
