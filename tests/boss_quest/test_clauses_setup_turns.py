"""Scenario tests for the Boss Quest clauses of composition, setup, deal, turns, arming, the
magician and the mystery spell (BQ-COMP-*, BQ-SETUP-*, BQ-DEAL-*, BQ-TURN-*, BQ-ARM-*,
BQ-MAGE-*, BQ-MYST-*; see docs/rules/boss-quest.md).

Every test names the clause it checks. Chance outcomes are forced with :class:`Scenario`;
what is asserted (legal actions, views, log lines, error messages) comes from the engine.
"""

# ruff: noqa: N802  (test names carry clause IDs such as BQ_ARM_6 in capitals)

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamehall.core.errors import NotYourTurnError, OptionError, UndoError
from gamehall.core.game import CHANCE, EVERYTHING
from gamehall.core.i18n import Text
from gamehall.core.match import Match
from gamehall.games.boss_quest import BossQuest
from gamehall.games.boss_quest.view import weapon_name
from tests.boss_quest.scenario import Scenario

COLOURS = "RBGYP"
ALL_WEAPONS = [f"{c}{v}" for c in COLOURS for v in range(1, 8)]
# Five light spells that have no effect before combat (one per seat for up to 5 players).
QUIET_SPELLS = ("extra-key", "pair", "no-heart-loss", "second", "need-R")
FAST = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- helpers ---------------------------------------------------------------------------


def value(code: str) -> int:
    """The printed value of a weapon written ``R5``."""
    return int(code[1:])


def outcomes(sc: Scenario) -> list[str]:
    """The chance outcomes due now, in notation."""
    return [str(a) for a, _ in sc.game.chance_outcomes(sc.state)]


def deck(sc: Scenario) -> list[str]:
    """The weapons the next draw can give (the state must be at a weapon draw)."""
    return [text.split()[1] for text in outcomes(sc) if text.startswith("weapon ")]


def ask(sc: Scenario, count: int, high: bool = False) -> list[str]:
    """The mover asks for ``count`` weapons and draws the lowest (or highest) ones left."""
    sc.play(f"ask {count}")
    drawn = []
    for _ in range(count):
        assert sc.to_move() == CHANCE
        cards = deck(sc)
        card = max(cards, key=value) if high else min(cards, key=value)
        sc.draw(card)
        drawn.append(card)
    return drawn


def play_logged(sc: Scenario, text: str) -> dict[int | None, list[Text]]:
    """Play ``text`` and return its log lines as each seat (and a spectator) reads them."""
    before = sc.state
    action = sc.game.parse_action(text)
    sc.play(text)
    seats: list[int | None] = [*range(sc.game.players), None]
    return {seat: sc.game.describe(before, action, sc.state, seat) for seat in seats}


def keys_of(lines: list[Text]) -> list[str]:
    return [line.key for line in lines]


def dumps(data: Any) -> str:
    """JSON text of a view or of log lines (Text values included)."""
    if isinstance(data, list):
        data = [item.to_json() if isinstance(item, Text) else item for item in data]
    return json.dumps(data, ensure_ascii=False)


def card_name(sc: Scenario, code: str) -> dict[str, str]:
    """A weapon's name in the log, e.g. {"en": "Bomb (purple 7)", ...}."""
    return weapon_name(sc.game, sc.game.cards.weapon_id(code))


def viewers(sc: Scenario) -> list[int | None]:
    return [*range(sc.game.players), None]


def spell_slots(sc: Scenario, seat: int | None = None) -> list[dict[str, Any]]:
    return sc.view(seat)["spells"]  # type: ignore[no-any-return]


def match_of(players: int, *texts: str, **options: Any) -> Match:
    """A match with no bots, driven through ``texts`` (chance outcomes and moves)."""
    game = BossQuest(players, options)
    match = Match(game, seed=0)
    for text in texts:
        match.play(game.parse_action(text))
    return match


SETUP_3 = (
    "armorer 1",
    "boss 17",
    "spell hp+1",
    "spell atk+1",
    "spell hp+2",
    # seat 2 then 3 then 1 get a hidden weapon, then a visible one
    "weapon R1",
    "weapon R2",
    "weapon R3",
    "weapon R4",
    "weapon R5",
    "weapon R6",
)


def spell_behaviour(code: str) -> tuple[str, int]:
    """What activating spell ``code`` does, seen from the engine only.

    ("attack", d): the activator must choose a target, whose attack changes by d;
    ("swap", 0) / ("give", 0): the activator must choose a hidden swap / a weapon to give;
    ("boss", d): placed beside the boss, the boss's HP changes by d (0: no visible change).
    """
    sc = Scenario(2, spells_per_round=1, mystery=False).start(armorer=0, spells=(code,))
    hp, attacks = sc.hp(), [sc.attack(p) for p in range(2)]
    sc.play("activate 1")
    pending = sc.view(None)["pending"]
    if pending is not None and pending["choice"] == "target":
        sc.play("target 2")
        assert sc.view(None)["spells"][0]["target"] == 1
        return ("attack", sc.attack(1) - attacks[1])
    if pending is not None and pending["choice"] in ("swap", "give"):
        return (pending["choice"], 0)
    assert pending is None
    assert [sc.attack(p) for p in range(2)] == attacks
    assert sc.view(None)["spells"][0]["target"] is None
    return ("boss", sc.hp() - hp)


def spell_deck_counts() -> dict[str, int]:
    """The spell deck at the first layout: code -> number of cards (chance weights)."""
    sc = Scenario(2).play("armorer 1", "boss 17")
    weights = sc.game.chance_weights(sc.state)
    counts = weights.weights or [1] * len(weights.actions)
    result = {str(a).split()[1]: w for a, w in zip(weights.actions, counts, strict=True) if w}
    assert sum(result.values()) == sc.view(None)["spell_deck"]
    return result


# -- BQ-COMP: the components --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_BQ_COMP_1_two_to_five_players_are_accepted(players: int) -> None:
    """BQ-COMP-1: a game of 2 to 5 players can be set up, with one seat per player."""
    sc = Scenario(players)
    assert outcomes(sc) == [f"armorer {i}" for i in range(1, players + 1)]
    assert [p["seat"] for p in sc.view(None)["players"]] == list(range(players))


@pytest.mark.parametrize("players", [0, 1, 6, 7, 12])
def test_BQ_COMP_1_other_player_counts_are_refused(players: int) -> None:
    """BQ-COMP-1: any player count other than 2 to 5 is refused with an OptionError."""
    with pytest.raises(OptionError, match=rf"2 to 5 players, not {players}"):
        BossQuest(players)


