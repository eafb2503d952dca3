# ruff: noqa: N802
"""Scenario tests for the 20 Strong Victorum clauses VIC-COMP-1 ... VIC-FLOW-2.

Clause index: docs/rules/20-strong-victorum.md (rulebook:
the Victorum rulebook, research notes §4). Every test drives a Victorum
game through the engine with :class:`Scenario` on the frozen card file ``vic_cards.toml``:
chance outcomes are forced (``uncover CAMP CODE``, ``deal CODE``, ``draw CODE``, die faces),
the exact situation is built with ``tops`` / ``edit`` where needed, and the test checks what
the engine answers: legal actions, refusals, dice zones, camps, the active area, the
influence deck and the view.

Where a clause is marked ambiguous the tests check gamehall's reading: the staggered
adjacency, camps 1..7 = B1, M2, T2, B4, M1, T1, M3, a tucked primus counts as a card, the
chip goes to the nearest camps with cards when no neighbour has any, dice on undefeated
enemies keep their hits in boss conflicts, and so on.

The default game: hero Aelia (Health 4, Strategy 3, Recovery 5), scion Orcina (spectate:
lose 1 Health; conflict side Health 10 + 1 per power, Damage 2, immune to yellow, 2 allies,
influence step 3), rank 1. :func:`ready` takes the starting tactic Feint and Strike and puts
Cassius on B1, Varro on M2 and Octavia on T2.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from gamehall.cli.ranks import RankBook
from gamehall.core.errors import CardDataError, IllegalActionError, InvalidActionError, OptionError
from gamehall.core.game import CHANCE
from gamehall.core.resign import Resign
from gamehall.games.twenty_strong.decks.victorum.cards import load_cards
from gamehall.games.twenty_strong.decks.victorum.deck import TRAINING, Vic
from gamehall.games.twenty_strong.dice import DICE, die_name
from gamehall.games.twenty_strong.state import (
    BANISHED,
    EXHAUSTED,
    NOWHERE,
    POOL,
    Item,
    Stack,
    State,
    Task,
)
from tests.twenty_strong.scenario import VIC_TEST_CARDS, Scenario

MOVE = "vic.move"
AT_CAMP = "vic.camp"
CAMPS = ("B1", "B2", "B3", "B4", "M1", "M2", "M3", "T1", "T2")
CAMP = {name: index for index, name in enumerate(CAMPS)}
DIE = {die_name(d): d for d in range(DICE)}
HOUSE = VIC_TEST_CARDS.read_text()
NEIGHBOURS = {
    "B1": {"B2", "M1"},
    "B2": {"B1", "B3", "M1", "M2"},
    "B3": {"B2", "B4", "M2", "M3"},
    "B4": {"B3", "M3"},
    "M1": {"M2", "B1", "B2", "T1"},
    "M2": {"M1", "M3", "B2", "B3", "T1", "T2"},
    "M3": {"M2", "B3", "B4", "T2"},
    "T1": {"T2", "M1", "M2"},
    "T2": {"T1", "M2", "M3"},
}
"""The staggered adjacency of VIC-CAMP-2, written out independently of the engine."""

UNIVERSAL_HERO = """
[[universal_heroes]]
code = "sentinel"
name = { en = "Star Sentinel", fr = "Sentinelle stellaire" }
health = 6
strategy = 2
recovery = 2
deck = "solar-sentinels"
innate = { modifiers = [{ kind = "ward", amount = 1 }] }
"""


# -- helpers -------------------------------------------------------------------------------


def fresh(**options: Any) -> Scenario:
    """A new Victorum game with the first chance outcomes settled (the deal, the camp tops)."""
    chosen: dict[str, Any] = {"deck": "victorum", "hero": "h-aelia", "boss": "s-orcina"}
    chosen["rank"] = 1
    chosen.update(options)
    return Scenario(**chosen).settle()


def ready(**options: Any) -> Scenario:
    """Setup done (tactic Feint and Strike; the primuses placed in deal order: with Aelia,
    Cassius on B1, Varro on M2, Octavia on T2): the first Activation, the chip not yet on the
    mountain."""
    s = fresh(**options).play("tactic t-feint")
    while s.state.tasks and s.state.tasks[0].kind == "deck.place":
        s.play(s.legal()[0])  # in deal order
    s.settle()
    assert s.state.phase == MOVE
    return s


def vic(s: Scenario) -> Vic:
    """The deck's part of the state."""
    deck: Vic = s.state.deck
    return deck


def tops(s: Scenario, name: str, *codes: str) -> Scenario:
    """Make ``codes`` the face-up cards of camp ``name`` (first code on top), the camp keeping
    its size: each code comes from the unseen cards or from another camp's top (which gets a
    stand-in), and the camp's old tops go back among the unseen cards."""
    camp = CAMP[name]
    ids = [s.card(code) for code in codes]

    def change(st: State) -> None:
        deck: Vic = st.deck
        stacks = list(st.stacks)
        unseen = list(deck.unseen)
        old = stacks[camp].known
        size = len(old) + deck.buried[camp]
        assert size >= len(ids), f"camp {name} holds only {size} cards"
        freed = [c for c in old if c not in ids]
        for card in ids:
            if card in old:
                continue
            if card in unseen:
                unseen.remove(card)
                continue
            other = next(i for i, st_ in enumerate(stacks) if i != camp and card in st_.known)
            stand_in = freed.pop() if freed else unseen.pop(0)
            stacks[other] = Stack(tuple(stand_in if c == card else c for c in stacks[other].known))
        unseen.extend(freed)
        stacks[camp] = Stack(tuple(ids))
        buried = list(deck.buried)
        buried[camp] = size - len(ids)
        st.stacks = tuple(stacks)
        st.deck = deck._replace(buried=tuple(buried), unseen=tuple(sorted(unseen)))

    return s.edit(change)


def empty(s: Scenario, *names: str) -> Scenario:
    """Empty camps ``names`` completely (their cards and primus go to the discard)."""

    def change(st: State) -> None:
        deck: Vic = st.deck
        stacks, buried, primuses = list(st.stacks), list(deck.buried), list(deck.primuses)
        unseen, gone = list(deck.unseen), []
        for name in names:
            camp = CAMP[name]
            gone += list(stacks[camp].known)
            for _ in range(buried[camp]):
                gone.append(unseen.pop())
            stacks[camp], buried[camp], primuses[camp] = Stack(), 0, NOWHERE
        st.stacks = tuple(stacks)
        st.discard = (*st.discard, *gone)
        st.deck = deck._replace(
            buried=tuple(buried), primuses=tuple(primuses), unseen=tuple(unseen)
        )

    return s.edit(change)


def lone(s: Scenario, name: str) -> Scenario:
    """Leave camp ``name`` its face-up cards only: the cards beneath go to the discard."""

    def change(st: State) -> None:
        deck: Vic = st.deck
        camp = CAMP[name]
        unseen = list(deck.unseen)
        gone = [unseen.pop() for _ in range(deck.buried[camp])]
        buried = list(deck.buried)
        buried[camp] = 0
        st.discard = (*st.discard, *gone)
        st.deck = deck._replace(buried=tuple(buried), unseen=tuple(unseen))

    return s.edit(change)


def primus_id(s: Scenario, code: str) -> int:
    """The card id of the primus side of hero/primus card ``code``."""
    index = next(i for i, h in enumerate(s.deck.data.heroes) if h.code == code)
    return int(s.deck.primus_ids[index])


def primuses(s: Scenario, **placed: str) -> Scenario:
    """Replace every primus on the mountain by ``placed`` (camp name=primus code); the number
    of primuses left to defeat becomes their count."""
    ids = [NOWHERE] * len(CAMPS)
    for name, code in placed.items():
        ids[CAMP[name]] = primus_id(s, code)
    return s.set_deck(primuses=tuple(ids), primuses_left=len(placed))


def chip_at(s: Scenario, name: str) -> Scenario:
    """Put the chip on camp ``name`` as if the move there had just been made."""
    return s.set_deck(chip=CAMP[name]).set(phase=AT_CAMP)


def moving_from(s: Scenario, name: str) -> Scenario:
    """A later Activation starting from camp ``name``."""
    return s.set_deck(chip=CAMP[name]).set(phase=MOVE, round=2)


def moves(s: Scenario) -> set[str]:
    """The camps the chip may move to now."""
    return {a.split()[1] for a in s.legal() if a.startswith("move ")}


def hurt(s: Scenario, code: str, taken: int) -> Scenario:
    """Give the active card ``code`` ``taken`` damage (it stays undefeated)."""
    card = s.card(code)

    def change(st: State) -> None:
        index = st.find_active(card)
        st.replace_active(index, st.active[index]._replace(taken=taken))

    return s.edit(change)


def zones(s: Scenario, zone: int, *names: str) -> Scenario:
    """Move the dice ``names`` to ``zone``."""

    def change(st: State) -> None:
        for name in names:
            st.move_die(DIE[name], zone)

    return s.edit(change)


def off_mountain(st: State, card: int) -> None:
    """Take ``card`` off the mountain (edit helper): an unseen card leaves the fullest camp
    one card smaller; a camp's top is replaced by an unseen card."""
    deck: Vic = st.deck
    stacks, buried, unseen = list(st.stacks), list(deck.buried), list(deck.unseen)
    if card not in unseen:
        camp = next(i for i, stack in enumerate(stacks) if card in stack.known)
        unseen.append(card)
        stand_in = unseen.pop(0)
        stacks[camp] = Stack(tuple(stand_in if c == card else c for c in stacks[camp].known))
    unseen.remove(card)
    buried[buried.index(max(buried))] -= 1
    st.stacks = tuple(stacks)
    st.deck = deck._replace(buried=tuple(buried), unseen=tuple(unseen))


def give(s: Scenario, *codes: str, locked: bool = False) -> Scenario:
    """Put cards from the mountain in the inventory (an opportunity ``locked`` while
    incomplete)."""
    ids = [s.card(code) for code in codes]

    def change(st: State) -> None:
        for card in ids:
            off_mountain(st, card)
        st.inventory = (*st.inventory, *(Item(card, locked) for card in ids))

    return s.edit(change)


def influence_deck(s: Scenario, *codes: str) -> Scenario:
    """Make the influence deck ``codes`` (top first), taking them off the mountain."""
    ids = [s.card(code) for code in codes]

    def change(st: State) -> None:
        for card in ids:
            off_mountain(st, card)
        st.deck = st.deck._replace(influence=tuple(ids))

    return s.edit(change)


def last_primus(s: Scenario) -> Scenario:
    """Challenge Ursa, the last primus, on B1 and defeat her (her defeat costs 1 Health, her
    bane 2 more): the scion's endgame follows as far as chance and choices allow."""
    challenge(s, "h-ursa", "B1")
    hurt(s, "h-ursa", 9)
    return strike(s, "R", "h").play("apply Rh 1", "resolve", "recover R")


def summit(*codes: str, boss: str = "s-orcina") -> Scenario:
    """The scion's endgame reached the real way (the last primus beaten from Health 6: 3
    Health left), with the influence deck ``codes`` (top first). Chance outcomes are left
    to the caller."""
    s = ready(boss=boss).set(health=6)
    influence_deck(s, *codes)
    return last_primus(s)


def held(s: Scenario) -> list[str]:
    """The codes of the inventory's cards."""
    return [s.deck.cards[i.card].code for i in s.state.inventory]


def codes(s: Scenario, ids: tuple[int, ...]) -> list[str]:
    """Card codes of card ids."""
    return [s.deck.cards[c].code for c in ids]


def influence(s: Scenario) -> list[str]:
    """The influence deck, top first."""
    return codes(s, vic(s).influence)


def discarded(s: Scenario) -> list[str]:
    """The discard pile's codes."""
    return codes(s, s.state.discard)


def camp_view(s: Scenario, name: str) -> dict[str, Any]:
    """A camp as the view shows it."""
    camp: dict[str, Any] = s.view()["table"]["camps"][CAMP[name]]
    assert camp["name"] == name
    return camp


def top_of(s: Scenario, name: str) -> str | None:
    """The code of a camp's face-up top card (None when nothing shows)."""
    known = s.state.stacks[CAMP[name]].known
    return s.deck.cards[known[0]].code if known else None


def strike(s: Scenario, dice: str, faces: str) -> Scenario:
    """Commit dice by colour letters, roll, and give their faces."""
    for letter in dice:
        s.play(f"commit {letter}")
    s.play("roll")
    return s.roll(*faces)


def spectate(s: Scenario, bonus: str = "health") -> Scenario:
    """Spectate the top card of the chip's camp and take a bonus (the card under it turns up
    first)."""
    s.play("spectate").settle()
    return s.play(f"bonus {bonus}").settle()


def finish(s: Scenario) -> Scenario:
    """After ``resolve``: pass the Recover and Gain Item Rewards steps."""
    while s.state.phase in ("recover", "rewards") and not s.state.tasks:
        s.play("done")
    return s.settle()


