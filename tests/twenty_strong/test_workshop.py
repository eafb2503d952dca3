"""The deck workshop (``gamehall deck validate FILE``): every problem of a 20 Strong card file,
one line each naming the file, the card and the field; the house decks have none."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamehall.games.twenty_strong import TwentyStrong
from gamehall.games.twenty_strong.decks.too_many_bones.cards import HOUSE_FILE as TMB_FILE
from gamehall.games.twenty_strong.decks.victorum.cards import HOUSE_FILE as VIC_FILE
from gamehall.games.twenty_strong.state import Task
from gamehall.games.twenty_strong.workshop import SPECS, Problem, validate_deck_file

TMB = TMB_FILE.read_text(encoding="utf-8")
VIC = VIC_FILE.read_text(encoding="utf-8")
UNIVERSAL = """
[[universal_heroes]]
code = "visitor"
name = { en = "Visitor", fr = "Visiteur" }
health = 5
strategy = 3
recovery = 4
deck = "%s"
"""
POWER = (
    "scale adds nothing here: only the boss has a power, used by its setup, After effects and "
    "activation or Engagement Specials"
)
REST_IN_DURING = (
    "during.0.kind: 'rest_bonus' modifiers are never read from an enemy's During effects: "
    "only from a hero ability or an item"
)
UNKNOWN_HOOK = (
    "backup.options.0.0.hook: unknown hook 'bq_shiftt' (hooks of Too Many Bones: bq_shift, summon)"
)

Edit = tuple[str, str]


def problems(tmp_path: Path, text: str, *edits: Edit) -> list[str]:
    """The errors of ``text`` with each (old, new) edit made once, as printed lines (but
    the known ones of the Victorum house file; warnings: test_deadlocks.py)."""
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    known = {(p.card, p.field, p.message) for p in validate_deck_file(VIC_FILE)}
    found = errors(path)
    return [str(p) for p in found if (p.card, p.field, p.message) not in known]


def errors(path: Path) -> list[Problem]:
    """The problems of a file that fail it (not its warnings)."""
    return [p for p in validate_deck_file(path) if p.severity == "error"]


def at(tmp_path: Path, card: str, rest: str) -> str:
    """The problem line about ``card`` of the file ``problems`` writes."""
    return f"{tmp_path / 'deck.toml'}: {card}: {rest}"


def add(code: str, line: str) -> Edit:
    """The edit adding ``line`` to the card ``code``."""
    return f'code = "{code}"\n', f'code = "{code}"\n{line}\n'


def test_the_house_decks_have_no_problem_but_three_known_victorum_items() -> None:
    """Too Many Bones has none. Victorum's house file has three items whose modifiers no rule
    reads (docs/balance.md, "Known defects"): making them work changes the deck's balance,
    so they wait for a rebalance with ``gamehall deck report``. (Their deadlock warnings, which
    fail nothing: test_deadlocks.py.)"""
    assert errors(TMB_FILE) == []
    assert [str(p).removeprefix(f"{VIC_FILE}: ") for p in errors(VIC_FILE)] == [
        "conflicts[15] (code 'b-16'): item.modifiers.0.stat: a lasting stat modifier on "
        "Health is never read: only Strategy and Recovery",
        "conflicts[37] (code 'p-16'): item.modifiers.0.kind: 'rest_bonus' modifiers are never "
        "read in Victorum: the hero never rests",
        "opportunities[9] (code 'o-10'): reward.modifiers.0.kind: 'rest_bonus' modifiers are "
        "never read in Victorum: the hero never rests",
    ]


def test_a_problem_is_one_line_without_its_empty_parts() -> None:
    assert str(Problem("d.toml", "baddies[0] (code 'x')", "hits", "too many")) == (
        "d.toml: baddies[0] (code 'x'): hits: too many"
    )
    assert str(Problem("d.toml", "deck", "", "bad")) == "d.toml: deck: bad"
    assert str(Problem("d.toml", "", "", "unreadable")) == "d.toml: unreadable"


def test_an_unreadable_or_invalid_file_is_one_problem(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    assert [str(p) for p in validate_deck_file(missing)] == [
        f"{missing}: cannot read card file: No such file or directory"
    ]
    lines = problems(tmp_path, "[deck\nid = 1\n")
    assert len(lines) == 1 and lines[0].startswith(f"{tmp_path / 'deck.toml'}: not valid TOML: ")


def test_the_deck_id_chooses_the_schema(tmp_path: Path) -> None:
    assert problems(tmp_path, TMB, ('id = "too-many-bones-house"', 'id = "zed"')) == [
        at(
            tmp_path,
            "deck",
            "id: unknown deck 'zed' (decks: too-many-bones, victorum, optionally followed by "
            "'-' and a suffix)",
        )
    ]
    assert problems(tmp_path, TMB, ('id = "too-many-bones-house"\n', "")) == [
        at(
            tmp_path,
            "deck",
            "id: missing: the [deck] header names the deck (too-many-bones, victorum)",
        )
    ]
    assert problems(tmp_path, VIC, ('id = "victorum-house"', 'id = "victorum"')) == []


def test_every_schema_error_is_reported_in_file_order(tmp_path: Path) -> None:
    reroll = 'innate = { effects = [{ kind = "reroll", amount = 1 }]'
    cost = 'cost = [{ kind = "exhaust_dice", amount = 2 }]'
    lines = problems(
        tmp_path,
        TMB,
        add("b1-03", "bogus = 1"),
        (reroll, reroll.replace("1", "0")),
        (cost, cost.replace("2", "-2")),
    )
    assert lines == [
        at(
            tmp_path,
            "gearlocs[0] (code 'duster')",
            "innate.effects.0: a 'reroll' effect needs a non-zero amount",
        ),
        at(tmp_path, "baddies[2] (code 'b1-03')", "bogus: Extra inputs are not permitted"),
        at(
            tmp_path,
            "mohlnor[1] (code 'mo-02')",
            "cost.0: a 'exhaust_dice' effect needs a positive amount",
        ),
    ]


def test_a_section_error_is_placed_on_the_deck(tmp_path: Path) -> None:
    backup = TMB.index("[universal_backup]")
    assert problems(tmp_path, "bogus = 1\n" + TMB[:backup]) == [
        at(tmp_path, "deck", "universal_backup: Field required"),
        at(tmp_path, "deck", "bogus: Extra inputs are not permitted"),
    ]


def test_references_name_what_exists(tmp_path: Path) -> None:
    lines = problems(
        tmp_path,
        TMB + UNIVERSAL % "too-many-bones",
        ('hook = "bq_shift", amount = -1', 'hook = "bq_shiftt", amount = -1'),
        ('code = "b1-05"', 'code = "b1-04"'),
        ('code = "te-02"', 'code = "duster"'),
    )
    assert lines == [
        at(tmp_path, "gearlocs[0] (code 'duster')", UNKNOWN_HOOK),
        at(
            tmp_path,
            "universal_heroes[0] (code 'visitor')",
            "deck: a universal hero comes from another deck, not from too-many-bones",
        ),
        at(
            tmp_path,
            "baddies[4] (code 'b1-04')",
            "code: code 'b1-04' is already used by baddies[3]",
        ),
        at(
            tmp_path,
            "tyrant_encounters[1] (code 'duster')",
            "code: code 'duster' is already used by gearlocs[0]",
        ),
    ]
    assert problems(tmp_path, TMB + UNIVERSAL % "victorum") == []
    assert problems(tmp_path, VIC, ('hook = "gain_tactic"', 'hook = "summon"')) == [
        at(
            tmp_path,
            "conflicts[21] (code 'b-22')",
            "instant.0.hook: unknown hook 'summon' (hooks of Victorum: gain_tactic)",
        )
    ]


def test_each_composition_mismatch_is_reported(tmp_path: Path) -> None:
    """TMB-COMP-2, TMB-COMP-3, VIC-COMP-2: a card moved from one count to another breaks
    both; a missing section is the schema's problem, not counted again."""
    five = re.sub(r'(code = "b1-21"\n(?:.*\n)*?)points = 1', r"\1points = 5", TMB, count=1)
    assert problems(tmp_path, five) == [
        at(tmp_path, "deck", "baddies: the deck needs 29 baddies with 1 point, found 28"),
        at(tmp_path, "deck", "baddies: the deck needs 14 baddies with 5 points, found 15"),
    ]
    sport = re.sub(r'(code = "b-03"\n(?:.*\n)*?)type = "bloodshed"', r'\1type = "sport"', VIC)
    assert problems(tmp_path, sport) == [
        at(tmp_path, "deck", "conflicts: the deck needs 22 bloodshed cards, found 21"),
        at(tmp_path, "deck", "conflicts: the deck needs 22 sport cards, found 23"),
    ]
    no_locks = TMB[: TMB.index("[[lockpicks]]")] + TMB[TMB.index("[universal_backup]") :]
    assert problems(tmp_path, no_locks) == [at(tmp_path, "deck", "lockpicks: Field required")]


