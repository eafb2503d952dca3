"""Ancient Terrible Things for learning environments: the action catalogue writes the tricky
actions (extra Focus dice, Loot with an Action die) and the features say what the view says,
from the observer's seat, and nothing it hides.

Tables come from :mod:`tests.ancient_terrible_things.scenario` (seat 1 the prospector, seat 2
the journalist; the Crooked Guide, one die >= 6, beside the Archive; the scenario accepts four
of a kind). The features are float32 numbers: a fraction is compared with ``close``."""

from __future__ import annotations

import numpy as np
import pytest

from gamehall.core.catalogue import CatalogueError, catalogue
from gamehall.core.game import CHANCE
from gamehall.games.ancient_terrible_things.actions import PLAIN_VERBS
from gamehall.games.ancient_terrible_things.catalogue import PLAIN, most_focus_dice
from gamehall.games.ancient_terrible_things.features import AttFeatures
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import AttState
from tests.ancient_terrible_things.scenario import (
    EXPLOITS,
    adjust_player,
    encounter,
    give_loot,
    legal,
    new_game,
    play,
    roll,
    start,
)
from tests.rl.configs import played


def close(expected: object) -> object:
    """``expected`` as float32 holds it (a fraction such as 1/6 is rounded)."""
    return pytest.approx(expected, rel=1e-6)


def read(game: AncientTerribleThings, state: AttState, seat: int) -> dict[str, float]:
    """``seat``'s features of ``state`` by name."""
    features = game.features()
    return dict(zip(features.names, features.encode(state, seat), strict=True))


def at_guide(
    focus: tuple[int, ...] = (1, 2, 3, 4, 5),
    action: tuple[str, str] = ("blank", "blank"),
    characters: list[str] | None = None,
    exploits: list[list[str]] | None = None,
) -> tuple[AncientTerribleThings, AttState]:
    """Seat 1 (of 2) fights the Crooked Guide at the Archive with these dice."""
    game = new_game(2)
    state = start(
        game,
        characters=characters or ["chr-prospector", "chr-journalist"],
        exploits=exploits or [list(EXPLOITS[0]), list(EXPLOITS[1])],
    )
    return game, encounter(game, state, "loc-archive", focus, action)


class TestAncientTerribleThingsCatalogue:
    """The action catalogue writes what the engine offers."""

    def test_the_focus_dice_run_to_every_extra_die_the_cards_can_add(self) -> None:
        """Five dice, 8 more from the Exploits (each played once), 2 from the Elephant Gun (one per
        Action die) and one per Terrible Thing the captain holds: the supply less its last token."""
        for players, supply in ((1, 5), (2, 7), (3, 10), (4, 13)):
            game = AncientTerribleThings(players)
            assert most_focus_dice(game) == 5 + 8 + 2 + supply - 1
            book = catalogue(game)
            last = f"f{most_focus_dice(game)}"
            assert f"focus {last}" in book.decisions.notations
            assert f"roll {last} 6" in book.chance.notations
            with pytest.raises(CatalogueError):
                book.decisions.index(game.parse_action(f"focus f{most_focus_dice(game) + 1}"))
        assert set(PLAIN) == PLAIN_VERBS

    def test_the_catalogue_writes_a_reroll_with_a_sixth_die_and_loot_on_the_second_action_die(
        self,
    ) -> None:
        """Fisticuffs adds a sixth die; Second Wind's re-roll may then take f1 and f6 together. The
        Machete and the Lens spend either Action die; the Prayer Beads spend none."""
        hands = [["exp-fisticuffs", "exp-second-wind"], list(EXPLOITS[1])]
        game, state = at_guide(characters=["chr-captain", "chr-journalist"], exploits=hands)
        state = give_loot(game, state, 0, "loot-trusty-machete", "loot-bone-prayer-beads")
        book = catalogue(game)
        offered = legal(game, state)
        assert {"loot loot-trusty-machete a2", "loot loot-bone-prayer-beads"} <= set(offered)
        assert book.decisions.indices(game.legal_actions(state))
        state = play(game, state, "play exp-fisticuffs")
        assert state.rolls == ("f6",)
        assert book.chance.indices(game.chance_weights(state).actions)
        state = roll(game, state, (6,))
        state = play(game, state, "play exp-second-wind")
        assert "reroll f1+f6" in legal(game, state)
        numbers = book.decisions.indices(game.legal_actions(state))
        assert "reroll f1+f6" in [book.decisions.notations[n] for n in numbers]

    def test_terrible_things_add_dice_beyond_the_seventh(self) -> None:
        """The captain's second benefit adds a die per token: three tokens (a direct edit) and
        Fisticuffs make nine Focus dice, and every action offered is in the catalogue."""
        hands = [["exp-fisticuffs", "exp-second-wind"], list(EXPLOITS[1])]
        game, state = at_guide(characters=["chr-captain", "chr-journalist"], exploits=hands)
        state = adjust_player(state, 0, terrible=3)
        book = catalogue(game)
        for action in ("terrible 2", "terrible 2", "terrible 2", "play exp-fisticuffs"):
            state = roll(game, play(game, state, action), (2,))
        assert len(state.dice.focus) == 9 and "focus f9" in legal(game, state)
        book.decisions.indices(game.legal_actions(state))
        state = play(game, state, "play exp-second-wind")
        assert "reroll f7+f8+f9" in legal(game, state)
        book.decisions.indices(game.legal_actions(state))


