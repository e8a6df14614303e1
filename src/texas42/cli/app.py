"""The ``texas42`` application: the Typer app, its help, and the one place that turns bad
input into one line on stderr and exit status 2."""

from __future__ import annotations

import errno
import gc
import io
import os
import re
import shlex
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from contextvars import ContextVar
from typing import Annotated, Any, Final, NoReturn

import typer
from typer.core import TyperGroup

from texas42 import __version__
from texas42.cli.terminal import columns_taken
from texas42.errors import InputFileError, PackageDataError, Texas42Error, UsageError
from texas42.io.batch import BatchFailed

EXAMPLE_HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"

EXAMPLE_DEAL = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
)

APP_HELP = f"""
What is a Texas 42 hand worth? texas42 solves deals double-dummy: all four hands
visible, every player playing perfectly, the bidder's team taking as many of the
42 points (1 a trick plus the count) as it can and the other team as few.

\b
Notation:
  domino  two pips 0..6, either end first: 6-4, 4-6, 64 and 46 are the same
          domino (blanks are 0, so 6-0 or 60).
  hand    7 dominoes separated by spaces or commas:
          "6-4 5-5 5-2 4-3 4-2 3-2 3-1".
  deal    four hands separated by '/', seat 0 first: "H0 / H1 / H2 / H3".
  seats   0, 1, 2, 3 in playing order (clockwise); seats 0 and 2 are partners
          against seats 1 and 3. The bidder declares trump and leads the first
          trick.
  trump   blanks, aces, deuces, treys, fours, fives, sixes (or 0..6), doubles,
          follow-me (no trump).

Hand analysis: you are seat 0 and hold the hand; the 21 unseen dominoes are dealt
to the other three seats many times at random, every deal is solved for every
declaration, and the odds say how often your team (you and your partner, seat 2)
makes each bid. Solved odds are double-dummy: every seat plays perfectly and
sees all hands. Beside them, realistic odds (what players who see only their own
dominoes make) are estimated by a calibration, or played out with --realistic; the
advice of analyze, bid, declare and quick rests on them unless --basis double-dummy;
play and review --realistic play the hand out after each of your plays (review your
call and declaration too), follow --realistic at each of your turns. The same --seed
gives the same figures, whatever the number of threads.

Special contracts: Nel-O (you must lose every trick, partner sits out), sevens
(closest pip total to 7 wins each trick; your team must take all 7), plunge (4+
doubles) and splash (3+ doubles: partner names trump and leads; all 7 tricks).
analyze, bid, compare and quick report them next to the trumps (solve: Nel-O and
sevens; declare: Nel-O and sevens, when the bid won allows them); play and review
advise the play of Nel-O and sevens (--trump nello, --trump sevens).

\b
House rules and settings: options, or keys of a [tool.texas42] table in
texas42.toml or pyproject.toml in the working directory (the option wins):
  --nello-doubles own-suit|high|low  key nello-doubles (default own-suit):
                                     solve, analyze, bid, declare, compare,
                                     quick, play, review, follow, deals
                                     (with --auction)
  --nello-min-marks 2|1              key nello-min-marks (default 2):
                                     analyze, bid, declare, compare, quick,
                                     review, follow, deals (with --auction)
  --all-pass forced|reshuffle        key all-pass (default forced): bid,
                                     review, follow
  --no-specials                      key specials = false: solve, analyze,
                                     bid, declare, compare, quick, review,
                                     follow, deals (with --auction)
  --basis realistic|double-dummy     key basis (default realistic): analyze,
                                     bid, declare, quick, review, follow
  --noise 0..10                      key noise (default 1), with --auction:
                                     analyze, bid, declare, compare, play,
                                     review, deals

\b
Commands:
  analyze  what a hand is worth: expected points and the odds of each bid for
           every trump, the bid and trump to call; also a file of hands
  bid      what to bid now, given the bids already made (--auction)
  declare  what to declare once you have won the bid: a trump, or Nel-O or
           sevens, on deals that fit the whole auction
  compare  two or more trumps head to head on the same deals
  play     what to play now during the hand, given the plays so far (--tricks)
  review   how well a hand was played: each of your plays beside the best then
           (with the whole auction, your call and declaration too)
  follow   one hand from the bidding to its end: enter each call and play as
           it happens, with the advice at each of your turns
  solve    one deal with all four hands known, exactly
  deals    deals around your hand consistent with what you know (--holds,
           --lacks), to pipe to solve, or --count them
  quick    a hand's worth in a millisecond: analyze's figures estimated by a
           model fitted to many full analyses
  shell    many commands in one process, at a prompt or from a file: the
           solvers load once

\b
Examples:
  texas42 analyze "{EXAMPLE_HAND}"
  texas42 bid "{EXAMPLE_HAND}" --auction "pass 30"
  texas42 declare "{EXAMPLE_HAND}" --auction "30 34 pass pass"
  texas42 compare "{EXAMPLE_HAND}" sixes doubles
  texas42 play "{EXAMPLE_HAND}" -t sixes --tricks "6-6 6-1 6-0 6-3"
  texas42 review "{EXAMPLE_HAND}" -t sixes --tricks "6-6 6-3 5-0 6-1 / 6-5"
  texas42 analyze --file examples/hands.txt
  texas42 quick "{EXAMPLE_HAND}"
  texas42 solve "{EXAMPLE_DEAL}"
  texas42 follow "{EXAMPLE_HAND}" --position 4 < examples/followed.txt
  texas42 shell < examples/commands.txt
"""