def test_modifiers_where_no_rule_reads_them(tmp_path: Path) -> None:
    innate = 'innate = { modifiers = [{ kind = "rest_bonus", amount = 1 }]'
    lines = problems(
        tmp_path,
        TMB,
        (innate, 'innate = { modifiers = [{ kind = "guard" }]'),
        add("b1-08", 'during = [{ kind = "rest_bonus", amount = 1 }]'),
        ('modifiers = [{ kind = "no_crit" }]', 'modifiers = [{ kind = "guard" }]'),
    )
    assert lines == [
        at(
            tmp_path,
            "gearlocs[1] (code 'mossmender')",
            "innate.modifiers.0.kind: 'guard' modifiers are never read from a hero ability: "
            "only from an enemy's During effects",
        ),
        at(tmp_path, "baddies[7] (code 'b1-08')", REST_IN_DURING),
        at(
            tmp_path,
            "tyrant_encounters[6] (code 'te-07')",
            "modifiers.0.kind: 'guard' modifiers are never read from a Tyrant encounter: only "
            "from an enemy's During effects",
        ),
    ]
    ward = 'modifiers = [{ kind = "ward", amount = 1 }] }'
    assert problems(tmp_path, VIC, (ward, 'modifiers = [{ kind = "no_crit" }] }')) == [
        at(
            tmp_path,
            "conflicts[3] (code 'b-04')",
            "item.modifiers.0.kind: 'no_crit' modifiers are never read from an item: only from "
            "an enemy's During effects",
        )
    ]


