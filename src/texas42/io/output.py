"""The output file of a batch (``--out PATH``) and its record (``PATH.texas42.json``), which
lets ``--resume`` carry on a batch that was cut short.

The file holds exactly what the batch prints: a prologue (the text summary's header,
CSV's header row), one line a hand, an epilogue (the text summary's footer). Each hand's
line is flushed to disk as soon as every earlier one is written, and then a digest of it
to the file's sums (``PATH.texas42.sums``, one line a hand). The record, written before
the file, holds the settings that decide the results (seed, options, format, the hands);
``--resume`` refuses a file made with other settings, holding a line that is not what
was written there (edited, or another run's: its digest differs), or holding after the
hands' lines anything but a part of the epilogue (lines added to a finished file); it
keeps the prologue and the complete lines with their digests (a line cut short, or
whose digest was never written, is dropped), and appends the rest, so the file ends
byte for byte as an uninterrupted run's. One run at a time writes a file (``writing_alone``).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import takewhile
from typing import Any, BinaryIO, Final

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock
    fcntl = None  # type: ignore[assignment]

from texas42.errors import UsageError

RECORD_SUFFIX = ".texas42.json"
SUMS_SUFFIX = ".texas42.sums"
LOCK_SUFFIX = ".texas42.lock"
DIGEST_LENGTH = 16
"""Hexadecimal digits of a line's digest in the sums (the start of its SHA-256)."""


def record_path(path: str) -> str:
    """Where the record of the output file ``path`` is kept."""
    return path + RECORD_SUFFIX


def sums_path(path: str) -> str:
    """Where the digests of the hands' lines of the output file ``path`` are kept."""
    return path + SUMS_SUFFIX


def lock_path(path: str) -> str:
    """The lock a run holds while it writes the output file ``path``."""
    return path + LOCK_SUFFIX


BESIDE: Final = (("record", RECORD_SUFFIX), ("sums", SUMS_SUFFIX), ("lock", LOCK_SUFFIX))
"""The files written beside an output file: each one's name and suffix."""


def companions(path: str) -> tuple[tuple[str, str], ...]:
    """The files written beside the output file ``path``, each with its name."""
    return tuple((name, path + suffix) for name, suffix in BESIDE)


def line_digest(line: bytes) -> bytes:
    """The digest of one line (without its line end) as the sums hold it."""
    return hashlib.sha256(line).hexdigest()[:DIGEST_LENGTH].encode("ascii")


