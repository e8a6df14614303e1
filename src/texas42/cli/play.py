"""``texas42 play``: what to play now, during the hand."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Annotated, Any

import typer

from texas42.analysis import (
    DEFAULT_REALISTIC_PLAY_DEALS,
    PlayAdvice,
    advise_play,
    realistic_plays,
    turns_played_out_by_default,
)
from texas42.analysis.play import checked_play
from texas42.analysis.realistic_play import playouts_total
from texas42.cli.analyze import HandArgument
from texas42.cli.app import app, error_text, inputs_checked
from texas42.cli.options import (
    PLAYOUT_DEALS,
    DealsOption,
    InferOption,
    NelloDoublesOption,
    NoiseOption,
    SeedOption,
    ThreadsOption,
    UnaskedWorldsOption,
    WholeAuctionOption,
    auction_noise,
    checked,
    house_rules,
    inferred,
    keep,
    only_where,
    option_parser,
    playouts,
)
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.cli.terminal import output_console
from texas42.deal import draw_seed
from texas42.errors import Texas42Error, UsageError
from texas42.io.documents import play_to_json
from texas42.report.play import play_view
from texas42.rules import (
    PASS,
    Contract,
    Declaration,
    Hand,
    PlayedContract,
    parse_bid,
    parse_hand,
    parse_played_contract,
    parse_seat,
    parse_tricks,
    trick_size,
)

PLAY_HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
PLAY_TRICKS = "6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3"
NELLO_HAND = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"
SEVENS_HAND = "6-1 5-2 4-3 6-2 5-1 4-4 3-3"

PLAY_HELP = f"""
What to play now. Give your 7 dominoes as dealt, the trump, who bid and what, your
seat and --tricks, the dominoes played so far in order of play from the bidder's
lead ('/' between tricks is allowed, and checked where written); who played each
follows from the rules (the winner of a trick leads the next). It must be your turn.

Every deal of the other hands consistent with the plays is equally likely (unless
--auction, below): the dominoes played are gone, and a seat that did not follow the
suit led holds none of that suit (as the trump defines the suits). --deals of them are
dealt at random from --seed and each is solved double-dummy after each of your legal
plays; when no more deals are consistent than --deals, all of them are (exact). For each play: your
team's expected points for the whole hand (the points taken so far plus the rest with
perfect play) with its 95% interval, the odds that the bidder's team makes the bid
(shown as the odds of setting it when you defend), and the share of deals in which it
is a best play. The best play wins the contract for your team in the most deals;
among equals, it expects the most points. At a trump, "Who holds the unseen trumps and
count" gives the share of those deals in which each other seat holds each trump and
count domino you cannot see.

