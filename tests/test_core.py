"""The engine core: registry, options, chance, matches, undo and records."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from gamehall.bots import make_bot
from gamehall.core.chance import make_rng, sample
from gamehall.core.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidRecordError,
    NotYourTurnError,
    OptionError,
    UndoError,
    UnknownGameError,
)
from gamehall.core.game import CHANCE, ChanceWeights
from gamehall.core.i18n import Text, catalog
from gamehall.core.match import Match
from gamehall.core.memo import memo, memo_fill
from gamehall.core.record import Record, digest_of, replay
from gamehall.core.registry import create, find_game
from gamehall.games.boss_quest.cards import HOUSE_FILE


def test_registry_finds_games_by_name_and_alias() -> None:
    assert find_game("boss-quest") is find_game("BQ") is find_game("boss_quest")


def test_unknown_game_lists_the_known_games() -> None:
    with pytest.raises(
        UnknownGameError,
        match=r"unknown game 'chess' \(known games: 20-strong, ancient-terrible-things, boss-quest",
    ):
        find_game("chess")


def test_player_count_and_options_are_checked() -> None:
    with pytest.raises(OptionError, match="2 to 5 players, not 6"):
        create("boss-quest", 6)
    with pytest.raises(OptionError, match="no option 'colour'"):
        create("boss-quest", 3, {"colour": "red"})
    with pytest.raises(OptionError, match="A face-down mystery spell takes yes or no, not 'maybe'"):
        create("boss-quest", 3, {"mystery": "maybe"})
    with pytest.raises(OptionError, match="at most 10"):
        create("boss-quest", 3, {"spells_per_round": 11})
    with pytest.raises(OptionError, match="no card file"):
        create("boss-quest", 3, {"cards": "/nonexistent.toml"})
    assert create("boss-quest", 3, {"mystery": "false"}).options["mystery"] is False


def test_chance_sampling_is_seeded_and_follows_the_weights() -> None:
    weights = ChanceWeights(("a", "b"), (1, 3))
    first = [sample(weights, make_rng(4)) for _ in range(3)]
    assert first == [sample(weights, make_rng(4)) for _ in range(3)]
    rng = make_rng(5)
    draws = [sample(weights, rng) for _ in range(4000)]
    assert 0.70 < draws.count("b") / 4000 < 0.80
    assert weights.probability(1) == Fraction(3, 4)


def test_unparsable_text_gets_its_own_error() -> None:
    game = create("boss-quest", 3)
    for text in ("", "fly 3", "ask many", "activate 0", "ask 1 2"):
        with pytest.raises(InvalidActionError):
            game.parse_action(text)


def bot_match(seed: int = 3, humans: int = 0) -> Match:
    game = create("boss-quest", 3)
    bots = [None] * humans + [make_bot("random", game.name) for _ in range(3 - humans)]
    return Match(game, seed, bots)


def test_match_refuses_an_action_for_another_seat() -> None:
    match = bot_match(humans=3)
    match.advance()
    seat = match.to_move()
    assert seat is not None and seat >= 0
    other = (seat + 1) % 3
    with pytest.raises(NotYourTurnError, match=f"not Seat {other + 1}'s turn"):
        match.submit(other, match.game.legal_actions(match.state)[0])


def test_undo_takes_back_own_actions_but_never_a_draw_or_another_seat() -> None:
    match = bot_match(humans=3)
    match.advance()
    with pytest.raises(UndoError, match="draw or a roll"):
        match.undo(0)
    seat = match.to_move()
    assert seat is not None
    legal = match.game.legal_actions(match.state)
    discard = next(a for a in legal if str(a).startswith("discard"))
    before = match.state
    match.submit(seat, discard)
    with pytest.raises(UndoError, match="not yours"):
        match.undo((seat + 1) % 3)
    assert str(match.undo(seat)) == str(discard)
    assert match.state is before


def test_undo_never_crosses_a_reveal() -> None:
    match = bot_match(humans=3)
    match.advance()
    seat = match.to_move()
    assert seat is not None
    mystery = match.game.legal_actions(match.state)
    reveal = next(a for a in mystery if str(a) == "activate 3")
    match.submit(seat, reveal)
    with pytest.raises(UndoError, match="revealed"):
        match.undo(seat)


def test_record_round_trip_and_replay(tmp_path: Path) -> None:
    match = bot_match()
    match.play_out()
    path = tmp_path / "game.json"
    Record.of(match).save(path)
    record = Record.load(path)
    assert record.actions[0].startswith("armorer")
    assert replay(record).states == match.states


def test_tampered_record_names_the_action_and_the_reason(tmp_path: Path) -> None:
    match = bot_match()
    match.play_out()
    data = Record.of(match).to_json()
    index = next(i for i, a in enumerate(data["actions"]) if a.startswith("ask"))
    data["actions"][index] = "ask 9"
    data["digest"] = digest_of(data)  # changed by hand, digest and all: the replay finds it
    with pytest.raises(InvalidRecordError, match=rf"action {index} \('ask 9'\).*1 to 4 weapons"):
        replay(Record.from_json(data))


def test_record_with_wrong_outcome_or_version_is_rejected() -> None:
    match = bot_match()
    match.play_out()
    data = Record.of(match).to_json()
    data["outcome"]["winners"] = [9]
    data["digest"] = digest_of(data)
    with pytest.raises(InvalidRecordError, match="replayed outcome"):
        replay(Record.from_json(data))
    data = Record.of(match).to_json()
    data["rules_version"] = "0"
    data["digest"] = digest_of(data)
    with pytest.raises(InvalidRecordError, match="version 0 of the Boss Quest rules"):
        replay(Record.from_json(data))


@pytest.mark.parametrize("content", ["[1, 2]", "{}", '{"format": 1, "game": 3}', "not json"])
def test_malformed_record_files_are_rejected(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(InvalidRecordError):
        Record.load(path)


def test_record_save_is_atomic(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    match = bot_match()
    match.play_out()
    Record.of(match).save(path)
    assert json.loads(path.read_text())["format"] == 3
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_catalogs_have_the_same_keys_in_english_and_french() -> None:
    english, french = catalog("en"), catalog("fr")
    assert english.messages.keys() == french.messages.keys()
    assert french.render(Text("bq.log.ask", {"seat": 2, "count": 3})).startswith("Chevalier 2")
    assert (
        english.render(Text("bq.log.boss", {"round": 1, "boss": {"en": "X", "fr": "Y"}, "hp": 17}))
        == "Round 1: the boss is X (17 HP)."
    )


def test_chance_is_the_first_mover() -> None:
    assert create("boss-quest", 2).to_move(create("boss-quest", 2).initial_state()) == CHANCE


def test_a_record_played_with_a_card_file_replays_only_against_that_file(tmp_path: Path) -> None:
    """A player's own card file: the record keeps its digest; a changed file is refused."""
    cards = tmp_path / "cards.toml"
    cards.write_text(HOUSE_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    game = create("boss-quest", 3, {"cards": str(cards)})
    match = Match(game, 5, [make_bot("random", game.name)] * 3)
    match.play_out()
    record = Record.from_json(json.loads(json.dumps(Record.of(match).to_json())))
    assert set(record.files) == {"cards"}
    assert replay(record).outcome() == match.outcome()
    cards.write_text(cards.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    with pytest.raises(InvalidRecordError, match="is not the one this game was played with"):
        replay(record)


@pytest.mark.parametrize(
    ("name", "players", "options", "typed", "offered"),
    [
        ("ancient-terrible-things", 2, {}, "character chr-nobody", "character chr-"),
        ("20-strong", 1, {"deck": "too-many-bones"}, "box te-99", "box te-01"),
        ("20-strong", 1, {"deck": "victorum"}, "deal h-nobody", "deal h-"),
    ],
)
def test_an_impossible_chance_outcome_is_refused_with_the_outcomes_that_may_happen(
    name: str, players: int, options: dict[str, str], typed: str, offered: str
) -> None:
    """An outcome of the kind chance decides now, but not a possible one, says what may happen
    instead (Boss Quest names its own, more precise reasons: ``no boss with 17 HP``)."""
    game = create(name, players, options)
    state = game.initial_state()
    assert game.to_move(state) == CHANCE
    with pytest.raises(IllegalActionError) as refused:
        game.apply(state, game.parse_action(typed))
    message = refused.value.render("en")
    assert "cannot happen now: the next outcome is one of" in message and offered in message
    assert game.to_move(state) == CHANCE  # nothing changed: states are values


def test_bounded_memos_are_counted_and_stay_within_their_size() -> None:
    """``memo`` is an ``lru_cache`` that ``memo_fill`` counts: entries grow with new keys up
    to the memo's size, and no further."""
    entries, capacity = memo_fill()

    @memo(3)
    def square(n: int) -> int:
        return n * n

    assert memo_fill() == (entries, capacity + 3)
    assert [square(n) for n in (1, 2, 2)] == [1, 4, 4]
    assert memo_fill()[0] == entries + 2
    for n in range(10):
        square(n)
    assert memo_fill()[0] == entries + 3 and square.cache_info().currsize == 3
