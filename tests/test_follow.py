"""``texas42 follow``: a hand entered as it happens (``analysis.table.TableHand``), its
words, and the command at a prompt and from a pipe."""

from __future__ import annotations

import builtins
import json
import re
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

import texas42
from cli_runner import invoke
from texas42.analysis.table import TableHand, TableStage
from texas42.cli import follow as follow_cli
from texas42.cli.shell import command_words
from texas42.errors import AuctionError, IllegalPlayError, Texas42Error, UsageError
from texas42.report.table import entry_lines, hand_end, review_command
from texas42.rules import AllPass, Contract, Declaration, HouseRules, NelloDoubles, parse_domino, parse_hand

ROOT = Path(__file__).resolve().parents[1]
HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
EXAMPLE = (ROOT / "examples" / "followed.txt").read_text()


def entered(text: str, place: int = 3, house: HouseRules | None = None, hand: str = HAND) -> TableHand:
    table = TableHand(parse_hand(hand), place, house or HouseRules())
    for token in text.split():
        table = table.enter(token)
    return table


def test_calls_go_round_from_the_first_bidder() -> None:
    """At place 2 (third to bid) the partner calls first, then the right opponent, us,
    the left opponent; whoever is next is the one expected."""
    table = entered("", place=2)
    seats = []
    for call in ("30", "31", "pass", "pass"):
        seats.append(table.to_act)
        table = table.enter(call)
    assert seats == [2, 3, 0, 1]
    assert table.stage is TableStage.DECLARING and table.declarer == 3 and table.to_act == 3


def test_a_partner_plunge_is_named_and_led_by_us() -> None:
    """A plunge by the partner (168 before anyone has bid): we name the trump, we lead."""
    table = entered("pass plunge pass pass", place=3, hand="6-6 6-5 6-4 6-2 5-5 4-4 3-1")
    assert table.auction is not None and table.auction.is_plunge
    assert table.declarer == 0 and table.to_act == 0
    with pytest.raises(AuctionError, match="names a trump"):
        table.enter("nello")
    played = table.enter("sixes")
    assert played.stage is TableStage.PLAYING and played.history.bidder == 0 and played.bid == 168


def test_a_plunge_or_splash_is_echoed_by_its_name() -> None:
    before = entered("pass", place=3, hand="6-6 6-5 6-4 6-2 5-5 4-4 3-1")
    assert entry_lines(before, before.enter("plunge")) == ["Your partner (seat 2) calls plunge (168)."]
    assert entry_lines(before, before.enter("84")) == ["Your partner (seat 2) calls 84."]
    assert entry_lines(before, before.enter("splash")) == ["Your partner (seat 2) calls splash (84)."]
    over = before.enter("84")  # a splash over 84 is one mark more
    assert entry_lines(over, over.enter("splash")) == ["Your right opponent (seat 3) calls splash (126)."]
    last = entered("pass", place=0, hand="6-6 6-5 6-4 6-2 5-5 4-4 3-1")  # we bid first: the shaker plunges
    last = last.enter("pass").enter("pass")
    assert entry_lines(last, last.enter("plunge"))[0] == "Your right opponent (seat 3) calls plunge (168)."


def test_a_plunge_needs_the_doubles() -> None:
    """Ours in our hand; another seat's in the unseen dominoes (here we hold all seven)."""
    with pytest.raises(AuctionError, match="needs 4 doubles or more, and your hand holds 3"):
        entered("plunge", place=0)
    doubles = "6-6 5-5 4-4 3-3 2-2 1-1 0-0"
    with pytest.raises(AuctionError, match="the plunge of seat 3 needs 4 doubles or more, but no deal"):
        entered("plunge", place=1, hand=doubles)
    assert entered("plunge pass splash", place=0, hand="6-6 5-5 4-4 3-3 6-1 5-1 4-1").to_act == 3


def test_the_hand_ends_when_the_bid_is_made() -> None:
    """The example file: 40 points after trick 5 make the 37 bid; nothing more is taken."""
    tokens = [t for line in EXAMPLE.splitlines() if not line.startswith("#") for t in line.split()]
    table = entered(" ".join(tokens))
    assert table.stage is TableStage.OVER and table.to_act is None
    assert table.history.score == (40, 0) and table.history.tricks_played == 5
    assert table.outcome == "made" and entered("pass 30").outcome is None
    why = "'6-2': the hand is over (the bid of 37 is made after 5 tricks: the tricks left do not matter)"
    with pytest.raises(UsageError, match=re.escape(why)):
        table.enter("6-2")
    set_at_once = TableHand.dealt(HAND, position=1)
    for entry in ["42", "pass", "pass", "pass", "fours", "6-2", "6-1", "6-0", "6-3"]:
        set_at_once = set_at_once.enter(entry)
    with pytest.raises(UsageError, match=re.escape("the bid of 42 is set after 1 trick: the tricks left")):
        set_at_once.enter("5-5")
    assert review_command(table).startswith(
        f'texas42 review "{HAND}" --trump sixes --auction "pass 30 36 37" '
    )


def test_a_set_bid_ends_the_hand_too() -> None:
    """Bid 42 by us: the first point the opponents take sets it."""
    table = entered("pass pass pass 42 sixes 3-1 1-1 3-3 1-0")
    assert table.history.leader == 2 and table.stage is TableStage.PLAYING  # our partner won it
    table = entered("pass pass pass 42 sixes 3-1 3-3 1-1 1-0")
    assert table.history.leader == 1 and table.stage is TableStage.OVER and table.outcome == "set"


def test_all_passing_reshuffles_only_where_the_house_says() -> None:
    with pytest.raises(AuctionError, match="all four passed"):
        entered("pass pass pass pass")
    table = entered("pass pass pass pass", house=HouseRules(all_pass=AllPass.RESHUFFLE))
    assert table.reshuffled and table.stage is TableStage.OVER and table.outcome == "reshuffled"


def test_nello_is_led_by_its_bidder_with_three_a_trick() -> None:
    """The left opponent bids 84 and declares Nel-O: its partner (seat 3) sits out, so
    seat 1 leads, seat 2 and we follow. We take the first trick (Nel-O stands); had
    seat 1 taken it, Nel-O would be set and the hand over."""
    table = entered("84 pass pass pass nello")
    assert table.contract is Contract.NELLO and table.declarer == 1 and table.to_act == 1
    table = table.enter("1-0").enter("2-1")
    assert table.to_act == 0
    table = table.enter("3-1")
    assert (
        table.history.tricks_played == 1 and table.history.leader == 0 and table.stage is TableStage.PLAYING
    )
    set_in_one = entered("84 pass pass pass nello 6-3 6-1 6-2")
    assert set_in_one.stage is TableStage.OVER and set_in_one.history.leader == 1
    assert set_in_one.outcome == "set"


