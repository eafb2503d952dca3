# ruff: noqa: N802  (test names carry clause IDs such as TMB_BATTLE_4 in capitals)
"""Deadlock warnings of the deck workshop (issue 23, item 4): cards that can make a 20 Strong
game that never ends are warned of, one line each naming the card, the field, why and what ends
it; warnings fail nothing (``gamehall deck validate`` exits 0 on warnings alone, 1 on an error).

Each kind is checked on a house file with a few cards changed, and against the rules themselves
(``flow.hittable``, ``flow.hit_damage``, ``effects.commit_limit``, ``Victorum.cannot_win``): the
workshop warns exactly where the rules would let a battle go on for ever."""

from __future__ import annotations

import re
from pathlib import Path

from gamehall.core.i18n import catalog
from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.decks.too_many_bones.cards import HOUSE_FILE as TMB_FILE
from gamehall.games.twenty_strong.decks.victorum.cards import HOUSE_FILE as VIC_FILE
from gamehall.games.twenty_strong.dice import CRIT
from gamehall.games.twenty_strong.effects import commit_limit, modifiers
from gamehall.games.twenty_strong.flow import activate, hit_damage, hittable
from gamehall.games.twenty_strong.state import State
from gamehall.games.twenty_strong.workshop import validate_deck_file
from tests.commands import gamehall
from tests.twenty_strong.scenario import TEST_CARDS, VIC_TEST_CARDS
from tests.twenty_strong.test_vic_clauses import challenge, lost, ready

TMB = TMB_FILE.read_text(encoding="utf-8")
VIC = VIC_FILE.read_text(encoding="utf-8")
EVERY = '["yellow", "green", "blue", "purple", "red"]'
ENDS_TMB = (
    "hits do not carry over between Engagements (TMB-BATTLE-4), so only direct damage "
    "(damage_card) can defeat it, and TMB-R17 ends the game as lost once no item, ability or "
    "reward could change that"
)
UNSEEN_TMB = (
    "hits do not carry over between Engagements (TMB-BATTLE-4), and TMB-R17 does not end such "
    "a battle (the dice left could hit, were they committed): only direct damage (damage_card) "
    "can end it, or the hero's Health falling below 1 ends the game"
)
TAKES = (
    "as each Engagement begins it exhausts, dismisses or banishes {} of the hero's dice, and in "
    "a conflict that comes every round: a hero left with that many dice or fewer to roll cannot "
    "win the conflict, and VIC-R18 ends the game as lost once no item or ability could change "
    "that"
)
HEALTH = (
    "Health {} is more than the {} damage dice can deal it in one Engagement (dice that "
    "can hit it: at most {}; damage of each: {}), so no roll can defeat it{}; " + ENDS_TMB
)

VIC_HOUSE = [
    "heroes[3] (code 'h-octavia'): primus.special: " + TAKES.format(1),
    "scions[3] (code 's-cinereus'): special: " + TAKES.format(1),
    "conflicts[7] (code 'b-08'): special: " + TAKES.format(1),
    "conflicts[20] (code 'b-21'): special: " + TAKES.format(1),
]

Edit = tuple[str, str, str]


def edited(text: str, *edits: Edit) -> str:
    """``text`` with each (code, old, new) edit made once, inside the card ``code``."""
    for code, old, new in edits:
        start = text.index(f'code = "{code}"\n')
        place = text.index(old, start)
        assert "\n[[" not in text[start:place], f"{old!r} is not on {code}"
        text = text[:place] + new + text[place + len(old) :]
    return text


def with_field(text: str, code: str, name: str, value: object) -> str:
    """``text`` with the first ``name = ...`` line of the card ``code`` set to ``value``."""
    pattern = rf'(code = "{code}"\n(?:(?!\[\[).*\n)*?){name} = .*'
    changed, count = re.subn(pattern, rf"\g<1>{name} = {value}", text, count=1)
    assert count == 1, (code, name)
    return changed


def write(tmp_path: Path, text: str) -> Path:
    """The card file ``text`` in ``tmp_path``."""
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def warnings(path: Path) -> list[str]:
    """The warnings of a card file as printed, without the file's name."""
    found = validate_deck_file(path)
    return [str(p).removeprefix(f"{path}: ") for p in found if p.severity == "warning"]


def game_of(path: Path, deck: str = "too-many-bones") -> TwentyStrong:
    """A game of the card file ``path``."""
    return TwentyStrong(1, {"deck": deck, "deck_file": str(path)})


def battle(game: TwentyStrong, *codes: str, encounter: str = "") -> State:
    """A fresh state of ``game`` whose active area holds ``codes`` (in the battle of the Tyrant
    encounter ``encounter``, if given)."""
    state = game.initial_state()
    deck = game.deck
    if encounter:
        state.deck = state.deck._replace(encounter=deck.codes[encounter])
    for code in codes:
        activate(game, state, deck.codes[code])
    return state


