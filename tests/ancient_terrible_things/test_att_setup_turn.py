# ruff: noqa: N802  (test names carry clause IDs such as ATT_REVEAL_1 in capitals)
"""Scenario tests for the Ancient Terrible Things clauses of setup, the turn, the reveal, the
explore phase and the passing of the dice (ATT-SETUP-*, ATT-TURN-*, ATT-REVEAL-*,
ATT-EXPLORE-*, ATT-PASS-*; see docs/rules/ancient-terrible-things.md).

Chance outcomes are forced through the notation (``character CODE``, ``encounter CODE``,
``roll f1 4``); where the rules are silent the tests check the house choices of
docs/rulings.md (ATT-R1, ATT-R2, ATT-R6, ATT-R7, ATT-R13).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from gamehall.core.errors import OptionError
from gamehall.core.game import CHANCE
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import DEAL_LOCATION, REVEAL
from tests.ancient_terrible_things.scenario import (
    CHARACTERS,
    EASY,
    EXPLOITS,
    adjust,
    adjust_player,
    autoplay_turn,
    chances,
    code_of,
    deal,
    encounter,
    explore,
    legal,
    new_game,
    play,
    rejects,
    reveal,
    roll,
    start,
    tokens,
)

MISS_BRIDGE = (1, 2, 4, 5, 6)
"""No pair: the Rotten Rope Bridge (pair >= 3) is not beaten, nor the four-of-a-kind
scenario."""


def tier_codes(game: AncientTerribleThings, tier: int) -> list[str]:
    return sorted(e.code for e in game.cards.encounters if e.tier == tier)


# -- ATT-SETUP ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_ATT_SETUP_1_one_to_four_players(players: int) -> None:
    """ATT-SETUP-1: 1 to 4 players may play; the game deals a character to each."""
    game = new_game(players)
    state = deal(game)
    assert [game.cards.characters[p.character].code for p in state.players] == list(
        CHARACTERS[:players]
    )


@pytest.mark.parametrize("players", [0, 5])
def test_ATT_SETUP_1_other_player_counts_are_refused(players: int) -> None:
    """ATT-SETUP-1: no game for 0 or 5 players."""
    with pytest.raises(OptionError, match="played by 1 to 4 players"):
        new_game(players)


def test_ATT_SETUP_1_solo_rival_takes_failures_and_the_best_encounter_left() -> None:
    """ATT-SETUP-1 (house choice ATT-R1): solo, a failed encounter goes to the rival's pile,
    not the discard; after the turn the rival claims the encounter left with the most Secrets,
    the first location on a tie."""
    game = new_game(1)
    assert game.setup.locations == 4 and game.setup.per_tier == 8 and game.setup.supply == 5
    # Bridge 1, Guide 2, Idol 1, Rats 2 Secrets.
    codes = ["enc-rotten-rope-bridge", "enc-crooked-guide", "enc-whispering-idol"]
    state = start(game, [*codes, "enc-gnawing-rats"])
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = play(game, state, "fail")
    assert code_of(game, "encounter", state.rival) == [
        "enc-rotten-rope-bridge",
        "enc-crooked-guide",
    ]
    assert state.discard == ()
    assert state.players[0].terrible == 1
    view = game.view(state, 0)
    assert [loc["encounter"] for loc in view["locations"]] == [
        None,
        None,
        "enc-whispering-idol",
        "enc-gnawing-rats",
    ]
    # The rival's Secrets count its pile and the encounters still on the board.
    assert view["rival"]["secrets"] == 1 + 2 + 1 + 2
    assert game.to_move(state) == 0 and view["step"] == "explore"


@pytest.mark.parametrize(("extra", "wins"), [(0, False), (1, True)])
def test_ATT_SETUP_1_solo_win_needs_more_secrets_than_the_rival(extra: int, wins: bool) -> None:
    """ATT-SETUP-1 (house choice ATT-R1): the solo player wins only with more Secrets than the
    rival's pile, which takes the encounters still on the board at the end. The player's
    trophies are set by a direct edit."""
    game = new_game(1, supply=1)
    codes = ["enc-rotten-rope-bridge", "enc-crooked-guide", "enc-whispering-idol"]
    state = start(game, [*codes, "enc-gnawing-rats"])
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    # Rival at the end: Bridge (failed) 1 + Guide 2 + Idol 1 + Rats 2 = 6.
    trophies = ["enc-star-eaten-orb"] + ["enc-marsh-lights"] * extra  # 6 (+ 1)
    state = adjust_player(state, 0, trophies=tuple(game.index_of["encounter"][c] for c in trophies))
    state = play(game, state, "fail")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == "terrible-supply-empty"
    assert outcome.scores == (6.0 + extra,)
    assert game.view(state, 0)["rival"]["secrets"] == 6
    assert outcome.winners == ((0,) if wins else ())


@pytest.mark.parametrize(
    ("players", "locations", "per_tier", "supply"),
    [(1, 4, 8, 5), (2, 5, 10, 7), (3, 5, 10, 10), (4, 6, 12, 13)],
)
def test_ATT_SETUP_2_setup_numbers(
    players: int, locations: int, per_tier: int, supply: int
) -> None:
    """ATT-SETUP-2 (house choice ATT-R2): 4/5/5/6 locations for 1-4 players, 2 x locations
    encounters of each tier, 5/7/10/13 Terrible Things, the printed starting tokens, 2 Exploit
    cards each, 3 Accomplishments face up, a scenario, and a first player at random."""
    game = AncientTerribleThings(players)  # the default numbers, not the scenarios' board
    assert game.initial_state().deals.count(DEAL_LOCATION) == locations
    state = deal(game)
    assert game.to_move(state) == CHANCE  # the first reveal is due
    view = game.view(state, 0)
    assert len(view["locations"]) == locations
    assert view["deck"] == [per_tier] * 3
    assert view["supply"] == supply
    assert len(view["accomplishments"]) == 3
    assert view["scenario"] == "scn-stars-are-right"
    for seat, player in enumerate(view["players"]):
        start_tokens = game.cards.characters[state.players[seat].character].start
        assert player["tokens"] == {r: start_tokens.get(r, 0) for r in player["tokens"]}
        assert player["exploit_count"] == 2
        assert player["terrible"] == 0 and player["loot"] == [] and player["trophies"] == []
    assert tokens(state, 0) == {"focus": 1, "mystery": 1, "treasure": 2, "feat": 1}
    # The first player: every seat, equally likely.
    before_first = game.initial_state()
    for text in [
        *(f"character {c}" for c in CHARACTERS[:players]),
        "scenario scn-stars-are-right",
        *(f"location {c}" for c in view_codes(view)),
        *(f"accomplishment {c}" for c in view["accomplishments"]),
        *(f"exploit {EXPLOITS[s][r]}" for r in range(2) for s in range(players)),
    ]:
        before_first = play(game, before_first, text)
    outcomes = game.chance_outcomes(before_first)
    assert [str(a) for a, _ in outcomes] == [f"first {s + 1}" for s in range(players)]
    assert {p for _, p in outcomes} == {Fraction(1, players)}


def view_codes(view: dict[str, Any]) -> list[str]:
    return [loc["code"] for loc in view["locations"]]


def test_ATT_SETUP_2_options_override_locations_and_supply() -> None:
    """ATT-SETUP-2 (house choice ATT-R2): the options ``locations`` and ``supply`` change the
    number of locations (and the deck with them) and of Terrible Things."""
    game = new_game(2, locations=5, supply=9)
    state = deal(game)
    view = game.view(state, None)
    assert len(view["locations"]) == 5 and view["deck"] == [10] * 3 and view["supply"] == 9


def test_ATT_SETUP_2_deal_draws_are_distinct_and_exploits_are_dealt_round_robin() -> None:
    """ATT-SETUP-2 (house choice ATT-R2): a dealt character, location or Accomplishment is not
    dealt again; the Exploit cards go one at a time, seat 1, seat 2, seat 1, seat 2; each hand
    is secret (ATT-R2: kept secret): the other seats see only its size."""
    game = new_game(2)
    state = play(game, game.initial_state(), "character chr-captain")
    assert "character chr-captain" not in chances(game, state)
    assert len(chances(game, state)) == 3
    state = play(game, state, "character chr-heiress; scenario scn-lost-expedition")
    state = play(game, state, "location loc-ruins")
    assert "location loc-ruins" not in chances(game, state)
    state = play(game, state, "location loc-shrine; location loc-chasm; location loc-landing")
    state = play(game, state, "accomplishment acc-grand-tour")
    assert "accomplishment acc-grand-tour" not in chances(game, state)
    state = play(game, state, "accomplishment acc-the-collector; accomplishment acc-uncanny-luck")
    order = ["exp-jury-rig", "exp-fisticuffs", "exp-deep-breath", "exp-old-contacts"]
    for code in order:
        state = play(game, state, f"exploit {code}")
        assert f"exploit {code}" not in chances(game, state)
    assert set(code_of(game, "exploit", state.players[0].exploits)) == {
        "exp-jury-rig",
        "exp-deep-breath",
    }
    assert set(code_of(game, "exploit", state.players[1].exploits)) == {
        "exp-fisticuffs",
        "exp-old-contacts",
    }
    state = play(game, state, "first 2")
    assert state.active == 1
    mine, theirs = game.view(state, 0)["players"]
    assert set(mine["exploits"]) == {"exp-jury-rig", "exp-deep-breath"}
    assert theirs["exploits"] is None and theirs["exploit_count"] == 2
    assert game.view(state, None)["players"][0]["exploits"] is None


def test_ATT_SETUP_2_encounters_are_revealed_green_then_orange_then_red() -> None:
    """ATT-SETUP-2 (house choice ATT-R2): the encounter deck is 2 x locations cards of each tier,
    stacked tier 1 on top, then tier 2, then tier 3: with 4 locations the first two reveals
    draw tier 1, the next two tier 2, the last two tier 3."""
    game = new_game(2, supply=30)
    state = deal(game)
    seen_tiers: list[list[int]] = []
    for _ in range(60):
        if game.to_move(state) == CHANCE and state.step == REVEAL:
            drawn = []
            while game.to_move(state) == CHANCE:
                codes = [c.split()[1] for c in chances(game, state)]
                tiers = {game.cards.encounters[game.index_of["encounter"][c]].tier for c in codes}
                assert len(tiers) == 1
                drawn.append(tiers.pop())
                state = play(game, state, f"encounter {codes[0]}")
            seen_tiers.append(drawn)
        state = autoplay_turn(game, state)
        if game.to_move(state) is None:
            break
    # Six reveals of 4 cards each: 8 cards of each tier, in tier order.
    assert seen_tiers == [[1] * 4, [1] * 4, [2] * 4, [2] * 4, [3] * 4, [3] * 4]


# -- ATT-TURN ----------------------------------------------------------------------------


def test_ATT_TURN_1_phases_come_in_order() -> None:
    """ATT-TURN-1: a turn is reveal, explore, encounter, resolution, in this order; an action
    of another phase is refused, naming the phase that is due."""
    game = new_game(2)
    state = deal(game)
    assert game.view(state, 0)["step"] == "reveal" and game.to_move(state) == CHANCE
    rejects(game, state, "go loc-archive", "a die or a card must be drawn first")
    state = reveal(game, state, EASY[:4])
    assert game.view(state, 0)["step"] == "explore"
    rejects(game, state, "leave", "moves their pawn to a location")
    rejects(game, state, "fail", "moves their pawn to a location")
    state = play(game, state, "go loc-archive")
    assert game.view(state, 0)["step"] == "active-bonus"
    rejects(game, state, "go loc-shrine", "takes the location's own bonus or skips it")
    state = play(game, state, "skip")
    assert game.view(state, 0)["step"] == "everyone-bonus"
    state = play(game, state, "decline; decline")
    assert game.view(state, 0)["step"] == "shop"
    rejects(game, state, "fail", "may buy Loot sold here, or leave")
    state = play(game, state, "leave")
    assert game.view(state, 0)["step"] == "encounter" and game.to_move(state) == CHANCE
    state = roll(game, state, (1, 2, 3, 4, 5), ("blank", "blank"))
    assert game.view(state, 0)["step"] == "encounter" and game.to_move(state) == 0
    rejects(game, state, "go loc-shrine", "not an encounter action")
    # Resolution ends the turn: the next player explores.
    state = play(game, state, "fail")
    assert game.view(state, 0)["step"] == "explore" and state.active == 1 and state.turn == 2


def test_ATT_TURN_2_only_the_active_player_acts_except_for_the_all_players_bonus() -> None:
    """ATT-TURN-2: in seat 1's turn only seat 1 moves, fights and resolves; seats 2 and 3 move
    only to answer the all-players bonus, and then may only use or decline it (seat 2's
    Terrible Thing token is given by a direct edit)."""
    game = new_game(3)
    state = start(game)
    state = adjust_player(state, 1, terrible=1)
    movers = [game.to_move(state)]
    state = play(game, state, "go loc-shrine")
    movers.append(game.to_move(state))
    state = play(game, state, "bonus")
    for _ in range(3):
        movers.append(game.to_move(state))
        if game.to_move(state) == 1:
            assert legal(game, state) == ["use", "decline"]
            rejects(game, state, "terrible 1", "uses the all-players bonus or declines it")
            rejects(game, state, "play exp-whispered-name", "uses the all-players bonus")
        state = play(game, state, "use")
    movers.append(game.to_move(state))
    state = play(game, state, "leave")
    state = roll(game, state, (1, 1, 2, 4, 6), ("blank", "blank"))  # no pair >= 3
    movers.append(game.to_move(state))
    assert movers == [0, 0, 0, 1, 2, 0, 0]
    state = play(game, state, "fail")
    assert game.to_move(state) == 1 and state.active == 1


# -- ATT-REVEAL --------------------------------------------------------------------------


def test_ATT_REVEAL_1_no_reveal_while_an_encounter_is_on_the_board() -> None:
    """ATT-REVEAL-1: the next turn starts with three encounters left: no card is drawn, the
    turn starts at the explore phase."""
    game = new_game(2)
    state = start(game)
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = play(game, state, "fail")
    assert game.to_move(state) == 1
    assert game.view(state, 1)["step"] == "explore"
    assert state.quota == (4, 8, 8)
    assert code_of(game, "encounter", [e for e in state.board if e >= 0]) == list(EASY[1:4])
    assert legal(game, state) == ["go loc-archive", "go loc-shrine", "go loc-chasm"]


def test_ATT_REVEAL_2_one_encounter_beside_each_location() -> None:
    """ATT-REVEAL-2: with an empty board, one encounter card is drawn for each location, in
    location order, before anyone explores."""
    game = new_game(2)
    state = deal(game)
    for slot, code in enumerate(EASY[:4]):
        assert game.to_move(state) == CHANCE
        assert f"encounter {code}" in chances(game, state)
        state = play(game, state, f"encounter {code}")
        assert code_of(game, "encounter", state.board[: slot + 1]) == list(EASY[: slot + 1])
    assert game.to_move(state) == 0
    assert [loc["encounter"] for loc in game.view(state, 0)["locations"]] == list(EASY[:4])
    assert state.quota == (4, 8, 8)


def test_ATT_REVEAL_2_a_new_reveal_when_the_board_is_empty() -> None:
    """ATT-REVEAL-2: once the last encounter leaves the board, the next turn begins with a
    reveal of a card beside every location."""
    game = new_game(2)
    state = start(game)
    for _ in range(4):
        state = autoplay_turn(game, state)
    assert all(e < 0 for e in state.board)
    assert game.to_move(state) == CHANCE and game.view(state, 0)["step"] == "reveal"
    state = reveal(
        game,
        state,
        ["enc-jade-scarab", "enc-hooded-acolyte", "enc-gnawing-rats", "enc-tarnished-compass"],
    )
    assert game.to_move(state) == 0 and all(e >= 0 for e in state.board)
    assert state.quota == (0, 8, 8)


def test_ATT_REVEAL_3_each_card_puts_a_token_of_its_resource_on_its_location() -> None:
    """ATT-REVEAL-3: each card revealed puts one token of its resource icon on its location
    (Bridge: Focus, Guide: Feat, Idol: Treasure, Marsh Lights: Mystery)."""
    game = new_game(2)
    state = start(game)
    zero = {"focus": 0, "mystery": 0, "treasure": 0, "feat": 0}
    expected = ["focus", "feat", "treasure", "mystery"]
    for location, resource in zip(game.view(state, 0)["locations"], expected, strict=True):
        assert location["tokens"] == {**zero, resource: 1}


def test_ATT_REVEAL_3_tokens_left_on_a_location_pile_up() -> None:
    """ATT-REVEAL-3: a token nobody took stays on its location, and the next reveal adds one
    more (solo: the rival claims encounters without taking tokens, ATT-R1)."""
    game = new_game(1)
    # Guide (feat, 2) and Rats (mystery, 2) are claimed by the rival; their tokens stay.
    state = start(
        game,
        ["enc-rotten-rope-bridge", "enc-crooked-guide", "enc-whispering-idol", "enc-gnawing-rats"],
    )
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = play(game, state, "fail")
    state = encounter(game, state, "loc-shrine", (1, 2, 3, 5, 6))  # Idol: no pair, no 4-5-6
    state = play(game, state, "fail")
    assert all(e < 0 for e in state.board)
    state = reveal(
        game,
        state,
        [
            "enc-jade-scarab",
            "enc-hooded-acolyte",
            "enc-marsh-lights",
            "enc-knife-throwing-smuggler",
        ],
    )
    piles = [loc["tokens"] for loc in game.view(state, 0)["locations"]]
    assert piles[1] == {"focus": 0, "mystery": 0, "treasure": 0, "feat": 2}
    assert piles[3] == {"focus": 0, "mystery": 1, "treasure": 0, "feat": 1}
    assert piles[0] == {"focus": 0, "mystery": 0, "treasure": 1, "feat": 0}


def test_ATT_REVEAL_4_game_ends_when_the_deck_cannot_fill_the_locations() -> None:
    """ATT-REVEAL-4 (ATT-R13): 4 players, 6 locations, and only 3 cards left in the deck
    (fewer than the players): the next reveal does not happen and the game ends, nothing is
    drawn. The deck and the board are set by a direct edit."""
    game = new_game(4)
    state = start(game)
    state = adjust(state, quota=(0, 0, 3), board=(state.board[0], -1, -1, -1, -1, -1))
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = play(game, state, "fail")
    assert game.to_move(state) is None
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == "locations-cannot-be-filled"
    assert state.quota == (0, 0, 3) and all(e < 0 for e in state.board)


def test_ATT_REVEAL_4_a_deck_that_fills_every_location_is_revealed() -> None:
    """ATT-REVEAL-4: with exactly one card per location left, the reveal happens. The deck and
    the board are set by a direct edit."""
    game = new_game(2)
    state = start(game)
    state = adjust(state, quota=(0, 0, 4), board=(state.board[0], -1, -1, -1))
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = play(game, state, "fail")
    assert game.to_move(state) == CHANCE and game.view(state, 1)["step"] == "reveal"
    assert {c.split()[1] for c in chances(game, state)} == set(tier_codes(game, 3))


def test_ATT_REVEAL_4_fewer_cards_than_players_when_the_deck_runs_out() -> None:
    """ATT-REVEAL-4: 4 players with the option ``locations=2`` (accepted by the engine): the
    reveal that takes the last 2 cards of the deck draws fewer cards than there are players, so
    the game ends (or the option is refused). The deck is cut to 2 cards by a direct edit."""
    try:
        game = new_game(4, locations=2)
    except OptionError:
        return  # refusing fewer locations than players keeps ATT-R13's premise true
    state = deal(game)
    state = adjust(state, quota=(0, 0, 2))
    state = reveal(game, state, ["enc-occultist", "enc-black-codex"])
    assert game.to_move(state) is None


# -- ATT-EXPLORE -------------------------------------------------------------------------


def test_ATT_EXPLORE_1_only_to_a_location_with_an_encounter() -> None:
    """ATT-EXPLORE-1 (house choice ATT-R6): the pawn goes only where an encounter waits; a
    location without one, or not in play, is refused."""
    game = new_game(2)
    state = start(game)
    assert legal(game, state) == [
        "go loc-trading-post",
        "go loc-archive",
        "go loc-shrine",
        "go loc-chasm",
    ]
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = play(game, state, "fail")
    assert "go loc-trading-post" not in legal(game, state)
    rejects(game, state, "go loc-trading-post", "no encounter card waits at that location")
    rejects(game, state, "go loc-landing", "no location 'loc-landing' is in play")
    state = play(game, state, "go loc-chasm")
    assert state.players[1].location == 3
    assert game.view(state, 0)["locations"][3]["pawns"] == [1]


def test_ATT_EXPLORE_2_the_active_player_takes_the_tokens_there() -> None:
    """ATT-EXPLORE-2: going to the Chasm (Marsh Lights, a Mystery token) gives its token to the
    active player; the other locations keep theirs."""
    game = new_game(2)
    state = start(game)
    before = tokens(state, 0)
    state = play(game, state, "go loc-chasm")
    assert tokens(state, 0) == {**before, "mystery": before["mystery"] + 1}
    assert tokens(state, 1) == {"focus": 1, "mystery": 2, "treasure": 1, "feat": 1}
    piles = [loc["tokens"] for loc in game.view(state, 0)["locations"]]
    assert sum(piles[3].values()) == 0
    assert [sum(p.values()) for p in piles[:3]] == [1, 1, 1]


def test_ATT_EXPLORE_3_an_active_bonus_and_an_all_players_bonus() -> None:
    """ATT-EXPLORE-3: the Shrine gives 2 Mystery to the active player alone, and 1 Focus to
    each player who uses its all-players bonus, the active player included."""
    game = new_game(2)
    state = start(game)
    state = play(game, state, "go loc-shrine")  # + the Treasure token of the Idol
    seat0, seat1 = tokens(state, 0), tokens(state, 1)
    state = play(game, state, "bonus")
    assert tokens(state, 0) == {**seat0, "mystery": seat0["mystery"] + 2}
    assert tokens(state, 1) == seat1
    state = play(game, state, "use")
    assert tokens(state, 0)["focus"] == seat0["focus"] + 1
    state = play(game, state, "use")
    assert tokens(state, 1) == {**seat1, "focus": seat1["focus"] + 1}
    assert tokens(state, 0)["mystery"] == seat0["mystery"] + 2


def test_ATT_EXPLORE_4_active_bonus_first_and_optional() -> None:
    """ATT-EXPLORE-4: the Archive's active bonus (draw an Exploit) is resolved before anyone is
    offered the all-players bonus; skipping it gives nothing."""
    game = new_game(2)
    state = start(game)
    state = play(game, state, "go loc-archive")
    assert legal(game, state) == ["bonus", "skip"]
    taken = play(game, state, "bonus")
    assert game.to_move(taken) == CHANCE and taken.draws == (0,)
    assert "exploit exp-old-contacts" in chances(game, taken)
    taken = play(game, taken, "exploit exp-old-contacts")
    assert len(taken.players[0].exploits) == 3
    assert game.to_move(taken) == 0 and legal(game, taken) == ["use", "decline"]
    skipped = play(game, state, "skip")
    assert game.to_move(skipped) == 0 and legal(game, skipped) == ["use", "decline"]
    assert len(skipped.players[0].exploits) == 2
    assert tokens(skipped, 0) == tokens(state, 0)


def test_ATT_EXPLORE_5_all_players_bonus_clockwise_from_the_active_player() -> None:
    """ATT-EXPLORE-5: seat 2 is active: seats 2, 3, 1 in turn use or decline the Shrine's
    all-players bonus (1 Focus); then the active player goes on."""
    game = new_game(3)
    state = start(game, first=1)
    state = play(game, state, "go loc-shrine; skip")
    focus = [tokens(state, s)["focus"] for s in range(3)]
    order = []
    for answer in ("use", "decline", "use"):
        order.append(game.to_move(state))
        assert legal(game, state) == ["use", "decline"]
        state = play(game, state, answer)
    assert order == [1, 2, 0]
    assert [tokens(state, s)["focus"] for s in range(3)] == [focus[0] + 1, focus[1] + 1, focus[2]]
    assert game.to_move(state) == 1 and game.view(state, 1)["step"] == "shop"


# -- ATT-PASS ----------------------------------------------------------------------------


def test_ATT_PASS_1_dice_pass_clockwise() -> None:
    """ATT-PASS-1: after seat 3's turn seat 1 is active, then seat 2."""
    game = new_game(3)
    state = start(game, first=2)
    assert state.active == 2
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = play(game, state, "fail")
    assert state.active == 0 and game.to_move(state) == 0 and state.turn == 2
    state = encounter(game, state, "loc-archive", (1, 2, 3, 4, 5))  # no 6 for the Guide
    state = play(game, state, "fail")
    assert state.active == 1 and game.to_move(state) == 1 and state.turn == 3


