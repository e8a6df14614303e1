"""``texas42 follow``: one hand followed from the bidding to its end, the calls,
declaration and plays entered as they happen, with the advice at each of your turns."""

from __future__ import annotations

import json
import shutil
import sys
import textwrap
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Final

import typer
from rich.console import Group, RenderableType
from rich.text import Text

from texas42 import api
from texas42.analysis import BidAdvice, DeclarationAdvice, PlayAdvice, Progress
from texas42.analysis.calibrated import DOUBLE_DUMMY
from texas42.analysis.playout import DEFAULT_WORLDS
from texas42.analysis.realistic import DEFAULT_REALISTIC_DEALS
from texas42.analysis.realistic_play import DEFAULT_REALISTIC_PLAY_DEALS, turns_played_out_by_default
from texas42.analysis.sample import DEFAULT_DEALS
from texas42.analysis.table import CALLS, TableHand, TableStage
from texas42.cli.analyze import HandArgument
from texas42.cli.app import app, interrupted, print_error
from texas42.cli.options import (
    PLAYOUT_DEALS,
    AllPassOption,
    BasisOption,
    DealsOption,
    JsonOption,
    NelloDoublesOption,
    NelloMinMarksOption,
    SeedOption,
    SpecialsOption,
    ThreadsOption,
    UnaskedWorldsOption,
    auction_noise,
    basis,
    check_playouts_within,
    house_options,
    house_rules,
    option_parser,
    whole_number,
)
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.cli.terminal import output_console
from texas42.deal import DEFAULT_NOISE, draw_seed
from texas42.errors import Texas42Error, UsageError
from texas42.interrupts import holding_interrupts
from texas42.io.documents import (
    advice_to_json,
    declaration_to_json,
    entry_to_json,
    house_to_json,
    play_to_json,
    review_to_json,
)
from texas42.io.files import read_lines, strip_comment
from texas42.report.bidding import advice_sentence, advice_view
from texas42.report.declaring import advice_text as declaration_text
from texas42.report.declaring import declaration_view
from texas42.report.play import advice_text as play_text
from texas42.report.play import play_view
from texas42.report.review import review_view
from texas42.report.table import (
    entry_lines,
    follow_header,
    prompt,
    review_command,
    review_line,
    unfinished_line,
)
from texas42.report.wording import PER_PLAY
from texas42.rules import declarable_contracts, domino_name

