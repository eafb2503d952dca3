"""Per-game checks that a view holds no secret of another seat (used by several tests)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from gamehall.core.chance import make_rng
from gamehall.core.game import Game
from gamehall.games.boss_quest.state import AVAILABLE, DISCARDED, EVERYONE


def _strings(data: Any, skip: frozenset[str]) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            if key not in skip:
                yield from _strings(value, skip)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from _strings(item, skip)


def boss_quest_leaks(game: Any, state: Any, seat: int | None, view: dict[str, Any]) -> list[str]:
    """Secrets of other seats found in ``view`` (empty when the view is clean).

    Weapon codes are unique, so another knight's current hidden weapon must not appear
    anywhere in the view except in ``last_combat`` (hidden weapons revealed at an earlier
    combat, which are public).
    """
    problems = []
    codes = game.cards.weapon_codes
    strings = set(_strings(view, frozenset({"last_combat"})))
    shown_at_the_end = game.is_over(state)  # the game ends at a combat, which shows them all
    for other, card in enumerate(state.hidden):
        if other != seat and card >= 0 and codes[card] in strings and not shown_at_the_end:
            problems.append(f"seat {other + 1}'s hidden weapon {codes[card]} is visible")
    for card, knower in state.deck_top:
        if knower not in (EVERYONE, seat) and codes[card] in strings:
            problems.append(f"the unseen card on the deck, {codes[card]}, is visible")
    for slot_index, slot in enumerate(state.slots):
        face_down = slot_index == state.mystery and slot.status in (AVAILABLE, DISCARDED)
        if face_down and view["spells"][slot_index]["spell"] is not None:
            problems.append("the face-down mystery spell is visible")
    return problems


def twenty_strong_leaks(game: Any, state: Any, seat: int | None, view: dict[str, Any]) -> list[str]:
    """Unseen cards found in ``view``: the hidden part of each stack, cards set aside unseen.

    Each card is one physical card, so its code or name showing anywhere means it leaked.
    """
    strings = set(_strings(view, frozenset()))
    unseen = [card for stack in state.stacks for card in stack.hidden]
    unseen.extend(getattr(state.deck, "boxed", ()))  # Too Many Bones: set aside unseen
    unseen.extend(getattr(state.deck, "unseen", ()))  # Victorum: under the camps' tops
    problems = []
    for card in unseen:
        info = game.deck.cards[card]
        if {info.code, info.name.en, info.name.fr} & strings:
            problems.append(f"the unseen card {info.code} is visible")
    return problems


def ancient_terrible_things_leaks(
    game: Any, state: Any, seat: int | None, view: dict[str, Any]
) -> list[str]:
    """Another player's Exploit cards in hand, or the Exploit deck's cards, found in ``view``.

    Each card is one physical card, so its code or name showing anywhere means it leaked; a
    finished game shows every hand.
    """
    if game.is_over(state):
        return []
    strings = set(_strings(view, frozenset()))
    unseen = [e for p, player in enumerate(state.players) if p != seat for e in player.exploits]
    unseen.extend(state.exploit_deck)
    problems = []
    for exploit in unseen:
        card = game.cards.exploits[exploit]
        if {card.code, card.name.en, card.name.fr} & strings:
            problems.append(f"the unseen Exploit card {card.code} is visible")
    return problems


def resampled_views_agree(
    game: Game[Any], state: Any, seat: int | None, view: dict[str, Any]
) -> list[str]:
    """The check of a game without one of its own (a plug-in's): every state the seat cannot
    tell from ``state`` (``Game.resample``) shows it the same view."""
    if seat is None:
        return []
    other = game.resample(state, seat, make_rng(7, "leaks"))
    return [] if game.view(other, seat) == view else [f"seat {seat + 1} sees what resample hides"]


LEAK_CHECKS: dict[str, Callable[[Game[Any], Any, int | None, dict[str, Any]], list[str]]] = {
    "boss-quest": boss_quest_leaks,
    "20-strong": twenty_strong_leaks,
    "ancient-terrible-things": ancient_terrible_things_leaks,
}
