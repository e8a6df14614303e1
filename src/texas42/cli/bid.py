"""``texas42 bid``: what to bid now, given the bids already made."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from texas42.analysis import AnalysisJob, advise_bid, with_uniform_odds
from texas42.analysis.calibrated import DOUBLE_DUMMY
from texas42.cli.analyze import HandArgument, played_out
from texas42.cli.app import BASIS_HELP, EXAMPLE_HAND, ODDS_HELP, app, inputs_checked
from texas42.cli.options import (
    NO_BIDS,
    AllPassOption,
    AuctionOption,
    BasisOption,
    ConfidenceOption,
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
    SeedOption,
    SpecialsOption,
    ThreadsOption,
    TrumpsOption,
    UnaskedRealisticDealsOption,
    UnaskedWorldsOption,
    auction_noise,
    check_with_hand,
    contract_playouts,
    deal_constraints,
    distinct_trumps,
    house_rules,
    inferred,
    only_where,
    racing,
)
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.cli.terminal import output_console
from texas42.deal import auction_model, draw_seed
from texas42.errors import UsageError
from texas42.io.documents import advice_to_json
from texas42.report.bidding import advice_view
from texas42.rules import parse_hand

BID_HELP = f"""
What to bid now. --auction lists the bids already made this hand in order, starting
with the first bidder: pass, 30..41, 42, 84, 126, ... (168 or "plunge" before anyone
has bid: a plunge; "splash": a splash, at 84 or one mark over 84 or more). A plunge
or a splash says only that its bidder holds the doubles it needs (four, three), and
one that no deal around your hand allows is bad input.
The auction's length is your place in
the bidding (three bids before you: you are the shaker) and your partner bid two
places before you. The advice: don't bid over a high bid the hand can't make at
--confidence; otherwise bid the most the hand makes (each player bids once);
outbid a partner's high bid only with a much stronger hand (4 points more, or more
marks), and never a partner's plunge or splash (you name its trump: the advice says
which); as the shaker, bid the least that wins; after three passes the shaker must
bid at least 30 (--all-pass reshuffle: may pass). A special contract made at
--confidence is bid instead when it expects more marks: Nel-O (at least
--nello-min-marks marks), sevens (1 mark), splash (2 marks, 3+ doubles) and
plunge (4 marks, 4+ doubles, only before anyone has bid); over a mark bid, one
mark more; sevens and Nel-O at 84 rather than 42 when made over half the time.
Shows the ladder of legal bids with the best trump for each, its odds and its
expected marks (marks x (2 x odds - 1)), and the special contracts.
--holds and --lacks deal only deals consistent with what you know (see 'texas42
analyze --help'). Once the auction is over, 'texas42 declare' weighs what to declare
(or, at your partner's plunge or splash, every trump you may name) on deals that fit
the whole auction.

The odds advised on are realistic, for players who see only their own dominoes:
estimated from the double-dummy odds by the calibration (the ladder shows the
double-dummy odds beside them), or with --realistic played out on --realistic-deals
deals (slower: about 11 seconds); the special contracts' too (calibrated, or Nel-O and
sevens played out with --realistic). Where you are to name the trump of a partner's
plunge or splash that holds the bid, the trumps are played out unasked (--no-realistic:
the estimates alone), as 'texas42 declare' does: the calibration misjudges such hands.
--basis double-dummy advises on the double-dummy odds, with every bid's best trump
checked on an independent sample.

The bids already made say something of the other hands, so the unseen dominoes are
dealt in proportion to how likely each deal makes them (--infer none: uniformly, as if
they said nothing). The model: each player bid by these rules at even odds (confidence
0.5), on the quick evaluator's realistic odds for their hand (what they can make at a
real table), misjudged: they value a hand at a bid or more with probability
sigmoid(logit(odds) / --noise) (default 1: the odds themselves; 0: the rules exactly);
a hand is valued at its Nel-O or sevens odds too (the quick model's double-dummy
estimates) where they are higher, either being bid at a mark, unless --no-specials;
any mark bid counts as one call; 1% of calls are slips, at random. Deals are drawn
uniformly and kept with probability the auction's likelihood (exact; after a precise
auction, the hand of the call the fewest hands make is drawn by its probability of that
call instead, the same exact sample from fewer candidates); the report gives
the acceptance, and the advice's odds on uniform deals beside, to show what the auction
changed, and what each other hand holds on average (doubles, count, the trump's
dominoes) beside uniform deals' ("What the calls say"). An auction all but impossible
under the model stops with an error.
{ODDS_HELP}{BASIS_HELP}
\b
Examples:
  texas42 bid "{EXAMPLE_HAND}"
  texas42 bid "{EXAMPLE_HAND}" --auction "pass 30 31"
  texas42 bid "{EXAMPLE_HAND}" --auction "pass pass pass"
  texas42 bid "{EXAMPLE_HAND}" --auction "pass splash"
  texas42 bid "{EXAMPLE_HAND}" --auction "30 pass" --infer none
  texas42 bid "{EXAMPLE_HAND}" --auction "30" --noise 0.5
  texas42 bid "6-6 5-5 4-4 3-3 6-5 5-4 6-4" -a "pass pass pass" --all-pass reshuffle
  texas42 bid "{EXAMPLE_HAND}" --auction "pass 30" --lacks "3: sixes"
  texas42 bid "{EXAMPLE_HAND}" --auction "30 pass" --realistic
  texas42 bid "{EXAMPLE_HAND}" --basis double-dummy
  texas42 bid "6-1 5-2 4-3 6-2 5-3 4-4 3-3" --auction "30 pass"
