"""``python -m gamehall`` runs the command line."""

from gamehall.cli.app import main

main()