ODDS_HELP = """
What the odds mean: you are seat 0 and lead; your partner is seat 2. The 21 dominoes
you cannot see are dealt at random to seats 1, 2 and 3 (--deals times), and each deal
is solved double-dummy: every seat plays perfectly and sees all hands. A bid's odds
are the share of deals in which your team takes at least the bid (42 and 84: all 42
points). The intervals are 95% confidence intervals of the sampling error. Racing
(the default; --exhaustive to turn it off): every trump is solved on the first
--min-deals deals, then, 100 deals a round, a trump stops getting deals once it clearly
cannot be the recommended one nor one of the two with the most expected points, whose
realistic odds the advice weighs (compare: once its order by expected points against
every other trump is clear; --exhaustive for every bid's odds on every deal), at a 1%
risk of any wrong call in the whole race; the others get all --deals, and each trump's
figures say how many deals they stand on. Realistic odds are those of
players who see only their own dominoes: estimated from the double-dummy ones by the
realistic calibration (fitted to playouts of many random hands), or played out with
--realistic.
"""
BASIS_HELP = """The advice rests on the realistic odds unless --basis double-dummy (or basis =
"double-dummy" in the [tool.texas42] table of texas42.toml or pyproject.toml).
"""


_WHERE: ContextVar[str] = ContextVar("where", default="")


@contextmanager
def errors_at(where: str) -> Iterator[None]:
    """Errors reported meanwhile name ``where`` first (``texas42 shell``: the line of its
    input that failed)."""
    token = _WHERE.set(where)
    try:
        yield
    finally:
        _WHERE.reset(token)


_INTERRUPT_TOLD: list[bool] = [False]  # a command in this process said how far Ctrl-C let it go


def interrupted(message: str) -> NoReturn:
    """End a batch stopped by Ctrl-C with status 130, having said how far it got
    (``texas42: message``); the shell then adds nothing of its own."""
    typer.echo(f"texas42: {message}", err=True)
    _INTERRUPT_TOLD[0] = True
    raise typer.Exit(130)


def interrupt_told() -> bool:
    """Whether the last command stopped by Ctrl-C said so itself (``interrupted``); reset."""
    told, _INTERRUPT_TOLD[0] = _INTERRUPT_TOLD[0], False
    return told


_CHECKING_ONLY: ContextVar[bool] = ContextVar("checking_only", default=False)


class InputsChecked(Exception):
    """A command checked for ``texas42 shell`` reached ``inputs_checked``: its input is good."""


def inputs_checked() -> None:
    """Called by every command once it has checked its input, where it starts computing:
    when the shell checks a line before running any (``Commands.check_args``), the check
    ends here, and nothing is computed."""
    if _CHECKING_ONLY.get():
        raise InputsChecked


_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}
"""Errors of writing the output that are the destination's, not texas42's."""


LONGEST_ERROR: Final = 500
"""The most characters of an error's message shown: a bad token of a megabyte is named
by its start."""


def print_error(message: str) -> None:
    """``texas42: error: <message>`` on one line of stderr, cut to ``LONGEST_ERROR``."""
    text = " ".join(message.split())
    if len(text) > LONGEST_ERROR:
        text = f"{text[:LONGEST_ERROR]}... ({len(text) - LONGEST_ERROR:,} more characters)"
    typer.echo(f"texas42: error: {_WHERE.get()}{text}", err=True)


