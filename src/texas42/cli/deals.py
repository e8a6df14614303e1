"""``texas42 deals``: the deals around a hand that are consistent with what you know."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from texas42 import deal
from texas42.cli.analyze import HandArgument
from texas42.cli.app import EXAMPLE_HAND, app, inputs_checked
from texas42.cli.options import (
    NO_BIDS,
    AuctionNelloDoublesOption,
    AuctionNelloMinMarksOption,
    AuctionOption,
    AuctionSpecialsOption,
    DealsOption,
    HoldsOption,
    InferOption,
    JsonOption,
    LacksOption,
    NoiseOption,
    SeedOption,
    auction_noise,
    check_with_hand,
    deal_constraints,
    house_rules,
    inferred,
    only_where,
    specials_flag,
)
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.deal import DealConstraints, Inference
from texas42.errors import UsageError
from texas42.io.documents import hands_to_json
from texas42.report.wording import drawn_from_fewer, inference_sentence, uniform_deals_note
from texas42.rules import Auction, Hand, parse_hand

DEALS_HELP = f"""
Deal the 21 unseen dominoes around your hand: --deals random deals, each equally
likely among those consistent with --holds and --lacks, one a line in the format of
'texas42 solve' (seat 0 first), so they can be piped to 'texas42 solve --file -'.
When no more deals are consistent than --deals, prints every one of them once. The
same --seed gives the deals that 'texas42 analyze' solves with the same options.

--count prints only the number of consistent deals (exact: no --deals or --seed). --json prints
{{"hands": [[...], [...], [...], [...]]}} a line.

With --auction (the bids made before yours, as for 'texas42 bid'), the deals are drawn
in proportion to how likely each makes the auction, under the bidding model of 'texas42
bid --help' (--infer none: uniformly; --noise), the others valuing their hands at the
special contracts as the house rules allow (--nello-doubles, --nello-min-marks,
--no-specials, or the settings file): the deals 'texas42 analyze' and 'bid' solve with
the same options. Drawn with replacement, they repeat where fewer deals than --deals
are consistent with --holds and --lacks (stderr says so). They are weighed, not counted,
so --count takes no auction (but with --infer none, whose deals are uniform, unless
it holds a plunge or splash, whose rules of doubles --count does not apply); the
acceptance is told on stderr.

\b
Examples:
  texas42 deals "{EXAMPLE_HAND}" -n 3 --seed 7
  texas42 deals "{EXAMPLE_HAND}" --holds "2: 5-4 5-3" --lacks "1: sixes" --count
  texas42 deals "{EXAMPLE_HAND}" --lacks "3: 5 4" -n 5 --seed 1 --json
  texas42 deals "{EXAMPLE_HAND}" --holds "1: 5-4" -n 10 --seed 2 | texas42 solve --file -
  texas42 deals "{EXAMPLE_HAND}" --auction "pass 30 31" -n 3 --seed 7
"""


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the option ``name`` was given on the command line (not left at its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


@app.command(
    name="deals", help=DEALS_HELP, short_help="Deals around your hand consistent with what you know."
)
def deals_command(
    ctx: typer.Context,
    hand: HandArgument = None,
    deals: DealsOption = 1000,
    seed: SeedOption = None,
    holds: HoldsOption = None,
    lacks: LacksOption = None,
    auction: AuctionOption = NO_BIDS,
    infer: InferOption = None,
    noise: NoiseOption = None,
    nello_doubles: AuctionNelloDoublesOption = None,
    nello_min_marks: AuctionNelloMinMarksOption = None,
    specials: AuctionSpecialsOption = None,
    as_json: JsonOption = False,
    count: Annotated[
        bool, typer.Option("--count", help="Print only the number of consistent deals.")
    ] = False,
) -> None:
    """Deals around a hand, consistent with the constraints."""
    infer = inferred(infer, auction)
    if not hand:
        raise UsageError("give your hand; see 'texas42 deals --help'")
    if count and as_json:
        raise UsageError("--count and --json do not go together")
    parsed = parse_hand(" ".join(hand))
    constraints = deal_constraints(holds, lacks)
    if not auction.bids:
        only_where(
            "with --auction, whose bidders weigh the special contracts",
            ("--nello-doubles", nello_doubles),
            ("--nello-min-marks", nello_min_marks),
            specials_flag(specials),
        )
    house = house_rules(nello_doubles, nello_min_marks, specials=specials)
    model = deal.auction_model(auction, infer, auction_noise(noise, infer, auction), house)
    if count:
        _check_count(ctx, model, seed)
    total = deal.count_deals(parsed, constraints)
    check_with_hand(parsed, constraints, auction)
    inputs_checked()
    if count:
        typer.echo(str(total))
        return
    drawn_seed = seed is None
    seed = deal.draw_seed() if seed is None else seed
    dealt = _draw(parsed, deals, seed, constraints, model, as_json)
    if drawn_seed and not dealt.exact:  # every consistent deal listed: no seed involved
        typer.echo(f"texas42: seed {seed} (repeat with --seed {seed})", err=True)
    _tell_drawing(auction, model, dealt.inference, deals)
    lines = [json.dumps({"hands": hands_to_json(d)}) if as_json else str(d) for d in dealt.deals]
    emit_line("\n".join(lines))


def _check_count(ctx: typer.Context, model: deal.AuctionModel | None, seed: int | None) -> None:
    """Refuse the options that ``--count``, an exact count of equally likely deals, cannot take."""
    if deal.rules_only(model):
        raise UsageError("--count counts deals without the rules of a plunge or splash: leave out --auction")
    if model is not None:
        raise UsageError(
            "--count counts equally likely deals; with --auction they are weighed (--infer none)"
        )
    if seed is not None or _given(ctx, "deals"):
        raise UsageError("--count counts every consistent deal, exactly: no --deals or --seed")


def _draw(
    hand: Hand,
    deals: int,
    seed: int,
    constraints: DealConstraints | None,
    model: deal.AuctionModel | None,
    as_json: bool,
) -> deal.Dealt:
    """The deals around ``hand`` from ``seed``: uniform without ``model``, else drawn to
    fit its auction (never all the consistent deals listed, ``exact``)."""
    if model is None:
        return deal.deals_from_seed(hand, deals, seed, constraints)
    # an auction impossible with the hand is an error here, before any notice
    with ProgressBar(wants_progress(as_json), "Drawing deals to fit the auction", counted=True) as bar:
        rng = deal.generators(seed)[0]
        drawn, inference = deal.infer_deals(hand, deals, rng, model, constraints, progress=bar.update)
    return deal.Dealt(deal.as_deals(drawn), False, seed, inference)


def _tell_drawing(
    auction: Auction, model: deal.AuctionModel | None, inference: Inference | None, deals: int
) -> None:
    """Say on stderr how the deals were drawn to fit the auction, if they were."""
    if deal.rules_only(model):
        typer.echo(f"texas42: {uniform_deals_note(auction)}", err=True)
    elif inference is not None:
        typer.echo(f"texas42: {inference_sentence(inference)}", err=True)
        fewer = drawn_from_fewer(inference, deals)
        if fewer is not None:
            typer.echo(f"texas42: {fewer}: some come more than once", err=True)
