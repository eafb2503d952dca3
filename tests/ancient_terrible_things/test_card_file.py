"""The Ancient Terrible Things card file: the house cards load, are marked as house cards, in
English and French, and a bad file is refused with one line naming the file, card and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamehall.core.errors import CardDataError, OptionError
from gamehall.core.registry import create
from gamehall.games.ancient_terrible_things.cards import (
    ENCOUNTERS_PER_TIER,
    HOUSE_FILE,
    RESOURCES,
    load_cards,
)


def test_the_house_cards_follow_the_structure_of_the_rules() -> None:
    """ATT-SETUP-2: 6 locations, 12 encounters of each tier, 4 characters, 4 scenarios."""
    cards = load_cards()
    assert cards.info.house
    assert len(cards.locations) == 6 and len(cards.characters) == 4
    assert len(cards.scenarios) == 4
    for tier in (1, 2, 3):
        assert sum(e.tier == tier for e in cards.encounters) == ENCOUNTERS_PER_TIER
    assert {e.resource for e in cards.encounters} == set(RESOURCES)
    kinds = {c.kind for e in cards.encounters for c in e.combos}
    assert kinds == {"high", "pair", "set", "straight"}
    for section in cards.sections():
        for card in section:
            name = card.name  # type: ignore[attr-defined]
            assert name.en and name.fr, card


def write(tmp_path: Path, old: str, new: str) -> Path:
    text = HOUSE_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_bad_combination_is_refused_naming_the_card_and_field(tmp_path: Path) -> None:
    path = write(tmp_path, 'kind = "pair"', 'kind = "pair", size = 3')
    with pytest.raises(CardDataError) as error:
        load_cards(str(path))
    message = str(error.value)
    assert str(path) in message and "encounters[" in message and "combos" in message
    assert "'pair' combination has 2 dice" in message and "\n" not in message


def test_a_missing_tier_card_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "tier = 1", "tier = 2")
    with pytest.raises(CardDataError, match="tier 1 has 11, a game needs 12"):
        load_cards(str(path))


def test_an_owners_card_file_is_played_with_the_cards_option(tmp_path: Path) -> None:
    path = write(tmp_path, "house = true", "house = false")
    game = create("ancient-terrible-things", 2, {"cards": str(path)})
    assert not game.cards.info.house  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match="cannot read card file"):
        create("ancient-terrible-things", 2, {"cards": str(tmp_path / "missing.toml")})