def error_text(error: Texas42Error) -> str:
    """The message of ``error`` as the command line says it: the Python parameter it
    begins with (``auction: ...``, ``holds/lacks: ...``) written as the option."""
    text, parameter = str(error), error.parameter
    if not parameter or not text.startswith(parameter):
        return text
    options = "/".join(f"--{name.replace('_', '-')}" for name in parameter.split("/"))
    return options + text[len(parameter) :]


def report_error(error: Texas42Error) -> NoReturn:
    """Print ``texas42: error: <message>`` on one line of stderr (a line per bad line of
    an input file) and exit with status 2."""
    lines = []
    if isinstance(error, InputFileError):
        where = "line" if error.source in (None, "-") else f"{error.source}, line"
        lines = [f"{where} {n}: {m}" for n, m in error.lines]
    for message in lines or [error_text(error)]:
        print_error(message)
    sys.exit(2)


class BadOption(Exception):
    """A bad option value found while Click parses the command line, carried past Click,
    which would turn a ValueError into its own message of several lines."""

    def __init__(self, error: Texas42Error) -> None:
        super().__init__(error_text(error))
        self.error = error


# Click's own errors (an unknown option, a missing value), found by their class's name in
# the ancestry of one Typer exports: Typer ships its own copy of Click from version 0.25 on.
_CLICK_ERROR: type[Exception] = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


def _report_click_error(error: Any) -> NoReturn:
    """One line for a usage error of Click's, with the command's help to see."""
    if type(error).__name__ == "NoArgsIsHelpError":  # no arguments at all: the help
        error.show()
        sys.exit(error.exit_code)
    context = getattr(error, "ctx", None)
    message = error.format_message().rstrip(".")
    if context is not None:  # after a question ("Did you mean 'analyze'?"), a sentence of its own
        see = f"see '{context.command_path} --help'"
        message += f" {see.capitalize()}" if message.endswith("?") else f"; {see}"
    print_error(message)
    sys.exit(error.exit_code)


def check_single_values(params: Sequence[Any], args: Sequence[str]) -> None:
    """A ``UsageError`` for an option of one value given twice, or a flag given with its
    negation: Click would keep the last silently (``play -t sixes -t fives`` played fives).
    A flag repeated is harmless."""
    names: dict[str, str] = {}
    negations: dict[str, str] = {}
    for param in params:
        if param.param_type_name == "option" and not (param.is_flag or param.multiple or param.count):
            names.update(dict.fromkeys(param.opts, max(param.opts, key=len)))
        elif param.param_type_name == "option" and param.is_flag and param.secondary_opts:
            negations.update(dict.fromkeys(param.opts, param.secondary_opts[0]))
            negations.update(dict.fromkeys(param.secondary_opts, param.opts[0]))
    seen: set[str] = set()
    flags: set[str] = set()
    tokens = iter(args)
    for token in tokens:
        if token == "--":
            return
        name = token.split("=", 1)[0] if token.startswith("--") else token[:2]
        if name in negations:
            if negations[name] in flags:
                raise UsageError(f"{negations[name]} and {name} given together: give one")
            flags.add(name)
        option = names.get(name)
        if option is None:
            continue
        if option in seen:
            raise UsageError(f"{option} given twice: give it once")
        seen.add(option)
        if token == name:
            next(tokens, None)  # its value, whatever it looks like


HELP_WIDTH = 77
"""The help's examples are kept within this width (Click indents them by two more), for
an 80-column terminal."""
_EXAMPLE = re.compile(r"^(\S+ .*\| )?texas42 ")


def wrapped_examples(text: str, width: int = HELP_WIDTH) -> str:
    """``text`` with each example line (``texas42 ...``, or a pipe into it) longer than
    ``width`` split between words, outside quotes, into shell continuation lines (`` \\``),
    so that an 80-column terminal does not break it inside a word and it still pastes as
    one command. A single word longer than the line stays whole."""
    out = []
    for line in text.split("\n"):
        if len(line) <= width or not _EXAMPLE.match(line.lstrip()):
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        current = indent
        for word in shlex.split(line, posix=False):
            fits_alone = len(indent) + 4 + len(word) + 2 <= width
            if current.strip() and fits_alone and len(current) + 1 + len(word) + 2 > width:
                out.append(current + " \\")
                current = indent + "    "
            current += (" " if current.strip() else "") + word
        out.append(current)
    return "\n".join(out)