FOLLOW_HELP = """
One hand at the table, from the bidding to its end. Give your 7 dominoes and your
place in the bidding (--position: 1 for the first bidder, 4 for the shaker), then
enter what happens as it happens, one entry at a time (or several on a line,
separated by spaces): each call ("pass", "30", "84", "plunge", "splash"), yours
too; the contract the winner declares ("sixes", "follow-me", "nello", "sevens");
then every domino played, in order, by whoever plays it ("6-6"; a "/" between
tricks, as --tricks writes them, is checked to fall where one ends). Each entry is
checked against the rules and what you have seen. At each of your turns the advice
comes first, as 'texas42 bid', 'declare' and 'play' give it (their advice sentence;
--full: their whole report), on deals that fit the auction and the plays so far (a
play the rules force is said at once); you then enter what you really did. You are
seat 0, your left opponent seat 1, your partner seat 2, your right opponent seat 3.

--realistic plays out at each of your turns, as the commands' --realistic does, and
advises on that: the leading trumps of a bid or declaration (and Nel-O and sevens) on
--realistic-deals deals (default 200), or every legal play on --realistic-deals of the
deals (default 100), by players who see only their own dominoes (--worlds deals
weighed a decision); about 5 to 10 s a turn. Without it, the advice plays out what the
commands play out unasked, on their default deals: the leading trumps where you name the
trump of your partner's plunge or splash, and your plays at Nel-O (there the word
'realistic' has nothing to add); --no-realistic (or --basis double-dummy): nothing.

The hand ends when all four pass and the house reshuffles (--all-pass reshuffle:
no hand is played, nothing to review), when the bid is made or set, or after the last
trick; the output then gives the 'texas42 review' command of the hand as played (with
the advice's --seed and --deals, so that it weighs the hand on the same deals). Where the entries stop
before that ('exit' or 'quit', whose line ends a file too: the lines after it are not
read; Ctrl-D; the end of a file), it says who is next, and gives the review command of
the plays so far once one of yours is among them.

--json prints JSON Lines instead: {"hand", "position" (--position's: 1 to 4, where
'bid --json' counts from 0), "deals", "seed", "basis",
"noise", "house": {"nello_doubles", "nello_min_marks", "all_pass", "specials"}} first
(with --realistic, "realistic": {"deals", "play_deals", "worlds"}); an object an entry
({"seat", "stage", and "call", "contract" or "play"}, a play that ends a trick with
its "trick", "winner", "score" and "tricks_won"; {"undo"}); at each of your turns {"advice": "bid",
"declare" or "play", "document"}, the document the command's own --json prints with
the same seed and deals ({"advice": "play", "forced"} for a play the rules force;
"asked": "realistic" where that word asked for it again); last {"outcome": "made",
"set", "reshuffled" or null (not over), "stage", "next": the seat that acts next, or
null (over), "review": the command, or null}, and
{"reviewed": the document of 'texas42 review --json'} if 'review' follows.

At a terminal it prompts for each entry ('undo' takes the last one back, 'help'
says what is expected, 'exit' or Ctrl-D ends). At your turn, 'full' prints the whole
report of the advice and 'realistic' plays this turn's choices out as --realistic
does (about 5 to 10 s; on --realistic-deals and --worlds, which may be given without
--realistic for it). Once the hand is over the prompt stays ('undo' takes the last
entry back), and 'review' weighs your call, declaration and plays as 'texas42 review'
does, on the same deals and seed. From a file or a pipe
it reads every line first (blank lines and '#' comments skipped; 'undo', 'full',
'realistic' and 'review' allowed): a line that cannot be (a bad token, a call or
play against the rules, 'undo' with nothing to take back, 'full' when it is not your
turn, 'review' before the end) stops it before anything is computed, naming the line
and the token, with exit status 2.

\b
Examples:
  texas42 follow "6-6 6-5 6-4 6-2 5-5 4-4 3-1" --position 4
  texas42 follow "6-6 6-5 6-4 6-2 5-5 4-4 3-1" -p 4 --seed 1 < examples/followed.txt
  texas42 follow "6-6 6-5 6-4 6-2 5-5 4-4 3-1" -p 4 --full --deals 500 < examples/followed.txt
  texas42 follow "6-6 6-5 6-4 6-2 5-5 4-4 3-1" -p 4 --seed 1 --json < examples/followed.txt
  texas42 follow "6-6 6-5 6-4 6-2 5-5 4-4 3-1" -p 4 --realistic < examples/followed.txt
  printf 'pass 30 36\\n37\\nsixes\\n' | texas42 follow "6-6 6-5 6-4 6-2 5-5 4-4 3-1" -p 4 -s 1
"""

UNDO: Final = "undo"
FULL: Final = "full"
REALISTIC: Final = "realistic"
ASKED: Final = frozenset({FULL, REALISTIC})
"""Words that ask for this turn's advice again, in another form."""
REVIEW: Final = "review"
"""The word that reviews the hand once it is over, as 'texas42 review' does."""
OVER_PROMPT: Final = "the hand is over (review, undo or exit)> "
OVER_UNREVIEWED_PROMPT: Final = "the hand is over (undo or exit)> "
ENDS: Final = frozenset({"exit", "quit"})
HELP: Final = "help"


def _position(value: Any) -> int:
    place = whole_number("--position", 1)(value)
    if place > CALLS:
        raise UsageError(f"--position is 1 (the first bidder) to {CALLS} (the shaker), got {place}")
    return place


PositionOption = Annotated[
    int | None,
    typer.Option(
        "--position",
        "-p",
        metavar="N",
        help="Your place in the bidding: 1 (the first bidder) to 4 (the shaker).",
        show_default=False,
        parser=option_parser(_position),
    ),
]
RealisticOption = Annotated[
    bool | None,
    typer.Option(
        "--realistic/--no-realistic",
        help="At each of your turns, play the contracts (or your plays) out by players who see only "
        "their own hand, and advise on that (--no-realistic: not even where the commands do unasked).",
        show_default=False,
    ),
]
RealisticDealsOption = Annotated[
    int | None,
    typer.Option(
        "--realistic-deals",
        metavar="N",
        help=f"With --realistic, or the word 'realistic' at a turn: the deals played out at a turn "
        f"(default {DEFAULT_REALISTIC_DEALS} for a call or declaration, {DEFAULT_REALISTIC_PLAY_DEALS} "
        "for a play; what is played out unasked takes the defaults).",
        show_default=False,
        parser=PLAYOUT_DEALS,
    ),
]
FullOption = Annotated[
    bool, typer.Option("--full", help="Print each advice's whole report, not only its sentence.")
]


