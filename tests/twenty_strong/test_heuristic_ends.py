# ruff: noqa: N802  (test names carry clause IDs such as TMB_BATTLE_3 in capitals)
"""The heuristic bot's games end (issue 23): seeded games that once ran past their length
bound now end within it, each for the reason it stalled. The full grids are ``make stalls``
(docs/balance.md); these are the cases that were found and fixed."""

from __future__ import annotations

import pytest

from gamehall.games.twenty_strong.heuristic import _stuck
from gamehall.lab.grid import Config
from gamehall.lab.play import play_game


def played(deck: str, hero: str, boss: str, seed: int, rank: int = 1) -> dict[str, object]:
    """The figures of one seeded heuristic game at ``rank``."""
    options = {"deck": deck, "hero": hero, "boss": boss, "rank": str(rank)}
    return play_game(Config("20-strong", 1, ("heuristic",), tuple(sorted(options.items()))), seed)


@pytest.mark.parametrize(
    ("deck", "hero", "boss", "seed", "rank"),
    [
        # resting an Engagement (nothing committed) used to roll again at once: no refill
        ("too-many-bones", "mossmender", "warden", 1003, 1),
        ("too-many-bones", "mossmender", "warden", 1039, 1),
        # Old Rattlecrown and his Bridge Troll escort both guard (GEN-R13)
        ("too-many-bones", "mossmender", "rattlecrown", 1031, 1),
        # four dice left in the backup plan for good: the bot now spends them in a long battle
        ("too-many-bones", "mossmender", "rattlecrown", 1021, 3),
    ],
)
def test_TMB_BATTLE_3_a_battle_not_won_still_ends(
    deck: str, hero: str, boss: str, seed: int, rank: int
) -> None:
    """TMB-BATTLE-3, TMB-BATTLE-4: the battle is fought again until it is won or lost, and
    these games, once past 520 Engagements, now end well within the bound."""
    figures = played(deck, hero, boss, seed, rank)
    assert figures["reason"] != "stalled"
    assert isinstance(figures["length_units"], int) and figures["length_units"] < 100


def test_VIC_R18_the_bot_recruits_when_the_enemies_take_its_last_die() -> None:
    """VIC-R18, VIC-PRIM-3: Cinereus exhausts a die as each Engagement begins; with one die
    left that could hit her, the conflict is stuck unless the hero recruits. The bot holding
    Lanista's Contract (recruit 2) now uses it (seed 1113 ran past 214 rounds)."""
    figures = played("victorum", "h-aelia", "s-cinereus", 1113)
    assert figures["reason"] != "stalled"
    assert figures["length_units"] == 53


def view(dice: list[tuple[str, str]], special: list[dict[str, object]]) -> dict[str, object]:
    """A conflict's view with ``dice`` (zone, colour) and one standing scion."""
    card = {"defeated": False, "during": [], "special": special}
    return {
        "table": {"conflict": "scion"},
        "active": [card],
        "dice": [{"zone": zone, "colour": colour} for zone, colour in dice],
    }


def test_VIC_R18_stuck_counts_the_dice_an_engagement_special_takes() -> None:
    """VIC-R18's condition as the bot reads it off its view: the dice that may still be rolled
    and hit, against what the standing enemies take as each Engagement begins."""
    takes = [{"when": "engagement", "kind": "exhaust_dice", "amount": 1}]
    one = [("pool", "yellow"), ("training", "purple"), ("on_card", "blue")]
    assert _stuck(view(one, takes))
    assert not _stuck(view(one, []))
    assert not _stuck(view([*one, ("exhausted", "green")], takes))
    defeat = [{"when": "defeat", "kind": "exhaust_dice", "amount": 1}]
    assert not _stuck(view(one, defeat))
