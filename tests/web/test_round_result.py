"""What just happened stays on screen: a Boss Quest round's result (each knight's attack with
the hidden weapon shown, who was over, who took the keys) stays on the table until the seat's
first decision of the next round, and the last combat is shown when the game ends."""

from __future__ import annotations

from typing import cast

from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from gamehall.core.registry import create
from gamehall.games.boss_quest.rules import BossQuest
from tests.web.rendering import table_html, terminal_text


def test_the_round_result_stays_until_the_seats_next_decision_and_at_the_end() -> None:
    game = create("boss-quest", 3)
    match = Match(game, 5, [make_bot("heuristic", game.name) for _ in range(3)])
    seen_after_combat = seen_then_gone = 0
    combats = 0
    while not match.is_over():
        before = match.state.last_combat
        mover = match.to_move()
        if mover == 0 and match.state.last_combat is not None:
            html = table_html(match, 0)
            fresh = len(match.view(0)["players"][0]["visible"]) <= 1
            assert ('class="round-result"' in html) == fresh
            if fresh:
                seen_after_combat += 1
                combat = match.view(0)["last_combat"]
                for k, row in enumerate(combat["seats"]):
                    assert f"<strong>{row['attack']}</strong> / {combat['hp']}" in html
                    assert f"Knight {k + 1}" in html
            else:
                seen_then_gone += 1
        match.step_chance() if mover == CHANCE else match.step_bot()
        combats += match.state.last_combat is not before
    assert combats >= 2 and seen_after_combat and seen_then_gone
    final = table_html(match, 1, "fr")
    assert 'class="round-result"' in final and "Résultat de la manche" in final


def test_the_round_result_names_the_spells_that_changed_it_on_the_web_and_in_the_terminal() -> None:
    """Each spell in effect at the combat is named with its knight (an attack spell), and a
    combat no spell touched says so, in the web table and the terminal, in both languages."""
    with_spell = without = 0
    for seed in range(40):
        game = create("boss-quest", 3)
        match = Match(game, seed, [make_bot("heuristic", game.name) for _ in range(3)])
        while not match.is_over() and not (with_spell and without):
            before = match.state.last_combat
            mover = match.to_move()
            match.step_chance() if mover == CHANCE else match.step_bot()
            combat = match.state.last_combat
            if combat is None or combat is before:
                continue
            shown = match.view(0)["last_combat"]["spells"]
            assert len(shown) == len(combat.spells)
            html, fr, term = (
                table_html(match, 0),
                table_html(match, 0, "fr"),
                terminal_text(match, 0),
            )
            cards = cast(BossQuest, game).cards
            if not combat.spells:
                without += 1
                assert "No spell changed this combat." in html and "Aucun Sort" in fr
                assert "No spell changed this combat." in term
                continue
            with_spell += 1
            assert "Spells in effect:" in html and "Sorts en jeu\u00a0:" in fr
            for slot in combat.spells:
                name = cards.spells[slot.kind].name
                assert name.en in html and name.fr in fr and name.en in term
                if slot.target >= 0:
                    assert f"{name.en} (on Knight {slot.target + 1})" in term
                    assert f"sur Chevalier {slot.target + 1}" in fr
        if with_spell and without:
            break
    assert with_spell and without
