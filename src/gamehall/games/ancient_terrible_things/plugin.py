"""Ancient Terrible Things for the whole hall: its rules and where each of its facets lives."""

from gamehall.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="ancient-terrible-things",
    rules="gamehall.games.ancient_terrible_things:AncientTerribleThings",
    facets={
        "terminal_table": (
            "gamehall.cli.tables.ancient_terrible_things:render_ancient_terrible_things"
        ),
        "heuristic": "gamehall.bots.att_heuristic:AttHeuristicBot",
        "horizon": "gamehall.bots.horizons:ANCIENT_TERRIBLE_THINGS",
        "figures": "gamehall.lab.games.ancient_terrible_things:AncientTerribleThingsFigures",
    },
    settings={
        "web": {
            "table": "games/ancient_terrible_things/web/table.html",
            "gallery": "games/ancient_terrible_things/web/gallery.html",
            "script": "att.js",
        },
        "search": {
            "iterations": 96,
            "phases": ("explore", "shop", "active-bonus"),
            "phase_key": "step",
        },
        "bench_players": 4,
        "rl_ids": {
            "gamehall/AncientTerribleThings-v0": {"game": "ancient-terrible-things", "players": 1}
        },
    },
)