def test_ATT_PASS_2_the_next_player_starts_from_a_plain_pool() -> None:
    """ATT-PASS-2: seat 1 adds a sixth die, sets two aside and spends an Action die; seat 2
    then starts with no dice, and rolls exactly 5 Focus and 2 unused Action dice, none aside."""
    game = new_game(2)
    hands = [["exp-fisticuffs", "exp-hold-the-line"], list(EXPLOITS[1])]
    state = start(game, characters=["chr-captain", "chr-journalist"], exploits=hands)
    state = encounter(game, state, "loc-trading-post", (6, 6, 1, 2, 4), ("feat", "blank"))
    state = play(game, state, "play exp-fisticuffs")
    state = roll(game, state, (5,))
    state = play(game, state, "play exp-hold-the-line; aside f1+f2")
    state = roll(game, state, (1, 2, 4, 5))
    state = play(game, state, "cash a1")
    assert len(state.dice.focus) == 6 and state.dice.aside == (0, 1)
    assert state.dice.used == (True, False)
    state = play(game, state, "defeat 1")  # the pair of 6s set aside
    assert state.active == 1 and game.view(state, 1)["dice"] is None
    state = explore(game, state, "loc-archive")
    state = play(game, state, "leave")
    assert state.rolls == ("f1", "f2", "f3", "f4", "f5", "a1", "a2")
    state = roll(game, state, (1, 2, 3, 4, 5), ("blank", "treasure"))
    dice = game.view(state, 1)["dice"]
    assert dice["focus"] == [1, 2, 3, 4, 5] and dice["aside"] == []
    assert dice["action"] == ["blank", "treasure"] and dice["used"] == [False, False]


def test_ATT_EXPLORE_1_a_pawn_may_join_another_pawn() -> None:
    """ATT-EXPLORE-1 (house choice ATT-R6): after the board is cleared and refilled, seat 1 may
    go to the Chasm where seat 2's pawn still stands."""
    game = new_game(2, supply=30)
    state = start(game)
    for _ in range(4):
        state = autoplay_turn(game, state)
    assert state.players[1].location == 3
    state = reveal(
        game,
        state,
        ["enc-jade-scarab", "enc-hooded-acolyte", "enc-gnawing-rats", "enc-tarnished-compass"],
    )
    assert state.active == 0 and "go loc-chasm" in legal(game, state)
    state = play(game, state, "go loc-chasm")
    assert game.view(state, 0)["locations"][3]["pawns"] == [0, 1]