def test_the_house_decks_warn_only_of_what_is_true() -> None:
    """GEN-R13, TMB-BATTLE-4, VIC-R18, TMB-R11. Too Many Bones: nothing (its guards never block
    one another). Victorum: Octavia, Cinereus and two conflict cards take a die as each
    Engagement begins. The frozen test decks add Murkfang: 10 Health + 1 per encounter, crits
    dealing 1."""
    assert warnings(TMB_FILE) == []
    assert warnings(VIC_FILE) == VIC_HOUSE
    murkfang = (
        "tyrants[1] (code 'murkfang'): health: with at least 8 Tyrant encounters left when it "
        "is faced (TMB-R11), its Health (10 + 1 per encounter) is more than the 17 damage dice "
        "can deal it in one Engagement (dice that can hit it: at most 17; damage of each: 1), "
        "so no roll "
        f"can defeat it; {ENDS_TMB}"
    )
    assert warnings(TEST_CARDS) == [murkfang]
    assert warnings(VIC_TEST_CARDS) == [VIC_HOUSE[i] for i in (0, 2, 3)]


def test_TMB_BATTLE_4_an_enemy_no_die_can_hit_is_warned(tmp_path: Path) -> None:
    """TMB-BATTLE-4, GEN-R9, GEN-EFFECT-1 (``flow.hittable``): immune to every colour, by its
    own During effects, with a Tyrant encounter's, or the encounter alone, a card takes no hit,
    so only direct damage ends its battle."""
    path = write(
        tmp_path,
        edited(
            TMB,
            ("warden", '["yellow"]', EVERY),
            ("b5-08", '["yellow", "green"]', EVERY),
            ("te-08", '["yellow"]', '["yellow", "green", "purple", "red"]'),
            ("te-07", '{ kind = "no_crit" }', f'{{ kind = "immune", colours = {EVERY} }}'),
        ),
    )
    immune = f"during: immune to every colour: no die can ever hit it; {ENDS_TMB}"
    assert warnings(path) == [
        f"tyrants[0] (code 'warden'): {immune}",
        f"baddies[36] (code 'b5-08'): {immune}",
        "baddies[27] (code 'b1-28'): during: in the battle of tyrant_encounters[7] (code "
        "'te-08'), its immunities and the encounter's cover every colour: no die can hit it "
        f"there; {ENDS_TMB}",
        "tyrant_encounters[6] (code 'te-07'): modifiers: makes every Baddie of its battle immune "
        f"to every colour: no die can hit them; {ENDS_TMB}",
        # with only the 4 blue dice, crits dealing 1: Health 5 is out of reach there
        "baddies[31] (code 'b5-03'): health: in the battle of tyrant_encounters[7] (code "
        "'te-08'), its " + HEALTH.format(5, 4, 4, 1, " there"),
        "baddies[38] (code 'b5-10'): health: in the battle of tyrant_encounters[7] (code "
        "'te-08'), its " + HEALTH.format(5, 4, 4, 1, " there"),
    ]
    game = game_of(path)
    assert hittable(game, battle(game, "warden")) == [frozenset()]
    assert hittable(game, battle(game, "b5-08")) == [frozenset()]
    assert hittable(game, battle(game, "b1-28", encounter="te-08")) == [frozenset()]
    assert hittable(game, battle(game, "b1-28")) != [frozenset()]  # blue hits it elsewhere
    assert hittable(game, battle(game, "b1-01", encounter="te-07")) == [frozenset()]


def test_GEN_R13_guards_never_block_one_another(tmp_path: Path) -> None:
    """GEN-EFFECT-1, GEN-APPLY-6, GEN-R13: while guards stand only guards take hits, any of
    them; the others wait until every guard has fallen. So two guards are no deadlock; a guard
    immune to every colour still blocks every card of its battle by itself."""
    game = game_of(TMB_FILE)
    state = battle(game, "b1-11")
    assert hittable(game, state) == [frozenset(range(5))]
    state = battle(game, "b1-11", "b1-23", "b1-01")
    every = frozenset(range(5))
    assert hittable(game, state) == [every, every, frozenset()]
    state.replace_active(0, state.active[0]._replace(defeated=True))
    assert hittable(game, state) == [frozenset(), every, frozenset()]
    state.replace_active(1, state.active[1]._replace(defeated=True))
    assert hittable(game, state)[2] == every  # Gutter Rat, the guards gone

    guard = '{ kind = "guard" }'
    path = write(
        tmp_path,
        edited(VIC, ("s-mortua", guard, f'{guard}, {{ kind = "immune", colours = {EVERY} }}')),
    )
    assert warnings(path)[0] == (
        "scions[8] (code 's-mortua'): during: immune to every colour, and a guard: no die can "
        "ever hit it, nor any other card while it stands; only direct damage (damage_card) can "
        "defeat it, and in its conflict VIC-R18 ends the game as lost once no item or ability "
        "could change that"
    )
    assert warnings(path)[1:] == VIC_HOUSE


