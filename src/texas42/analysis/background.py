"""Work on a thread beside the caller's (``realistic``: the special contracts' playouts,
much of them Python, beside the trumps', mostly the engine, which releases the
interpreter)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from texas42.engine import running

T = TypeVar("T")


@contextmanager
def in_background(work: Callable[[], T]) -> Iterator[Callable[[], T]]:
    """Start ``work`` on a thread of its own; in the block, the function given waits for
    its result, raising what it raised. Whatever interrupts the block (Ctrl-C), the
    engine's batches stop (``engine.running.all_stopped``: the work raises at its next
    one) and the thread is waited for before it goes on."""
    outcome: list[Any] = []
    done = threading.Event()

    def run() -> None:
        try:
            outcome.append((True, work()))
        except BaseException as error:  # handed to the caller
            outcome.append((False, error))
        finally:
            done.set()

    thread = threading.Thread(target=run, name="texas42-background", daemon=True)

    def result() -> T:
        done.wait()  # an event, not join: bpo-45274 (engine.running._solver_threads)
        ok, value = outcome[0]
        if not ok:
            raise value
        return cast(T, value)

    try:
        thread.start()
        yield result
    except BaseException:
        with running.all_stopped():
            if thread.ident is not None:
                done.wait()
        raise
