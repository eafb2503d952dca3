# ruff: noqa: N802  (test names carry clause IDs such as ATT_END_1 in capitals)
"""Scenario tests for the end of an Ancient Terrible Things game, the final score and the
winner (ATT-END-*, ATT-SCORE-*, ATT-WIN-*; see docs/rules/ancient-terrible-things.md).

Most score tests end the game the quickest way: seat 1 fails against the Crooked Guide while
the Terrible Thing supply holds its last token (set to 1 by a direct edit), so seat 1 ends
with one token (penalty 0) and seat 2 with none. What each seat holds at that moment is set by
direct edits and the final scores are read from ``game.outcome``.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamehall.core.outcome import Outcome
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import AttState
from tests.ancient_terrible_things.scenario import (
    EASY,
    MISS_BRIDGE,
    MISS_GUIDE,
    adjust,
    adjust_player,
    autoplay_turn,
    encounter,
    explore,
    give_loot,
    legal,
    new_game,
    play,
    roll,
    start,
)


@cache
def before_the_end(players: int = 2) -> tuple[AncientTerribleThings, AttState]:
    """Seat 1 at the Crooked Guide with dice that do not beat it (only ``fail`` ends the
    encounter), the supply cut to its last token by a direct edit."""
    game = new_game(players, supply=1)
    state = start(game)
    state = encounter(game, state, "loc-archive", MISS_GUIDE)
    assert legal(game, state)[0] == "fail"
    return game, state


def finish(game: AncientTerribleThings, state: AttState) -> Outcome:
    state = play(game, state, "fail")
    outcome = game.outcome(state)
    assert outcome is not None
    return outcome


def codes(game: AncientTerribleThings, section: str, *names: str) -> tuple[int, ...]:
    return tuple(game.index_of[section][name] for name in names)


# -- ATT-END -----------------------------------------------------------------------------


def test_ATT_END_1_the_game_ends_when_the_last_terrible_thing_is_taken() -> None:
    """ATT-END-1 (house choice ATT-R13): with one token left, seat 1's failure takes it and the
    game ends at once: nobody moves, the dice do not pass, the final score is given."""
    game = new_game(2, supply=1)
    state = start(game)
    state = encounter(game, state, "loc-archive", MISS_GUIDE)
    state = play(game, state, "fail")
    assert game.to_move(state) is None and legal(game, state) == []
    assert state.supply == 0 and state.active == 0 and state.turn == 1
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == "terrible-supply-empty"
    view = game.view(state, 1)
    assert view["step"] == "over" and view["result"]["reason"] == "terrible-supply-empty"
    assert game.view(state, 1)["players"][0]["exploits"] is not None  # all is shown at the end


def test_ATT_END_1_the_game_goes_on_while_tokens_remain() -> None:
    """ATT-END-1: with two tokens, the first failure leaves one and the game goes on; the
    second failure empties the supply and ends it."""
    game = new_game(2, supply=2)
    state = start(game)
    state = encounter(game, state, "loc-archive", MISS_GUIDE)
    state = play(game, state, "fail")
    assert game.outcome(state) is None and game.to_move(state) == 1 and state.supply == 1
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = play(game, state, "fail")
    assert game.to_move(state) is None and state.supply == 0


def test_ATT_END_2_the_game_ends_when_the_deck_cannot_fill_the_board() -> None:
    """ATT-END-2 (house choice ATT-R2, ATT-R13): 2 players, 4 locations, 8 encounters of each
    tier: six reveals fill the board; when the sixth board is cleared the deck is empty and the
    game ends at once, without a seventh reveal."""
    game = new_game(2, supply=30)
    state = start(game)
    reveals = 1
    for _ in range(40):
        previous = state
        state = autoplay_turn(game, state)
        if game.to_move(state) is None:
            break
        if all(e < 0 for e in previous.board):
            reveals += 1
    assert game.to_move(state) is None
    assert reveals == 6 and state.quota == (0, 0, 0)
    assert all(e < 0 for e in state.board) and state.supply > 0
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == "locations-cannot-be-filled"
    resolved = sum(len(p.trophies) for p in state.players) + len(state.discard)
    assert resolved == 6 * 4


def test_ATT_END_2_a_partial_deck_is_not_revealed() -> None:
    """ATT-END-2: with 3 cards left for 4 locations, the game ends instead of the reveal; the 3
    cards stay undrawn. The deck and the board are set by a direct edit."""
    game = new_game(2)
    state = start(game)
    state = adjust(state, quota=(0, 3, 0), board=(state.board[0], -1, -1, -1))
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    assert game.to_move(state) == 0
    state = play(game, state, "fail")
    assert game.to_move(state) is None and state.quota == (0, 3, 0)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == "locations-cannot-be-filled"


# -- ATT-SCORE ---------------------------------------------------------------------------


def test_ATT_SCORE_1_defeated_encounters_score_their_secrets() -> None:
    """ATT-SCORE-1: seat 1 defeats the Crooked Guide (2 Secrets); seat 2 fails and the supply
    (1 token) runs out: seat 1 scores 2."""
    game = new_game(2, supply=1)
    state = start(game)
    state = encounter(game, state, "loc-archive", (6, 1, 2, 2, 3))
    state = play(game, state, "defeat 1")
    assert game.view(state, 1)["players"][0]["secrets"] == 2
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    outcome = finish(game, state)
    assert outcome.scores == (2.0, 0.0)


@pytest.mark.parametrize(
    ("trophies", "score"),
    [((), 0), (("enc-star-eaten-orb",), 6), (("enc-occultist", "enc-marsh-lights"), 6)],
)
def test_ATT_SCORE_1_each_defeated_card_adds_its_secrets(trophies, score) -> None:
    """ATT-SCORE-1: seat 2's defeated cards (a direct edit) score their printed Secrets: the
    Orb 6; the Occultist 5 + the Marsh Lights 1."""
    game, state = before_the_end()
    state = adjust_player(state, 1, trophies=codes(game, "encounter", *trophies))
    assert finish(game, state).scores[1] == score


def test_ATT_SCORE_2_loot_scores_its_secrets() -> None:
    """ATT-SCORE-2: seat 1 buys the Idol Censer (1 Secret) at the Shrine and uses it (an
    exhausted card still scores); the game then ends: seat 1 scores 1. The Machete (0 Secrets)
    adds nothing."""
    game = new_game(2, supply=1)
    state = explore(game, start(game), "loc-shrine")
    state = play(game, state, "buy loot-idol-censer; leave")
    state = roll(game, state, (1, 2, 3, 5, 6))
    assert game.view(state, 1)["players"][0]["secrets"] == 1
    state = play(game, state, "loot loot-idol-censer a1")
    assert state.players[0].exhausted
    assert finish(game, state).scores[0] == 1.0
    game, state = before_the_end()
    state = give_loot(game, state, 1, "loot-trusty-machete")  # a direct edit
    assert finish(game, state).scores[1] == 0.0
    state = give_loot(game, before_the_end()[1], 1, "loot-crystal-skull", "loot-trusty-machete")
    assert finish(game, state).scores[1] == 3.0


def test_ATT_SCORE_3_an_accomplishment_scores_at_once_and_stays_a_goal_for_all() -> None:
    """ATT-SCORE-3 (house choice ATT-R12): Perfect Stride (3 Secrets) scores for a player who
    defeats an encounter with a straight of 4: seat 1 beats the Knife-Throwing Smuggler
    (2 Secrets) with 1-2-3-4 and scores it at once: 5 Secrets; the card stays in play, a goal
    for every other player too."""
    accomplishments = ("acc-perfect-stride", "acc-seasoned-explorer", "acc-bane-of-villains")
    game = new_game(2, supply=1)
    state = start(
        game, ["enc-knife-throwing-smuggler", *EASY[1:4]], accomplishments=accomplishments
    )
    state = encounter(game, state, "loc-trading-post", (1, 2, 3, 4, 6))
    assert "defeat 2" in legal(game, state)
    state = play(game, state, "defeat 2")
    view = game.view(state, 1)
    assert view["players"][0]["accomplishments"] == ["acc-perfect-stride"]
    assert "acc-perfect-stride" in view["accomplishments"]
    assert view["players"][0]["secrets"] == 2 + 3
    state = encounter(game, state, "loc-archive", MISS_GUIDE)
    assert finish(game, state).scores == (5.0, 0.0)


def test_ATT_SCORE_3_a_different_combination_does_not_earn_it() -> None:
    """ATT-SCORE-3 (house choice ATT-R12): the Smuggler beaten with its pair (4-4) earns no
    Perfect Stride: the card stays in play."""
    accomplishments = ("acc-perfect-stride", "acc-seasoned-explorer", "acc-bane-of-villains")
    game = new_game(2)
    state = start(
        game, ["enc-knife-throwing-smuggler", *EASY[1:4]], accomplishments=accomplishments
    )
    state = encounter(game, state, "loc-trading-post", (4, 4, 1, 2, 6))
    state = play(game, state, "defeat 1")
    view = game.view(state, 1)
    assert view["players"][0]["accomplishments"] == []
    assert "acc-perfect-stride" in view["accomplishments"]
    assert view["players"][0]["secrets"] == 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 20))
def test_ATT_SCORE_4_one_secret_per_full_set_of_three_mystery(mystery: int) -> None:
    """ATT-SCORE-4: seat 2 holding ``mystery`` Mystery tokens (a direct edit) scores
    ``mystery // 3``: 2 score nothing, 3 score 1, 5 score 1, 6 score 2."""
    game, state = before_the_end()
    state = adjust_player(state, 1, tokens={"mystery": mystery})
    assert finish(game, state).scores[1] == mystery // 3


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 8))
def test_ATT_SCORE_5_n_terrible_things_cost_n_minus_one(held: int) -> None:
    """ATT-SCORE-5: seat 2 holding ``held`` Terrible Things (a direct edit) loses held - 1
    Secrets, nothing for none: 0 -> 0, 1 -> 0, 2 -> -1, 3 -> -2."""
    game, state = before_the_end()
    state = adjust_player(state, 1, terrible=held, tokens={"mystery": 0})
    assert finish(game, state).scores[1] == (0 if held == 0 else -(held - 1))


