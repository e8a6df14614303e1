"""Every error texas42 raises for bad input, in one tree.

Each is a ``Texas42Error``, itself a ``ValueError``: a caller can catch them all at once,
and the command line turns any of them into one line on stderr and exit status 2. The
message names the offending token, option or line.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from numbers import Integral, Real
from typing import TypeGuard


class Texas42Error(ValueError):
    """Bad input: the message names the offending token. ``parameter``, when set, is the
    argument the message begins with, as the Python API names it (``auction``,
    ``holds``; several joined by ``/``): the command line names its option there."""

    def __init__(self, message: str, *, parameter: str | None = None) -> None:
        super().__init__(message)
        self.parameter = parameter


class ArgumentTypeError(Texas42Error, TypeError):
    """An argument of the Python API of the wrong kind (a number where a deal is wanted,
    None for the trumps): a ``TypeError`` too."""


class UsageError(Texas42Error):
    """Command-line arguments that do not go together, or an option with a bad value."""


class InvalidDominoError(Texas42Error):
    """A token that is not a domino of the double-six set."""


class DuplicateDominoError(Texas42Error):
    """The same domino given twice."""


class HandSizeError(Texas42Error):
    """A hand or deal with the wrong number of dominoes."""


class InvalidDeclarationError(Texas42Error):
    """A name that is not one of the nine declarations."""


class InvalidSeatError(Texas42Error):
    """A value that is not a seat 0..3."""


class IllegalPlayError(Texas42Error):
    """A play that the rules do not allow in the position: not in the hand of the seat
    to play, or not following the suit led when the hand can."""


class InputFileError(Texas42Error):
    """A file that cannot be read, or whose lines hold bad input: ``lines`` has
    ``(line number, message)`` for each bad line (none when the file is unreadable);
    ``source`` the file's path where known (``-``: standard input)."""

    def __init__(
        self, message: str, lines: tuple[tuple[int, str], ...] = (), source: str | None = None
    ) -> None:
        super().__init__(message)
        self.lines = lines
        self.source = source


class HouseRulesError(Texas42Error):
    """A house-rule option or setting with a bad value."""


class ConfigError(Texas42Error):
    """A bad configuration file, key or value; the message names the file and the key."""


class AuctionError(Texas42Error):
    """A bad or illegal auction; the message names the offending bid."""


class AnalysisError(Texas42Error):
    """A bad parameter of dealing or analysis: deals, seed, confidence, declarations."""


class ConstraintError(Texas42Error):
    """A bad or contradictory constraint on the deal (``holds``, ``lacks``); the message
    begins with the constraint."""


class DealArrayError(Texas42Error):
    """An array of deals (hand masks) the engine cannot solve: wrong shape, a mask
    outside the 28 dominoes, hands of different sizes or sharing a domino."""


class EngineInputError(Texas42Error):
    """A bad argument of an engine entry point other than the deals: a seat, a target."""


class StatisticsError(Texas42Error):
    """Statistics asked of data that cannot give them: no values, counts out of range."""


__all__ = [
    "AnalysisError",
    "ArgumentTypeError",
    "AuctionError",
    "ConfigError",
    "ConstraintError",
    "DealArrayError",
    "DuplicateDominoError",
    "EngineInputError",
    "EvaluatorError",
    "HandSizeError",
    "HouseRulesError",
    "IllegalPlayError",
    "InferenceError",
    "InputFileError",
    "InvalidDeclarationError",
    "InvalidDominoError",
    "InvalidSeatError",
    "PackageDataError",
    "StatisticsError",
    "Texas42Error",
    "UsageError",
]


class InferenceError(Texas42Error):
    """A bad setting of dealing to fit an auction (``--infer``, ``--noise``), or an
    auction all but impossible under the bidding model."""


class PackageDataError(RuntimeError):
    """A file that ships with texas42 (a model, a calibration) is missing or damaged. Not
    bad input, so not a ``Texas42Error``: reinstalling texas42 restores the file. The
    command line prints it on one line and exits with status 1."""


class EvaluatorError(Texas42Error):
    """A bad argument of the instant hand evaluator: hand masks that are not hands of
    seven dominoes, or estimates its model does not have."""


def check_text(value: object, what: str) -> str:
    """``value`` if it is a string, else an ``ArgumentTypeError`` saying that ``what`` is
    written as text (the parsers' first check: a number or None given in its place)."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{what} is written as text, got {value!r}")
    return value


def check_kind(value: object, kind: type | tuple[type, ...], what: str) -> None:
    """An ``ArgumentTypeError`` saying what ``value`` should be (``what``: "house is a
    HouseRules (or None: the default rules)") unless it is an instance of ``kind``."""
    if not isinstance(value, kind):
        raise ArgumentTypeError(f"{what}, got {value!r}")


def check_items(value: object, what: str) -> None:
    """An ``ArgumentTypeError`` saying what ``value`` should be (``what``: "holds is a list
    of texts") unless it holds items to go through: not bytes, whose items are numbers,
    nor an array of no dimensions (numpy's), which says it can be iterated and cannot."""
    if (
        not isinstance(value, Iterable)
        or isinstance(value, bytes | bytearray)
        or getattr(value, "ndim", 1) == 0
    ):
        raise ArgumentTypeError(f"{what}, got {value!r}")


def takes(function: object, count: int) -> bool:
    """Whether ``function`` can be called with ``count`` positional arguments (where Python
    can tell: a callable whose signature it cannot read passes)."""
    if not callable(function):
        return False
    try:
        inspect.signature(function).bind(*range(count))
    except TypeError:
        return False
    except ValueError:  # no signature to read (some built-ins)
        return True
    return True


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number of any kind (numpy's integers too) but a bool."""
    return type(value) is int or (isinstance(value, Integral) and not isinstance(value, bool))


def error_for(
    value: object, error: type[Texas42Error], kind: type | tuple[type, ...] = Real
) -> type[Texas42Error]:
    """What a bad ``value`` raises: ``error`` if it is of the right ``kind`` (a number by
    default; a bool never is) but not a usable one, else an ``ArgumentTypeError``."""
    return error if isinstance(value, kind) and not isinstance(value, bool) else ArgumentTypeError


def check_whole(value: object, error: type[Texas42Error], what: str) -> int:
    """``value`` as an int if it is a whole number (not a bool), else ``error`` naming
    ``what`` ("the number of deals"): an ``ArgumentTypeError`` if it is no number at all."""
    if not is_whole(value):
        raise error_for(value, error)(f"{what} must be a whole number, got {value!r}")
    return int(value)


def check_real(value: object, what: str) -> float:
    """``value`` as a float if it is a real number (not a bool), else an ``ArgumentTypeError``."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ArgumentTypeError(f"{what} must be a number, got {value!r}")
    return float(value)
