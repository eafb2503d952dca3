"""An Ancient Terrible Things bot that re-rolls by the exact odds of completing a combination.

It reads only its seat's view and the printed cards. In an encounter it weighs every way to
change its dice (a Focus token, each ready Loot, each affordable Exploit, a Terrible Thing
benefit) by the exact chance the result forms one of the accepted combinations
(:mod:`gamehall.games.ancient_terrible_things.odds`), and takes the best; it explores where
the expected Secrets are highest, buys the best Loot it can afford, and cashes an Action die
before giving up (the token may pay an Exploit); the resolution cashes the rest (ATT-R17).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from gamehall.core.game import JSON, Action, Game, RandomSource
from gamehall.games.ancient_terrible_things import actions as act
from gamehall.games.ancient_terrible_things.cards import Cards, Effect
from gamehall.games.ancient_terrible_things.dice import Combo, meets
from gamehall.games.ancient_terrible_things.odds import best_reroll, met, reroll_odds

TOKEN_VALUE = Fraction(1, 3)
"""What a token is worth in Secrets, to the bot (a Mystery token is a third of a Secret)."""


class AttHeuristicBot:
    """Takes the action with the best exact odds of defeating the encounter."""

    name = "heuristic"

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: RandomSource
    ) -> Action:
        """The action a careful investigator would take."""
        step = view["step"]
        if view["choice"] is not None:
            return self._choose(view, legal)
        if step == "explore":
            return max(legal, key=lambda a: self._location_value(game, view, a))
        if step in ("active-bonus", "everyone-bonus"):
            return legal[0]  # take the bonus, use the all-players bonus
        if step == "shop":
            buys = [a for a in legal if isinstance(a, act.Card)]
            if not buys:
                return legal[-1]
            return max(buys, key=lambda a: _loot(game, a).secrets * 2 + _loot(game, a).price)
        return self._encounter(game, view, legal)

    # -- exploring --------------------------------------------------------------------

    def _location_value(self, game: Game[Any], view: JSON, action: Action) -> Fraction:
        assert isinstance(action, act.Card)
        place = next(p for p in view["locations"] if p["code"] == action.code)
        encounter = next(e for e in _cards(game).encounters if e.code == place["encounter"])
        combos = tuple((c.kind, c.minimum, c.size) for c in encounter.combos) + _scenario(
            game, view
        )
        me = view["players"][view["seat"]]
        rerolls = me["tokens"]["focus"] + len(me["loot"]) + len(me["exploits"] or ())
        chance = _chance_with_rerolls(combos, min(rerolls, 3))
        penalty = 1 if me["terrible"] >= 1 else 0
        tokens: int = sum(place["tokens"].values())
        return chance * encounter.secrets - (1 - chance) * penalty + tokens * TOKEN_VALUE

    # -- the encounter ----------------------------------------------------------------

    def _encounter(self, game: Game[Any], view: JSON, legal: Sequence[Action]) -> Action:
        dice = view["dice"]
        if dice is None:
            return legal[0]
        cash = [a for a in legal if isinstance(a, act.Cash)]
        defeats = [a for a in legal if isinstance(a, act.Defeat)]
        if defeats:
            return defeats[0]  # the resolution cashes the Action dice left (ATT-R17)
        combos = [(c["kind"], c["minimum"], c["size"]) for c in view["combos"]]
        values, aside = tuple(dice["focus"]), tuple(dice["aside"])
        best: tuple[Fraction, int, Action] | None = None
        for rank, action in enumerate(legal):
            effects, cost = self._effects_of(game, view, action)
            if not effects:
                continue
            odds = _effect_odds(effects[0], values, aside, combos)
            key = (odds - cost, -rank, action)
            if odds > 0 and (best is None or key[:2] > best[:2]):
                best = key
        if best is not None:
            return best[2]
        return cash[0] if cash else act.Plain("fail")  # a token first: it may pay an Exploit

    def _effects_of(
        self, game: Game[Any], view: JSON, action: Action
    ) -> tuple[tuple[Effect, ...], Fraction]:
        """The effects an action sets off, and what it costs the bot (in Secrets)."""
        cards = _cards(game)
        if isinstance(action, act.Focus):
            return (Effect(kind="reroll", amount=1),), TOKEN_VALUE
        if isinstance(action, act.UseLoot):
            loot = next(c for c in cards.loot if c.code == action.code)
            blank = action.die < 0 or view["dice"]["action"][action.die] == "blank"
            return loot.effects, Fraction(0) if blank else TOKEN_VALUE
        if isinstance(action, act.Card) and action.verb == "play":
            exploit = next(c for c in cards.exploits if c.code == action.code)
            return exploit.effects, TOKEN_VALUE * sum(exploit.cost.values())
        if isinstance(action, act.Terrible):
            me = view["players"][view["seat"]]
            benefit = Effect(**me["benefits"][action.benefit])
            return (benefit,), Fraction(1, 2)
        return (), Fraction(0)

    # -- choices inside an effect -----------------------------------------------------

    def _choose(self, view: JSON, legal: Sequence[Action]) -> Action:
        choice = view["choice"]
        dice = view["dice"]
        done = act.Plain("done")
        if choice["kind"] == "ready" or dice is None:
            return legal[0]
        combos = [(c["kind"], c["minimum"], c["size"]) for c in view["combos"]]
        values, aside = tuple(dice["focus"]), tuple(dice["aside"])
        kind = choice["kind"]
        if kind == "reroll":
            _, chosen = best_reroll(values, aside, combos, choice["amount"])
            return act.Dice("reroll", chosen) if chosen else done
        if kind == "set_aside":
            _, rerolled = best_reroll(values, aside, combos, len(values))
            keep = tuple(i for i in range(len(values)) if i not in rerolled and i not in aside)
            pick = act.Dice("aside", keep[: choice["amount"]]) if keep else done
            return pick if pick in legal else done
        scored = [
            (self._after_change(a, values, aside, combos), -i, a) for i, a in enumerate(legal)
        ]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _after_change(
        self, action: Action, values: tuple[int, ...], aside: tuple[int, ...], combos: list[Combo]
    ) -> Fraction:
        """The chance of success after a nudge or a new face (with one re-roll of the rest)."""
        if isinstance(action, act.Nudge):
            face = values[action.die] + (1 if action.up else -1)
        elif isinstance(action, act.Face):
            face = action.value
        else:
            return Fraction(-1, 100)  # ``done``: a little worse than any change that helps
        changed = (*values[: action.die], face, *values[action.die + 1 :])
        if met(changed, combos):
            return Fraction(1)
        return best_reroll(changed, (*aside, action.die), combos, 1)[0] / 2


def _effect_odds(
    effect: Effect, values: tuple[int, ...], aside: tuple[int, ...], combos: list[Combo]
) -> Fraction:
    """The chance of success right after ``effect`` acts on the dice (0 if it cannot help)."""
    free = [i for i in range(len(values)) if i not in aside]
    if effect.kind == "reroll":
        return best_reroll(values, aside, combos, effect.amount)[0]
    if effect.kind == "reroll_all":
        return reroll_odds(values, free, combos)
    if effect.kind == "extra_die":
        grown = (*values, *(0,) * effect.amount)
        return reroll_odds(grown, list(range(len(values), len(grown))), combos)
    if effect.kind == "set_face":
        return Fraction(
            any(met((*values[:i], v, *values[i + 1 :]), combos) for i in free for v in range(1, 7))
        )
    if effect.kind == "nudge":
        return Fraction(
            any(
                met((*values[:i], values[i] + step, *values[i + 1 :]), combos)
                for i in range(len(values))
                for step in (-effect.amount, effect.amount)
                if 1 <= values[i] + step <= 6
            )
        )
    return Fraction(0)


def _cards(game: Game[Any]) -> Cards:
    """The printed cards of the game (public data, the same for every seat)."""
    cards: Cards = game.cards  # type: ignore[attr-defined]
    return cards


def _loot(game: Game[Any], action: Action) -> Any:
    assert isinstance(action, act.Card)
    return next(c for c in _cards(game).loot if c.code == action.code)


def _scenario(game: Game[Any], view: JSON) -> tuple[Combo, ...]:
    if view["scenario"] is None:
        return ()
    scenario = next(s for s in _cards(game).scenarios if s.code == view["scenario"])
    return tuple((c.kind, c.minimum, c.size) for c in scenario.combos)


@cache
def _chance_with_rerolls(combos: tuple[Combo, ...], rerolls: int) -> Fraction:
    """The chance five dice form a combination, with ``rerolls`` single-die re-rolls after."""
    total = Fraction(0)
    for faces, weight in _rolls():
        chance = Fraction(int(any(meets(c, faces) for c in combos)))
        if not chance and rerolls:
            chance = 1 - (1 - best_reroll(faces, (), list(combos), 1)[0]) ** rerolls
        total += chance * weight
    return total


@cache
def _rolls() -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every sorted roll of five dice with its probability."""
    from collections import Counter
    from itertools import product

    counts = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=5))
    return tuple((faces, Fraction(n, 6**5)) for faces, n in sorted(counts.items()))
