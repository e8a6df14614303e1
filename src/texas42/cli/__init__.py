"""The ``texas42`` command line: thin Typer commands, a module each, over the library."""

from texas42.cli import analyze, bid, compare, deals, declare, follow, play, quick, review, shell, solve
from texas42.cli.app import app, main

__all__ = [
    "analyze",
    "app",
    "bid",
    "compare",
    "deals",
    "declare",
    "follow",
    "main",
    "play",
    "quick",
    "review",
    "shell",
    "solve",
]
