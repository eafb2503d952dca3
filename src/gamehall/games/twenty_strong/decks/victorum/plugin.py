"""Victorum for the 20 Strong system: its rules and where each of its parts lives."""

from gamehall.games.twenty_strong.deck_plugin import DeckPlugin

PACKAGE = "gamehall.games.twenty_strong.decks.victorum"

PLUGIN = DeckPlugin(
    name="victorum",
    rules=f"{PACKAGE}.deck:Victorum",
    parts={
        "workshop": f"{PACKAGE}.workshop:SPEC",
        "deadlocks": f"{PACKAGE}.deadlocks:VictorumDeadlocks",
        "heuristic": f"{PACKAGE}.heuristic:HEURISTIC",
        "horizon": f"{PACKAGE}.horizon:HORIZON",
        "terminal_table": f"{PACKAGE}.terminal:table_parts",
        "labels": f"{PACKAGE}.labels:deck_label",
        "keys": f"{PACKAGE}.keys:deck_kind",
        "view": f"{PACKAGE}.view:VIEW",
        "rl": f"{PACKAGE}.rl:LEARNING",
    },
    settings={
        "web_parts": "games/twenty_strong/decks/victorum/web/parts.html",
        "search_phases": ("vic.move", "vic.camp"),
        "rl_ids": {"gamehall/TwentyStrong-Victorum-v0": {"game": "20-strong", "deck": "victorum"}},
    },
)
