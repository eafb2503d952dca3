"""How the Too Many Bones actions read on a button: "Face the next encounter", "Scout the
5-point Baddie stack", "Backup plan: spend a yellow die to …"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.game import JSON, Action
from gamehall.core.i18n import Text, listed
from gamehall.games.twenty_strong import words
from gamehall.games.twenty_strong.decks.too_many_bones import actions as tmb

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong


def deck_label(game: TwentyStrong, view: JSON, action: Action) -> Text | None:
    """The words of a Too Many Bones action; None for the general rules' actions."""
    if isinstance(action, tmb.Encounter | tmb.Scout):
        kind = type(action).__name__.lower()
        return Text(f"20s.label.{kind}", {"stack": words.stack(view["deck"], action.stack)})
    if isinstance(action, tmb.Penalty):
        return Text(f"20s.label.penalty.{action.kind}")
    if isinstance(action, tmb.BackupUse):
        options = view["table"]["backup"]["options"]
        effects = options[action.option] if action.option < len(options) else []
        said = listed([game.effect_text(effect) for effect in effects]) if effects else "—"
        params = {"colour": words.colour(action.colour), "effects": said}
        return Text("20s.label.backupuse", params)
    if isinstance(action, tmb.SetAside):
        return Text("20s.label.setaside", {"card": words.named(game, action.code)})
    return None
