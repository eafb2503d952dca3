"""Combat: who busts, who fails a spell's condition, who wins the keys (rules BQ-COMBAT-*)."""

from __future__ import annotations

from gamehall.games.boss_quest.cards import Cards
from gamehall.games.boss_quest.state import ACTIVE, BossQuestState, Combat, SeatResult


def effective_hp(state: BossQuestState, cards: Cards) -> int:
    """The boss's HP with every active HP spell added (BQ-SPELL-3, BQ-SPELL-4)."""
    hp = state.boss
    bonus = cards.hp_bonus
    for kind, status, _ in state.slots:
        if status == ACTIVE:
            hp += bonus[kind]
    return hp


def held_weapons(state: BossQuestState, seat: int) -> tuple[int, ...]:
    """Every weapon a knight holds, the hidden one first."""
    hidden = state.hidden[seat]
    visible = state.visible[seat]
    return visible if hidden < 0 else (hidden, *visible)


def attack(state: BossQuestState, cards: Cards, seat: int) -> int:
    """A knight's attack: all weapons plus the attack spells placed on them (BQ-DEAL-3)."""
    values = cards.weapon_values
    hidden = state.hidden[seat]
    total = sum(map(values.__getitem__, state.visible[seat]))
    if hidden >= 0:
        total += values[hidden]
    bonus = cards.attack_bonus
    for kind, status, target in state.slots:
        if target == seat and status == ACTIVE:
            total += bonus[kind]  # BQ-SPELL-2: +1, +2, -1 or -2, as printed
    return total


def is_over(state: BossQuestState, cards: Cards, seat: int) -> bool:
    """True if the knight's attack is over the boss's HP (BQ-SPELL-5)."""
    return attack(state, cards, seat) > effective_hp(state, cards)


def meets_conditions(state: BossQuestState, cards: Cards, seat: int) -> bool:
    """True if the knight meets every active colour condition (BQ-SPELL-8, BQ-SPELL-9)."""
    colours = [cards.weapon_colours[card] for card in held_weapons(state, seat)]
    for kind, status, _ in state.slots:
        if status != ACTIVE:
            continue
        effect = cards.effect_kinds[kind]
        if effect == "need_colour" and cards.required_colour[kind] not in colours:
            return False
        if effect == "pair_colour" and len(set(colours)) == len(colours):
            return False
    return True


def _active_kinds(state: BossQuestState, cards: Cards) -> list[str]:
    return [cards.effect_kinds[kind] for kind, status, _ in state.slots if status == ACTIVE]


def resolve_combat(state: BossQuestState, cards: Cards) -> Combat:
    """The result of combat for every knight; the state is not changed. A knight who resigned
    takes no part: never over, never failing, never winning (BQ-R25)."""
    hp = effective_hp(state, cards)
    kinds = _active_kinds(state, cards)
    no_heart_loss = "no_heart_loss" in kinds
    extra_keys = kinds.count("extra_key")
    conditions = "need_colour" in kinds or "pair_colour" in kinds
    seats = range(len(state.hearts))
    attacks = [attack(state, cards, seat) for seat in seats]
    counts = [len(state.visible[seat]) + (state.hidden[seat] >= 0) for seat in seats]
    gone = state.gone
    over = [a > hp and not gone[seat] for seat, a in enumerate(attacks)]
    # BQ-COMBAT-3: failing a condition keeps a knight out of ``remaining`` but costs no heart
    failed = [
        conditions and not gone[seat] and not meets_conditions(state, cards, seat) for seat in seats
    ]
    remaining = [s for s in seats if not over[s] and not failed[s] and not gone[s]]

    # Rank the remaining knights: closest attack first, then fewer weapon cards (BQ-COMBAT-5);
    # knights equal on both share a rank (BQ-COMBAT-6).
    ranks = sorted({(-attacks[s], counts[s]) for s in remaining})
    winning_rank = 1 if "second_closest" in kinds else 0  # BQ-SPELL-14
    winners: tuple[int, ...] = ()
    if len(ranks) > winning_rank:
        wanted = ranks[winning_rank]
        winners = tuple(s for s in remaining if (-attacks[s], counts[s]) == wanted)

    results = []
    for seat in seats:
        perfect = attacks[seat] == hp and seat in remaining  # BQ-COMBAT-7
        gained = (1 + extra_keys if seat in winners else 0) + perfect  # BQ-COMBAT-8, BQ-SPELL-13
        lost = over[seat] and not no_heart_loss  # BQ-COMBAT-2, BQ-SPELL-10
        results.append(
            SeatResult(
                state.hidden[seat], attacks[seat], over[seat], failed[seat], gained, lost, perfect
            )
        )
    in_effect = tuple(slot for slot in state.slots if slot.status == ACTIVE)
    return Combat(state.round, state.boss, hp, tuple(results), winners, in_effect)
