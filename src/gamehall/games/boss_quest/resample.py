"""A Boss Quest table one knight cannot tell from the true one (``BossQuest.resample``).

What a knight does not know, and so what is dealt anew:

* another knight's hidden weapon (BQ-DEAL-2), until the game ends (the last combat shows all);
* a weapon put face down on the deck by a deck swap that only its giver saw (BQ-SPELL-7), and
  a hidden weapon just given up while its replacement is being drawn;
* the hidden weapon a knight who resigned set aside unseen (BQ-R25);
* which weapons the deck holds (its order is a chance outcome at each draw);
* the face-down mystery spell (BQ-MYST-2), and which spells the spell deck and the discard
  pile hold: both show only as counts (BQ-R24), and unseen mystery spells go into them.

The weapons a knight does not know form one pool (sorted, so it depends only on what the
knight sees), dealt uniformly to the hidden places and the deck. One thing constrains the deal:
the view flags a knight still arming whose attack is over the boss's HP (BQ-ARM-5), so such a
knight's new hidden weapon keeps the flag as it was. Spells form a second pool: the spell deck,
the discard pile less the spells seen going there this round, and the face-down mystery.

What a knight may remember from the log but the state does not record is not used: the card
a hidden swap gave away (BQ-SPELL-6), spells seen discarded in earlier rounds, an "over"
announced earlier. The sample is uniform over the tables that fit the knight's current view
and the deck-swap cards the state says they saw.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gamehall.core.game import EVERYTHING, RandomSource
from gamehall.core.state import replace_at
from gamehall.games.boss_quest.actions import DrawWeapon
from gamehall.games.boss_quest.combat import attack, effective_hp
from gamehall.games.boss_quest.state import (
    AVAILABLE,
    DISCARDED,
    EVERYONE,
    HIDDEN,
    OVER,
    SPENT,
    BossQuestState,
)

if TYPE_CHECKING:
    from gamehall.games.boss_quest.rules import BossQuest


def resample(
    game: BossQuest, state: BossQuestState, seat: int, rng: RandomSource
) -> BossQuestState:
    """A table ``seat`` cannot tell from ``state``: its unknown weapons and spells dealt anew."""
    if seat == EVERYTHING:
        return state
    sample = state.evolve()
    _deal_weapons(game, state, seat, rng, sample)
    _deal_spells(game, state, rng, sample)
    return sample


# -- weapons ------------------------------------------------------------------------------


def _deal_weapons(
    game: BossQuest, state: BossQuestState, seat: int, rng: RandomSource, sample: BossQuestState
) -> None:
    """Deal the weapons ``seat`` does not know to the places they may be."""
    cards = game.cards
    values = cards.weapon_values
    playing = state.phase != OVER
    hidden_seats = [p for p, card in enumerate(state.hidden) if card >= 0 and p != seat and playing]
    top_places = [
        i for i, (_, knower) in enumerate(state.deck_top) if knower not in (EVERYONE, seat)
    ]
    give_places = [
        i
        for i, draw in enumerate(state.draws)
        if draw.give_back >= 0 and draw.place == HIDDEN and draw.seat != seat
    ]
    aside_places = [
        i for i, (_, knower) in enumerate(state.aside) if knower not in (EVERYONE, seat)
    ]
    pool = sorted(
        [
            *(state.hidden[p] for p in hidden_seats),
            *(state.deck_top[i][0] for i in top_places),
            *(state.draws[i].give_back for i in give_places),
            *(state.aside[i][0] for i in aside_places),
            *(cards.weapon_id(draw.card) for draw in state.deck),
        ]
    )
    # A knight still arming shows whether they are over the HP: their new hidden weapon's
    # value must give the same answer (the view's ``over``, BQ-ARM-5).
    hp = effective_hp(state, cards)
    present = {values[card] for card in pool}
    constrained: list[tuple[int, frozenset[int]]] = []
    free_seats: list[int] = []
    for p in hidden_seats:
        allowed = present
        if not state.at_magician[p] and state.boss:
            over = attack(state, cards, p) > hp
            rest = attack(state, cards, p) - values[state.hidden[p]]
            allowed = {v for v in present if (rest + v > hp) == over}
        if allowed == present:
            free_seats.append(p)
        else:
            constrained.append((p, frozenset(allowed)))
    hidden = list(state.hidden)
    chosen = _deal_constrained(pool, values, [allowed for _, allowed in constrained], rng)
    for (p, _), card in zip(constrained, chosen, strict=True):
        hidden[p] = card
        pool.remove(card)
    rng.shuffle(pool)
    for p in free_seats:
        hidden[p] = pool.pop()
    deck_top = list(state.deck_top)
    for i in top_places:
        deck_top[i] = (pool.pop(), deck_top[i][1])
    draws = list(state.draws)
    for i in give_places:
        draws[i] = draws[i]._replace(give_back=pool.pop())
    aside = list(state.aside)
    for i in aside_places:
        aside[i] = (pool.pop(), aside[i][1])
    codes = cards.weapon_codes
    sample.hidden, sample.deck_top, sample.draws = tuple(hidden), tuple(deck_top), tuple(draws)
    sample.aside = tuple(aside)
    sample.deck = tuple(DrawWeapon(codes[card]) for card in sorted(pool))


def _deal_constrained(
    pool: list[int], values: tuple[int, ...], allowed: list[frozenset[int]], rng: RandomSource
) -> list[int]:
    """Distinct cards of ``pool``, one per place, each of a value its place allows, uniform
    over every such choice: places are filled in turn, each card weighted by the number of
    ways the later places can still be filled."""
    if not allowed:
        return []
    # Cards every place treats alike (allowed by the same places) form one class.
    signatures = {card: tuple(values[card] in ok for ok in allowed) for card in pool}
    classes = sorted(set(signatures.values()))
    members = [[card for card in pool if signatures[card] == c] for c in classes]
    options = [[k for k, c in enumerate(classes) if c[place]] for place in range(len(allowed))]
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def ways(place: int, left: tuple[int, ...]) -> int:
        if place == len(options):
            return 1
        key = (place, left)
        if key not in memo:
            memo[key] = sum(
                left[k] * ways(place + 1, _less(left, k)) for k in options[place] if left[k]
            )
        return memo[key]

    chosen: list[int] = []
    left = tuple(map(len, members))
    for place in range(len(options)):
        weights = [(k, left[k] * ways(place + 1, _less(left, k))) for k in options[place]]
        kind = _pick(weights, rng)
        chosen.append(members[kind].pop(int(rng.random() * len(members[kind]))))
        left = _less(left, kind)
    return chosen


def _less(counts: tuple[int, ...], index: int) -> tuple[int, ...]:
    return (*counts[:index], counts[index] - 1, *counts[index + 1 :])


def _pick(weights: list[tuple[int, int]], rng: RandomSource) -> int:
    """One key of ``weights`` drawn with its weight (the total is positive)."""
    total = sum(weight for _, weight in weights)
    point = rng.random() * total
    for key, weight in weights:
        if point < weight:
            return key
        point -= weight
    return next(key for key, weight in reversed(weights) if weight)  # float rounding


# -- spells -------------------------------------------------------------------------------


def _deal_spells(
    game: BossQuest, state: BossQuestState, rng: RandomSource, sample: BossQuestState
) -> None:
    """Deal the spells nobody has seen: the mystery, the spell deck and the unseen discards."""
    kinds = len(game.cards.spells)
    mystery = state.mystery
    face_down = mystery >= 0 and state.slots[mystery].status in (AVAILABLE, DISCARDED)
    seen_discarded = Counter(
        slot.kind
        for i, slot in enumerate(state.slots)
        if slot.status in (SPENT, DISCARDED) and not (face_down and i == mystery)
    )
    unseen = Counter({k: n for k, n in enumerate(state.spell_deck) if n})
    unseen.update({k: n for k, n in enumerate(state.spell_discard) if n})
    unseen.subtract(seen_discarded)
    if face_down and state.slots[mystery].status == AVAILABLE:
        unseen[state.slots[mystery].kind] += 1  # a discarded mystery is in the discard already
    pool = sorted(unseen.elements())
    to_discard = sum(state.spell_discard) - sum(seen_discarded.values())
    rng.shuffle(pool)
    discard = Counter(seen_discarded)
    if face_down:
        slot = state.slots[mystery]
        kind = pool.pop()
        sample.slots = replace_at(state.slots, mystery, slot._replace(kind=kind))
        if slot.status == DISCARDED:
            discard[kind] += 1
            to_discard -= 1
    discard.update(pool[:to_discard])
    deck = Counter(pool[to_discard:])
    sample.spell_discard = tuple(discard[k] for k in range(kinds))
    sample.spell_deck = tuple(deck[k] for k in range(kinds))
