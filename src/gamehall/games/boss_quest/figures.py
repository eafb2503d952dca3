"""Boss Quest's own lab figures: the spells cast and by whom, the rounds played, the keys won.

A spell is *cast* when a knight activates it at the magician (``activate N``, BQ-MAGE-1), the
mystery spell included (BQ-MYST-3). Discarding it (``discard N``) or resting is no cast, and
the choices made inside a cast's effect (``target``, ``swap``, ``give``, ``cancel``) belong to
that cast. Spells are named by their code in the card data (``hp+1``, ``need-R``, ...).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from statistics import fmean
from typing import Any

from gamehall.core.game import Game
from gamehall.core.match import Match
from gamehall.games.boss_quest import BossQuest
from gamehall.games.boss_quest.actions import Activate
from gamehall.games.boss_quest.rules import HEARTS
from gamehall.games.boss_quest.state import BossQuestState
from gamehall.lab.stats import distribution

OUT = 1000.0
"""Taken off the standing of a knight with no heart left: more than any knight's keys."""


def _boss_quest(game: Game[Any]) -> BossQuest:
    """``game`` as the Boss Quest engine (these figures read its card data)."""
    if not isinstance(game, BossQuest):
        raise TypeError(f"Boss Quest figures given a game of {game.name!r}")
    return game


def spell_casts(game: BossQuest, match: Match) -> Iterator[tuple[str, int]]:
    """Each spell cast in ``match``, in order: its code and the seat that activated it."""
    spells = game.cards.spells
    # states has one more entry than actions and movers: the state after the last action.
    for before, action, seat in zip(match.states, match.actions, match.movers, strict=False):
        if isinstance(action, Activate):
            yield spells[before.slots[action.slot].kind].code, seat


def rounds_played(state: BossQuestState) -> int:
    """How many rounds were fought to combat (BQ-COMBAT-10), by the last combat's round."""
    return state.last_combat.round if state.last_combat is not None else 0


def _caster_wins(code: str, games: Sequence[dict[str, Any]]) -> tuple[float, int]:
    """Wins (a win shared by k counts 1/k) and (game, seat) pairs of the seats casting ``code``."""
    won, pairs = 0.0, 0
    for played in games:
        winners = played["winners"]
        for seat in set(played["casters"].get(code, ())):
            pairs += 1
            if seat in winners:
                won += 1 / len(winners)
    return won, pairs


def _casts(played: dict[str, Any], code: str) -> int:
    """How often one game's line says ``code`` was cast (0 if its cards lack the spell)."""
    spell: dict[str, int] = played["spells"].get(code, {})
    return spell.get("cast", 0)


def _spell_summary(code: str, games: Sequence[dict[str, Any]], fair: float) -> dict[str, Any]:
    """One spell's figures over ``games``; ``fair`` is a seat's fair share of the wins."""
    casts = [_casts(played, code) for played in games]
    won, pairs = _caster_wins(code, games)
    rate = won / pairs if pairs else None
    return {
        "cast_per_game": fmean(casts) if casts else 0.0,
        "games_with": sum(count > 0 for count in casts),
        "win_rate_of_caster": rate,
        "effect": rate - fair if rate is not None else None,
    }


class BossQuestFigures:
    """Boss Quest's figures (:class:`gamehall.lab.figures.Figures`)."""

    def standing(self, game: Game[Any], state: Any) -> Sequence[float]:
        """Keys, plus hearts / (HEARTS + 1) as a tie-break worth less than a key (BQ-END-4);
        a knight with no heart left is out (BQ-END-2, BQ-END-3) and stands ``OUT`` lower, so
        at the end the leaders are exactly the winners."""
        return [
            keys + hearts / (HEARTS + 1) - (OUT if hearts <= 0 else 0.0)
            for keys, hearts in zip(state.keys, state.hearts, strict=True)
        ]

    def read(self, game: Game[Any], match: Match) -> dict[str, Any]:
        """Per spell code of the game's cards: times cast and times cast by a winner; the seats
        that cast each (with repeats); the rounds played; the final keys per seat."""
        engine = _boss_quest(game)
        casters: dict[str, list[int]] = {spell.code: [] for spell in engine.cards.spells}
        for code, seat in spell_casts(engine, match):
            casters[code].append(seat)
        outcome = match.outcome()
        winners = set(outcome.winners) if outcome is not None else set()
        spells = {
            code: {"cast": len(seats), "cast_by_winner": sum(seat in winners for seat in seats)}
            for code, seats in casters.items()
        }
        final: BossQuestState = match.state
        return {
            "spells": spells,
            "casters": casters,
            "rounds": rounds_played(final),
            "keys": list(final.keys),
        }

    def summarize(self, games: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Per spell code (sorted): mean casts per game, games with a cast, the casters' win
        rate (None if nobody cast it) and its excess over a seat's fair share; the rounds."""
        codes = sorted({code for played in games for code in played["spells"]})
        fair = fmean(1 / len(played["keys"]) for played in games) if games else 0.0
        return {
            "spells": {code: _spell_summary(code, games, fair) for code in codes},
            "rounds": distribution([played["rounds"] for played in games]),
        }
