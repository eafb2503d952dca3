"""A physical copy in words (issue 25): what an entry asks, its choices, who enters it, a
bot's move and an entry taken back read as words in English and French, never as the codes
the game's notation uses (``weapon R5``, ``spell need-R``, ``die B1``) nor an internal key
(``Enter: armorer``); a card no player may see is dealt "face down (don't look)". People may
still type an outcome's code, and now words of its name (docs/companion.md)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from gamehall.bots import make_bot
from gamehall.cli.terminal import TerminalSession
from gamehall.core.chance import make_rng
from gamehall.core.companion import AmbiguousName, ChanceEntry
from gamehall.core.errors import IllegalActionError, InvalidActionError
from gamehall.core.game import CHANCE
from gamehall.core.i18n import LANGUAGES, Text, catalog
from gamehall.core.match import Match
from gamehall.core.registry import create
from tests.test_plain_words import problems

TABLES = [
    pytest.param("boss-quest", 3, {}, id="boss-quest-3"),
    pytest.param("boss-quest", 2, {}, id="boss-quest-2"),
    pytest.param("ancient-terrible-things", 2, {}, id="att-2"),
    pytest.param("20-strong", 1, {"deck": "too-many-bones"}, id="20-strong-too-many-bones"),
    pytest.param("20-strong", 1, {"deck": "victorum"}, id="20-strong-victorum"),
]
"""Every game and deck; with two players or more, the last seat is a bot (its face-down
cards are then dealt blind)."""

OLD_SHAPES = ("Enter: {asked}", "{seat} enters {asked}…", "Saisissez : {asked}")
"""How an entry used to name what it asked: by the notation's shared words."""


def companion_match(name: str, players: int, options: dict[str, Any], seed: int) -> Match:
    """A physical copy's match: people at every seat but the last of several, a bot there."""
    game = create(name, players, options)
    bot = make_bot("heuristic", name)
    return Match(game, seed, [None] * max(1, players - 1) + [bot] * (players > 1))


def chance_nodes(match: Match, steps: int = 400) -> Iterator[Match]:
    """``match`` at each chance node of its first ``steps`` steps: the people decide at
    random (seeded), the bot as it does, each outcome typed as its notation."""
    moves = make_rng(match.seed, "test/words")
    while (mover := match.to_move()) is not None and len(match.actions) < steps:
        if mover == CHANCE:
            yield match
            if match.to_move() == CHANCE:
                match.enter(str(match.sample_chance()))
        elif match.agents[mover] is None:
            legal = match.game.legal_actions(match.state)
            match.submit(mover, legal[int(moves.random() * len(legal))])
        else:
            match.step_bot()


def codes_of(entry: ChanceEntry) -> set[str]:
    """The codes an entry's notation uses: every word of its outcomes with a digit, a hyphen
    or a plus (``R5``, ``atk+1``, ``b1-07``, ``h-aelia``, ``f1``)."""
    words = {word for choice in entry.choices for word in choice.notation.split()}
    return {word for word in words if re.search(r"[\d+-]", word) and re.search(r"[a-zA-Z]", word)}


def in_notation(text: str, entry: ChanceEntry) -> list[str]:
    """What in ``text`` is the entry's notation rather than words: a code, an outcome written
    whole, or what is asked named by its notation (``Enter: armorer``, ``die B1``)."""
    found = problems(text, codes_of(entry))
    found += [f"the notation {c.notation!r}" for c in entry.choices if c.notation in text]
    asked = str(entry.asked)
    if " " in asked and asked in text:
        found.append(f"the notation {asked!r}")
    shapes = [shape.format(asked=asked, seat=".*") for shape in OLD_SHAPES]
    found += [f"the key {asked!r}" for shape in shapes if re.search(shape, text)]
    return found


def shown(match: Match, entry: ChanceEntry, language: str) -> Iterator[tuple[str, str]]:
    """(what, text) for everything an entry shows in ``language``."""
    texts = match.catalog(language)
    yield "heading", texts.render(entry.wording.question)
    yield "waiting", texts.render(entry.wording.awaited)
    for choice in entry.choices:
        yield f"button {choice.notation}", texts.render(choice.label)


def test_the_check_finds_what_entries_used_to_show() -> None:
    """The check catches the codes and keys the testers saw."""
    match = companion_match("boss-quest", 2, {}, 1)
    entry = match.chance_entry()  # the first armorer
    for text in ("Enter: armorer", "Knight 1 enters armorer…", "Saisissez : armorer"):
        assert in_notation(text, entry), text
    weapons = at(match, "weapon")
    assert in_notation("weapon B3", weapons) and in_notation("Frying pan B2", weapons)
    assert not in_notation("Enter your hidden weapon", weapons)
    assert not in_notation("Frying pan (blue 2)", weapons)