def test_ATT_SCORE_5_the_failing_player_counts_the_token_just_taken() -> None:
    """ATT-SCORE-5: seat 1 fails with 2 tokens already held (a direct edit): 3 tokens, -2."""
    game, state = before_the_end()
    state = adjust_player(state, 0, terrible=2, tokens={"mystery": 0})
    assert finish(game, state).scores[0] == -2.0


TROPHIES = st.lists(
    st.sampled_from(["enc-occultist", "enc-marsh-lights", "enc-sunken-gold", "enc-pale-colossus"]),
    unique=True,
)
LOOT = st.lists(
    st.sampled_from(["loot-crystal-skull", "loot-tommy-gun", "loot-idol-censer"]), unique=True
)
ACCOMPLISHMENTS = st.lists(
    st.sampled_from(["acc-grand-tour", "acc-the-collector", "acc-uncanny-luck"]), unique=True
)


@settings(max_examples=60, deadline=None)
@given(TROPHIES, LOOT, ACCOMPLISHMENTS, st.integers(0, 10), st.integers(0, 5))
def test_ATT_SCORE_1_to_5_the_final_score_is_the_sum_of_its_parts(
    trophies, loot, accomplishments, mystery, terrible
) -> None:
    """ATT-SCORE-1, ATT-SCORE-2, ATT-SCORE-3, ATT-SCORE-4, ATT-SCORE-5: the final score of seat
    2 (its cards and tokens set by a direct edit) is the Secrets of its defeated encounters,
    Loot and Accomplishments, plus its Mystery sets, minus its Terrible Thing penalty."""
    game, state = before_the_end()
    cards = game.cards
    state = give_loot(game, state, 1, *loot)
    state = adjust_player(
        state,
        1,
        trophies=codes(game, "encounter", *trophies),
        tokens={"mystery": mystery},
        terrible=terrible,
        accomplishments=tuple(
            next(i for i, a in enumerate(cards.accomplishments) if a.code == code)
            for code in accomplishments
        ),
    )
    expected = (
        sum(cards.encounters[game.index_of["encounter"][c]].secrets for c in trophies)
        + sum(cards.loot[game.index_of["loot"][c]].secrets for c in loot)
        + sum(a.secrets for a in cards.accomplishments if a.code in accomplishments)
        + mystery // 3
        - max(0, terrible - 1)
    )
    assert finish(game, state).scores[1] == expected


