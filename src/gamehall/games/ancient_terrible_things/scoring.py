"""The final score (ATT-SCORE-1..5), the winners and their tie-break (ATT-WIN-1, -2; ATT-R3),
the solo rival (ATT-R1) and the seats that resigned (ATT-R16).

>>> terrible_penalty(0), terrible_penalty(1), terrible_penalty(3)
(0, 0, -2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.outcome import Outcome
from gamehall.games.ancient_terrible_things.state import MYSTERY, AttState, Player

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings


def terrible_penalty(tokens: int) -> int:
    """n Terrible Thing tokens cost n - 1 Secrets; none cost nothing (ATT-SCORE-5)."""
    return -max(0, tokens - 1)


SOURCES = ("encounters", "loot", "accomplishments", "mystery", "terrible")
"""Where Secrets come from, in the order the score adds them (ATT-SCORE-1..5)."""


def secret_sources(game: AncientTerribleThings, player: Player) -> dict[str, int]:
    """A player's Secrets by source: encounters defeated, Loot, Accomplishments, Mystery
    sets and the Terrible Things' cost (zero or less)."""
    cards = game.cards
    return {
        "encounters": sum(cards.encounters[e].secrets for e in player.trophies),  # ATT-SCORE-1
        "loot": sum(cards.loot[i].secrets for i in player.loot),  # ATT-SCORE-2
        # ATT-SCORE-3: each Accomplishment owned (earned as ATT-R12 says)
        "accomplishments": sum(cards.accomplishments[a].secrets for a in player.accomplishments),
        "mystery": player.tokens[MYSTERY] // 3,  # ATT-SCORE-4
        "terrible": terrible_penalty(player.terrible),  # ATT-SCORE-5, ATT-TT-3: flipped or not
    }


def secrets(game: AncientTerribleThings, player: Player) -> int:
    """A player's Secrets: the sum of every source (ATT-SCORE-1..5)."""
    return sum(secret_sources(game, player).values())


def rival_secrets(game: AncientTerribleThings, state: AttState) -> int:
    """Solo: the rival's Secrets, its pile and the encounters still on the board (ATT-R1)."""
    pile = [*state.rival, *(e for e in state.board if e >= 0)]
    return sum(game.cards.encounters[e].secrets for e in pile)


def final_outcome(game: AncientTerribleThings, state: AttState, reason: str) -> Outcome:
    """Scores and winners: most Secrets, then fewest Terrible Things, then most encounters
    (the tie-break, ATT-WIN-2, ATT-R3), among the seats still in the game; a seat that
    resigned never wins (ATT-R16), and a solo player who resigned loses. Every seat's
    Secrets are its score, resigned or not."""
    scores = tuple(secrets(game, p) for p in state.players)
    if game.players == 1:
        won = reason != "resigned" and scores[0] > rival_secrets(game, state)
        return Outcome((0,) if won else (), tuple(map(float, scores)), reason)

    def rank(seat: int) -> tuple[int, int, int]:
        player = state.players[seat]
        return (scores[seat], -player.terrible, len(player.trophies))  # ATT-WIN-2

    left = [seat for seat in range(game.players) if seat not in state.gone]
    best = max(rank(seat) for seat in left)
    winners = tuple(seat for seat in left if rank(seat) == best)
    return Outcome(winners, tuple(map(float, scores)), reason)
