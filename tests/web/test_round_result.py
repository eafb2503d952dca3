"""What just happened stays on screen: a Boss Quest round's result (each knight's attack with
the hidden weapon shown, who was over, who took the keys) stays on the table until the seat's
first decision of the next round, and the last combat is shown when the game ends."""

from __future__ import annotations

from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.match import Match
from gamehall.core.registry import create
from gamehall.web.views import GAME_VIEWS, environment, seat_snapshot, translator

TEMPLATE = environment().get_template(GAME_VIEWS["boss-quest"].table)


def table_html(match: Match, seat: int | None, language: str = "en") -> str:
    snapshot = seat_snapshot(match, seat, language)
    return TEMPLATE.render(
        t=translator(language), lang=language, game=match.game, info=None, **snapshot
    )


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
