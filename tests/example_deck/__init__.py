"""An example 20 Strong deck installed from outside gamehall (docs/writing-a-deck.md): a road
of a few enemies, then a boss. Its distribution offers it with one entry point::

    [project.entry-points."gamehall.decks"]
    example = "tests.example_deck:PLUGIN"
"""

from gamehall.games.twenty_strong.deck_plugin import DeckPlugin

PLUGIN = DeckPlugin(
    name="example",
    rules="tests.example_deck.deck:ExampleDeck",
    package="tests.example_deck",
)
