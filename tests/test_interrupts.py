"""Ctrl-C is never lost nor shown as a traceback, however early it comes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from texas42 import interrupts


class _Finaliser:
    """Ctrl-C landing in a finaliser, as in llvmlite's while Numba loads the kernels:
    Python reports the exception and goes on."""

    def __del__(self) -> None:
        interrupts._on_interrupt(signal.SIGINT, None)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_an_interrupt_lost_in_a_finaliser_is_raised_at_the_end_of_the_loading() -> None:
    with pytest.raises(KeyboardInterrupt), interrupts.raising_lost_interrupts():
        _Finaliser()  # deleted at once; its KeyboardInterrupt is ignored
    with interrupts.raising_lost_interrupts():  # none since: nothing raised
        pass


def test_an_interrupt_wrapped_in_another_exception_is_known_for_one() -> None:
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interrupt:
            raise RuntimeError("Error calling __set_name__") from interrupt  # as Python 3.11 does
    except RuntimeError as error:
        assert interrupts.caused_by_interrupt(error)
    assert not interrupts.caused_by_interrupt(RuntimeError("a bug"))


COMMAND = [sys.executable, "-m", "texas42", "analyze", "6-6 6-5 6-4 6-3 6-2 6-1 6-0", "-n", "5000"]


def _handles(pid: int, signum: int) -> bool:
    """Whether process ``pid`` has a handler of its own for ``signum`` (Linux's /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    return False


def _wait_until(condition: Callable[[], bool], process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 120  # against a hang only: no time is asserted
    while not condition():
        assert process.poll() is None, f"the command ended before it {what}"
        assert time.monotonic() < deadline, f"the command never {what}"
        time.sleep(0.002)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
@pytest.mark.parametrize("moment", ["counting", "loading the kernels", "solving"])
def test_ctrl_c_at_any_moment_of_a_command_s_start_ends_it_quietly(moment: str) -> None:
    """From the moment the command counts interrupts (``count_interrupts``, the only code
    that gives SIGTERM a handler: Python sets none), while the command line and the
    kernels load, and once it solves: exit status 130 (or the signal's own, where Python
    raises it again at exit), nothing printed. The moments are events seen in /proc, not
    delays, so a busy machine changes nothing; before the first, Python itself starts."""
    process = subprocess.Popen(
        COMMAND, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, COLUMNS="80")
    )
    try:
        _wait_until(lambda: _handles(process.pid, signal.SIGTERM), process, "counted interrupts")
        if moment == "loading the kernels":  # llvmlite mapped: Numba is loading
            maps = Path(f"/proc/{process.pid}/maps")
            _wait_until(lambda: "llvmlite" in maps.read_text(), process, "loaded llvmlite")
        elif moment == "solving":  # the solver threads started
            threads = len(os.listdir(f"/proc/{process.pid}/task"))
            _wait_until(lambda: len(os.listdir(f"/proc/{process.pid}/task")) > threads, process, "solved")
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        process.kill()
        process.wait()
    assert (process.returncode, stdout, stderr) in {(130, b"", b""), (-signal.SIGINT, b"", b"")}


@pytest.mark.parametrize(
    ("signum", "handler"),
    [(signal.SIGINT, signal.default_int_handler), (signal.SIGTERM, interrupts._on_interrupt)],
    ids=["ctrl-c", "sigterm"],
)
def test_an_interrupt_while_output_is_written_takes_effect_once_it_is_written_and_counted(
    signum: signal.Signals, handler: Callable[[int, object], object]
) -> None:
    """An interrupted batch says how many results it wrote: a Ctrl-C landing while one is
    written (as during its fsync) waits for the count to say it. So does SIGTERM, taken
    as a Ctrl-C (``count_interrupts``): the cluster test once saw a batch say it wrote 0
    hands where its file held 1, the SIGTERM having landed between the line and its count."""
    written = []
    previous = signal.signal(signum, handler)
    try:
        with pytest.raises(KeyboardInterrupt), interrupts.holding_interrupts():
            os.kill(os.getpid(), signum)
            time.sleep(0.05)  # the handler runs here: held
            written.append("line")
        assert written == ["line"]
        assert signal.getsignal(signum) is handler
        with interrupts.holding_interrupts():  # none: nothing raised
            written.append("another")
    finally:
        signal.signal(signum, previous)
    assert written == ["line", "another"]


def test_a_job_counted_twice_shows_its_second_count_under_its_own_name() -> None:
    """follow's one bar counts the solves, then the playouts: the second count must not
    read as the first running back."""
    from texas42.cli.progress import ProgressBar

    shown: list[tuple[float, float, str | None]] = []
    bar = ProgressBar(True, "thinking")
    bar.update = lambda done, total, label=None: shown.append((done, total, label))  # type: ignore[method-assign]
    report = bar.phased("playing out")
    for done, total in [(50, 150), (140, 140), (10, 40), (40, 40)]:  # racing shrank the total
        report(done, total)
    assert [label for *_, label in shown] == ["thinking", "thinking", "playing out", "playing out"]


def test_a_quick_file_interrupted_keeps_the_lines_written_and_says_how_many(tmp_path: Path) -> None:
    """quick --file values hands a batch at a time and writes each batch's lines at once:
    Ctrl-C after the first batch leaves its 2,048 lines whole and says so (it printed
    nothing at all before the end, and nothing on Ctrl-C)."""
    hands = tmp_path / "hands.txt"
    hands.write_text("6-4 5-5 5-2 4-3 4-2 3-2 3-1\n6-6 6-5 6-4 6-2 5-5 4-4 3-1\n" * 20_000)
    command = [sys.executable, "-m", "texas42", "quick", "--file", str(hands), "--json"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    first = [process.stdout.readline() for _ in range(2048)]  # the first batch, written whole
    process.send_signal(signal.SIGINT)
    rest, err = process.communicate(timeout=120)
    assert process.returncode == 130
    lines = [*first, *rest.splitlines(keepends=True)]
    assert len(lines) % 2048 == 0 and len(lines) < 40_000 and all(line.endswith(b"}\n") for line in lines)
    assert err.decode() == f"texas42: interrupted after {len(lines):,} of 40,000 hands\n"
