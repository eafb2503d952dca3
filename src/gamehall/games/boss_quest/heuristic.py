"""A Boss Quest bot that arms carefully and uses spells for itself or against the leader.

It reads only its seat's view: its own hidden weapon, the visible weapons, the spells laid
out. Unseen weapons are assumed equally likely to be any card it has not seen. A knight who
resigned (BQ-R25) is never its target, and the weapons they set aside face up count as seen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamehall.core.game import JSON, Action, Game, RandomSource
from gamehall.games.boss_quest import actions as act

BUST_RISK = 0.4  # ask for another weapon while the chance of going over stays below this


class BossQuestHeuristicBot:
    """Arms one weapon at a time while it is unlikely to go over, then uses the best spell."""

    name = "heuristic"

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: RandomSource
    ) -> Action:
        """The action a careful knight would take."""
        me = view["seat"]
        if view["pending"] is not None:
            return self._choose_inside_spell(game, view, legal)
        mine = view["players"][me]
        gap = view["boss"]["effective_hp"] - mine["attack"]
        unseen = _unseen_values(game, view)
        risk = sum(v > gap for v in unseen) / len(unseen) if unseen else 1.0
        ask_one = act.Ask(1)
        if ask_one in legal and gap > 0 and risk < BUST_RISK:
            return ask_one
        return self._best_magician_action(game, view, legal, gap)

    def _best_magician_action(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], gap: int
    ) -> Action:
        spells = {s["slot"] - 1: s["spell"] for s in view["spells"]}
        best: tuple[float, int, Action] | None = None
        for index, action in enumerate(legal):
            if isinstance(action, act.Activate):
                score = _spell_value(game, spells[action.slot], gap)
            elif isinstance(action, act.Discard):
                score = 0.1 if spells[action.slot] is not None else 0.0
            elif isinstance(action, act.Rest):
                score = 0.0
            else:
                continue
            if best is None or score > best[0]:
                best = (score, -index, action)
        return best[2] if best else legal[0]

    def _choose_inside_spell(self, game: Game[Any], view: JSON, legal: Sequence[Action]) -> Action:
        me = view["seat"]
        pending = view["pending"]
        spell_code = view["spells"][pending["slot"]]["spell"]
        mine = view["players"][me]
        gap = view["boss"]["effective_hp"] - mine["attack"]
        if pending["choice"] == "target":
            amount = _attack_amount(game, spell_code)
            if gap - amount >= 0 or (gap < 0 and amount < 0):
                return act.Target(me)
            return act.Target(_leader(view, me))
        if pending["choice"] == "swap":
            return act.SwapWith(_leader(view, me))
        if pending["choice"] == "give":
            cards = game.cards  # type: ignore[attr-defined]
            codes = [a.card for a in legal if isinstance(a, act.Give)]
            value = {c: cards.weapon_values[cards.weapon_id(c)] for c in codes}
            pick = (
                max(codes, key=value.__getitem__) if gap < 0 else min(codes, key=value.__getitem__)
            )
            return act.Give(pick)
        return legal[0]


def _unseen_values(game: Game[Any], view: JSON) -> list[int]:
    cards = game.cards  # type: ignore[attr-defined]
    seen = {code for code in view.get("set_aside", ()) if code != "?"}
    for player in view["players"]:
        seen.update(player["visible"])
        if player["hidden"] not in (None, "?"):
            seen.add(player["hidden"])
    return [cards.weapon_values[i] for i, code in enumerate(cards.weapon_codes) if code not in seen]


def _attack_amount(game: Game[Any], code: str | None) -> int:
    cards = game.cards  # type: ignore[attr-defined]
    if code is None:
        return 0
    effect = cards.spells[cards.spell_index(code)].effect
    return int(effect.amount or 0) if effect.kind == "attack" else 0


def _spell_value(game: Game[Any], code: str | None, gap: int) -> float:
    """How much activating a spell should help a knight ``gap`` under the HP (over if < 0)."""
    if code is None:
        return 0.05 if gap < 0 else -0.2  # the mystery spell: a gamble worth taking when over
    cards = game.cards  # type: ignore[attr-defined]
    effect = cards.spells[cards.spell_index(code)].effect
    amount = int(effect.amount or 0)
    if effect.kind == "attack":
        return 1.0 if gap < 0 <= gap + amount or 0 <= gap - amount < gap else 0.3
    if effect.kind == "boss_hp":
        new_gap = gap + amount
        if gap < 0 <= new_gap:
            return 2.0
        return 0.5 if 0 <= new_gap < gap else -0.5
    if effect.kind == "no_heart_loss":
        return 1.5 if gap < 0 else 0.05
    if effect.kind == "extra_key":
        return 0.4 if 0 <= gap <= 2 else -0.3
    return -0.1


def _leader(view: JSON, me: int) -> int:
    others = [p for p in view["players"] if p["seat"] != me and not p.get("resigned")]
    return int(max(others, key=lambda p: (p["keys"], p["visible_total"]))["seat"])
