"""How wide the command line's reports are laid out: a terminal's own width, else
$COLUMNS or 80, the same whatever terminal stdin or stderr is on."""

from __future__ import annotations

import os
import sys
from typing import Final

from rich.console import Console

MIN_COLUMNS: Final = 40
"""The narrowest $COLUMNS taken: below it (0 printed nothing at all, 1 a character a
line) the width is the terminal's, or 80 when the output is not a terminal."""


def columns_taken(value: str | None) -> int | None:
    """$COLUMNS as a width, if it is a whole number of at least ``MIN_COLUMNS``."""
    if value is not None and value.isascii() and value.isdigit() and int(value) >= MIN_COLUMNS:
        return int(value)
    return None


def file_width() -> int:
    """The width of a report written to a file or a pipe: $COLUMNS (``columns_taken``),
    else 80."""
    return columns_taken(os.environ.get("COLUMNS")) or 80


def output_console() -> Console:
    """The console of a command's report on stdout: at a terminal, its width; else
    ``file_width`` (Rich would take the width of a terminal that stdin or stderr is on,
    so that ``> file`` and ``--out file`` would differ)."""
    return Console() if sys.stdout.isatty() else Console(width=file_width())