class TestAncientTerribleThingsFeatures:
    """The features say what the view says, from the seat that looks."""

    def test_dice_and_combinations_read_as_in_the_view(self) -> None:
        """Focus faces over 6, the Action dice's symbols, and the Guide's combination (one die
        >= 6, met) then the scenario's (four of a kind, not met), for both seats alike."""
        game, state = at_guide(focus=(6, 1, 2, 2, 4), action=("treasure", "blank"))
        view = game.view(state, 0)
        for seat in (0, 1):
            seen = read(game, state, seat)
            assert [seen[f"f{i}.face"] for i in range(1, 6)] == close(
                [f / 6 for f in view["dice"]["focus"]]
            )
            assert seen["f6.face"] == 0.0 and seen["dice.focus"] == close(5 / most_focus_dice(game))
            assert seen["dice.count2"] == close(2 / 5)
            assert (seen["a1.treasure"], seen["a1.blank"], seen["a2.blank"]) == (1.0, 0.0, 1.0)
            assert (
                [seen[f"here.combo{i}.met"] for i in (1, 2)]
                == [float(c["met"]) for c in view["combos"]]
                == [1.0, 0.0]
            )
            assert (seen["here.combo1.high"], seen["here.combo1.min"]) == (1.0, 1.0)
            assert (seen["here.combo2.set"], seen["here.combo2.size"]) == close((1.0, 4 / 6))
            assert seen["here.combo2.scenario"] == 1.0 and seen["step.encounter"] == 1.0
        state = play(game, state, "cash a1")
        assert read(game, state, 1)["a1.used"] == 1.0
        assert read(game, state, 0)["self.treasure"] == close(
            game.view(state, 0)["players"][0]["tokens"]["treasure"] / 10
        )

    def test_dice_set_aside_and_rerolled_as_they_change(self) -> None:
        """One features object follows an encounter: Hold the Line sets f1 and f2 aside, then
        re-rolls the others; each vector says what the view says then."""
        hands = [["exp-hold-the-line", "exp-second-wind"], list(EXPLOITS[1])]
        game, state = at_guide(focus=(6, 6, 1, 2, 4), exploits=hands)
        features = game.features()
        names = features.names.index
        states = [state, play(game, state, "play exp-hold-the-line; aside f1+f2")]
        states.append(roll(game, states[-1], (3, 3, 5)))
        for state in states:
            vector, dice = features.encode(state, 0), game.view(state, 0)["dice"]
            assert [vector[names(f"f{i + 1}.aside")] for i in range(5)] == [
                float(i in dice["aside"]) for i in range(5)
            ]
            assert [vector[names(f"f{i + 1}.face")] for i in range(5)] == close(
                [face / 6 for face in dice["focus"]]
            )
        assert states[-1].dice.focus == (6, 6, 3, 3, 5)

    def test_seats_are_seen_from_the_observer(self) -> None:
        """Seat 1 is active: ``self`` to seat 1, ``opp1`` to seat 2 (and to seat 4 at a table of
        four, seat 1 sits three seats on)."""
        game = new_game(2)
        state = start(game)
        assert game.view(state, 0)["active"] == 0 and game.to_move(state) == 0
        mine, theirs = read(game, state, 0), read(game, state, 1)
        assert (mine["active.self"], mine["mover.self"], mine["active.opp1"]) == (1.0, 1.0, 0.0)
        assert (theirs["active.opp1"], theirs["mover.opp1"], theirs["active.self"]) == (
            1.0,
            1.0,
            0.0,
        )
        assert mine["self.char.chr-prospector"] == theirs["opp1.char.chr-prospector"] == 1.0
        four = new_game(4)
        table = start(four)
        assert read(four, table, 3)["active.opp1"] == 1.0
        assert read(four, table, 1)["active.opp3"] == 1.0
        assert read(four, table, 0)["mover.chance"] == 0.0
        assert read(four, four.initial_state(), 0)["mover.chance"] == 1.0

    def test_a_hand_is_secret_but_its_size_is_not(self) -> None:
        """Seat 2 sees seat 1's hand size only: other cards of the same number (a direct edit)
        change nothing for seat 2, while seat 1 sees its own cards."""
        game = new_game(2)
        state = start(game)
        code = game.index_of["exploit"]
        swapped = adjust_player(state, 0, exploits=(code["exp-fisticuffs"], code["exp-jury-rig"]))
        assert read(game, state, 1) == read(game, swapped, 1)
        mine = read(game, state, 0)
        assert mine["hand.exp-second-wind"] == mine["hand.exp-steady-hands"] == 1.0
        assert read(game, swapped, 0)["hand.exp-fisticuffs"] == 1.0
        fewer = adjust_player(state, 0, exploits=(code["exp-fisticuffs"],))
        assert (
            read(game, fewer, 1)["opp1.exploits"] == 1 / 8 < read(game, state, 1)["opp1.exploits"]
        )
        assert not any(name.startswith("opp1.hand") for name in game.features().names)

    def test_loot_shows_ready_or_exhausted_to_everyone(self) -> None:
        """Loot is public: the Machete ready (1), the Lens exhausted (-1; a direct edit), the Tommy
        Gun not owned (0), for both seats."""
        game, state = at_guide()
        state = give_loot(game, state, 0, "loot-trusty-machete")
        state = give_loot(game, state, 0, "loot-reading-lens", exhausted=True)
        for seat, who in ((0, "self"), (1, "opp1")):
            seen = read(game, state, seat)
            assert seen[f"{who}.loot.loot-trusty-machete"] == 1.0
            assert seen[f"{who}.loot.loot-reading-lens"] == -1.0
            assert seen[f"{who}.loot.loot-tommy-gun"] == 0.0

    def test_the_board_reads_as_in_the_view(self) -> None:
        """Each location in play with its encounter: the Guide (tier 1, Feat, 2 Secrets) beside
        the Archive, and the seat 1 pawn there."""
        game, state = at_guide()
        seen = read(game, state, 1)
        view = game.view(state, 1)
        assert [c.code for c in game.cards.locations if seen[f"loc.{c.code}.in-play"]] == [
            place["code"] for place in view["locations"]
        ]
        archive = next(p for p in view["locations"] if p["code"] == "loc-archive")
        assert archive["encounter"] == "enc-crooked-guide"
        assert seen["loc.loc-archive.enc"] == seen["loc.loc-archive.enc.tier1"] == 1.0
        assert seen["loc.loc-archive.enc.feat"] == 1.0
        assert seen["loc.loc-archive.enc.secrets"] == close(2 / 9)
        assert 0.598 < seen["loc.loc-archive.enc.odds"] < 0.62  # one die >= 6, or four of a kind
        assert seen["opp1.at.loc-archive"] == 1.0 and seen["self.at.loc-archive"] == 0.0

    def test_scores_and_tokens_read_as_in_the_view(self) -> None:
        """Along a played game, each seat reads every player's Secrets and tokens as its view
        shows them, turned to its own seat."""
        game = AncientTerribleThings(2)
        match = next(played(game, range(1), "heuristic"))
        for state in match.states[::7]:
            for seat in (0, 1):
                seen = read(game, state, seat)
                for player in game.view(state, seat)["players"]:
                    who = "self" if player["seat"] == seat else "opp1"
                    assert seen[f"{who}.secrets"] == close(
                        max(-1.0, min(1.0, player["secrets"] / 30))
                    )
                    for resource, count in player["tokens"].items():
                        assert seen[f"{who}.{resource}"] == close(min(count, 10) / 10)

    def test_the_solo_rival_reads_as_in_the_view(self) -> None:
        """Alone, the rival's pile and Secrets (its pile and the encounters left on the board)."""
        game = AncientTerribleThings(1)
        match = next(played(game, range(1), "heuristic"))
        for state in match.states[::11]:
            seen, rival = read(game, state, 0), game.view(state, 0)["rival"]
            assert seen["rival.secrets"] == close(min(1.0, rival["secrets"] / 60))
            assert seen["rival.pile"] == close(
                min(1.0, len(rival["pile"]) / (3 * game.setup.per_tier))
            )

    def test_the_cached_parts_never_go_stale(self) -> None:
        """One features object encoding a game's states in order, every seat in turn and now and
        then a state of another game (its parts reused, its vectors patched), gives what a new
        object gives; a vector returned is the caller's to change, a new float32 array."""
        game = AncientTerribleThings(3)
        first, second = played(game, range(2), "heuristic")
        warm = game.features()
        assert isinstance(warm, AttFeatures)
        for index, state in enumerate(first.states[:240]):
            others = (second.states[index],) if index % 40 == 39 else ()
            for shown in (state, *others):
                seat = index % 3
                vector = warm.encode(shown, seat)
                assert vector == AttFeatures(game).encode(shown, seat)
                vector[:] = [9.0] * len(vector)
                array = warm.vector(shown, (seat + index) % 3)
                assert array.dtype == np.float32 and array.shape == (len(warm.names),)
                assert array.tolist() == AttFeatures(game).encode(shown, (seat + index) % 3)
                array[:] = 9.0
        assert game.to_move(first.states[0]) == CHANCE
