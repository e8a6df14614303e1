"""How wide the command line's reports are laid out (at a terminal its width, or
$COLUMNS where set; else $COLUMNS or 80, the same whatever terminal stdin or stderr is
on), and written to a file or a pipe without the spaces Rich pads lines with."""

from __future__ import annotations

import io
import os
import sys
from typing import Final, TextIO, cast

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


def trimmed(text: str) -> str:
    """``text`` without spaces at the ends of its lines: Rich pads a table's title and
    rows to the table's width, which a file or a pipe should not keep."""
    return "\n".join(line.rstrip(" ") for line in text.split("\n"))


class TrimmedLines(io.TextIOBase):
    """A text stream writing each whole line to ``stream`` ``trimmed``; a line not yet
    ended (a prompt) is written as it is when the stream is flushed."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self.pending = ""

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.stream.encoding

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if "\n" not in text:
            self.pending += text
        else:
            ended, _, self.pending = (self.pending + text).rpartition("\n")
            self.stream.write(trimmed(ended) + "\n")
        return len(text)

    def flush(self) -> None:
        if self.pending:
            self.stream.write(self.pending)
            self.pending = ""
        self.stream.flush()


def output_console() -> Console:
    """The console of a command's report on stdout: at a terminal, Rich's width (the
    terminal's, or $COLUMNS where it is set); else ``file_width`` (Rich would take the
    width of a terminal that stdin or stderr is on, so that ``> file`` and ``--out file``
    would differ), each line ``trimmed``."""
    if sys.stdout.isatty():
        return Console()
    return Console(file=cast(TextIO, TrimmedLines(sys.stdout)), width=file_width())
