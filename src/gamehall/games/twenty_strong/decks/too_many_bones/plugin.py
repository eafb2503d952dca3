"""Too Many Bones for the 20 Strong system: its rules and where each of its parts lives."""

from gamehall.games.twenty_strong.deck_plugin import DeckPlugin

PACKAGE = "gamehall.games.twenty_strong.decks.too_many_bones"

# No horizon: a game's outcome hangs on the last battle against the Tyrant, which no count of
# days ahead foresees (a fit of health and days gains 0.01 nats), and its playouts are short
# enough to finish.
PLUGIN = DeckPlugin(
    name="too-many-bones",
    rules=f"{PACKAGE}.deck:TooManyBones",
    parts={
        "workshop": f"{PACKAGE}.workshop:SPEC",
        "deadlocks": f"{PACKAGE}.deadlocks:TooManyBonesDeadlocks",
        "heuristic": f"{PACKAGE}.heuristic:HEURISTIC",
        "terminal_table": f"{PACKAGE}.terminal:table_parts",
        "labels": f"{PACKAGE}.labels:deck_label",
        "keys": f"{PACKAGE}.keys:deck_kind",
        "view": f"{PACKAGE}.view:VIEW",
        "rl": f"{PACKAGE}.rl:LEARNING",
    },
    settings={
        "search_phases": ("tmb.day", "tmb.after_battle"),
        "rl_ids": {
            "gamehall/TwentyStrong-TooManyBones-v0": {
                "game": "20-strong",
                "deck": "too-many-bones",
            },
        },
    },
)
