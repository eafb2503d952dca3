"""The simulation lab: grids of seeded bot games, played on worker processes or a Ray cluster,
summed up into balance figures and reports (``gamehall simulate``, ``gamehall report``).

A *run* is a directory: ``run.json`` holds what to play (the configurations, the games of
each, the first seed), ``games.jsonl`` one line per finished game. Every game depends only on
its configuration and seed, so the figures never depend on the workers, the backend or how
often the run was interrupted and resumed.
"""