# -- ATT-WIN -----------------------------------------------------------------------------


def test_ATT_WIN_1_most_secrets_wins() -> None:
    """ATT-WIN-1: seat 1 defeats the Guide (2 Secrets), seat 2 fails and ends the game with
    0: seat 1 wins alone."""
    game = new_game(2, supply=1)
    state = start(game)
    state = encounter(game, state, "loc-archive", (6, 1, 2, 2, 3))
    state = play(game, state, "defeat 1")
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    outcome = finish(game, state)
    assert outcome.winners == (0,) and outcome.scores == (2.0, 0.0)


@pytest.mark.parametrize(("ahead", "winner"), [(0, 0), (1, 1), (2, 2)])
def test_ATT_WIN_1_most_secrets_wins_among_three(ahead: int, winner: int) -> None:
    """ATT-WIN-1: three players; the seat given the Orb (6 Secrets, a direct edit) wins, even
    against the others' smaller scores."""
    game, state = before_the_end(3)
    orb, lights = codes(game, "encounter", "enc-star-eaten-orb", "enc-marsh-lights")
    for seat in range(3):
        state = adjust_player(state, seat, trophies=(orb,) if seat == ahead else (lights,))
    outcome = finish(game, state)
    assert outcome.winners == (winner,)
    assert outcome.scores[winner] == max(outcome.scores) == 6.0


