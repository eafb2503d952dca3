"""Random play over many seeds: after every action, all 17 unit dice are accounted for and
every stat is within its bounds (issue 4), for every Gearloc, Tyrant and rank."""

from __future__ import annotations

import itertools

from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.decks.too_many_bones.cards import load_cards
from gamehall.games.twenty_strong.decks.too_many_bones.zones import BACKUP, LOCK
from gamehall.games.twenty_strong.dice import DICE, STAT_MAX, STAT_MIN, UNROLLED
from gamehall.games.twenty_strong.state import (
    BANISHED,
    COMMITTED,
    EXHAUSTED,
    LOST,
    NOWHERE,
    ON_CARD,
    POOL,
    State,
)


def check(state: State) -> None:
    """The invariants of every 20 Strong state."""
    assert len(state.zones) == len(state.faces) == len(state.places) == DICE
    assert sum(state.zones.count(z) for z in range(LOCK + 1)) == DICE, "a die is in no zone"
    active_cards = {a.card for a in state.active}
    locked_cards = {i.card for i in state.inventory if i.locked}
    slots = []
    for die, zone in enumerate(state.zones):
        place, face = state.places[die], state.faces[die]
        if zone in (POOL, EXHAUSTED, BANISHED):
            assert place == NOWHERE and face == UNROLLED, f"die {die} in zone {zone}"
        elif zone == COMMITTED:
            assert place == NOWHERE
        elif zone == ON_CARD:
            assert place in active_cards and face >= 2, "a die on a card that is not active"
        elif zone == BACKUP:
            assert 0 <= place < 4 and face == 1, "only misses fill backup slots"
            slots.append(place)
        elif zone == LOCK:
            assert place in locked_cards and face >= 2, "lock dice sit on a locked card"
    assert len(slots) == len(set(slots)), "two dice in one backup slot"
    for stat in (state.strategy, state.recovery):
        assert STAT_MIN <= stat <= STAT_MAX
    assert state.health <= STAT_MAX
    assert state.health >= STAT_MIN or state.result == LOST
    for active in state.active:
        assert active.taken >= 0 and (active.defeated or active.taken < active.health)


def test_dice_accounted_for_and_stats_in_bounds_in_random_play() -> None:
    cards = load_cards()
    heroes = [g.code for g in cards.gearlocs]
    tyrants = [t.code for t in cards.tyrants]
    checked = 0
    for index, (hero, tyrant) in enumerate(itertools.product(heroes, tyrants)):
        game = TwentyStrong(1, {"hero": hero, "boss": tyrant, "rank": 1 + index % 5})
        rng = make_rng(index, "invariants")
        for _ in range(3):
            state = game.initial_state()
            check(state)
            while game.to_move(state) is not None:
                if game.to_move(state) == CHANCE:
                    action = sample(game.chance_weights(state), rng)
                else:
                    legal = game.legal_actions(state)
                    action = legal[int(rng.random() * len(legal))]
                state = game.apply(state, action)
                check(state)
                checked += 1
    assert checked > 5000
