"""20 Strong for the whole hall: its rules and where each of its facets lives (its decks are
options of the one game)."""

from gamehall.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="20-strong",
    rules="gamehall.games.twenty_strong:TwentyStrong",
    facets={
        "terminal_table": "gamehall.cli.tables.twenty_strong:render_twenty_strong",
        "heuristic": "gamehall.bots.twenty_strong_heuristic:TwentyStrongHeuristicBot",
        "horizon": "gamehall.bots.horizons:TWENTY_STRONG",
        "figures": "gamehall.lab.games.twenty_strong:TwentyStrongFigures",
    },
    settings={
        "web": {
            "table": "games/twenty_strong/web/table.html",
            "gallery": "games/twenty_strong/web/gallery.html",
        },
        "search": {
            "iterations": 40,
            "phases": (
                "tmb.day",
                "tmb.after_battle",
                "rewards",
                "engage",
                "after",
                "vic.move",
                "vic.camp",
            ),
        },
        "bench_variants": ({}, {"deck": "victorum"}),
        "rl_ids": {
            "gamehall/TwentyStrong-TooManyBones-v0": {
                "game": "20-strong",
                "deck": "too-many-bones",
            },
            "gamehall/TwentyStrong-Victorum-v0": {"game": "20-strong", "deck": "victorum"},
        },
    },
)
