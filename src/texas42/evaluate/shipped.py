"""The files that ship with the evaluator (its models and calibrations), read with one
clear error when one is missing or damaged."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from importlib import resources
from typing import IO, TypeVar

from texas42.errors import PackageDataError

T = TypeVar("T")

UNREADABLE = (
    OSError,
    ValueError,
    KeyError,
    IndexError,
    TypeError,
    AttributeError,
    EOFError,
    zipfile.BadZipFile,
)
"""What reading a missing, truncated or foreign file raises (an ``EvaluatorError`` is a
``ValueError``)."""


def reason(error: BaseException) -> str:
    """What went wrong, in a few words: the first sentence of ``error``'s message (numpy's
    run on), or its kind."""
    if isinstance(error, FileNotFoundError):
        return "no such file"
    text = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return text.split(". ")[0].rstrip(".")


def read_shipped(name: str, what: str, read: Callable[[IO[bytes]], T]) -> T:
    """``read`` of the package's file ``name`` (``what`` it holds, for the error): a
    ``PackageDataError`` if it is missing or cannot be read as one."""
    path = resources.files("texas42.evaluate").joinpath(name)
    try:
        with path.open("rb") as stream:
            return read(stream)
    except UNREADABLE as error:
        raise PackageDataError(
            f"the {what} that ships with texas42 ({path}) is missing or damaged ({reason(error)}); "
            "reinstall texas42"
        ) from error
