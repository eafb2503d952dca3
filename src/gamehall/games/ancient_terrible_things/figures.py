"""Ancient Terrible Things' own figures: each seat's Secrets, and the encounters attempted and
defeated, by the combination kinds printed on them.

An *attempt* is an encounter faced with dice rolled: the step into the encounter phase, where
the seven dice are rolled (ATT-ENC-1, -2; the engine's ``SHOP`` -> ``ENCOUNTER``). It is *met*
when the encounter is defeated: its card ends under the attempting player's board (ATT-RES-1,
ATT-RES-10). A failure (ATT-RES-11), or a match cut off before the resolution, leaves it
unmet. An attempt's kinds are the kinds printed on its encounter card (``high``, ``pair``,
``set``, ``straight``; a kind printed twice counts once); the scenario's combinations, which
every encounter also accepts (ATT-RES-2), are not counted: they are the same on every card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any, NamedTuple, get_args

from gamehall.core.game import Game
from gamehall.core.match import Match
from gamehall.games.ancient_terrible_things.cards import ComboKind
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.scoring import secrets
from gamehall.games.ancient_terrible_things.state import ENCOUNTER, AttState
from gamehall.lab.stats import distribution

KINDS: tuple[str, ...] = tuple(sorted(get_args(ComboKind)))
"""The combination kinds of the engine, sorted: high, pair, set, straight."""


class Attempt(NamedTuple):
    """One encounter faced with dice rolled: the kinds printed on it, and whether it fell."""

    kinds: frozenset[str]
    met: bool


def _att(game: Game[Any]) -> AncientTerribleThings:
    """``game`` as Ancient Terrible Things (the figures read its cards)."""
    if not isinstance(game, AncientTerribleThings):
        raise TypeError(f"not an Ancient Terrible Things game: {game.name!r}")
    return game


def seat_secrets(game: AncientTerribleThings, state: AttState) -> list[int]:
    """Each seat's Secrets in ``state``, counted as the final score (ATT-SCORE-1..5)."""
    return [secrets(game, player) for player in state.players]


def attempts(game: AncientTerribleThings, states: Sequence[AttState]) -> list[Attempt]:
    """Every encounter attempted in ``states`` (a match's history), in order.

    Each encounter card is revealed once, so it is met exactly when it is among the
    attempting player's trophies in the last state.
    """
    last = states[-1]
    found: list[Attempt] = []
    for before, after in pairwise(states):
        if before.step != ENCOUNTER and after.step == ENCOUNTER:
            seat = after.active
            encounter = after.board[after.players[seat].location]
            kinds = frozenset(combo.kind for combo in game.cards.encounters[encounter].combos)
            found.append(Attempt(kinds, encounter in last.players[seat].trophies))
    return found


def tally(tried: Iterable[Attempt]) -> dict[str, int]:
    """How many attempts were ``tried`` and how many of them ``met``."""
    outcomes = [attempt.met for attempt in tried]
    return {"tried": len(outcomes), "met": sum(outcomes)}


def rated(counts: Iterable[dict[str, int]]) -> dict[str, float]:
    """The ``tried`` and ``met`` of ``counts`` added up, with ``rate`` = met / tried (0 if none)."""
    rows = list(counts)
    tried = sum(row["tried"] for row in rows)
    met = sum(row["met"] for row in rows)
    return {"tried": tried, "met": met, "rate": met / tried if tried else 0.0}


class AncientTerribleThingsFigures:
    """Secrets, and encounters tried and met by combination kind."""

    def standing(self, game: Game[Any], state: Any) -> Sequence[float]:
        """Each seat's Secrets as if the game ended in ``state``: defeated encounters, Loot and
        Accomplishments, 1 per 3 Mystery tokens, less the Terrible Thing penalty (ATT-SCORE-1..5).
        The solo rival's pile is not a seat and is left out."""
        return seat_secrets(_att(game), state)

    def read(self, game: Game[Any], match: Match) -> dict[str, Any]:
        """``combos`` (per kind: attempts whose card prints it, and of those the defeated),
        ``encounters`` (all attempts, and the defeated) and ``secrets`` (each seat's, last state).
        """
        att = _att(game)
        tried = attempts(att, match.states)
        return {
            "combos": {kind: tally(a for a in tried if kind in a.kinds) for kind in KINDS},
            "encounters": tally(tried),
            "secrets": seat_secrets(att, match.states[-1]),
        }

    def summarize(self, games: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Totals and rates per kind (sorted) and overall, and the distribution of the winning
        Secrets: one value per game that has a winner (tied winners share the same Secrets,
        ATT-WIN-1; a lost solo game or a stalled one has none)."""
        kinds = sorted({kind for g in games for kind in g["combos"]})
        return {
            "combos": {
                kind: rated(g["combos"].get(kind, {"tried": 0, "met": 0}) for g in games)
                for kind in kinds
            },
            "encounters": rated(g["encounters"] for g in games),
            "secrets": distribution([g["secrets"][g["winners"][0]] for g in games if g["winners"]]),
        }
