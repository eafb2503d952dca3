# ruff: noqa: N802  (test names carry clause IDs such as ATT_ENC_1 in capitals)
"""Scenario tests for the Ancient Terrible Things encounter: the dice, the tokens, Loot,
Exploits and Terrible Things (ATT-ENC-*, ATT-LOOT-*, ATT-EXPL-*, ATT-TT-*; see
docs/rules/ancient-terrible-things.md).

The default table (:mod:`tests.ancient_terrible_things.scenario`): seat 1 the prospector
(Focus 1, Mystery 1, Treasure 2, Feat 1; Terrible Thing benefits: +2 Treasure, re-roll up to
3, one nudge) with Second Wind and Steady Hands, seat 2 the journalist; locations Trading
Post, Archive, Shrine, Chasm with the Rotten Rope Bridge (pair >= 3), the Crooked Guide
(one die >= 6), the Whispering Idol (pair >= 3 or straight from 4) and the Marsh Lights
(straight from 2 or one die >= 6); the scenario accepts four of a kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

from gamehall.core.errors import InvalidActionError
from gamehall.core.game import CHANCE
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import AttState
from tests.ancient_terrible_things.scenario import (
    EXPLOITS,
    MISS_BRIDGE,
    MISS_GUIDE,
    adjust,
    adjust_player,
    chances,
    code_of,
    encounter,
    explore,
    give_loot,
    legal,
    new_game,
    play,
    rejects,
    roll,
    start,
    tokens,
)


def at_guide(
    focus: Sequence[int] = MISS_GUIDE,
    action: Sequence[str] = ("blank", "blank"),
    characters: Sequence[str] | None = None,
    exploits: Sequence[Sequence[str]] | None = None,
    players: int = 2,
) -> tuple[AncientTerribleThings, AttState]:
    """Seat 1 fights the Crooked Guide (Archive) with these dice."""
    game = new_game(players)
    setup: dict[str, Any] = {}
    if characters:
        setup["characters"] = characters
    if exploits:
        setup["exploits"] = exploits
    state = start(game, **setup)
    return game, encounter(game, state, "loc-archive", focus, action)


# -- ATT-ENC -----------------------------------------------------------------------------


def test_ATT_ENC_1_five_focus_and_two_action_dice_against_the_card_here() -> None:
    """ATT-ENC-1: at the Archive seat 1 fights the Crooked Guide beside it, with 5 Focus dice
    and 2 Action dice; the combinations offered are the Guide's (then the scenario's)."""
    game, state = at_guide(focus=(6, 1, 2, 3, 4))
    view = game.view(state, 0)
    assert len(view["dice"]["focus"]) == 5 and len(view["dice"]["action"]) == 2
    assert [(c["kind"], c["minimum"], c["scenario"]) for c in view["combos"]] == [
        ("high", 6, False),
        ("set", 1, True),
    ]
    assert "defeat 1" in legal(game, state)
    state = play(game, state, "defeat 1")
    assert code_of(game, "encounter", state.players[0].trophies) == ["enc-crooked-guide"]


def test_ATT_ENC_2_all_seven_dice_are_rolled_at_the_start() -> None:
    """ATT-ENC-2: leaving the shop rolls all seven dice at once: no decision is possible until
    every one of them shows a face."""
    game = new_game(2)
    state = explore(game, start(game), "loc-archive")
    state = play(game, state, "leave")
    assert state.rolls == ("f1", "f2", "f3", "f4", "f5", "a1", "a2")
    for die, face in zip(state.rolls, ["1", "2", "3", "4", "5", "blank", "blank"], strict=True):
        assert game.to_move(state) == CHANCE and legal(game, state) == []
        rejects(game, state, "fail", "a die or a card must be drawn first")
        state = play(game, state, f"roll {die} {face}")
    assert game.to_move(state) == 0 and "fail" in legal(game, state)


def test_ATT_ENC_3_action_dice_are_never_rerolled() -> None:
    """ATT-ENC-3: after the first roll, re-rolls name Focus dice only: "re-roll everything"
    (Reckless Gamble) rolls the 5 Focus dice and leaves the Action dice as they are, a re-roll
    choice offers no Action die, and an Action die cannot be named in one."""
    hands = [["exp-reckless-gamble", "exp-second-wind"], list(EXPLOITS[1])]
    game, state = at_guide(action=("treasure", "mystery"), characters=None, exploits=hands)
    state = adjust_player(state, 0, tokens={"feat": 2})  # direct edit: pay both Exploits
    state = play(game, state, "play exp-reckless-gamble")
    assert state.rolls == ("f1", "f2", "f3", "f4", "f5")
    state = roll(game, state, (2, 2, 3, 3, 4))
    assert state.dice.action == ("treasure", "mystery")
    state = play(game, state, "play exp-second-wind")
    options = legal(game, state)
    assert "reroll f1+f2+f3" in options and all("a" not in o.split()[-1] for o in options)
    with pytest.raises(InvalidActionError):
        game.parse_action("reroll a1")
    assert not any(o.startswith("focus a") for o in legal(game, play(game, state, "done")))


def test_ATT_ENC_4_loot_and_exploits_any_number_in_any_order() -> None:
    """ATT-ENC-4: Loot and Exploit cards may be used one after another in any order: Lens,
    Second Wind, Machete, Steady Hands, and the other way round. (The Loot is given by a
    direct edit.)"""
    game, state = at_guide(focus=(1, 2, 3, 4, 5))
    state = give_loot(game, state, 0, "loot-reading-lens", "loot-trusty-machete")
    state = adjust_player(state, 0, tokens={"feat": 2})  # direct edit: pay both Exploits
    first = play(game, state, "loot loot-reading-lens a1; nudge f5 up")
    assert first.dice.focus == (1, 2, 3, 4, 6)
    first = play(game, first, "play exp-second-wind; reroll f1")
    first = roll(game, first, (5,))
    first = play(game, first, "loot loot-trusty-machete a2; reroll f2")
    first = roll(game, first, (5,))
    assert "play exp-steady-hands" in legal(game, first)
    first = play(game, first, "play exp-steady-hands; nudge f3 up; nudge f3 up")
    assert first.dice.focus == (5, 5, 5, 4, 6)
    assert tokens(first, 0)["feat"] == 0 and first.players[0].exhausted == tuple(
        sorted(game.index_of["loot"][c] for c in ("loot-reading-lens", "loot-trusty-machete"))
    )
    # The other order: the Exploits first, then the Loot.
    second = play(game, state, "play exp-steady-hands; nudge f1 up; done")
    second = play(game, second, "play exp-second-wind; done")
    assert "loot loot-reading-lens a1" in legal(game, second)
    second = play(game, second, "loot loot-reading-lens a1; nudge f2 up")
    assert "loot loot-trusty-machete a2" in legal(game, second)
    second = play(game, second, "loot loot-trusty-machete a2; done")
    assert second.dice.focus == (2, 3, 3, 4, 5)


def test_ATT_ENC_5_a_die_set_aside_keeps_its_face() -> None:
    """ATT-ENC-5 (house choice ATT-R8): Hold the Line sets f1 and f2 aside, then re-rolls the
    others: the two kept dice keep their faces, later re-rolls (a card or a Focus token) cannot
    name them, and they still count in the combination (a pair of 6s beats the Bridge)."""
    hands = [["exp-hold-the-line", "exp-second-wind"], list(EXPLOITS[1])]
    game = new_game(2)
    state = start(game, characters=["chr-captain", "chr-journalist"], exploits=hands)
    state = encounter(game, state, "loc-trading-post", (6, 6, 1, 2, 4))
    state = play(game, state, "play exp-hold-the-line")
    assert "aside f1+f2" in legal(game, state) and "aside f1+f2+f3" not in legal(game, state)
    state = play(game, state, "aside f1+f2")
    assert state.rolls == ("f3", "f4", "f5")
    state = roll(game, state, (1, 2, 4))
    assert state.dice.focus[:2] == (6, 6) and state.dice.aside == (0, 1)
    assert "focus f1" not in legal(game, state) and "focus f3" in legal(game, state)
    rejects(game, state, "focus f2", "that die is set aside")
    state = play(game, state, "play exp-second-wind")
    options = legal(game, state)
    assert "reroll f3+f4+f5" in options
    assert not [o for o in options if "f1" in o or "f2" in o]
    state = play(game, state, "reroll f3+f4+f5")
    state = roll(game, state, (1, 2, 4))
    assert state.dice.focus[:2] == (6, 6)
    assert "defeat 1" in legal(game, state)


def test_ATT_ENC_6_focus_dice_one_to_six_action_dice_three_blanks_and_three_symbols() -> None:
    """ATT-ENC-6 (house choice ATT-R4): a Focus die shows 1 to 6, each 1/6; an Action die shows
    a blank on 3 faces of 6, and Treasure, Feat or Mystery on one face each."""
    game = new_game(2)
    state = explore(game, start(game), "loc-archive")
    state = play(game, state, "leave")
    assert game.chance_outcomes(state) == [
        (game.parse_action(f"roll f1 {v}"), Fraction(1, 6)) for v in range(1, 7)
    ]
    state = play(game, state, "roll f1 1; roll f2 2; roll f3 3; roll f4 4; roll f5 5")
    assert dict((str(a), p) for a, p in game.chance_outcomes(state)) == {
        "roll a1 blank": Fraction(1, 2),
        "roll a1 treasure": Fraction(1, 6),
        "roll a1 feat": Fraction(1, 6),
        "roll a1 mystery": Fraction(1, 6),
    }
    rejects(game, state, "roll a1 focus", "")
    rejects(game, state, "roll a1 6", "")


def test_ATT_ENC_7_a_focus_token_rerolls_one_focus_die() -> None:
    """ATT-ENC-7 (house choice ATT-R5): a Focus token re-rolls one Focus die of the player's
    choice; with no Focus token left it is refused."""
    game, state = at_guide(focus=(1, 2, 3, 4, 5))
    assert tokens(state, 0)["focus"] == 1
    assert [o for o in legal(game, state) if o.startswith("focus")] == [
        f"focus f{i}" for i in range(1, 6)
    ]
    state = play(game, state, "focus f3")
    assert tokens(state, 0)["focus"] == 0 and state.rolls == ("f3",)
    state = roll(game, state, (6,))
    assert state.dice.focus == (1, 2, 6, 4, 5)
    assert not [o for o in legal(game, state) if o.startswith("focus")]
    rejects(game, state, "focus f1", "costs a Focus token, and you hold none")
    assert "defeat 1" in legal(game, state)


def test_ATT_ENC_7_treasure_buys_loot_and_feat_pays_exploits() -> None:
    """ATT-ENC-7 (house choice ATT-R5): Treasure buys Loot (2 for the Machete), Feat pays the
    Exploits that ask for it (Second Wind: 1 Feat)."""
    game = new_game(2)
    state = explore(game, start(game), "loc-trading-post")
    state = play(game, state, "buy loot-trusty-machete")
    assert tokens(state, 0)["treasure"] == 0
    state = play(game, state, "leave")
    state = roll(game, state, MISS_BRIDGE, ("blank", "blank"))
    state = play(game, state, "play exp-second-wind")
    assert tokens(state, 0)["feat"] == 0


# -- ATT-LOOT ----------------------------------------------------------------------------


def test_ATT_LOOT_1_bought_with_treasure_at_its_own_location() -> None:
    """ATT-LOOT-1 (house choice ATT-R7): at the Trading Post the prospector (2 Treasure) may
    buy the Machete (2), not the Elephant Gun (4), nor Loot sold elsewhere; a bought card is
    paid, owned and no longer for sale."""
    game = new_game(2)
    state = explore(game, start(game), "loc-trading-post")
    assert legal(game, state) == ["buy loot-trusty-machete", "leave"]
    rejects(game, state, "buy loot-elephant-gun", "it costs 4 Treasure and you hold 2")
    rejects(game, state, "buy loot-reading-lens", "not for sale at this location")
    state = play(game, state, "buy loot-trusty-machete")
    assert tokens(state, 0)["treasure"] == 0
    assert code_of(game, "loot", state.players[0].loot) == ["loot-trusty-machete"]
    assert game.view(state, 1)["locations"][0]["for_sale"] == ["loot-elephant-gun"]
    assert legal(game, state) == ["leave"]
    state = play(game, state, "leave")
    state = roll(game, state, MISS_BRIDGE, ("treasure", "treasure"))
    state = play(game, state, "cash a1; cash a2")
    rejects(game, state, "buy loot-elephant-gun", "not an encounter action")


def test_ATT_LOOT_1_the_market_bonus_takes_one_treasure_off_the_next_loot() -> None:
    """ATT-LOOT-1 (house choice ATT-R7): the Trading Post's active bonus gives 1 Treasure and
    1 off the next Loot: the prospector (now 3) buys the Machete for 1, then the Gun is back
    at 4."""
    game = new_game(2)
    state = explore(game, start(game), "loc-trading-post", bonus="bonus")
    assert tokens(state, 0)["treasure"] == 3
    assert "buy loot-elephant-gun" in legal(game, state)  # 4 - 1 = 3
    state = play(game, state, "buy loot-trusty-machete")
    assert tokens(state, 0)["treasure"] == 2
    rejects(game, state, "buy loot-elephant-gun", "it costs 4 Treasure and you hold 2")


def test_ATT_LOOT_2_an_action_die_activates_loot_and_is_then_used() -> None:
    """ATT-LOOT-2: the Machete needs an unused Action die: it is offered with a1 or a2, refused
    without one; the die spent on it cannot be cashed, and with no unused die no such Loot can
    be activated. The Prayer Beads need no die. (The Loot is given by a direct edit.)"""
    game, state = at_guide(action=("treasure", "feat"))
    state = give_loot(
        game, state, 0, "loot-trusty-machete", "loot-reading-lens", "loot-bone-prayer-beads"
    )
    options = legal(game, state)
    assert {"loot loot-trusty-machete a1", "loot loot-trusty-machete a2"} <= set(options)
    assert "loot loot-trusty-machete" not in options
    assert "loot loot-bone-prayer-beads" in options
    assert "loot loot-bone-prayer-beads a1" not in options
    rejects(game, state, "loot loot-trusty-machete", "needs an unused Action die")
    state = play(game, state, "loot loot-trusty-machete a1; done")
    assert state.dice.used == (True, False)
    rejects(game, state, "cash a1", "that Action die is already used")
    assert "loot loot-reading-lens a1" not in legal(game, state)
    assert "loot loot-reading-lens a2" in legal(game, state)
    state = play(game, state, "cash a2")
    assert state.dice.used == (True, True)
    assert not [o for o in legal(game, state) if o.startswith("loot loot-reading-lens")]
    assert "loot loot-bone-prayer-beads" in legal(game, state)


def test_ATT_LOOT_3_used_loot_is_exhausted() -> None:
    """ATT-LOOT-3: after use the Reading Lens is turned (exhausted, also in the view) and
    cannot be used again, though an Action die is still free. (The Loot is given by a direct
    edit.)"""
    game, state = at_guide()
    state = give_loot(game, state, 0, "loot-reading-lens")
    state = play(game, state, "loot loot-reading-lens a1; nudge f5 up")
    assert game.view(state, 0)["players"][0]["loot"] == [
        {"code": "loot-reading-lens", "exhausted": True}
    ]
    assert not [o for o in legal(game, state) if o.startswith("loot")]
    rejects(game, state, "loot loot-reading-lens a2", "exhausted until an effect readies it")


def test_ATT_LOOT_4_exhausted_loot_stays_so_until_an_effect_readies_it() -> None:
    """ATT-LOOT-4 (house choice ATT-R9): the Machete used in turn 1 is still exhausted in the
    owner's next turn (no automatic ready step); Jury-Rig readies it and it can be used
    again. (The Loot is given by a direct edit.)"""
    hands = [["exp-jury-rig", "exp-second-wind"], list(EXPLOITS[1])]
    game = new_game(2)
    state = start(game, exploits=hands)
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = give_loot(game, state, 0, "loot-trusty-machete")
    state = play(game, state, "loot loot-trusty-machete a1; done; fail")
    state = encounter(game, state, "loc-archive", MISS_GUIDE)
    state = play(game, state, "fail")
    state = encounter(game, state, "loc-shrine", (1, 2, 3, 5, 6))  # Idol: no pair, no 4-5-6
    assert state.active == 0 and state.turn == 3
    machete = game.index_of["loot"]["loot-trusty-machete"]
    assert state.players[0].exhausted == (machete,)
    assert not [o for o in legal(game, state) if o.startswith("loot")]
    state = play(game, state, "play exp-jury-rig")
    assert legal(game, state) == ["ready loot-trusty-machete", "done"]
    state = play(game, state, "ready loot-trusty-machete")
    assert state.players[0].exhausted == ()
    assert "loot loot-trusty-machete a1" in legal(game, state)


def test_ATT_LOOT_4_a_loot_card_cannot_ready_itself() -> None:
    """ATT-LOOT-4 (house choice ATT-R9): the Prayer Beads ready another exhausted Loot card,
    never themselves. (The Loot is given by a direct edit.)"""
    game, state = at_guide()
    state = give_loot(game, state, 0, "loot-bone-prayer-beads", "loot-reading-lens")
    alone = play(game, state, "loot loot-bone-prayer-beads")
    assert alone.choice is None  # nothing else to ready: no choice
    assert "loot loot-bone-prayer-beads" not in legal(game, alone)
    state = play(game, state, "loot loot-reading-lens a1; nudge f1 up")
    state = play(game, state, "loot loot-bone-prayer-beads")
    assert legal(game, state) == ["ready loot-reading-lens", "done"]
    state = play(game, state, "ready loot-reading-lens")
    beads = game.index_of["loot"]["loot-bone-prayer-beads"]
    assert state.players[0].exhausted == (beads,)
    assert "loot loot-reading-lens a2" in legal(game, state)


# -- ATT-EXPL ----------------------------------------------------------------------------


def test_ATT_EXPL_1_an_exploit_costs_its_printed_tokens() -> None:
    """ATT-EXPL-1: with 1 Feat and 2 Focus the prospector may play Nerves of Steel (Feat 1 +
    Focus 1, both paid) but not Leap of Faith (Feat 2); two Feat cashed from the Action dice
    make it playable."""
    hands = [["exp-leap-of-faith", "exp-nerves-of-steel"], list(EXPLOITS[1])]
    game = new_game(2)
    state = start(game, exploits=hands)
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE, ("feat", "feat"))
    assert tokens(state, 0) == {"focus": 2, "mystery": 1, "treasure": 2, "feat": 1}
    assert "play exp-nerves-of-steel" in legal(game, state)
    assert "play exp-leap-of-faith" not in legal(game, state)
    rejects(game, state, "play exp-leap-of-faith", "cannot pay the tokens printed")
    state = play(game, state, "play exp-nerves-of-steel; done; done")
    assert tokens(state, 0) == {"focus": 1, "mystery": 1, "treasure": 2, "feat": 0}
    state = play(game, state, "cash a1")
    rejects(game, state, "play exp-leap-of-faith", "cannot pay the tokens printed")
    state = play(game, state, "cash a2")
    assert "play exp-leap-of-faith" in legal(game, state)
    state = play(game, state, "play exp-leap-of-faith; face f1 6")
    assert tokens(state, 0)["feat"] == 0 and state.dice.focus[0] == 6


def test_ATT_EXPL_2_an_exploit_is_used_once_and_gone_for_good() -> None:
    """ATT-EXPL-2: Second Wind, once played, leaves the hand for good: it cannot be played
    again (even with Feat to pay) and is not among the cards Old Contacts may draw."""
    hands = [["exp-second-wind", "exp-old-contacts"], list(EXPLOITS[1])]
    game = new_game(2)
    state = start(game, characters=["chr-captain", "chr-journalist"], exploits=hands)
    state = encounter(game, state, "loc-archive", MISS_GUIDE, ("feat", "blank"))
    state = play(game, state, "play exp-second-wind; done")
    assert code_of(game, "exploit", state.players[0].exploits) == ["exp-old-contacts"]
    assert game.view(state, 0)["players"][0]["exploits"] == ["exp-old-contacts"]
    state = play(game, state, "cash a1")
    rejects(game, state, "play exp-second-wind", "not in your hand")
    state = play(game, state, "play exp-old-contacts")
    drawable = {c.split()[1] for c in chances(game, state)}
    assert game.to_move(state) == CHANCE
    assert not drawable & {"exp-second-wind", "exp-old-contacts", *EXPLOITS[1]}
    assert len(drawable) == len(game.cards.exploits) - 4


# -- ATT-TT ------------------------------------------------------------------------------


def turn_three_with_tokens(supply: int = 0) -> tuple[AncientTerribleThings, AttState]:
    """Seats 1 and 2 each fail once; seat 1 then fights the Idol in turn 3 with one unspent
    Terrible Thing token."""
    game = new_game(2, supply=supply)
    state = start(game)
    state = encounter(game, state, "loc-trading-post", MISS_BRIDGE)
    state = play(game, state, "fail")
    state = encounter(game, state, "loc-archive", MISS_GUIDE)
    state = play(game, state, "fail")
    return game, state


def test_ATT_TT_1_spend_a_token_for_a_benefit_of_your_character() -> None:
    """ATT-TT-1: with an unspent Terrible Thing token the prospector may take any benefit on
    the back of the card; the first gives 2 Treasure at once. Without a token, none."""
    game, state = turn_three_with_tokens()
    before = encounter(game, state, "loc-shrine", (1, 2, 3, 5, 6))
    assert [o for o in legal(game, before) if o.startswith("terrible")] == [
        "terrible 1",
        "terrible 2",
        "terrible 3",
    ]
    after = play(game, before, "terrible 1")
    assert tokens(after, 0)["treasure"] == tokens(before, 0)["treasure"] + 2
    game2, fresh = at_guide()
    rejects(game2, fresh, "terrible 1", "you hold no unspent Terrible Thing token")


def test_ATT_TT_1_a_benefit_can_act_on_the_dice() -> None:
    """ATT-TT-1: the prospector's second benefit re-rolls up to 3 Focus dice."""
    game, state = turn_three_with_tokens()
    state = encounter(game, state, "loc-shrine", (1, 2, 3, 5, 6))
    state = play(game, state, "terrible 2")
    assert "reroll f1+f2+f3" in legal(game, state)
    state = play(game, state, "reroll f1+f2")
    state = roll(game, state, (3, 3))
    assert state.dice.focus == (3, 3, 3, 5, 6) and "defeat 1" in legal(game, state)


