"""``texas42 shell``: commands one a line in one process, each printing what it prints
on its own; and solver threads that stop when a command is interrupted."""

from __future__ import annotations

import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
import typer

from cli_runner import invoke
from texas42 import analysis, deal, engine
from texas42.cli import shell
from texas42.cli.app import interrupted
from texas42.cli.shell import _commands, command_words, run_prompt
from texas42.engine import running
from texas42.errors import AnalysisError
from texas42.rules import parse_hand

ROOT = Path(__file__).resolve().parents[1]
DEAL = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
)
HAND = "6-4 5-5 4-2 3-1 2-0 1-1 0-0"
DOUBLES = "6-6 5-5 4-4 3-3 2-2 1-1 2-0"  # five doubles: no partner of this hand can splash
SOLVE = ["solve", "--trump", "sixes", DEAL]
QUICK = ["quick", "--json", HAND]
ANALYZE = ["analyze", "--seed", "5", "--deals", "40", "--no-specials", HAND]


def line(words: list[str]) -> str:
    return shlex.join(words) + "\n"


def test_each_line_prints_what_the_command_prints_alone() -> None:
    alone = [invoke(*words) for words in (SOLVE, QUICK, ANALYZE)]
    assert all(r.exit_code == 0 for r in alone)
    text = "# a session\n\n" + line(SOLVE) + "texas42 " + line(QUICK) + "   " + line(ANALYZE)
    result = invoke("shell", input=text)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "".join(r.stdout for r in alone)
    assert result.stderr == ""


def test_a_byte_order_mark_before_the_first_line_is_not_part_of_it() -> None:
    result = invoke("shell", input="\ufeff" + line(QUICK))
    assert (result.exit_code, result.stdout) == (0, invoke(*QUICK).stdout)


def test_exit_ends_the_input() -> None:
    """'exit' or 'quit', in any case, ends the input: the lines after it are not read."""
    result = invoke("shell", input=line(QUICK) + "exit\n" + line(SOLVE))
    assert result.exit_code == 0
    for end in ("EXIT", "Quit"):
        ended = invoke("shell", input=line(QUICK) + f"{end}\nbogus\n")
        assert (ended.exit_code, ended.stderr) == (0, ""), end
        assert ended.stdout == invoke(*QUICK).stdout
    assert result.stdout == invoke(*QUICK).stdout


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("exit 3", "'exit' takes nothing after it, got '3'"),
        ("QUIT please", "'quit' takes nothing after it, got 'please'"),
        ("--version extra", "'--version' takes nothing after it, got 'extra'"),
        ("help play extra", "'help' takes one command at most, got 'extra' after 'play'"),
    ],
)
def test_words_after_a_word_that_takes_none_are_named(text: str, error: str) -> None:
    """'exit 3' would end with status 0 and never read its '3', nor check the lines after
    it: it is bad input, and so is anything after 'help COMMAND' or '--version'."""
    result = invoke("shell", input=f"{text}\nquick 7-1\n")
    assert (result.exit_code, result.stdout) == (2, "")
    second = "texas42: error: line 2: not a domino: '7-1' (pips run from 0 to 6)\n"
    assert result.stderr == f"texas42: error: line 1: {error}\n{second}"


