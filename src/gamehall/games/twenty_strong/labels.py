"""How each 20 Strong action reads on a button, in plain words: "Put the blue hit on Grease
Rat", "Commit a blue die", "Activate the next card of the 1-point Baddie stack". A deck adds
the words of its own actions in a ``labels`` module of its package (``deck_label``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamehall.core.game import JSON, Action
from gamehall.core.i18n import Text, first_known
from gamehall.games.twenty_strong import actions as act
from gamehall.games.twenty_strong import words
from gamehall.games.twenty_strong.actions import ZONE_WORDS
from gamehall.games.twenty_strong.deck_plugin import part_of
from gamehall.games.twenty_strong.dice import FACE_NAMES

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.rules import TwentyStrong

DeckLabel = Callable[["TwentyStrong", JSON, Action], Text | None]


def label(game: TwentyStrong, view: JSON, action: Action) -> Text:
    """The words of ``action`` on its button, for the player whose ``view`` is given."""
    own: DeckLabel | None = part_of(game.deck.name, "labels")
    found = own(game, view, action) if own else None
    return found or core_label(game, view, action)


def task_kind(view: JSON) -> str:
    """The kind of effect waiting for a choice (``""`` if none)."""
    task = view.get("task")
    return task["kind"] if task else ""


def core_label(game: TwentyStrong, view: JSON, action: Action) -> Text:
    """The words of an action of the general rules."""
    kind = type(action).__name__.lower()
    if isinstance(action, act.Commit | act.Recover):
        return Text(f"20s.label.{kind}", {"colour": words.colour(action.colour)})
    if isinstance(action, act.Apply):
        face = words.face(action.colour, action.face)
        return Text("20s.label.apply", {"face": face, "target": target(view, action.target)})
    if isinstance(action, act.DieFace):
        face = Text(f"20s.face.{FACE_NAMES[action.face]}")
        return Text("20s.label.dieface", {"die": words.die(action.die), "face": face})
    if isinstance(action, act.Reveal):
        stack = words.stack(view["deck"], game.deck.stack_names()[action.stack])
        return Text("20s.label.reveal", {"card": words.named(game, action.code), "stack": stack})
    if isinstance(action, act.Gain):
        entry = view["active"][action.position] if action.position < len(view["active"]) else {}
        reward = entry.get("item") or {}
        params = {"item": reward.get("name", "?"), "card": words.card(view, action.position)}
        return Text("20s.label.gain", params)
    if isinstance(action, act.UseItem | act.DiscardItem):
        return Text(f"20s.label.{kind}", {"item": words.item(view, action.index)})
    if isinstance(action, act.Pick):
        return pick(view, action)
    if isinstance(action, act.Target):
        return by_task("20s.label.target", view, {"card": words.card(view, action.position)})
    if isinstance(action, act.First):
        return Text("20s.label.first", {"card": words.card(view, action.position)})
    if isinstance(action, act.From):
        stack = words.stack(view["deck"], action.stack)
        return by_task("20s.label.from", view, {"stack": stack})
    return Text(f"20s.label.{kind}")


def target(view: JSON, where: str) -> Any:
    """Where a die is put: an active card (``"2"``), the backup plan, a lockpick (``lock1``)."""
    if where == "backup":
        return Text("20s.word.backup_plan")
    if where.startswith("lock"):
        return Text("20s.word.lockpick", {"item": words.item(view, int(where[4:]) - 1)})
    return words.card(view, int(where) - 1)


def pick(view: JSON, action: act.Pick) -> Text:
    """Picking a die for an effect: what the effect does with it, and which die."""
    chosen: Text = words.face(action.colour, action.face, article="a")
    if action.zone >= 0:
        place = Text(f"20s.word.from.{ZONE_WORDS[action.zone]}")
        chosen = Text("20s.word.die_from", {"die": chosen, "place": place})
    return by_task("20s.label.pick", view, {"dice": chosen})


def by_task(key: str, view: JSON, params: dict[str, object]) -> Text:
    """``key`` said for the effect waiting (``key.exhaust_dice`` …); ``key`` if the catalog
    has no words of its own for that effect."""
    kind = task_kind(view)
    return Text(first_known([f"{key}.{kind}"] if kind else []) or key, params)