def test_too_many_bones_effects_that_can_do_nothing(tmp_path: Path) -> None:
    summon = 'setup = [{ kind = "hook", hook = "summon", amount = 2 }]'
    cost = 'cost = [{ kind = "lose_health", amount = 1 }]'
    scout = 'scout = [{ kind = "lose_health", amount = 1 }]'
    baddie_after = 'after = [{ kind = "exhaust_dice", amount = 1 }]'
    tyrant_after = 'after = [{ kind = "lose_health", amount = 1 }]'  # the Tyrant's: powered
    defeat = 'when = "defeat", kind = "banish_dice", amount = 1'
    lines = problems(
        tmp_path,
        TMB,
        add("b1-21", 'instant = [{ kind = "recruit_dice", amount = 1 }]'),
        (cost, cost.replace("lose_health", "damage_card")),
        (scout, 'scout = [{ kind = "hook", hook = "bq_shift", amount = 1 }]'),
        (summon, summon.replace("2 }", '2 }, { kind = "reroll", amount = 1 }')),
        (baddie_after, baddie_after.replace("1 }", "1, scale = 1 }")),
        (tyrant_after, tyrant_after.replace("1 }", "1, scale = 1 }")),
        (defeat, defeat + ", scale = 1"),
    )
    assert lines == [
        at(tmp_path, "tyrants[3] (code 'gloamshard')", f"special.0.scale: {POWER}"),
        at(
            tmp_path,
            "tyrants[3] (code 'gloamshard')",
            "setup.1.kind: 'reroll' effects do nothing in a boss's setup: no die is rolled then",
        ),
        at(tmp_path, "baddies[1] (code 'b1-02')", f"after.0.scale: {POWER}"),
        at(
            tmp_path,
            "baddies[20] (code 'b1-21')",
            "instant.0.kind: 'recruit_dice' effects do nothing in Too Many Bones: it has no "
            "unrecruited dice",
        ),
        at(
            tmp_path,
            "mohlnor[0] (code 'mo-01')",
            "cost.0.kind: 'damage_card' effects do nothing in a Mohlnor's peaceful cost: no "
            "enemy is active then",
        ),
        at(
            tmp_path,
            "mohlnor[0] (code 'mo-01')",
            "scout.0.kind: 'bq_shift' hooks do nothing in a Mohlnor's scouting consequence: "
            "they work only in a backup plan or an item",
        ),
    ]


