"""Ctrl-C (and SIGTERM, a batch scheduler's stop, taken as one), counted, so that none
is lost.

Python reports and ignores an exception raised in a finaliser (``__del__``), and
llvmlite's run often while Numba loads the kernels: a Ctrl-C that lands there would let
the whole command run on. The command line counts interrupts (``count_interrupts``), and
the loading raises again one it did not see (``raising_lost_interrupts``). One raised
where Python wraps it in another exception (a ``RuntimeError`` from ``__set_name__``
while a class is made) is still known for one (``caused_by_interrupt``). A piece of
output and the count of what was written are kept together (``holding_interrupts``).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

_count = 0


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    global _count
    _count += 1
    raise KeyboardInterrupt


def count_interrupts() -> None:
    """Count every Ctrl-C from now on, raising ``KeyboardInterrupt`` as Python's own
    handler does (a handler of the caller's own is left in place); one lost in a
    finaliser is not reported there, since it is raised again."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_interrupt)
        sys.unraisablehook = _unless_interrupt
    if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:  # a scheduler's stop: as a Ctrl-C
        signal.signal(signal.SIGTERM, _on_interrupt)


def _unless_interrupt(unraisable: sys.UnraisableHookArgs) -> None:
    if not isinstance(unraisable.exc_value, KeyboardInterrupt):
        sys.__unraisablehook__(unraisable)


@contextmanager
def raising_lost_interrupts() -> Iterator[None]:
    """A ``KeyboardInterrupt`` at the end of the block if a Ctrl-C came during it and was
    lost in a finaliser (counted, but nothing raised)."""
    before = _count
    yield
    if _count != before:
        raise KeyboardInterrupt


def caused_by_interrupt(error: BaseException) -> bool:
    """Whether ``error`` is a ``KeyboardInterrupt`` or was raised while handling one."""
    cause: BaseException | None = error
    while cause is not None:
        if isinstance(cause, KeyboardInterrupt):
            return True
        cause = cause.__cause__ or cause.__context__
    return False


_HELD = (signal.SIGINT, signal.SIGTERM)
"""The signals ``holding_interrupts`` holds: Ctrl-C, and a batch scheduler's stop."""


@contextmanager
def holding_interrupts() -> Iterator[None]:
    """Ctrl-C (or SIGTERM, taken as one) during the block takes effect at its end (in the
    main thread, where signals land), so that what the block writes and counts is done
    whole."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[signal.Signals] = []
    previous = {s: signal.signal(s, lambda signum, frame: held.append(signal.Signals(signum))) for s in _HELD}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if held:
        handler = previous[held[0]]
        if callable(handler):
            handler(held[0], None)  # raises KeyboardInterrupt, counted where it counts
        elif handler == signal.SIG_DFL:
            signal.raise_signal(held[0])  # as it would have landed: SIGTERM's default ends the process