With --auction, the whole auction (the four calls in the order made: "pass 30 31 pass"),
the bidding says more: the high bid is the bidder's (--bidder; it places every call at
its seat) and the bid played (--bid may be left out), and the deals are drawn in
proportion to how likely each makes every other player's call and the bidder's choice of
trump (--infer none: uniformly), --deals of them, with replacement; when no more deals
are consistent with the plays than --deals, each of them is weighed by that likelihood
instead (exact). The model is that
of 'texas42 bid --help', on the hands as dealt (what each seat holds and has played),
and the bidder declares the trump with the best odds of the bid, misjudged: the nine
trumps' chances are a softmax of their log-odds over --noise (0: the best one). A bidder
who declared Nel-O or sevens bid it as a hand is valued: when its odds, misjudged, are
even or better (the quick model's double-dummy estimate, as 'texas42 quick' gives it).
After three passes the shaker's bid is forced. A plunge's auction (168 or "plunge"
before anyone has bid: "168 pass pass pass") is the plunger's, --bidder's partner: the
plunger was dealt four doubles or more, as the rules require, and --bidder named the
trump by the rule 'analyze' states for plunge and splash (1% slips); passes before the
plunge as any calls, those after it not (outbidding it takes five marks). A splash is
written "splash" (bid at 84, or one mark over 84 or more: "pass splash pass pass"): as a
plunge, with three doubles; the other calls as any calls, but for the splasher's
partner's pass after it. Every plunge and splash of the auction needs its doubles.

--trump nello or sevens: a hand played at Nel-O (the bidder must lose every trick;
the partner sits out, so a trick has three dominoes, '/' after every third, and the
doubles are a suit as --nello-doubles or the house rules say) or at sevens (no suit to
follow; the bidder's team must take every trick). Only the contract counts: each play
gets its odds of making the contract (of setting it, when you defend) and its share of
deals where it is a best play; no points. --bid defaults to the contract's least (Nel-O
84, or 42 with nello-min-marks 1 in the settings; sevens 42), or the --auction's high
bid. Once a trick has set the contract, nothing
is left to advise. A plunge or splash is played at the trump the partner names: give
that trump, the partner as --bidder (who leads), and the whole --auction ("plunge
pass pass pass": the deals then give the plunger its doubles), or at least its bid
(--bid 168; a splash 84 or more).

--realistic also plays the hand out after each of your legal plays, on
--realistic-deals of the deals (100), by players who see only their own dominoes
(yourself included, later in the hand): at each turn the seat to play weighs --worlds
deals (10) consistent with what it has seen and plays what makes the bid (or sets it)
in the most of them, as 'texas42 analyze --realistic' plays a hand out. Every play is
played out on the same deals, each deal's worlds drawn alike, so the plays are
compared on the same chances (the players' own worlds are dealt uniformly, but at
Nel-O and sevens they know the bidder chose the contract, and after a plunge's or a
splash's --auction that its bidder holds four or three doubles or more; an --auction
shapes only the
deals played out otherwise). The advice takes the playouts' best play
over the double-dummy one when it won the contract more often on those deals beyond
the sampling error (the paired 95% interval of the difference above 0); else the
difference is chance, and the double-dummy choice stands. At the first lead this takes
some seconds (7 plays x 100 playouts of the whole hand), later far less. At Nel-O it is
done unasked (--no-realistic: not): double-dummy defenders always find the trick that
sets the contract, so the double-dummy odds say little of a play at a table (the first
Nel-O example below, with --seed 1: its double-dummy best, 3-1, makes Nel-O in 45% of
the deals double-dummy and in 95% played out).

A play that contradicts the rules or what you know (a domino played twice, a seat
following a suit it showed out of, you not following suit) is bad input naming the
play: exit status 2, nothing computed.

\b
Examples:
  texas42 play "{PLAY_HAND}" --trump sixes
  texas42 play "{PLAY_HAND}" --trump sixes --tricks "6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3"
  texas42 play "{PLAY_HAND}" -t 6 --bid 42 --tricks "6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3" --json
  texas42 play "5-4 5-2 4-2 3-3 3-2 2-1 1-1" -t fours --seat 1 --tricks "4-4"
  texas42 play "5-4 5-2 4-2 3-3 3-2 2-1 1-1" -t sixes --seat 1 --auction "34 pass pass pass" --tricks "6-6"
  texas42 play "{NELLO_HAND}" --trump nello --seed 1
  texas42 play "{NELLO_HAND}" --trump nello --seed 1 --no-realistic
  texas42 play "6-6 6-4 5-5 5-3 4-4 3-2 2-2" -t nello --seat 1 --auction "84 pass pass pass" --tricks "1-0"
  texas42 play "54 52 42 33 32 21 10" -t sixes --bidder 2 --seat 3 --auction "168 pass pass pass" --tricks 65
  texas42 play "54 52 42 33 32 21 10" -t 6 --bidder 2 --seat 3 --auction "splash pass pass pass" --tricks 65
  texas42 play "{SEVENS_HAND}" --trump sevens
  texas42 play "{PLAY_HAND}" --trump sixes --bid 34 --tricks "{PLAY_TRICKS}" --realistic
"""


def played_contract(text: Any) -> PlayedContract:
    """``--trump`` of play, review and solve: a trump declaration, or Nel-O or sevens (a
    plunge or splash is refused by ``analysis.play_rules_for``, which says how to give it)."""
    if isinstance(text, Declaration | Contract):
        return text
    return parse_played_contract(str(text))


def _played_bid(value: Any) -> int:
    bid = value if isinstance(value, int) else parse_bid(str(value))
    if bid == PASS:
        raise UsageError("the bid the hand is played at (30..41, 42, 84, ...), not pass")
    return bid


def _seat(value: Any) -> int:
    return value if isinstance(value, int) else parse_seat(str(value))


SeatOption = Annotated[
    int,
    typer.Option(
        "--seat",
        metavar="SEAT",
        help="Your seat 0..3 (default 0).",
        show_default=False,
        parser=option_parser(checked("--seat", keep, _seat)),
    ),
]


TrumpOption = Annotated[
    Any,  # a PlayedContract or None: Typer takes no union types
    typer.Option(
        "--trump",
        "-t",
        metavar="TRUMP",
        help="The trump declared (sixes, 6, doubles, follow-me, ...), or nello or sevens. Required.",
        show_default=False,
        parser=option_parser(played_contract),
    ),
]
BidderOption = Annotated[
    int,
    typer.Option(
        "--bidder",
        "-b",
        metavar="SEAT",
        help=(
            "The seat that declared trump and led the first trick: the bid's winner, or at a "
            "plunge or splash the partner who named trump (default 0)."
        ),
        show_default=False,
        parser=option_parser(checked("--bidder", keep, _seat)),
    ),
]
PlayedBidOption = Annotated[
    int | None,
    typer.Option(
        "--bid",
        metavar="BID",
        help=(
            "The bid (default: the --auction's high bid, else 30; at Nel-O its least bid, 84 or 42 "
            "with nello-min-marks 1, and at sevens 42; 42, 84, ... need all 42 points)."
        ),
        show_default=False,
        parser=option_parser(checked("--bid", keep, _played_bid)),
    ),
]
PlayRealisticOption = Annotated[
    bool | None,
    typer.Option(
        "--realistic/--no-realistic",
        help="Also weigh your plays played out by players who see only their own hand (see above; "
        "at Nel-O unasked, --no-realistic: not).",
        show_default=False,
    ),
]
PlayRealisticDealsOption = Annotated[
    int | None,
    typer.Option(
        "--realistic-deals",
        metavar="N",
        help="With --realistic (and at Nel-O): the deals played out (of the --deals; "
        f"default {DEFAULT_REALISTIC_PLAY_DEALS}).",
        show_default=False,
        parser=PLAYOUT_DEALS,
    ),
]
PlayJsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON: one object (a drawn seed is told on stderr).")
]


def tricks_option(help: str) -> Any:
    """The ``--tricks`` option, with its help."""
    return typer.Option("--tricks", metavar='"PLAYS"', help=help, show_default=False)


def hand_in_play(
    command: str, hand: list[str] | None, trump: PlayedContract | None, tricks: str
) -> tuple[Hand, PlayedContract, tuple[int, ...]]:
    """The hand, the trump (or Nel-O, sevens) and the plays given to ``play`` or
    ``review``, or a ``UsageError`` saying what is missing or naming ``--tricks``."""
    if not hand:
        raise UsageError(f"give your hand; see 'texas42 {command} --help'")
    if trump is None:
        raise UsageError(f"give the trump declared: --trump TRUMP; see 'texas42 {command} --help'")
    parsed = parse_hand(" ".join(hand))
    try:
        return parsed, trump, parse_tricks(tricks, trick_size(trump))
    except Texas42Error as error:
        raise UsageError(f"--tricks: {error_text(error)}") from None


@app.command(name="play", help=PLAY_HELP, short_help="What to play now, during the hand (--tricks so far).")
def play_command(
    hand: HandArgument = None,
    trump: TrumpOption = None,
    bidder: BidderOption = 0,
    bid: PlayedBidOption = None,
    auction: WholeAuctionOption = None,
    infer: InferOption = None,
    noise: NoiseOption = None,
    seat: SeatOption = 0,
    tricks: Annotated[
        str,
        tricks_option(f'The dominoes played so far, in order: "{PLAY_TRICKS}" (default: none).'),
    ] = "",
    deals: DealsOption = 1000,
    seed: SeedOption = None,
    threads: ThreadsOption = None,
    nello_doubles: NelloDoublesOption = None,
    realistic: PlayRealisticOption = None,
    realistic_deals: PlayRealisticDealsOption = None,
    worlds: UnaskedWorldsOption = None,
    as_json: PlayJsonOption = False,
) -> None:
    """What to play now, during the hand."""
    infer = inferred(infer, auction)
    parsed_hand, declaration, plays = hand_in_play("play", hand, trump, tricks)
    if auction is None and declaration is not Contract.NELLO:
        only_where("with the whole --auction or at --trump nello", ("--nello-doubles", nello_doubles))
    unasked = turns_played_out_by_default(declaration)
    plan = playouts(realistic, realistic_deals, worlds, DEFAULT_REALISTIC_PLAY_DEALS, unasked, deals)
    drawn = seed is None
    house = house_rules(nello_doubles, takes_specials=False)
    noise = auction_noise(noise, infer, auction)
    checked_play(parsed_hand, declaration, plays, seat, bidder, bid, auction, infer, noise, house)
    inputs_checked()
    with ProgressBar(wants_progress(as_json), "solving") as bar:
        advice = advise_play(
            parsed_hand,
            declaration,
            plays,
            seat=seat,
            bidder=bidder,
            bid=bid,
            deals=deals,
            seed=draw_seed() if seed is None else seed,
            threads=threads,
            progress=bar.solves,
            auction=auction,
            infer=infer,
            noise=noise,
            house=house,
        )
    if plan is not None and len(advice.plays) > 1:  # one legal play: nothing to weigh
        advice = _played_out(advice, *plan, threads, as_json)
    if as_json:
        if drawn and not advice.exact:
            typer.echo(f"texas42: seed {advice.seed} (repeat with --seed {advice.seed})", err=True)
        emit_line(json.dumps(play_to_json(advice)))
    else:
        output_console().print(play_view(advice))


def _played_out(
    advice: PlayAdvice, deals: int, worlds: int, threads: int | None, as_json: bool
) -> PlayAdvice:
    """The advice with each play followed by realistic play (``--realistic``)."""
    with ProgressBar(wants_progress(as_json), "playing out") as bar:
        step = bar.counter(playouts_total(advice, deals))
        played = realistic_plays(advice, deals, worlds, threads, step)
    return replace(advice, realistic=played)