def test_victorum_effects_that_can_do_nothing(tmp_path: Path) -> None:
    bane = 'bane = [{ kind = "lose_health", amount = 1 }]'
    engagement = 'special = [{ when = "engagement", kind = "exhaust_dice", amount = 1 }]'
    spectate = 'spectate = [{ kind = "lose_health", amount = 1 }]'
    scaled = 'spectate = [{ kind = "exhaust_dice", amount = 1 }]'
    setup = 'setup = [{ kind = "exhaust_dice", amount = 1 }]'  # the scion's: powered
    item = 'item = { kind = "single", effects = [{ kind = "damage_card", amount = 1 }] }'
    lines = problems(
        tmp_path,
        VIC,
        (bane, bane.replace("lose_health", "reroll")),
        (engagement, engagement.replace("exhaust_dice", "reroll")),
        (spectate, spectate.replace("lose_health", "damage_card")),
        (scaled, scaled.replace("1 }", "1, scale = 1 }")),
        (setup, setup.replace("1 }", "1, scale = 1 }")),
        (item, item.replace('"single"', '"extension", cost = 1')),
        add("b-05", 'item_name = { en = "Net", fr = "Filet" }'),
    )
    assert lines == [
        at(
            tmp_path,
            "heroes[0] (code 'h-aelia')",
            "primus.bane.0.kind: 'reroll' effects do nothing in a primus's bane: no die is "
            "rolled then",
        ),
        at(
            tmp_path,
            "heroes[3] (code 'h-octavia')",
            "primus.special.0.kind: 'reroll' effects do nothing in a Special effect at the start "
            "of an Engagement: no die is rolled then",
        ),
        at(
            tmp_path,
            "scions[0] (code 's-orcina')",
            "spectate.0.kind: 'damage_card' effects do nothing in a scion's spectate penalty: "
            "no enemy is active then",
        ),
        at(tmp_path, "scions[1] (code 's-umbrus')", f"spectate.0.scale: {POWER}"),
        at(
            tmp_path,
            "conflicts[1] (code 'b-02')",
            "item.kind: an extension item can never be used in Victorum: it has no backup plan",
        ),
        at(
            tmp_path,
            "conflicts[4] (code 'b-05')",
            "item_name: an item name, but the card has no item reward",
        ),
    ]


def test_backup_slots_and_locks_that_can_never_fill(tmp_path: Path) -> None:
    """GEN-DICE-10, TMB-BACKUP-3, TMB-LOCK-5: the red die never misses; one die per hit."""
    duster = 'slots = ["yellow", "yellow", "green", "blue"]'
    side = 'slots = ["yellow", "green", "blue", "purple"]'
    lines = problems(
        tmp_path,
        TMB,
        (duster, duster.replace('"yellow", "green"', '"red", "green"')),
        (side, side.replace("purple", "red")),
        ('colours = ["yellow"]\nhits = 2', 'colours = ["yellow"]\nhits = 5'),
        ('colours = ["blue", "purple"]\nhits = 4', 'colours = ["red"]\nhits = 2'),
    )
    never = "a red slot can never be filled: only a miss goes into the backup plan, and the red"
    assert lines == [
        at(tmp_path, "gearlocs[0] (code 'duster')", f"backup.slots.1: {never} die never misses"),
        at(tmp_path, "universal_backup", f"sides.0.slots.3: {never} die never misses"),
        at(
            tmp_path,
            "lockpicks[0] (code 'lp-01')",
            "hits: 5 hits can never be placed: there are only 4 yellow dice (one die per hit), "
            "so the reward never unlocks",
        ),
        at(
            tmp_path,
            "lockpicks[3] (code 'lp-04')",
            "hits: 2 hits can never be placed: there are only 1 red die (one die per hit), so "
            "the reward never unlocks",
        ),
    ]


