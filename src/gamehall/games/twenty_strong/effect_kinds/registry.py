"""The registries of effect kinds and modifier kinds: each kind's name to its one object
(GEN-EFFECT-1).

The package fills them (``effect_kinds/__init__.py`` lists every kind, in one place); the
general code looks a kind up here and calls its methods.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from gamehall.games.twenty_strong.effect_kinds.base import EffectKind
from gamehall.games.twenty_strong.effect_kinds.modifiers import ModifierKind
from gamehall.games.twenty_strong.state import Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.runtime import Fx

EFFECT_KINDS: Final[dict[str, EffectKind]] = {}
"""Every effect kind by name, in the order they were registered."""
MODIFIER_KINDS: Final[dict[str, ModifierKind]] = {}
"""Every modifier kind by name, in the order they were registered (a card file lists them
in it)."""


def register(kind: EffectKind) -> EffectKind:
    """Add ``kind`` to the registry (a kind of the same name is replaced)."""
    EFFECT_KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    """Take the kind ``name`` out of the registry (a test's own kind, once done)."""
    del EFFECT_KINDS[name]


def printed_names() -> list[str]:
    """The kinds a card file may write, in registry order."""
    return [name for name, kind in EFFECT_KINDS.items() if kind.printed]


def takes_dice(kind: str) -> bool:
    """Whether an effect of ``kind`` takes dice from the hero's pool (exhaust, banish,
    dismiss)."""
    return EFFECT_KINDS[kind].takes_dice


def tasks_for(effects: Iterable[Fx], source: int, power: int = 0) -> list[Task]:
    """The tasks that carry out ``effects`` of the card ``source`` (of ``power``)."""
    kinds = EFFECT_KINDS
    return [kinds[effect.kind].task(effect, source, power) for effect in effects]


def register_modifier(kind: ModifierKind) -> ModifierKind:
    """Add the modifier kind ``kind`` to its registry (a kind of the same name is replaced)."""
    MODIFIER_KINDS[kind.name] = kind
    return kind


def unregister_modifier(name: str) -> None:
    """Take the modifier kind ``name`` out of its registry (a test's own kind, once done)."""
    del MODIFIER_KINDS[name]