_HYPHEN_KEPT: Final = "\u2011"  # a non-breaking hyphen, while the help is wrapped


class HelpFormatter(typer.Context.formatter_class):  # type: ignore[misc,valid-type]
    """Click's help formatter, never breaking a line at a hyphen: ``--no-realistic``,
    ``--realistic-deals`` and ``follow-me`` stay whole, to be copied as they are."""

    def write_text(self, text: str) -> None:
        super().write_text(text.replace("-", _HYPHEN_KEPT))

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        kept = [(term, text.replace("-", _HYPHEN_KEPT)) for term, text in rows]
        super().write_dl(kept, col_max, col_spacing)

    def getvalue(self) -> str:
        value: str = super().getvalue()
        return value.replace(_HYPHEN_KEPT, "-")


class HelpContext(typer.Context):
    """Typer's context, its help written by ``HelpFormatter``."""

    formatter_class = HelpFormatter


class Commands(TyperGroup):
    """The command group, mapping every ``Texas42Error`` (bad input, found while the
    options are parsed or by the library) to ``report_error``, and Click's own usage
    errors to one line as well."""

    context_class = HelpContext

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            command.context_class = HelpContext
            if command.help:
                command.help = wrapped_examples(command.help)
        return command

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] == "help" and self.get_command(ctx, "help") is None:
            asked = f"texas42 {args[1]} --help" if len(args) > 1 else "texas42 COMMAND --help"
            raise UsageError(
                f"no command 'help': 'texas42 --help' lists the commands, '{asked}' explains one"
            )
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            check_single_values(command.params, rest)
        return name, command, rest

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
            sys.stdout.flush()  # here, where a full disk can still be told
        except OSError as error:
            if error.errno not in _WRITE_ERRORS:
                raise
            print_error(f"cannot write the output: {error.strerror}")
            sys.exit(1)
        except (BatchFailed, PackageDataError) as failure:
            print_error(str(failure))
            sys.exit(1)
        except typer.Abort:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
        except (Texas42Error, BadOption, _CLICK_ERROR) as error:
            _report_usage(error)
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)

    def check_args(self, args: Sequence[str]) -> None:
        """Parse and check ``texas42 <args>`` as ``main`` would, computing nothing (the
        command runs up to ``inputs_checked``) and printing nothing (a line asking for
        help is good once Click has shown it, here to nowhere): a bad command, option,
        value or combination is reported as ``main`` reports it (a ``SystemExit``)."""
        # the group's settings too: a command keeps the help option it is first asked for
        context = self.context_class(self, info_name="texas42", **self.context_settings)
        token = _CHECKING_ONLY.set(True)
        try:
            with redirect_stdout(io.StringIO()):
                name, command, rest = self.resolve_command(context, list(args))
                if command is not None:
                    with command.make_context(name, rest, parent=context) as command_context:
                        command.invoke(command_context)  # up to inputs_checked
                    raise AssertionError(f"texas42 {name} computed without calling inputs_checked")
        except (InputsChecked, typer.Exit):
            pass
        except (Texas42Error, BadOption, _CLICK_ERROR) as error:
            _report_usage(error)
        finally:
            _CHECKING_ONLY.reset(token)


def _report_usage(error: Exception) -> NoReturn:
    """Report a bad command line: texas42's error, or Click's."""
    if isinstance(error, BadOption):
        report_error(error.error)
    if isinstance(error, Texas42Error):
        report_error(error)
    _report_click_error(error)


app = typer.Typer(
    name="texas42",
    cls=Commands,
    help=wrapped_examples(APP_HELP),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_show_locals=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"texas42 {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Texas 42 double-dummy analysis."""


def main() -> None:
    """Run the ``texas42`` command."""
    if "COLUMNS" in os.environ and columns_taken(os.environ["COLUMNS"]) is None:
        del os.environ["COLUMNS"]  # Rich, which reads it, would lay the reports out in it
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:  # closed by the caller (">&-"): the output goes nowhere
            setattr(sys, name, open(os.devnull, "w"))  # noqa: SIM115 - open until exit
    try:
        app(prog_name="texas42")
    finally:
        # Loading the solvers leaves a large graph of Numba objects; the garbage
        # collection at exit would walk it for about half a second, to no purpose.
        gc.freeze()