@pytest.mark.parametrize(
    ("text", "error", "match"),
    [
        ("pass 29", AuctionError, "not a bid: '29'"),
        ("30 30", AuctionError, "30"),
        ("pass pass pass 30 nello", AuctionError, "Nel-O is bid at 84 or more"),
        ("pass pass pass 30 hello", Texas42Error, "unknown trump"),
        ("pass pass 30 pass sixes 6-6", IllegalPlayError, "6-6, which is in your hand"),
        ("pass 30 36 37 sixes 5-5 5-3 5-5", IllegalPlayError, "already played"),
        (
            "pass 30 36 37 sixes 5-5 6-6",
            IllegalPlayError,
            "seat 1 played 6-6 on a fives lead, which is in your hand",
        ),
    ],
)
def test_what_cannot_happen_is_refused(text: str, error: type[Exception], match: str) -> None:
    *before, last = text.split()
    table = entered(" ".join(before))
    with pytest.raises(error, match=match):
        table.enter(last)


def test_undo_takes_back_the_last_entry() -> None:
    table = entered("pass 30 36 37 sixes 4-4")
    assert table.undone().plays == () and table.undone().undone().contract is None
    assert table.undone().undone().undone().calls == ("pass", "30", "36")
    assert entered("").undone() == entered("")


