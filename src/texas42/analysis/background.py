"""Work on threads beside the caller's: on a thread of its own (``realistic``: the
special contracts' playouts, mostly Python, beside the trumps', mostly the engine, which
releases the interpreter), or in lanes (``special_playout``: games played side by side)."""

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
