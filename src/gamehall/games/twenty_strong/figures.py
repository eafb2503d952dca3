"""20 Strong's own lab figures, read by comparing consecutive states of a finished match.

*Rounds* are the engine's round counter ``State.round`` (GEN-ROUND-1), which the last state
holds: in Too Many Bones a round is a day (TMB-DAY-1), however many Engagements its battle
takes (TMB-BATTLE-3, the Tyrant's final battle included, TMB-END-5) and also when it has no
battle (TMB-NOENG-2); in Victorum it is the general round (VIC-FLOW-1), spectated and
opportunity rounds included, and each round of a primus or scion conflict counts, though it
has no Activation (GEN-END-4, VIC-PRIM-1, VIC-END-7). Round 0 is setup and is not counted.

A *step* is one action with everything that follows it automatically, the passage from one
state of ``match.states`` to the next; it belongs to the round of the state it starts from.
So a step that ends a round and begins the next counts wholly to the round it ends: a rest
(TMB-REST-1), a spectate bonus (VIC-SPEC-3), a bane (VIC-PRIM-5) rightly, but also what the
new round resolves before its first decision, which in Victorum is the Engagement Specials
opening a conflict round and the scion's setup (VIC-END-3): about 1.6 % of the damage of
heuristic Victorum games lands one round early. A Too Many Bones day opens on a decision, so
there the rounds are exact. A game may end in the step that begins its last round (a Victorum
hero left without dice, VIC-R12): that round has no step, no damage, and the final Health.

*Damage taken* in a round is what the hero's Health lost in its steps: every step lowering
Health counts its drop: Suffer Damage (GEN-RESOLVE-2, GEN-STAT-3), a card's ``lose_health``
effects, a spectate penalty (VIC-SPEC-1), a bane (VIC-PRIM-5). Healing is not taken off; a
step that both heals and hurts shows only its net change. *Health* at the end of a round is
Health after its last step, so ``health[r] = health[r - 1] - damage_taken[r] + healed[r]``
where ``healed`` is what the round's healing steps (rest, heal effects, bonuses) added. In a
lost game the last entry is below 1 (GEN-WIN-2).

A card *is activated* in a step when it is in the active area after it and was not before,
or was there defeated before and is there undefeated after (it left and came back within the
step); it *is defeated* when its entry is defeated after the step and was not before (or is
new); the *damage* dealt to it is the rise of its damage taken (``Active.taken``: hits and
direct damage, after its defeat too, GEN-APPLY-1, GEN-APPLY-7). Damage cleared between
Engagements (TMB-BATTLE-4) is no damage dealt. Each card is one physical card, in one place
at a time, so a card id appears at most once in the active area.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from statistics import fmean
from typing import Any

from gamehall.core.game import Game
from gamehall.core.match import Match
from gamehall.games.twenty_strong.rules import TwentyStrong
from gamehall.games.twenty_strong.state import State
from gamehall.lab.stats import distribution

CARD_KEYS = ("activated", "defeated", "damage")
"""What :meth:`TwentyStrongFigures.read` counts per card."""


@dataclass(frozen=True)
class CardStep:
    """What one step did to one card: activated it, defeated it, dealt it damage."""

    card: int
    activated: bool
    defeated: bool
    damage: int


def _twenty_strong(game: Game[Any]) -> TwentyStrong:
    """``game`` as the 20 Strong engine (these figures read its card table)."""
    if not isinstance(game, TwentyStrong):
        raise TypeError(f"20 Strong figures given a game of {game.name!r}")
    return game


def rounds_played(states: Sequence[State]) -> int:
    """The rounds played: the round the last state is in (GEN-ROUND-1)."""
    return states[-1].round


def round_steps(states: Sequence[State]) -> Iterator[tuple[int, State, State]]:
    """Each step after setup: the round it belongs to (its first state's), then its states."""
    for before, after in pairwise(states):
        if before.round >= 1:
            yield before.round, before, after


def health_by_round(states: Sequence[State]) -> tuple[list[int], list[int]]:
    """The Health lost in each round (GEN-RESOLVE-2, GEN-STAT-3) and the Health at its end:
    after the step that ends it (the last state's, for a round not ended)."""
    rounds = rounds_played(states)
    lost = [0] * rounds
    health = [states[-1].health] * rounds
    for number, before, after in round_steps(states):
        lost[number - 1] += max(0, before.health - after.health)
    for before, after in pairwise(states):
        for ended in range(max(before.round, 1), after.round):  # the rounds this step ends
            health[ended - 1] = after.health
    return lost, health


def card_steps(before: State, after: State) -> Iterator[CardStep]:
    """What the step from ``before`` to ``after`` did to each card active after it
    (GEN-ACT-1, GEN-APPLY-4, GEN-APPLY-5)."""
    earlier = {active.card: active for active in before.active}
    for now in after.active:
        was = earlier.get(now.card)
        if was is None or (was.defeated and not now.defeated):  # new, or back within the step
            yield CardStep(now.card, True, now.defeated, now.taken)
        else:
            defeated = now.defeated and not was.defeated
            yield CardStep(now.card, False, defeated, max(0, now.taken - was.taken))


def card_figures(game: TwentyStrong, states: Sequence[State]) -> dict[str, dict[str, int]]:
    """Per card code that became active: times activated, times defeated, damage dealt."""
    cards = game.deck.cards
    found: dict[str, dict[str, int]] = {}
    for before, after in pairwise(states):
        for step in card_steps(before, after):
            if not (step.activated or step.defeated or step.damage):
                continue
            figures = found.setdefault(cards[step.card].code, dict.fromkeys(CARD_KEYS, 0))
            figures["activated"] += step.activated
            figures["defeated"] += step.defeated
            figures["damage"] += step.damage
    return dict(sorted(found.items()))


def by_round(series: Sequence[Sequence[float]]) -> tuple[list[float], list[int]]:
    """The mean of each round's entry over the games that reached it, and how many did."""
    longest = max((len(values) for values in series), default=0)
    means, reached = [], []
    for index in range(longest):
        entries = [values[index] for values in series if len(values) > index]
        means.append(fmean(entries))
        reached.append(len(entries))
    return means, reached


def card_summary(code: str, games: Sequence[dict[str, Any]]) -> dict[str, float | int]:
    """One card's figures over ``games``: means per game, defeat rate, games with it and
    their win rate (a game is won when its winners are not empty)."""
    zero = dict.fromkeys(CARD_KEYS, 0)
    lines = [played["cards"].get(code, zero) for played in games]
    totals = {key: sum(line[key] for line in lines) for key in CARD_KEYS}
    present = [played for played, line in zip(games, lines, strict=True) if line["activated"]]
    won = sum(bool(played["winners"]) for played in present)
    return {
        **{key: totals[key] / len(games) for key in CARD_KEYS},
        "defeat_rate": totals["defeated"] / totals["activated"] if totals["activated"] else 0.0,
        "games_with": len(present),
        "win_rate_with": won / len(present) if present else 0.0,
    }


class TwentyStrongFigures:
    """20 Strong's figures (:class:`gamehall.lab.figures.Figures`); see the module docstring
    for how each is read."""

    def standing(self, game: Game[Any], state: Any) -> Sequence[float]:
        """The hero's Health (the game is solo: there is no lead to change)."""
        return (float(state.health),)

    def read(self, game: Game[Any], match: Match) -> dict[str, Any]:
        """The rounds played; per round the damage taken and the Health at its end; per card
        code activated: times activated and defeated, and the damage dealt to it."""
        engine = _twenty_strong(game)
        states: list[State] = match.states
        damage, health = health_by_round(states)
        return {
            "rounds": rounds_played(states),
            "damage_taken": damage,
            "health": health,
            "cards": card_figures(engine, states),
        }

    def summarize(self, games: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """The rounds' distribution; per round the mean damage taken and Health over the games
        that reached it, and how many did; per card code (sorted) its means and rates."""
        damage, reached = by_round([played["damage_taken"] for played in games])
        health, _ = by_round([played["health"] for played in games])
        codes = sorted({code for played in games for code in played["cards"]})
        return {
            "rounds": distribution([played["rounds"] for played in games]),
            "damage_per_round": damage,
            "health_curve": health,
            "reached": reached,
            "cards": {code: card_summary(code, games) for code in codes},
        }
