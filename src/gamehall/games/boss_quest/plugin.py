"""Boss Quest for the whole hall: its rules and where each of its facets lives."""

from gamehall.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="boss-quest",
    rules="gamehall.games.boss_quest:BossQuest",
    facets={
        "terminal_table": "gamehall.cli.tables.boss_quest:render_boss_quest",
        "heuristic": "gamehall.bots.boss_quest_heuristic:BossQuestHeuristicBot",
        "horizon": "gamehall.bots.horizons:BOSS_QUEST",
        "figures": "gamehall.lab.games.boss_quest:BossQuestFigures",
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