"""


BidRealisticOption = Annotated[
    bool | None,
    typer.Option(
        "--realistic/--no-realistic",
        help=(
            "Play the leading trumps out by players who see only their own hand, and advise on that "
            "(default: only where you are to name the trump of a partner's plunge or splash; "
            "--no-realistic: the calibrated estimates there too)."
        ),
        show_default=False,
    ),
]


@app.command(help=BID_HELP, short_help="What to bid now, given the bids already made (--auction).")
def bid(
    hand: HandArgument = None,
    auction: AuctionOption = NO_BIDS,
    deals: DealsOption = 1000,
    min_deals: MinDealsOption = None,
    exhaustive: ExhaustiveOption = False,
    seed: SeedOption = None,
    trump: TrumpsOption = None,
    confidence: ConfidenceOption = 0.5,
    threads: ThreadsOption = None,
    as_json: JsonOption = False,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    all_pass: AllPassOption = None,
    specials: SpecialsOption = None,
    holds: HoldsOption = None,
    lacks: LacksOption = None,
    realistic: BidRealisticOption = None,
    realistic_deals: UnaskedRealisticDealsOption = None,
    worlds: UnaskedWorldsOption = None,
    basis_option: BasisOption = None,
    infer: InferOption = None,
    noise: NoiseOption = None,
) -> None:
    """What to bid now, given the bids already made."""
    infer = inferred(infer, auction)
    if not hand:
        raise UsageError("give your hand; see 'texas42 bid --help'")
    chosen_basis, plan = contract_playouts(basis_option, realistic, realistic_deals, worlds, auction, deals)
    if not auction.must_bid:
        only_where('as the shaker after three passes (--auction "pass pass pass")', ("--all-pass", all_pass))
    house = house_rules(nello_doubles, nello_min_marks, all_pass, specials)
    job = AnalysisJob(
        deals,
        draw_seed() if seed is None else seed,
        distinct_trumps(trump),
        confidence,
        house,
        threads,
        check_ladder=chosen_basis == DOUBLE_DUMMY,
        constraints=deal_constraints(holds, lacks),
        auction=auction_model(auction, infer, auction_noise(noise, infer, auction), house),
        basis=chosen_basis,
        racing=racing(min_deals, exhaustive),
        playouts=plan,
    )
    parsed_hand = parse_hand(" ".join(hand))
    check_with_hand(parsed_hand, job.constraints, auction)  # the advice reads it, --infer none or not
    inputs_checked()
    with ProgressBar(wants_progress(as_json), "analyzing") as bar:
        result = job.solved(parsed_hand, bar.solves)
    result = played_out(job, result, as_json, auction)
    advice = with_uniform_odds(advise_bid(result, auction, house), threads)
    if as_json:
        emit_line(json.dumps(advice_to_json(advice)))
    else:
        output_console().print(advice_view(result, advice))
