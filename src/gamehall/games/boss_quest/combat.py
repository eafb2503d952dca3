"""Combat: who busts, who fails a spell's condition, who wins the keys (rules BQ-COMBAT-*)."""

from __future__ import annotations

from gamehall.games.boss_quest.cards import Cards
from gamehall.games.boss_quest.state import ACTIVE, BossQuestState, Combat, SeatResult


def active_effects(state: BossQuestState, cards: Cards) -> list[tuple[int, int]]:
    """``(slot index, spell kind)`` of every spell activated and still in play."""
    return [(i, slot.kind) for i, slot in enumerate(state.slots) if slot.status == ACTIVE]


def effective_hp(state: BossQuestState, cards: Cards) -> int:
    """The boss's HP with every active HP spell added (BQ-SPELL-3, BQ-SPELL-4)."""
    hp = state.boss
    for slot in state.slots:
        if slot.status == ACTIVE:
            effect = cards.spells[slot.kind].effect
            if effect.kind == "boss_hp":
                hp += effect.amount or 0
    return hp


def held_weapons(state: BossQuestState, seat: int) -> tuple[int, ...]:
    """Every weapon a knight holds, the hidden one first."""
    hidden = state.hidden[seat]
    visible = state.visible[seat]
    return visible if hidden < 0 else (hidden, *visible)


def attack(state: BossQuestState, cards: Cards, seat: int) -> int:
    """A knight's attack: all weapons plus the attack spells placed on them (BQ-DEAL-3)."""
    values = cards.weapon_values
    total = sum(values[card] for card in held_weapons(state, seat))
    for slot in state.slots:
        if slot.status == ACTIVE and slot.target == seat:
            effect = cards.spells[slot.kind].effect
            if effect.kind == "attack":
                total += effect.amount or 0
    return total


def is_over(state: BossQuestState, cards: Cards, seat: int) -> bool:
    """True if the knight's attack is over the boss's HP (BQ-SPELL-5)."""
    return attack(state, cards, seat) > effective_hp(state, cards)


def meets_conditions(state: BossQuestState, cards: Cards, seat: int) -> bool:
    """True if the knight meets every active colour condition (BQ-SPELL-8, BQ-SPELL-9)."""
    colours = [cards.weapon_colours[card] for card in held_weapons(state, seat)]
    for slot in state.slots:
        if slot.status != ACTIVE:
            continue
        effect = cards.spells[slot.kind].effect
        if effect.kind == "need_colour":
            wanted = [c.code for c in cards.colours].index(effect.colour or "")
            if wanted not in colours:
                return False
        elif effect.kind == "pair_colour" and len(set(colours)) == len(colours):
            return False
    return True


def _active_kinds(state: BossQuestState, cards: Cards) -> list[str]:
    return [cards.spells[slot.kind].effect.kind for slot in state.slots if slot.status == ACTIVE]


def resolve_combat(state: BossQuestState, cards: Cards) -> Combat:
    """The result of combat for every knight; the state is not changed."""
    hp = effective_hp(state, cards)
    kinds = _active_kinds(state, cards)
    no_heart_loss = "no_heart_loss" in kinds
    extra_keys = kinds.count("extra_key")
    players = len(state.hearts)
    attacks = [attack(state, cards, seat) for seat in range(players)]
    over = [a > hp for a in attacks]
    failed = [not meets_conditions(state, cards, seat) for seat in range(players)]
    remaining = [s for s in range(players) if not over[s] and not failed[s]]

    # Rank the remaining knights: closest attack first, then fewer weapon cards (BQ-COMBAT-5).
    def rank_key(seat: int) -> tuple[int, int]:
        return (-attacks[seat], len(held_weapons(state, seat)))

    groups: list[list[int]] = []
    for seat in sorted(remaining, key=rank_key):
        if groups and rank_key(groups[-1][0]) == rank_key(seat):
            groups[-1].append(seat)
        else:
            groups.append([seat])
    winning_rank = 1 if "second_closest" in kinds else 0
    winners = tuple(groups[winning_rank]) if len(groups) > winning_rank else ()

    results = []
    for seat in range(players):
        perfect = seat in remaining and attacks[seat] == hp
        gained = (1 + extra_keys if seat in winners else 0) + (1 if perfect else 0)
        results.append(
            SeatResult(
                hidden=state.hidden[seat],
                attack=attacks[seat],
                over=over[seat],
                failed_condition=failed[seat],
                keys_gained=gained,
                heart_lost=over[seat] and not no_heart_loss and state.hearts[seat] > 0,
                perfect=perfect,
            )
        )
    return Combat(state.round, state.boss, hp, tuple(results), winners)
