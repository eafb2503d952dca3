"""What just happened stays on screen in Ancient Terrible Things: the last encounter (who
fought what, the dice as they lay, what it brought or cost) stays on the table until the next
encounter's dice are rolled, on the web and in the terminal; at the end every player's Secrets
are given by source."""

from __future__ import annotations

from typing import cast

from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from gamehall.core.registry import create
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from tests.web.rendering import table_html, terminal_text


def test_the_last_encounter_stays_until_the_next_roll_on_the_web_and_in_the_terminal() -> None:
    game = create("ancient-terrible-things", 2)
    match = Match(game, 3, [make_bot("heuristic", game.name) for _ in range(2)])
    cards = cast(AncientTerribleThings, game).cards
    names = {c.code: c.name for c in cards.encounters}
    defeated = failed = hidden_while_rolling = 0
    while not match.is_over():
        before = match.state.fight
        mover = match.to_move()
        match.step_chance() if mover == CHANCE else match.step_bot()
        view = match.view(0)
        fight = view["fight"]
        if fight is None:
            assert 'class="fight-result' not in table_html(match, 0)
            continue
        if view["dice"]:
            hidden_while_rolling += 1
            assert 'class="fight-result' not in table_html(match, 0)
            continue
        if match.state.fight is before:
            continue
        page, fr, term = table_html(match, 1), table_html(match, 1, "fr"), terminal_text(match, 1)
        card = names[fight["encounter"]]
        who = fight["seat"] + 1
        dice = " ".join(str(face) for face in fight["focus"])
        assert f"The dice as they lay: {dice}" in " ".join(term.split())
        for number, face in enumerate(fight["focus"], 1):  # each drawn, named with its face
            assert f'aria-label="Focus die {number} {face}"><svg class="pips"' in page
        if fight["defeated"]:
            defeated += 1
            said = f"Seat {who} defeated {card.en}"
            assert said in page and said in term
            assert f"Place {who} a vaincu {card.fr}" in fr
            assert f"+{fight['secrets']} Secret" in page and "gardée comme trophée" in fr
        else:
            failed += 1
            assert f"Seat {who} failed against {card.en}" in page
            assert f"Place {who} a échoué contre {card.fr}" in fr
            assert f"({view['supply']} left in the supply)" in term
    assert defeated and failed and hidden_while_rolling


def test_the_ending_gives_every_players_secrets_by_source_and_the_rival_solo() -> None:
    """The breakdown adds up to each player's score (ATT-SCORE-1..5), web and terminal."""
    for players in (1, 3):
        game = create("ancient-terrible-things", players)
        match = Match(game, 11, [make_bot("heuristic", game.name) for _ in range(players)])
        match.play_out()
        view = match.view(0)
        page, term = table_html(match, 0), terminal_text(match, 0, "fr")
        assert "Secrets by source" in page and "Secrets par source" in term
        for player in view["players"]:
            sources = player["secret_sources"]
            assert sum(sources.values()) == player["secrets"]
            assert sources["terrible"] == -max(0, player["terrible"] - 1)
            cells = "".join(f"<td>{sources[k]}</td>" for k in sources)
            assert cells + f"<td><strong>{player['secrets']}</strong></td>" in page
        assert ("Le rival" in term) == (players == 1)
