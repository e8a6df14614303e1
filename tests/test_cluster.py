"""Batches on a real Dask cluster (issue 16): a LocalCluster of two worker processes, no
mocks. The output is byte-identical to the in-process run, a worker killed mid-run loses
nothing, and ``--out``/``--resume`` end with the file of an uninterrupted run."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

import texas42
from cli_runner import invoke
from texas42.cli import many
from texas42.errors import HandSizeError
from texas42.io import batch, output
from texas42.rules import parse_hand

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[1]
HANDS = str(ROOT / "examples" / "hands.txt")
HANDS_LINES = [line for line in Path(HANDS).read_text().splitlines(keepends=True) if line[:1].isalpha()]
RUN = ("analyze", "--file", HANDS, "--seed", "42", "--deals", "20", "--threads", "1")
FORMATS = {"text": (), "json": ("--json",), "csv": ("--csv",)}
HANG_GUARD = 120.0
"""Seconds after which a command that should give up on its own is taken to hang."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """Two worker processes with two threads each (a worker runs one hand at a time)."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=2, processes=True, dashboard_address=":0"
    ) as local:
        yield local


@pytest.fixture(scope="module")
def expected() -> dict[str, str]:
    """The in-process output of each format."""
    outputs = {}
    for name, flags in FORMATS.items():
        result = invoke(*RUN, *flags)
        assert result.exit_code == 0, result.stderr
        outputs[name] = result.stdout
    return outputs


def ok(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("style", FORMATS)
def test_cluster_output_is_identical(cluster: Any, expected: dict[str, str], style: str) -> None:
    assert ok(*RUN, *FORMATS[style], "--cluster", cluster.scheduler_address) == expected[style]


def test_analyze_many_from_python_on_the_cluster(cluster: Any) -> None:
    """``texas42.analyze_many(cluster=)`` gives what it gives here, in input order; closed
    early, it leaves the scheduler no task of its own."""
    hands = ["6-4 5-5 5-2 4-3 4-2 3-2 3-1", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "5-5 5-4 5-3 5-2 4-4 3-3 1-0"]
    settings = {"deals": 30, "seed": 42, "threads": 1}
    here = list(texas42.analyze_many(hands, **settings))
    assert list(texas42.analyze_many(hands, cluster=cluster.scheduler_address, **settings)) == here
    with distributed.Client(cluster) as client:

        def tasks() -> int:
            return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))

        many = texas42.analyze_many(hands * 3, cluster=cluster.scheduler_address, **settings, trumps="fours")
        next(many)
        assert tasks() > 0  # the other hands, running or done, held for their turn
        many.close()
        deadline = time.monotonic() + 20
        while tasks() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert tasks() == 0


