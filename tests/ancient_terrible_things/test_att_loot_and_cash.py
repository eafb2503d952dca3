# ruff: noqa: N802  (test names carry clause IDs such as ATT_RES_9 in capitals)
"""Two rule edges of issue 23: exhausted Loot is readied by no moment of the turn (ATT-LOOT-4,
house ruling ATT-R9), and an Action die left unused is cashed as the encounter resolves
(ATT-RES-9, house ruling ATT-R17). See docs/rulings.md.

The default table of :mod:`tests.ancient_terrible_things.scenario`: seat 1 the prospector
(Focus 1, Mystery 1, Treasure 2, Feat 1), seat 2 the journalist; the Crooked Guide (one die
>= 6) waits at the Archive, the Rotten Rope Bridge (pair >= 3) at the Trading Post.
"""

from __future__ import annotations

from gamehall.core.i18n import catalog
from gamehall.games.ancient_terrible_things.state import OVER
from tests.ancient_terrible_things.scenario import (
    MISS_BRIDGE,
    MISS_GUIDE,
    adjust,
    adjust_player,
    encounter,
    give_loot,
    legal,
    new_game,
    play,
    rejects,
    roll,
    start,
    tokens,
)

# -- ATT-LOOT-4 / ATT-R9: no ready step --------------------------------------------------


def test_ATT_LOOT_4_no_moment_of_the_owners_next_turn_readies_loot() -> None:
    """ATT-LOOT-4 (ATT-R9, kept): the Machete exhausted in seat 1's first turn stays exhausted
    at every step of seat 1's next turn, from its start (explore) through the bonuses and the
    shop to the encounter's dice, and in the other seat's turn between: only an effect
    readies Loot. (The Loot is given by a direct edit.)"""
    game = new_game(2)
    state = encounter(game, start(game), "loc-trading-post", MISS_BRIDGE)
    state = give_loot(game, state, 0, "loot-trusty-machete")
    machete = game.index_of["loot"]["loot-trusty-machete"]
    state = play(game, state, "loot loot-trusty-machete a1; done; fail")
    seen = [state]
    state = encounter(game, state, "loc-archive", MISS_GUIDE)
    seen.append(state)
    state = play(game, state, "fail")
    assert state.active == 0 and state.turn == 3
    seen.append(state)  # the start of the owner's turn
    for text in ("go loc-shrine", "bonus", "decline", "decline", "leave"):
        state = play(game, state, text)
        seen.append(state)
    state = roll(game, state, (1, 2, 3, 5, 6))
    seen.append(state)
    assert all(s.players[0].exhausted == (machete,) for s in seen)
    assert all(
        game.view(s, None)["players"][0]["loot"]
        == [{"code": "loot-trusty-machete", "exhausted": True}]
        for s in seen
    )
    assert not [a for a in legal(game, state) if a.startswith("loot")]
    rejects(game, state, "loot loot-trusty-machete a1", "exhausted until an effect readies it")


# -- ATT-RES-9 / ATT-R17: the unused Action dice are cashed at resolution ----------------


def test_ATT_RES_9_an_unused_symbol_is_cashed_as_the_encounter_is_defeated() -> None:
    """ATT-RES-9 (ATT-R17): seat 1 defeats the Guide without cashing its Treasure and Mystery
    dice: resolving gives both tokens, the dice end used, and the log says so."""
    game = new_game(2)
    state = encounter(game, start(game), "loc-archive", (6, 1, 2, 3, 4), ("treasure", "mystery"))
    before = tokens(state, 0)
    assert {"cash a1", "cash a2", "defeat 1"} <= set(legal(game, state))
    after = play(game, state, "defeat 1")
    assert tokens(after, 0) == {
        **before,
        "treasure": before["treasure"] + 1,
        "mystery": before["mystery"] + 1,
    }
    english = catalog("en")
    lines = [
        english.render(t) for t in game.describe(state, game.parse_action("defeat 1"), after, 1)
    ]
    assert (
        lines.count(
            "Seat 1 cashes an unused Action die for a Treasure token as the encounter resolves."
        )
        == 1
    )
    assert any("Mystery token as the encounter resolves" in line for line in lines)
    french = catalog("fr")
    assert any(
        "encaisse un dé Action resté inutilisé contre un jeton Trésor" in french.render(t)
        for t in game.describe(state, game.parse_action("defeat 1"), after, None)
    )


def test_ATT_RES_9_an_unused_symbol_is_cashed_as_the_encounter_is_failed() -> None:
    """ATT-RES-9 (ATT-R17): failing the Guide with a Feat die unused still gives the Feat
    token, beside the Terrible Thing (ATT-RES-11)."""
    game = new_game(2)
    state = encounter(game, start(game), "loc-archive", MISS_GUIDE, ("feat", "blank"))
    before = tokens(state, 0)
    after = play(game, state, "fail")
    assert tokens(after, 0) == {**before, "feat": before["feat"] + 1}
    assert after.players[0].terrible == 1


def test_ATT_RES_9_a_die_used_cashed_or_blank_gives_nothing_more_at_resolution() -> None:
    """ATT-RES-9 (ATT-R17): only dice still unused and showing a symbol are cashed at
    resolution: a die spent on Loot gives nothing, a die cashed before is not cashed twice,
    a blank die gives nothing. (The Loot is given by a direct edit.)"""
    game = new_game(2)
    state = encounter(game, start(game), "loc-archive", MISS_GUIDE, ("treasure", "feat"))
    state = give_loot(game, state, 0, "loot-trusty-machete")
    state = play(game, state, "loot loot-trusty-machete a1; done; cash a2")
    before = tokens(state, 0)
    after = play(game, state, "fail")
    assert tokens(after, 0) == before
    blank = encounter(game, start(game), "loc-archive", MISS_GUIDE, ("blank", "blank"))
    assert tokens(play(game, blank, "fail"), 0) == tokens(blank, 0)


def test_ATT_RES_9_the_token_counts_when_the_failure_ends_the_game() -> None:
    """ATT-RES-9 (ATT-R17), ATT-END-1, ATT-SCORE-4: the last Terrible Thing is taken by a
    failure with a Mystery die unused: the die is cashed first, so the third Mystery token
    scores its Secret in the final count. (Two Mystery tokens and a one-token supply are set by
    a direct edit.)"""
    game = new_game(2)
    state = encounter(game, start(game), "loc-archive", MISS_GUIDE, ("mystery", "blank"))
    state = adjust_player(state, 0, tokens={"mystery": 2})
    state = adjust(state, supply=1)
    after = play(game, state, "fail")
    assert after.step == OVER and after.result is not None
    assert after.result.reason == "terrible-supply-empty"
    assert tokens(after, 0)["mystery"] == 3
    without = play(game, adjust(state, dice=state.dice._replace(used=(True, False))), "fail")
    assert after.result.scores[0] == without.result.scores[0] + 1  # type: ignore[union-attr]
