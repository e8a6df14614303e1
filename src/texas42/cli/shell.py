"""``texas42 shell``: texas42 commands one a line, at a prompt or from a file, in one
process, so that the solvers load once rather than once a command."""

from __future__ import annotations

import gc
import itertools
import shlex
import sys
from collections.abc import Iterable, Iterator
from contextlib import suppress
from functools import cache
from typing import Final

import typer

from texas42.cli.app import Commands, app, errors_at, interrupt_told, print_error
from texas42.io.files import read_lines

SHELL_HELP = """
Many commands, one start. Reads texas42 commands one a line, as they would follow
'texas42' on the command line, and runs each in this one process: the command line,
Numba and the solvers load for the first command only, so each later command saves
most of a second of start-up ('solve' of a deal then answers in well under a tenth of
a second). Every command but 'follow', which reads its own entries.

Run at a terminal ('texas42 shell'), it prompts 'texas42> ': 'help' lists the
commands, 'help play' shows one's help, 'exit', 'quit' or Ctrl-D ends; an error is
reported and the next command awaited; Ctrl-C stops the command running (at the
prompt, it drops the line typed).

From a file or a pipe it runs the lines in order and prints what each prints, as if
each had been run on its own. Blank lines and lines starting with '#' are skipped, a
line may start with 'texas42', and a line 'exit' or 'quit' ends the file there (the lines
after it are not read). Each line is first checked as its command checks its
input, up to where it would compute: lines that cannot be commands, or whose input is
bad (an unknown command or option, a bad value or domino, options that do not go
together, an unclosed quote), stop it before anything runs, each named by its number; a
command that fails while computing stops it there, with that command's error (naming
the line) and exit status; what the lines before it printed stands.

\b
Examples:
  texas42 shell < examples/commands.txt
  texas42 shell < my_session.txt > answers.txt
"""

PROMPT: Final = "texas42> "
ENDS: Final = frozenset({"exit", "quit"})
TOP_OPTIONS: Final = frozenset({"--help", "-h", "--version"})
OUTSIDE: Final = frozenset({"shell", "follow"})
"""The commands that read stdin themselves: run on their own, not in the shell."""


@cache
def _commands() -> Commands:
    group = typer.main.get_command(app)
    assert isinstance(group, Commands)
    return group


def command_words(line: str) -> list[str] | None:
    """The command line's words for one line of input (``texas42 <words>``), or None for
    a line with nothing to run; a ``ValueError`` for a line that cannot be a command."""
    try:
        words = shlex.split(line, comments=True)
    except ValueError as error:
        raise ValueError(f"{str(error).lower()}: {line.strip()}") from None
    if words == ["texas42"]:
        raise ValueError("'texas42' alone is no command: 'help' lists them")
    if words[:1] == ["texas42"]:
        words = words[1:]
    if not words:
        return None
    if words[0].lower() in ENDS:  # as follow's, in any case
        words[0] = words[0].lower()
    if (words[0] in ENDS or words[0] in TOP_OPTIONS) and len(words) > 1:
        raise ValueError(f"{words[0]!r} takes nothing after it, got {words[1]!r}")
    if words[0] == "help" and len(words) > 2:
        raise ValueError(f"'help' takes one command at most, got {words[2]!r} after {words[1]!r}")
    commands = set(_commands().commands) - OUTSIDE
    if words[0] == "help":
        if len(words) > 1 and words[1] in OUTSIDE:
            raise ValueError(
                f"'{words[1]}' runs only on its own, outside the shell: 'texas42 {words[1]} --help'"
            )
        if len(words) > 1 and words[1] not in commands:
            raise ValueError(f"no such command: {words[1]!r} (texas42 {', '.join(sorted(commands))})")
        return [*words[1:2], "--help"]
    name = words[0]
    if name.startswith("-") and name not in TOP_OPTIONS:
        raise ValueError(f"no such option: {name!r} (a line starts with a command, or --help, --version)")
    if name == "shell":
        raise ValueError("already in the shell: 'shell' cannot start another")
    if name == "follow":
        raise ValueError(
            "'follow' reads its own entries: run it on its own, not in the shell (its help: "
            "'texas42 follow --help')"
        )
    if name not in commands and name not in ENDS and name not in TOP_OPTIONS:
        raise ValueError(f"no such command: {name!r} (texas42 {', '.join(sorted(commands))})")
    if any(word in ("--file", "-f") and after == "-" for word, after in itertools.pairwise(words)):
        raise ValueError("--file - reads stdin, the shell's own input: give the file's path")
    return words


