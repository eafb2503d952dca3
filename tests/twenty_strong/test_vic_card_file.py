"""Victorum card files: the house deck is marked and bilingual; files are validated at load
(errors name the file, the card and the field, and the composition); an owner's file plays
through ``deck_file`` (the command's ``--deck-file``). VIC-COMP-1, VIC-COMP-2."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from gamehall.core.errors import CardDataError, OptionError
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.decks.victorum.cards import HOUSE_FILE, load_cards

HOUSE = HOUSE_FILE.read_text()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return path


def test_the_house_deck_is_marked_and_named_in_both_languages() -> None:
    cards = load_cards()
    assert cards.deck.house is True and "house" in cards.deck.id
    groups = (cards.heroes, cards.scions, cards.tactics, cards.conflicts, cards.opportunities)
    names = [card.name for group in groups for card in group]
    assert len(names) == 9 + 9 + 4 + 44 + 10
    assert all(name.en and name.fr for name in names)
    assert all(o.reward_name.en and o.reward_name.fr for o in cards.opportunities)


def test_a_bad_field_names_the_file_the_card_and_the_field(tmp_path: Path) -> None:
    text = HOUSE.replace('code = "b-03"\n', 'code = "b-03"\nbogus = 1\n', 1)
    assert text != HOUSE
    with pytest.raises(CardDataError) as error:
        load_cards(write(tmp_path, text))
    message = str(error.value)
    assert str(tmp_path / "cards.toml") in message
    assert "(code 'b-03')" in message and "bogus" in message
    assert "\n" not in message


def test_the_composition_is_checked(tmp_path: Path) -> None:
    """VIC-COMP-2: 22 bloodshed, 22 sport; one card retyped breaks the count."""
    retyped = r'\1type = "sport"'
    text = re.sub(r'(code = "b-03"\n(?:.*\n)*?)type = "bloodshed"', retyped, HOUSE, count=1)
    assert text != HOUSE
    with pytest.raises(CardDataError, match="the deck needs 22 bloodshed cards, found 21"):
        load_cards(write(tmp_path, text))


def test_icons_sit_on_the_card_or_its_item_not_both(tmp_path: Path) -> None:
    both = 'code = "b-02"\ninfluence = 1\nitem_influence = 1\n'  # b-02 shows no icon
    text = HOUSE.replace('code = "b-02"\n', both, 1)
    with pytest.raises(CardDataError, match="not both"):
        load_cards(write(tmp_path, text))


def test_an_owner_file_is_played_with_deck_file(tmp_path: Path) -> None:
    text = HOUSE.replace('code = "b-03"\n', 'code = "b-03"\n# my printed card\n', 1)
    path = write(tmp_path, text)
    game = TwentyStrong(1, {"deck": "victorum", "deck_file": str(path), "hero": "h-aelia"})
    deck: Any = game.deck
    assert deck.data.deck.house is True  # the copy keeps its header; the rules load it
    assert deck.data.heroes[0].code == "h-aelia"


def test_an_unknown_hero_or_scion_is_one_clear_error() -> None:
    with pytest.raises(OptionError, match=r"unknown hero 'zed' \(heroes: h-aelia"):
        TwentyStrong(1, {"deck": "victorum", "hero": "zed"})
    with pytest.raises(OptionError, match=r"unknown scion 'zed' \(scions: s-orcina"):
        TwentyStrong(1, {"deck": "victorum", "boss": "zed"})