def test_lines_that_cannot_be_commands_stop_it_before_anything_runs() -> None:
    text = line(QUICK) + 'analyse "6-4"\n' + line(SOLVE) + 'play "6-4 5-5\nshell\nhelp bogus\n-x\n'
    result = invoke("shell", input=text)
    assert result.exit_code == 2
    assert result.stdout == ""
    commands = "(texas42 analyze, bid, compare, deals, declare, play, quick, review, solve)"
    assert result.stderr.splitlines() == [
        f"texas42: error: line 2: no such command: 'analyse' {commands}",
        'texas42: error: line 4: no closing quotation: play "6-4 5-5',
        "texas42: error: line 5: already in the shell: 'shell' cannot start another",
        f"texas42: error: line 6: no such command: 'bogus' {commands}",
        "texas42: error: line 7: no such option: '-x' (a line starts with a command, or --help, --version)",
    ]
    outside = invoke("shell", input="help follow\nhelp shell\nfollow --help\n")
    assert outside.exit_code == 2 and outside.stderr.splitlines() == [
        "texas42: error: line 1: 'follow' runs only on its own, outside the shell: 'texas42 follow --help'",
        "texas42: error: line 2: 'shell' runs only on its own, outside the shell: 'texas42 shell --help'",
        "texas42: error: line 3: 'follow' reads its own entries: run it on its own, not in the shell (its "
        "help: 'texas42 follow --help')",
    ]
    asked = invoke("shell", input=line(QUICK) + " ".join(["quick", "--bogus", "--help"]) + "\n")
    assert asked.exit_code == 2 and asked.stdout == ""  # as texas42 quick --bogus --help: refused
    assert asked.stderr == "texas42: error: line 2: No such option: --bogus; see 'texas42 quick --help'\n"
    helped = invoke("shell", input="quick --help\nanalyze --deals x --help\n")  # as on their own
    assert helped.exit_code == 0 and helped.stdout.count("Usage: texas42") == 2
    stdin = invoke("shell", input="quick --file -\n\x00\n")
    assert stdin.stderr.splitlines() == [
        "texas42: error: line 1: --file - reads stdin, the shell's own input: give the file's path",
        f"texas42: error: line 2: no such command: '\\x00' {commands}",
    ]
    version = invoke("shell", input="--version\nhelp solve\n")
    assert version.exit_code == 0 and "Usage: texas42 solve" in version.stdout