def run_command(words: list[str]) -> int:
    """Run ``texas42 <words>`` in this process; its exit status."""
    try:
        _commands().main(args=words, prog_name="texas42")
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    finally:
        # What the command loaded (Numba's large graph of objects, once) is kept: out of
        # the garbage collector's way, which would walk it again at every full collection.
        gc.freeze()
    return 0


def run_file(lines: Iterable[str]) -> int:
    """Run every command of ``lines`` in order, up to an 'exit' or 'quit' (the lines after
    it are not read), after checking that each line is one (else every bad line is
    reported and nothing runs, status 2); stop at the first command that fails, with its
    status."""
    checked: list[tuple[int, list[str]]] = []
    bad = False
    for number, line in enumerate(lines, start=1):
        try:
            words = command_words(line)
        except ValueError as error:
            print_error(f"line {number}: {error}")
            bad = True
            continue
        if words is not None and words[0] in ENDS:
            break
        if words is not None:
            checked.append((number, words))
            bad = not _parses(number, words) or bad
    if bad:
        return 2
    for number, words in checked:
        with errors_at(f"line {number}: "):
            status = run_command(words)
        if status != 0:
            return status
    return 0


def _parses(number: int, words: list[str]) -> bool:
    """Whether line ``number``'s input is good, checked as its command checks it before
    computing (``Commands.check_args``; else its error is reported, naming the line)."""
    if words[0] in TOP_OPTIONS:
        return True  # nothing to parse
    with errors_at(f"line {number}: "):
        try:
            _commands().check_args(words)
        except SystemExit:
            return False
    return True


def _typed_lines() -> Iterator[str]:
    """Lines typed at the prompt, until 'exit', 'quit' or Ctrl-D; Ctrl-C drops the line."""
    with suppress(ImportError):  # not on every platform
        import readline  # noqa: F401  (line editing and history for input())
    aside = not sys.stdout.isatty()  # output to a file or a pipe: the prompt stays on the terminal
    while True:
        try:
            if aside:
                sys.stderr.write(PROMPT)
                sys.stderr.flush()
            yield input("" if aside else PROMPT)
        except KeyboardInterrupt:
            typer.echo("", err=True)
        except EOFError:
            typer.echo("", err=True)
            return


def run_prompt(lines: Iterable[str]) -> int:
    """Run each typed line as it comes, reporting errors and going on; status 0."""
    for line in lines:
        try:
            words = command_words(line)
        except ValueError as error:
            print_error(str(error))
            continue
        if words is None:
            continue
        if words[0] in ENDS:
            break
        interrupt_told()  # forgets what an earlier command said
        try:
            status = run_command(words)
        except KeyboardInterrupt:
            status = 130
        if status == 130 and not interrupt_told():  # stopped by Ctrl-C, said by none but a batch
            typer.echo("Interrupted.", err=True)
    return 0


@app.command(help=SHELL_HELP, short_help="Many commands, one start: a prompt, or commands from a file.")
def shell() -> None:
    """texas42 commands one a line, at a prompt or from stdin."""
    if sys.stdin.isatty():
        typer.echo(
            "texas42 shell: a command a line, as after 'texas42'; 'help' lists them, 'exit' ends.", err=True
        )
        status = run_prompt(_typed_lines())
    else:
        status = run_file(read_lines("-"))  # all of it, without a byte-order mark
    raise typer.Exit(status)