@dataclass(frozen=True)
class Advice:
    """The advice at one turn: as text (``view``) and as JSON (``document``)."""

    view: RenderableType
    document: dict[str, Any]


@dataclass(frozen=True)
class Adviser:
    """How to advise at each of your turns."""

    deals: int
    seed: int
    threads: int | None
    basis: str
    full: bool
    as_json: bool = False
    noise: float = field(default_factory=lambda: auction_noise(None, "auction", None))
    """The bidding model's noise: the settings' ``noise``, else the default (read once)."""
    contract_deals: int = 0
    """With --realistic: the deals played out at a call or declaration (0: none)."""
    play_deals: int = 0
    """With --realistic: the deals played out at a play (0: none)."""
    worlds: int = DEFAULT_WORLDS
    """The deals weighed a decision where turns are played out (--worlds): with
    --realistic, or where the commands play out unasked."""
    asked: tuple[int | None, int] = (None, DEFAULT_WORLDS)
    """Without --realistic: the deals played out (None: the defaults) and the worlds a
    decision when the word 'realistic' asks for it at a turn."""
    unasked: bool = True
    """Whether to play out where the commands do unasked (not with --no-realistic)."""

    def playout_deals(self, deals: int) -> int | None:
        """The API's ``realistic_deals`` for ``deals`` played out (0: none asked), no more
        than the deals a question (the playouts take theirs from those): None lets it play
        out unasked where the command would."""
        return min(deals, self.deals) or (None if self.unasked else 0)

    def with_playouts(self, deals: int | None = None, worlds: int = DEFAULT_WORLDS) -> Adviser:
        """This adviser playing each turn's choices out on ``deals`` deals (None: the
        commands' defaults, at a call or declaration and at a play), ``worlds`` a decision."""
        return replace(
            self,
            contract_deals=DEFAULT_REALISTIC_DEALS if deals is None else deals,
            play_deals=DEFAULT_REALISTIC_PLAY_DEALS if deals is None else deals,
            worlds=worlds,
        )

    def review_options(self, table: TableHand) -> str:
        """The options of 'texas42 review' that weigh ``table``'s hand as ``review`` does
        here: every rule and setting that is not the default, whether given as an option
        or in the settings file, so that the command stands on its own."""
        options = [*house_options(table.house)]
        if self.basis == DOUBLE_DUMMY:
            options.append(f"--basis {DOUBLE_DUMMY}")
        if self.noise != DEFAULT_NOISE:
            options.append(f"--noise {self.noise:g}")
        if self.deals != DEFAULT_DEALS:
            options.append(f"--deals {self.deals}")
        options.append(f"--seed {self.seed}")
        unasked = _plays_out_unasked(table)
        if not self.unasked and unasked:
            options.append("--no-realistic")
        if self.contract_deals:  # review's defaults are follow's: 200 deals a call, 100 a play
            options.append("--realistic")
            if (self.contract_deals, self.play_deals) != (
                DEFAULT_REALISTIC_DEALS,
                DEFAULT_REALISTIC_PLAY_DEALS,
            ):
                options.append(f"--realistic-deals {self.play_deals}")
        if self.worlds != DEFAULT_WORLDS and (self.contract_deals or (self.unasked and unasked)):
            options.append(f"--worlds {self.worlds}")
        return " ".join(options)

    @property
    def played(self) -> tuple[int, int, int] | None:
        """With --realistic: the deals played out at a call or declaration and at a play
        (no more than the deals a question: the playouts take theirs from those), and the
        worlds a decision."""
        if not self.contract_deals:
            return None
        return min(self.contract_deals, self.deals), min(self.play_deals, self.deals), self.worlds

    def advice(self, table: TableHand) -> Advice:
        """The advice for seat 0's call, declaration or play."""
        with ProgressBar(wants_progress(self.as_json), "thinking") as bar:
            progress = bar.phased("playing out")
            if table.stage is TableStage.BIDDING:
                return self._bid(table, progress)
            if table.stage is TableStage.DECLARING:
                return self._declaration(table, progress)
            return self._play(table, progress)

    def _turn(
        self, table: TableHand, progress: Progress, deals: int
    ) -> BidAdvice | DeclarationAdvice | PlayAdvice:
        """``api.advise_turn`` on this adviser's settings, ``deals`` played out (0: none
        asked)."""
        return api.advise_turn(
            table, deals=self.deals, seed=self.seed, threads=self.threads, progress=progress,
            noise=self.noise, basis=self.basis, realistic_deals=self.playout_deals(deals), worlds=self.worlds,
        )  # fmt: skip

    def _bid(self, table: TableHand, progress: Progress) -> Advice:
        advice = self._turn(table, progress, self.contract_deals)
        assert isinstance(advice, BidAdvice)
        view = advice_view(advice.analysis, advice) if self.full else advice_sentence(advice)
        return Advice(view, {"advice": "bid", "document": advice_to_json(advice)})

    def _declaration(self, table: TableHand, progress: Progress) -> Advice:
        advice = self._turn(table, progress, self.contract_deals)
        assert isinstance(advice, DeclarationAdvice)
        view = declaration_view(advice) if self.full else declaration_text(advice)
        return Advice(view, {"advice": "declare", "document": declaration_to_json(advice)})

    def _play(self, table: TableHand, progress: Progress) -> Advice:
        legal = table.legal_plays()
        if legal.bit_count() == 1:
            only = domino_name(legal.bit_length() - 1)
            return Advice(Text(f"Your only legal play: {only}."), {"advice": "play", "forced": only})
        advice = self._turn(table, progress, self.play_deals)
        assert isinstance(advice, PlayAdvice)
        view: RenderableType = play_view(advice) if self.full else play_text(advice)
        if not self.full and not _played_ours(table):  # the full view's footer says it
            view = Group(view, Text(PER_PLAY, style="dim"))
        return Advice(view, {"advice": "play", "document": play_to_json(advice)})