def test_BQ_COMP_2_boss_deck_holds_one_boss_per_hp_14_to_21() -> None:
    """BQ-COMP-2: the boss deck holds 8 bosses, HP 14 to 21, one each."""
    sc = Scenario(3).play("armorer 1")
    assert sc.view(None)["boss_deck"] == 8
    bosses = sorted(int(text.split()[1]) for text in outcomes(sc))
    assert bosses == list(range(14, 22))
    sc.rejects("boss 13", "no boss with 13 HP")
    sc.rejects("boss 22", "no boss with 22 HP")
    sc.play("boss 20")
    assert sc.view(None)["boss"]["hp"] == 20
    assert sc.view(None)["boss_deck"] == 7


def test_BQ_COMP_3_weapon_deck_is_five_colours_of_values_1_to_7() -> None:
    """BQ-COMP-3: the weapon deck holds 35 cards, one of each value 1..7 in each of 5 colours."""
    sc = Scenario(2).play("armorer 1", "boss 17", "spell hp+1", "spell hp-1")
    assert sc.view(None)["weapon_deck"] == 35
    cards = deck(sc)
    assert len(cards) == 35
    assert sorted(cards) == sorted(ALL_WEAPONS)
    assert all(p == Fraction(1, 35) for _, p in sc.game.chance_outcomes(sc.state))
    for bad in ("R8", "R0", "O3"):
        sc.rejects(f"weapon {bad}", f"weapon {bad} is not in the weapon deck")
    # The value printed on the card is what it adds to the attack.
    sc.draw("P7", "G4", "B1", "Y6")  # seat 2 hidden, seat 1 hidden, seat 2 visible, seat 1
    assert (sc.attack(1), sc.attack(0)) == (7 + 1, 4 + 6)


def test_BQ_COMP_4_spell_deck_holds_17_light_and_6_dark() -> None:
    """BQ-COMP-4: the spell deck holds 23 cards: 6 dark (placed on a player), 17 light."""
    counts = spell_deck_counts()
    assert sum(counts.values()) == 23
    dark = light = 0
    for code, count in counts.items():
        kind, _ = spell_behaviour(code)
        if kind in ("attack", "swap", "give"):
            dark += count
        else:
            light += count
    assert (dark, light) == (6, 17)


def test_BQ_COMP_5_dark_spells_are_one_each_of_six_effects() -> None:
    """BQ-COMP-5: the 6 dark spells are attack +1, +2, -1, -2, hidden swap, deck swap."""
    counts = spell_deck_counts()
    dark: Counter[tuple[str, int]] = Counter()
    for code, count in counts.items():
        behaviour = spell_behaviour(code)
        if behaviour[0] in ("attack", "swap", "give"):
            dark[behaviour] += count
    assert dark == Counter(
        {
            ("attack", 1): 1,
            ("attack", 2): 1,
            ("attack", -1): 1,
            ("attack", -2): 1,
            ("swap", 0): 1,
            ("give", 0): 1,
        }
    )


def test_BQ_COMP_6_light_spells_follow_the_house_split() -> None:
    """BQ-COMP-6: the 17 light spells: HP +1 x2, +2, -1 x2, -2, one colour requirement per
    weapon colour, two-of-a-colour, no heart loss, cancel, extra key, second-closest, last call.
    """
    game = BossQuest(2)
    counts = spell_deck_counts()
    light: Counter[tuple[str, object]] = Counter()
    for code, count in counts.items():
        kind, change = spell_behaviour(code)
        if kind in ("attack", "swap", "give"):
            continue
        effect = game.cards.spells[game.cards.spell_index(code)].effect
        if effect.kind == "boss_hp":
            assert change == effect.amount  # the HP really moves by the printed amount
            light[("boss_hp", change)] += count
        else:
            assert change == 0
            light[(effect.kind, effect.colour)] += count
    weapon_colours = {card[0] for card in ALL_WEAPONS}
    expected: Counter[tuple[str, object]] = Counter(
        {
            ("boss_hp", 1): 2,
            ("boss_hp", 2): 1,
            ("boss_hp", -1): 2,
            ("boss_hp", -2): 1,
            ("pair_colour", None): 1,
            ("no_heart_loss", None): 1,
            ("cancel", None): 1,
            ("extra_key", None): 1,
            ("second_closest", None): 1,
            ("last_call", None): 1,
        }
    )
    expected.update({("need_colour", colour): 1 for colour in weapon_colours})
    assert light == expected
    assert sum(light.values()) == 17


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_BQ_COMP_7_every_player_starts_with_three_hearts_and_no_keys(players: int) -> None:
    """BQ-COMP-7: every player starts with 3 hearts and 0 keys."""
    sc = Scenario(players)
    before = sc.view(None)["players"]
    sc.start(armorer=0, spells=QUIET_SPELLS)
    for view in (before, sc.view(None)["players"], sc.view(players - 1)["players"]):
        assert [(p["hearts"], p["keys"]) for p in view] == [(3, 0)] * players


# -- BQ-SETUP: the first round --------------------------------------------------------


@FAST
@given(players=st.integers(2, 5), hp=st.integers(14, 21))
def test_BQ_SETUP_1_shuffled_decks_and_the_first_boss_revealed(players: int, hp: int) -> None:
    """BQ-SETUP-1: the boss and spell decks are shuffled and the top boss is revealed for
    round 1 (the boss is any of the 8 with equal chance; spells come from the whole deck)."""
    sc = Scenario(players)
    assert sc.view(None)["boss"] is None
    sc.play("armorer 1")
    chances = sc.game.chance_outcomes(sc.state)
    assert len(chances) == 8
    assert {p for _, p in chances} == {Fraction(1, 8)}
    logs = play_logged(sc, f"boss {hp}")
    view = sc.view(None)
    assert view["round"] == 1
    assert view["boss"] == {"hp": hp, "effective_hp": hp}
    assert view["boss_deck"] == 7
    assert logs[None][0].key == "bq.log.boss"
    assert (logs[None][0].params["round"], logs[None][0].params["hp"]) == (1, hp)
    # the spell layout draws from the whole, shuffled spell deck
    weights = sc.game.chance_weights(sc.state)
    assert weights.weights is not None
    assert sum(weights.weights) == view["spell_deck"] == 23