def test_local_cluster_of_two_processes(expected: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "hands.csv"
    assert ok(*RUN, "--csv", "--cluster", "local:2", "--out", str(out)) == ""
    assert out.read_text() == expected["csv"]


def test_a_worker_killed_mid_run_loses_no_hand(cluster: Any, expected: dict[str, str]) -> None:
    with distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        killed: list[int] = []

        def kill_a_busy_worker() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                for worker, keys in client.processing().items():
                    if any("run_locked" in str(key) for key in keys) and worker in pids:
                        os.kill(pids[worker], signal.SIGKILL)
                        killed.append(pids[worker])
                        return
                time.sleep(0.01)

        killer = threading.Thread(target=kill_a_busy_worker)
        killer.start()
        output = ok(*RUN, "--json", "--cluster", cluster.scheduler_address)
        killer.join()
        assert killed, "no worker was killed while it ran a hand"
        assert output == expected["json"]
        client.wait_for_workers(2, timeout=60)
        assert killed[0] not in client.run(os.getpid).values()


def _cut(path: Path, lines: int, extra: int) -> None:
    """Keep the first ``lines`` lines of ``path`` and ``extra`` bytes of the next."""
    data = path.read_bytes()
    offset = 0
    for _ in range(lines):
        offset = data.index(b"\n", offset) + 1
    path.write_bytes(data[: offset + extra])


@pytest.mark.parametrize(
    ("style", "lines", "extra", "where"),
    [
        ("text", 5, 17, "cluster"),
        pytest.param("json", 3, 40, "here", marks=pytest.mark.slow),
        pytest.param("csv", 1, 0, "here", marks=pytest.mark.slow),
        ("text", 0, 20, "here"),  # cut inside the header
        ("json", 12, 0, "here"),  # nothing left to do
    ],
)
def test_resume_ends_identical_to_a_full_run(
    cluster: Any, expected: dict[str, str], tmp_path: Path, style: str, lines: int, extra: int, where: str
) -> None:
    out = tmp_path / "out"
    assert ok(*RUN, *FORMATS[style], "--out", str(out)) == ""
    assert out.read_text() == expected[style]
    _cut(out, lines, extra)
    resumed = [a for a in RUN if a not in ("--seed", "42")]  # the seed comes from the record
    where_flags = ("--cluster", cluster.scheduler_address) if where == "cluster" else ()
    assert ok(*resumed, *FORMATS[style], "--out", str(out), "--resume", *where_flags) == ""
    assert out.read_text() == expected[style]


@pytest.mark.parametrize(
    ("changed", "named"),
    [
        (("--deals", "30"), "--deals 20 (now 30)"),
        (("--seed", "43"), "--seed 42 (now 43)"),
        (("--json",), "format text summary (now --json)"),
        (
            ("--trump", "sixes"),
            "--trump blanks, aces, deuces, treys, fours, fives, sixes, doubles, follow-me (now sixes)",
        ),
        (("--no-specials",), "--specials yes (now no)"),
        (("--nello-doubles", "high"), "--nello-doubles own-suit (now high)"),
        (("--realistic", "--realistic-deals", "2", "--worlds", "1"), "--realistic"),
        (("--auction", "pass 30"), "--auction none (now pass 30)"),
        (("--holds", "2: 5-4"), "--holds/--lacks none (now holds 2: 5-4)"),
    ],
)
def test_resume_with_other_settings_is_refused(tmp_path: Path, changed: tuple[str, ...], named: str) -> None:
    subset = tmp_path / "hands.txt"
    subset.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n")
    out = tmp_path / "out.txt"
    base = ("analyze", "--file", str(subset), "--out", str(out))
    options = {"--seed": "42", "--deals": "20"}
    assert ok(*base, *(x for item in options.items() for x in item)) == ""
    before = out.read_bytes()
    extra: tuple[str, ...] = ()
    if changed[0] in options:
        options[changed[0]] = changed[1]
    else:
        extra = changed
    result = invoke(*base, *(x for item in options.items() for x in item), *extra, "--resume")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and named in result.stderr, result.stderr
    assert out.read_bytes() == before


def test_resume_names_the_noise_that_differs(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n")
    out = tmp_path / "out.csv"
    base = ("analyze", "--file", str(hands), "-n", "20", "--csv", "--auction", "pass 30", "--out", str(out))
    assert ok(*base, "--seed", "1", "--noise", "0.5") == ""
    result = invoke(*base, "--resume")
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("was made with other settings: --noise 0.5 (now 1.0)")


@pytest.mark.parametrize(
    ("dropped", "named"),
    [
        (("--auction", "pass 30"), "--auction pass 30 (now none); --noise 1.0 (now none)"),
        (
            ("--realistic", "--realistic-deals", "2", "--worlds", "1"),
            "--realistic-deals 2 (now none); --worlds 1 (now none)",
        ),
    ],
)
def test_resume_without_a_setting_the_file_was_made_with_is_refused(
    tmp_path: Path, dropped: tuple[str, ...], named: str
) -> None:
    """A setting recorded for the file but not given again differs as much as a changed one."""
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n")
    out = tmp_path / "out.jsonl"
    base = ("analyze", "--file", str(hands), "-n", "20", "--seed", "1", "--json", "--out", str(out))
    assert ok(*base, *dropped) == ""
    before = out.read_bytes()
    result = invoke(*base, "--resume")
    assert result.exit_code == 2
    assert result.stderr.strip().endswith(f"was made with other settings: {named}"), result.stderr
    assert out.read_bytes() == before


def test_resume_ignores_house_rules_analyze_does_not_play_by(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What happens when all four pass does not change an analysis: a settings file that
    says so since the first run does not stop the batch from resuming."""
    subset = tmp_path / "hands.txt"
    subset.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\nb: 6-4 5-5 5-2 4-3 4-2 3-2 3-1\n")
    out = tmp_path / "out.txt"
    run = ("analyze", "--file", str(subset), "--out", str(out), "--deals", "20")
    assert ok(*run, "--seed", "42") == ""
    whole = out.read_text()
    out.write_text(whole.split("\n", 1)[0] + "\n")  # cut short
    monkeypatch.chdir(tmp_path)
    (tmp_path / "texas42.toml").write_text('[tool.texas42]\nall-pass = "reshuffle"\n')
    assert ok(*run, "--resume") == ""
    assert out.read_text() == whole


def test_hands_played_out_on_the_cluster_are_those_played_out_here(cluster: Any, tmp_path: Path) -> None:
    subset = tmp_path / "hands.txt"
    subset.write_text("".join(HANDS_LINES[:3]))
    run = ("analyze", "--file", str(subset), "--seed", "5", "--deals", "20", "--json", "--realistic")
    played = (*run, "--realistic-deals", "3", "--worlds", "1")
    here = ok(*played)
    assert len(here.splitlines()) == 3 and '"source": "playouts"' in here
    assert ok(*played, "--cluster", cluster.scheduler_address) == here


def test_a_second_run_writing_the_same_out_is_refused(tmp_path: Path) -> None:
    """Two runs on one --out (a batch started twice, a job a scheduler started again)
    wrote their lines into each other, both exiting 0: the second is refused, writing
    nothing, while the first holds the file's lock."""
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n")
    out = tmp_path / "out.jsonl"
    run = ("analyze", "--file", str(hands), "-n", "20", "-s", "1", "--json", "--out", str(out))
    with output.writing_alone(str(out)):
        result = invoke(*run)
        assert (tmp_path / "out.jsonl.texas42.lock").exists()
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert f"--out: another texas42 is writing {out}" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.txt"]
    assert ok(*run) == "" and len(out.read_text().splitlines()) == 1
    assert not (tmp_path / "out.jsonl.texas42.lock").exists()


def test_resume_without_the_sums_says_every_hand_is_solved_again(tmp_path: Path) -> None:
    """Lines with no digest are solved again (they may be cut short): where the sums are
    gone, that is every hand, which the command says rather than spend hours in silence."""
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\nb: 6-4 5-5 5-2 4-3 4-2 3-2 3-1\n")
    out = tmp_path / "out.jsonl"
    run = ("analyze", "--file", str(hands), "-n", "20", "-s", "1", "--json", "--out", str(out))
    assert ok(*run) == ""
    whole = out.read_text()
    (tmp_path / "out.jsonl.texas42.sums").unlink()
    result = invoke(*run, "--resume")
    assert result.exit_code == 0 and out.read_text() == whole
    assert result.stderr == (
        f"texas42: --resume: {out}.texas42.sums, the digests of the lines of {out}, is missing or empty: "
        "every hand is solved again\n"
    )


def test_a_damaged_digest_leaves_its_hand_and_those_after_it_to_solve_again(tmp_path: Path) -> None:
    """A digest line that is not one ends the sums read (a line dropped in the middle
    would pair every later digest with the wrong line, and the sums were cut at the
    wrong length): the output comes out whole, and its sums are whole again."""
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\nb: 6-4 5-5 5-2 4-3 4-2 3-2 3-1\n")
    out = tmp_path / "out.jsonl"
    run = ("analyze", "--file", str(hands), "-n", "20", "-s", "1", "--json", "--out", str(out))
    assert ok(*run) == ""
    whole, sums = out.read_text(), Path(output.sums_path(str(out)))
    digests = sums.read_bytes()
    sums.write_bytes(b"xx\n" + digests.split(b"\n", 1)[1])
    assert output.read_sums(str(out)) == []
    assert invoke(*run, "--resume").exit_code == 0
    assert out.read_text() == whole and sums.read_bytes() == digests


def test_a_text_summary_keeps_a_hand_s_row_on_one_line_on_stdout_as_in_a_file(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("a very long name that goes on and on and on: 0-0 1-1 1-0 2-0 3-0 2-1 4-1\n")
    out = tmp_path / "out.txt"
    run = ("analyze", "--file", str(hands), "-n", "20", "-s", "5", "-j", "1")
    printed = ok(*run)
    assert ok(*run, "--out", str(out)) == "" and out.read_text() == printed
    assert max(len(line) for line in printed.splitlines()) > 80  # wider than the pipe's 80 columns


def test_resume_of_a_file_without_its_record_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    out.write_text("something\n")
    result = invoke(*RUN, "--out", str(out), "--resume")
    assert result.exit_code == 2 and "no record" in result.stderr
    assert out.read_text() == "something\n"


@pytest.mark.parametrize(
    ("record", "named"), [("{not json", "cannot read"), ("[1, 2]", "is not a texas42 record")]
)
def test_resume_with_a_broken_record_is_refused(tmp_path: Path, record: str, named: str) -> None:
    """A record that is not JSON, or not a texas42 record, is named; nothing is written."""
    out = tmp_path / "out.txt"
    out.write_text("something\n")
    Path(output.record_path(str(out))).write_text(record)
    result = invoke(*RUN, "--out", str(out), "--resume")
    assert result.exit_code == 2 and named in result.stderr and "remove it to start again" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and result.stdout == ""
    assert out.read_text() == "something\n"


@pytest.mark.parametrize("style", ["text", "json", "csv"])
@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("a", "z", "is not the result of hand 1 of"),  # another hand's line
        ("42", "41", "is not the line written there"),  # a figure edited: its digest differs
    ],
)
def test_resume_refuses_a_kept_line_that_is_not_what_was_written(
    tmp_path: Path, style: str, old: str, new: str, named: str
) -> None:
    """A line of the file to carry on that another run (or an editor) wrote, whether it
    begins as another hand's or as its own (a figure changed after, or the line of a run
    with other settings pasted in), is named, and the file left as it was."""
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\nb: 5-5 5-4 4-4 3-3 2-2 1-1 0-0\n")
    out = tmp_path / "out"
    base = ("analyze", "--file", str(hands), "--seed", "42", "-n", "20", *FORMATS[style], "--out", str(out))
    assert ok(*base) == ""
    lines = out.read_text().splitlines(keepends=True)
    first = {"text": 2, "json": 0, "csv": 1}[style]  # the first hand's line, after the prologue
    edited = lines[first].replace(old, new, 1)  # "42": the all-sixes hand's expected points
    assert edited != lines[first]
    lines[first] = edited
    out.write_text("".join(lines[: first + 1]))
    result = invoke(*base, "--resume")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"line {first + 1} of the output file {named}" in result.stderr
    assert out.read_text() == "".join(lines[: first + 1])


def test_resume_drops_a_line_whose_digest_was_never_written(tmp_path: Path) -> None:
    """A batch stopped between a line and its digest: the line is solved again, and the
    file and its sums end as an uninterrupted run's."""
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\nb: 5-5 5-4 4-4 3-3 2-2 1-1 0-0\n")
    out = tmp_path / "out"
    base = ("analyze", "--file", str(hands), "--seed", "42", "-n", "20", "--json", "--out", str(out))
    assert ok(*base) == ""
    whole, sums = out.read_bytes(), Path(output.sums_path(str(out))).read_bytes()
    assert len(sums.splitlines()) == 2
    out.write_bytes(b"".join(whole.splitlines(keepends=True)[:2]))
    Path(output.sums_path(str(out))).write_bytes(sums.splitlines(keepends=True)[0] + b"0123")
    assert ok(*base, "--resume") == ""
    assert out.read_bytes() == whole and Path(output.sums_path(str(out))).read_bytes() == sums


AFTER_THE_HANDS = "comes after the last hand's line, where this run writes nothing (added since)"


def _two_hands_run(tmp_path: Path, out: Path, *flags: str) -> tuple[str, ...]:
    """A batch of two hands, done once to ``out``: the command to run it again."""
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-4 5-5 5-2 4-3 4-2 3-2 3-1\nb: 6-6 6-5 6-4 6-2 5-5 4-4 3-1\n")
    run = ("analyze", "--file", str(hands), "-s", "1", "-n", "20", "-t", "sixes", *flags, "--out", str(out))
    assert ok(*run) == ""
    return run


@pytest.mark.parametrize(
    ("style", "lines", "digests", "added", "named"),
    [
        ("json", 2, 2, b"my notes: keep this\n", f"line 3 of the output file {AFTER_THE_HANDS}"),
        ("csv", 3, 2, b"my notes", f"line 4 of the output file {AFTER_THE_HANDS}"),
        (
            "text",
            None,
            2,
            b"my notes: keep this\n",
            "line 18 of the output file is not the footer this run writes after the last hand's line "
            "(added or edited since)",
        ),
        # stopped before hand 2's digest: its line would be dropped, a line of notes is not
        (
            "json",
            1,
            1,
            b"my notes\n",
            "line 2 of the output file is not the result of hand 2 of the hands file",
        ),
    ],
)
def test_resume_refuses_lines_added_after_the_hands(
    tmp_path: Path, style: str, lines: int | None, digests: int, added: bytes, named: str
) -> None:
    """A line added after a finished run's (its text summary's footer too), or after the
    lines of a run stopped early, is not cut away: it is named, and the file and its sums
    are left byte for byte as they were."""
    out, sums = tmp_path / "out", Path(output.sums_path(str(tmp_path / "out")))
    run = _two_hands_run(tmp_path, out, *FORMATS[style])
    kept = b"".join(out.read_bytes().splitlines(keepends=True)[:lines]) + added
    out.write_bytes(kept)
    sums.write_bytes(b"".join(sums.read_bytes().splitlines(keepends=True)[:digests]))
    digested = sums.read_bytes()
    result = invoke(*run, "--resume")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"texas42: error: --resume: {named}: the file is not this run's output\n"
    assert out.read_bytes() == kept and sums.read_bytes() == digested


@pytest.mark.parametrize("cut", [0, 1, 150, 400])
def test_a_text_summary_whose_footer_was_cut_short_resumes(tmp_path: Path, cut: int) -> None:
    """A run stopped while it wrote the footer (or before it): the footer is written
    again, and the file ends as an uninterrupted run's."""
    out = tmp_path / "out.txt"
    run = _two_hands_run(tmp_path, out)
    whole = out.read_bytes()
    rows = b"".join(whole.splitlines(keepends=True)[:4])  # the header's two lines, the two rows
    assert len(whole) - len(rows) > 400
    out.write_bytes(whole[: len(rows) + cut])
    result = invoke(*run, "--resume")
    assert result.exit_code == 0 and result.stdout == "" and result.stderr == ""
    assert out.read_bytes() == whole


def test_a_text_summary_resumed_keeps_its_width(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The width is the record's, not $COLUMNS at the time of --resume: the file ends as an
    uninterrupted run at its first width."""
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\nb: 5-5 5-4 4-4 3-3 2-2 1-1 0-0\n")
    out = tmp_path / "out.txt"
    base = ("analyze", "--file", str(hands), "--seed", "42", "-n", "20", "--out", str(out))
    monkeypatch.setenv("COLUMNS", "120")
    assert ok(*base) == ""
    whole = out.read_text()
    out.write_text("".join(whole.splitlines(keepends=True)[:3]))
    monkeypatch.setenv("COLUMNS", "70")
    assert ok(*base, "--resume") == ""
    assert out.read_text() == whole


def test_an_out_that_cannot_be_written_leaves_no_record(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    result = invoke(*RUN, "--out", str(folder))
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert f"--out: {folder} is not a regular file" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]


def test_an_out_whose_sums_cannot_be_written_is_left_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing is emptied or made unless every file of the output opens; and no cluster
    starts before that is known."""
    kept = tmp_path / "kept.txt"
    kept.write_text("earlier results\n")
    (tmp_path / "kept.txt.texas42.sums").mkdir()
    long_name = tmp_path / ("x" * (255 - len(output.SUMS_SUFFIX) + 1))  # the sums' name is too long
    monkeypatch.setattr(many, "connected", lambda cluster: pytest.fail("a cluster was started"))
    for out, why in ((kept, "is not a regular file"), (long_name, "cannot write")):
        result = invoke(*RUN, "--out", str(out), "--cluster", "local:2")
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
        sums = f"{out}{output.SUMS_SUFFIX}"
        assert (f"{sums} {why}" if why.startswith("is") else f"{why} {sums}") in result.stderr
    assert kept.read_text() == "earlier results\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.txt", "kept.txt.texas42.sums"]


@pytest.mark.parametrize(
    ("hands_name", "out_name", "link"),
    [
        ("hands.txt", "./hands.txt", None),
        ("hands.txt", "linked.txt", "hard"),
        ("hands.txt", "linked.txt", "symbolic"),
        ("results.texas42.json", "results", None),  # the record would overwrite it
        ("results.texas42.sums", "results", None),  # and the sums
        ("results.texas42.lock", "results", None),  # and the lock be removed
    ],
)
def test_out_cannot_be_the_hands_file(
    tmp_path: Path, hands_name: str, out_name: str, link: str | None
) -> None:
    hands = tmp_path / hands_name
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n")
    if link == "hard":
        os.link(hands, tmp_path / out_name)
    elif link == "symbolic":
        (tmp_path / out_name).symlink_to(hands)
    result = invoke("analyze", "--file", str(hands), "--out", str(tmp_path / out_name), "-n", "20")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and "is the hands file" in result.stderr
    assert hands.read_text() == "a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n"


def test_unreachable_scheduler_is_a_one_line_error_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = invoke(*RUN, "--json", "--cluster", "tcp://127.0.0.1:1", "--out", str(out))
    assert result.exit_code == 2 and result.stdout == ""
    # refused at once by the system, where Dask would retry until its timeout
    assert result.stderr == (
        "texas42: error: --cluster: cannot reach the scheduler at tcp://127.0.0.1:1: Connection refused\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("address", "said"),
    [
        (
            "tcp://localhost:99999",
            "the scheduler's port is a number from 1 to 65535, got 'tcp://localhost:99999'",
        ),
        ("tcp://127.0.0.1:-1", "the scheduler's port is a number from 1 to 65535"),
        ("host:0", "the scheduler's port is a number from 1 to 65535, got 'host:0'"),
        ("tcp://127.0.0.1:abc", "the scheduler's port is a number from 1 to 65535"),
        ("tcp://:8786", "the scheduler's address names no host, got 'tcp://:8786'"),
    ],
)
def test_an_address_that_cannot_be_a_scheduler_s_is_refused_unsolved(
    address: str, said: str, no_solving: None
) -> None:
    result = invoke(*RUN, "--cluster", address)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"texas42: error: --cluster: {said}") and result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        (b"", "no answer as a Dask scheduler within 5 s"),
        (b"SSH-2.0-OpenSSH_9.0\r\n" * 4, "does not answer as"),
    ],
)
def test_a_server_that_is_not_a_scheduler_is_a_one_line_error(
    tmp_path: Path, answer: bytes, said: str
) -> None:
    """A port that takes the connection but is no scheduler (a dashboard's, another
    service's) is refused within the timeout, in one line: it hung, or gave a traceback."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            held.append(connection)
            connection.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
    try:
        start = time.monotonic()
        result = invoke(*RUN, "--json", "--cluster", address, "--out", str(tmp_path / "out.jsonl"))
        # Not a measure of speed: the fault was a wait without end, so only a generous
        # guard against that (the command gives up after batch.CONNECT_TIMEOUT).
        assert time.monotonic() - start < HANG_GUARD
    finally:
        server.close()
        for connection in held:
            connection.close()
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"texas42: error: --cluster: cannot reach the scheduler at {address}: ")
    assert said in result.stderr and result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--cluster", "local:0"), "local:N"),
        (("--cluster", "nowhere"), "scheduler address"),
        (("--cluster", "tls://127.0.0.1:1"), "--cluster: a scheduler is reached over tcp://"),
        (("--cluster", "ucx://127.0.0.1:1"), "got 'ucx://127.0.0.1:1'"),
        (("--resume",), "--resume needs --out"),
        (("--out", "-"), "--out takes a file's path; without --out the results go to stdout"),
    ],
)
def test_bad_cluster_options(args: tuple[str, ...], message: str) -> None:
    result = invoke(*RUN, *args)
    assert result.exit_code == 2 and message in result.stderr and result.stderr.count("\n") == 1


def test_cluster_needs_a_file() -> None:
    result = invoke("analyze", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "--cluster", "local")
    assert result.exit_code == 2 and "--file" in result.stderr


def test_without_dask_cluster_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "dask_installed", lambda: False)
    result = invoke(*RUN, "--cluster", "local")
    assert result.exit_code == 2
    assert "pip install 'texas42[dask]'" in result.stderr and result.stderr.count("\n") == 1


def test_a_broken_dask_install_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found (``find_spec``) but failing to import, as when dask and distributed do not match."""
    monkeypatch.setattr(batch, "dask_installed", lambda: True)
    monkeypatch.setitem(sys.modules, "distributed", None)  # importing it raises ImportError
    result = invoke(*RUN, "--cluster", "local")
    assert (result.exit_code, result.stdout, result.stderr.count("\n")) == (2, "", 1)
    assert "--cluster: Dask cannot be imported (import of distributed halted" in result.stderr