TRICK_END: Final = "/"
"""Written between tricks, as --tricks writes them: checked to fall where a trick ends."""


def _tokens(line: str) -> list[str]:
    return strip_comment(line).replace(",", " ").replace(TRICK_END, f" {TRICK_END} ").split()


def _check_last(end: str, after: list[str]) -> None:
    """A ``UsageError`` naming the first word written after ``end`` ('exit', 'quit') on
    its line: it would never be read, nor checked."""
    if after:
        raise UsageError(f"{end!r} ends the entries: nothing may follow it on its line, got {after[0]!r}")


def check_trick_end(table: TableHand) -> None:
    """A ``UsageError`` unless a trick has just ended: a '/' is written between tricks."""
    if table.stage is TableStage.PLAYING or table.stage is TableStage.OVER:
        history = table.history
        if history.plays and not history.trick:
            return
        if history.trick:
            raise UsageError(
                f"'/' ends a trick, but trick {history.tricks_played + 1} has {len(history.trick)} "
                f"{'play' if len(history.trick) == 1 else 'plays'} so far"
            )
    raise UsageError("'/' is written between tricks, after the last play of one")


def _entered(table: TableHand, token: str, undone_only: bool = False) -> TableHand:
    """``table`` after ``token`` (an entry, or ``undo``); ``undone_only``: an ``undo``
    with nothing to take back is a ``UsageError``."""
    if token.lower() != UNDO:
        return table.enter(token)
    undone = table.undone()
    if undone_only and undone == table:
        raise UsageError(f"{token!r}: nothing to take back")
    return undone


