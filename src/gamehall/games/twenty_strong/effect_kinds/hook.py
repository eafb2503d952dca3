"""``hook``: a named function beside the deck's data, for a card that fits nothing else
(``DeckRules.run_hook``). Its amount is its own business; a hook may do anything, so it may
change the fight (VIC-R18, TMB-R17)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from gamehall.core.game import JSON
from gamehall.games.twenty_strong.effect_kinds.base import FREE, EffectKind
from gamehall.games.twenty_strong.state import State, Task

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong


class Hook(EffectKind):
    """Run the deck's hook the effect names."""

    def __init__(self) -> None:
        super().__init__("hook", rule=FREE, names_hook=True, changes_the_fight=True)

    def run(self, game: TwentyStrong, s: State, task: Task) -> None:
        game.deck.run_hook(s, task)

    def text_key(self, data: JSON) -> str:
        return f"20s.effect.hook.{data['hook']}"

    def reference_problem(self, hook: str | None, known: frozenset[str], deck: str) -> str:
        if hook is None or hook in known:
            return ""
        return f"unknown hook {hook!r} (hooks of {deck}: {', '.join(sorted(known))})"


HOOK: Final = Hook()