def engage(s: Scenario, name: str, *codes: str) -> Scenario:
    """Activate ``codes[0]`` from the top of camp ``name`` (the others lie beneath)."""
    tops(s, name, *codes)
    chip_at(s, name)
    return s.play("activate").settle()


def challenge(s: Scenario, code: str, name: str = "B1", **others: str) -> Scenario:
    """The only primuses left are ``code`` on camp ``name`` and ``others``: challenge it."""
    primuses(s, **{name: code}, **others)
    chip_at(s, name)
    return s.play("challenge").settle()


def reason(s: Scenario) -> str | None:
    """Why the game ended (None while it goes on)."""
    outcome = s.game.outcome(s.state)
    return None if outcome is None else outcome.reason


def lost(s: Scenario) -> bool:
    """Whether the game is over and lost."""
    outcome = s.game.outcome(s.state)
    return outcome is not None and outcome.winners == ()


def chance_codes(s: Scenario) -> list[str]:
    """The chance outcomes due now, in notation."""
    assert s.game.to_move(s.state) == CHANCE
    return [str(a) for a in s.game.chance_weights(s.state).actions]


def card_file(tmp_path: Path, text: str, name: str = "cards.toml") -> Path:
    """Write a card file in ``tmp_path``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- composition ---------------------------------------------------------------------------


def test_VIC_COMP_1_nine_hero_primus_cards_nine_scions_four_tactics(tmp_path: Path) -> None:
    """VIC-COMP-1: 9 hero/primus cards (each can be the hero or a primus), 9 two-sided scions
    (spectate side and conflict side) and 4 tactics; a file with a tenth hero is refused."""
    cards = load_cards(VIC_TEST_CARDS)
    assert (len(cards.heroes), len(cards.scions), len(cards.tactics)) == (9, 9, 4)
    for hero in cards.heroes:
        s = fresh(hero=hero.code)
        assert s.view()["table"]["hero"]["code"] == hero.code
        assert hero.code not in [p["code"] for p in s.view()["table"]["to_place"]]
    s = fresh(hero="")
    assert {s.deck.cards[p].kind for p in s.deck.primus_ids} == {"primus"}
    assert [s.deck.cards[p].code for p in s.deck.primus_ids] == [h.code for h in cards.heroes]
    for scion in cards.scions:
        table = fresh(boss=scion.code).view()["table"]["scion"]
        assert table["code"] == scion.code
        assert table["spectate"], "the spectate side has a penalty"
        assert table["conflict"]["health"] == scion.health
    assert {t["code"] for t in s.view()["table"]["tactics"]} == {
        "t-feint",
        "t-roar",
        "t-breath",
        "t-patron",
    }
    aelia = HOUSE.split("[[heroes]]")[1].split("# ---")[0].split("\n# The crit")[0]
    path = card_file(tmp_path, HOUSE + "\n[[heroes]]" + aelia.replace('"h-aelia"', '"h-tenth"'))
    with pytest.raises(CardDataError) as error:
        load_cards(path)
    assert "the deck needs 9 heroes, found 10" in str(error.value)


def test_VIC_COMP_2_fifty_four_conflict_cards(tmp_path: Path) -> None:
    """VIC-COMP-2: exactly 54 conflict cards, 22 bloodshed, 22 sport and 10 opportunity, all on
    the mountain at the start; a file with a 23rd sport card is refused."""
    s = fresh()
    kinds = Counter(s.deck.kind_of.values())
    assert kinds == {"bloodshed": 22, "sport": 22, "opportunity": 10}
    deck = vic(s)
    showing = [c for st in s.state.stacks for c in st.known]
    assert len(showing) == 9 and sum(deck.buried) == 45 == len(deck.unseen)
    assert sorted([*showing, *deck.unseen]) == sorted(s.deck.kind_of)
    sport = HOUSE.split("[[conflicts]]")[-1].split("# ---")[0].replace('"p-22"', '"p-23"')
    path = card_file(tmp_path, HOUSE + "\n[[conflicts]]" + sport)
    with pytest.raises(CardDataError) as error:
        load_cards(path)
    assert "the deck needs 22 sport cards, found 23" in str(error.value)


def test_VIC_COMP_3_seventeen_unit_dice_three_stats_and_the_chip() -> None:
    """VIC-COMP-3: the core set's 17 unit dice (1 red, 4 purple, 4 blue, 4 green, 4 yellow),
    the three stats set from the hero, and the chip, which marks the current camp."""
    s = ready()
    view = s.view()
    assert len(view["dice"]) == 17
    assert Counter(d["colour"] for d in view["dice"]) == {
        "yellow": 4,
        "green": 4,
        "blue": 4,
        "purple": 4,
        "red": 1,
    }
    assert view["stats"]["health"] == 4
    assert (view["stats"]["base_strategy"], view["stats"]["base_recovery"]) == (3, 5)
    assert view["table"]["chip"] is None
    s.play("move B3")
    assert s.view()["table"]["chip"] == "B3"
    assert [c["name"] for c in s.view()["table"]["camps"] if c["chip"]] == ["B3"]


# -- setup ---------------------------------------------------------------------------------


def test_VIC_SETUP_1_one_scion_is_the_final_boss() -> None:
    """VIC-SETUP-1: one scion, chosen by the option, is the final boss; the other 8 scion
    cards appear nowhere in the game; an unknown scion is refused."""
    for code in ("s-umbrus", "s-mortua"):
        s = ready(boss=code)
        assert s.view()["table"]["scion"]["code"] == code
        others = {s.card(sc.code) for sc in s.deck.data.scions if sc.code != code}
        everywhere = [
            *[c for st in s.state.stacks for c in st.known],
            *vic(s).unseen,
            *s.state.discard,
            *[a.card for a in s.state.active],
        ]
        assert not others & set(everywhere)
    assert ready().view()["table"]["scion"]["code"] == "s-orcina"
    with pytest.raises(OptionError):
        fresh(boss="s-nobody")


def test_VIC_SETUP_2_scion_sides_and_primus_text_are_open() -> None:
    """VIC-SETUP-2: both sides of the scion and every primus's text, bane included, are in
    the view from setup on, though the primuses lie under their camps."""
    s = fresh()
    table = s.view()["table"]
    assert [p["code"] for p in table["to_place"]] == ["h-cassius", "h-varro", "h-octavia"]
    assert table["to_place"][0]["bane"] == [{"kind": "weaken_dice", "amount": 1}]
    assert table["scion"]["spectate"] == [{"kind": "lose_health", "amount": 1}]
    assert table["scion"]["conflict"]["health"] == 10
    assert table["scion"]["allies"] == 2
    s.play("tactic t-feint", "place h-cassius", "place h-varro").settle()
    spectate(s.play("move B2"))
    table = s.view()["table"]
    b1 = table["camps"][CAMP["B1"]]
    assert b1["top"]["code"] != "h-cassius"
    assert b1["primus"]["code"] == "h-cassius"
    assert b1["primus"]["bane"] == [{"kind": "weaken_dice", "amount": 1}]
    assert table["camps"][CAMP["T2"]]["primus"]["bane"] == [
        {"kind": "stat", "stat": "strategy", "amount": -1}
    ]
    assert table["scion"]["conflict"]["during"] == [{"kind": "immune", "colours": ["yellow"]}]


def test_VIC_SETUP_3_nine_face_up_camps_of_six() -> None:
    """VIC-SETUP-3: the 54 shuffled conflict cards make 9 camps of 6 with only the top card
    face up; which card turns up is a uniform chance outcome over every unseen card."""
    s = Scenario(deck="victorum", hero="h-aelia", boss="s-orcina", rank=1)
    while s.game.to_move(s.state) == CHANCE and chance_codes(s)[0].startswith("deal"):
        s.play(chance_codes(s)[0])
    outcomes = s.game.chance_weights(s.state)
    assert len(outcomes.actions) == 54
    assert all(str(a).startswith("uncover B1 ") for a in outcomes.actions)
    s.play("uncover B1 p-07").settle()
    assert top_of(s, "B1") == "p-07"
    table = s.view()["table"]
    assert [c["size"] for c in table["camps"]] == [6] * 9
    assert all(c["top"] is not None for c in table["camps"])
    assert table["unseen"] == 45
    assert all(len(st.known) == 1 for st in s.state.stacks)


def test_VIC_SETUP_4_scion_camp_above_spectate_side_up() -> None:
    """VIC-SETUP-4: the scion sits above the 9 camps as a tenth camp, spectate side up: it is
    not in play and not a camp the chip can take; its spectate side is what spectating
    suffers."""
    s = ready()
    scion = s.card("s-orcina")
    assert scion not in [a.card for a in s.state.active]
    assert s.view()["table"]["conflict"] is None
    assert len(s.view()["table"]["camps"]) == 9
    with pytest.raises(InvalidActionError):
        s.game.parse_action("move S")
    s.play("move B1", "spectate")
    assert s.state.health == 3  # the spectate side's penalty


def test_VIC_SETUP_5_four_dealt_one_hero_three_primuses() -> None:
    """VIC-SETUP-5: at rank 1, 4 hero/primus cards are dealt at random; the player keeps one
    as hero and the other 3 become primuses; the undealt 5 are not used."""
    s = Scenario(deck="victorum", boss="s-orcina", rank=1)
    assert len(chance_codes(s)) == 9
    for code in ("h-ursa", "h-drusus", "h-nereus", "h-sabina"):
        assert f"deal {code}" in chance_codes(s)
        s.play(f"deal {code}")
    s.settle()
    assert s.choices() == ["hero h-ursa", "hero h-drusus", "hero h-nereus", "hero h-sabina"]
    s.refused("hero h-aelia")
    s.play("hero h-drusus")
    assert s.view()["table"]["hero"]["code"] == "h-drusus"
    assert s.state.health == 5
    assert [p["code"] for p in s.view()["table"]["to_place"]] == ["h-ursa", "h-nereus", "h-sabina"]
    s.play("tactic t-roar", "place h-ursa", "place h-sabina").settle()
    placed = {s.deck.cards[p].code for p in vic(s).primuses if p != NOWHERE}
    assert placed == {"h-ursa", "h-nereus", "h-sabina"}
    assert vic(s).primuses_left == 3


def test_VIC_SETUP_6_one_starting_tactic_the_rest_in_the_tactic_area() -> None:
    """VIC-SETUP-6: the player picks 1 of the 4 tactics for the inventory; the other 3 wait
    in the tactic area."""
    s = fresh()
    assert s.choices() == ["tactic t-feint", "tactic t-roar", "tactic t-breath", "tactic t-patron"]
    s.play("tactic t-breath")
    assert held(s) == ["t-breath"]
    assert [t["code"] for t in s.view()["table"]["tactics"]] == ["t-feint", "t-roar", "t-patron"]
    s.refused("tactic t-roar")


def test_VIC_SETUP_7_primuses_tucked_under_camps_one_two_three() -> None:
    """VIC-SETUP-7: the 3 primuses go on camps 1, 2 and 3 (B1, M2, T2), one each, in the
    order the player picks; each lies under its whole camp, never its top card."""
    s = fresh()
    tops_before = [top_of(s, name) for name in CAMPS]
    s.play("tactic t-feint")
    assert s.view()["table"]["next_camp"] == "B1"
    s.play("place h-octavia")
    assert s.view()["table"]["next_camp"] == "M2"
    s.refused("place h-octavia")
    s.play("place h-cassius").settle()
    where = {CAMPS[c]: s.deck.cards[p].code for c, p in enumerate(vic(s).primuses) if p >= 0}
    assert where == {"B1": "h-octavia", "M2": "h-cassius", "T2": "h-varro"}
    assert [top_of(s, name) for name in CAMPS] == tops_before
    assert [camp_view(s, n)["size"] for n in ("B1", "B2", "M2", "T2")] == [7, 6, 7, 7]
    s.play("move B1")
    assert s.legal()[:3] == ["spectate", "activate", "challenge"]
    s.play("activate").settle()
    assert s.active_codes() == [tops_before[0]]
    assert camp_view(s, "B1")["primus"]["code"] == "h-octavia"


def test_VIC_SETUP_8_nine_dice_in_the_pool_eight_in_training() -> None:
    """VIC-SETUP-8: the pool starts with 1 red, 2 purple, 2 blue, 2 green and 2 yellow dice;
    2 of each other colour wait in the Training Grounds; nothing is exhausted."""
    s = ready()
    assert s.colours(POOL) == "YYGGBBPPR"
    assert s.colours(TRAINING) == "YYGGBBPP"
    assert s.count(EXHAUSTED) == 0
    assert s.view()["table"]["training"] == {
        "yellow": 2,
        "green": 2,
        "blue": 2,
        "purple": 2,
        "red": 0,
    }
    assert s.zone_of("Y3") == "training" and s.zone_of("R") == "pool"


# -- the mountain --------------------------------------------------------------------------


def test_VIC_CAMP_1_a_four_three_two_pyramid_under_the_scion() -> None:
    """VIC-CAMP-1: camps B1-B4 (the foot), M1-M3 and T1-T2 in a pyramid, the scion camp above
    the top pair: the chip starts on the foot, and only the top pair leads to the summit."""
    s = ready()
    assert [c["name"] for c in s.view()["table"]["camps"]] == list(CAMPS)
    assert moves(s) == {"B1", "B2", "B3", "B4"}
    rows: dict[str, set[str]] = {"B": set(), "M": set(), "T": set()}
    for name in CAMPS:
        rows[name[0]] |= {n[0] for n in moves(moving_from(ready(), name))}
    assert rows == {"B": {"B", "M"}, "M": {"B", "M", "T"}, "T": {"M", "T"}}


def test_VIC_CAMP_2_staggered_symmetric_adjacency() -> None:
    """VIC-CAMP-2: with every camp holding cards, the chip moves from each camp to exactly its
    staggered neighbours, and adjacency is symmetric (ambiguous: inferred diagram)."""
    for name, expected in NEIGHBOURS.items():
        s = moving_from(ready(), name)
        assert moves(s) == expected, name
        assert set(camp_view(s, name)["adjacent"]) == expected
        for other in expected:
            assert name in NEIGHBOURS[other]
    s = moving_from(ready(), "B1")
    s.refused("move B3")
    s.refused("move M2")


def test_VIC_CAMP_3_numbered_camps_one_to_seven() -> None:
    """VIC-CAMP-3: camps 1-7 are B1, M2, T2, B4, M1, T1, M3 (ambiguous: 1-3 from the TTS
    script, 4-7 gamehall's choice); a rank 5 game fills them in that order."""
    s = fresh(rank=5).play("tactic t-feint")
    order = []
    while s.state.tasks and s.state.tasks[0].kind == "deck.place":
        order.append(s.view()["table"]["next_camp"])
        s.play(s.legal()[0])
    assert order[:6] == ["B1", "M2", "T2", "B4", "M1", "T1"]
    numbers = {c["name"]: c["number"] for c in s.view()["table"]["camps"]}
    assert numbers == {
        "B1": 1,
        "M2": 2,
        "T2": 3,
        "B4": 4,
        "M1": 5,
        "T1": 6,
        "M3": 7,
        "B2": None,
        "B3": None,
    }
    filled = {CAMPS[c] for c, p in enumerate(vic(s).primuses) if p != NOWHERE}
    assert filled == {"B1", "M2", "T2", "B4", "M1", "T1", "M3"}


# -- moving the chip -----------------------------------------------------------------------


def test_VIC_MOVE_1_first_move_to_a_foot_camp() -> None:
    """VIC-MOVE-1: at the first Activation the chip goes on any of B1-B4, nowhere else."""
    s = ready()
    assert vic(s).chip == NOWHERE
    assert moves(s) == {"B1", "B2", "B3", "B4"}
    for name in ("M1", "M2", "T1", "T2"):
        s.refused(f"move {name}")
    s.play("move B4")
    assert vic(s).chip == CAMP["B4"]
    assert s.state.phase == AT_CAMP


def test_VIC_MOVE_2_later_moves_go_to_an_adjacent_camp() -> None:
    """VIC-MOVE-2: every later Activation moves the chip from its camp to an adjacent one,
    up, down or sideways."""
    s = spectate(ready().play("move B2"))
    assert s.state.phase == MOVE and s.state.round == 2
    assert moves(s) == {"B1", "B3", "M1", "M2"}
    s.refused("move B4")
    s.refused("move T1")
    spectate(s.play("move M2"))  # up
    assert moves(s) == {"M1", "M3", "B2", "B3", "T1", "T2"}
    spectate(s.play("move M3"))  # sideways
    s.play("move B4")  # down
    assert vic(s).chip == CAMP["B4"]


def test_VIC_MOVE_3_the_scion_camp_is_never_a_move() -> None:
    """VIC-MOVE-3: from the top pair the scion camp is not a move, even when every other camp
    is empty but one far away."""
    s = moving_from(ready(), "T1")
    assert moves(s) == {"T2", "M1", "M2"}
    assert all("scion" not in a and " S" not in a for a in s.legal())
    empty(s, *[n for n in CAMPS if n not in ("T1", "B4")])
    assert moves(s) == {"B4"}
    assert s.view()["table"]["chip"] == "T1"


def test_VIC_MOVE_4_no_move_to_an_empty_camp_but_a_lone_primus_counts() -> None:
    """VIC-MOVE-4: an empty camp is not a destination; a camp holding only its undefeated
    primus still counts as having a card (ambiguous)."""
    s = moving_from(ready(), "B1")
    empty(s, "M1")
    assert moves(s) == {"B2"}
    s.refused("move M1")
    s = moving_from(ready(), "M1")
    empty(s, "B1", "B2")
    primuses(s, B2="h-ursa")
    assert camp_view(s, "B2")["size"] == 1
    assert moves(s) == {"B2", "M2", "T1"}
    s.play("move B2")
    assert s.legal()[:1] == ["challenge"]


def test_VIC_MOVE_5_the_chip_may_not_stay() -> None:
    """VIC-MOVE-5: staying on the current camp is refused; the move is compulsory."""
    s = moving_from(ready(), "B2")
    s.refused("move B2")
    assert "move B2" not in s.legal()
    assert all(a.startswith("move ") or a.startswith("discard") for a in s.legal())


def test_VIC_MOVE_6_no_adjacent_camp_goes_to_the_nearest() -> None:
    """VIC-MOVE-6: when no adjacent camp has cards, the chip goes to the nearest camps with
    cards, passing over empty ones (ambiguous); it stays only when its own camp is the last
    one holding cards."""
    s = moving_from(ready(), "B1")
    empty(s, "B2", "M1")
    assert moves(s) == {"B3", "M2", "T1"}
    s.refused("move T2")
    s.refused("move B4")
    s.play("move T1")
    assert vic(s).chip == CAMP["T1"]
    s = moving_from(ready(), "B1")
    empty(s, "B2", "M1", "B3", "M2", "T1", "M3", "T2")
    assert moves(s) == {"B4"}
    s = moving_from(ready(), "B1")
    empty(s, *[n for n in CAMPS if n != "B1"])
    assert moves(s) == {"B1"}


# -- at the camp ---------------------------------------------------------------------------


def test_VIC_ACT_1_spectate_or_activate_the_top_card() -> None:
    """VIC-ACT-1: on the destination the player spectates or activates the top card;
    activating puts it in the active area and its Engagement begins."""
    s = ready()
    tops(s, "B3", "b-11")
    s.play("move B3")
    assert s.legal()[:2] == ["spectate", "activate"]
    assert "challenge" not in s.legal()
    s.play("activate").settle()
    assert s.active_codes() == ["b-11"]
    assert s.state.phase == "commit"
    assert top_of(s, "B3") != "b-11"


def test_VIC_ACT_2_the_chip_stays_on_an_emptied_camp() -> None:
    """VIC-ACT-2: the chip stays on the camp whose card was taken; after its last card, the
    empty camp's position is where the next move starts."""
    s = ready()
    engage(s, "B2", "o-04", "b-11").play("decline").settle()
    assert s.view()["table"]["chip"] == "B2" and top_of(s, "B2") == "b-11"
    assert moves(s) == {"B1", "B3", "M1", "M2"}
    s = ready()
    tops(s, "B4", "o-04")
    lone(s, "B4")
    spectate(s.play("move B4"))
    assert camp_view(s, "B4")["size"] == 0
    assert s.view()["table"]["chip"] == "B4"
    assert moves(s) == {"B3", "M3"}
    s.refused("move B4")


def test_VIC_ACT_3_a_primus_may_be_activated_instead_of_the_top() -> None:
    """VIC-ACT-3: on a camp with an undefeated primus the player may activate the primus
    instead of the top card; the cards above it stay in the camp. A camp left with only its
    primus offers nothing but the primus (it cannot be spectated)."""
    s = ready()
    tops(s, "B1", "b-11")
    s.play("move B1")
    assert s.legal()[:3] == ["spectate", "activate", "challenge"]
    buried = vic(s).buried[CAMP["B1"]]
    s.play("challenge").settle()
    assert s.active_codes() == ["h-cassius"]
    assert top_of(s, "B1") == "b-11"
    assert vic(s).buried[CAMP["B1"]] == buried
    assert camp_view(s, "B1")["primus"] is None
    assert s.state.phase == "commit"
    s = moving_from(ready(), "B2")
    empty(s, "B1")
    primuses(s, B1="h-ursa")
    s.play("move B1")
    assert [a for a in s.legal() if not a.startswith("discard")] == ["challenge"]
    s.refused("spectate")
    s.refused("activate")


# -- spectating ----------------------------------------------------------------------------


def test_VIC_SPEC_1_spectate_any_top_card_penalty_first() -> None:
    """VIC-SPEC-1: a bloodshed, sport or opportunity top card may be spectated; the scion's
    spectate penalty (Orcina: lose 1 Health) comes first, and if it takes Health below 1 the
    game is lost before any bonus."""
    for code in ("b-06", "p-16", "o-08"):
        s = ready()
        tops(s, "B2", code)
        s.play("move B2", "spectate").settle()
        assert s.state.health == 3
        assert s.legal()[:1] == ["bonus health"]
        s.play("bonus health").settle()
        assert s.state.health == 4
        assert discarded(s) == [code]
    s = ready().set(health=1)
    s.play("move B2", "spectate")
    assert lost(s)
    assert s.state.health == 0
    assert s.choices() == []
    with pytest.raises(IllegalActionError):
        s.play("bonus health")


def test_VIC_SPEC_2_the_spectated_card_is_discarded_and_no_engagement() -> None:
    """VIC-SPEC-2: spectating discards the top card, never onto the influence deck even with
    the icon; no Engagement follows: no Strategy phase, no Exhaust, Recover or Cleanup (an
    exhausted die stays exhausted) and the next round's Activation comes next."""
    s = ready()
    zones(s, EXHAUSTED, "G1")
    tops(s, "B3", "b-10", "b-21")
    assert s.deck.icons[s.card("b-10")] == 2
    s.play("move B3", "spectate")
    assert s.state.phase != "commit"
    s.settle()
    assert top_of(s, "B3") == "b-21"
    s.play("bonus health").settle()
    assert discarded(s) == ["b-10"]
    assert influence(s) == []
    assert s.view()["table"]["influence"]["value"] == 0
    assert s.zone_of("G1") == "exhausted"
    assert s.state.phases_used == 0
    assert s.state.phase == MOVE and s.state.round == 2
    assert s.active_codes() == []


def test_VIC_SPEC_3_bonus_recover_a_die_or_one_health_within_the_cap() -> None:
    """VIC-SPEC-3: the spectator then picks one bonus: +1 Health (never above 6) or recover
    one die from the exhausted area to the pool (ambiguous reading)."""
    s = ready(boss="s-umbrus").set(health=6)
    s.play("move B1", "spectate").settle()
    assert s.choices() == ["pick Y", "pick G", "pick B", "pick P", "pick R"]  # Umbrus: exhaust
    s.play("pick B").settle()
    assert s.legal()[:2] == ["bonus health", "bonus recover"]
    s.play("bonus health").settle()
    assert s.state.health == 6
    assert s.zone_of("B1") == "exhausted"
    s.play("move B2", "spectate", "pick G").settle()
    s.play("bonus recover")
    assert s.legal()[:2] == ["pick G", "pick B"]
    s.play("pick B").settle()
    assert s.zone_of("B1") == "pool" and s.zone_of("G1") == "exhausted"
    assert s.state.health == 6
    s = ready()
    s.play("move B1", "spectate").settle()
    assert s.count(EXHAUSTED) == 0
    s.refused("bonus recover")
    s.play("bonus health")
    assert s.state.health == 4


# -- opportunities -------------------------------------------------------------------------


def test_VIC_OPP_1_an_opportunity_is_kept_or_discarded_without_engagement() -> None:
    """VIC-OPP-1: an activated opportunity skips the Engagement: the player keeps it (with a
    free inventory slot, made by using or discarding items first if needed) or discards
    it."""
    s = ready()
    engage(s, "B2", "o-08")
    assert s.state.phase != "commit"
    assert s.legal()[:2] == ["take", "decline"]
    s.play("take").settle()
    assert held(s) == ["t-feint", "o-08"]
    assert s.state.phase == MOVE and s.state.round == 2
    s = ready()
    give(s, "b-02", "p-06")
    engage(s, "B2", "o-08")
    assert "take" not in s.legal()
    s.refused("take")
    s.play("discard 2")
    assert s.legal()[0] == "take"
    s.play("take").settle()
    assert held(s) == ["t-feint", "p-06", "o-08"]
    s = ready()
    engage(s, "B2", "o-08")
    s.play("decline").settle()
    assert held(s) == ["t-feint"]
    assert discarded(s) == ["o-08"]
    assert s.state.phase == MOVE


def test_VIC_OPP_2_held_opportunities_are_items() -> None:
    """VIC-OPP-2: a held opportunity, complete or not, counts toward the inventory limit
    (Strategy) and may be discarded at any time."""
    s = ready()
    give(s, "o-04", locked=True)
    give(s, "o-03")
    assert len(s.state.inventory) == 3 == s.state.strategy
    engage(s, "B2", "b-02")
    hurt(s, "b-02", 1)
    strike(s, "R", "h").play("apply Rh 1", "resolve", "done")
    assert s.state.phase == "rewards"
    assert "gain 1" not in s.legal()
    assert {"discard 1", "discard 2", "discard 3"} <= set(s.legal())
    s.play("discard 2")
    assert held(s) == ["t-feint", "o-03"]
    assert "gain 1" in s.legal()


def test_VIC_OPP_3_an_incomplete_opportunity_gives_nothing() -> None:
    """VIC-OPP-3: while its conditions are unmet, a held opportunity's reward is out of use:
    Darling of the Crowd's crit bonus does not count, Last Stand cannot be used."""
    s = ready()
    give(s, "o-01", "o-04", locked=True)
    engage(s, "B2", "b-06")
    assert "use 2" not in s.legal() and "use 3" not in s.legal()
    s.refused("use 3")
    strike(s, "R", "c").play("apply Rc 1")
    assert s.state.active[0].taken == 2
    assert [i.locked for i in s.state.inventory] == [False, True, True]


def test_VIC_OPP_4_conditions_met_flip_the_opportunity_at_once() -> None:
    """VIC-OPP-4: the moment a held opportunity's conditions hold it flips to its completed
    side (recorded in the state and the view) and its reward is in force."""
    s = ready()
    give(s, "o-04", locked=True)
    assert s.view()["inventory"][1]["locked"] is True
    engage(s, "B2", "b-02")
    s.play("roll", "resolve")
    assert s.state.health == 2
    assert s.state.inventory[1].locked is False
    assert s.view()["inventory"][1]["locked"] is False
    s.play("pick pool.Y").settle()  # the bloodshed dismissal
    assert "use 2" in s.legal()
    s.play("use 2")
    assert s.state.health == 5
    s = ready().set(health=4)
    give(s, "o-01", locked=True)
    engage(s, "B2", "b-06")
    s.set(health=5)
    assert s.state.inventory[1].locked is False
    strike(s, "R", "c").play("apply Rc 1")
    assert s.state.active[0].taken == 3  # the crit bonus now counts


# -- bloodshed and sport -------------------------------------------------------------------


def test_VIC_BLOOD_1_bloodshed_and_sport_cards_bring_an_engagement() -> None:
    """VIC-BLOOD-1: an activated bloodshed or sport card is fought through Strategy phases
    (up to Strategy) and then the Resolve phase."""
    for code in ("b-06", "p-15"):
        s = ready()
        engage(s, "B2", code)
        assert s.state.phase == "commit"
        strike(s, "Y", "m")
        for _ in range(2):
            s.play("again", "roll").roll("m")
        assert s.state.phases_used == 3
        assert "again" not in s.legal()  # Strategy 3: three phases
        s.play("resolve")
        assert s.state.health == 3
        assert s.state.phase == "recover"


def test_VIC_BLOOD_2_one_dismissal_per_damaging_bloodshed_enemy() -> None:
    """VIC-BLOOD-2: at Cleanup the player dismisses one die for each bloodshed enemy that dealt
    damage; a defeated bloodshed card and a damaging sport card cause none."""
    s = ready().set(health=6)
    tops(s, "B1", "b-11")
    tops(s, "B3", "p-04")
    tops(s, "M1", "o-02")
    engage(s, "B2", "b-05")
    s.play("from B1").settle().play("from B3").settle()
    assert s.active_codes() == ["b-05", "b-11", "p-04"]
    strike(s, "R", "h").play("apply Rh 1", "resolve")
    assert s.state.health == 4
    finish(s)
    assert s.state.tasks[0].kind == "dismiss_dice" and s.state.tasks[0].amount == 1
    training = s.count(TRAINING)
    s.play("pick pool.Y").settle()
    assert s.count(TRAINING) == training + 1
    assert s.state.phase == MOVE
    s = ready().set(health=6)
    tops(s, "B1", "b-11")
    tops(s, "M1", "b-06")
    engage(s, "B2", "b-05")
    s.play("from B1").settle().play("from M1").settle()
    s.play("roll", "resolve")
    assert s.state.health == 3
    finish(s)
    assert s.state.tasks[0].kind == "dismiss_dice" and s.state.tasks[0].amount == 3
    s.play("pick pool.Y", "pick pool.G", "pick pool.B").settle()
    assert s.count(TRAINING) == 11
    assert s.state.phase == MOVE


def test_VIC_BLOOD_2_also_in_a_primus_conflict() -> None:
    """VIC-BLOOD-2: the dismissal applies in primus conflict rounds too (ambiguous), for the
    bloodshed enemy only, not the primus."""
    s = ready().set(health=6)
    tops(s, "B2", "b-11")
    challenge(s, "h-varro", "B1").play("from B2").settle()
    assert s.active_codes() == ["h-varro", "b-11"]
    s.play("roll", "resolve")
    assert s.state.health == 4
    finish(s)
    assert s.state.tasks[0].kind == "dismiss_dice" and s.state.tasks[0].amount == 1
    s.play("pick pool.G").settle()
    assert s.count(TRAINING) == 9
    assert s.state.phase == "commit" and vic(s).conflict == "primus"


def test_VIC_SPORT_1_a_sport_reward_may_be_swapped() -> None:
    """VIC-SPORT-1: when a sport card's instant reward is due, and at Gain Item Rewards for
    its item, the player may take a recruit or a tactic instead; a bloodshed card offers no
    such swap."""
    s = ready()
    engage(s, "B2", "p-09")
    hurt(s, "p-09", 3)
    strike(s, "R", "h").play("apply Rh 1")
    assert s.choices() == ["take", "decline", "instead 1 recruit", "instead 1 tactic"]
    s.play("take", "resolve", "done")
    assert s.legal()[:3] == ["gain 1", "instead 1 recruit", "instead 1 tactic"]
    s = ready()
    engage(s, "B2", "b-07")
    hurt(s, "b-07", 2)
    strike(s, "R", "h").play("apply Rh 1")
    assert s.choices() == ["take", "decline"]
    s = ready()
    engage(s, "B2", "b-06")
    hurt(s, "b-06", 2)
    strike(s, "R", "h").play("apply Rh 1", "resolve", "done")
    assert s.legal()[:2] == ["gain 1", "done"]


def test_VIC_SPORT_2_the_alternate_replaces_the_reward() -> None:
    """VIC-SPORT-2: the alternate replaces the printed reward: no heal with the recruit; a
    swapped item is not taken and stays in the active area until Cleanup discards it. Every
    sport card offers the same two alternates."""
    s = ready()
    engage(s, "B2", "p-09")
    hurt(s, "p-09", 3)
    strike(s, "R", "h").play("apply Rh 1", "instead 1 recruit")
    assert s.state.health == 4
    assert s.colours(POOL) == "YYYGGBBPP"
    s.play("resolve", "done", "instead 1 tactic")
    assert s.choices() == ["tactic t-roar", "tactic t-breath", "tactic t-patron"]
    s.play("tactic t-patron")
    assert held(s) == ["t-feint", "t-patron"]
    assert s.active_codes() == [] and discarded(s) == ["p-09"]
    assert influence(s) == []
    s = ready()
    engage(s, "B2", "p-04")
    hurt(s, "p-04", 2)
    strike(s, "R", "h").play("apply Rh 1", "resolve", "done")
    s.play("instead 1 recruit")
    assert held(s) == ["t-feint"]
    assert s.colours(POOL) == "YYYGGBBPP"  # R exhausted, Y recruited
    s.settle()
    assert discarded(s) == ["p-04"]
    for kind in ("sport", "bloodshed"):
        for info in [c for c in s.deck.cards if s.deck.kind_of.get(s.card(c.code)) == kind]:
            t = ready().activate(info.code)
            offered = [str(a) for a in t.deck.alternate_rewards(t.state, t.card(info.code))]
            expected = ["instead 1 recruit", "instead 1 tactic"] if kind == "sport" else []
            assert offered == expected, info.code


# -- primus conflicts ----------------------------------------------------------------------


def test_VIC_PRIM_1_a_primus_conflict_skips_activation_and_keeps_enemies() -> None:
    """VIC-PRIM-1: activating a primus starts a conflict under the endgame rules: while it
    lasts, rounds skip Activation (no move, no new card) and the undefeated primus stays in
    the active area at Cleanup."""
    s = ready()
    challenge(s, "h-tiberius", "B1", T2="h-octavia")
    assert vic(s).conflict == "primus" and s.state.endgame
    assert s.view()["table"]["conflict"] == "primus"
    tops_before = [top_of(s, name) for name in CAMPS]
    strike(s, "R", "h").play("apply Rh 1", "resolve")
    finish(s)
    assert s.state.round == 2
    assert s.state.phase == "commit"
    assert s.active_codes() == ["h-tiberius"]
    assert vic(s).chip == CAMP["B1"]
    assert [top_of(s, name) for name in CAMPS] == tops_before
    for action in ("move B2", "spectate", "activate", "challenge"):
        with pytest.raises(IllegalActionError):
            s.play(action)


def test_VIC_PRIM_2_resolve_covers_the_primus_and_its_additional_enemies() -> None:
    """VIC-PRIM-2: dice may be applied to the primus and to every other conflict card in the
    active area, and every undefeated card deals its damage."""
    s = ready().set(health=6)
    tops(s, "B2", "b-11")
    tops(s, "M1", "o-02")
    challenge(s, "h-varro", "B1", T2="h-octavia")
    assert s.active_codes() == ["h-varro", "b-11"]  # Varro calls one additional enemy
    strike(s, "GB", "hh")
    assert {"apply Gh 1", "apply Gh 2", "apply Bh 1", "apply Bh 2"} <= set(s.legal())
    s.play("apply Gh 1", "resolve")
    assert s.state.health == 4  # Varro 1 + the Condemned Brigand 1


def test_VIC_PRIM_3_every_enemy_must_fall_to_end_the_conflict() -> None:
    """VIC-PRIM-3: defeating the primus alone does not end the conflict; it ends once its
    additional enemy is defeated too."""
    s = ready().set(health=6)
    tops(s, "B2", "b-11")
    tops(s, "M1", "o-02")
    challenge(s, "h-varro", "B1", T2="h-octavia")
    hurt(s, "h-varro", 6)
    strike(s, "R", "h").play("apply Rh 1", "resolve")
    finish(s)
    s.play("pick pool.Y").settle()  # the Brigand's bloodshed dismissal
    assert vic(s).conflict == "primus"
    assert s.state.phase == "commit"
    assert s.active_codes() == ["b-11"]
    assert "h-varro" in discarded(s)
    strike(s, "P", "h").play("apply Ph 1", "decline", "resolve")
    finish(s)
    assert vic(s).conflict == ""
    assert vic(s).primuses_left == 1


def test_VIC_PRIM_4_dice_on_undefeated_enemies_stay_with_their_hits() -> None:
    """VIC-PRIM-4: at Exhaust, a die on the undefeated primus stays on it, with its hit and
    the damage dealt, into the next round; a committed die that missed is exhausted."""
    s = ready()
    challenge(s, "h-tiberius", "B1", T2="h-octavia")
    strike(s, "RP", "mh").play("apply Rh 1", "resolve")  # faces in die order: P, then R
    assert s.zone_of("R") == "on_card"
    assert s.zone_of("P1") == "exhausted"
    finish(s)
    assert s.state.phase == "commit" and s.state.round == 2
    assert s.zone_of("R") == "on_card"
    assert s.view()["dice"][DIE["R"]]["on"] == "h-tiberius"
    assert (s.state.active[0].taken, s.state.active[0].hits) == (1, 1)
    assert "commit R" not in s.legal()


def test_VIC_PRIM_5_the_bane_resolves_at_the_end_of_cleanup() -> None:
    """VIC-PRIM-5: in the round the conflict ends, the primus's bane resolves at the end of
    Cleanup (after the cards are discarded), compulsorily."""
    s = ready().set(health=6)
    challenge(s, "h-ursa", "B1", T2="h-octavia")
    hurt(s, "h-ursa", 9)
    strike(s, "R", "h").play("apply Rh 1")
    assert s.state.health == 5  # Ursa's defeat Special
    s.play("resolve")
    assert s.state.health == 5 and s.state.phase == "recover"
    assert s.active_codes() == ["h-ursa"]
    s.play("recover R").settle()
    assert s.state.health == 3  # the bane: lose 2 Health
    assert s.active_codes() == [] and "h-ursa" in discarded(s)
    assert s.state.phase == MOVE
    s = ready()
    tops(s, "B2", "o-01")
    tops(s, "M1", "o-02")
    challenge(s, "h-varro", "B1", T2="h-octavia")
    assert s.active_codes() == ["h-varro"]
    hurt(s, "h-varro", 6)
    strike(s, "R", "h").play("apply Rh 1", "resolve")
    finish(s)
    assert s.state.tasks[0].kind == "dismiss_dice"  # Varro's bane
    assert s.active_codes() == [] and discarded(s)[-1] == "h-varro"
    assert "done" not in s.legal()
    s.refused("done")
    s.play("pick pool.Y").settle()
    assert s.count(TRAINING) == 9
    assert s.state.phase == MOVE


def test_VIC_PRIM_6_the_bane_waits_for_the_end_of_the_conflict() -> None:
    """VIC-PRIM-6: a primus defeated and discarded before its additional enemy still brings
    its bane, when the conflict ends; until then the engine keeps it in view."""
    s = ready().set(health=6)
    tops(s, "B2", "p-02")
    tops(s, "M1", "o-02")
    challenge(s, "h-varro", "B1", T2="h-octavia")
    assert s.active_codes() == ["h-varro", "p-02"]
    hurt(s, "h-varro", 6)
    strike(s, "R", "h").play("apply Rh 1", "resolve")
    finish(s)
    assert "h-varro" in discarded(s)
    assert s.count(TRAINING) == 8  # no bane yet
    assert s.view()["table"]["primus"]["bane"] == [{"kind": "dismiss_dice", "amount": 1}]
    hurt(s, "p-02", 1)
    strike(s, "P", "h").play("apply Ph 1", "decline", "resolve")
    finish(s)
    assert s.state.tasks[0].kind == "dismiss_dice" and s.state.tasks[0].source == primus_id(
        s, "h-varro"
    )
    s.play("pick pool.G").settle()
    assert s.count(TRAINING) == 9
    assert s.state.phase == MOVE


# -- additional enemies --------------------------------------------------------------------


def test_VIC_ADD_1_additional_enemies_from_adjacent_camp_tops() -> None:
    """VIC-ADD-1: N additional enemies are picked one at a time among the bloodshed and sport
    tops of the camps adjacent to the current camp; no opportunity, primus-only camp or
    far camp; after a card is taken, the camp's new top may be taken too."""
    s = ready()
    tops(s, "B1", "o-01")
    tops(s, "B3", "b-11")
    tops(s, "M2", "b-06")
    tops(s, "B4", "b-08")
    tops(s, "B2", "b-05")
    empty(s, "M1")
    primuses(s, M1="h-ursa", T2="h-octavia")
    engage(s, "B2", "b-05")
    assert s.choices() == ["from B3", "from M2"]
    for action in ("from B1", "from M1", "from B4", "from T1"):
        s.refused(action)
    s.play("from B3")
    assert "uncover B3 p-16" in chance_codes(s)
    s.play("uncover B3 p-16").settle()
    assert s.choices() == ["from B3", "from M2"]
    s.play("from B3").settle()
    assert s.active_codes() == ["b-05", "b-11", "p-16"]
    assert top_of(s, "M2") == "b-06"
    assert s.state.phase == "commit"


def test_VIC_ADD_2_a_chained_call_draws_around_its_own_camp() -> None:
    """VIC-ADD-2: an additional enemy that calls more enemies takes them from the camps
    adjacent to the camp it came from (ambiguous for longer chains)."""
    s = ready()
    tops(s, "B2", "p-10")
    tops(s, "M1", "o-02")
    tops(s, "B3", "b-11")
    tops(s, "M2", "b-06")
    engage(s, "B1", "b-19", "o-05")
    assert s.active_codes() == ["b-19", "p-10"]  # the only bloodshed/sport top next to B1
    assert s.choices() == ["from B3", "from M2"]  # next to B2, not to B1
    s.play("from M2").settle()
    assert s.active_codes() == ["b-19", "p-10", "b-06"]
    assert s.state.phase == "commit"


def test_VIC_ADD_3_additional_enemies_until_no_call_is_left() -> None:
    """VIC-ADD-3: enemies keep coming until every call, chained ones included, is met."""
    s = ready()
    tops(s, "B1", "o-01")
    tops(s, "M1", "o-02")
    tops(s, "B3", "p-10", "o-06")
    tops(s, "M2", "b-06")
    tops(s, "B4", "b-11")
    tops(s, "M3", "o-03")
    engage(s, "B2", "b-05", "o-04")
    assert s.choices() == ["from B3", "from M2"]
    s.play("from B3").settle()
    assert s.choices() == ["from B4", "from M2"]  # the Ostrich Chase's own call, around B3
    s.play("from B4").settle()
    assert s.active_codes() == ["b-05", "p-10", "b-11", "b-06"]  # b-05's second call
    assert s.state.tasks == ()
    assert s.state.phase == "commit"


def test_VIC_ADD_4_missing_additional_enemies_are_skipped() -> None:
    """VIC-ADD-4: with no bloodshed or sport card showing next door, the call is skipped; a
    call that can only be partly met brings as many as show (ambiguous)."""
    s = ready()
    tops(s, "B2", "o-01")
    empty(s, "M1")
    engage(s, "B1", "b-19")
    assert s.active_codes() == ["b-19"]
    assert s.state.phase == "commit" and s.state.tasks == ()
    s = ready()
    tops(s, "B2", "b-11", "o-02")
    tops(s, "M1", "o-03")
    engage(s, "B1", "b-05")
    assert s.active_codes() == ["b-05", "b-11"]
    assert s.state.phase == "commit" and s.state.tasks == ()


# -- tactics -------------------------------------------------------------------------------


def test_VIC_TACT_1_a_tactic_is_a_single_use_item() -> None:
    """VIC-TACT-1: a held tactic sits in the inventory and counts toward the Strategy limit;
    used, its effect applies once and it leaves the inventory."""
    s = ready()
    give(s, "b-02", "p-06")
    engage(s, "B2", "b-16")  # Strategy -1 while it stands: 3 items, limit 2
    assert s.state.tasks[0].kind == "discard_item"
    s.play("discard 3").settle()
    assert held(s) == ["t-feint", "b-02"]
    s.play("use 1")
    assert s.state.active[0].taken == 2
    assert held(s) == ["b-02"]
    assert "use 2" not in s.legal()


def test_VIC_TACT_2_tactics_go_back_to_the_tactic_area() -> None:
    """VIC-TACT-2: a used tactic returns to the tactic area, not the discard pile, and may be
    gained again; so does a tactic discarded unused (ambiguous)."""
    s = ready()
    engage(s, "B2", "b-16")
    s.play("use 1")
    assert "t-feint" in [t["code"] for t in s.view()["table"]["tactics"]]
    assert "t-feint" not in discarded(s)
    s = ready()
    s.play("discard 1")
    assert held(s) == []
    assert [t["code"] for t in s.view()["table"]["tactics"]] == [
        "t-roar",
        "t-breath",
        "t-patron",
        "t-feint",
    ]
    assert discarded(s) == []
    engage(s, "B2", "p-14")
    hurt(s, "p-14", 2)
    strike(s, "R", "h").play("apply Rh 1", "take")
    assert "tactic t-feint" in s.legal()
    s.play("tactic t-feint")
    assert held(s) == ["t-feint"]


def test_VIC_TACT_3_gaining_a_tactic_picks_one_from_the_area() -> None:
    """VIC-TACT-3: gaining a tactic picks any tactic in the tactic area; with no free
    inventory slot, or an empty area, nothing is gained."""
    s = ready()
    engage(s, "B2", "b-22")
    hurt(s, "b-22", 5)
    strike(s, "R", "h").play("apply Rh 1", "take")
    assert s.choices() == ["tactic t-roar", "tactic t-breath", "tactic t-patron"]
    s.play("tactic t-breath")
    assert held(s) == ["t-feint", "t-breath"]
    assert [t["code"] for t in s.view()["table"]["tactics"]] == ["t-roar", "t-patron"]
    s = ready()
    give(s, "b-02", "p-06")
    engage(s, "B2", "b-22")
    hurt(s, "b-22", 5)
    strike(s, "R", "h").play("apply Rh 1", "take")
    assert held(s) == ["t-feint", "b-02", "p-06"]
    assert s.state.tasks == () and s.state.phase == "apply"
    s = ready().set_deck(tactics=())
    engage(s, "B2", "b-22")
    hurt(s, "b-22", 5)
    strike(s, "R", "h").play("apply Rh 1", "take")
    assert held(s) == ["t-feint"]
    assert s.state.phase == "apply"


# -- the Training Grounds ------------------------------------------------------------------


def captive(s: Scenario, die: str = "R") -> Scenario:
    """Defeat the Germanic Captive (b-13) on B2 with a die of colour ``die`` and take its
    instant reward, recruiting one die."""
    engage(s, "B2", "b-13")
    hurt(s, "b-13", 2)
    return strike(s, die, "h").play(f"apply {die}h 1", "take")


def test_VIC_DICE_1_recruit_the_weakest_die_of_the_training_grounds() -> None:
    """VIC-DICE-1: recruiting moves the weakest Training Grounds die to the pool; with the
    Training Grounds empty nothing is recruited."""
    s = captive(ready())
    assert s.zone_of("Y3") == "pool"
    assert s.colours(TRAINING) == "YGGBBPP"
    s = ready()
    zones(s, POOL, "Y3", "Y4")
    captive(s)
    assert s.zone_of("G3") == "pool"
    assert s.colours(TRAINING) == "GBBPP"
    s = ready()
    zones(s, POOL, "Y3", "Y4", "G3", "G4", "B3", "B4", "P3", "P4")
    before = s.state.zones
    captive(s)
    assert s.count(TRAINING) == 0
    assert [z for d, z in enumerate(s.state.zones) if d != DIE["R"]] == [
        z for d, z in enumerate(before) if d != DIE["R"]
    ]


def test_VIC_DICE_2_dismiss_a_free_die_to_the_training_grounds() -> None:
    """VIC-DICE-2: a dismissal sends a die of the player's choice from the pool, the
    exhausted area or the active area to the Training Grounds; never a die on a card, a
    banished die or one already dismissed; with no eligible die it is skipped."""
    s = ready().set(health=6)
    tops(s, "B2", "b-11")
    tops(s, "M1", "o-02")
    challenge(s, "h-varro", "B1", T2="h-octavia")
    assert s.active_codes() == ["h-varro", "b-11"]
    zones(s, BANISHED, "Y1", "Y2")
    strike(s, "PR", "mh").play("apply Rh 1", "resolve")
    finish(s)
    assert s.state.tasks[0].kind == "dismiss_dice"  # the Brigand dealt damage
    assert s.choices() == [
        "pick pool.G",
        "pick pool.B",
        "pick pool.P",
        "pick exhausted.P",
    ]
    s.play("pick exhausted.P").settle()
    assert s.zone_of("P1") == "training"
    assert s.zone_of("R") == "on_card"
    s = ready(hero="h-drusus")
    engage(s, "B2", "b-06")
    strike(s, "G", "m")
    s.play("ability")  # strengthen: a dismissal first, here from the active area
    assert "pick active.Gm" in s.legal()
    s.play("pick active.Gm")
    assert s.zone_of("G1") == "training"
    s = ready(boss="s-lethaea")
    zones(s, BANISHED, *[n for n in DIE if s.zone_of(n) == "pool"])
    s.play("move B1", "spectate").settle()
    assert s.choices() == ["bonus health"]  # Lethaea's dismissal found no die
    assert s.count(TRAINING) == 8


def test_VIC_DICE_3_strength_order_yellow_green_blue_purple_red() -> None:
    """VIC-DICE-3: dice rank yellow < green < blue < purple < red: recruiting three dice from
    one of each colour takes yellow, green and blue; the next recruit takes purple."""
    s = ready(hero="h-varro")
    zones(s, POOL, "Y4", "G4", "B4", "P4")
    zones(s, TRAINING, "R")
    assert s.colours(TRAINING) == "YGBPR"
    engage(s, "B2", "b-06")
    s.play("ability")  # Varro: recruit 3
    assert s.colours(TRAINING) == "PR"
    s = ready()
    zones(s, POOL, "Y3", "Y4", "G3", "G4", "B3", "B4", "P4")
    zones(s, TRAINING, "R")
    captive(s, "B")
    assert s.colours(TRAINING) == "R"


def test_VIC_DICE_4_strengthen_takes_the_closest_stronger_die() -> None:
    """VIC-DICE-4: strengthening dismisses the die and recruits the weakest Training Grounds
    die stronger than it; when the next colour up is absent, the closest stronger one
    (ambiguous)."""
    s = ready(hero="h-drusus")
    engage(s, "B2", "b-06")
    s.play("ability", "pick pool.Y")
    assert s.zone_of("Y1") == "training" and s.zone_of("G3") == "pool"
    assert s.colours(POOL) == "YGGGBBPPR"
    s = ready(hero="h-drusus")
    zones(s, POOL, "G3", "G4")
    engage(s, "B2", "b-06")
    s.play("ability", "pick pool.Y")
    assert s.zone_of("Y1") == "training" and s.zone_of("B3") == "pool"
    assert s.colours(TRAINING) == "YYYBPP"


def weaken_after_b07(s: Scenario) -> Scenario:
    """Fight the Thraex (b-07, After: weaken a die), missing with a blue die: its After
    effect is due."""
    engage(s, "B2", "b-07")
    strike(s, "B", "m").play("resolve")
    assert s.state.tasks[0].kind == "weaken_dice"
    return s


def test_VIC_DICE_5_weaken_takes_the_closest_weaker_die() -> None:
    """VIC-DICE-5: weakening dismisses the die and recruits the strongest Training Grounds die
    weaker than it."""
    s = weaken_after_b07(ready())
    s.play("pick pool.B")
    assert s.zone_of("B2") == "training" and s.zone_of("G3") == "pool"
    s = ready()
    zones(s, POOL, "G3", "G4")
    weaken_after_b07(s).play("pick pool.P")
    assert s.zone_of("P1") == "training" and s.zone_of("B3") == "pool"
    s = ready()
    zones(s, POOL, "G3", "G4", "B3", "B4")
    weaken_after_b07(s).play("pick pool.B")
    assert s.zone_of("Y3") == "pool"


def test_VIC_DICE_6_the_new_die_takes_the_old_die_s_zone() -> None:
    """VIC-DICE-6: the die recruited by a strengthen or weaken goes to the zone the dismissed
    die left: the active area, the exhausted area or the pool."""
    s = ready(hero="h-drusus")
    engage(s, "B2", "b-06")
    strike(s, "G", "m").play("ability", "pick active.Gm")
    assert s.zone_of("G1") == "training"
    assert s.zone_of("B3") == "committed"
    assert s.state.phase == "apply"
    s = ready()
    zones(s, EXHAUSTED, "P1")
    weaken_after_b07(s).play("pick exhausted.P")
    assert s.zone_of("P1") == "training" and s.zone_of("B3") == "exhausted"
    s = ready(hero="h-drusus")
    engage(s, "B2", "b-06")
    s.play("ability", "pick pool.G")
    assert s.zone_of("G1") == "training" and s.zone_of("B3") == "pool"


def test_VIC_DICE_7_no_stronger_or_weaker_die_no_change() -> None:
    """VIC-DICE-7: red is never strengthened and yellow never weakened; a die on a card is not
    offered; when nothing can be strengthened the effect changes nothing."""
    s = ready(hero="h-drusus")
    engage(s, "B2", "b-04")
    strike(s, "GG", "hh").play("apply Gh 1", "apply Gh 1", "ability")
    offered = s.legal()
    assert "pick pool.R" not in offered
    assert not [a for a in offered if a.endswith(".G")]
    assert "pick pool.Y" in offered
    s = weaken_after_b07(ready())
    assert "pick pool.Y" not in s.legal() and "pick pool.G" in s.legal()
    s = ready()
    zones(s, POOL, "Y3", "Y4", "G3", "G4", "B3", "B4", "P3", "P4")
    engage(s, "B2", "b-20")
    hurt(s, "b-20", 2)
    strike(s, "R", "h").play("apply Rh 1")
    before = s.state.zones
    s.play("take")  # strengthen 1: the Training Grounds are empty
    assert s.state.zones == before
    assert s.state.tasks == () and s.state.phase == "apply"


# -- Scion Influence -----------------------------------------------------------------------


def three_enemies(s: Scenario, first: str, second: str) -> Scenario:
    """The Mountain Wolf Pack (b-05) on B2 calls ``first`` from B1 and ``second`` from B3;
    the two are defeated and the Wolf Pack is not (it deals its damage); their instant
    rewards declined, item rewards not taken: Cleanup is next."""
    tops(s, "B1", first)
    tops(s, "B3", second)
    tops(s, "M1", "o-02")
    tops(s, "M2", "o-03")
    engage(s, "B2", "b-05")
    s.play("from B1").settle().play("from B3").settle()
    assert s.active_codes() == ["b-05", first, second]
    hurt(s, first, s.state.active[1].health - 1)
    hurt(s, second, s.state.active[2].health - 1)
    strike(s, "PR", "hh").play("apply Ph 2")
    while s.state.tasks:
        s.play("decline")
    s.play("apply Rh 3")
    while s.state.tasks:
        s.play("decline")
    s.play("resolve")
    while s.state.phase in ("recover", "rewards") and not s.state.tasks:
        s.play("done")
    return s


def test_VIC_INFL_1_defeated_icon_cards_go_on_the_influence_deck() -> None:
    """VIC-INFL-1: at Cleanup a defeated card with the icon goes face down on top of the
    influence deck (the first one starts it); when several go at once the player orders
    them."""
    s = ready()
    engage(s, "B2", "b-03")
    hurt(s, "b-03", 3)
    strike(s, "R", "h").play("apply Rh 1", "decline", "resolve")
    finish(s)
    assert influence(s) == ["b-03"]
    assert "b-03" not in discarded(s)
    for first, top in (("influence 2", "p-03"), ("influence 3", "b-03")):
        s = three_enemies(ready().set(health=6), "b-03", "p-03")
        s.play("pick pool.Y")  # the Wolf Pack's dismissal
        assert s.choices() == ["influence 2", "influence 3"]
        s.play(first).settle()
        assert influence(s)[0] == top
        assert sorted(influence(s)) == ["b-03", "p-03"]
        assert discarded(s) == ["b-05"]


def test_VIC_INFL_2_an_item_icon_counts_once_the_item_is_discarded() -> None:
    """VIC-INFL-2: a card whose icon is on its item gives no influence while held; discarded,
    or used up, it goes on top of the influence deck; so does a held opportunity with the
    icon (ambiguous)."""
    s = ready()
    engage(s, "B2", "b-04")
    hurt(s, "b-04", 4)
    strike(s, "B", "h").play("apply Bh 1", "resolve", "done", "gain 1").settle()
    assert held(s) == ["t-feint", "b-04"]
    assert influence(s) == []
    s.play("discard 2")
    assert influence(s) == ["b-04"]
    assert s.view()["table"]["influence"]["value"] == 1
    give(s, "b-15")
    give(s, "o-01", locked=True)
    engage(s, "B3", "p-18")
    s.play("use 2")
    assert influence(s) == ["b-15", "b-04"]
    s.play("discard 2")
    assert influence(s) == ["o-01", "b-15", "b-04"]
    assert s.view()["table"]["influence"]["value"] == 4
    s = ready()
    engage(s, "B2", "b-04")
    hurt(s, "b-04", 4)
    strike(s, "B", "h").play("apply Bh 1", "resolve", "done", "done").settle()
    assert influence(s) == [] and discarded(s) == ["b-04"]


def test_VIC_INFL_3_other_cards_never_reach_the_influence_deck() -> None:
    """VIC-INFL-3: an undefeated enemy, a spectated card, an opportunity discarded when
    activated and the cards cleared from the camps at the endgame all go to the discard,
    icons or not."""
    s = ready()
    engage(s, "B2", "b-03")
    s.play("roll", "resolve")
    finish(s)
    s.play("pick pool.Y").settle()
    assert discarded(s) == ["b-03"] and influence(s) == []
    tops(s, "B3", "b-10")
    spectate(s.play("move B3"))
    engage(s, "M2", "o-06")
    s.play("decline").settle()
    assert discarded(s) == ["b-03", "b-10", "o-06"] and influence(s) == []
    s = ready()
    tops(s, "B3", "p-22")
    influence_deck(s, "b-21")
    last_primus(s)
    assert "p-22" in discarded(s)
    assert influence(s) == [] and s.active_codes()[:2] == ["s-orcina", "b-21"]


def test_VIC_INFL_4_influence_is_the_icon_count_of_the_deck() -> None:
    """VIC-INFL-4: current influence is the number of icons on the influence deck's cards,
    item icons included; it rises and falls with the deck and the scion reads it (Orcina:
    power = influence // 3, Health 10 + power)."""
    s = ready()
    influence_deck(s, "b-10", "p-12")
    assert s.view()["table"]["influence"]["value"] == 4
    assert s.view()["table"]["scion"]["power"] == 1
    give(s, "o-09", locked=True)
    assert s.state.inventory[1].locked is False  # Shadow of Pluto: influence 4 reached
    s = ready()
    influence_deck(s, "b-10", "p-12", "b-03")
    last_primus(s)
    assert s.active_codes() == ["s-orcina", "b-10", "p-12"]
    assert s.state.active[0].health == 11 and s.state.active[0].power == 1
    assert s.view()["table"]["influence"]["value"] == 1
    s = ready()
    influence_deck(s, "b-10", "p-12", "b-03", "b-21")
    last_primus(s).settle()
    assert s.state.active[0].health == 12 and s.state.active[0].power == 2


def test_VIC_INFL_5_the_influence_deck_is_open_and_keeps_its_order() -> None:
    """VIC-INFL-5: the view lists the whole influence deck in order at any time; cards only
    join on top or leave from the top."""
    s = ready()
    influence_deck(s, "b-21", "p-22", "b-10")
    listed = [c["code"] for c in s.view()["table"]["influence"]["cards"]]
    assert listed == ["b-21", "p-22", "b-10"]
    engage(s, "B2", "b-03")
    assert [c["code"] for c in s.view()["table"]["influence"]["cards"]] == listed
    hurt(s, "b-03", 3)
    strike(s, "R", "h").play("apply Rh 1", "decline", "resolve")
    finish(s)
    assert influence(s) == ["b-03", "b-21", "p-22", "b-10"]
    assert [c["code"] for c in s.view()["table"]["influence"]["cards"]] == influence(s)
    primuses(s, B1="h-ursa")
    moving_from(s, "B2").set(health=6).play("move B1", "challenge").settle()
    hurt(s, "h-ursa", 9)
    strike(s, "P", "h").play("apply Ph 1", "resolve")
    finish(s)
    assert s.active_codes() == ["s-orcina", "b-03", "b-21"]
    assert influence(s) == ["p-22", "b-10"]


def test_VIC_INFL_6_no_influence_once_the_endgame_begins() -> None:
    """VIC-INFL-6: in the scion's endgame defeated enemies, icons or not, go to the discard
    and the influence deck no longer grows."""
    s = summit("b-03", "b-11", "b-14")
    hurt(s, "b-03", 3)
    hurt(s, "b-11", 0)
    strike(s, "PR", "hh").play("apply Ph 2", "decline", "apply Rh 3", "decline", "resolve")
    finish(s)
    assert influence(s) == ["b-14"]
    assert discarded(s)[-2:] == ["b-03", "b-11"]
    assert s.active_codes() == ["s-orcina"]


# -- the endgame ---------------------------------------------------------------------------


def test_VIC_END_1_the_endgame_starts_the_round_after_the_last_primus() -> None:
    """VIC-END-1: once the last primus conflict has ended and its bane is paid, the next
    round is the scion's endgame, with no normal Activation in between; while a primus is
    left, a won primus conflict leads back to the mountain."""
    s = ready().set(health=6)
    primuses(s, B1="h-ursa", T2="h-octavia")
    chip_at(s, "B1").play("challenge")
    hurt(s, "h-ursa", 9)
    strike(s, "R", "h").play("apply Rh 1", "resolve", "recover R")
    assert s.state.phase == MOVE and vic(s).conflict == ""
    s = ready().set(health=6)
    influence_deck(s, "b-03", "b-11")
    rounds = s.state.round
    primuses(s, B1="h-ursa")
    chip_at(s, "B1").play("challenge")
    conflict_round = s.state.round
    start = len(s.history)
    hurt(s, "h-ursa", 9)
    strike(s, "R", "h").play("apply Rh 1", "resolve", "recover R")
    assert s.state.health == 3  # the bane was paid
    assert vic(s).conflict == "scion" and s.state.phase == "commit"
    assert s.state.round == conflict_round + 1 == rounds + 1
    assert MOVE not in [st.phase for st in s.history[start:]]
    assert AT_CAMP not in [st.phase for st in s.history[start:]]


def test_VIC_END_2_the_chip_reaches_the_summit_and_the_camps_are_cleared() -> None:
    """VIC-END-2: the chip goes straight to the scion camp, adjacency ignored, and every card
    left in the 9 camps goes to the discard pile."""
    s = ready().set(health=6)
    influence_deck(s, "b-03", "b-11")
    tops(s, "B4", "p-22")
    primuses(s, B1="h-ursa")
    chip_at(s, "B1").play("challenge")
    hurt(s, "h-ursa", 9)
    strike(s, "R", "h").play("apply Rh 1", "resolve", "recover R")
    assert s.view()["table"]["chip"] == "scion"
    assert [c["size"] for c in s.view()["table"]["camps"]] == [0] * 9
    assert all(c["top"] is None for c in s.view()["table"]["camps"])
    elsewhere = {"b-03", "b-11"}
    conflict = {s.deck.cards[c].code for c in s.deck.kind_of}
    assert set(discarded(s)) == (conflict - elsewhere) | {"h-ursa"}
    assert len(s.state.discard) == 53


def test_VIC_END_3_the_scion_flips_and_sets_up_before_its_allies() -> None:
    """VIC-END-3: the scion turns to its conflict side and enters the active area; its
    activation Special and setup instructions (Umbrus: exhaust 1, then 2 dice) resolve
    before any ally is drawn."""
    s = summit("b-03", "b-14", "b-08", boss="s-umbrus")
    assert s.active_codes() == ["s-umbrus"]
    assert s.view()["table"]["conflict"] == "scion"
    assert influence(s) == ["b-03", "b-14", "b-08"]
    assert [t.kind for t in s.state.tasks] == ["exhaust_dice", "exhaust_dice", "deck.allies"]
    s.play("pick Y", "pick G")
    assert s.active_codes() == ["s-umbrus"]
    s.play("pick B").settle()
    assert s.count(EXHAUSTED) == 3
    assert s.active_codes() == ["s-umbrus", "b-03", "b-14"]  # 1 + 1 per power 1
    assert s.state.active[0].health == 9


def test_VIC_END_4_allies_come_from_the_top_of_the_influence_deck() -> None:
    """VIC-END-4: the scion's allies (Orcina: 2) are activated one at a time from the top of
    the influence deck, not from the camps."""
    s = summit("b-11", "p-22", "b-03")
    assert s.active_codes() == ["s-orcina", "b-11", "p-22"]
    assert influence(s) == ["b-03"]
    assert s.game.to_move(s.state) == 0 and s.state.phase == "commit"


def test_VIC_END_5_short_influence_draws_at_random_from_the_discard() -> None:
    """VIC-END-5: when the influence deck runs out, the remaining allies are drawn at random
    from the discard, never an opportunity or a primus; if the discard runs short too, the
    rest are skipped (ambiguous)."""
    s = summit("p-22")
    assert s.active_codes() == ["s-orcina", "p-22"]
    outcomes = chance_codes(s)
    assert len(outcomes) == 43  # 21 bloodshed + 22 sport, minus p-22 in play
    assert not [o for o in outcomes if o.startswith("draw o-") or o.startswith("draw h-")]
    assert "o-03" in discarded(s) and "h-ursa" in discarded(s)
    s.play("draw p-16")
    assert s.active_codes() == ["s-orcina", "p-22", "p-16"]
    assert "p-16" not in discarded(s)
    s = summit("b-03", "b-14", "b-08", boss="s-umbrus")  # power 1: 2 allies
    keep = (s.card("o-03"), s.card("h-ursa"), s.card("p-16"))
    s.set(discard=keep).set_deck(influence=())
    s.play("pick Y", "pick G", "pick B")
    assert chance_codes(s) == ["draw p-16"]
    s.play("draw p-16")
    assert s.active_codes() == ["s-umbrus", "p-16"]  # the second ally is skipped
    assert s.state.phase == "commit" and s.state.tasks == ()
    assert discarded(s) == ["o-03", "h-ursa"]


def test_VIC_END_6_allies_bring_no_additional_enemies() -> None:
    """VIC-END-6: additional-enemy icons on the scion's allies are ignored, whether the ally
    came from the influence deck or from the discard."""
    s = summit("p-07")
    assert s.state.tasks[0].kind == "deck.allies"
    s.play("draw p-10")
    assert s.active_codes() == ["s-orcina", "p-07", "p-10"]
    assert s.state.tasks == () and s.state.phase == "commit"
    s = summit("p-21", "p-07", "b-11")
    assert s.active_codes() == ["s-orcina", "p-21", "p-07"]
    assert s.state.tasks == () and s.state.phase == "commit"


def test_VIC_END_7_the_scion_conflict_skips_activation() -> None:
    """VIC-END-7: in the scion conflict later rounds skip Activation, and undefeated cards stay
    in the active area at Cleanup."""
    s = summit("b-11", "p-22", "b-03")
    round_ = s.state.round
    s.set(health=6)
    s.play("roll", "resolve")
    finish(s)
    s.play("pick pool.Y").settle()  # the Brigand's dismissal
    assert s.state.round == round_ + 1
    assert s.state.phase == "commit"
    assert s.active_codes() == ["s-orcina", "b-11", "p-22"]
    assert s.view()["table"]["chip"] == "scion"
    s.refused("move T1")


def test_VIC_END_8_every_enemy_of_the_scion_conflict_must_fall() -> None:
    """VIC-END-8: defeating the scion while an ally stands does not win; the win comes with
    the last enemy's defeat."""
    s = summit("b-11", "p-22", "b-03")
    s.set(health=6)
    hurt(s, "s-orcina", 10)
    hurt(s, "b-11", 0)
    strike(s, "R", "h").play("apply Rh 1")
    assert s.state.active[0].defeated
    assert s.game.outcome(s.state) is None
    hurt(s, "p-22", 3)
    s.play("again")
    strike(s, "P", "h").play("apply Ph 3", "decline")
    assert s.game.outcome(s.state) is None  # the Brigand still stands
    s.play("resolve")
    finish(s)
    s.play("pick pool.Y").settle()  # the Brigand's bloodshed dismissal
    assert vic(s).scion_down and "s-orcina" in discarded(s)
    assert s.active_codes() == ["b-11"] and s.game.outcome(s.state) is None
    strike(s, "B", "h").play("apply Bh 1")
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.winners == (0,)


def test_VIC_END_9_dice_on_undefeated_enemies_stay_in_the_scion_conflict() -> None:
    """VIC-END-9: at Exhaust in the scion conflict, a die on an undefeated enemy stays on it
    into the next round; a missed die is exhausted."""
    s = summit("b-11", "p-22", "b-03")
    s.set(health=6)
    strike(s, "PR", "mh").play("apply Rh 1", "resolve")
    assert s.zone_of("R") == "on_card" and s.zone_of("P1") == "exhausted"
    finish(s)
    s.play("pick pool.Y").settle()
    assert s.state.phase == "commit"
    assert s.zone_of("R") == "on_card"
    assert s.view()["dice"][DIE["R"]]["on"] == "s-orcina"
    assert s.state.active[0].taken == 1


# -- winning and losing --------------------------------------------------------------------


def test_VIC_WIN_1_only_the_scion_conflict_wins() -> None:
    """VIC-WIN-1: winning a primus conflict, even the last one, does not win the game; only
    defeating the scion and every other enemy of the endgame does, and the endgame comes only
    once every primus is out."""
    s = ready().set(health=6)
    primuses(s, B1="h-ursa", T2="h-octavia")
    chip_at(s, "B1").play("challenge")
    hurt(s, "h-ursa", 9)
    strike(s, "R", "h").play("apply Rh 1", "resolve", "recover R")
    assert s.game.outcome(s.state) is None
    assert vic(s).primuses_left == 1 and s.state.phase == MOVE
    s = ready().set(health=6)
    influence_deck(s, "b-11", "p-02")
    last_primus(s)
    assert s.game.outcome(s.state) is None
    assert vic(s).conflict == "scion"
    s.set(health=6)
    hurt(s, "s-orcina", 10)
    hurt(s, "p-02", 1)
    strike(s, "GBR", "hhh").play("apply Rh 1", "apply Gh 2", "decline")
    assert s.state.active[0].defeated and s.state.active[1].defeated
    assert s.game.outcome(s.state) is None
    s.play("apply Bh 3")
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.winners == (0,)
    assert s.view()["result"] == "won"


def test_VIC_WIN_2_health_below_one_loses_in_a_normal_round() -> None:
    """VIC-WIN-2: Health 1 is alive; damage taking it below 1 in a normal round loses."""
    s = ready().set(health=3)
    engage(s, "B2", "b-02")
    s.play("roll", "resolve")
    assert s.state.health == 1 and s.game.outcome(s.state) is None
    s = ready().set(health=2)
    engage(s, "B2", "b-02")
    s.play("roll", "resolve")
    assert lost(s) and s.game.to_move(s.state) is None


def test_VIC_WIN_2_health_below_one_loses_while_spectating() -> None:
    """VIC-WIN-2: the spectate penalty taking Health below 1 loses at once."""
    s = ready().set(health=1)
    s.play("move B4", "spectate")
    assert lost(s)


def test_VIC_WIN_2_health_below_one_loses_in_a_primus_conflict() -> None:
    """VIC-WIN-2: a primus dealing the last Health loses the game, conflict or not."""
    s = ready().set(health=2)
    challenge(s, "h-ursa", "B1", T2="h-octavia")
    s.play("roll", "resolve")
    assert lost(s)


def test_VIC_WIN_2_health_below_one_loses_in_the_endgame() -> None:
    """VIC-WIN-2: the scion conflict is lost the same way."""
    s = summit("b-11", "p-22", "b-03")
    assert s.state.health == 3
    s.play("roll", "resolve")
    assert lost(s)
    assert s.view()["result"] == "lost"


# -- universal heroes, ranks ---------------------------------------------------------------


def test_VIC_UNIV_1_a_universal_hero_replaces_the_chosen_victorum_hero(tmp_path: Path) -> None:
    """VIC-UNIV-1: with a universal hero, setup deals 4 Victorum hero/primus cards and the
    player picks one as usual; that card then goes back to the box (it is no primus) and the
    universal hero plays."""
    path = card_file(tmp_path, HOUSE + UNIVERSAL_HERO)
    s = Scenario(deck="victorum", deck_file=str(path), hero="sentinel", boss="s-orcina")
    for code in ("h-ursa", "h-drusus", "h-nereus", "h-sabina"):
        s.play(f"deal {code}")
    s.settle()
    assert s.choices() == ["hero h-ursa", "hero h-drusus", "hero h-nereus", "hero h-sabina"]
    s.play("hero h-nereus")
    assert s.view()["table"]["hero"]["code"] == "sentinel"
    assert (s.state.health, s.state.strategy, s.state.recovery) == (6, 2, 2)
    assert [p["code"] for p in s.view()["table"]["to_place"]] == ["h-ursa", "h-drusus", "h-sabina"]
    s.play("tactic t-feint", "place h-ursa", "place h-drusus").settle()
    placed = {s.deck.cards[p].code for p in vic(s).primuses if p != NOWHERE}
    assert placed == {"h-ursa", "h-drusus", "h-sabina"}
    engage(s, "B2", "b-02")
    s.play("roll", "resolve")
    assert s.state.health == 5  # Damage 2 less the sentinel's ward 1


def test_VIC_RANK_1_rank_one_is_the_normal_game_and_moves_with_results(tmp_path: Path) -> None:
    """VIC-RANK-1: rank 1 (the default) is the normal game: 3 primuses and no camp top
    removed; a win raises the Victorum rank by 1, a loss lowers it, never below 1."""
    s = Scenario(deck="victorum", hero="h-aelia").settle()
    assert s.state.tasks[-1] == Task("deck.remove", 0)
    s.play("tactic t-feint", "place h-cassius", "place h-varro").settle()
    assert s.state.phase == MOVE and vic(s).primuses_left == 3
    assert vic(s).influence == () and s.state.discard == ()
    book = RankBook(tmp_path / "ranks.json")
    assert book.rank("victorum") == 1
    assert book.record("victorum", won=False) == 1
    assert book.record("victorum", won=True) == 2
    assert book.record("victorum", won=True) == 3
    assert book.record("victorum", won=False) == 2


def test_VIC_RANK_2_each_rank_adds_a_primus_up_to_rank_five() -> None:
    """VIC-RANK-2: rank r deals 4 + (r - 1) hero/primus cards, so 3 + (r - 1) primuses, the
    extra ones on camps 4, 5, 6, 7 in order, the player choosing which primus goes where;
    rank 5 is the highest."""
    for rank in range(1, 6):
        s = fresh(rank=rank)
        assert len(s.view()["table"]["to_place"]) == 3 + rank - 1
        assert vic(s).primuses_left == 3 + rank - 1
    s = fresh(rank=2).play("tactic t-feint")
    assert s.choices() == [
        "place h-cassius",
        "place h-varro",
        "place h-octavia",
        "place h-tiberius",
    ]
    s.play("place h-tiberius", "place h-varro")
    assert s.view()["table"]["next_camp"] == "T2"
    s.play("place h-octavia")  # the last one goes to camp 4 by itself
    where = {CAMPS[c]: s.deck.cards[p].code for c, p in enumerate(vic(s).primuses) if p >= 0}
    assert where == {"B1": "h-tiberius", "M2": "h-varro", "T2": "h-octavia", "B4": "h-cassius"}
    with pytest.raises(OptionError):
        fresh(rank=6)


def test_VIC_RANK_3_rank_r_removes_the_tops_of_r_chosen_camps() -> None:
    """VIC-RANK-3: at rank r > 1, once the mountain is built, the player removes the top cards
    of r different camps of their choice."""
    s = fresh(rank=3).play("tactic t-feint")
    for _ in range(4):
        s.play(s.legal()[0])
    assert s.state.tasks[0] == Task("deck.remove", 3)
    assert s.choices() == [f"remove {name}" for name in CAMPS]
    old = top_of(s, "M3")
    s.play("remove M3").settle()
    assert top_of(s, "M3") != old
    s.refused("remove M3")
    assert "remove M3" not in s.legal()
    while s.state.tasks and s.state.tasks[0].kind != "deck.remove":
        s.play(s.legal()[0]).settle()
    s.play("remove B1").settle()
    while s.state.tasks and s.state.tasks[0].kind != "deck.remove":
        s.play(s.legal()[0]).settle()
    s.play("remove T1").settle()
    while s.state.tasks:
        s.play(s.legal()[0]).settle()
    assert s.state.phase == MOVE
    assert sorted(CAMPS[c] for c in vic(s).removed) == ["B1", "M3", "T1"]
    assert [camp_view(s, n)["size"] for n in ("M3", "B1", "T1", "B2")] == [5, 5 + 1, 5, 6]


def ranked_setup(rank: int) -> Scenario:
    """A rank ``rank`` game at the camp-top removal step (primuses placed in deal order)."""
    s = fresh(rank=rank).play("tactic t-feint")
    while s.state.tasks[0].kind == "deck.place":
        s.play(s.legal()[0])
    return s


def test_VIC_RANK_4_a_removed_icon_card_joins_the_influence_deck() -> None:
    """VIC-RANK-4: a removed top card with the influence icon goes on top of the influence
    deck, starting it if needed."""
    s = ranked_setup(2)
    tops(s, "B2", "b-10")
    tops(s, "B3", "p-12")
    s.play("remove B2").settle()
    assert influence(s) == ["b-10"]
    s.play("remove B3").settle()
    assert influence(s) == ["p-12", "b-10"]
    assert s.view()["table"]["influence"]["value"] == 4
    assert s.state.discard == () and s.count(TRAINING) == 8


def test_VIC_RANK_5_a_removed_plain_card_costs_a_die() -> None:
    """VIC-RANK-5: a removed top card without the icon is discarded and the player dismisses
    a die for it."""
    s = ranked_setup(2)
    tops(s, "B2", "b-11")
    s.play("remove B2").settle()
    assert discarded(s) == ["b-11"] and influence(s) == []
    assert s.state.tasks[0].kind == "dismiss_dice"
    assert s.choices() == [
        "pick pool.Y",
        "pick pool.G",
        "pick pool.B",
        "pick pool.P",
        "pick pool.R",
    ]
    s.play("pick pool.P").settle()
    assert s.colours(TRAINING) == "YYGGBBPPP"
    assert s.legal()[0].startswith("remove ")


# -- the round -----------------------------------------------------------------------------


def test_VIC_FLOW_1_activation_then_engagement_unless_skipped() -> None:
    """VIC-FLOW-1: a round is Activation then an Engagement (Strategy phases, Resolve); the
    Engagement is skipped after a spectate or an opportunity."""
    s = ready().set(health=6)
    tops(s, "B2", "b-11")
    s.play("move B2")
    assert s.state.phase == AT_CAMP and s.state.round == 1
    s.play("activate").settle()
    assert s.state.phase == "commit"
    s.play("roll", "resolve")
    finish(s)
    s.play("pick pool.Y").settle()
    assert s.state.phase == MOVE and s.state.round == 2
    start = len(s.history)
    spectate(s.play("move B3"))
    assert s.state.phase == MOVE and s.state.round == 3
    tops(s, "B4", "o-08")
    s.play("move B4", "activate").settle().play("take").settle()
    assert s.state.phase == MOVE and s.state.round == 4
    skipped = {"commit", "apply", "suffer", "after", "exhaust", "recover", "rewards", "cleanup"}
    assert not skipped & {st.phase for st in s.history[start:]}


def test_VIC_FLOW_2_cleanup_dismisses_then_influences_then_discards() -> None:
    """VIC-FLOW-2: Cleanup runs (1) one dismissal per damaging bloodshed enemy, (2) defeated
    icon cards onto the influence deck, (3) the discard of everything else."""
    s = three_enemies(ready().set(health=6), "b-03", "p-03")
    assert s.state.tasks[0].kind == "dismiss_dice"
    assert s.active_codes() == ["b-05", "b-03", "p-03"] and influence(s) == []
    s.play("pick pool.Y")
    assert s.choices() == ["influence 2", "influence 3"]
    assert s.active_codes() == ["b-05", "b-03", "p-03"] and discarded(s) == []
    s.play("influence 2").settle()  # the other card follows on its own
    assert influence(s) == ["p-03", "b-03"]
    assert discarded(s) == ["b-05"] and s.active_codes() == []
    assert s.state.phase == MOVE


# -- regressions: bugs these tests found, fixed in the engine ---------------------------


def test_VIC_INFL_2_a_gained_item_card_is_not_also_in_the_discard() -> None:
    """VIC-INFL-2 (with GEN-RESOLVE-7, VIC-SPORT-2): a gained item card goes into the
    inventory, so Cleanup does not also put it in the discard pile; discarded later, it lies on
    the influence deck only."""
    s = ready()
    engage(s, "B2", "b-04")
    hurt(s, "b-04", 4)
    strike(s, "B", "h").play("apply Bh 1", "resolve", "done", "gain 1").settle()
    assert held(s) == ["t-feint", "b-04"]
    assert "b-04" not in discarded(s)
    s.play("discard 2")
    assert influence(s) == ["b-04"]
    assert "b-04" not in discarded(s)


def test_VIC_INFL_1_a_card_taken_as_an_item_does_not_also_give_influence() -> None:
    """VIC-INFL-1: Cleanup moves the defeated icon cards of the active area; a card whose item
    was gained (Javelin Toss, icon on its body) has left the active area for the inventory,
    so it cannot also lie on the influence deck."""
    s = ready()
    engage(s, "B2", "p-03")
    hurt(s, "p-03", 2)
    strike(s, "B", "h").play("apply Bh 1", "resolve", "done", "gain 1").settle()
    assert held(s) == ["t-feint", "p-03"]
    assert influence(s) == []
    assert s.view()["table"]["influence"]["value"] == 0


def test_VIC_END_5_a_held_item_card_is_never_drawn_as_an_ally() -> None:
    """VIC-END-5: allies are drawn from the discard pile; a card held in the inventory as an
    item is not in the discard and cannot also turn up as a scion ally."""
    s = ready().set(health=6)
    engage(s, "B2", "b-04")
    hurt(s, "b-04", 4)
    strike(s, "B", "h").play("apply Bh 1", "resolve", "done", "gain 1").settle()
    primuses(s, B1="h-ursa")
    moving_from(s, "B2").set(health=6).play("move B1", "challenge").settle()
    hurt(s, "h-ursa", 9)
    strike(s, "P", "h").play("apply Ph 1", "resolve", "done")
    assert s.state.tasks[0].kind == "deck.allies"
    assert held(s) == ["t-feint", "b-04"]
    assert "draw b-04" not in chance_codes(s)


def test_VIC_PRIM_4_a_die_on_an_enemy_defeated_after_exhaust_is_not_lost() -> None:
    """VIC-PRIM-4: a die stays on an undefeated enemy at Exhaust; when an item then defeats
    that enemy (here Feint and Strike during Recover) and Cleanup discards it, the die must not
    stay on the discarded card, out of play for the rest of the game."""
    s = ready().set(health=6)
    challenge(s, "h-tiberius", "B1", T2="h-octavia")
    hurt(s, "h-tiberius", 9)
    strike(s, "PR", "mh").play("apply Rh 1", "resolve")
    assert s.state.phase == "recover" and s.zone_of("R") == "on_card"
    s.play("use 1")  # 2 damage: Tiberius falls after the Exhaust step
    assert s.state.active[0].defeated
    s.play("done", "pick P", "pick G").settle()  # his bane: exhaust 2 dice
    assert s.state.phase == MOVE and "h-tiberius" in discarded(s)
    assert s.zone_of("R") == "exhausted"


def test_GEN_DECK_3_an_ability_printed_once_per_game_is_not_renewed() -> None:
    """GEN-DECK-3 (Varro's "recruit 3 dice, once per game"): used in one Engagement, the
    ability is not offered again in the next one, unlike an ability used per Engagement."""
    s = ready(hero="h-varro")
    s.play("move B2", "activate").settle()
    assert "ability" in s.legal()
    s.play("ability")
    assert s.count(TRAINING) == 5  # the three weakest dice came out of the Training Grounds
    assert "ability" not in s.legal()
    s.play("roll").settle().play("resolve").settle()
    while s.state.phase != MOVE and not lost(s):  # the Resolve phase, with its choices
        s.play("done" if "done" in s.legal() else s.legal()[0]).settle()
    s.play(s.legal()[0], "activate").settle()
    assert s.state.phase == "commit" and "ability" not in s.legal()


# -- VIC-R18: a conflict that can no longer be won -----------------------------------------

YELLOW = ("Y1", "Y2", "Y3", "Y4")


def all_but(*kept: str) -> tuple[str, ...]:
    """Every die but ``kept``."""
    return tuple(name for name in DIE if name not in kept)


def test_VIC_PRIM_3_a_conflict_no_die_can_win_is_lost() -> None:
    """VIC-PRIM-3, VIC-R18: every enemy of a conflict must fall. Cassius is immune to yellow;
    with only yellow dice left and no item or ability that could change the fight (Aelia's
    heal cannot), the conflict can no longer be won: the game is lost, and says why."""
    s = ready().set(inventory=())
    zones(s, TRAINING, *all_but(*YELLOW))
    challenge(s, "h-cassius", "B1", T2="h-octavia")
    assert lost(s)
    assert reason(s) == "cannot-win"
    assert s.state.health >= 1


def test_VIC_PRIM_3_a_damage_item_keeps_the_conflict_open() -> None:
    """VIC-PRIM-3, VIC-R18: with Feint and Strike held (2 damage to a card), the same
    conflict goes on; once it is used and nothing else can hurt Cassius, it is lost."""
    s = ready()
    zones(s, TRAINING, *all_but(*YELLOW))
    challenge(s, "h-cassius", "B1", T2="h-octavia")
    assert not lost(s) and "use 1" in s.legal()
    s.play("use 1").settle()
    assert s.state.active[0].taken == 2
    assert lost(s) and reason(s) == "cannot-win"


def test_VIC_PRIM_3_an_exhausted_die_that_can_hit_keeps_the_conflict_open() -> None:
    """VIC-PRIM-3, VIC-R18: a red die in the exhausted area will come back: not lost."""
    s = ready().set(inventory=())
    zones(s, TRAINING, *all_but(*YELLOW, "R"))
    zones(s, EXHAUSTED, "R")
    challenge(s, "h-cassius", "B1", T2="h-octavia")
    assert not lost(s) and s.state.phase == "commit"


def test_VIC_PRIM_3_an_enemy_that_takes_the_last_die_every_engagement_cannot_be_beaten() -> None:
    """VIC-PRIM-3, VIC-R18: Octavia exhausts a die as each Engagement begins; with one die
    left she takes it every time, so the conflict is lost; with two, one can be rolled."""
    s = ready().set(inventory=())
    zones(s, TRAINING, *all_but("R"))
    challenge(s, "h-octavia", "B1", T2="h-cassius")
    assert lost(s) and reason(s) == "cannot-win"
    s = ready().set(inventory=())
    zones(s, TRAINING, *all_but("R", "P1"))
    challenge(s, "h-octavia", "B1", T2="h-cassius")
    assert not lost(s)


def test_VIC_WIN_2_the_loss_with_no_die_left_names_its_reason() -> None:
    """VIC-WIN-2, VIC-R12: a hero with no die to fight with and nothing usable loses, with
    Health left, and the outcome and the log say it was the dice, not Health (at full Health
    Aelia's heal cannot be used)."""
    s = ready().set(inventory=(), health=6)
    zones(s, TRAINING, *DIE)
    engage(s, "B1", "b-01")
    assert lost(s)
    outcome = s.game.outcome(s.state)
    assert outcome is not None and outcome.reason == "no-dice-left"
    assert s.state.health >= 1
    assert s.view()["result"] == "lost"


def test_a_victorum_game_may_be_resigned_at_any_decision() -> None:
    """Resigning (core.resign): the solo game is lost at once, reason "resigned"; a finished
    game cannot be resigned; the log says so."""
    s = ready()
    before = s.state
    after = s.game.apply(before, Resign(0))
    outcome = s.game.outcome(after)
    assert outcome is not None and outcome.winners == () and outcome.reason == "resigned"
    lines = s.game.narrate(before, Resign(0), after, 0)
    assert lines[0].key == "20s.log.resigned"
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.game.apply(after, Resign(0))
    with pytest.raises(IllegalActionError, match="no seat 2"):
        s.game.apply(before, Resign(1))


def test_the_victorum_length_bound_counts_camps_and_conflicts() -> None:
    """Every round away from a conflict takes a camp's card; each primus and the scion may
    hold a battle of CONFLICT_ROUNDS rounds; rank 3 adds two primuses."""
    from gamehall.games.twenty_strong.deck import CONFLICT_ROUNDS

    assert fresh().game.length_bound() == ("rounds", 54 + 4 * CONFLICT_ROUNDS)
    assert fresh(rank=3).game.length_bound() == ("rounds", 54 + 6 * CONFLICT_ROUNDS)
    s = ready()
    assert s.game.length(s.state) == s.state.round
