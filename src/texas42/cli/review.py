"""``texas42 review``: a hand played, reviewed turn by turn."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from texas42.analysis import (
    DEFAULT_REALISTIC_DEALS,
    DEFAULT_REALISTIC_PLAY_DEALS,
    PlayReview,
    default_playouts,
    played_out_by_default,
    realistic_review,
    review_play,
    turns_played_out_by_default,
)
from texas42.analysis.playout import DEFAULT_WORLDS
from texas42.analysis.review import checked_review, realistic_review_total
from texas42.cli.analyze import HandArgument
from texas42.cli.app import app, inputs_checked
from texas42.cli.options import (
    PLAYOUT_DEALS,
    AllPassOption,
    DealsOption,
    InferOption,
    NelloDoublesOption,
    NelloMinMarksOption,
    NoiseOption,
    ReviewBasisOption,
    SeedOption,
    SpecialsOption,
    ThreadsOption,
    UnaskedWorldsOption,
    WholeAuctionOption,
    auction_noise,
    basis,
    house_rules,
    inferred,
    only_where,
    playouts,
    specials_flag,
)
from texas42.cli.play import (
    NELLO_HAND,
    BidderOption,
    PlayedBidOption,
    PlayJsonOption,
    PlayRealisticOption,
    SeatOption,
    TrumpOption,
    hand_in_play,
    tricks_option,
)
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.cli.terminal import output_console
from texas42.deal import draw_seed
from texas42.errors import UsageError
from texas42.io.documents import review_to_json
from texas42.report.review import review_view
from texas42.rules import AllPass, Contract, NelloDoubles, PlayedContract

REVIEW_HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
DEFENDER = "5-4 5-2 4-2 3-3 3-2 2-1 1-1"
REVIEW_TRICKS = "6-6 6-3 5-0 6-1 / 3-1 5-3 3-0 3-2"

ReviewRealisticDealsOption = Annotated[
    int | None,
    typer.Option(
        "--realistic-deals",
        metavar="N",
        help=f"With --realistic (and at Nel-O): the deals played out at each turn (of the --deals; default "
        f"{DEFAULT_REALISTIC_PLAY_DEALS}) and at the call and declaration (default "
        f"{DEFAULT_REALISTIC_DEALS}).",
        show_default=False,
        parser=PLAYOUT_DEALS,
    ),
]

REVIEW_HELP = f"""
How well a hand was played, turn by turn. Give your 7 dominoes as dealt, the trump,
who bid and what, your seat and --tricks, the dominoes played in order of play from
the bidder's lead (as far as you like, up to the whole hand). At each of your turns
among them, the advice 'texas42 play' would have given then (with the same options
and --seed, over the deals consistent with what you had seen at that turn) is set
beside the domino you played: both plays' expected points for your team and odds
of the contract, and what yours gave up when it was not as good as the best (the
odds of making the bid, or of setting it when you defend, and the expected points).
At 42 and the mark bids (plunge and splash too), made only by taking all 42 points,
a turn is judged on the odds alone: expected points are shown but not counted. A
turn with one legal play is marked forced. --auction, --infer and --noise as for
'texas42 play'; with the whole --auction your call is weighed too, as 'texas42 bid'
would have after the calls before it, and, if you declared, your declaration, as
'texas42 declare' would have. At Nel-O and sevens (--trump nello or sevens, as for
'texas42 play') only the odds of the contract are weighed, and the turns after a trick
set the contract are not. Each turn costs about what 'texas42 play' costs there.

--realistic also weighs each turn as 'texas42 play --realistic' would have: every
legal play then followed by players who see only their own dominoes, on
--realistic-deals of that turn's deals (100), --worlds deals weighed a decision (10);
a second table sets your play beside the one 'texas42 play --realistic' would have
advised, both played out, and what yours gave up there. The call and declaration
weighed (on the realistic basis) are played out too, as 'texas42 bid --realistic' and
'declare --realistic' play them, on 200 deals (--realistic-deals N: N, as at the
turns). It costs about what 'texas42 play --realistic' costs at each turn, and 'bid' and
'declare --realistic' cost. Where you named the trump of a partner's plunge or splash,
the call and the declaration are played out without --realistic (200 deals), as 'bid'
and 'declare' play them out unasked there; at Nel-O, the turns (100 deals), as 'play'
does (--no-realistic: neither).

\b
Examples:
  texas42 review "{REVIEW_HAND}" --trump sixes --bid 34 --tricks "{REVIEW_TRICKS}"
  texas42 review "{DEFENDER}" -t sixes --seat 1 --auction "34 pass pass pass" --tricks "6-6 2-1"
  texas42 review "{REVIEW_HAND}" -t sixes --bid 34 --tricks "{REVIEW_TRICKS}" --deals 300 --json
  texas42 review "{NELLO_HAND}" -t nello --tricks "0-0 6-6 5-5 / 6-4 6-5 6-0 / 3-0 3-1 6-2"
  texas42 review "{REVIEW_HAND}" -t sixes --bid 34 --tricks "{REVIEW_TRICKS}" --realistic
