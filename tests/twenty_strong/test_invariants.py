"""Random play over many seeds: after every action, all 17 unit dice are accounted for and
every stat is within its bounds (issue 4), for every Gearloc, Tyrant and rank; and for
Victorum (issue 5), every hero, scion and rank, with every card in exactly one place."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.decks.too_many_bones.cards import load_cards
from gamehall.games.twenty_strong.decks.too_many_bones.zones import BACKUP, LOCK
from gamehall.games.twenty_strong.decks.victorum.cards import load_cards as victorum_cards
from gamehall.games.twenty_strong.decks.victorum.deck import TRAINING
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
from gamehall.sim.playout import STALL_STEPS

TMB_ZONES = (BACKUP, LOCK)
TRAINING_ZONES = (TRAINING,)


def check(state: State, deck_zones: tuple[int, ...] = TMB_ZONES) -> None:
    """The invariants of every 20 Strong state (``deck_zones``: the deck's own dice zones)."""
    assert len(state.zones) == len(state.faces) == len(state.places) == DICE
    zones = (POOL, COMMITTED, ON_CARD, EXHAUSTED, BANISHED, *deck_zones)
    assert sum(state.zones.count(z) for z in zones) == DICE, "a die is in no zone"
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
        elif deck_zones != TMB_ZONES:
            continue
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


def random_states(game: TwentyStrong, seed: int, games: int) -> Iterator[State]:
    """Every state of ``games`` seeded random games (each stopped at a stall)."""
    rng = make_rng(seed, "invariants")
    for _ in range(games):
        state = game.initial_state()
        yield state
        for _ in range(STALL_STEPS):
            if game.to_move(state) is None:
                break
            if game.to_move(state) == CHANCE:
                action = sample(game.chance_weights(state), rng)
            else:
                legal = game.legal_actions(state)
                action = legal[int(rng.random() * len(legal))]
            state = game.apply(state, action)
            yield state


def test_dice_accounted_for_and_stats_in_bounds_in_random_play() -> None:
    cards = load_cards()
    heroes = [g.code for g in cards.gearlocs]
    tyrants = [t.code for t in cards.tyrants]
    checked = 0
    for index, (hero, tyrant) in enumerate(itertools.product(heroes, tyrants)):
        game = TwentyStrong(1, {"hero": hero, "boss": tyrant, "rank": 1 + index % 5})
        for state in random_states(game, index, 3):
            check(state)
            checked += 1
    assert checked > 5000


def check_victorum(game: TwentyStrong, state: State) -> None:
    """Victorum's own invariants: every conflict card and every tactic is in exactly one
    place, and dice in the Training Grounds show no face and sit nowhere."""
    deck: Any = game.deck
    vic = state.deck
    for die, zone in enumerate(state.zones):
        if zone == TRAINING:
            assert state.places[die] == NOWHERE and state.faces[die] == UNROLLED
    places = [
        *vic.unseen,
        *(card for stack in state.stacks for card in stack.known),
        *(a.card for a in state.active),
        *state.discard,
        *vic.influence,
        *(i.card for i in state.inventory),
        *vic.tactics,
        *(t.source for t in state.tasks if t.kind == "deck.opportunity"),  # being decided
    ]
    tracked = set(deck.conflict_cards) | set(deck.tactic_ids)
    seen = [card for card in places if card in tracked]
    assert sorted(seen) == sorted(tracked), "a card is in two places, or in none"
    assert sum(len(stack.known) for stack in state.stacks) <= 9


def test_victorum_dice_and_cards_accounted_for_in_random_play() -> None:
    """Every hero/primus card as the hero, every scion, ranks 1-5: after every action the 17
    dice (Training Grounds included) and every card are accounted for, stats in bounds."""
    cards = victorum_cards()
    checked = 0
    for index, (hero, scion) in enumerate(zip(cards.heroes, cards.scions, strict=True)):
        options = {"deck": "victorum", "hero": hero.code, "boss": scion.code}
        game = TwentyStrong(1, {**options, "rank": 1 + index % 5})
        for state in random_states(game, index, 4):
            check(state, TRAINING_ZONES)
            check_victorum(game, state)
            checked += 1
    assert checked > 5000