def read_sums(path: str) -> list[bytes]:
    """The digests recorded for the output file ``path``, one a hand's line written, up to
    the first line that is not one (cut short, or damaged: the hands from there on are
    solved again, their sums written anew); none if there are no sums."""
    try:
        with open(sums_path(path), "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        return []
    except OSError as error:
        raise UsageError(f"--resume: cannot read {sums_path(path)}: {error.strerror or error}") from None
    lines = data.split(b"\n")[:-1]  # the last piece: empty, or a digest cut short
    return list(takewhile(lambda line: len(line) == DIGEST_LENGTH, lines))


def read_record(path: str) -> dict[str, Any] | None:
    """The settings recorded for the output file ``path``, or None if there is no record."""
    try:
        with open(record_path(path), encoding="utf-8") as handle:
            record = json.load(handle)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise UsageError(
            f"--out: cannot read {record_path(path)}, the record of an earlier run: {reason}; "
            "remove it to start again"
        ) from None
    if not isinstance(record, dict):
        raise UsageError(f"--out: {record_path(path)} is not a texas42 record; remove it to start again")
    return record


def write_record(path: str, settings: Mapping[str, Any]) -> None:
    """Record ``settings`` for the output file ``path``, atomically."""
    target = record_path(path)
    temporary = target + ".tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump(dict(settings), handle, indent=1)
            handle.write("\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except OSError as error:
        raise UsageError(f"--out: cannot write {path}: {error.strerror or error}") from None


def differences(recorded: Mapping[str, Any], settings: Mapping[str, Any]) -> list[str]:
    """What differs between a file's recorded settings and this run's, one phrase each: a
    setting recorded but not given now (an ``--auction`` dropped) differs too."""
    keys = [*settings, *(key for key in recorded if key not in settings)]
    return [
        "the hands file (changed since)"
        if key == "hands file" and key in recorded and key in settings
        else f"{key} {_shown(recorded.get(key))} (now {_shown(settings.get(key))})"
        for key in keys
        if recorded.get(key) != settings.get(key)
    ]


def _shown(value: Any) -> str:
    """A recorded setting as a message shows it: ``none``, ``yes``/``no``, a list of words
    joined, constraints as the options write them (``2: 6-6 5-5, lacks 1: 6-6``), else as
    written."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return ", ".join(value) or "none"
    if isinstance(value, dict) and set(value) == {"holds", "lacks"}:
        said = [
            f"{kind} {seat}: {names}" for kind in ("holds", "lacks") for seat, names in value[kind].items()
        ]
        return ", ".join(said) or "none"
    return value if isinstance(value, str) else json.dumps(value)


def kept_hands(
    data: bytes, prologue: bytes, starts: Sequence[str], sums: Sequence[bytes], epilogue: bytes = b""
) -> tuple[int, int]:
    """How many hands' lines an output file cut short holds, and the length of the bytes
    to keep (the prologue and those complete lines); a file cut inside its prologue keeps
    nothing. ``data`` must begin with the prologue (or a part of it), hand k's line with
    ``starts[k]``, and its digest must be ``sums[k]``: a line with no digest is dropped
    (written just before the batch stopped), a line with another is refused, and so is
    anything after the lines that a run stopped there does not leave (``_check_rest``)."""
    if not data.startswith(prologue):
        if prologue.startswith(data):
            return 0, 0
        raise UsageError("--resume: the output file does not begin as this run's output")
    offset = len(prologue)
    first_line = prologue.count(b"\n") + 1  # the first hand's line in the file
    done = 0
    while done < min(len(starts), len(sums)):
        end = data.find(b"\n", offset)
        if end < 0:
            break
        number = first_line + done
        _check_start(data[offset:end], starts[done], number, done)
        if line_digest(data[offset:end]) != sums[done]:
            raise UsageError(
                f"--resume: line {number} of the output file is not the line written there (its "
                "digest differs: edited, or another run's): the file is not this run's output"
            )
        offset = end + 1
        done += 1
    _check_rest(data, offset, first_line, starts, done, epilogue)
    return done, offset


def _check_rest(
    data: bytes, offset: int, first_line: int, starts: Sequence[str], done: int, epilogue: bytes
) -> None:
    """A ``UsageError`` unless what follows the ``done`` hands' lines kept (from
    ``offset``) is what a batch stopped there leaves: the next hands' lines with no
    digest, the last perhaps cut short, and after every hand's line a part of the
    ``epilogue`` (the text summary's footer; nothing in the other formats)."""
    for hand in range(done, len(starts)):
        end = data.find(b"\n", offset)
        line = data[offset:] if end < 0 else data[offset:end]
        _check_start(line, starts[hand], first_line + hand, hand, cut_short=end < 0)
        if end < 0:
            return  # a line cut short, or nothing: solved again
        offset = end + 1
    rest = data[offset:]
    if epilogue.startswith(rest):
        return
    differs = next((i for i, (a, b) in enumerate(zip(rest, epilogue, strict=False)) if a != b), len(epilogue))
    number = first_line + len(starts) + rest[:differs].count(b"\n")
    said = (
        "is not the footer this run writes after the last hand's line (added or edited since)"
        if epilogue
        else "comes after the last hand's line, where this run writes nothing (added since)"
    )
    raise UsageError(f"--resume: line {number} of the output file {said}: the file is not this run's output")


def _check_start(line: bytes, start: str, number: int, hand: int, cut_short: bool = False) -> None:
    """A ``UsageError`` unless ``line``, line ``number`` of the output file, begins as the
    line of hand ``hand`` (from 0) does: ``start`` (or, ``cut_short``, is a part of it)."""
    expected = start.encode("utf-8")
    if not line.startswith(expected) and not (cut_short and expected.startswith(line)):
        raise UsageError(
            f"--resume: line {number} of the output file is not the result of hand {hand + 1} "
            "of the hands file: the file is not this run's output"
        )


class OutputFile:
    """An output file written piece by piece, each flushed to disk at once, with the sums
    of its hands' lines."""

    def __init__(self, path: str, keep: int, lines: int = 0) -> None:
        """Open ``path``, keeping its first ``keep`` bytes (0: a new file) and the digests
        of its first ``lines`` hands' lines. Nothing is emptied unless both files open: a
        ``UsageError`` leaves them as they were, and makes neither."""
        self.path = path
        self.handle, self.sums = _opened((path, sums_path(path)))
        for handle, size in ((self.handle, keep), (self.sums, lines * (DIGEST_LENGTH + 1))):
            handle.truncate(size)  # opened to append: writes go on from here

    def write(self, text: str) -> None:
        _written(self.handle, text.encode("utf-8"))

    def write_line(self, text: str) -> None:
        """Write a hand's line (``text``, ending with its line end), then its digest."""
        line = text.encode("utf-8")
        _written(self.handle, line)
        _written(self.sums, line_digest(line.removesuffix(b"\n")) + b"\n")

    def close(self) -> None:
        self.handle.close()
        self.sums.close()


@contextmanager
def writing_alone(path: str) -> Iterator[None]:
    """The block writes the output file ``path`` (and reads it to resume) as the only
    texas42 doing so, by a lock held on ``PATH.texas42.lock`` (removed at the end; one
    left by a killed run is taken again): a ``UsageError`` if another run holds it (a
    batch started twice, a job a cluster's scheduler started again)."""
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    lock = lock_path(path)
    try:
        handle = open(lock, "a")  # noqa: SIM115
    except OSError as error:
        raise UsageError(f"--out: cannot write {lock}: {error.strerror or error}") from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UsageError(
                f"--out: another texas42 is writing {path} (it holds {lock}): wait for it, or stop it"
            ) from None
        try:
            yield
        finally:
            os.remove(lock)
    finally:
        handle.close()


def check_writable(path: str) -> None:
    """A ``UsageError`` now if the output ``path`` or its sums cannot be written (before a
    cluster starts); nothing is made or changed."""
    paths = (path, sums_path(path))
    made = [p for p in paths if not os.path.lexists(p)]
    for handle in _opened(paths):
        handle.close()
    for new in made:
        os.remove(new)


def check_regular(path: str) -> None:
    """A ``UsageError`` if ``path`` exists and is not a regular file (a device, a pipe, a
    folder): an output file is cut back and resumed. Opens nothing."""
    if os.path.exists(path) and not os.path.isfile(path):
        raise UsageError(f"--out: {path} is not a regular file")


def check_not_beside(path: str) -> None:
    """A ``UsageError`` if the output ``path`` is named as a file beside another output
    (``companions``), which that output's ``--resume`` needs."""
    for name, suffix in BESIDE:
        if path.endswith(suffix) and len(path) > len(suffix):
            other = path[: -len(suffix)]
            raise UsageError(
                f"--out: {path} is named as the {name} of the output {other}: choose another name"
            )


def _opened(paths: tuple[str, str]) -> tuple[BinaryIO, BinaryIO]:
    """Both ``paths`` open to append (made where missing), or a ``UsageError`` naming the
    one that cannot be, with none made (``check_regular`` first)."""
    for path in paths:
        check_regular(path)
    handles: list[BinaryIO] = []
    made: list[str] = []
    for path in paths:
        existed = os.path.lexists(path)
        try:
            handles.append(open(path, "ab"))  # noqa: SIM115
        except OSError as error:
            for handle in handles:
                handle.close()
            for new in made:
                os.remove(new)
            raise UsageError(f"--out: cannot write {path}: {error.strerror or error}") from None
        if not existed:
            made.append(path)
    return handles[0], handles[1]


def _written(handle: BinaryIO, data: bytes) -> None:
    handle.write(data)
    handle.flush()
    os.fsync(handle.fileno())


def read_output(path: str) -> bytes | None:
    """What the output file ``path`` holds, or None if there is none."""
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise UsageError(f"--resume: cannot read {path}: {error.strerror or error}") from None
