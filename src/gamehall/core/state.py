"""Game states as values: a slotted class whose instances are never changed once published.

Rules code copies a state with :meth:`ValueState.evolve`, changes the copy, and returns it;
the earlier state stays as it was, so undo, search and replay need no defensive copying.
Collections inside a state are tuples (or other immutable values) so copies can share them.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self, TypeVar

T = TypeVar("T")


def _slot_names(cls: type) -> list[str]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return names


class ValueState:
    """Base class for a game's state: slotted, shallow-copied by a generated fast copier."""

    __slots__ = ()
    _copier: ClassVar[Any] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names = _slot_names(cls)
        body = "".join(f"    n.{name} = s.{name}\n" for name in names)
        source = f"def copy(s):\n    n = new(cls)\n{body}    return n\n"
        namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
        exec(source, namespace)  # a generated copier is several times faster than copy.copy
        cls._copier = namespace["copy"]

    def evolve(self) -> Self:
        """A shallow copy to be changed and returned as the next state."""
        copy: Self = type(self)._copier(self)
        return copy

    def fields(self) -> dict[str, Any]:
        """Every field by name (for debugging and equality)."""
        return {name: getattr(self, name) for name in _slot_names(type(self))}

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ValueState)
            and type(other) is type(self)
            and (self.fields() == other.fields())
        )

    def __hash__(self) -> int:
        return hash(tuple(self.fields().values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields().items())
        return f"{type(self).__name__}({inner})"


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced (states hold tuples, never lists).

    >>> replace_at((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    items = list(values)
    items[index] = value
    return tuple(items)