def test_the_example_from_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole example at 200 deals: the advice comes at our four kinds of turn, before
    each of our entries (the first play's with a note), and the hand ends with the bid
    made and the review command."""
    monkeypatch.setenv("COLUMNS", "2000")  # each advice on one line
    result = invoke("follow", HAND, "--position", "4", "--seed", "1", "--deals", "200", input=EXAMPLE)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"You hold {HAND}, bidding 4th (the shaker).")
    advice = [k for k, line in enumerate(lines) if line.startswith(("Bid ", "Declare ", "Play ", "Pass"))]
    ours = [k for k, line in enumerate(lines) if line.startswith(("You call", "You declare", "You lead"))]
    first_play = next(k for k in advice if lines[k].startswith("Play "))
    assert len(ours) == 7 and [k + 1 + (k == first_play) for k in advice] == ours
    # At our first play only: why its odds run lower than the declaration's.
    notes = [k for k, line in enumerate(lines) if line.startswith("A play's figures hold for that play")]
    assert notes == [first_play + 1]
    assert "Trick 5 to you (11 points): your team 40 points, the opponents 0." in lines
    assert "The bid of 37 is made: your team has 40 points. Your team scores 1 mark." in lines
    assert lines[-2] == "To weigh your call, your declaration and each of your plays:"
    assert lines[-1].startswith(f'texas42 review "{HAND}" --trump sixes') and lines[-1].endswith("--seed 1")
    again = invoke(
        "follow", HAND, "--position", "4", "--seed", "1", "--deals", "200", "--threads", "1", input=EXAMPLE
    )
    assert again.stdout == result.stdout


@pytest.mark.parametrize(
    ("args", "text", "message"),
    [
        (
            [HAND, "-p", "4"],
            "pass 30 29\n",
            "line 1: not a bid: '29' (bids are pass, 30 to 41, 42, 84, 126, ...)",
        ),
        ([HAND, "-p", "4"], "pass 30 36\n37 sixes\n6-6 6-1 6-6\n", "line 3: trick 1, seat 2 played 6-6"),
        ([HAND, "-p", "4"], "pass pass pass\nbanana\n", "line 2: not a bid: 'banana'"),
        (
            [HAND, "-p", "4"],
            "pass 30 36 37 sixes 4-4 4-2 4-0 4-1 / /\n",
            "line 1: '/' twice: a trick ends once",
        ),
        ([HAND, "-p", "4"], "pass 30 36 help\n", "line 1: 'help' is for the prompt"),
        ([HAND, "-p", "4"], "pass\nexit now\n", "line 2: 'exit' ends the entries: nothing may follow it"),
        (
            [HAND, "-p", "4", "-n", "20"],
            "pass 30 36 37 sixes 4-4 4-2 4-0 4-1 / 6-6 6-1 6-0 6-3 / 5-5 5-4 5-0 5-1 / 6-5 0-0 3-2 2-0 / "
            "6-4 3-3 2-2 5-3 full\n",
            "line 1: 'full': the hand is over: no advice now",
        ),
        ([HAND, "-p", "4"], "pass pass pass\npass\n", "line 2: 'pass': all four passed"),
        ([HAND, "-p", "1"], "plunge\n", "line 1: 'plunge': a plunge needs 4 doubles or more"),
        ([HAND], "", "give your place in the bidding: --position 1 to 4"),
        (["6-6 6-5", "-p", "1"], "", "7 dominoes"),
        ([HAND, "-p", "5"], "", "--position is 1 (the first bidder) to 4 (the shaker), got 5"),
        ([HAND, "-p", "4.0"], "", "--position needs a whole number, got '4.0'"),  # as every whole number
    ],
)
def test_bad_input_stops_before_anything_is_computed(args: list[str], text: str, message: str) -> None:
    result = invoke("follow", *args, input=text)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr


@pytest.fixture
def output_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The output going to the terminal, as at a prompt (where ``input`` shows it)."""
    monkeypatch.setattr(follow_cli, "_output_at_terminal", lambda: True)


def _prompted(
    monkeypatch: pytest.MonkeyPatch, advice: Callable[..., follow_cli.Advice]
) -> follow_cli.Follower:
    """A follower of ``HAND`` bidding 4th at the prompt, its advice given by ``advice``, run
    until the typed lines end."""
    monkeypatch.setattr(follow_cli.Adviser, "advice", advice)
    table = TableHand(parse_hand(HAND), 3, HouseRules())
    follower = follow_cli.Follower(table, follow_cli.Adviser(100, 1, None, "realistic", False))
    follow_cli._at_prompt(follower)
    return follower


@pytest.mark.usefixtures("output_at_a_terminal")
def test_at_a_prompt(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Typed entries: a line with a bad one is reported, none of it taken, and the next
    awaited; the advice comes at each of our turns a line goes through; 'undo' and 'help'
    work (its lines fit the terminal), 'exit' ends; the prompt names who is expected."""
    monkeypatch.setenv("COLUMNS", "60")
    typed: Iterator[str] = iter(["pass 30 36 99", "pass 30 36 37 help", "undo", "exit"])
    prompts: list[str] = []

    def answer(text: str = "") -> str:
        prompts.append(text)
        return next(typed)

    advised: list[TableStage] = []
    monkeypatch.setattr(builtins, "input", answer)

    def advice(self: follow_cli.Adviser, table: TableHand) -> follow_cli.Advice:
        advised.append(table.stage)
        return follow_cli.Advice("ADVICE", {})

    _prompted(monkeypatch, advice)
    out = capsys.readouterr()
    assert prompts[:2] == ["your left opponent (seat 1) calls> "] * 2
    assert prompts[2:] == ["you declare> ", "you call> "]
    assert "texas42: error: '99': not a bid" in out.err or "not a bid: '99'" in out.err
    hint = out.err[out.err.index("Next: you declare.") :].splitlines()
    assert len(hint) > 2 and all(len(line) < 60 for line in hint)
    assert "'realistic': this turn played out." in " ".join(hint)
    # The advice for the call taken back is not computed again.
    assert out.out.count("ADVICE") == 3 and advised == [TableStage.BIDDING, TableStage.DECLARING]
    assert "The last entry is taken back." in out.out


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("undo\nundo\npass\n", "line 1: 'undo': nothing to take back"),
        ("pass 30\n\nundo undo UNDO pass\n", "line 3: 'UNDO': nothing to take back"),
    ],
)
def test_an_undo_from_a_pipe_with_nothing_to_take_back_stops_it(text: str, message: str) -> None:
    """From a file or a pipe, an 'undo' with nothing to take back is a line that cannot be:
    one line of error naming it, exit status 2, nothing printed."""
    result = invoke("follow", HAND, "-p", "4", "-n", "20", "-s", "1", input=text)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == f"texas42: error: {message}\n"


@pytest.mark.usefixtures("output_at_a_terminal")
def test_an_undo_at_a_prompt_with_nothing_to_take_back_is_said_and_the_hand_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed: Iterator[str] = iter(["undo", "pass undo undo 30", "exit"])
    monkeypatch.setattr(builtins, "input", lambda text="": next(typed))
    follower = _prompted(monkeypatch, lambda self, table: follow_cli.Advice("ADVICE", {}))
    out = capsys.readouterr()
    assert follower.table.calls == ("30",) and out.err == ""
    said = out.out.splitlines()
    assert said[0] == "Nothing to take back."
    assert said.count("Nothing to take back.") == 2 and said.count("The last entry is taken back.") == 1


@pytest.mark.usefixtures("output_at_a_terminal")
def test_full_and_realistic_at_a_prompt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At our turn 'full' and 'realistic' give the advice again in that form (each form
    computed once); asked at another's turn, one line of error, and the prompt goes on."""
    typed: Iterator[str] = iter(["full", "pass 30 36", "full realistic full", "exit"])
    monkeypatch.setattr(builtins, "input", lambda text="": next(typed))
    asked: list[tuple[bool, int]] = []

    def advice(self: follow_cli.Adviser, table: TableHand) -> follow_cli.Advice:
        asked.append((self.full, self.contract_deals))
        return follow_cli.Advice(f"ADVICE full={self.full} played={self.contract_deals}", {})

    _prompted(monkeypatch, advice)
    out = capsys.readouterr()
    assert out.err.splitlines() == [
        "texas42: error: 'full': no advice now, your left opponent (seat 1) calls next"
    ]
    assert out.out.splitlines()[-5:] == [
        "ADVICE full=False played=0",
        "ADVICE full=True played=0",
        "ADVICE full=False played=200",
        "ADVICE full=True played=0",
        "The entries end here, before the hand is over: next, you call.",
    ]
    assert asked == [(False, 0), (True, 0), (False, 200)]


@pytest.mark.usefixtures("output_at_a_terminal")
def test_ctrl_c_at_a_typed_line_skips_what_computes_and_takes_the_rest(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while a typed line's advice (or a word asked) computes skips it, as at the
    prompt, and the rest of the line is taken; that turn's advice is not asked again."""
    typed: Iterator[str] = iter(["pass 30 36 full 37 sixes", "exit"])
    monkeypatch.setattr(builtins, "input", lambda text="": next(typed))
    asked: list[tuple[TableStage, bool]] = []

    def advice(self: follow_cli.Adviser, table: TableHand) -> follow_cli.Advice:
        asked.append((table.stage, self.full))
        if table.stage is TableStage.BIDDING:
            raise KeyboardInterrupt
        return follow_cli.Advice("ADVICE", {})

    follower = _prompted(monkeypatch, advice)
    out = capsys.readouterr()
    assert out.err.splitlines() == ["Interrupted: no advice this turn.", "Interrupted: no 'full'."]
    bidding, declaring, playing = TableStage.BIDDING, TableStage.DECLARING, TableStage.PLAYING
    assert asked == [(bidding, False), (bidding, True), (declaring, False), (playing, False)]
    assert follower.table.contract is not None and follower.table.stage is TableStage.PLAYING


def test_full_and_realistic_from_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    """From a pipe: 'full' prints the command's whole report after the sentence,
    'realistic' (here in JSON) the command's own --realistic document; where they cannot
    be, the line is named before anything is computed."""
    monkeypatch.setenv("COLUMNS", "100")
    args = [HAND, "-p", "4", "-s", "1", "-n", "40"]
    result = invoke("follow", *args, input="pass 30 36\nfull\n")
    assert result.exit_code == 0, result.stderr
    report = invoke("bid", HAND, "-a", "pass 30 36", "-s", "1", "-n", "40").stdout
    last = "The entries end here, before the hand is over: next, you call.\n"
    assert result.stdout.endswith(report + last) and result.stdout.count("Bid ladder") == 1
    played = invoke("follow", *args, "--json", input="pass 30 36 realistic\n")
    records = [json.loads(line) for line in played.stdout.splitlines()]
    advice = [r["document"] for r in records if "advice" in r]
    assert [r.get("asked") for r in records if "advice" in r] == [None, "realistic"]
    bid = ["bid", HAND, "-a", "pass 30 36", "-s", "1", "-n", "40", "--json"]
    assert advice == [json.loads(invoke(*bid).stdout), json.loads(invoke(*bid, "--realistic").stdout)]
    sized = ["--realistic-deals", "4", "--worlds", "2"]  # without --realistic: for the word
    cheap = invoke("follow", *args, *sized, "--json", input="pass 30 36 realistic\n")
    asked = [json.loads(line) for line in cheap.stdout.splitlines()][-2]["document"]
    assert asked == json.loads(invoke(*bid, "--realistic", *sized).stdout)
    assert asked["realistic"]["deals"] == 4 and asked["realistic"]["worlds"] == 2
    for extra, text, message in [
        ([], "pass full\n", "line 1: 'full': no advice now, your partner (seat 2) calls next"),
        (["--json"], "pass 30 36 full\n", "line 1: 'full' is for the text: the JSON holds every figure"),
        (["--realistic"], "pass 30 36\nrealistic\n", "line 2: 'realistic': the advice is already played out"),
        (["--basis", "double-dummy"], "pass 30 36 realistic\n", "line 1: 'realistic' plays out to advise"),
    ]:
        refused = invoke("follow", HAND, "-p", "4", *extra, input=text)
        assert (refused.exit_code, refused.stdout) == (2, ""), extra
        assert refused.stderr.count("\n") == 1 and message in refused.stderr


def test_review_once_the_hand_is_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """'review' after the last entry: the review 'texas42 review' prints for the hand
    played, with the same deals and seed (JSON: its document); before the end, or with
    none of our dominoes played, one line of error naming the line."""
    monkeypatch.setenv("COLUMNS", "100")
    args = [HAND, "-p", "4", "-s", "1", "-n", "40"]
    result = invoke("follow", *args, input=EXAMPLE + "review\n")
    assert result.exit_code == 0, result.stderr
    table = entered(" ".join(line.split("#")[0] for line in EXAMPLE.splitlines()))
    command = review_command(table, "--deals 40 --seed 1")  # the command the hand's end prints
    assert f"each of your plays: {command}" in " ".join(result.stdout.split())
    review_args = shlex.split(command)[1:]
    alone = invoke(*review_args)
    assert result.stdout.endswith(alone.stdout)
    played = invoke("follow", *args, "--json", input=EXAMPLE + "review\n").stdout.splitlines()
    assert json.loads(played[-1]) == {"reviewed": json.loads(invoke(*review_args, "--json").stdout)}
    assert json.loads(played[-2])["outcome"] == "made"
    for text, message in [
        ("pass 30 36 review\n", "line 1: 'review': the hand is not over"),
        # our partner's Nel-O, set in the first trick: we sat out
        ("pass pass 84 pass nello 5-4 5-0 5-1 review\n", "line 1: 'review': no domino of yours"),
    ]:
        refused = invoke("follow", HAND, "-p", "1", input=text)
        assert (refused.exit_code, refused.stdout) == (2, ""), refused.stderr
        assert refused.stderr.count("\n") == 1 and message in refused.stderr


def test_review_at_a_plunge_judges_the_turns_as_texas42_review_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Our partner's plunge, every trick taken: 'review' prints what 'texas42 review' does
    for the hand, each turn judged on the odds of making 168 alone (JSON the same)."""
    monkeypatch.setenv("COLUMNS", "80")
    hand = "6-4 6-3 6-2 6-1 6-0 5-4 2-2"
    tricks = (
        "6-4 5-3 6-6 5-0 / 6-5 4-1 6-3 5-2 / 5-5 4-0 5-4 5-1 / 4-4 3-1 6-2 4-3 / 6-1 4-2 3-3 3-0 / "
        "6-0 3-2 2-1 2-0 / 2-2 1-1 1-0 0-0"
    )
    entries = f"pass pass 168 pass sixes {tricks.replace(' /', '')}\nreview\n"
    args = [hand, "-p", "1", "-s", "1", "-n", "40"]
    result = invoke("follow", *args, input=entries)
    assert result.exit_code == 0, result.stderr
    command = f'review "{hand}" -t sixes --auction "pass pass 168 pass" --tricks "{tricks}" -n 40 -s 1'
    alone = invoke(*shlex.split(command))
    assert result.stdout.endswith(alone.stdout)
    assert "At 168 the bid is made only by taking every trick" in " ".join(alone.stdout.split())
    followed = invoke("follow", *args, "--json", input=entries).stdout.splitlines()
    reviewed = json.loads(followed[-1])["reviewed"]
    assert reviewed == json.loads(invoke(*shlex.split(command), "--json").stdout)
    assert reviewed["weighs_points"] is False and reviewed["points_lost"] is None


@pytest.mark.usefixtures("output_at_a_terminal")
def test_review_at_the_prompt_once_the_hand_is_over(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """At a terminal the prompt stays once the hand is over: 'help' says what may follow,
    'review' reviews it, 'undo' takes the last play back, 'exit' ends."""
    entries = [line.split("#")[0] for line in EXAMPLE.splitlines() if line.split("#")[0].strip()]
    typed: Iterator[str] = iter([*entries, "help", "review", "undo", "exit"])
    prompts: list[str] = []
    monkeypatch.setattr(builtins, "input", lambda text="": prompts.append(text) or next(typed))
    monkeypatch.setattr(follow_cli.Adviser, "advice", lambda self, table: follow_cli.Advice("ADVICE", {}))
    reviewed: list[int] = []
    monkeypatch.setattr(follow_cli.Follower, "review", lambda self: reviewed.append(len(self.table.plays)))
    adviser = follow_cli.Adviser(40, 1, None, "realistic", False)
    follower = follow_cli.Follower(TableHand(parse_hand(HAND), 3, HouseRules()), adviser)
    follow_cli._at_prompt(follower)
    out = capsys.readouterr()
    assert prompts[-3:] == [follow_cli.OVER_PROMPT] * 2 + ["your right opponent (seat 3) plays> "]
    assert "The hand is over: 'review' weighs it now" in out.err
    assert reviewed == [20] and out.out.count("To weigh your call") == 2
    assert out.out.splitlines()[-2] == "To weigh your call, your declaration and each of your plays so far:"


def test_at_a_prompt_with_the_output_to_a_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Typed at a terminal, the output sent to a file or a pipe: the prompts stay on the
    terminal (stderr), out of the output. A hand all passed out, with nothing to review,
    keeps the prompt, so that a mistyped last pass can be taken back."""
    typed: Iterator[str] = iter(["pass pass pass", "pass", "undo", "exit"])
    monkeypatch.setattr(builtins, "input", lambda text="": text + next(typed))
    monkeypatch.setattr(follow_cli.Adviser, "advice", lambda self, table: follow_cli.Advice("ADVICE", {}))
    house = HouseRules(all_pass=AllPass.RESHUFFLE)
    follower = follow_cli.Follower(
        TableHand(parse_hand(HAND), 2, house), follow_cli.Adviser(40, 1, None, "realistic", False)
    )
    follow_cli._at_prompt(follower)
    out = capsys.readouterr()
    assert "> " not in out.out and "The last entry is taken back." in out.out
    prompts = out.err.split("> ")
    assert prompts[-3:] == [follow_cli.OVER_UNREVIEWED_PROMPT[:-2], "your left opponent (seat 1) calls", ""]


def test_in_a_real_process() -> None:
    """The console script's own pipe: a bad line, status 2, one line, no traceback."""
    run = subprocess.run(
        [sys.executable, "-m", "texas42", "follow", HAND, "-p", "4"],
        input="pass 30 36\n37 sevens\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr.startswith("texas42: error: line 2: ") and run.stderr.count("\n") == 1
    assert "sevens" in run.stderr and "Traceback" not in run.stderr


def test_a_declaration_names_a_trump_or_contract() -> None:
    table = entered("pass pass pass 84", place=0)
    assert table.declarer == 3
    assert table.enter("sevens").contract is Contract.SEVENS
    assert table.enter("follow-me").contract is Declaration.FOLLOW_ME


def test_the_readme_shows_what_follow_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's example, whole, at its 1000 deals a question, and its error."""
    monkeypatch.setenv("COLUMNS", "80")
    readme = (ROOT / "README.md").read_text()
    command = f'$ texas42 follow "{HAND}" --position 4 --seed 1 < examples/followed.txt\n'
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    result = invoke("follow", HAND, "--position", "4", "--seed", "1", input=EXAMPLE)
    assert (result.exit_code, result.stdout) == (0, shown)
    error = readme.split(f'| texas42 follow "{HAND}" -p 4\n', 1)[1].split("\n", 1)[0]
    bad = invoke("follow", HAND, "-p", "4", input="pass 30 36\n37\nsixes\n6-6 6-1 6-6\n")
    assert (bad.exit_code, bad.stdout, bad.stderr) == (2, "", error + "\n")


@pytest.mark.slow
def test_the_readme_shows_what_follow_realistic_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's --realistic example, whole, at 1000 deals and the default playouts."""
    monkeypatch.setenv("COLUMNS", "80")
    readme = (ROOT / "README.md").read_text()
    command = f'| texas42 follow "{HAND}" -p 4 --seed 1 --realistic\n'
    shown = readme.split(command, 1)[1].split("```", 1)[0]
    result = invoke("follow", HAND, "-p", "4", "--seed", "1", "--realistic", input="pass 30 36\n37\nsixes\n")
    assert (result.exit_code, result.stdout) == (0, shown)


def test_nello_at_the_table_and_not_in_the_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    """We bid Nel-O first and lead; the advice weighs the contract, not points; the
    trick the left opponent takes is counted in tricks. 'follow' is not a shell command."""
    monkeypatch.setenv("COLUMNS", "2000")
    result = invoke(
        "follow", "6-0 5-1 4-0 3-1 2-0 1-0 0-0", "-p", "1", "-s", "3", "-n", "100",
        input="84 pass pass pass\nnello\n0-0 6-6 5-5\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "You declare Nel-O." in lines and "Your left opponent (seat 1) plays 6-6." in lines
    assert lines[-4:-2] == [
        "Trick 1 to your left opponent (seat 1): your team 0 tricks, the opponents 1.",
        "The entries end here, before the hand is over: next, your left opponent (seat 1) leads in trick 2.",
    ]
    assert any(line.startswith("Play ") and "played out by players who see only" in line for line in lines)
    assert lines[-1].endswith("--seed 3")
    with pytest.raises(ValueError, match="'follow' reads its own entries"):
        command_words(f'follow "{HAND}" -p 1')


def test_at_nello_no_realistic_keeps_to_double_dummy_and_realistic_is_already_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At Nel-O the plays are played out unasked, as 'play' plays them: --no-realistic
    keeps to double-dummy (and says so in the review command); the word 'realistic' has
    nothing to add."""
    monkeypatch.setenv("COLUMNS", "2000")
    args = ["follow", "6-0 5-1 4-0 3-1 2-0 1-0 0-0", "-p", "1", "-s", "3", "-n", "60"]
    told = invoke(*args, "--no-realistic", input="84 pass pass pass\nnello\n0-0 6-6 5-5\n")
    assert told.exit_code == 0, told.stderr
    lines = told.stdout.splitlines()
    assert "Play 3-1: your team makes 84 in" in "\n".join(lines) and "played out" not in told.stdout
    assert lines[-1].endswith("--deals 60 --seed 3 --no-realistic")
    again = invoke(*args, input="84 pass pass pass\nnello\nrealistic\n")
    assert (again.exit_code, again.stdout) == (2, "")
    assert again.stderr == "texas42: error: line 3: 'realistic': at Nel-O the advice is already played out\n"


def test_the_prompt_offers_the_word_realistic_only_where_it_would_play_out() -> None:
    """At a Nel-O play the advice is played out unasked: the prompt's help offers the word
    'realistic' there only with --no-realistic, and never on the double-dummy basis."""
    table = entered("84 pass pass pass nello", place=0, hand="6-0 5-1 4-0 3-1 2-0 1-0 0-0")
    assert table.to_act == 0
    unasked = follow_cli.Adviser(100, 1, None, "realistic", False)
    told = replace(unasked, unasked=False)
    offered = "'realistic': this turn played out."
    assert offered not in follow_cli._help(table, unasked)
    assert offered in follow_cli._help(table, told)
    assert offered not in follow_cli._help(table, replace(told, basis="double-dummy"))
    assert offered in follow_cli._help(entered("pass 30 36 37 sixes"), unasked)


def test_a_forced_play_is_said_without_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    """Our partner leads treys and we hold one trey, 3-1: nothing to weigh, no solving."""
    table = entered("pass 30 pass pass sixes 3-0 3-2")
    assert table.to_act == 0 and table.legal_plays() == 1 << parse_domino("3-1")
    monkeypatch.setattr(follow_cli.api, "advise_play", None)  # would fail if called
    said = follow_cli.Adviser(100, 1, None, "realistic", False).advice(table)
    assert str(said.view) == "Your only legal play: 3-1." and said.document["forced"] == "3-1"
    assert entered("pass 30 36 37 sixes").legal_plays() == parse_hand(HAND).mask


def test_a_hand_built_with_its_entries_is_checked_as_entered() -> None:
    hand, house = parse_hand(HAND), HouseRules()
    built = TableHand(hand, 3, house, ("pass", "30", "36", "37"), Declaration.SIXES, (parse_domino("6-6"),))
    assert built == entered("pass 30 36 37 sixes 6-6") and built.to_act == 1
    with pytest.raises(AuctionError, match="not a bid: '29'"):
        TableHand(hand, 3, house, ("pass", "29"))
    with pytest.raises(IllegalPlayError, match="2-0, which is not in your hand"):
        TableHand(hand, 3, house, ("pass", "30", "36", "37"), Declaration.SIXES, (3,))
    with pytest.raises(Texas42Error, match="calls is a tuple"):
        TableHand(hand, 3, house, ["pass"])  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="the position in the bidding is 1 to 4"):
        TableHand.dealt(HAND, 0)


def test_what_no_deal_can_fit_is_refused_at_once() -> None:
    """Every other seat shows out of treys while 3-1 is unseen: no deal fits. And at a
    Nel-O where we sit out, seat 3 is left more unseen dominoes than it has room for."""
    with pytest.raises(IllegalPlayError, match="no other seat may hold 3-1"):
        entered("30 pass pass pass follow-me 3-0 6-5 6-4 6-6", place=0, hand="0-0 1-0 1-1 2-0 2-1 2-2 3-0")
    nello = "pass pass 84 pass nello 5-3 6-5 4-3 6-4 3-1 3-2 5-4 4-4"
    table = entered(nello, place=0, hand="0-0 1-0 1-1 2-0 2-1 2-2 3-0")
    with pytest.raises(IllegalPlayError, match="may go only to seat 3, room for 4"):
        table.enter("4-2")


def test_calls_are_kept_as_players_write_them() -> None:
    """``p`` is a pass (all four: a reshuffle where the house says), ``030`` is 30."""
    assert entered("p 030").calls == ("pass", "30")
    reshuffle = HouseRules(all_pass=AllPass.RESHUFFLE)
    assert entered("p pass P pass", house=reshuffle).reshuffled
    built = TableHand(parse_hand(HAND), 3, HouseRules(), ("p", "030"))
    assert built.calls == ("pass", "30") and built == entered("pass 30")


@pytest.mark.parametrize(
    ("before", "entry", "match"),
    [
        ("", "pass 30", "one call, contract or domino at a time"),
        ("", " ", "one call, contract or domino at a time"),
        ("42 84 126 168", "plunge", "a plunge is bid, not declared"),
    ],
)
def test_one_entry_of_the_right_kind(before: str, entry: str, match: str) -> None:
    with pytest.raises(Texas42Error, match=match):
        entered(before).enter(entry)


def test_the_words_of_a_few_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "2000")
    result = invoke("follow", HAND, "-p", "4", "-n", "20", "-s", "1", input="pass 30\nundo undo\n")
    assert result.stdout.splitlines()[-3:] == [
        "The last entry is taken back.",
        "The last entry is taken back.",
        "The entries end here, before the hand is over: next, your left opponent (seat 1) calls.",
    ]
    played = invoke("follow", HAND, "-p", "4", "-n", "20", "-s", "1", input=ENTRIES + "6-6 6-1\n")
    assert played.stdout.splitlines()[-3:] == [
        "The entries end here, before the hand is over: next, your partner (seat 2) plays in trick 2.",
        "To weigh your call, your declaration and each of your plays so far:",
        f'texas42 review "{HAND}" --trump sixes --auction "pass 30 36 37" '
        '--tricks "4-4 4-2 4-0 4-1 / 6-6 6-1" --deals 20 --seed 1',
    ]
    splash = invoke("follow", HAND, "-p", "4", "-n", "20", "-s", "1", input="pass pass pass splash\n")
    assert (
        "You win the bid with a splash (84): your partner (seat 2) names the trump and leads."
        in splash.stdout
    )


# The commands whose advice 'follow' gives at our turns of ENTRIES (seat 3 of four).
ENTRIES = "pass 30 36 37 sixes 4-4 4-2 4-0 4-1\n"
STANDALONE = [
    ["bid", HAND, "--auction", "pass 30 36"],
    ["declare", HAND, "--auction", "pass 30 36 37"],
    ["play", HAND, "-t", "sixes", "--auction", "pass 30 36 37"],
    ["play", HAND, "-t", "sixes", "--auction", "pass 30 36 37", "--tricks", "4-4 4-2 4-0 4-1"],
]


def test_json_lines_hold_each_commands_own_document() -> None:
    """--json: a header, an object an entry, and at each of our turns the very document
    'bid', 'declare' or 'play' --json prints with the same seed and deals."""
    args = ["-s", "1", "-n", "60"]
    result = invoke("follow", HAND, "-p", "4", *args, "--json", input=ENTRIES)
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    house = {"nello_doubles": "own-suit", "nello_min_marks": 2, "all_pass": "forced", "specials": True}
    settings = {"basis": "realistic", "noise": 1.0, "house": house}
    assert records[0] == {"hand": HAND.split(), "position": 4, "deals": 60, "seed": 1, **settings}
    high = invoke(
        "follow", HAND, "-p", "4", *args, "--json", "--nello-doubles", "high", "--basis", "double-dummy"
    )
    assert json.loads(high.stdout.splitlines()[0])["house"]["nello_doubles"] == "high"
    assert json.loads(high.stdout.splitlines()[0])["basis"] == "double-dummy"
    assert records[1] == {"seat": 1, "stage": "bidding", "call": "pass"}
    assert {"seat": 3, "stage": "bidding", "call": 36} in records  # a bid as the auctions write it
    advice = [r for r in records if "advice" in r]
    assert [a["advice"] for a in advice] == ["bid", "declare", "play", "play"]
    for given, command in zip(advice, STANDALONE, strict=True):
        assert given["document"] == json.loads(invoke(*command, *args, "--json").stdout)
    trick = records[-3]  # then the advice for our lead, and the end
    ended = {"trick": 1, "winner": 0, "score": [6, 0], "tricks_won": [1, 0]}
    assert trick == {"seat": 3, "stage": "playing", "play": "4-1", **ended}
    review = f'texas42 review "{HAND}" --trump sixes --auction "pass 30 36 37" --tricks "4-4 4-2 4-0 4-1"'
    upcoming = {"stage": "playing", "next": 0}  # the seat that acts next, as the table document says
    assert records[-1] == {"outcome": None, **upcoming, "review": f"{review} --deals 60 --seed 1"}
    forced = invoke("follow", HAND, "-p", "4", *args, "--json", input="pass 30 pass pass sixes 3-0 3-2\n")
    assert json.loads(forced.stdout.splitlines()[-2]) == {"advice": "play", "forced": "3-1"}
    both = invoke("follow", HAND, "-p", "4", "--json", "--full", input="")
    assert both.exit_code == 2 and "--full and --json do not go together" in both.stderr


def test_a_hand_at_the_table_has_its_document_from_python() -> None:
    """``texas42.to_dict`` of a ``TableHand``: the entries so far as the JSON Lines write
    them, who acts next, and the outcome once the hand is over."""
    table = TableHand.dealt(HAND, position=4)
    for entry in ENTRIES.split():
        table = table.enter(entry)
    document = texas42.to_dict(table)
    assert document == {
        "hand": HAND.split(),
        "position": 4,
        "house": {"nello_doubles": "own-suit", "nello_min_marks": 2, "all_pass": "forced", "specials": True},
        "calls": ["pass", 30, 36, 37],
        "contract": "sixes",
        "plays": ["4-4", "4-2", "4-0", "4-1"],
        "stage": "playing",
        "next": 0,
        "outcome": None,
    }
    table = TableHand.dealt(HAND, position=1, house=HouseRules(all_pass=AllPass.RESHUFFLE))
    for _ in range(4):
        table = table.enter("pass")
    passed = texas42.to_dict(table)
    assert (passed["calls"], passed["stage"], passed["next"], passed["outcome"]) == (
        ["pass"] * 4,
        "over",
        None,
        "reshuffled",
    )


def test_realistic_advice_is_each_commands_own_played_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """--realistic: each advice is the document the command's --realistic --json prints,
    the playouts told in the header; refused on the double-dummy basis."""
    monkeypatch.setenv("COLUMNS", "2000")
    args = ["-s", "2", "-n", "40"]
    played = ["--realistic", "--realistic-deals", "4", "--worlds", "2"]
    result = invoke("follow", HAND, "-p", "4", *args, *played, "--json", input=ENTRIES)
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert records[0]["realistic"] == {"deals": 4, "play_deals": 4, "worlds": 2}
    advice = [r["document"] for r in records if "advice" in r]
    for given, command in zip(advice, STANDALONE, strict=True):
        assert given == json.loads(invoke(*command, *args, *played, "--json").stdout)
    assert advice[0]["realistic"]["deals"] == 4 and advice[2]["realistic"]["deals"] == 4
    # The defaults, 200 and 100, but no more than the 40 deals each playout takes its own from.
    text = invoke("follow", HAND, "-p", "4", *args, "--realistic", "--worlds", "2", input="pass 30\n")
    assert text.stdout.splitlines()[0].endswith(
        "(seed 2), and plays your choices out by players who see only their own dominoes (2 deals "
        "weighed a decision) on 40 deals at a call or declaration and 40 at a play."
    )
    first = invoke(
        "follow", HAND, "-p", "4", *args, "--realistic", "--worlds", "2", "--json", input="pass 30 36\n"
    )
    records = [json.loads(line) for line in first.stdout.splitlines()]
    assert records[0]["realistic"] == {"deals": 40, "play_deals": 40, "worlds": 2}
    assert next(r["document"] for r in records if "advice" in r)["realistic"]["deals"] == 40
    refused = invoke("follow", HAND, "-p", "4", "--realistic", "--basis", "double-dummy", input="pass\n")
    assert refused.exit_code == 2 and "not with --basis double-dummy" in refused.stderr
    sized = invoke("follow", HAND, "-p", "4", "--worlds", "2", "--basis", "double-dummy", input="pass\n")
    assert sized.exit_code == 2 and "--worlds: for playouts, which the double-dummy basis" in sized.stderr


@pytest.mark.parametrize(
    ("calls", "contracts"),
    [("pass 30 36 37", ""), ("pass 30 36 84", ' or "nello" or "sevens"'), ("pass pass pass splash", "")],
)
def test_help_names_only_the_contracts_the_bid_allows(calls: str, contracts: str) -> None:
    """Nel-O and sevens need a mark bid (two marks for Nel-O by default); after a splash
    the partner names a trump only."""
    hint = follow_cli._help(entered(calls), follow_cli.Adviser(100, 1, None, "realistic", False))
    assert f'A trump ("sixes", "doubles", "follow-me"){contracts}; "undo" takes the last entry back.' in hint


def test_sitting_out_a_partners_nello_says_why_nothing_is_reviewed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "2000")
    plays = "6-0 6-3 6-4 6-6 4-1 3-3 6-2 4-0 5-2 6-1 3-1 4-2 4-3 3-0 2-1 3-2 2-0 1-1 2-2 1-0 0-0"
    entries = f"pass pass 84 pass\nnello\n{plays}\n"
    result = invoke("follow", "5-5 5-4 5-3 5-1 5-0 6-5 4-4", "-p", "1", "-s", "1", "-n", "20", input=entries)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-2:] == [
        "Nel-O is made: the bidder lost every trick. Your team scores 2 marks.",
        "No domino of yours was played: 'texas42 review' has no play to weigh.",
    ]


def test_the_opponents_bid_made() -> None:
    """The opponents' 42 made, seen from our side: their points, their mark."""
    plays = (
        "6-5 6-6 6-0 5-2 5-5 6-4 4-1 6-3 5-4 6-2 4-0 4-2 5-3 6-1 3-1 3-3 "
        "5-1 4-3 3-0 2-1 5-0 3-2 2-0 1-1 4-4 2-2 1-0 0-0"
    )
    table = entered(f"pass pass pass 42 fives {plays}", place=2, hand="6-3 5-2 4-2 3-3 2-1 1-1 0-0")
    assert table.stage is TableStage.OVER
    assert (
        hand_end(table) == "The bid of 42 is made: the opponents have 42 points. The opponents score 1 mark."
    )


def test_nello_made_to_the_last_trick() -> None:
    """We bid Nel-O and lose all seven tricks of three: made; the review command groups
    the plays three a trick."""
    plays = "0-0 5-5 6-2 6-5 6-1 6-0 6-4 5-4 1-0 6-3 5-3 2-0 5-2 4-3 5-1 5-0 4-1 3-1 1-1 2-1 4-0"
    table = entered(f"84 pass pass pass nello {plays}", place=0, hand="6-0 5-1 4-0 3-1 2-0 1-0 0-0")
    assert table.stage is TableStage.OVER and table.outcome == "made" and table.history.is_over
    assert hand_end(table) == "Nel-O is made: the bidder lost every trick. Your team scores 2 marks."
    assert review_command(table).endswith(
        '--tricks "0-0 5-5 6-2 / 6-5 6-1 6-0 / 6-4 5-4 1-0 / 6-3 5-3 2-0 / '
        '5-2 4-3 5-1 / 5-0 4-1 3-1 / 1-1 2-1 4-0"'
    )


def test_the_review_command_weighs_the_hand_as_the_advice_did() -> None:
    table = entered("pass 30 36 37 sixes")
    plain = follow_cli.Adviser(1000, 3, None, "realistic", False)
    assert plain.review_options(table) == "--seed 3"
    played = follow_cli.Adviser(500, 7, None, "realistic", False, contract_deals=200, play_deals=100)
    assert played.review_options(table) == "--deals 500 --seed 7 --realistic"
    sized = follow_cli.Adviser(500, 7, None, "realistic", False, contract_deals=4, play_deals=4, worlds=2)
    assert sized.review_options(table) == "--deals 500 --seed 7 --realistic --realistic-deals 4 --worlds 2"
    noisy = follow_cli.Adviser(1000, 3, None, "double-dummy", False, noise=0.5, unasked=False)
    house = HouseRules(nello_doubles=NelloDoubles.LOW, all_pass=AllPass.RESHUFFLE)
    at_sixes = entered("pass 30 36 37 sixes", house=house)
    assert noisy.review_options(at_sixes) == (
        "--nello-doubles low --all-pass reshuffle --basis double-dummy --noise 0.5 --seed 3"
    )
    # --no-realistic where the review would play out unasked: the plays at Nel-O.
    at_nello = entered("84 pass pass pass nello", place=0, house=house, hand="6-0 5-1 4-0 3-1 2-0 1-0 0-0")
    assert noisy.review_options(at_nello).endswith("--noise 0.5 --seed 3 --no-realistic")
    # --worlds where the plays are played out unasked (at Nel-O), not at a trump
    weighed = follow_cli.Adviser(1000, 3, None, "realistic", False, worlds=2)
    assert weighed.review_options(at_nello).endswith("--seed 3 --worlds 2")
    assert weighed.review_options(at_sixes).endswith("--seed 3")


def test_worlds_apply_where_follow_plays_out_unasked() -> None:
    """At Nel-O the plays are played out unasked, on --worlds worlds a decision as
    'texas42 play' weighs them; at the call, where nothing is played out, --worlds is
    not passed on (the API refuses worlds without playouts)."""
    result = invoke(
        "follow", "6-0 5-1 4-0 3-1 2-0 1-0 0-0", "-p", "1", "-n", "30", "-s", "1", "--worlds", "2", "--json",
        input="84 pass pass pass\nnello\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    (play,) = [r["document"] for r in records if r.get("advice") == "play"]
    assert play["realistic"]["worlds"] == 2


@pytest.mark.parametrize(
    ("options", "entries", "expected", "contract"),
    [
        (
            ["--nello-min-marks", "1", "--nello-doubles", "high"],
            "42\npass pass pass\nnello\n3-1 3-3 3-0\n",
            "--nello-doubles high --nello-min-marks 1 --deals 40 --seed 1",
            "Nel-O (doubles high), bid 42 by seat 0",
        ),
        (
            ["--all-pass", "reshuffle", "--basis", "double-dummy", "--no-specials"],
            "30\npass pass pass\nsixes\n6-6 6-1 6-0 6-3\n",
            "--no-specials --all-pass reshuffle --basis double-dummy --deals 40 --seed 1",
            "sixes, bid 30 by seat 0",
        ),
    ],
)
def test_the_review_command_printed_carries_the_house_rules(
    options: list[str], entries: str, expected: str, contract: str
) -> None:
    """The review command at the hand's end names every rule and setting that is not the
    default, so that it weighs the hand as 'follow' did (without them, a Nel-O bid at 42
    under min marks 1 was refused by the command printed)."""
    hand = "6-0 5-1 4-0 3-1 2-0 1-0 0-0" if "nello" in entries else "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
    followed = invoke("follow", hand, "-p", "1", "-s", "1", "-n", "40", *options, input=entries)
    assert followed.exit_code == 0, followed.stderr
    command = followed.stdout.splitlines()[-1]
    assert command.startswith("texas42 review ") and command.endswith(expected)
    reviewed = invoke(*shlex.split(command)[1:])
    assert reviewed.exit_code == 0, reviewed.stderr
    assert contract in reviewed.stdout.splitlines()[0]
    auction = " ".join(entries.split("\n")[:2])
    assert f"Deals consistent with the auction: {auction}," in " ".join(reviewed.stdout.split())


def test_the_settings_noise_waits_for_calls_to_infer_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``noise`` in the settings weighs the calls before ours; the first bidder has none,
    and its advice is the advice of ``bid`` without an auction (it stopped ``follow -p 1``
    with "--noise goes with an auction")."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "texas42.toml").write_text("[tool.texas42]\nnoise = 2\n")
    followed = invoke(
        "follow", HAND, "-p", "1", "-s", "1", "-n", "30", "--no-realistic", input="30 pass pass pass\n"
    )
    assert followed.exit_code == 0, followed.stderr
    alone = invoke("bid", HAND, "-s", "1", "-n", "30")
    assert alone.exit_code == 0, alone.stderr
    advice = next(line for line in alone.stdout.splitlines() if line.startswith("Bid "))
    assert advice.startswith("Bid 41 with sixes") and advice in followed.stdout


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ("pass / 30 36", "line 1: '/' is written between tricks, after the last play of one"),
        ("pass 30 36 37 sixes 6-6 6-1 / 6-0 6-3", "line 1: '/' ends a trick, but trick 1 has 2 plays so far"),
    ],
)
def test_a_slash_is_checked_to_fall_between_tricks(entries: str, message: str) -> None:
    result = invoke("follow", HAND, "-p", "4", "-n", "20", input=entries + "\n")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"texas42: error: {message}\n")


def test_slashes_between_tricks_are_taken_as_review_writes_them(no_solving: None) -> None:
    tokens = ["pass", "30", "36", "37", "sixes", "6-6", "6-1", "6-0", "6-3", "/", "6-5"]
    steps = follow_cli._checked(
        entered(""), [" ".join(tokens)], follow_cli.Adviser(20, 1, None, "realistic", False)
    )
    assert steps is not None and [token for token, _ in steps] == [t for t in tokens if t != "/"]


def test_legal_plays_only_at_seat_0_s_turn_to_play() -> None:
    with pytest.raises(UsageError, match="it is not seat 0's turn to play"):
        entered("pass 30").legal_plays()  # bidding
    at_sixes = entered("pass 30 36 37 sixes")  # we won the bid and lead: any domino
    assert at_sixes.legal_plays() == at_sixes.hand.mask
    with pytest.raises(UsageError, match="it is not seat 0's turn to play"):
        at_sixes.enter("6-6").legal_plays()  # the left opponent's turn


def test_a_set_bid_counts_one_point_in_the_singular() -> None:
    """We bid 42 and take the first trick, no count in it (1 point); the opponents take the
    second: the end says "1 point", as the trick's line does."""
    entries = "42 pass pass pass\nsixes\n6-6 6-3 6-1 6-0\n3-1 3-3 3-0 2-1\n"
    result = invoke("follow", HAND, "-p", "1", "-s", "1", "-n", "30", input=entries)
    assert result.exit_code == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "The bid of 42 is set: your team has 1 point, and only 40 are left." in text


def test_ctrl_c_while_entries_are_read_ends_the_hand_where_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """From a file or a pipe, Ctrl-C ends as the end of the input does (who is next, and
    the review command of what was played), then says how far it got: it ended silently."""
    act, acted = follow_cli.Follower.act, []

    def interrupted_at_the_eighth(follower: follow_cli.Follower, *entry: object) -> None:
        acted.append(entry[0])
        if len(acted) == 8:
            raise KeyboardInterrupt
        act(follower, *entry)

    monkeypatch.setattr(follow_cli.Follower, "act", interrupted_at_the_eighth)
    entries = "30\npass pass pass\nsixes\n6-6 6-1 6-0 6-3\n6-5\n"
    result = invoke("follow", "6-6 6-5 6-4 6-2 5-5 4-4 3-1", "-p", "1", "-s", "1", "-n", "40", input=entries)
    assert result.exit_code == 130 and acted[-1] == "6-0"
    assert result.stderr == "texas42: interrupted after 7 of 10 entries\n"
    said = " ".join(result.stdout.split())
    assert (
        "The entries end here, before the hand is over: next, your partner (seat 2) plays in trick 1." in said
    )
    review = '--trump sixes --auction "30 pass pass pass" --tricks "6-6 6-1" --deals 40 --seed 1'
    assert result.stdout.splitlines()[-1].endswith(review)