def test_TMB_BATTLE_4_a_health_no_engagement_can_reach_is_warned(tmp_path: Path) -> None:
    """TMB-BATTLE-4, GEN-DICE-4, TMB-R11 (``flow.hit_damage``): 17 dice at most, a crit dealing
    1 against ``no_crit`` (the card's or its Tyrant encounter's): a Health above 17 is never
    reached in one Engagement, and hits do not carry over. 13 still is, even in the battle of
    the encounter whose immunity leaves 13 dice that can hit (te-08, yellow)."""
    text = with_field(TMB, "b1-06", "health", 18)
    text = with_field(text, "b1-20", "health", 13)
    text = with_field(text, "b1-01", "health", 18)
    path = write(tmp_path, with_field(text, "murkfang", "health", 12))
    assert warnings(path) == [
        "tyrants[1] (code 'murkfang'): health: with at least 6 Tyrant encounters left when it "
        "is faced (TMB-R11), its Health (12 + 1 per encounter) is more than the 17 damage dice "
        "can deal it in one Engagement (dice that can hit it: at most 17; damage of each: 1), "
        "so no roll "
        f"can defeat it; {ENDS_TMB}",
        "baddies[0] (code 'b1-01'): health: in the battle of tyrant_encounters[6] (code "
        "'te-07'), its " + HEALTH.format(18, 17, 17, 1, " there"),
        "baddies[5] (code 'b1-06'): health: " + HEALTH.format(18, 17, 17, 1, ""),
    ]
    game = game_of(path)
    assert hit_damage(game, battle(game, "b1-06"), 0, CRIT) == 1
    assert hit_damage(game, battle(game, "b1-01", encounter="te-07"), 0, CRIT) == 1
    assert hit_damage(game, battle(game, "b1-01"), 0, CRIT) == 2


def test_VIC_R18_a_special_taking_dice_each_engagement_is_warned(tmp_path: Path) -> None:
    """VIC-PRIM-3, VIC-R18 (``Victorum.cannot_win``; the loss itself: test_vic_clauses): a
    primus, a scion, or a conflict card that may join a conflict, taking dice as each
    Engagement begins. A scaled Special grows with the scion's power (every icon of the file,
    VIC-INFL-4); conflict cards no conflict can hold (no ally, no additional enemy) are not
    warned."""
    special = 'special = [{ when = "engagement", kind = "exhaust_dice", amount = 1 }]'
    path = write(
        tmp_path,
        edited(VIC, ("s-cinereus", 'dice", amount = 1 }', 'dice", amount = 1, scale = 1 }')),
    )
    scaled = "scions[3] (code 's-cinereus'): special: " + TAKES.format(1).replace(
        "dice,", "dice (up to 7 at its greatest power),", 1
    )
    assert warnings(path) == [VIC_HOUSE[0], scaled, *VIC_HOUSE[2:]]
    alone = re.sub(r"(?m)^allies = \d", "allies = 0", VIC)
    alone = re.sub(r"(?m)^allies_scale = \d", "allies_scale = 0", alone)
    for primus in ("h-varro", "h-drusus"):
        alone = edited(alone, (primus, "extra_enemies = 1\n", ""))
    assert special in alone
    assert warnings(write(tmp_path, alone)) == VIC_HOUSE[:2]


