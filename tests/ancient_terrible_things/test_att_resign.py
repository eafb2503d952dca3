# ruff: noqa: N802  (test names carry clause IDs such as ATT_PASS_1 in capitals)
"""Resigning in Ancient Terrible Things (core.resign; house ruling ATT-R16 in docs/rulings.md).

Solo, a resignation loses the game at once. With several players the seat leaves: its pawn
leaves the board, its Exploit cards leave the game face down (never shown, even at the end),
what it still had to draw or choose lapses, its turns are skipped (ATT-PASS-1) and it is never
among the winners (ATT-WIN-1); if it was the active player its turn ends unresolved, the
encounter staying where it is, once the reveal and the others' draws and choices are done. The
last seat left wins at once (``others-resigned``).

Every resignation here is checked by the game's own invariants (state, step and every view).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.core.chance import make_rng, sample
from gamehall.core.errors import IllegalActionError
from gamehall.core.game import CHANCE, EVERYTHING, Action
from gamehall.core.i18n import catalog
from gamehall.core.match import Match
from gamehall.core.outcome import Outcome
from gamehall.core.record import Record, replay
from gamehall.core.registry import create
from gamehall.core.resign import Resign
from gamehall.games.ancient_terrible_things.cards import HOUSE_FILE
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import (
    ACTIVE_BONUS,
    ENCOUNTER,
    EVERYONE_BONUS,
    EXPLORE,
    OVER,
    REVEAL,
    SETUP,
    SHOP,
    AttState,
    Choice,
)
from tests.ancient_terrible_things.scenario import (
    EASY,
    MISS_GUIDE,
    adjust,
    adjust_player,
    chances,
    deal,
    encounter,
    explore,
    give_loot,
    legal,
    new_game,
    play,
    reveal,
    roll,
    start,
    tokens,
)


def checked(game: AncientTerribleThings, before: AttState, action: Action) -> AttState:
    """``action`` applied, with every invariant of the step, the state and each view checked."""
    after = game.apply(before, action)
    checks = game.invariants()
    found = checks.step(before, action, after) + checks.state(after)
    for seat in (*range(game.players), None, EVERYTHING):
        found += checks.view(after, seat, game.view(after, seat))
    assert not found, found
    return after


def resign(game: AncientTerribleThings, state: AttState, seat: int) -> AttState:
    """Seat ``seat`` (0-based) resigns, every invariant checked."""
    return checked(game, state, Resign(seat))


def lines(game: AncientTerribleThings, before: AttState, seat: int, after: AttState) -> list[str]:
    """The log of the resignation in English and in French."""
    texts = game.narrate(before, Resign(seat), after, None)
    return [catalog(language).render(t) for language in ("en", "fr") for t in texts]


def bot_match(game: AncientTerribleThings, seed: int, kind: str = "heuristic") -> Match:
    return Match(game, seed, [make_bot(kind, game.name) for _ in range(game.players)])


def until(match: Match, done: Callable[[AttState], bool]) -> None:
    """Let chance and the bots play until ``done`` holds of the state."""
    while not done(match.state):
        assert not match.is_over()
        match.step_chance() if match.to_move() == CHANCE else match.step_bot()


def fight_without(
    game: AncientTerribleThings,
    state: AttState,
    location: str,
    focus: tuple[int, ...],
    answers: int,
) -> AttState:
    """:func:`encounter` at a table where only ``answers`` seats are left to decline the
    all-players bonus."""
    state = explore(game, state, location, everyone=["decline"] * answers)
    return roll(game, play(game, state, "leave"), focus)


def house_with(tmp_path: Path, everyone: str) -> str:
    """A copy of the house cards where the Archive's all-players bonus is ``everyone`` (a
    TOML list of effects); the path, for the ``cards`` option."""
    text = HOUSE_FILE.read_text(encoding="utf-8")
    start_at = text.index('code = "loc-archive"')
    end_at = text.index("[[locations]]", start_at)
    block = text[start_at:end_at]
    old = 'everyone = [{ kind = "gain", amount = 1, resource = "mystery" }]'
    assert old in block
    path = tmp_path / "cards.toml"
    path.write_text(
        text[:start_at] + block.replace(old, f"everyone = {everyone}") + text[end_at:],
        encoding="utf-8",
    )
    return str(path)


# -- solo: the game is lost -----------------------------------------------------------


SOLO_MOMENTS: dict[str, Callable[[AncientTerribleThings], AttState]] = {
    "setup": lambda game: play(game, game.initial_state(), "character chr-heiress"),
    "reveal": lambda game: reveal(game, deal(game), EASY[:2]),
    "explore": start,
    "rolling": lambda game: play(game, explore(game, start(game), "loc-archive"), "leave"),
    "choosing": lambda game: play(
        game, encounter(game, start(game), "loc-archive", MISS_GUIDE), "play exp-steady-hands"
    ),
}


@pytest.mark.parametrize("moment", sorted(SOLO_MOMENTS))
def test_ATT_SETUP_1_a_solo_resignation_loses_the_game_at_once(moment: str) -> None:
    """ATT-SETUP-1 (solo, ATT-R1) and ATT-R16: at any moment of a solo game, even while dice
    roll or an effect waits for its choice, resigning ends the game, lost (no winner, reason
    ``resigned``), whatever the Secrets; the dice are put away, the log says why."""
    game = new_game(1)
    state = SOLO_MOMENTS[moment](game)
    assert game.to_move(state) is not None
    after = resign(game, state, 0)
    assert after.step == OVER and game.to_move(after) is None
    assert after.result is not None
    assert (after.result.winners, after.result.reason) == ((), "resigned")
    assert after.dice.focus == () and after.rolls == () and after.choice is None
    log = lines(game, state, 0, after)
    assert log[0] == "Seat 1 resigns."
    assert "A game given up is lost" in log[1] and "Une partie abandonnée est perdue" in log[3]


def test_ATT_WIN_1_a_solo_player_ahead_of_the_rival_still_loses_by_resigning() -> None:
    """ATT-WIN-1, ATT-R1, ATT-R16: with more Secrets than the rival's pile (30 Mystery tokens,
    10 Secrets, by a direct edit) the player would win at the end; resigning loses all the
    same."""
    game = new_game(1)
    state = adjust_player(start(game), 0, tokens={"mystery": 30})
    assert game.view(state, 0)["players"][0]["secrets"] > game.view(state, 0)["rival"]["secrets"]
    after = resign(game, state, 0)
    assert after.result is not None and after.result.winners == ()
    assert after.result.scores[0] == 10


# -- two players: the other wins at once --------------------------------------------


@pytest.mark.parametrize("resigning", [0, 1])
@pytest.mark.parametrize("moment", ["explore", "encounter", "choice"])
def test_ATT_WIN_1_in_two_players_the_other_seat_wins_at_once(resigning: int, moment: str) -> None:
    """ATT-WIN-1, ATT-R16: with two players, either seat resigning (the active one or the
    other, before or during the active player's encounter) ends the game: the other wins
    with reason ``others-resigned``, even with fewer Secrets (the resigning seat is given 30
    Mystery tokens by a direct edit)."""
    game = new_game(2)
    state = adjust_player(start(game), resigning, tokens={"mystery": 30})
    if moment != "explore":
        state = encounter(game, state, "loc-archive", MISS_GUIDE)
    if moment == "choice":
        state = play(game, state, "play exp-steady-hands")
        assert state.choice is not None
    after = resign(game, state, resigning)
    assert after.result is not None
    assert (after.result.winners, after.result.reason) == ((1 - resigning,), "others-resigned")
    assert after.result.scores[resigning] > after.result.scores[1 - resigning]
    assert after.players[resigning].location == -1
    log = lines(game, state, resigning, after)
    assert f"Every other investigator has left the game: Seat {2 - resigning} wins." in log
    assert f"Place {2 - resigning} l'emporte" in log[-1]


# -- four players: the others play on ----------------------------------------------


def test_ATT_PASS_1_in_four_players_the_others_play_on_and_skip_the_resigned_seat() -> None:
    """ATT-PASS-1, ATT-WIN-1, ATT-R16: four heuristic bots; the seat after the first player
    resigns in the first player's first encounter (not its own turn), the seat after that
    later, in its own turn. The two left play to a normal end; no resigned seat is ever to
    move again, turns go round the seats left, clockwise, and neither resigned seat is among
    the winners, though both keep their Secrets as scores. The hand of a resigned seat never
    shows to the others, not even at the end."""
    game = AncientTerribleThings(4)
    match = bot_match(game, 3)
    until(match, lambda s: s.step == ENCOUNTER and s.turn == 1 and not s.rolls)
    first = match.state.active
    one, two = (first + 1) % 4, (first + 2) % 4
    match.resign(one)
    until(match, lambda s: s.active == two and s.step == SHOP)
    match.resign(two)
    held = match.state.players[two].exploits
    match.play_out()
    outcome = match.outcome()
    assert outcome is not None and outcome.reason in (
        "terrible-supply-empty",
        "locations-cannot-be-filled",
    )
    assert not {one, two} & set(outcome.winners) and outcome.winners
    end = match.state
    assert end.gone == (one, two) and end.abandoned == 1
    gone_at = {one: match.actions.index(Resign(one)), two: match.actions.index(Resign(two))}
    for seat, index in gone_at.items():
        later = match.states[index + 1 :]
        assert all(game.to_move(s) != seat for s in later)
        assert all(s.active != seat for s in later)
    actives = [s.active for s in match.states[gone_at[two] + 1 :]]
    turns = [a for i, a in enumerate(actives) if i == 0 or a != actives[i - 1]]
    left = {first, (first + 3) % 4}
    assert set(turns) == left and all(a != b for a, b in pairwise(turns))
    assert len(turns) > 3
    checks = game.invariants()
    steps = zip(match.states, match.actions, match.states[1:], strict=False)
    for before, action, after in steps:
        assert checks.step(before, action, after) == [], str(action)
    assert checks.state(end) == []
    for seat in (*left, one, None):
        shown = game.view(end, seat)["players"][two]
        assert shown["exploits"] is None and shown["resigned"]
        assert shown["exploit_count"] == len(held)
    mine = game.view(end, two)["players"][two]["exploits"]
    assert mine == [game.code_of["exploit"][e] for e in held]
    assert game.view(end, one)["players"][first]["exploits"] is not None  # still in the game
    assert outcome.scores[one] == game.view(end, None)["players"][one]["secrets"]


# -- every moment of a three-player turn --------------------------------------------


def three() -> AncientTerribleThings:
    return new_game(3)


ACTIVE_MOMENTS: dict[str, tuple[int, Callable[[AncientTerribleThings], AttState]]] = {
    "explore": (EXPLORE, start),
    "active-bonus": (ACTIVE_BONUS, lambda game: play(game, start(game), "go loc-archive")),
    "everyone-bonus": (
        EVERYONE_BONUS,
        lambda game: play(game, start(game), "go loc-archive; skip"),
    ),
    "shop": (SHOP, lambda game: explore(game, start(game), "loc-archive")),
    "rolling": (
        ENCOUNTER,
        lambda game: play(game, explore(game, start(game), "loc-archive"), "leave; roll f1 6"),
    ),
    "fighting": (
        ENCOUNTER,
        lambda game: encounter(game, start(game), "loc-archive", MISS_GUIDE, ("feat", "blank")),
    ),
    "choosing": (
        ENCOUNTER,
        lambda game: play(
            game, encounter(game, start(game), "loc-archive", MISS_GUIDE), "play exp-steady-hands"
        ),
    ),
}


@pytest.mark.parametrize("moment", sorted(ACTIVE_MOMENTS))
def test_ATT_TURN_2_the_active_player_resigns_and_the_turn_passes(moment: str) -> None:
    """ATT-TURN-2, ATT-PASS-1, ATT-R16: whatever the step of seat 1's turn (exploring, a
    bonus, the shop, dice still rolling, the dice rolled, an effect's choice), its resignation
    ends the turn unresolved: the encounter stays on the board, no Terrible Thing is taken, the
    dice are put away, seat 1's pawn leaves the board and seat 2 explores next; an unused
    symbol is not cashed (the turn is not resolved)."""
    game = three()
    step, make = ACTIVE_MOMENTS[moment]
    state = make(game)
    assert (state.step, state.active) == (step, 0)
    held = state.players[0]
    after = resign(game, state, 0)
    assert after.gone == (0,) and after.abandoned == 1
    assert (after.active, after.step, after.turn) == (1, EXPLORE, state.turn + 1)
    assert after.board == state.board and after.supply == state.supply
    assert after.players[0] == held._replace(location=-1)
    assert after.dice.focus == () and after.rolls == () and after.choice is None
    assert all(p != 0 for slot in game.view(after, None)["locations"] for p in slot["pawns"])
    log = lines(game, state, 0, after)
    assert "Seat 1's turn ends unresolved: the encounter stays where it is." in log
    assert "Seat 2 plays next." in log
    assert "Seat 1 sets aside, unseen, the Exploit cards in their hand (" in " ".join(log)
    assert "Place 1 écarte, sans les montrer, les cartes Exploit de sa main (" in " ".join(log)


def test_ATT_REVEAL_2_the_active_player_resigns_while_the_board_is_revealed() -> None:
    """ATT-REVEAL-2, ATT-R16: seat 1 resigns after two of the five reveals of its first turn:
    the reveal goes on (every location gets its card), then, with nothing left to do in the
    turn, seat 2 explores."""
    game = three()
    state = reveal(game, deal(game), EASY[:2])
    assert state.step == REVEAL and state.active == 0
    state = resign(game, state, 0)
    assert state.step == REVEAL and game.to_move(state) == CHANCE and state.turn == 1
    for code in EASY[2:5]:
        state = checked(game, state, game.parse_action(f"encounter {code}"))
    assert all(e >= 0 for e in state.board)
    assert (state.active, state.step, state.turn) == (1, EXPLORE, 2)


def test_ATT_SETUP_2_a_seat_resigning_during_the_setup_is_never_first() -> None:
    """ATT-SETUP-2, ATT-R16: seat 3 resigns while the characters are dealt; the setup goes on
    (its cards are dealt face down, out of play), the first player is drawn among seats 1 and
    2 only, and the game plays on without seat 3."""
    game = three()
    state = play(game, game.initial_state(), "character chr-prospector")
    state = resign(game, state, 2)
    assert state.step == SETUP and game.to_move(state) == CHANCE
    while state.deals[1:]:
        state = checked(game, state, game.chance_weights(state).actions[0])
    assert chances(game, state) == ["first 1", "first 2"]
    state = checked(game, state, game.parse_action("first 2"))
    assert state.active == 1 and state.step == REVEAL


def test_ATT_EXPLORE_5_the_all_players_bonus_skips_a_seat_that_resigned() -> None:
    """ATT-EXPLORE-5, ATT-R16: seat 1 explores; seat 2, asked for the all-players bonus,
    resigns: seat 3 is asked next, then the shop opens. When seat 3 resigns before its turn to
    answer, seat 2's answer opens the shop."""
    game = three()
    state = play(game, start(game), "go loc-archive; skip; decline")
    assert (state.step, state.bonus_seat) == (EVERYONE_BONUS, 1)
    asked = resign(game, state, 1)
    assert (asked.step, asked.bonus_seat, game.to_move(asked)) == (EVERYONE_BONUS, 2, 2)
    assert play(game, asked, "decline").step == SHOP
    early = resign(game, state, 2)
    assert (early.step, game.to_move(early)) == (EVERYONE_BONUS, 1)
    assert checked(game, early, game.parse_action("use")).step == SHOP


def test_ATT_TURN_2_a_seat_resigns_during_another_players_encounter() -> None:
    """ATT-TURN-2, ATT-PASS-1, ATT-R16: seat 3 resigns while seat 1 fights: the encounter goes
    on as it was (same dice, same options) and the turns then go 1, 2, 1, skipping seat 3."""
    game = three()
    state = encounter(game, start(game), "loc-archive", MISS_GUIDE)
    options = legal(game, state)
    after = resign(game, state, 2)
    assert legal(game, after) == options and after.dice == state.dice
    assert after.abandoned == 0 and after.active == 0
    state = checked(game, after, game.parse_action("fail"))
    assert state.active == 1
    state = fight_without(game, state, "loc-trading-post", (1, 2, 4, 5, 6), answers=2)
    state = play(game, state, "fail")
    assert state.active == 0


def test_ATT_R16_a_draw_owed_to_a_resigning_seat_lapses(tmp_path: Path) -> None:
    """ATT-EXPLORE-5, ATT-R16 (cards where the Archive's all-players bonus draws an Exploit):
    seat 2 uses the bonus and resigns before its card is drawn: the draw lapses (the deck keeps
    its cards) and seat 3 is asked next."""
    game = new_game(3, cards=house_with(tmp_path, '[{ kind = "draw_exploit", amount = 1 }]'))
    state = play(game, start(game), "go loc-archive; skip; decline; use")
    assert state.draws == (1,) and game.to_move(state) == CHANCE
    after = resign(game, state, 1)
    assert after.draws == () and after.exploit_deck == state.exploit_deck
    assert game.to_move(after) == 2 and after.bonus_seat == 2


def test_ATT_R16_the_active_player_resigns_while_another_seat_draws(tmp_path: Path) -> None:
    """ATT-EXPLORE-5, ATT-R16 (the same cards): seat 1 resigns while seat 2's Exploit card is
    still to be drawn: seat 2 draws it, then the turn ends (seat 3 is not asked) and seat 2
    explores."""
    game = new_game(3, cards=house_with(tmp_path, '[{ kind = "draw_exploit", amount = 1 }]'))
    state = play(game, start(game), "go loc-archive; skip; decline; use")
    after = resign(game, state, 0)
    assert after.draws == (1,) and game.to_move(after) == CHANCE and after.turn == 1
    hand = len(after.players[1].exploits)
    draw = game.chance_weights(after).actions[0]
    drawn = checked(game, after, draw)
    assert len(drawn.players[1].exploits) == hand + 1
    assert (drawn.active, drawn.step, drawn.turn) == (1, EXPLORE, 2)
    log = [catalog("en").render(t) for t in game.describe(after, draw, drawn, None)]
    assert log == ["Seat 2 draws an Exploit card.", "Seat 2 plays next."]


def test_ATT_R16_a_choice_of_another_seat_outlives_the_active_players_resignation(
    tmp_path: Path,
) -> None:
    """ATT-EXPLORE-5, ATT-LOOT-4, ATT-R16 (cards where the Archive's all-players bonus
    readies a Loot card): seat 2, its Machete exhausted (a direct edit), uses the bonus;
    seat 1 resigns while seat 2 chooses: seat 2 still readies its Machete, then seat 2
    explores. Had seat 2 resigned instead, its choice would lapse."""
    game = new_game(3, cards=house_with(tmp_path, '[{ kind = "ready", amount = 1 }]'))
    state = give_loot(game, start(game), 1, "loot-trusty-machete", exhausted=True)
    state = play(game, state, "go loc-archive; skip; decline; use")
    assert state.choice == Choice("ready", 1, 1)
    after = resign(game, state, 0)
    assert game.to_move(after) == 1 and legal(game, after) == ["ready loot-trusty-machete", "done"]
    readied = checked(game, after, game.parse_action("ready loot-trusty-machete"))
    assert readied.players[1].exhausted == ()
    assert (readied.active, readied.step, readied.turn) == (1, EXPLORE, 2)
    lapsed = resign(game, state, 1)
    assert lapsed.choice is None and lapsed.players[1].exhausted == state.players[1].exhausted
    assert (lapsed.step, game.to_move(lapsed)) == (EVERYONE_BONUS, 2)


# -- refusals -------------------------------------------------------------------------


def test_ATT_R16_a_second_resignation_and_one_after_the_end_are_refused() -> None:
    """ATT-R16 (core.resign): a seat that resigned cannot resign again, no seat can once the
    game is over, and there is no fifth seat; each refusal is one line naming the problem and
    leaves the state as it was."""
    game = new_game(3)
    state = resign(game, start(game), 1)
    snapshot = state.fields()
    with pytest.raises(IllegalActionError) as error:
        game.apply(state, Resign(1))
    message = str(error.value)
    assert "Seat 2 has already left the game" in message and "\n" not in message
    assert state.fields() == snapshot
    with pytest.raises(IllegalActionError, match="there is no seat 4"):
        game.apply(state, Resign(3))
    over = game.apply(state, Resign(2))
    assert over.step == OVER
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(over, Resign(0))
    match = Match(game, 1)
    match.resign(0)
    with pytest.raises(IllegalActionError, match="already left"):
        match.resign(0)
    with pytest.raises(IllegalActionError, match="already left"):
        match.play(game.read_action("resign 1"))


# -- records, views, samples, bots -------------------------------------------------------


def test_ATT_R16_a_record_with_a_resignation_replays_exactly(tmp_path: Path) -> None:
    """ATT-R16 (core.record): a three-player game of random bots where seat 2 resigns in its
    own encounter is saved, loaded and replayed: the same actions (``resign 2`` among them),
    the same states and the same outcome."""
    game = create("ancient-terrible-things", 3, {})
    assert isinstance(game, AncientTerribleThings)
    match = bot_match(game, 21, "random")
    until(match, lambda s: s.active == 1 and s.step == ENCOUNTER and not s.rolls)
    match.resign(1)
    match.play_out()
    path = tmp_path / "game.json"
    Record.of(match).save(path)
    record = Record.load(path)
    assert "resign 2" in record.actions
    again = replay(record)
    assert again.states == match.states and again.outcome() == match.outcome()
    assert again.outcome() is not None and 1 not in again.outcome().winners  # type: ignore[union-attr]


def test_ATT_R16_a_resigned_hand_is_dealt_anew_for_the_others_but_not_for_its_seat() -> None:
    """ATT-R16 (resample for the search bots): the hand of seat 2, which resigned, is unknown
    to seat 1 (samples vary it, over the cards seat 1 has not seen) but known to seat 2; once
    the game is over (the supply emptied) the hands still in the game are shown, the
    resigned one is not."""
    game = new_game(3)
    state = resign(game, start(game), 1)
    hand = state.players[1].exploits
    hands = {game.resample(state, 0, random.Random(k)).players[1].exploits for k in range(60)}
    assert len(hands) > 1
    assert game.resample(state, 1, random.Random(0)).players[1].exploits == hand
    for k in range(5):
        sample_ = game.resample(state, 0, random.Random(k))
        assert game.view(sample_, 0) == game.view(state, 0)
    state = fight_without(game, state, "loc-archive", MISS_GUIDE, answers=2)
    end = play(game, adjust(state, supply=1), "fail")  # the last Terrible Thing (a direct edit)
    assert end.step == OVER and end.gone == (1,)
    samples = [game.resample(end, 0, random.Random(k)) for k in range(60)]
    assert len({s.players[1].exploits for s in samples}) > 1
    assert {s.players[2].exploits for s in samples} == {end.players[2].exploits}
    assert all(game.view(s, 0) == game.view(end, 0) for s in samples)


def test_ATT_R16_bots_and_search_are_never_offered_a_resigned_seat() -> None:
    """ATT-R16: seeded games of 2 to 4 random bots (and a search bot at seat 1) where seats
    resign at random moments, the seat to move included: no state ever asks a resigned seat
    to move, the bots play each game to its end, and every invariant holds at every step."""
    for seed in range(12):
        players = 2 + seed % 3
        game = AncientTerribleThings(players, {} if seed % 2 else {"supply": 30})
        kinds = ["mcts:8" if seed in (4, 5) and p == 0 else "random" for p in range(players)]
        match = Match(game, seed, [make_bot(k, game.name) for k in kinds])
        rng = random.Random(seed)
        checks = game.invariants()
        while not match.is_over():
            before = match.state
            if rng.random() < 0.02:
                seat = rng.choice([p for p in range(players) if p not in before.gone])
                match.resign(seat)
            elif match.to_move() == CHANCE:
                match.step_chance()
            else:
                assert match.to_move() not in before.gone
                match.step_bot()
            after = match.state
            found = checks.step(before, match.actions[-1], after) + checks.state(after)
            assert not found, (seed, str(match.actions[-1]), found)
            assert game.to_move(after) not in after.gone
        outcome = match.outcome()
        assert outcome is not None and not set(outcome.winners) & set(match.state.gone)


def test_ATT_R16_random_play_with_resignations_keeps_every_invariant() -> None:
    """ATT-R16: 1 to 4 players, the default, smallest and largest setups: random play with a
    resignation drawn now and then (at any moment, for any seat still in) breaks no state,
    step or view check; every way a resignation ends a game is reached."""
    reasons: set[str] = set()
    for seed in range(36):
        players = 1 + seed % 4
        options: dict[str, Any] = [{}, {"locations": players, "supply": 1}, {"supply": 30}][
            seed % 3
        ]
        game = AncientTerribleThings(players, options)
        chance, decide = make_rng(seed, "resign"), random.Random(seed)
        state = game.initial_state()
        odds = 0.004 if players == 1 else 0.015
        while game.to_move(state) is not None:
            if decide.random() < odds:
                action: Action = Resign(
                    decide.choice([p for p in range(players) if p not in state.gone])
                )
            elif game.to_move(state) == CHANCE:
                action = sample(game.chance_weights(state), chance)
            else:
                options_now = game.legal_actions(state)
                action = options_now[decide.randrange(len(options_now))]
            state = checked(game, state, action)
        assert state.result is not None
        reasons.add(state.result.reason)
    assert {"resigned", "others-resigned"} <= reasons


def test_ATT_R16_views_and_the_terminal_table_show_who_resigned() -> None:
    """ATT-R16: every view marks the resigned seat (and only it), shows no pawn of it, keeps
    its hand's size; the terminal table names it as resigned, in English and in French."""
    from rich.console import Console

    from gamehall.games.ancient_terrible_things.terminal import render_ancient_terrible_things

    game = new_game(3)
    state = resign(game, start(game), 2)
    for seat in (0, 1, 2, None, EVERYTHING):
        players = game.view(state, seat)["players"]
        assert [p["resigned"] for p in players] == [False, False, True]
        assert players[2]["exploit_count"] == 2 and players[2]["location"] == -1
    for language, word in (("en", "resigned"), ("fr", "a abandonné")):
        console = Console(record=True, width=200)
        console.print(render_ancient_terrible_things(game, game.view(state, 0), catalog(language)))
        text = console.export_text()
        assert word in text and "att." not in text
    assert tokens(state, 2) == tokens(start(game), 2)


# -- the invariants catch a resignation handled wrong --------------------------------


def test_ATT_R16_the_invariants_report_a_resignation_handled_wrong() -> None:
    """ATT-R16, ATT-PASS-1, ATT-WIN-1: the fuzzer's checks report, by what broke, a table
    corrupted by direct edits after a resignation: the resigned seat to move, its pawn back
    on the board, a draw owed to it, it among the winners, its hand shown to another seat
    at the end, and a resignation step whose turn did not pass."""
    game = three()
    checks = game.invariants()
    state = start(game)
    moved = adjust(state, gone=(0,))
    assert any("is to move, but resigned" in m for m in checks.state(moved))
    assert any("waits on nothing" in m for m in checks.state(moved))
    after = resign(game, state, 2)
    back = adjust_player(after, 2, location=0)
    assert any("resigned, but their pawn is at slot 0" in m for m in checks.state(back))
    owed = adjust(after, draws=(2,))
    assert any("draw is due to seat 2, who resigned" in m for m in checks.state(owed))
    over = game.apply(after, Resign(1))
    assert over.result is not None
    crowned = adjust(over, result=Outcome((1,), over.result.scores, over.result.reason))
    assert any(m.startswith("winners") for m in checks.state(crowned))
    view = game.view(over, 0)
    view["players"][2]["exploits"] = [game.code_of["exploit"][e] for e in over.players[2].exploits]
    assert any("in seat 2's hand" in m for m in checks.view(over, 0, view))
    stuck = adjust(resign(game, state, 0), active=0, turn=state.turn)
    found = checks.step(state, Resign(0), stuck)
    assert "seat 0 resigned in its turn, and the turn did not pass" in found