"""


@app.command(
    name="review", help=REVIEW_HELP, short_help="How well a hand was played, turn by turn (--tricks)."
)
def review_command(
    hand: HandArgument = None,
    trump: TrumpOption = None,
    bidder: BidderOption = 0,
    bid: PlayedBidOption = None,
    auction: WholeAuctionOption = None,
    infer: InferOption = None,
    noise: NoiseOption = None,
    seat: SeatOption = 0,
    tricks: Annotated[
        str, tricks_option(f'The dominoes played, in order: "{REVIEW_TRICKS}". Required.')
    ] = "",
    deals: DealsOption = 1000,
    seed: SeedOption = None,
    threads: ThreadsOption = None,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    all_pass: AllPassOption = None,
    specials: SpecialsOption = None,
    basis_option: ReviewBasisOption = None,
    realistic: PlayRealisticOption = None,
    realistic_deals: ReviewRealisticDealsOption = None,
    worlds: UnaskedWorldsOption = None,
    as_json: PlayJsonOption = False,
) -> None:
    """How well a hand was played, turn by turn."""
    infer = inferred(infer, auction)
    parsed_hand, declaration, plays = hand_in_play("review", hand, trump, tricks)
    unasked = turns_played_out_by_default(declaration)
    plan = playouts(realistic, realistic_deals, worlds, DEFAULT_REALISTIC_PLAY_DEALS, unasked, deals)
    if not plays:
        raise UsageError("give the plays to review: --tricks \"PLAYS\"; see 'texas42 review --help'")
    if auction is None:
        _check_without_auction(declaration, basis_option, all_pass, nello_doubles, nello_min_marks, specials)
    drawn = seed is None
    house = house_rules(nello_doubles, nello_min_marks, all_pass, specials)
    noise = auction_noise(noise, infer, auction)
    chosen = basis(basis_option)
    checked_review(parsed_hand, declaration, plays, seat, bidder, bid, auction, infer, noise, house)
    inputs_checked()
    with ProgressBar(wants_progress(as_json), "reviewing") as bar:
        review = review_play(
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
            basis=chosen,
        )
    if realistic is not False:
        review = _played_out(review, realistic, realistic_deals is None, plan, threads, as_json)
    if as_json:
        if drawn:
            typer.echo(f"texas42: seed {review.seed} (repeat with --seed {review.seed})", err=True)
        emit_line(json.dumps(review_to_json(review)))
    else:
        output_console().print(review_view(review))


def _check_without_auction(
    declaration: PlayedContract,
    basis_option: str | None,
    all_pass: AllPass | None,
    nello_doubles: NelloDoubles | None,
    nello_min_marks: int | None,
    specials: bool | None,
) -> None:
    """A ``UsageError`` for the options that go with the whole ``--auction`` only (the
    doubles' options at Nel-O, the special contracts' at Nel-O and sevens, without it)."""
    only_where(
        "with the whole --auction, where your call is weighed",
        ("--basis", basis_option),
        ("--all-pass", all_pass),
    )
    if declaration is not Contract.NELLO:
        only_where(
            "with the whole --auction or at --trump nello",
            ("--nello-doubles", nello_doubles),
            ("--nello-min-marks", nello_min_marks),
        )
    if not isinstance(declaration, Contract):
        only_where("with the whole --auction or at Nel-O and sevens", specials_flag(specials))


def _played_out(
    review: PlayReview,
    realistic: bool | None,
    default_deals: bool,
    plan: tuple[int, int] | None,
    threads: int | None,
    as_json: bool,
) -> PlayReview:
    """The review played out, with a progress bar on a terminal: with ``--realistic``
    every turn's plays, and the call and declaration weighed, on ``plan``'s deals (the
    call and declaration on ``DEFAULT_REALISTIC_DEALS`` where ``--realistic-deals`` was
    not given: ``default_deals``); unasked (``realistic`` None), what the commands play
    out unasked."""
    if realistic:
        assert plan is not None
        deals, worlds = plan
        contract_deals = DEFAULT_REALISTIC_DEALS if default_deals else deals
        with ProgressBar(wants_progress(as_json), "playing out") as bar:
            step = bar.counter(realistic_review_total(review, deals, contract_deals))
            return realistic_review(review, deals, worlds, threads, step, contract_deals)
    deals_out, worlds_out = plan or (None, DEFAULT_WORLDS)
    if not (total := default_playouts(review, deals_out)):
        return review
    with ProgressBar(wants_progress(as_json), "playing out") as bar:
        return played_out_by_default(review, threads, bar.counter(total), deals_out, worlds_out)