def test_a_command_that_fails_stops_it_there_naming_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A command that fails while computing (here made to) stops the shell after the lines
    before it ran."""

    def failing(*args: object, **kwargs: object) -> None:
        raise AnalysisError("the analysis failed")

    monkeypatch.setattr(analysis.job, "analyze_hand", failing)  # where the job calls it
    result = invoke("shell", input=line(QUICK) + line(ANALYZE) + line(SOLVE))
    assert result.exit_code == 2
    assert result.stdout == invoke(*QUICK).stdout
    assert result.stderr == "texas42: error: line 2: the analysis failed\n"


def test_bad_dominoes_and_options_that_go_together_are_found_before_anything_runs() -> None:
    """Each line is checked as its command checks its input, up to where it computes: a
    bad domino, an option without the one it goes with, or constraints or an auction the
    hand contradicts, on any line stops the shell before the first line runs."""
    bad = [
        ["quick", "6-4 5-5 4-2 3-1 2-0 1-1 7-0"],
        ["analyze", HAND, "-n", "50", "--noise", "1"],
        ["analyze", HAND, "--worlds", "3"],
        ["deals", HAND, "--nello-doubles", "high"],
        ["analyze", "--file", str(ROOT / "examples" / "hands.txt"), "--json", "--out", "/dev/null"],
        ["compare", HAND, "fours", "fives", "--holds", "2: 6-4"],
        ["bid", HAND, "--lacks", "1: 6-4"],
        ["declare", HAND, "--bid", "30", "--holds", "1: 6-6 6-5 6-3 6-2 6-1 6-0 5-3 5-1"],
        ["compare", DOUBLES, "fours", "fives", "--auction", "splash pass"],
    ]
    result = invoke("shell", input=line(QUICK) + "".join(line(b) for b in bad) + line(SOLVE))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "texas42: error: line 2: not a domino: '7-0' (pips run from 0 to 6)",
        "texas42: error: line 3: --noise goes with --auction: how the bidders misjudge their hands",
        "texas42: error: line 4: --worlds goes with --realistic",
        "texas42: error: line 5: --nello-doubles: only with --auction, whose bidders weigh the special "
        "contracts",
        "texas42: error: line 6: --out: /dev/null is not a regular file",
        "texas42: error: line 7: --holds 2: 6-4: your own hand holds 6-4",
        "texas42: error: line 8: --lacks 1: 6-4: your own hand holds 6-4",
        "texas42: error: line 9: --holds 1: 6-6 6-5 6-3 6-2 6-1 6-0 5-3 5-1: seat 1 holds 8 dominoes, "
        "more than its 7",
        "texas42: error: line 10: --auction: the splash of seat 2 (your partner) needs 3 doubles or more, "
        "but no deal around your hand gives it that many",
    ]


def test_what_the_plays_the_bid_or_the_output_file_refuse_is_found_before_anything_runs(
    tmp_path: Path,
) -> None:
    """Errors found with the hand in play, the bid won, the plunge's doubles, or the
    output file and the run it would resume stop the shell before its first line runs;
    nothing is written."""
    hands = tmp_path / "hands.txt"
    hands.write_text(f"a: {HAND}\n")
    made = tmp_path / "made.txt"
    first = invoke("analyze", "--file", str(hands), "-n", "20", "--seed", "1", "--out", str(made))
    assert first.exit_code == 0
    before = sorted(tmp_path.iterdir())
    bad = [
        ["play", HAND, "-t", "fours", "--tricks", "6-6"],
        ["play", HAND, "-t", "nello", "--bid", "30"],
        ["review", HAND, "-t", "fours", "--auction", "pass 30 36 pass", "--bid", "37", "--tricks", "6-4"],
        ["declare", HAND, "--auction", "pass 30 36 pass", "--bid", "37"],
        ["deals", DOUBLES, "--auction", "plunge", "-n", "2"],
        ["analyze", "--file", str(hands), "--out", str(tmp_path / "no" / "out.txt")],
        ["analyze", "--file", str(hands), "--out", f"{made}.texas42.json"],
        ["analyze", "--file", str(hands), "-n", "30", "--out", str(made), "--resume"],
    ]
    result = invoke("shell", input=line(QUICK) + "".join(line(b) for b in bad))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "texas42: error: line 2: trick 1, seat 0 (you) played 6-6, which is not in your hand",
        "texas42: error: line 3: Nel-O is bid at 84 or more, not 30",
        "texas42: error: line 4: the bid 37 is not the auction's high bid (36): pass 30 36 pass",
        "texas42: error: line 5: --bid 37 is not the auction's high bid 36, which you won",
        "texas42: error: line 6: --auction: the plunge of seat 3 (your right opponent) needs 4 doubles or "
        "more, but no deal around your hand gives it that many",
        f"texas42: error: line 7: --out: cannot write {tmp_path}/no/out.txt: No such file or directory",
        f"texas42: error: line 8: --out: {made}.texas42.json is named as the record of the output {made}: "
        "choose another name",
        f"texas42: error: line 9: --resume: {made} was made with other settings: --deals 20 (now 30)",
    ]
    assert sorted(tmp_path.iterdir()) == before


GOOD_LINES = [
    SOLVE,
    QUICK,
    ANALYZE,
    ["bid", HAND, "-a", "pass 30", "-n", "20"],
    ["compare", HAND, "fours", "sixes", "-n", "20"],
    ["declare", HAND, "--bid", "30", "-n", "20"],
    ["play", HAND, "-t", "fours", "-n", "20"],
    ["review", HAND, "-t", "fours", "--tricks", "6-4", "-n", "20"],
    ["deals", HAND, "-n", "2"],
    ["deals", HAND, "--count"],
]


@pytest.mark.parametrize("words", GOOD_LINES, ids=lambda w: " ".join(w[:2]))
def test_checking_a_good_line_computes_nothing(
    words: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command stops its check where it would start computing (``inputs_checked``):
    nothing is solved or printed (a command that did not would fail the check)."""

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved while checking a line")

    for name in ("solve_deals", "play_values", "position_play_values", "solve_nello", "solve_sevens"):
        monkeypatch.setattr(engine, name, no_solving)
    assert {w[0] for w in GOOD_LINES} == set(_commands().commands) - {"shell", "follow"}
    _commands().check_args(words)
    assert capsys.readouterr() == ("", "")


def test_bad_options_and_values_stop_it_before_anything_runs() -> None:
    """Every line's options are parsed as its command parses them before any line runs."""
    bad = [["quick", "--bogus", HAND], ["solve", "--trump", "sevenses", DEAL], ["analyze", HAND, "-n", "x"]]
    result = invoke("shell", input=line(QUICK) + "".join(line(b) for b in bad) + line(SOLVE))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "texas42: error: line 2: No such option: --bogus; see 'texas42 quick --help'",
        "texas42: error: line 3: unknown trump or contract: 'sevenses' (one of blanks, aces, deuces, "
        "treys, fours, fives, sixes, doubles, follow-me, nello, sevens)",
        "texas42: error: line 4: --deals needs a whole number, got 'x'",
    ]


def test_help_lists_the_commands_and_shows_one() -> None:
    listed = invoke("shell", input="help\n")
    assert listed.exit_code == 0
    assert listed.stdout == invoke("--help").stdout
    checked = invoke("shell", input=f'play "{HAND}" -t sixes --bogus\n')  # parsed before anything runs
    assert checked.exit_code == 2 and checked.stdout == ""
    assert checked.stderr.startswith("texas42: error: line 1: No such option: --bogus")
    assert checked.stderr.count("\n") == 1
    one = invoke("shell", input="help play\n")
    assert one.stdout == invoke("play", "--help").stdout and "-h, --help" in one.stdout


