"""``texas42 declare``: what to declare once the bid is won."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Annotated, Any

import typer

from texas42.analysis import (
    advise_declaration,
    declaration_playouts,
    realistic_declaration,
)
from texas42.analysis.declaring import won_bid
from texas42.cli.analyze import HandArgument
from texas42.cli.app import app, inputs_checked
from texas42.cli.options import (
    DealsOption,
    ExhaustiveOption,
    HoldsOption,
    InferOption,
    JsonOption,
    LacksOption,
    MinDealsOption,
    NelloDoublesOption,
    NelloMinMarksOption,
    NoiseOption,
    QuickBasisOption,
    SeedOption,
    SpecialsOption,
    ThreadsOption,
    UnaskedRealisticDealsOption,
    UnaskedWorldsOption,
    WholeAuctionOption,
    auction_noise,
    check_with_hand,
    checked,
    contract_playouts,
    deal_constraints,
    house_rules,
    inferred,
    keep,
    option_parser,
    racing,
)
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.cli.terminal import output_console
from texas42.deal import auction_model, draw_seed
from texas42.errors import UsageError
from texas42.io.documents import declaration_to_json
from texas42.report.declaring import declaration_view
from texas42.rules import PASS, Contract, HouseRules, declarable_contracts, parse_bid, parse_hand

DECLARE_HELP = """
What to declare once you have won the bid. Give your hand and the whole auction
(--auction, the four calls in the order made, your winning bid among them: you are the
player who made the high bid, or the partner of a plunge or splash that won it, who names
its trump), or only the bid you won (--bid). Every declaration open to you is weighed by
its odds of making the bid: the nine trumps, and at a mark bid of at least their minimum
Nel-O (84, or 42 with --nello-min-marks 1) and sevens (42); at your partner's plunge or
splash the nine trumps, your team to take every trick, your partner holding the doubles
it needs.

