"""Work on a thread of its own beside the caller's (``realistic``: the special contracts'
playouts, mostly Python, beside the trumps', mostly the engine, which releases the
interpreter)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

T = TypeVar("T")


def in_background(work: Callable[[], T]) -> Callable[[], T]:
    """Start ``work`` on a daemon thread (an interrupt of the caller does not wait for it);
    the function returned waits for its result, raising what it raised."""
    outcome: list[Any] = []

    def run() -> None:
        try:
            outcome.append((True, work()))
        except BaseException as error:  # handed to the caller
            outcome.append((False, error))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def result() -> T:
        thread.join()
        ok, value = outcome[0]
        if not ok:
            raise value
        return cast(T, value)

    return result