class Follower:
    """Prints the hand as it goes: each entry, and the advice when your turn comes; with
    ``as_json``, a JSON object a line instead."""

    def __init__(self, start: TableHand, adviser: Adviser) -> None:
        self.table = start
        self.adviser = adviser
        self.as_json = adviser.as_json
        self.console = output_console()
        self.advised = False
        self.given: dict[tuple[object, ...], Advice] = {}  # kept for an entry taken back
        self.finished = False

    def say(self, words: RenderableType, record: dict[str, Any]) -> None:
        if self.as_json:
            emit_line(json.dumps(record))
        else:
            self.console.print(words)

    def header(self) -> None:
        table, adviser = self.table, self.adviser
        played = adviser.played
        record: dict[str, Any] = {"hand": table.hand.names(), "position": table.place + 1}
        record |= {"deals": adviser.deals, "seed": adviser.seed, "basis": adviser.basis}
        record |= {"noise": adviser.noise, "house": house_to_json(table.house)}
        if played is not None:
            record["realistic"] = dict(zip(("deals", "play_deals", "worlds"), played, strict=True))
        self.say(follow_header(table, adviser.deals, adviser.seed, played), record)

    def turn(self) -> None:
        """The advice, once, if the next entry is yours."""
        if self.advised or self.table.to_act != 0:
            return
        self._advise(self.adviser)
        self.advised = True

    def _advise(self, adviser: Adviser, word: str | None = None) -> None:
        """Say ``adviser``'s advice for this turn (each kind computed once a turn); its
        JSON record names the ``word`` that asked for it, if any."""
        table = self.table
        key = (table.calls, table.contract, table.plays, adviser)
        if key not in self.given:
            self.given[key] = adviser.advice(table)
        advice = self.given[key]
        self.say(advice.view, advice.document if word is None else {**advice.document, "asked": word})

    def act(self, token: str, entered: TableHand | None = None) -> None:
        """Do what ``token`` says: ask again (``full``, ``realistic``), ``review``, or take
        an entry (``entered``: the hand after it, where already checked)."""
        word = token.lower()
        if word in ASKED:
            self.again(word)
        elif word == REVIEW:
            self.review()
        else:
            self.take(token, entered)

    def again(self, word: str) -> None:
        """At seat 0's turn, this turn's advice again as ``word`` asks (``asked``)."""
        self._advise(asked(self.adviser, self.table, word), word)

    def take(self, token: str, entered: TableHand | None = None) -> None:
        """Take ``token`` (``entered``: the hand after it, where already checked)."""
        before = self.table
        after = _entered(before, token) if entered is None else entered
        if token.lower() == UNDO:
            taken = after != before
            said = "The last entry is taken back." if taken else "Nothing to take back."
            self.say(said, {"undo": taken})
        else:
            self.say("\n".join(entry_lines(before, after)), entry_to_json(before, after))
        self.table = after
        self.advised = self.finished = False

    def finish(self) -> None:
        """The hand's last words, once: the review command of the hand, if it has one."""
        if self.finished:
            return
        self.finished = True
        table = self.table
        options = self.adviser.review_options(table)
        review = review_command(table, options) if _played_ours(table) else None
        if self.as_json:
            ending = {"outcome": table.outcome, "stage": table.stage.value, "next": table.to_act}
            emit_line(json.dumps({**ending, "review": review}))  # "next" as the table document's
            return
        if table.stage is not TableStage.OVER:
            self.console.print(unfinished_line(table))
        if review is not None:  # the command unwrapped, to copy whole
            self.console.print(review_line(table))
            self.console.print(review, soft_wrap=True, markup=False, highlight=False)
        elif table.stage is TableStage.OVER and table.contract is not None:
            self.console.print("No domino of yours was played: 'texas42 review' has no play to weigh.")

    def review(self) -> None:
        """The hand over, reviewed as 'texas42 review' does with the same deals and seed
        (a ``UsageError`` where it cannot be: ``reviewing``)."""
        reviewing(self.table)
        self.finish()
        table, adviser = self.table, self.adviser
        assert table.contract is not None
        with ProgressBar(wants_progress(self.as_json), "reviewing") as bar:
            review = api.review_play(
                table.hand, table.contract, table.plays, bidder=table.declarer, deals=adviser.deals,
                seed=adviser.seed, threads=adviser.threads, progress=bar.phased("playing out"),
                auction=table.auction, noise=adviser.noise, house=table.house, basis=adviser.basis,
                realistic_deals=adviser.playout_deals(adviser.play_deals), worlds=adviser.worlds,
                realistic_contract_deals=adviser.contract_deals or None,
            )  # fmt: skip
        self.say(review_view(review), {"reviewed": review_to_json(review)})


