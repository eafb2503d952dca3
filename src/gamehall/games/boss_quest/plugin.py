"""Boss Quest for the whole hall: its rules and where each of its facets lives."""

from gamehall.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="boss-quest",
    rules="gamehall.games.boss_quest:BossQuest",
    facets={
        "action_kind": "gamehall.games.boss_quest.keys:action_kind",
        "terminal_table": "gamehall.games.boss_quest.terminal:render_boss_quest",
        "heuristic": "gamehall.games.boss_quest.heuristic:BossQuestHeuristicBot",
        "horizon": "gamehall.games.boss_quest.horizon:HORIZON",
        "figures": "gamehall.games.boss_quest.figures:BossQuestFigures",
        "plots": "gamehall.games.boss_quest.plots:PLOTS",
    },
    settings={
        "web": {
            "table": "games/boss_quest/web/table.html",
            "gallery": "games/boss_quest/web/gallery.html",
        },
        "search": {"iterations": 200},
        "bench_players": 3,
        "rl_ids": {"gamehall/BossQuest-v0": {"game": "boss-quest", "players": 2}},
    },
)