def test_ATT_WIN_2_a_tie_goes_to_fewer_terrible_things() -> None:
    """ATT-WIN-2 (house choice ATT-R3): seats 1 and 2 both score 2 (a direct edit); seat 1
    holds a Terrible Thing (the one that ended the game), seat 2 none: seat 2 wins."""
    game, state = before_the_end()
    state = adjust_player(state, 0, trophies=codes(game, "encounter", "enc-crooked-guide"))
    state = adjust_player(state, 1, trophies=codes(game, "encounter", "enc-gnawing-rats"))
    outcome = finish(game, state)
    assert outcome.scores == (2.0, 2.0) and outcome.winners == (1,)


def test_ATT_WIN_2_then_more_encounters_defeated() -> None:
    """ATT-WIN-2 (house choice ATT-R3): equal Secrets (2) and Terrible Things (1 each): seat 2,
    with two encounters defeated against one, wins. (Direct edits.)"""
    game, state = before_the_end()
    state = adjust_player(state, 0, trophies=codes(game, "encounter", "enc-crooked-guide"))
    state = adjust_player(
        state,
        1,
        terrible=1,
        trophies=codes(game, "encounter", "enc-rotten-rope-bridge", "enc-jade-scarab"),
    )
    outcome = finish(game, state)
    assert outcome.scores == (2.0, 2.0) and outcome.winners == (1,)


def test_ATT_WIN_2_a_complete_tie_is_shared() -> None:
    """ATT-WIN-2 (house choice ATT-R3): equal Secrets, Terrible Things and encounters
    defeated: both seats win. (Direct edits.)"""
    game, state = before_the_end()
    state = adjust_player(state, 0, trophies=codes(game, "encounter", "enc-crooked-guide"))
    state = adjust_player(
        state, 1, terrible=1, trophies=codes(game, "encounter", "enc-gnawing-rats")
    )
    outcome = finish(game, state)
    assert outcome.scores == (2.0, 2.0) and outcome.winners == (0, 1)


def test_ATT_WIN_2_secrets_come_before_the_tie_break() -> None:
    """ATT-WIN-2 (house choice ATT-R3): the tie-break applies only to a tie: seat 1 with 3
    Secrets and 1 Terrible Thing beats seat 2 with 2 Secrets and none. (Direct edits.)"""
    game, state = before_the_end()
    state = adjust_player(
        state, 0, trophies=codes(game, "encounter", "enc-crooked-guide", "enc-marsh-lights")
    )
    state = adjust_player(state, 1, trophies=codes(game, "encounter", "enc-gnawing-rats"))
    outcome = finish(game, state)
    assert outcome.scores == (3.0, 2.0) and outcome.winners == (0,)