def reviewable(table: TableHand) -> bool:
    """Whether the hand is over with a contract played and a domino of ours in it."""
    return table.stage is TableStage.OVER and _played_ours(table)


def _played_ours(table: TableHand) -> bool:
    """Whether a contract is played and a domino of ours is in it."""
    return table.contract is not None and any(p.seat == 0 for p in table.history.plays)


def reviewing(table: TableHand) -> None:
    """A ``UsageError`` unless ``review`` can be asked now."""
    if table.stage is not TableStage.OVER:
        raise UsageError("'review': the hand is not over")
    if not reviewable(table):
        raise UsageError("'review': no domino of yours was played: nothing to review")


def asked(adviser: Adviser, table: TableHand, word: str) -> Adviser:
    """The adviser for ``word`` at ``table``'s turn: ``full``, the whole report;
    ``realistic``, the choices played out. A ``UsageError`` where it cannot be."""
    if table.stage is TableStage.OVER:
        raise UsageError(f"{word!r}: the hand is over: no advice now")
    if table.to_act != 0:
        raise UsageError(f"{word!r}: no advice now, {prompt(table).rstrip('> ')} next")
    if word == FULL:
        if adviser.as_json:
            raise UsageError("'full' is for the text: the JSON holds every figure")
        return replace(adviser, full=True)
    refused = _realistic_refused(adviser, table)
    if refused is not None:
        raise UsageError(refused)
    return adviser.with_playouts(*adviser.asked)


def _realistic_refused(adviser: Adviser, table: TableHand) -> str | None:
    """Why the word 'realistic' cannot play this turn out, or None where it can."""
    if adviser.played is not None:
        return "'realistic': the advice is already played out (--realistic)"
    if adviser.unasked and _turns_played_unasked(table):
        return "'realistic': at Nel-O the advice is already played out"
    if adviser.basis == DOUBLE_DUMMY:
        return "'realistic' plays out to advise on realistic odds: not with the double-dummy basis"
    return None


def _naming(token: str, error: Texas42Error) -> str:
    """The error's message, naming ``token`` first unless the message quotes it (or, for
    a play, names it: ``trick 2, seat 1 played 6-6, ...``)."""
    message = str(error)  # not error_text: follow's entries are no options (--auction)
    return message if repr(token) in message or message.startswith("trick ") else f"{token!r}: {message}"


def _checked(
    start: TableHand, lines: list[str], adviser: Adviser, from_file: bool = True
) -> list[tuple[str, TableHand]] | None:
    """Every token of ``lines`` in order with the hand after it, or None after reporting
    the first that cannot be entered or asked; ``from_file``: the lines of a file or a
    pipe, whose errors name their line, and where an 'undo' with nothing to take back is
    one (at the prompt, a word said and nothing more)."""
    table = start
    steps: list[tuple[str, TableHand]] = []
    ended = False  # a '/' just written: a second one would end an empty trick
    for number, line in enumerate(lines, start=1):
        tokens = _tokens(line)
        for place, token in enumerate(tokens):
            try:
                if token.lower() in ENDS:
                    _check_last(token, tokens[place + 1 :])
                    return steps
                if token == TRICK_END:
                    if ended:
                        raise UsageError("'/' twice: a trick ends once, after its last play")
                    check_trick_end(table)
                    ended = True
                    continue
                ended = False
                if token.lower() == HELP:
                    raise UsageError("'help' is for the prompt: a file holds calls, plays and words to ask")
                if token.lower() in ASKED:
                    asked(adviser, table, token.lower())
                elif token.lower() == REVIEW:
                    reviewing(table)
                else:
                    table = _entered(table, token, from_file)
            except Texas42Error as error:
                where = f"line {number}: " if from_file else ""
                print_error(where + (str(error) if isinstance(error, UsageError) else _naming(token, error)))
                return None
            steps.append((token, table))
    return steps