def test_ATT_TT_2_a_spent_token_is_flipped_and_cannot_be_used_again() -> None:
    """ATT-TT-2: once spent, the token is flipped (1 of 1 spent) and no benefit is offered."""
    game, state = turn_three_with_tokens()
    state = encounter(game, state, "loc-shrine", (1, 2, 3, 5, 6))
    state = play(game, state, "terrible 1")
    player = game.view(state, 1)["players"][0]
    assert (player["terrible"], player["flipped"]) == (1, 1)
    assert not [o for o in legal(game, state) if o.startswith("terrible")]
    rejects(game, state, "terrible 1", "you hold no unspent Terrible Thing token")


def test_ATT_TT_3_flipped_tokens_still_count_in_the_penalty() -> None:
    """ATT-TT-3: the prospector spends (flips) their token, then fails again as the supply
    runs out: both tokens count, 2 tokens cost 1 Secret."""
    game, state = turn_three_with_tokens(supply=3)
    state = encounter(game, state, "loc-shrine", (1, 2, 3, 5, 6))
    state = play(game, state, "terrible 3; done; fail")
    assert state.players[0].flipped == 1 and state.players[0].terrible == 2
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.scores[0] == -1.0


@pytest.mark.parametrize("flipped", [0, 1, 2])
def test_ATT_TT_3_the_penalty_ignores_whether_tokens_were_spent(flipped: int) -> None:
    """ATT-TT-3: seat 2 holds 2 tokens, of which 0, 1 or 2 are flipped (a direct edit): the
    penalty is -1 each time."""
    game, state = at_guide()
    state = adjust_player(state, 1, terrible=2, flipped=flipped)  # and the supply to 1
    state = play(game, adjust(state, supply=1), "fail")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.scores[1] == -1.0


def test_ATT_TT_4_tokens_are_spent_only_in_the_owners_turn() -> None:
    """ATT-TT-4 (house choice ATT-R13): seat 2 holds an unspent token; during seat 1's turn
    seat 2 answers only the all-players bonus and may not spend it; in seat 2's own turn it
    is refused while exploring and allowed in the encounter."""
    game, state = turn_three_with_tokens()
    state = play(game, state, "go loc-shrine; skip; decline")
    assert game.to_move(state) == 1
    assert legal(game, state) == ["use", "decline"]
    rejects(game, state, "terrible 1", "uses the all-players bonus or declines it")
    state = play(game, state, "decline; leave")
    state = roll(game, state, (1, 2, 3, 5, 6))
    assert game.to_move(state) == 0  # seat 2 has no say in seat 1's encounter
    state = play(game, state, "fail")
    assert game.to_move(state) == 1
    rejects(game, state, "terrible 1", "moves their pawn")
    state = encounter(game, state, "loc-chasm", (1, 1, 4, 4, 5))  # Marsh Lights: no 2-3-4, no 6
    assert "terrible 1" in legal(game, state)
