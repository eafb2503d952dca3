"""What just happened stays on screen: beside the actions, the table lists what happened since
the seat's last move (that move, its consequences, the other players' and the bots' moves),
as the seat may see it; a spectator and a seat that has not moved yet get nothing."""

from __future__ import annotations

from gamehall.bots import make_bot
from gamehall.core.game import CHANCE
from gamehall.core.i18n import catalog
from gamehall.core.match import Match
from gamehall.core.registry import create
from gamehall.games.twenty_strong.actions import Resolve
from gamehall.web.views import RECENT_LINES, seat_snapshot
from tests.web.rendering import table_html


def play_until(match: Match, done: object) -> None:
    """Step bots and chance until ``done(match)`` holds (or the game ends)."""
    while not match.is_over() and not done(match):  # type: ignore[operator]
        match.step_chance() if match.to_move() == CHANCE else match.step_bot()


def test_after_a_resolve_the_player_sees_what_it_did() -> None:
    """20 Strong: right after the player's Resolve, the list starts with it and holds the
    damage suffered with its cause, exactly the log lines of those steps."""
    game = create("20-strong", 1, {"deck": "too-many-bones"})
    match = Match(game, 4, [make_bot("heuristic", game.name)])
    play_until(match, lambda m: m.actions and isinstance(m.actions[-1], Resolve))
    assert not match.is_over()
    recent = seat_snapshot(match, 0, "en")["recent"]
    english = catalog("en")
    expected = [english.render(line) for line in match.log(0, len(match.actions) - 1)]
    assert recent == expected[-RECENT_LINES:] and recent[0] == "You: Resolve."
    assert seat_snapshot(match, None, "en")["recent"] == []


def test_a_knight_sees_the_other_knights_moves_since_their_own() -> None:
    """Boss Quest: when seat 0 must act again, the list holds its last move and every move
    of the knights after it, in the seat's language, and the table draws it."""
    game = create("boss-quest", 3)
    match = Match(game, 2, [None, make_bot("heuristic", game.name), make_bot("random", game.name)])
    assert seat_snapshot(match, 0, "en")["recent"] == []  # nothing to tell yet
    moved = 0
    while not match.is_over() and moved < 2:
        if match.to_move() == 0:
            if moved:
                break
            match.submit(0, game.legal_actions(match.state)[0])
            moved += 1
        elif match.to_move() == CHANCE:
            match.step_chance()
        else:
            match.step_bot()
    assert not match.is_over() and moved == 1
    recent = seat_snapshot(match, 0, "fr")["recent"]
    last = len(match.movers) - 1 - match.movers[::-1].index(0)
    others = {m for m in match.movers[last + 1 :] if m >= 0}
    assert recent and others  # the other knights moved since
    assert any(line.startswith(("Chevalier 2", "Chevalier 3")) for line in recent)
    html = table_html(match, 0, "fr")
    assert '<details class="recent" open><summary>Depuis votre dernier coup</summary>' in html