The unseen dominoes are dealt to fit the whole auction, the calls after yours too: a
player who passed over your bid did not value their hand at one more (the model of
'texas42 bid --help'; --noise, how much the players misjudge their hands; --infer none,
or --bid alone: uniform deals); "What the calls say" shows what each other hand holds on
average on those deals (doubles, count, the advised trump's dominoes) beside uniform
deals. Each deal is solved double-dummy for every declaration
(racing, the default: a trump stops getting deals once another clearly makes the bid
more often and two others clearly take more points, at a 1% risk of any wrong call in
the whole race; --exhaustive solves all on every deal), Nel-O and sevens too. Beside the
double-dummy odds, the odds at a real table (players who see only their own dominoes)
estimated by the realistic calibrations; the
advice is the declaration with the best of them (of the trumps, those the calibration
was fitted to for such a hand: the two with the most expected points and the best at the
bid; the others' estimates in parentheses), checked on an independent sample of as many
deals (--basis double-dummy: the best double-dummy odds). --holds and --lacks as for
'texas42 analyze': only deals consistent with what you know (all of them, exact, where
there are at most --deals). --realistic plays the two trumps with the best of those odds
out, and Nel-O and sevens where open, on --realistic-deals of the deals (200) by
players who see only their own dominoes (--worlds deals weighed a decision, 10; both
sides play for the bid won), and advises the best of them played out (about 6 seconds
more). At a partner's plunge or splash it does so unasked (--no-realistic: the estimates
alone): the trumps' calibration was fitted to hands that bid for themselves, and misjudges
a partner holding the doubles by as much as 52 points of percentage.

\b
Examples:
  texas42 declare "6-4 5-5 4-2 3-1 2-0 1-1 0-0" --auction "30 34 pass pass"
  texas42 declare "6-4 5-5 4-2 3-1 2-0 1-1 0-0" --bid 34
  texas42 declare "6-4 5-5 4-2 3-1 2-0 1-1 0-0" --bid 34 --holds "2: 4-4 4-1" --lacks "1: fours"
  texas42 declare "6-0 5-1 4-0 3-1 2-0 1-0 0-0" --auction "pass 30 84 pass"
  texas42 declare "6-6 6-5 6-4 6-2 5-5 4-4 3-1" --auction "pass pass pass 42" --json
  texas42 declare "6-4 5-5 4-2 3-1 2-0 1-1 0-0" --auction "pass splash pass pass"
  texas42 declare "6-4 5-5 4-2 3-1 2-0 1-1 0-0" -a "pass splash pass pass" --no-realistic
  texas42 declare "6-4 5-5 4-2 3-1 2-0 1-1 0-0" -a "pass 31 pass 32" --basis double-dummy
  texas42 declare "6-4 5-5 4-2 3-1 2-0 1-1 0-0" --auction "30 34 pass pass" --realistic
"""


def _won_bid(value: Any) -> int:
    bid = value if isinstance(value, int) else parse_bid(str(value))
    if bid == PASS:
        raise UsageError("the bid you won (30..41, 42, 84, ...), not pass")
    return bid


WonBidOption = Annotated[
    int | None,
    typer.Option(
        "--bid",
        metavar="BID",
        help="The bid you won: 30..41, 42, 84, ... (default: the --auction's high bid).",
        show_default=False,
        parser=option_parser(checked("--bid", keep, _won_bid)),
    ),
]


DeclareRealisticOption = Annotated[
    bool | None,
    typer.Option(
        "--realistic/--no-realistic",
        help=(
            "Play the two trumps with the best odds, and Nel-O and sevens where open, out by players "
            "who see only their own hand, and advise on that (default: only at a partner's plunge or "
            "splash; --no-realistic: the calibrated estimates there too)."
        ),
        show_default=False,
    ),
]


@app.command(help=DECLARE_HELP, short_help="What to declare once the bid is won: a trump, Nel-O or sevens.")
def declare(
    hand: HandArgument = None,
    auction: WholeAuctionOption = None,
    bid: WonBidOption = None,
    deals: DealsOption = 1000,
    min_deals: MinDealsOption = None,
    exhaustive: ExhaustiveOption = False,
    seed: SeedOption = None,
    threads: ThreadsOption = None,
    infer: InferOption = None,
    noise: NoiseOption = None,
    holds: HoldsOption = None,
    lacks: LacksOption = None,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    specials: SpecialsOption = None,
    basis_option: QuickBasisOption = None,
    realistic: DeclareRealisticOption = None,
    realistic_deals: UnaskedRealisticDealsOption = None,
    worlds: UnaskedWorldsOption = None,
    as_json: JsonOption = False,
) -> None:
    """What to declare once the bid is won."""
    infer = inferred(infer, auction)
    if not hand:
        raise UsageError("give your hand; see 'texas42 declare --help'")
    if auction is None and bid is None:
        raise UsageError("give the bid you won (--bid) or the whole auction (--auction)")
    parsed = parse_hand(" ".join(hand))
    house = house_rules(nello_doubles, nello_min_marks, specials=specials)
    chosen_basis, plan = contract_playouts(basis_option, realistic, realistic_deals, worlds, auction, deals)
    noise = auction_noise(noise, infer, auction)
    constraints = deal_constraints(holds, lacks)
    model = None if auction is None else auction_model(auction, infer, noise, house)
    check_with_hand(parsed, constraints, auction)
    won_bid(bid, auction)
    if auction is None and bid is not None:
        _check_nello_options(bid, house, nello_doubles is not None, nello_min_marks is not None)
    inputs_checked()
    with ProgressBar(wants_progress(as_json), "weighing") as bar:
        advice = advise_declaration(
            parsed,
            bid,
            auction,
            model,
            deals,
            draw_seed() if seed is None else seed,
            house,
            chosen_basis,
            racing(min_deals, exhaustive),
            threads,
            bar.solves,
            constraints,
        )
    if plan is not None:
        with ProgressBar(wants_progress(as_json), "playing out") as bar:
            total = declaration_playouts(advice, plan[0])
            advice = realistic_declaration(advice, *plan, threads, bar.counter(total))
    if as_json:
        emit_line(json.dumps(declaration_to_json(advice)))
    else:
        output_console().print(declaration_view(advice))


def _check_nello_options(bid: int, house: HouseRules, doubles: bool, min_marks: bool) -> None:
    """A ``UsageError`` for ``--nello-doubles`` or ``--nello-min-marks`` given where they
    change nothing: with ``--bid`` alone (no auction whose bidders weigh Nel-O), a bid at
    which Nel-O cannot be declared, or could whatever its minimum."""
    if doubles and Contract.NELLO not in declarable_contracts(bid, house):
        raise UsageError(f"--nello-doubles is a rule of Nel-O, which cannot be declared at {bid}")
    either = {Contract.NELLO in declarable_contracts(bid, replace(house, nello_min_marks=m)) for m in (1, 2)}
    if min_marks and len(either) == 1:
        may = "may" if either.pop() else "cannot"
        raise UsageError(
            f"--nello-min-marks changes nothing at {bid}: Nel-O {may} be declared there either way"
        )