@FAST
@given(data=st.data())
def test_BQ_SETUP_2_first_armorer_is_drawn_by_lots(data: st.DataObject) -> None:
    """BQ-SETUP-2: one player is the first armorer, drawn uniformly among the seats."""
    players = data.draw(st.integers(2, 5))
    seat = data.draw(st.integers(0, players - 1))
    sc = Scenario(players)
    chances = sc.game.chance_outcomes(sc.state)
    assert [str(a) for a, _ in chances] == [f"armorer {i}" for i in range(1, players + 1)]
    assert {p for _, p in chances} == {Fraction(1, players)}
    sc.rejects(f"armorer {players + 1}", f"there is no seat {players + 1}")
    logs = play_logged(sc, f"armorer {seat + 1}")
    assert [(t.key, t.params) for t in logs[None]] == [("bq.log.armorer", {"seat": seat + 1})]
    view = sc.view(None)
    assert view["armorer"] == seat
    assert [p["armorer"] for p in view["players"]] == [p == seat for p in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_BQ_SETUP_3_one_inactive_spell_per_player(players: int) -> None:
    """BQ-SETUP-3: one spell per player is laid out, all inactive (no effect until activated);
    the last one laid out is the mystery spell."""
    layout = ("hp+2", "atk+2", "hp-2", "atk-1", "hp+1")[:players]
    sc = Scenario(players).play("armorer 1", "boss 17")
    for code in layout:
        assert sc.to_move() == CHANCE
        assert outcomes(sc)[0].startswith("spell ")
        sc.play(f"spell {code}")
    # the layout is complete: the next chance outcome is a weapon
    assert outcomes(sc)[0].startswith("weapon ")
    assert sc.view(None)["spell_deck"] == 23 - players
    for card in ALL_WEAPONS[: 2 * players]:
        sc.draw(card)
    slots = spell_slots(sc)
    assert len(slots) == players
    assert [s["status"] for s in slots] == ["available"] * players
    assert [s["target"] for s in slots] == [None] * players
    assert [s["mystery"] for s in slots] == [False] * (players - 1) + [True]
    assert [s["spell"] for s in slots[:-1]] == list(layout[:-1])
    # HP spells lying at the magician change nothing
    assert sc.hp() == 17
    assert sc.view(0)["boss"] == {"hp": 17, "effective_hp": 17}


def test_BQ_SETUP_3_spells_per_round_option_sets_the_layout_size() -> None:
    """BQ-SETUP-3: the spells_per_round option overrides one-per-player (house ruling)."""
    sc = Scenario(4, spells_per_round=2).play("armorer 1", "boss 17", "spell hp+1")
    assert outcomes(sc)[0].startswith("spell ")
    sc.play("spell hp-1")
    assert outcomes(sc)[0].startswith("weapon ")
    sc = Scenario(2, spells_per_round=3).start(spells=("hp+1", "hp-1", "pair"))
    assert len(spell_slots(sc)) == 3
    assert sc.legal() == [
        "ask 1",
        "ask 2",
        "ask 3",
        "ask 4",
        "activate 1",
        "activate 2",
        "activate 3",
        "discard 1",
        "discard 2",
        "discard 3",
    ]


def test_BQ_SETUP_3_mystery_option_off_lays_out_every_spell_face_up() -> None:
    """BQ-SETUP-3: with the mystery option off, no spell of the layout is face down."""
    sc = Scenario(3, mystery=False).start(spells=("hp+1", "atk+1", "cancel"))
    for seat in viewers(sc):
        slots = spell_slots(sc, seat)
        assert [s["spell"] for s in slots] == ["hp+1", "atk+1", "cancel"]
        assert not any(s["mystery"] for s in slots)


# -- BQ-DEAL: the weapons -------------------------------------------------------------


@FAST
@given(data=st.data())
def test_BQ_DEAL_1_one_hidden_then_one_visible_to_everyone(data: st.DataObject) -> None:
    """BQ-DEAL-1: the armorer deals a hidden card to every player (from his left, himself
    last), then a visible one; each holds one of each and the deck keeps 35 - 2n."""
    players = data.draw(st.integers(2, 5))
    armorer = data.draw(st.integers(0, players - 1))
    cards = data.draw(st.permutations(ALL_WEAPONS))[: 2 * players]
    sc = Scenario(players).play(f"armorer {armorer + 1}", "boss 19")
    for code in QUIET_SPELLS[:players]:
        sc.play(f"spell {code}")
    assert sorted(deck(sc)) == sorted(ALL_WEAPONS)  # all 35 weapons, shuffled
    order = [(armorer + 1 + i) % players for i in range(players)]
    for i, card in enumerate(cards):
        seat = order[i % players]
        logs = play_logged(sc, f"weapon {card}")
        line = logs[None][0]
        assert line.params["seat"] == seat + 1
        if i < players:
            assert line.key == "bq.log.deal_hidden"
            assert sc.view(seat)["players"][seat]["hidden"] == card
            assert sc.view(seat)["players"][seat]["visible"] == []
        else:
            assert line.key == "bq.log.deal"
            assert sc.view(None)["players"][seat]["visible"] == [card]
    assert sc.to_move() == (armorer + 1) % players
    view = sc.view(None)
    assert view["weapon_deck"] == 35 - 2 * players
    for seat in range(players):
        mine = sc.view(seat)["players"][seat]
        assert mine["hidden"] == cards[order.index(seat)]
        assert mine["visible"] == [cards[players + order.index(seat)]]
        assert mine["cards"] == 2


@pytest.mark.parametrize("players", [2, 3, 5])
def test_BQ_DEAL_2_hidden_weapon_seen_by_owner_only(players: int) -> None:
    """BQ-DEAL-2: a hidden weapon is shown to its owner only; others see that a card is
    there; nobody sees the weapon deck's order."""
    hidden = ALL_WEAPONS[-players:]  # P7, P6, ... : codes used nowhere else
    sc = Scenario(players).play("armorer 1", "boss 19")
    for code in QUIET_SPELLS[:players]:
        sc.play(f"spell {code}")
    order = [(1 + i) % players for i in range(players)]
    for seat in order:
        before = sc.state
        logs = play_logged(sc, f"weapon {hidden[seat]}")
        replay = sc.game.describe(
            before, sc.game.parse_action(f"weapon {hidden[seat]}"), sc.state, EVERYTHING
        )
        assert keys_of(replay) == ["bq.log.deal_hidden_shown"]  # a replay names the knight
        assert replay[0].params == {"seat": seat + 1, "card": card_name(sc, hidden[seat])}
        for viewer, lines in logs.items():
            if viewer == seat:
                assert keys_of(lines) == ["bq.log.deal_hidden_self"]
                assert lines[0].params["card"] == card_name(sc, hidden[seat])
            else:
                assert keys_of(lines) == ["bq.log.deal_hidden"]
                assert card_name(sc, hidden[seat])["en"] not in dumps(lines)
                assert card_name(sc, hidden[seat])["fr"] not in dumps(lines)
    for _ in order:
        sc.draw(min(deck(sc), key=value))
    for viewer in viewers(sc):
        view = sc.view(viewer)
        for seat in range(players):
            expected = hidden[seat] if seat == viewer else "?"
            assert view["players"][seat]["hidden"] == expected
        others = [hidden[s] for s in range(players) if s != viewer]
        text = dumps(view)
        assert not [code for code in others if f'"{code}"' in text]
        # the deck is shown as a size only, with no known card on top
        assert view["weapon_deck"] == 35 - 2 * players
        assert view["deck_top"] == []
    # the next draw can be any card left, each as likely: the order is unknown
    sc.play("ask 1")
    assert {p for _, p in sc.game.chance_outcomes(sc.state)} == {Fraction(1, 35 - 2 * players)}


@FAST
@given(data=st.data())
def test_BQ_DEAL_3_attack_is_the_sum_of_every_weapon_held(data: st.DataObject) -> None:
    """BQ-DEAL-3: a player's attack is the sum of all their weapons, hidden one included."""
    players = data.draw(st.integers(2, 5))
    cards = data.draw(st.permutations(ALL_WEAPONS))
    count = data.draw(st.integers(1, 4))
    hidden, visible = cards[:players], cards[players : 2 * players]
    extra = cards[2 * players : 2 * players + count]
    sc = Scenario(players).start(
        armorer=players - 1, boss=21, spells=QUIET_SPELLS, hidden=hidden, visible=visible
    )
    for seat in range(players):
        total = value(hidden[seat]) + value(visible[seat])
        assert sc.attack(seat) == total
        assert sc.view(seat)["players"][seat]["attack"] == total
    sc.play(f"ask {count}").draw(*extra)  # seat 1 moves first
    total = value(hidden[0]) + value(visible[0]) + sum(map(value, extra))
    assert sc.attack(0) == total
    assert sc.view(0)["players"][0]["attack"] == total
    assert sc.view(0)["players"][0]["over"] == (total > 21)
    # the others see only the visible part of it
    shown = total - value(hidden[0])
    assert sc.view(1)["players"][0]["visible_total"] == shown
    assert "attack" not in sc.view(1)["players"][0]


# -- BQ-TURN: the order of turns ------------------------------------------------------


@FAST
@given(data=st.data())
def test_BQ_TURN_1_turns_start_left_of_the_armorer_and_go_round(data: st.DataObject) -> None:
    """BQ-TURN-1: the first turn is the seat after the armorer; turns go on in seat order,
    the armorer included."""
    players = data.draw(st.integers(2, 5))
    armorer = data.draw(st.integers(0, players - 1))
    sc = Scenario(players).start(armorer=armorer, boss=21, spells=QUIET_SPELLS)
    movers = []
    for _ in range(2 * players):
        movers.append(sc.to_move())
        ask(sc, 1)
    assert movers == [(armorer + 1 + i) % players for i in range(2 * players)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_BQ_TURN_2_arm_or_go_to_the_magician_on_any_turn(players: int) -> None:
    """BQ-TURN-2: on each turn, the first included, a player still arming may ask for
    weapons (A) or go to the magician (B)."""
    sc = Scenario(players).start(armorer=0, boss=21, spells=QUIET_SPELLS)
    slots = range(1, players + 1)
    both = (
        [f"ask {n}" for n in range(1, 5)]
        + [f"activate {k}" for k in slots]
        + [f"discard {k}" for k in slots]
    )
    for _ in range(2 * players):  # every seat's first and second turn
        assert sc.legal() == both
        ask(sc, 1)
    # and B really is a move to the magician
    mover = sc.to_move()
    assert mover is not None
    sc.play("discard 1")
    assert sc.view(None)["players"][mover]["at_magician"] is True


def test_BQ_TURN_3_no_going_back_to_arming_from_the_magician() -> None:
    """BQ-TURN-3: a player at the magician never gets another arming turn that round."""
    sc = Scenario(3).start(armorer=0, boss=21, spells=QUIET_SPELLS)
    sc.play("activate 1")  # seat 2 goes to the magician
    movers = []
    for _ in range(3):
        movers.append(sc.to_move())
        ask(sc, 1)
    movers.append(sc.to_move())
    sc.play("discard 2")
    movers.append(sc.to_move())
    ask(sc, 1)  # seat 1 is alone: one last request
    movers.append(sc.to_move())
    assert 1 not in movers
    assert sc.view(None)["players"][1]["at_magician"] is True
    # through the match runner, the seat may not act at all
    match = match_of(3, *SETUP_3, "discard 1")
    with pytest.raises(NotYourTurnError, match="not Seat 2's turn"):
        match.submit(1, match.game.parse_action("ask 1"))


# -- BQ-ARM: arming ---------------------------------------------------------------------


@FAST
@given(count=st.integers(0, 12))
def test_BQ_ARM_1_a_request_asks_for_1_to_4_weapons(count: int) -> None:
    """BQ-ARM-1: asking for 1, 2, 3 or 4 weapons is legal; 0 or more than 4 is not."""
    sc = Scenario(3).start(armorer=0, boss=21, spells=QUIET_SPELLS)
    if 1 <= count <= 4:
        sc.play(f"ask {count}")
        draws = 0
        while sc.to_move() == CHANCE:
            sc.draw(min(deck(sc), key=value))
            draws += 1
        assert draws == count
        assert len(sc.view(None)["players"][1]["visible"]) == 1 + count
    else:
        sc.rejects(f"ask {count}", "asks the armorer for 1 to 4 weapons")
        assert f"ask {count}" not in sc.legal()


@pytest.mark.parametrize("armorer_asks", [False, True])
def test_BQ_ARM_2_the_number_asked_for_is_announced_before_the_deal(armorer_asks: bool) -> None:
    """BQ-ARM-2: the number of cards asked for is announced to everyone before the cards are
    dealt, the armorer's own request included."""
    sc = Scenario(3).start(armorer=0, boss=21, spells=QUIET_SPELLS)
    if armorer_asks:
        ask(sc, 1)
        ask(sc, 1)
    seat = sc.to_move()
    assert seat == (0 if armorer_asks else 1)
    before = sc.view(None)["players"][seat]["visible"]
    logs = play_logged(sc, "ask 3")
    for lines in logs.values():
        announced = [(t.key, t.params) for t in lines]
        assert announced == [("bq.log.ask", {"seat": seat + 1, "count": 3})]
    # announced before any card is dealt
    assert sc.to_move() == CHANCE
    assert sc.view(None)["players"][seat]["visible"] == before


@FAST
@given(data=st.data())
def test_BQ_ARM_3_exactly_the_cards_asked_for_are_kept_face_up(data: st.DataObject) -> None:
    """BQ-ARM-3: the player gets exactly the number asked for, from the deck, keeps them all
    and lays them face up."""
    count = data.draw(st.integers(1, 4))
    sc = Scenario(3).start(armorer=2, boss=21, spells=QUIET_SPELLS)  # seat 1 moves
    before = sc.view(None)
    sc.play(f"ask {count}")
    dealt = before["players"][1]["visible"][0]
    sc.rejects(f"weapon {dealt}", f"weapon {dealt} is not in the weapon deck")
    drawn = []
    for _ in range(count):
        assert sc.to_move() == CHANCE
        card = data.draw(st.sampled_from(sorted(deck(sc))))
        sc.draw(card)
        drawn.append(card)
    assert sc.to_move() == 1  # the turn passes: no card can be refused or returned
    after = sc.view(None)
    assert after["weapon_deck"] == before["weapon_deck"] - count
    for viewer in viewers(sc):
        me = sc.view(viewer)["players"][0]
        assert me["visible"] == before["players"][0]["visible"] + drawn
        assert me["cards"] == 2 + count
    ask(sc, 1)
    ask(sc, 1)  # a full round later the cards are still held
    assert sc.view(None)["players"][0]["visible"][: 1 + count] == (
        before["players"][0]["visible"] + drawn
    )


def test_BQ_ARM_4_a_player_may_arm_again_on_a_later_turn() -> None:
    """BQ-ARM-4: a player who armed may arm again on a later turn of the same round."""
    sc = Scenario(2).start(armorer=1, boss=21, spells=QUIET_SPELLS)
    for turn in range(3):
        assert sc.to_move() == 0
        assert [a for a in sc.legal() if a.startswith("ask")] == [
            "ask 1",
            "ask 2",
            "ask 3",
            "ask 4",
        ]
        ask(sc, 1)
        assert len(sc.view(None)["players"][0]["visible"]) == 2 + turn
        ask(sc, 1)  # seat 2


def over_scenario() -> Scenario:
    """Seat 2 (index 1) holds 14 against a 17 HP boss; seats 1 and 3 hold little."""
    return Scenario(3).start(
        armorer=0,
        boss=17,
        spells=("hp+2", "hp-2", "extra-key"),
        hidden=("R1", "R7", "G2"),
        visible=("B1", "B7", "Y2"),
    )


def test_BQ_ARM_5_going_over_is_announced_hidden_card_stays_hidden() -> None:
    """BQ-ARM-5: a player still arming who goes over the boss's HP announces it publicly;
    their hidden weapon stays hidden."""
    sc = over_scenario()
    logs = play_logged(sc, "ask 1")
    assert "bq.log.over" not in keys_of(logs[None])
    logs = play_logged(sc, "weapon G5")  # 14 + 5 = 19 > 17
    for lines in logs.values():
        overs = [t for t in lines if t.key == "bq.log.over"]
        assert [t.params for t in overs] == [{"seat": 2}]
    for viewer in viewers(sc):
        view = sc.view(viewer)
        assert [p["over"] for p in view["players"]] == [False, True, False]
        assert view["players"][1]["hidden"] == ("R7" if viewer == 1 else "?")
        assert ("R7" in dumps(view)) == (viewer == 1)
    # announced once, not again on the next actions
    later = play_logged(sc, "ask 1")[None] + play_logged(sc, "weapon R2")[None]
    assert "bq.log.over" not in keys_of(later)
    assert sc.view(None)["players"][1]["over"] is True


def seat_2_at_16(spells: tuple[str, str, str]) -> Scenario:
    """Seat 2 still arming at 16 against a 17-HP boss, seat 3 to move, with ``spells``."""
    sc = Scenario(3).start(
        armorer=0, boss=17, spells=spells, hidden=("R1", "R7", "G2"), visible=("B1", "B6", "Y2")
    )
    sc.play("ask 1").draw("G3")  # seat 2: 13 + 3 = 16, under 17
    return sc


def test_BQ_ARM_5_attack_spell_putting_an_arming_player_over_is_announced() -> None:
    """BQ-ARM-5: a dark attack spell placed on a player still arming can put them over; the
    announcement is made then."""
    sc = seat_2_at_16(("atk+2", "extra-key", "pair"))
    logs = play_logged(sc, "activate 1")  # seat 3 activates atk+2 and must pick a target
    assert "bq.log.over" not in keys_of(logs[None])
    logs = play_logged(sc, "target 2")
    assert [t.params for t in logs[None] if t.key == "bq.log.over"] == [{"seat": 2}]
    assert sc.attack(1) == 18
    for viewer in viewers(sc):
        assert [p["over"] for p in sc.view(viewer)["players"]] == [False, True, False]


def test_BQ_ARM_5_players_at_the_magician_announce_nothing() -> None:
    """BQ-ARM-5: only a player still arming announces being over; one already at the
    magician whom a spell puts over announces nothing."""
    sc = over_scenario()
    sc.play("ask 1").draw("P2")  # seat 2: 14 + 2 = 16, under 17
    ask(sc, 1)  # seat 3
    ask(sc, 1)  # seat 1
    sc.play("discard 3")  # seat 2 goes to the magician with 16
    logs = play_logged(sc, "activate 2")  # seat 3: HP -2 -> 15
    assert sc.attack(1) > sc.hp()
    assert "bq.log.over" not in keys_of(logs[None])
    assert sc.view(None)["players"][1]["over"] is False


def test_BQ_ARM_5_spell_puts_an_arming_player_over_and_back_under() -> None:
    """BQ-ARM-5: a player still arming is put over by an HP spell (announced) and brought
    back under by another."""
    sc = seat_2_at_16(("hp-2", "hp+2", "extra-key"))
    logs = play_logged(sc, "activate 1")  # seat 3: HP -2 -> 15
    assert [t.params for t in logs[None] if t.key == "bq.log.over"] == [{"seat": 2}]
    assert sc.view(2)["players"][1]["over"] is True
    assert sc.view(2)["players"][1]["hidden"] == "?"
    logs = play_logged(sc, "activate 2")  # seat 1: HP +2 -> 17
    assert "bq.log.over" not in keys_of(logs[None])
    assert sc.view(2)["players"][1]["over"] is False


def test_BQ_ARM_6_over_player_must_go_to_magician() -> None:
    """BQ-ARM-6: a player over the boss's HP when their turn comes may not arm."""
    sc = over_scenario()
    sc.play("ask 1").draw("G5")  # seat 2: 19 > 17
    ask(sc, 1)
    ask(sc, 1)
    assert sc.to_move() == 1
    assert sc.legal() == [
        "activate 1",
        "activate 2",
        "activate 3",
        "discard 1",
        "discard 2",
        "discard 3",
    ]
    for n in range(1, 5):
        sc.rejects(f"ask {n}", "over the boss's HP and must go to the magician")
    sc.play("discard 3")
    assert sc.view(None)["players"][1]["at_magician"] is True


def test_BQ_ARM_6_the_check_uses_the_attack_and_hp_at_that_turn() -> None:
    """BQ-ARM-6: whether the player is over is checked at their turn, with the spells then
    active: brought back under, they may arm; put over, they may not."""
    sc = over_scenario()
    sc.play("ask 1").draw("G5")  # seat 2: 19 > 17
    sc.play("activate 1")  # seat 3: HP +2 -> 19
    ask(sc, 1)  # seat 1
    assert sc.to_move() == 1
    assert sc.legal()[:4] == ["ask 1", "ask 2", "ask 3", "ask 4"]

    sc = over_scenario()
    sc.play("ask 1").draw("P2")  # seat 2: 16, under 17
    sc.play("activate 2")  # seat 3: HP -2 -> 15
    ask(sc, 1)  # seat 1
    assert sc.to_move() == 1
    assert not [a for a in sc.legal() if a.startswith("ask")]
    sc.rejects("ask 1", "over the boss's HP")


def lone_scenario() -> Scenario:
    """Three players; seats 2 and 3 go to the magician, seat 1 is left arming."""
    sc = Scenario(3).start(armorer=0, boss=21, spells=QUIET_SPELLS)
    sc.play("discard 1", "discard 2")
    return sc


def test_BQ_ARM_7_last_player_arming_gets_one_last_request() -> None:
    """BQ-ARM-7: the only player still arming may ask once more, then must go to the
    magician at once."""
    sc = lone_scenario()
    assert sc.to_move() == 0
    assert sc.legal() == ["ask 1", "ask 2", "ask 3", "ask 4", "activate 3", "discard 3"]
    ask(sc, 2)
    assert sc.to_move() == 0
    assert sc.legal() == ["activate 3", "discard 3"]
    sc.rejects("ask 1", "last knight arming and have had your last request")
    sc.play("activate 3")
    assert sc.view(None)["last_combat"] is not None


def test_BQ_ARM_7_last_player_arming_may_go_to_magician_straight_away() -> None:
    """BQ-ARM-7: the last player arming may go to the magician without a last request."""
    sc = lone_scenario()
    sc.play("discard 3")
    assert sc.view(None)["last_combat"] is not None
    assert sc.view(None)["last_combat"]["round"] == 1


def test_BQ_ARM_7_requests_made_before_being_alone_do_not_count() -> None:
    """BQ-ARM-7: the one more request is counted from the moment the player is alone."""
    sc = Scenario(2).start(armorer=0, boss=21, spells=("extra-key", "pair"))
    ask(sc, 1)  # seat 2 asks while seat 1 is still arming
    sc.play("discard 1")  # seat 1 goes to the magician: seat 2 is alone
    assert sc.to_move() == 1
    assert sc.legal()[:4] == ["ask 1", "ask 2", "ask 3", "ask 4"]
    ask(sc, 1)
    assert sc.legal() == ["activate 2", "discard 2"]


def low_deck_scenario() -> Scenario:
    """Five players, boss 21: seats 1-3 go over at once, seats 4-5 arm with low cards until
    the weapon deck holds 5 cards (3, 3, 3, 4, 4); seat 4 moves next, after seats 1-3 go to
    the magician."""
    sc = Scenario(5).start(
        armorer=4,
        boss=21,
        spells=QUIET_SPELLS,
        hidden=("R7", "B7", "G7", "R1", "B1"),
        visible=("Y7", "P7", "R6", "G1", "Y1"),
    )
    ask(sc, 4, high=True)
    ask(sc, 4, high=True)
    ask(sc, 4, high=True)
    ask(sc, 4)
    ask(sc, 4)
    assert sc.view(None)["weapon_deck"] == 5
    assert [p["over"] for p in sc.view(None)["players"]] == [True] * 3 + [False] * 2
    sc.play("discard 1", "discard 2", "discard 3")
    assert sc.to_move() == 3
    return sc


@pytest.mark.parametrize("taken", [1, 2, 3, 4])
def test_BQ_ARM_8_a_request_cannot_exceed_the_weapon_deck(taken: int) -> None:
    """BQ-ARM-8: a request may ask for at most the number of cards left in the weapon deck."""
    sc = low_deck_scenario()
    ask(sc, taken)  # seat 4
    left = 5 - taken
    assert sc.view(None)["weapon_deck"] == left
    assert sc.to_move() == 4
    assert [a for a in sc.legal() if a.startswith("ask")] == [
        f"ask {n}" for n in range(1, min(4, left) + 1)
    ]
    for n in range(left + 1, 5):
        sc.rejects(f"ask {n}", rf"weapon deck holds only {left} cards?\b")


def test_BQ_ARM_8_no_arming_with_an_empty_weapon_deck() -> None:
    """BQ-ARM-8: when the weapon deck is empty, arming is not allowed."""
    sc = low_deck_scenario()
    ask(sc, 3)  # seat 4: 9 + 9 = 18
    ask(sc, 2)  # seat 5: 12 + 8 = 20, the deck is empty
    assert sc.view(None)["weapon_deck"] == 0
    assert sc.to_move() == 3
    assert [p["over"] for p in sc.view(None)["players"]][3:] == [False, False]
    assert sc.legal() == ["activate 4", "activate 5", "discard 4", "discard 5"]
    sc.rejects("ask 1", r"weapon deck holds only 0 cards")


# -- BQ-MAGE: the magician -------------------------------------------------------------


def test_BQ_MAGE_1_activate_applies_at_once_and_ends_the_turn() -> None:
    """BQ-MAGE-1: going to the magician moves the knight there and activates one spell,
    applied at once; no second spell action follows."""
    sc = Scenario(3).start(armorer=0, boss=17, spells=("hp+2", "hp-1", "extra-key"))
    sc.rejects("rest", "spells are still available")
    logs = play_logged(sc, "activate 1")
    assert keys_of(logs[None]) == ["bq.log.activate"]
    assert logs[None][0].params["seat"] == 2
    view = sc.view(None)
    assert view["players"][1]["at_magician"] is True
    assert view["spells"][0]["status"] == "active"
    assert view["boss"] == {"hp": 17, "effective_hp": 19}
    assert sc.to_move() == 2  # the turn has passed on
    assert [s["status"] for s in view["spells"][1:]] == ["available", "available"]


def test_BQ_MAGE_1_discard_is_the_other_magician_action() -> None:
    """BQ-MAGE-1: the alternative at the magician is to discard one available spell."""
    sc = Scenario(3).start(armorer=0, boss=17, spells=("hp+2", "hp-1", "extra-key"))
    logs = play_logged(sc, "discard 2")
    assert keys_of(logs[None]) == ["bq.log.discard"]
    view = sc.view(None)
    assert view["players"][1]["at_magician"] is True
    assert [s["status"] for s in view["spells"]] == ["available", "discarded", "available"]
    assert sc.to_move() == 2


@pytest.mark.parametrize("target", [1, 2, 3])
def test_BQ_MAGE_2_dark_spell_is_placed_on_any_chosen_player(target: int) -> None:
    """BQ-MAGE-2: the activator of a dark spell chooses its target among all players,
    themselves included; the spell is placed in front of that player."""
    sc = Scenario(3).start(armorer=0, boss=21, spells=("atk+2", "hp+1", "extra-key"))
    attacks = [sc.attack(p) for p in range(3)]
    sc.play("activate 1")  # seat 2
    assert sc.to_move() == 1
    assert sc.legal() == ["target 1", "target 2", "target 3"]
    sc.rejects("discard 2", "first finish the spell")
    sc.play(f"target {target}")
    slot = sc.view(None)["spells"][0]
    assert (slot["status"], slot["target"]) == ("active", target - 1)
    expected = [a + 2 if p == target - 1 else a for p, a in enumerate(attacks)]
    assert [sc.attack(p) for p in range(3)] == expected
    assert sc.to_move() == 2


def test_BQ_MAGE_3_light_spell_is_placed_beside_the_boss() -> None:
    """BQ-MAGE-3: an activated light spell goes beside the boss, on no player."""
    sc = Scenario(3).start(armorer=0, boss=17, spells=("hp-2", "need-R", "extra-key"))
    attacks = [sc.attack(p) for p in range(3)]
    sc.play("activate 1")
    assert sc.to_move() == 2  # no target to choose
    sc.play("activate 2")
    view = sc.view(None)
    assert [(s["status"], s["target"]) for s in view["spells"][:2]] == [("active", None)] * 2
    assert view["boss"]["effective_hp"] == 15
    assert [sc.attack(p) for p in range(3)] == attacks


def test_BQ_MAGE_4_discarded_spell_has_no_effect_and_cannot_be_activated() -> None:
    """BQ-MAGE-4: a discarded spell has no effect and nobody can activate it afterwards."""
    sc = Scenario(3).start(armorer=0, boss=17, spells=("hp+2", "atk+2", "extra-key"))
    attacks = [sc.attack(p) for p in range(3)]
    sc.play("discard 1")
    sc.play("discard 2")  # a dark spell discarded: no target is asked for
    assert sc.to_move() == 0
    view = sc.view(None)
    assert [s["status"] for s in view["spells"]] == ["discarded", "discarded", "available"]
    assert [s["target"] for s in view["spells"]] == [None, None, None]
    assert sc.hp() == 17
    assert [sc.attack(p) for p in range(3)] == attacks
    assert sc.legal() == ["ask 1", "ask 2", "ask 3", "ask 4", "activate 3", "discard 3"]
    sc.rejects("activate 1", "spell 1 has been discarded and is no longer available")
    sc.rejects("activate 2", "spell 2 has been discarded")
    sc.rejects("discard 1", "spell 1 has been discarded")


def test_BQ_MAGE_4_discarded_spell_goes_to_the_discard_pile() -> None:
    """BQ-MAGE-4: a discarded spell goes to the spell discard pile (its size grows by one)."""
    sc = Scenario(3).start(armorer=0, boss=17, spells=("hp+2", "atk+2", "extra-key"))
    before = sc.view(None)["spell_discard"]
    sc.play("discard 1")
    assert sc.view(None)["spell_discard"] == before + 1


def test_BQ_MAGE_5_an_active_spell_cannot_be_discarded() -> None:
    """BQ-MAGE-5: only available spells can be activated or discarded, not active ones."""
    sc = Scenario(3).start(armorer=0, boss=17, spells=("hp+1", "atk+1", "extra-key"))
    sc.play("activate 1")
    assert sc.to_move() == 2
    assert "discard 1" not in sc.legal()
    assert "activate 1" not in sc.legal()
    sc.rejects("discard 1", "spell 1 is active, and an active spell cannot be discarded")
    sc.rejects("activate 1", "spell 1 is already active")
    sc.play("activate 2", "target 1")
    sc.rejects("discard 2", "spell 2 is active, and an active spell cannot be discarded")
    assert sc.legal() == ["ask 1", "ask 2", "ask 3", "ask 4", "activate 3", "discard 3"]


def test_BQ_MAGE_6_turns_skip_the_players_at_the_magician() -> None:
    """BQ-MAGE-6: after acting at the magician a player takes no more turns; the others go
    on in seat order."""
    sc = Scenario(4).start(armorer=0, boss=21, spells=QUIET_SPELLS)
    sc.play("discard 1")  # seat 2
    movers = []
    for _ in range(6):
        movers.append(sc.to_move())
        ask(sc, 1)
    assert movers == [2, 3, 0, 2, 3, 0]
    sc.play("discard 2")  # seat 3
    movers = []
    for _ in range(4):
        movers.append(sc.to_move())
        ask(sc, 1)
    assert movers == [3, 0, 3, 0]


def test_BQ_MAGE_7_combat_begins_when_everyone_is_at_the_magician() -> None:
    """BQ-MAGE-7: combat starts as soon as the last player reaches the magician."""
    sc = Scenario(3).start(armorer=0, boss=17, spells=("hp+1", "extra-key", "pair"))
    sc.play("activate 1")  # seat 2
    ask(sc, 1)  # seat 3
    ask(sc, 1)  # seat 1
    sc.play("discard 2")  # seat 3
    assert sc.to_move() == 0
    assert sc.view(None)["last_combat"] is None
    logs = play_logged(sc, "discard 3")
    assert "bq.log.combat" in keys_of(logs[None])
    view = sc.view(None)
    assert view["last_combat"]["round"] == 1
    assert view["last_combat"]["hp"] == 18  # fought with the active spell
    assert view["round"] == 2
    assert sc.to_move() == CHANCE


def test_BQ_MAGE_8_no_spell_available_means_no_spell_action() -> None:
    """BQ-MAGE-8: a player reaching the magician when no spell is available rests there."""
    sc = Scenario(3, spells_per_round=1).start(armorer=0, boss=21, spells=("hp+1",))
    assert "rest" not in sc.legal()
    sc.play("discard 1")
    assert sc.legal() == ["ask 1", "ask 2", "ask 3", "ask 4", "rest"]
    sc.rejects("activate 1", "no longer available")
    before = sc.view(None)["spells"]
    logs = play_logged(sc, "rest")
    assert [(t.key, t.params) for t in logs[None]] == [("bq.log.rest", {"seat": 3})]
    assert sc.view(None)["players"][2]["at_magician"] is True
    assert sc.view(None)["spells"] == before
    assert sc.to_move() == 0
    sc.play("rest")
    assert sc.view(None)["last_combat"] is not None


# -- BQ-MYST: the mystery spell ------------------------------------------------------------


@FAST
@given(players=st.integers(2, 5))
def test_BQ_MYST_1_exactly_one_spell_is_face_down_every_round(players: int) -> None:
    """BQ-MYST-1: in every round exactly one spell at the magician is the face-down one."""
    layouts = (QUIET_SPELLS, ("hp+1", "hp-1", "hp+2", "hp-2", "need-B"))
    sc = Scenario(players).start(armorer=0, boss=21, spells=layouts[0])
    for round_number, layout in enumerate(layouts, start=1):
        if round_number > 1:
            sc.round(boss=20, spells=layout)
        assert sc.view(None)["round"] == round_number
        for viewer in viewers(sc):
            slots = spell_slots(sc, viewer)
            assert [s["mystery"] for s in slots] == [False] * (players - 1) + [True]
            assert [s["spell"] is None for s in slots] == [False] * (players - 1) + [True]
        for k in range(1, players + 1):
            sc.play(f"discard {k}")


def test_BQ_MYST_2_mystery_spell_is_never_seen_unless_activated() -> None:
    """BQ-MYST-2: nobody sees the mystery spell: not when laid out, not when choosing, not
    when it is discarded, not when it is left unused at the end of the round."""
    names = ("extra-key", "Golden Key", "Clef d'or")
    sc = Scenario(3).play("armorer 1", "boss 17", "spell hp+1", "spell pair")
    logs = play_logged(sc, "spell extra-key")
    for lines in logs.values():
        assert keys_of(lines) == ["bq.log.spell_mystery"]
        assert not [n for n in names if n in dumps(lines)]
    sc.draw("R1", "R2", "R3", "R4", "R5", "R6")
    view = sc.view(1)
    for action in ("activate 3", "discard 3"):
        label = sc.game.label(view, sc.game.parse_action(action))
        assert label.params["spell"] == Text("bq.action.mystery")
    logs = play_logged(sc, "discard 3")  # seat 2 discards it blind
    for viewer, lines in logs.items():
        assert keys_of(lines) == ["bq.log.discard_mystery"]
        assert not [n for n in names if n in dumps(lines)]
        view = sc.view(viewer)
        assert view["spells"][2]["spell"] is None
        assert not [n for n in names if n in dumps(view)]


def test_BQ_MYST_2_unused_mystery_spell_is_not_shown_at_round_end() -> None:
    """BQ-MYST-2: a mystery spell left unused when the round ends is not shown."""
    names = ("need-G", "Green Seal", "Sceau vert")
    sc = Scenario(3, spells_per_round=4).start(
        armorer=0, boss=17, spells=("hp+1", "pair", "extra-key", "need-G")
    )
    for text in ("discard 1", "discard 2"):
        assert not [n for n in names if n in dumps(sc.view(None))]
        sc.play(text)
    logs = play_logged(sc, "discard 3")  # the last player: combat, the mystery is unused
    assert sc.view(None)["last_combat"] is not None
    for viewer, lines in logs.items():
        assert not [n for n in names if n in dumps(lines)]
        assert not [n for n in names if n in dumps(sc.view(viewer))]


def test_BQ_MYST_3_activated_light_mystery_is_revealed_and_applied() -> None:
    """BQ-MYST-3: an activated mystery spell is turned face up and applied like any other."""
    sc = Scenario(3).start(armorer=0, boss=17, spells=("hp+1", "pair", "hp-2"))
    logs = play_logged(sc, "activate 3")
    for lines in logs.values():
        assert keys_of(lines) == ["bq.log.activate_mystery"]
        assert lines[0].params["spell"]["en"] == "Curse of Frailty"
    for viewer in viewers(sc):
        slot = spell_slots(sc, viewer)[2]
        assert (slot["spell"], slot["status"], slot["mystery"]) == ("hp-2", "active", True)
    assert sc.view(None)["boss"] == {"hp": 17, "effective_hp": 15}


def test_BQ_MYST_3_dark_mystery_target_is_chosen_after_the_reveal() -> None:
    """BQ-MYST-3: a dark mystery spell is revealed first, then its activator picks the
    target."""
    sc = Scenario(3).start(armorer=0, boss=21, spells=("hp+1", "pair", "atk-2"))
    attack = sc.attack(0)
    sc.play("activate 3")  # seat 2
    assert sc.to_move() == 1
    assert sc.view(None)["pending"]["choice"] == "target"
    for viewer in viewers(sc):
        assert spell_slots(sc, viewer)[2]["spell"] == "atk-2"
    assert sc.legal() == ["target 1", "target 2", "target 3"]
    sc.play("target 1")
    assert sc.attack(0) == attack - 2
    assert sc.view(None)["spells"][2]["target"] == 0


def test_BQ_MYST_4_activating_the_mystery_spell_cannot_be_taken_back() -> None:
    """BQ-MYST-4: once the mystery spell is activated there is no going back."""
    match = match_of(3, *SETUP_3)  # the mystery spell (slot 3) is hp+2
    match.submit(1, match.game.parse_action("activate 3"))
    assert match.view(None)["spells"][2]["spell"] == "hp+2"
    with pytest.raises(UndoError, match="revealed something"):
        match.undo(1)
    assert match.view(None)["spells"][2]["status"] == "active"
    # an ordinary activation may be undone (so the refusal above is about the mystery)
    other = match_of(3, *SETUP_3)
    other.submit(1, other.game.parse_action("activate 1"))
    other.undo(1)
    assert other.to_move() == 1
    # nor can the revealed spell be discarded later, nor the choice of a dark one dodged
    sc = Scenario(3).start(armorer=0, boss=21, spells=("hp+1", "pair", "hp+2"))
    sc.play("activate 3")
    sc.rejects("discard 3", "spell 3 is active, and an active spell cannot be discarded")
    sc = Scenario(3).start(armorer=0, boss=21, spells=("hp+1", "pair", "atk+2"))
    sc.play("activate 3")
    sc.rejects("discard 3", "first finish the spell")
    sc.rejects("activate 1", "first finish the spell")
    sc.rejects("ask 1", "first finish the spell")
