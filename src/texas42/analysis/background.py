"""Work on threads beside the caller's: on a thread of its own (``realistic``: the
special contracts' playouts, mostly Python, beside the trumps', mostly the engine, which
releases the interpreter), or in lanes (``special_playout``: games played side by side)."""

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


def in_lanes(lane: Callable[[int, threading.Event], None], lanes: int) -> None:
    """Call ``lane(k, stop)`` for k = 0 .. ``lanes`` - 1, each on a thread of its own
    (one lane: on the calling thread), and wait for them all; what a lane raises is
    raised here. The calling thread only waits, so that Ctrl-C reaches it at once: then
    ``stop`` is set, for the lanes to return at their next check (those not started yet
    never start), and the interrupt raised once they have."""
    stop = threading.Event()
    if lanes == 1:
        lane(0, stop)
        return
    errors: list[BaseException] = []
    ended = [threading.Event() for _ in range(lanes)]

    def run(k: int) -> None:
        try:
            lane(k, stop)
        except BaseException as error:  # raised in the calling thread
            errors.append(error)
        finally:
            ended[k].set()

    threads = [threading.Thread(target=run, args=(k,), daemon=True) for k in range(lanes)]
    try:
        for thread in threads:
            thread.start()
        for done in ended:
            done.wait()  # an event, not join: bpo-45274 (engine.running._solver_threads)
    except BaseException:  # Ctrl-C, maybe while a lane was being started
        stop.set()
        for thread, done in zip(threads, ended, strict=True):
            if thread.ident is not None:  # it runs, or has run
                done.wait()
        raise
    if errors:
        raise errors[0]
