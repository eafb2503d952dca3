"""Too Many Bones card files: validated at load, errors name the file, the card and the field;
an owner's file plays through ``deck_file`` (the command's ``--deck-file``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gamehall.core.errors import CardDataError, OptionError
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.decks.too_many_bones.cards import HOUSE_FILE, load_cards

HOUSE = HOUSE_FILE.read_text()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return path


def test_the_house_deck_is_marked_and_named_in_both_languages() -> None:
    cards = load_cards()
    assert cards.deck.house is True
    names = [g.name for g in cards.gearlocs] + [t.name for t in cards.tyrants]
    names += [b.name for b in cards.baddies] + [m.name for m in cards.mohlnor]
    names += [lock.name for lock in cards.lockpicks]
    assert all(name.en and name.fr for name in names)
    assert "duster" in {g.code for g in cards.gearlocs}


def test_a_bad_field_names_the_file_the_card_and_the_field(tmp_path: Path) -> None:
    text = HOUSE.replace('code = "b1-03"\n', 'code = "b1-03"\nbogus = 1\n', 1)
    assert text != HOUSE
    with pytest.raises(CardDataError) as error:
        load_cards(write(tmp_path, text))
    message = str(error.value)
    assert str(tmp_path / "cards.toml") in message
    assert "baddies[2] (code 'b1-03')" in message and "bogus" in message
    assert "\n" not in message


def test_an_effect_outside_the_vocabulary_is_refused(tmp_path: Path) -> None:
    text = HOUSE.replace('kind = "lose_health"', 'kind = "explode"', 1)
    with pytest.raises(CardDataError, match=r"kind"):
        load_cards(write(tmp_path, text))


def test_an_owner_file_is_played_with_deck_file(tmp_path: Path) -> None:
    text = HOUSE.replace(
        'name = { en = "Duster", fr = "Duster" }',
        'name = { en = "Duster", fr = "Duster" }\n# mine',
        1,
    )
    game = TwentyStrong(1, {"deck_file": str(write(tmp_path, text))})
    deck: Any = game.deck
    assert deck.data.deck.house is True  # the copy keeps its header; the rules load it
    assert game.view(game.initial_state(), 0)["table"]["hero"]["code"] == "duster"


def test_a_missing_file_or_unknown_hero_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot read card file"):
        TwentyStrong(1, {"deck_file": str(tmp_path / "nope.toml")})
    with pytest.raises(OptionError, match=r"unknown hero 'zed' \(heroes: duster"):
        TwentyStrong(1, {"hero": "zed"})
    with pytest.raises(OptionError, match=r"unknown Tyrant 'zed'"):
        TwentyStrong(1, {"boss": "zed"})