def test_plain_runs_do_not_import_dask() -> None:
    code = "import sys, texas42.cli.analyze, texas42.cli.solve; print('distributed' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


@pytest.mark.filterwarnings("ignore:Port 8787 is already in use")  # the module's cluster holds it
def test_a_scheduler_without_workers_is_said_to_be_waited_on(tmp_path: Path) -> None:
    """A scheduler with no worker yet: the batch says it waits (it waited in silence),
    then runs once a worker comes."""
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n")
    with distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=":0") as empty:
        command = [sys.executable, "-m", "texas42", "analyze", "--file", str(hands), "-n", "20", "--json"]
        process = subprocess.Popen(
            [*command, "--cluster", empty.scheduler_address], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert process.stderr is not None
        said = process.stderr.readline().decode()
        empty.scale(1)
        stdout, stderr = process.communicate(timeout=120)
    assert said == (
        f"texas42: the scheduler at {empty.scheduler_address} has no workers yet: the hands wait for one "
        "(Ctrl-C stops)\n"
    )
    assert process.returncode == 0 and stderr == b"" and len(stdout.splitlines()) == 1


def test_local_workers_share_the_cores_unless_threads_are_given(monkeypatch: pytest.MonkeyPatch) -> None:
    """``analyze`` and ``solve`` alike: every worker on every core only made them wait on
    each other (``solve --file --cluster local:2`` took twice as long as in-process)."""
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert batch.job_threads(batch.Cluster(None, 2), None) == 4
    assert batch.job_threads(batch.Cluster(None, 3), None) == 2
    assert batch.job_threads(batch.Cluster(None, 16), None) == 1
    assert batch.job_threads(batch.Cluster(None), None) == 1  # one worker a core
    assert batch.job_threads(batch.Cluster(None, 2), 3) == 3
    assert batch.job_threads(batch.Cluster("tcp://127.0.0.1:8786"), None) is None
    assert batch.job_threads(None, None) is None


def test_solve_file_on_the_cluster_is_identical(cluster: Any, tmp_path: Path) -> None:
    deals_file = ROOT / "tests" / "data" / "deals.txt"
    deals = [line for line in deals_file.read_text().splitlines() if "/" in line]
    path = tmp_path / "deals.txt"
    path.write_text("\n".join(deals * (70 // len(deals))) + "\n")  # two chunks of deals
    for file, flags in ((path, ("--json", "--no-specials")), (deals_file, ("--trump", "fives", "--line"))):
        args = ("solve", "--file", str(file), "--threads", "1", *flags)
        assert ok(*args, "--cluster", cluster.scheduler_address) == ok(*args)


def test_a_job_that_keeps_failing_stops_the_batch_with_one_line(cluster: Any) -> None:
    """A job that fails on every try (here ``int("x")``) ends the batch with BatchFailed,
    after the results before it were written; the command line makes it one line, exit 1."""
    written: list[tuple[int, Any]] = []
    with (
        distributed.Client(cluster) as client,
        pytest.raises(batch.BatchFailed, match=r"^job 2 failed on the cluster after 3 retries"),
    ):
        batch.run_in_order(int, [("7",), ("x",), ("9",)], lambda i, r: written.append((i, r)), client=client)
    assert written == [(0, 7)]


def test_bad_input_on_the_cluster_is_refused_without_running_again(cluster: Any) -> None:
    """A job's bad input (a ``Texas42Error``) comes back as it is, run once: Dask would
    run a task that raises again (``RETRIES``), only to refuse it again."""
    log = cluster.scheduler.transition_log
    before = len(log)
    with distributed.Client(cluster) as client, pytest.raises(HandSizeError, match="got 2: 6-6 6-5"):
        batch.run_in_order(parse_hand, [("6-6 6-5",)], lambda i, r: None, client=client)
    started = [t for t in list(log)[before:] if str(t[0]).startswith("run_locked") and t[2] == "processing"]
    assert len(started) == 1


def _local_cluster_batch(out: Path, own_group: bool = True) -> subprocess.Popen[bytes]:
    """``analyze`` of the hands file into ``out`` on a local cluster of two workers, as a
    real process (``own_group``: in a process group of its own, as a terminal's job is)."""
    command = [sys.executable, "-m", "texas42", *RUN[:3], "--seed", "1", "--deals", "300", "--json"]
    return subprocess.Popen(
        [*command, "--out", str(out), "--cluster", "local:2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=own_group,
    )


def test_ctrl_c_stops_a_local_cluster_s_batch_with_one_line(tmp_path: Path) -> None:
    """A terminal's Ctrl-C reaches every process of the command, the local cluster's
    workers too: only the command answers, with its one line, and the workers end."""
    out = tmp_path / "out.jsonl"
    process = _local_cluster_batch(out)
    deadline = time.monotonic() + 120
    while not (out.exists() and out.read_text().count("\n") >= 1) and time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    lines = out.read_text().splitlines(keepends=True)
    assert process.returncode == 130 and stdout == b""
    assert stderr.decode().startswith(f"texas42: interrupted after {len(lines)} of {len(HANDS_LINES)} hands")
    assert stderr.count(b"\n") == 1 and all(line.endswith("}\n") for line in lines)


def test_resume_of_a_file_not_made_yet_says_it_starts_afresh(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n")
    out = tmp_path / "out.jsonl"
    result = invoke(
        "analyze", "--file", str(hands), "-n", "20", "-s", "1", "--json", "--out", str(out), "--resume"
    )
    assert result.exit_code == 0 and result.stdout == ""
    assert result.stderr == f"texas42: --resume: {out} holds nothing yet: starting from the first hand\n"
    assert len(out.read_text().splitlines()) == 1


def test_wide_names_keep_the_summary_s_columns_and_resume(tmp_path: Path) -> None:
    """A name of wide characters (two terminal cells each) is padded by cells, not by
    characters: its row's line number stands under the header's, as a narrow name's."""
    hands = tmp_path / "hands.txt"
    hands.write_text("漢字の手です: 6-6 6-5 6-4 6-2 5-5 4-4 3-1\nab: 6-4 5-5 5-2 4-3 4-2 3-2 3-1\n")
    out = tmp_path / "out.txt"
    run = ("analyze", "--file", str(hands), "-n", "20", "-s", "1", "-j", "1", "--out", str(out))
    assert ok(*run) == "" and ok(*run, "--resume") == ""
    header, wide, narrow = out.read_text().splitlines()[1:4]
    ends = [
        cell_len(row[: row.index(mark) + len(mark)])
        for row, mark in ((header, "line"), (wide, "1"), (narrow, "2"))
    ]
    assert ends[0] == ends[1] == ends[2] and wide.startswith("漢字の手です ")


def test_ctrl_c_before_the_output_is_made_names_no_file_to_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    @contextmanager
    def interrupted(_: object) -> Iterator[None]:
        raise KeyboardInterrupt
        yield  # pragma: no cover

    monkeypatch.setattr(many, "connected", interrupted)
    out = tmp_path / "out.jsonl"
    result = invoke(*RUN, "--json", "--out", str(out))
    assert result.exit_code == 130 and not out.exists()
    assert result.stderr == f"texas42: interrupted after 0 of {len(HANDS_LINES)} hands\n"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the workers in Linux's /proc")
def test_ctrl_c_while_a_local_cluster_starts_stops_it_at_once(tmp_path: Path) -> None:
    """A terminal's Ctrl-C as the local cluster's workers start (it was lost: the command
    ignored Ctrl-C while they started, and ran on to the end) stops the batch with its
    one line, and the cluster's processes end with it."""
    out = tmp_path / "out.jsonl"
    process = _local_cluster_batch(out)
    deadline = time.monotonic() + 120
    hosts: list[str] = []
    while not (hosts and _children(int(hosts[0]))) and time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        hosts = _children(process.pid)
        time.sleep(0.02)
    workers = _children(int(hosts[0]))
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130 and stdout == b"" and not (out.exists() and out.read_text())
    again = f"; --resume carries on in {out}" if out.exists() else ""  # none made yet: none named
    assert stderr.decode() == f"texas42: interrupted after 0 of {len(HANDS_LINES)} hands{again}\n"
    deadline = time.monotonic() + 60
    while any(Path(f"/proc/{pid}").exists() for pid in [*hosts, *workers]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(Path(f"/proc/{pid}").exists() for pid in [*hosts, *workers])


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="finds the workers in Linux's /proc")
def test_sigterm_while_a_local_cluster_starts_stops_it_with_one_line(tmp_path: Path) -> None:
    """A SIGTERM as the local cluster's host appears (it printed Dask's traceback of a
    cluster shut down half made, and no count) stops the batch as a Ctrl-C does."""
    out = tmp_path / "out.jsonl"
    process = _local_cluster_batch(out, own_group=False)
    deadline = time.monotonic() + 120
    while not _children(process.pid) and time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130 and stdout == b""
    assert stderr.decode().startswith("texas42: interrupted after ") and stderr.count(b"\n") == 1, stderr


def _children(pid: int) -> list[str]:
    """The processes ``pid`` started (from Linux's /proc)."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    found = []
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                found += handle.read().split()
        except OSError:
            pass
    return found


def test_sigterm_stops_a_batch_as_ctrl_c_does(tmp_path: Path) -> None:
    """A batch scheduler's SIGTERM: the finished hands are kept and the command says so."""
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "texas42", *RUN[:3], "--seed", "1", "--deals", "300", "--json"]
    process = subprocess.Popen([*command, "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not (out.exists() and out.read_text().count("\n") >= 1) and time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        time.sleep(0.2)
    process.send_signal(signal.SIGTERM)
    stdout, stderr = process.communicate(timeout=60)
    lines = out.read_text().splitlines(keepends=True)
    assert process.returncode == 130 and stdout == b""
    said = f"texas42: interrupted after {len(lines)} of {len(HANDS_LINES)} hands"
    assert stderr.decode() == f"{said}; --resume carries on in {out}\n"


def test_an_earlier_run_s_results_are_not_overwritten_without_resume(tmp_path: Path) -> None:
    """Run again without --resume on an output that holds results, the command is refused
    in one line and the results stay, and so does a file of the user's (no record); an
    empty output is written."""
    subset = tmp_path / "hands.txt"
    subset.write_text("a: 6-6 6-5 6-4 6-3 6-2 6-1 6-0\n")
    out = tmp_path / "out.txt"
    base = ("analyze", "--file", str(subset), "--out", str(out), "--seed", "1", "--deals", "20")
    assert ok(*base) == ""
    before = out.read_bytes()
    again = invoke(*base)
    assert (again.exit_code, again.stdout) == (2, "")
    assert again.stderr == (
        f"texas42: error: --out: {out} holds the results of an earlier run ({out}.texas42.json): "
        "--resume carries it on; remove it to start again\n"
    )
    assert out.read_bytes() == before
    out.write_text("")  # emptied: nothing to lose
    assert ok(*base) == "" and out.read_bytes() == before
    mine = tmp_path / "notes.txt"
    mine.write_text("my notes\n")
    refused = invoke(*base[:4], str(mine), *base[5:])
    assert (refused.exit_code, refused.stdout) == (2, "")
    assert refused.stderr == (
        f"texas42: error: --out: {mine} already holds something, not the results of a run of texas42 "
        f"(it has no record, {mine}.texas42.json): remove it or choose another path\n"
    )
    assert mine.read_text() == "my notes\n" and not (tmp_path / "notes.txt.texas42.json").exists()


@pytest.mark.parametrize(
    ("written", "cluster"),
    [
        ("local", batch.Cluster(None)),
        ("LOCAL:2", batch.Cluster(None, 2)),
        (" Local:3 ", batch.Cluster(None, 3)),
        ("tcp://Scheduler:8786", batch.Cluster("tcp://Scheduler:8786")),
        ("[::1]:8786", batch.Cluster("[::1]:8786")),
    ],
)
def test_cluster_words_are_taken_in_any_case(written: str, cluster: batch.Cluster) -> None:
    assert batch.parse_cluster(written) == cluster


def test_resume_names_changed_constraints_and_hands_as_the_options_write_them(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("a: 6-4 5-5 5-2 4-3 4-2 3-2 3-1\n")
    out = tmp_path / "out.jsonl"
    base = ("analyze", "--file", str(hands), "-n", "20", "--seed", "1", "--json", "--out", str(out))
    assert ok(*base, "--lacks", "1: 6-6") == ""
    result = invoke(*base, "--holds", "2: 6-6 6-5", "--resume")
    assert result.exit_code == 2
    said = "--holds/--lacks lacks 1: 6-6 (now holds 2: 6-6 6-5)"
    assert result.stderr.strip().endswith(f"was made with other settings: {said}"), result.stderr
    hands.write_text("a: 6-4 5-5 5-2 4-3 4-2 3-2 3-0\n")
    result = invoke(*base, "--lacks", "1: 6-6", "--resume")
    assert result.stderr.strip().endswith("was made with other settings: the hands file (changed since)")
