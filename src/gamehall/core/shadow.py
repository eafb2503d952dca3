"""The names of Cython's pure Python mode, for a gamehall installed without Cython.

The modules of the hot paths are written in Cython's pure Python mode (``import cython``,
``cython.declare``, ``@cython.cfunc``): compiled, they are C; uncompiled, Cython's own
``Cython.Shadow`` gives those names plain Python meanings. Cython is a build tool (the
``fast`` extra), so a plain install imports this module in its place::

    try:
        import cython
    except ModuleNotFoundError:  # installed without Cython: the same code, as Python
        from gamehall.core import shadow as cython

It behaves as ``Cython.Shadow`` does for what gamehall uses (tests/test_shadow.py compares
them): a C type converts as its Python type (``cython.int`` as ``int``, ``cython.double`` as
``float``), ``declare`` and ``cast`` convert as Shadow does, decorators change nothing.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any, TypeVar

_F = TypeVar("_F")
_UNSET: Any = object()

compiled = False
"""Always False here: nothing is compiled without Cython."""


class CType:
    """A C type of pure Python mode: casts a value to its Python type (``cast``: a value of
    that type already, ``True`` for an int, stays as it is); subscripted (a memoryview
    ``cython.char[:]``) it is itself."""

    def __init__(self, python_type: type | None, name: str) -> None:
        self.python_type = python_type
        self.name = name

    def __call__(self, *args: Any) -> Any:
        if self.python_type is None:
            raise TypeError(f"cython.{self.name} has no value")
        return cast(self.python_type, *args)

    def __getitem__(self, _dimensions: Any) -> CType:
        return self

    def __repr__(self) -> str:
        return self.name


char = CType(builtins.int, "char")
uchar = CType(builtins.int, "uchar")
int = CType(builtins.int, "int")
long = CType(builtins.int, "long")
longlong = CType(builtins.int, "longlong")
ulonglong = CType(builtins.int, "ulonglong")
Py_ssize_t = CType(builtins.int, "Py_ssize_t")
float = CType(builtins.float, "float")
double = CType(builtins.float, "double")
bint = CType(bool, "bint")
void = CType(None, "void")
p_int = CType(None, "p_int")
"""A pointer to a C int (only ever an annotation)."""


def cast(kind: Any, *args: Any) -> Any:
    """``args`` as ``kind``, as Shadow casts: a C type converts; a Python type converts a
    value that is not one already (None stays None)."""
    if isinstance(kind, CType):
        return kind(*args)
    converts = len(args) != 1 or not (args[0] is None or isinstance(args[0], kind))
    if isinstance(kind, type) and converts:
        return kind(*args)
    return args[0]


def declare(kind: Any = None, value: Any = _UNSET) -> Any:
    """A declared variable's value: ``value`` cast to ``kind``; without one, None."""
    return None if value is _UNSET else cast(kind, value)


def _unchanged(function: _F) -> _F:
    return function


cfunc = ccall = cclass = inline = _unchanged


def exceptval(*_args: Any, **_kwargs: Any) -> Callable[[_F], _F]:
    """The decorator of a C function's error value: nothing, in Python."""
    return _unchanged
