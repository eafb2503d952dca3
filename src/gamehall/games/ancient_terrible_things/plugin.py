"""Ancient Terrible Things for the whole hall: its rules and where each of its facets lives."""

from gamehall.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="ancient-terrible-things",
    rules="gamehall.games.ancient_terrible_things:AncientTerribleThings",
    facets={
        "action_kind": "gamehall.games.ancient_terrible_things.keys:action_kind",
        "terminal_table": (
            "gamehall.games.ancient_terrible_things.terminal:render_ancient_terrible_things"
        ),
        "heuristic": "gamehall.games.ancient_terrible_things.heuristic:AttHeuristicBot",
        "horizon": "gamehall.games.ancient_terrible_things.horizon:HORIZON",
        "figures": "gamehall.games.ancient_terrible_things.figures:AncientTerribleThingsFigures",
        "plots": "gamehall.games.ancient_terrible_things.plots:PLOTS",
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