@app.command(
    help=FOLLOW_HELP,
    short_help="One hand from the bidding to its end: enter what happens, advice at your turns.",
)
def follow(
    hand: HandArgument = None,
    position: PositionOption = None,
    deals: DealsOption = 1000,
    seed: SeedOption = None,
    threads: ThreadsOption = None,
    full: FullOption = False,
    as_json: JsonOption = False,
    basis_option: BasisOption = None,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    all_pass: AllPassOption = None,
    specials: SpecialsOption = None,
    realistic: RealisticOption = None,
    realistic_deals: RealisticDealsOption = None,
    worlds: UnaskedWorldsOption = None,
) -> None:
    """One hand from the bidding to its end."""
    if not hand:
        raise UsageError("give your hand; see 'texas42 follow --help'")
    if position is None:
        raise UsageError("give your place in the bidding: --position 1 to 4 (4: the shaker)")
    house = house_rules(nello_doubles, nello_min_marks, all_pass, specials)
    start = TableHand.dealt(" ".join(hand), position, house)
    if full and as_json:
        raise UsageError("--full and --json do not go together: the JSON holds every figure")
    adviser = Adviser(
        deals,
        draw_seed() if seed is None else seed,
        threads,
        basis(basis_option, bool(realistic)),
        full,
        as_json,
    )
    sizes = (("--realistic-deals", realistic_deals), ("--worlds", worlds))
    sized = [name for name, value in sizes if value is not None]
    if sized and adviser.basis == DOUBLE_DUMMY:
        raise UsageError(f"{', '.join(sized)}: for playouts, which the double-dummy basis does not play")
    check_playouts_within(realistic_deals, deals, f"each question's {deals:,} (--deals)")
    weighed = DEFAULT_WORLDS if worlds is None else worlds
    if realistic:
        adviser = adviser.with_playouts(realistic_deals, weighed)
    else:  # for the word 'realistic' at a turn
        unasked = realistic is None and adviser.basis != DOUBLE_DUMMY
        adviser = replace(adviser, asked=(realistic_deals, weighed), unasked=unasked, worlds=weighed)
    follower = Follower(start, adviser)
    if sys.stdin.isatty():
        follower.header()
        _at_prompt(follower)
        raise typer.Exit(0)
    steps = _checked(start, read_lines("-"), adviser)
    if steps is None:
        raise typer.Exit(2)
    follower.header()
    _run(follower, steps)


def _run(follower: Follower, steps: Sequence[tuple[str, TableHand]]) -> None:
    """Tell the entries checked (each with the hand after it), the advice at each of
    seat 0's turns. Ctrl-C ends the hand where it stands, as the end of the input would:
    who is next, and the review command of the plays entered so far."""
    taken = 0
    try:
        for token, entered in steps:
            follower.turn()
            follower.act(token, entered)
            taken += 1
        follower.turn()
    except KeyboardInterrupt:
        with holding_interrupts():
            follower.finish()
        interrupted(f"interrupted after {taken:,} of {len(steps):,} entries")
    follower.finish()


def _typed(asking: str, as_json: bool) -> str:
    """A line typed after the prompt ``asking``, shown on stderr where stdout is JSON or
    goes to a file or a pipe (the prompt stays on the terminal, out of the output)."""
    if not as_json and _output_at_terminal():
        return input(asking)
    typer.echo(asking, err=True, nl=False)
    return input()


def _at_prompt(follower: Follower) -> None:
    with suppress(ImportError):  # not on every platform
        import readline  # noqa: F401  (line editing and history for input())
    while True:
        over = follower.table.stage is TableStage.OVER
        if over:
            follower.finish()
        else:
            try:
                follower.turn()
            except KeyboardInterrupt:
                typer.echo("Interrupted: no advice this turn.", err=True)
                follower.advised = True
        try:
            line = _typed(_over_prompt(follower.table) if over else prompt(follower.table), follower.as_json)
        except EOFError:
            typer.echo("", err=True)
            follower.finish()
            return
        except KeyboardInterrupt:
            typer.echo("", err=True)
            continue
        if not _take_typed(follower, line):
            follower.finish()
            return


def _output_at_terminal() -> bool:
    """Whether the output goes to the terminal, where ``input`` shows the prompt itself
    (apart from the console's own check, so that a test can say so of captured output)."""
    return sys.stdout.isatty()


def _over_prompt(table: TableHand) -> str:
    """The prompt once the hand is over: 'review' only where there is a play of ours to
    weigh; 'undo' always (the last call or play may have been mistyped)."""
    return OVER_PROMPT if reviewable(table) else OVER_UNREVIEWED_PROMPT


