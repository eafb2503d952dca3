"""20 Strong for the whole hall: its rules and where each of its facets lives (its decks are
options of the one game, each a plug-in of its own: :mod:`.deck_plugin`)."""

from gamehall.core.plugin import GamePlugin
from gamehall.games.twenty_strong.deck_plugin import deck_plugins, settings_of

GENERAL_PHASES = ("rewards", "engage", "after")
"""The general rules' phases where the search bot searches (each deck adds its own)."""

PLUGIN = GamePlugin(
    name="20-strong",
    rules="gamehall.games.twenty_strong:TwentyStrong",
    facets={
        "action_kind": "gamehall.games.twenty_strong.keys:action_kind",
        "terminal_table": "gamehall.games.twenty_strong.terminal:render_twenty_strong",
        "heuristic": "gamehall.games.twenty_strong.heuristic:TwentyStrongHeuristicBot",
        "horizon": "gamehall.games.twenty_strong.horizon:HORIZON",
        "figures": "gamehall.games.twenty_strong.figures:TwentyStrongFigures",
        "plots": "gamehall.games.twenty_strong.plots:PLOTS",
        "part_packages": "gamehall.games.twenty_strong.deck_plugin:outside_packages",
        "part_package": "gamehall.games.twenty_strong.deck_plugin:deck_package",
    },
    settings={
        "web": {
            "table": "games/twenty_strong/web/table.html",
            "gallery": "games/twenty_strong/web/gallery.html",
        },
        "search": {
            "iterations": 40,
            "phases": (
                *GENERAL_PHASES,
                *(phase for phases in settings_of("search_phases").values() for phase in phases),
            ),
        },
        "bench_variants": ({}, *({"deck": p.name} for p in deck_plugins()[1:])),
        "rl_ids": {
            env_id: kwargs
            for ids in settings_of("rl_ids").values()
            for env_id, kwargs in ids.items()
        },
    },
)
