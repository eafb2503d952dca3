"""``gamehall.core.shadow`` stands in for Cython's pure-mode names in a plain install: for what
gamehall's hot paths use, it gives the same values as ``Cython.Shadow`` (so a game plays the
same with or without Cython)."""

from __future__ import annotations

from typing import Any

import cython as shadow_of_cython
import pytest

from gamehall.core import shadow

TYPES = ("int", "Py_ssize_t", "double", "float", "ulonglong", "bint", "longlong", "long", "char")
VALUES: tuple[Any, ...] = (0, 7, -3, 2.5, True, False)


@pytest.mark.parametrize("name", TYPES)
def test_declare_and_cast_give_what_cythons_shadow_gives(name: str) -> None:
    ours, theirs = getattr(shadow, name), getattr(shadow_of_cython, name)
    for value in VALUES:
        declared = shadow.declare(ours, value)
        expected = shadow_of_cython.declare(theirs, value)
        assert (type(declared), declared) == (type(expected), expected), (name, value)
        cast = shadow.cast(ours, value)
        assert (type(cast), cast) == (type(shadow_of_cython.cast(theirs, value)), cast)


def test_python_types_declarations_and_decorators_match() -> None:
    pairs: tuple[tuple[type, Any], ...] = ((tuple, (1, 2)), (tuple, [1, 2]), (list, (3,)))
    for kind, value in (*pairs, (dict, None)):
        assert shadow.cast(kind, value) == shadow_of_cython.cast(kind, value)
        assert shadow.declare(kind, value) == shadow_of_cython.declare(kind, value)
    kinds: tuple[type, ...] = (object, list, dict)
    for kind in kinds:
        assert shadow.declare(kind) is shadow_of_cython.declare(kind) is None

    def function(x: int) -> int:
        return x + 1

    for decorator in (shadow.cfunc, shadow.cclass, shadow.inline, shadow.exceptval(check=False)):
        assert decorator(function) is function
    assert shadow.char[:] is shadow.char and shadow.uchar[::1] is shadow.uchar
    assert shadow.compiled is False