def test_a_commit_limit_below_1_blocks_every_die_and_VIC_R18_does_not_see_it(
    tmp_path: Path,
) -> None:
    """GEN-STRAT-2 (``effects.commit_limit``), TMB-BATTLE-4, VIC-R18: a negative commit limit
    (the schema allows it) lets no die be committed while it holds, on an enemy, a Tyrant
    encounter or a hero; VIC-R18 does not end such a conflict, since the pool's dice could
    still hit: the Victorum game goes on, with no die to commit."""
    limit = '{ kind = "commit_limit", amount = -2 }'
    path = write(
        tmp_path,
        edited(
            TMB,
            ("b1-14", "amount = 4", "amount = -1"),
            ("te-04", "amount = 5", "amount = -1"),
            ("brasshammer", "innate = { modifiers = [", f"innate = {{ modifiers = [{limit}, "),
        ),
    )
    assert warnings(path) == [
        "baddies[13] (code 'b1-14'): during.0.amount: a commit limit of -1 lets no die be "
        f"committed while this card stands, so no die can hit any card of its battle; {UNSEEN_TMB}",
        "tyrant_encounters[3] (code 'te-04'): modifiers.0.amount: a commit limit of -1 lets no "
        f"die be committed in its battle, so no die can hit its Baddies; {UNSEEN_TMB}",
        "gearlocs[2] (code 'brasshammer'): innate.modifiers.0.amount: a commit limit of -2 on the "
        "hero's ability lets no die ever be committed, so no die can hit any enemy; " + UNSEEN_TMB,
    ]
    game = game_of(path)
    assert commit_limit(modifiers(game, battle(game, "b1-14"))) < 1

    cassius = 'during = [{ kind = "immune", colours = ["yellow"] }]'
    limited = '[{ kind = "immune", colours = ["yellow"] }, { kind = "commit_limit", amount = -1 }]'
    vic_cards = VIC_TEST_CARDS.read_text(encoding="utf-8")
    path = write(tmp_path, edited(vic_cards, ("h-cassius", cassius, f"during = {limited}")))
    assert warnings(path)[-1] == (
        "heroes[1] (code 'h-cassius'): primus.during.1.amount: a commit limit of -1 lets no die "
        "be committed while this card stands, so no die can hit any card of its battle; only "
        "direct damage (damage_card) can defeat it, and VIC-R18 does not end such a conflict "
        "(the dice in the pool could still hit): it goes on until the hero's Health falls "
        "below 1"
    )
    s = ready(deck_file=str(path)).set(inventory=())
    challenge(s, "h-cassius", "B1", T2="h-octavia")
    assert s.state.phase == "commit" and not lost(s)
    assert not [action for action in s.legal() if action.startswith("commit")]


def test_warnings_alone_validate_and_an_error_still_fails(tmp_path: Path) -> None:
    """``gamehall deck validate``: warnings go to standard output as "warning: ..." lines, one
    line each however narrow the terminal, and the file validates (exit 0); an error goes to
    standard error and fails it (exit 1), its warnings still shown; in French too."""
    good = gamehall(f"deck validate {TMB_FILE}", columns=80)
    assert good.returncode == 0 and good.stderr == ""
    assert good.stdout.splitlines() == [f"{TMB_FILE}: no problem found"]
    warned = write(
        tmp_path,
        edited(TMB, ("b1-11", '{ kind = "guard" }', f'{{ kind = "immune", colours = {EVERY} }}')),
    )
    immune = (
        "baddies[10] (code 'b1-11'): during: immune to every colour: no die can ever hit it; "
        + ENDS_TMB
    )
    good = gamehall(f"deck validate {warned}", columns=80)
    assert good.returncode == 0 and good.stderr == ""
    assert good.stdout.splitlines() == [
        f"warning: {warned}: {immune}",
        f"{warned}: no problem found that stops the deck (warnings: 1)",
    ]
    french = gamehall(f"deck validate {warned} --lang fr", columns=80)
    lines = french.stdout.splitlines()
    assert french.returncode == 0 and len(lines) == 2
    assert lines[0].startswith(f"avertissement : {warned}: baddies[10] (code 'b1-11'): ")
    assert "immunisée contre toutes les couleurs" in lines[0]
    assert lines[-1] == (
        f"{warned} : aucun problème qui empêche de jouer le paquet (avertissements : 1)"
    )
    bad = write(
        tmp_path, edited(warned.read_text(), ("b1-03", "points = 1", "points = 1\nbogus = 1"))
    )
    failed = gamehall(f"deck validate {bad}", columns=80)
    assert failed.returncode == 1
    assert failed.stderr.splitlines() == [
        f"{bad}: baddies[2] (code 'b1-03'): bogus: Extra inputs are not permitted"
    ]
    assert failed.stdout.splitlines() == [f"warning: {bad}: {immune}"]
    unknown = gamehall(f"deck validate {TMB_FILE} --lang de", columns=80)
    assert unknown.returncode == 2 and len(unknown.stderr.splitlines()) == 1
    assert "unknown language 'de'" in unknown.stderr


def test_every_warning_reads_in_both_languages() -> None:
    """Every ``20s.workshop`` message is in both catalogs; a warning renders with no key and
    no unfilled field in French."""
    english, french = catalog("en").messages, catalog("fr").messages
    keys = {key for key in english if key.startswith("20s.workshop.")}
    assert keys and keys == {key for key in french if key.startswith("20s.workshop.")}
    for path in (TEST_CARDS, VIC_TEST_CARDS):
        for problem in validate_deck_file(path):
            if problem.severity == "warning":
                line = problem.render(catalog("fr"))
                assert "20s." not in line and "{" not in line and "\n" not in line