@pytest.mark.parametrize(("name", "players", "options"), TABLES)
def test_every_entry_asks_and_offers_in_words(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """At every chance node of a seeded physical game, what the terminal shows and what each
    seat that may enter it is offered (its look-alike list) — the heading, the waiting line
    and every button — holds no code or key, in English and in French; every kind of outcome
    has its own words (never the catch-all "the next die or card")."""
    bad: dict[str, str] = {}
    for match in chance_nodes(companion_match(name, players, options, 2)):
        entries = [match.chance_entry()]
        entries += [match.chance_entry(seat, widen=True) for seat in match.entrants()[:1]]
        for entry in entries:
            what = entry.wording.question.params["what"]
            assert what.key != "companion.ask", f"no words for {entry.asked!r}"
            for language in LANGUAGES:
                for where, text in shown(match, entry, language):
                    found = in_notation(text, entry)
                    if found:
                        bad.setdefault(f"{found[0]} in {text!r}", f"{where}, {language}")
    assert not bad, "\n".join(f"{problem} ({where})" for problem, where in list(bad.items())[:20])


def blind_headings(match: Match) -> Iterator[ChanceEntry]:
    """The entries at ``match``'s chance nodes of a card no player may see."""
    for node in chance_nodes(match, 120):
        entry = node.chance_entry(node.entrants()[0], widen=True)
        if entry.wording.blind:
            yield entry


@pytest.mark.parametrize(
    ("name", "players", "english", "french"),
    [
        (
            "boss-quest",
            2,
            "Deal the mystery spell face down (don't look)",
            "Posez le Sort Mystère face cachée (sans regarder)",
        ),
        (
            "boss-quest",
            2,
            "Deal Knight 2's weapon face down (don't look)",
            "Posez l'arme de Chevalier 2 face cachée (sans regarder)",
        ),
        (
            "20-strong",
            1,
            "Deal a Tyrant encounter for the box face down (don't look)",
            "Posez une rencontre de Tyran pour la boîte face cachée (sans regarder)",
        ),
    ],
)
def test_a_card_no_player_may_see_is_dealt_face_down_unlooked_at(
    name: str, players: int, english: str, french: str
) -> None:
    """The mystery spell, a bot's face-down weapon, a Tyrant encounter boxed unseen: the
    heading says to deal it face down without looking, the cards are still named so that
    someone who does not play can enter it, and the hint says so."""
    match = companion_match(name, players, {}, 4)
    headings = {}
    for entry in blind_headings(match):
        headings[catalog("en").with_names(match.names()).render(entry.wording.question)] = entry
    assert english in headings, sorted(headings)
    entry = headings[english]
    assert match.catalog("fr").render(entry.wording.question) == french
    assert all(choice.label.key != "core.action" for choice in entry.choices)
    assert "someone who does not play" in catalog("en").render(Text("companion.blind"))


def at(match: Match, verb: str) -> ChanceEntry:
    """Play ``match`` on (entering the seeded outcomes) until an outcome ``verb …`` is due."""
    for node in chance_nodes(match):
        entry = node.chance_entry()
        if entry.asked.startswith(verb):
            return entry
    raise AssertionError(f"no {verb} entry")


def test_an_outcome_is_typed_by_its_code_its_key_or_words_of_its_name() -> None:
    """Codes and keys as before; words of the name in a row, in either language, case and
    accents aside; words several names hold are refused with how many, and what names
    nothing is refused in words, never with the game's notation."""
    match = companion_match("boss-quest", 2, {}, 6)
    entry = at(match, "weapon")
    codes = {choice.suffix: choice for choice in entry.choices}
    named = {
        "Longsword (red 5)": "weapon R5",
        "longsword red 5": "weapon R5",
        "épée longue rouge 5": "weapon R5",
        "EPEE LONGUE (ROUGE 5)": "weapon R5",
        "r5": "weapon R5",
        "weapon R5": "weapon R5",
        codes["R5"].key: "weapon R5",
        "bomb blue": "weapon B7",
    }
    for typed, notation in named.items():
        assert str(match.read_entry(typed, entry)) == notation, typed
    with pytest.raises(AmbiguousName, match="longsword: 5 outcomes have that name"):
        match.enter("longsword")
    with pytest.raises((InvalidActionError, IllegalActionError)) as unknown:
        match.enter("spork")
    assert unknown.value.render("fr").startswith("spork : aucun des résultats proposés")
    with pytest.raises(IllegalActionError, match="boss 14: not one of the outcomes offered"):
        match.enter("boss 14")


def terminal_game(name: str, players: int, language: str, typed: Iterator[str]) -> str:
    """What the terminal prints for a physical game of ``name``: a person at seat 1, bots at
    the others, the person typing ``typed`` then each outcome by its key (the first offered
    that can come up) and the first of their moves, until the game ends or 300 lines."""
    game = create(name, players)
    match = Match(game, 8, [None] + [make_bot("heuristic", name) for _ in range(players - 1)])
    count = iter(range(300))

    def ask(prompt: str) -> str:
        if next(count, None) is None:
            raise EOFError
        given = next(typed, None)
        if given is not None:
            return given
        if match.to_move() == CHANCE:
            return str(match.sample_chance()).split(" ", 1)[-1]
        return "1"

    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    TerminalSession(match, console, catalog(language), ask, physical=True).run()
    return out.getvalue()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_terminal_says_a_bots_move_and_an_entry_taken_back_in_words(language: str) -> None:
    """A bot's move is announced as the log reads it, and ``back`` names the entry taken
    back by its name; no line of the terminal's entries holds notation."""
    out = terminal_game("boss-quest", 2, language, iter(["2", "back"]))
    lines = out.splitlines()
    taken = [line for line in lines if line.startswith(("Taken back:", "Saisie reprise :"))]
    assert taken == [{"en": "Taken back: Knight 2", "fr": "Saisie reprise : Chevalier 2"}[language]]
    table = {"en": " on the table: ", "fr": " sur la table : "}[language]
    announced = [line for line in lines if table in line]
    assert announced, out[-2000:]
    for line in announced:
        move = line.split(table, 1)[1]
        assert "Knight 2" in move or "Chevalier 2" in move, line  # the log line of its move
        assert not problems(line, set()) and not re.search(r"\b(ask|discard|activate) \d", line)
    entries = [
        line for line in lines if line.startswith(("Enter ", "Deal ", "Saisissez ", "Posez "))
    ]
    assert any("(don't look)" in line or "(sans regarder)" in line for line in entries)
    assert not [line for line in entries if problems(line, set())]