def test_command_words() -> None:
    assert command_words("  # nothing\n") is None
    with pytest.raises(ValueError, match="'texas42' alone is no command: 'help' lists them"):
        command_words("texas42\n")  # as 'texas42' alone is a usage error
    assert command_words('texas42 quick "6-4 5-5" # a comment\n') == ["quick", "6-4 5-5"]
    assert command_words("help bid") == ["bid", "--help"]
    assert command_words("--version") == ["--version"]
    with pytest.raises(ValueError, match="no such command: 'exits'"):
        command_words("exits")


def test_at_the_prompt_an_error_is_reported_and_the_next_line_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    typed = ["analyse x", line(["quick", "6-4 5-5 4-2 3-1 2-0 1-1 7-0"]), line(QUICK), "quit", line(SOLVE)]
    assert run_prompt(typed) == 0
    out, err = capsys.readouterr()
    assert out == invoke(*QUICK).stdout
    assert err.splitlines() == [
        "texas42: error: no such command: 'analyse' (texas42 analyze, bid, compare, deals, declare, "
        "play, quick, review, solve)",
        "texas42: error: not a domino: '7-0' (pips run from 0 to 6)",
    ]


def test_at_the_prompt_a_command_stopped_by_ctrl_c_is_said_to_be(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command stopped by Ctrl-C returns 130 (or raises): the prompt says so and goes on."""
    stopped = iter([130, 0])
    monkeypatch.setattr(shell, "run_command", lambda words: next(stopped))
    assert run_prompt([line(QUICK), line(QUICK)]) == 0
    assert capsys.readouterr().err == "Interrupted.\n"


def test_at_the_prompt_a_batch_that_said_how_far_it_got_is_not_said_interrupted_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def batch(words: list[str]) -> int:
        try:
            interrupted("interrupted after 5 of 12 hands")
        except typer.Exit as stopped:
            return stopped.exit_code
        return 0

    monkeypatch.setattr(shell, "run_command", batch)
    assert run_prompt([line(QUICK)]) == 0
    assert capsys.readouterr().err == "texas42: interrupted after 5 of 12 hands\n"


def test_the_prompt_goes_to_the_terminal_when_the_output_does_not(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``texas42 shell > out.txt`` at a terminal: the prompt is on stderr, not in the file."""
    typed = ["quick x", "exit"]
    asked: list[str] = []

    def typing(prompt: str = "") -> str:
        asked.append(prompt)
        if not typed:
            raise EOFError
        return typed.pop(0)

    monkeypatch.setattr("builtins.input", typing)
    assert list(shell._typed_lines()) == ["quick x", "exit"]
    out, err = capsys.readouterr()
    assert out == "" and err == 3 * shell.PROMPT + "\n" and set(asked) == {""}


def test_the_shell_in_a_real_process() -> None:
    text = line(SOLVE) + line(QUICK)
    run = subprocess.run(
        [sys.executable, "-m", "texas42", "shell"], input=text, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == invoke(*SOLVE).stdout + invoke(*QUICK).stdout


def _once_solving(act: Callable[..., object], *args: object) -> None:
    """``act(*args)`` once a batch has claimed its deals (``running._CLAIMED``): then it
    has something to stop, whatever the machine's speed."""
    deadline = time.monotonic() + 60  # against a hang only
    while not running._CLAIMED and time.monotonic() < deadline:
        time.sleep(0.001)
    act(*args)


@pytest.mark.parametrize("with_progress", [False, True])
def test_an_interrupted_batch_stops_its_solver_threads(with_progress: bool) -> None:
    """Ctrl-C (SIGINT) in the middle of a long batch: the call raises KeyboardInterrupt
    at once and leaves no solver thread running; the next batch solves as before."""
    hand = parse_hand(HAND)
    deals, _ = deal.deal_around(hand, 20_000, deal.generators(1)[0])
    before = engine.solve_deals(deals[:50])
    solved: list[int] = []
    progress = {"on_progress": solved.append} if with_progress else {}
    # Ctrl-C as a terminal sends it, to the main thread, with Python's own handler (a test
    # before this one in the same worker process may have left another).
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    main = threading.main_thread().ident
    assert main is not None and threading.get_ident() == main
    threading.Thread(target=_once_solving, args=(signal.pthread_kill, main, signal.SIGINT)).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            engine.solve_deals(deals, **progress)  # about 50 s of solving on two cores
    finally:
        signal.signal(signal.SIGINT, handler)
    assert sum(solved) < deals.shape[0] * 9 // 10  # stopped, not run to the end
    assert not [t for t in threading.enumerate() if t.name == "texas42-solver"]
    assert not running._CLAIMED
    again = engine.solve_deals(deals[:50])
    assert np.array_equal(again.points, before.points)
    assert np.array_equal(again.nodes, before.nodes)


def test_an_interrupt_while_progress_is_reported_stops_the_batch() -> None:
    """Ctrl-C may land anywhere in the calling thread, here in the progress callback (as
    while a progress bar draws): the batch still stops, its threads are waited for, and
    a batch started by a thread of an interrupted caller stops at once."""
    hand = parse_hand(HAND)
    deals, _ = deal.deal_around(hand, 20_000, deal.generators(4)[0])

    def interrupted(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        engine.solve_deals(deals, on_progress=interrupted)  # about 50 s of solving on two cores
    assert not [t for t in threading.enumerate() if t.name == "texas42-solver"]
    assert not running._CLAIMED and not running._STOPPING.is_set()
    running._STOPPING.set()
    try:
        with pytest.raises(KeyboardInterrupt):
            engine.solve_deals(deals[:2_000])
    finally:
        running._STOPPING.clear()
    assert engine.solve_deals(deals[:20]).points.shape == (20, 9)


def test_a_small_batch_on_one_thread_is_solved_by_the_calling_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Up to ``DIRECT_CHUNKS`` chunks on one thread start no solver thread (the playouts'
    many small batches), with the values and nodes of two threads; more chunks do."""
    hand = parse_hand(HAND)
    deals, _ = deal.deal_around(hand, 60, deal.generators(3)[0])
    small = engine.SOLVE_CHUNK * running.DIRECT_CHUNKS // 9  # nine declarations a deal
    two = engine.solve_deals(deals, threads=2)
    started: list[object] = []
    start = running._solver_threads
    monkeypatch.setattr(
        running, "_solver_threads", lambda runs, errors: started.extend(runs) or start(runs, errors)
    )
    one = engine.solve_deals(deals[:small], threads=1)
    assert not started
    assert np.array_equal(one.points, two.points[:small]) and np.array_equal(one.nodes, two.nodes[:small])
    engine.solve_deals(deals, threads=1)
    assert len(started) == 1


def test_stop_solving_makes_a_running_batch_raise_rather_than_return_part() -> None:
    hand = parse_hand(HAND)
    deals, _ = deal.deal_around(hand, 20_000, deal.generators(2)[0])
    engine.solve_deals(deals[:20])
    raised: list[BaseException] = []

    def solve() -> None:
        try:
            engine.solve_deals(deals)
        except BaseException as error:
            raised.append(error)

    solver = threading.Thread(target=solve)
    solver.start()
    _once_solving(running.stop_solving)
    solver.join(60)
    assert not solver.is_alive()
    assert [type(e) for e in raised] == [KeyboardInterrupt]


def test_the_readme_shows_what_the_shell_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's excerpt of ``texas42 shell < examples/commands.txt`` (its lines in
    order) and its error line."""
    monkeypatch.setenv("COLUMNS", "80")
    readme = (ROOT / "README.md").read_text()
    example = readme.split("$ texas42 shell < examples/commands.txt\n", 1)[1].split("```", 1)[0]
    result = invoke("shell", input=(ROOT / "examples" / "commands.txt").read_text())
    assert result.exit_code == 0, result.stderr
    printed = iter(line.rstrip() for line in result.stdout.splitlines())
    shown = [line.rstrip() for line in example.splitlines() if line != "..."]
    assert len(shown) > 10 and all(line in printed for line in shown)
    error = readme.split("| texas42 shell\n", 1)[1].split("\n", 1)[0]
    bad = invoke("shell", input=f'{line(["quick", HAND])}analyse "{HAND}"\n')
    assert (bad.exit_code, bad.stdout, bad.stderr) == (2, "", error + "\n")