def test_opportunity_conditions_that_never_hold(tmp_path: Path) -> None:
    health = 'conditions = [{ kind = "health", amount = 5 }]'
    lines = problems(
        tmp_path,
        VIC,
        (health, health.replace("5 }", '7 }, { kind = "low_health", amount = 3 }')),
        ('amount = 1, colour = "red"', 'amount = 2, colour = "red"'),
        ('kind = "low_health", amount = 2', 'kind = "low_health", amount = 0'),
        ('kind = "strong_dice", amount = 4', 'kind = "strong_dice", amount = 6, colour = "red"'),
        ('kind = "items", amount = 2', 'kind = "items", amount = 6'),
    )
    assert lines == [
        at(
            tmp_path,
            "opportunities[0] (code 'o-01')",
            "conditions.0.amount: the 'health' condition 7 never holds: Health is at most 6",
        ),
        at(
            tmp_path,
            "opportunities[0] (code 'o-01')",
            "conditions: Health is never at least 7 and at most 3 at once",
        ),
        at(
            tmp_path,
            "opportunities[2] (code 'o-03')",
            "conditions.0.amount: the 'pool_dice' condition 2 never holds: there are only 1 red "
            "die",
        ),
        at(
            tmp_path,
            "opportunities[3] (code 'o-04')",
            "conditions.0.amount: the 'low_health' condition 0 never holds: Health below 1 "
            "loses the game",
        ),
        at(
            tmp_path,
            "opportunities[6] (code 'o-07')",
            "conditions.0.amount: the 'strong_dice' condition 6 never holds: there are only 5 "
            "purple and red dice",
        ),
        at(
            tmp_path,
            "opportunities[6] (code 'o-07')",
            "conditions.0.colour: a 'strong_dice' condition counts every purple and red die: "
            "its colour is never read",
        ),
        at(
            tmp_path,
            "opportunities[7] (code 'o-08')",
            "conditions.0.amount: the 'items' condition 6 never holds: the inventory holds at "
            "most 6 items, this one included",
        ),
    ]
    no_icons = re.sub(r"(?m)^(item_)?influence = \d\n", "", VIC)
    assert problems(tmp_path, no_icons) == [
        at(
            tmp_path,
            "opportunities[8] (code 'o-09')",
            "conditions.0.amount: the 'influence' condition 4 never holds: the other cards of "
            "the file show only 0 influence icons",
        )
    ]


def test_several_problems_are_all_reported_and_a_bad_card_hides_no_other(
    tmp_path: Path,
) -> None:
    lines = problems(
        tmp_path,
        TMB,
        # the bad card's own scale is not checked: the card failed its schema
        add("b1-03", 'bogus = 1\nafter = [{ kind = "heal", amount = 1, scale = 1 }]'),
        ('hook = "bq_shift", amount = -1', 'hook = "bq_shiftt", amount = -1'),
        ('code = "b1-05"', 'code = "b1-04"'),
        add("b1-08", 'during = [{ kind = "rest_bonus", amount = 1 }]'),
        add("lp-01", "bogus = 2"),
    )
    assert lines == [
        at(tmp_path, "baddies[2] (code 'b1-03')", "bogus: Extra inputs are not permitted"),
        at(tmp_path, "lockpicks[0] (code 'lp-01')", "bogus: Extra inputs are not permitted"),
        at(tmp_path, "gearlocs[0] (code 'duster')", UNKNOWN_HOOK),
        at(
            tmp_path,
            "baddies[4] (code 'b1-04')",
            "code: code 'b1-04' is already used by baddies[3]",
        ),
        at(tmp_path, "baddies[7] (code 'b1-08')", REST_IN_DURING),
    ]


def test_every_composition_part_is_counted() -> None:
    for spec in SPECS.values():
        assert set(spec.counts) == set(spec.composition)


@pytest.mark.parametrize("deck", sorted(SPECS))
def test_the_known_hooks_are_those_the_deck_runs(deck: str) -> None:
    game = TwentyStrong(1, {"deck": deck})
    state = game.initial_state()
    for hook in SPECS[deck].hooks:
        game.deck.run_hook(state, Task("hook", 1, hook=hook))
    with pytest.raises(RuntimeError, match="no hook 'zed'"):
        game.deck.run_hook(state, Task("hook", 1, hook="zed"))
