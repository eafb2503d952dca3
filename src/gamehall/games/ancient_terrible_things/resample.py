"""An Ancient Terrible Things table one player cannot tell from the true one
(``AncientTerribleThings.resample``).

The only secrets are the other players' Exploit cards in hand (ATT-R2: kept secret; the view
shows their count), until the game ends and every hand is shown but those of the seats that
resigned, which leave the game unseen (ATT-R16). The Exploit deck is
unordered (each draw is a chance outcome), so which cards it holds is just as unknown. Those
cards form one pool, sorted so that it depends only on what the player knows (their own hand
and the Exploits played, which are public), dealt anew uniformly: each other hand keeps its
size, the deck takes the rest. Everything else (encounter tiers, dice, Loot) is public or drawn
by chance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.game import EVERYTHING, RandomSource
from gamehall.games.ancient_terrible_things.state import OVER, AttState

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings


def resample(
    game: AncientTerribleThings, state: AttState, seat: int, rng: RandomSource
) -> AttState:
    """A table ``seat`` cannot tell from ``state``: the other hands and the Exploit deck
    dealt anew."""
    if seat == EVERYTHING:
        return state
    over = state.step == OVER  # every hand is shown, but those of seats that resigned
    others = [
        p
        for p, player in enumerate(state.players)
        if p != seat and player.exploits and (not over or p in state.gone)
    ]
    if not others:
        return state  # the deck alone is unordered: nothing to deal
    pool = sorted([*state.exploit_deck, *(e for p in others for e in state.players[p].exploits)])
    rng.shuffle(pool)
    players = list(state.players)
    for p in others:
        size = len(players[p].exploits)
        hand, pool = pool[:size], pool[size:]
        players[p] = players[p]._replace(exploits=tuple(sorted(hand)))
    sample = state.evolve()
    sample.players = tuple(players)
    sample.exploit_deck = tuple(sorted(pool))  # the rules keep the deck in card order
    return sample