def _take_typed(follower: Follower, line: str) -> bool:
    """Take the tokens of a typed line in turn, the advice at each of seat 0's turns on the
    way (as from a pipe), once every one is checked: one that cannot be is reported, and
    nothing of the line is taken. False once the line ends the session."""
    tokens = _tokens(line)
    entries = [token for token in tokens if token.lower() != HELP]  # '/' checked there too
    steps = _checked(follower.table, [" ".join(entries)], follower.adviser, from_file=False)
    if steps is None:
        return True
    taken = iter(steps)  # the entries, in order, up to an end of the session
    try:
        for token in tokens:
            if token.lower() in ENDS:
                return False
            if token.lower() == HELP:
                typer.echo(_fitted(_help(follower.table, follower.adviser)), err=True)
                continue
            if token == TRICK_END:  # checked, and not a step
                continue
            _advised_unless_interrupted(follower)
            _act_unless_interrupted(follower, *next(taken))
    except KeyboardInterrupt:  # between the steps: what is left of the line is not taken
        typer.echo("Interrupted: the rest of the line is not taken.", err=True)
    except Texas42Error as error:  # found only once asked of the engine or the review
        print_error(str(error))
    return True


def _advised_unless_interrupted(follower: Follower) -> None:
    """This turn's advice, if due; Ctrl-C skips it (as at the prompt) and the line goes on."""
    try:
        follower.turn()
    except KeyboardInterrupt:
        typer.echo("Interrupted: no advice this turn.", err=True)
        follower.advised = True


def _act_unless_interrupted(follower: Follower, token: str, entered: TableHand) -> None:
    """``follower.act``; Ctrl-C while a word asked computes ('full', 'realistic', 'review')
    skips that word, and the line goes on (an entry computes nothing)."""
    if token.lower() not in ASKED and token.lower() != REVIEW:
        follower.act(token, entered)
        return
    try:
        follower.act(token, entered)
    except KeyboardInterrupt:
        typer.echo(f"Interrupted: no {token.lower()!r}.", err=True)


def _fitted(text: str) -> str:
    """``text`` wrapped between words to the terminal's width."""
    width = shutil.get_terminal_size().columns - 1
    return textwrap.fill(text, width=width, break_long_words=False, break_on_hyphens=False)


def _help(table: TableHand, adviser: Adviser) -> str:
    """What the next entry should be, and at our turn what else may be asked."""
    if table.stage is TableStage.OVER:
        return _HINTS[TableStage.OVER]
    hint = _HINTS[table.stage]
    if table.stage is TableStage.DECLARING:  # only the special contracts the bid allows
        auction = table.auction
        assert auction is not None
        allowed = () if auction.partner_contract else declarable_contracts(auction.high_bid, table.house)
        hint = hint.format(specials="".join(f' or "{c.value}"' for c in allowed))
    words = f"Next: {prompt(table).rstrip('> ')}. {hint}"
    if table.to_act == 0:
        words += " Or 'full': the advice's whole report"
        words += "." if _realistic_refused(adviser, table) else "; 'realistic': this turn played out."
    return words


def _turns_played_unasked(table: TableHand) -> bool:
    """Whether the hand's plays are played out unasked (at Nel-O)."""
    return table.contract is not None and turns_played_out_by_default(table.contract)


def _plays_out_unasked(table: TableHand) -> bool:
    """Whether 'texas42 review' of ``table``'s hand plays something out unasked: the plays
    at Nel-O, or a call or declaration at a partner's plunge or splash."""
    return _turns_played_unasked(table) or (
        table.auction is not None and table.auction.partner_contract is not None
    )


_HINTS: Final = {
    TableStage.BIDDING: (
        'A call: "pass", "30" to "42", "84", "126", ..., "plunge", "splash"; "undo" takes the last '
        'entry back, "exit" ends.'
    ),
    TableStage.DECLARING: (
        'A trump ("sixes", "doubles", "follow-me"){specials}; "undo" takes the last entry back.'
    ),
    TableStage.PLAYING: 'A domino ("6-6"); "undo" takes the last entry back.',
    TableStage.OVER: "The hand is over: 'review' weighs it now, 'undo' takes the last play back.",
}
