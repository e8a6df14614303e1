"""Files of deals and of hands: one item a line, ``#`` comments and blank lines skipped,
every bad line reported."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, TypeVar

from texas42.errors import InputFileError, Texas42Error
from texas42.rules import Deal, Hand, parse_deal, parse_hand

T = TypeVar("T")


@dataclass(frozen=True)
class LineError:
    """A bad line of an input file."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class NumberedDeal:
    """A valid deal and the line it came from (1-based)."""

    line: int
    deal: Deal


@dataclass(frozen=True)
class DealsInput:
    """The valid deals of a deals file and the errors of its bad lines."""

    deals: tuple[NumberedDeal, ...]
    errors: tuple[LineError, ...]


@dataclass(frozen=True)
class NamedHand:
    """A hand from a hands file: its line (1-based) and optional name."""

    line: int
    name: str | None
    hand: Hand


@dataclass(frozen=True)
class HandsInput:
    """The valid hands of a hands file and the errors of its bad lines."""

    hands: tuple[NamedHand, ...]
    errors: tuple[LineError, ...]


BOM: Final = "\ufeff"
"""The byte-order mark some editors put first in a UTF-8 file: not part of the text."""


def read_lines(path: str) -> list[str]:
    """The lines of a file, or of stdin for ``-``, without a byte-order mark: ended by
    ``\n`` (or ``\r\n``) alone, so that a form feed or a Unicode line separator in a
    comment neither ends a line nor shifts the numbers of the lines after it."""
    text = _stdin_text() if path == "-" else _decoded(_file_bytes(path), path)
    lines = text.removeprefix(BOM).split("\n")
    if lines[-1] == "":
        lines.pop()  # the file's last line ended
    return [line.removesuffix("\r") for line in lines]


MAX_INPUT_BYTES: Final = 64 * 2**20
"""The most an input file (or stdin) may hold: a hand or a deal a line, 64 MiB is over a
million lines; a device that never ends (``/dev/zero``) is refused, not read into memory."""


def _file_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise InputFileError(f"cannot read {path}: {error.strerror or error}") from None
    _check_size(len(data), path)
    return data


def _stdin_text() -> str:
    """All of stdin, decoded as UTF-8 strictly (as a named file is), where it has bytes."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:
        text: str = sys.stdin.read(MAX_INPUT_BYTES + 1)
        _check_size(len(text), "stdin")
        return text
    data = raw.read(MAX_INPUT_BYTES + 1)
    _check_size(len(data), "stdin")
    return _decoded(data, "stdin")


def _check_size(read: int, name: str) -> None:
    """An ``InputFileError`` where ``read`` reached past ``MAX_INPUT_BYTES``."""
    if read > MAX_INPUT_BYTES:
        raise InputFileError(f"cannot read {name}: it holds more than {MAX_INPUT_BYTES // 2**20} MiB")


def _decoded(data: bytes, name: str) -> str:
    """``data`` as UTF-8 text; else an ``InputFileError`` naming the line that is not."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        byte = data[error.start : error.start + 1].hex()
        raise InputFileError(f"cannot read {name}: line {line} is not UTF-8 text (byte 0x{byte})") from None


def strip_comment(line: str) -> str:
    """The line without a ``#`` comment and surrounding blanks."""
    return line.split("#", 1)[0].strip()


def parse_lines(
    lines: Iterable[str], parse: Callable[[int, str], T]
) -> tuple[tuple[T, ...], tuple[LineError, ...]]:
    """Parse one item a line with ``parse(number, text)``; ``#`` comments and blank lines
    are ignored. Every bad line is collected as a ``LineError`` rather than raised."""
    items: list[T] = []
    errors: list[LineError] = []
    for number, line in enumerate(lines, start=1):
        text = strip_comment(line)
        if not text:
            continue
        try:
            items.append(parse(number, text))
        except Texas42Error as error:
            errors.append(LineError(number, str(error)))
    return tuple(items), tuple(errors)


def check_lines(errors: tuple[LineError, ...], source: str | None = None) -> None:
    """An ``InputFileError`` listing every bad line of the file ``source``, if there is any."""
    if errors:
        lines = tuple((e.line, e.message) for e in errors)
        raise InputFileError("; ".join(str(e) for e in errors), lines, source)


def read_deals(lines: Iterable[str]) -> DealsInput:
    """Parse one deal a line; see ``parse_lines``."""
    return DealsInput(*parse_lines(lines, lambda number, text: NumberedDeal(number, parse_deal(text))))


def parse_named_hand(text: str) -> tuple[str | None, Hand]:
    """Parse ``[name:] hand``; the name is whatever comes before the first ``:``, its
    spaces made single; a control character in it (which terminals and the text summary
    would drop) is refused."""
    name: str | None = None
    if ":" in text:
        raw, text = text.split(":", 1)
        name = " ".join(raw.split())
        if not name:
            raise Texas42Error("empty name before ':'")
        control = next((c for c in name if unicodedata.category(c) == "Cc"), None)
        if control is not None:
            raise Texas42Error(f"a control character (U+{ord(control):04X}) in the name {name!r}")
    return name, parse_hand(text)


def read_hands(lines: Iterable[str]) -> HandsInput:
    """Parse one hand a line (``name: 6-6 6-5 ...``); see ``parse_lines``."""

    def parse(number: int, text: str) -> NamedHand:
        name, hand = parse_named_hand(text)
        return NamedHand(number, name, hand)

    return HandsInput(*parse_lines(lines, parse))
