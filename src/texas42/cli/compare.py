"""``texas42 compare``: two or more trumps head to head on the same deals."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Annotated

import typer

from texas42.analysis import compare_trumps, comparison_why, realistic_comparison
from texas42.analysis.realistic import DEFAULT_REALISTIC_DEALS, comparison_playouts
from texas42.cli.app import EXAMPLE_HAND, ODDS_HELP, app, inputs_checked
from texas42.cli.options import (
    NO_BIDS,
    AuctionOption,
    CompareRealisticOption,
    CompareWhyBidOption,
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
    RealisticDealsOption,
    SeedOption,
    SpecialsOption,
    ThreadsOption,
    WhyOption,
    WorldsOption,
    auction_noise,
    check_with_hand,
    deal_constraints,
    house_rules,
    inferred,
    parse_trump,
    playouts,
    racing,
)
from texas42.cli.progress import ProgressBar, emit_line, wants_progress
from texas42.cli.terminal import output_console
from texas42.deal import auction_model, draw_seed
from texas42.errors import HandSizeError, InvalidDeclarationError, UsageError
from texas42.io.documents import comparison_to_json
from texas42.report.comparison import comparison_view
from texas42.rules import Declaration, Hand, parse_hand

COMPARE_HELP = f"""
Compare two or more trumps head to head on the same deals. Give the hand, then the
trumps. For each pair: the mean difference in points with its 95% interval, how often
each takes more points, and the odds of each bid side by side, then the special
contracts on the same deals, double-dummy beside their odds at a real table
(calibrated; --no-specials to skip them), then each trump's odds at a real table,
estimated from its double-dummy figures by the realistic calibration at no cost. With
the same --seed the deals are those of 'texas42 analyze': a trump solved on as many
deals by both (--exhaustive: every trump on every deal) has the same figures. --holds and --lacks as for
'texas42 analyze'; --why shows, for each trump at the most it makes at least half the
time (or --bid), the unseen dominoes whose place decides it. --realistic also plays every trump out on the
first --realistic-deals deals by players who see only their own dominoes (--worlds
deals weighed a decision; both sides play for the bid the best trump makes
double-dummy) and puts them head to head on those playouts: the order at a real table;
Nel-O and sevens are played out on the same deals too, their real odds then played
out (--no-specials to skip them).
--auction "pass 30" deals to fit the bids already made, --infer and --noise as for
'texas42 bid'.
{ODDS_HELP}
\b
Examples:
  texas42 compare "{EXAMPLE_HAND}" sixes doubles
  texas42 compare 66 65 64 62 55 44 31 sixes doubles follow-me --deals 2000
  texas42 compare "{EXAMPLE_HAND}" sixes doubles --no-specials
  texas42 compare "{EXAMPLE_HAND}" sixes doubles --holds "1: 5-4" --why
  texas42 compare "{EXAMPLE_HAND}" fours follow-me --realistic --realistic-deals 100
  texas42 compare "{EXAMPLE_HAND}" fours fives --auction "pass 30"
"""


def _split_compare_args(words: Sequence[str]) -> tuple[str, list[str]]:
    """The hand's dominoes and the trumps, from the words of ``compare`` in any grouping."""
    if any(not w.replace(",", " ").strip() for w in words):
        raise UsageError("an empty word among the hand and trumps: give each domino and trump")
    tokens = [t for w in words for t in w.replace(",", " ").split()]
    dominoes = [t for t in tokens if len(t) >= 2 and t[0].isdigit() and t[-1].isdigit()]
    trumps = [t for t in tokens if t not in dominoes]
    return " ".join(dominoes), trumps


def _parse_compared_hand(text: str, trump_words: Sequence[str]) -> Hand:
    """The hand; where it is short of dominoes, a word that is neither a domino nor a
    trump is named (``3-`` for ``3-1``), not the hand's size."""
    try:
        return parse_hand(text)
    except HandSizeError as error:
        for word in trump_words:
            try:
                parse_trump(word)
            except InvalidDeclarationError:
                raise UsageError(
                    f"not a domino or a trump: {word!r} (the hand has {len(text.split())} dominoes)"
                ) from None
        if not text:
            raise UsageError(
                "give your hand, 7 dominoes, before the trumps; see 'texas42 compare --help'"
            ) from None
        raise error


def _parse_trumps(words: Sequence[str]) -> tuple[Declaration, ...]:
    """Two or more distinct trumps; a repeated one is named as written."""
    declarations = tuple(parse_trump(w) for w in words)
    if len(declarations) < 2:
        raise UsageError(f"compare needs two or more trumps after the hand, got {len(declarations)}")
    for i, (word, declaration) in enumerate(zip(words, declarations, strict=True)):
        if declaration in declarations[:i]:
            raise UsageError(f"trump given twice: {word!r} ({declaration.label})")
    return declarations


@app.command(help=COMPARE_HELP, short_help="Two or more trumps head to head on the same deals.")
def compare(
    words: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="HAND TRUMP TRUMP...",
            help="Your 7 dominoes, then two or more trumps.",
            show_default=False,
        ),
    ] = None,
    deals: DealsOption = 1000,
    min_deals: MinDealsOption = None,
    exhaustive: ExhaustiveOption = False,
    seed: SeedOption = None,
    threads: ThreadsOption = None,
    as_json: JsonOption = False,
    nello_doubles: NelloDoublesOption = None,
    nello_min_marks: NelloMinMarksOption = None,
    specials: SpecialsOption = None,
    holds: HoldsOption = None,
    lacks: LacksOption = None,
    auction: AuctionOption = NO_BIDS,
    infer: InferOption = None,
    noise: NoiseOption = None,
    why: WhyOption = False,
    why_bid: CompareWhyBidOption = None,
    realistic: CompareRealisticOption = False,
    realistic_deals: RealisticDealsOption = None,
    worlds: WorldsOption = None,
) -> None:
    """Compare trumps head to head on the same deals."""
    infer = inferred(infer, auction)
    if not words:
        raise UsageError("give your hand and two or more trumps; see 'texas42 compare --help'")
    if why and as_json:
        raise UsageError("--why: the JSON always holds each trump's why (--bid: at that bid)")
    plan = playouts(realistic or None, realistic_deals, worlds, DEFAULT_REALISTIC_DEALS, deals=deals)
    house = house_rules(nello_doubles, nello_min_marks, specials=specials)
    hand_text, trump_words = _split_compare_args(words)
    hand = _parse_compared_hand(hand_text, trump_words)
    declarations = _parse_trumps(trump_words)
    constraints = deal_constraints(holds, lacks)
    model = auction_model(auction, infer, auction_noise(noise, infer, auction), house)
    seed = draw_seed() if seed is None else seed
    check_with_hand(hand, constraints, auction)
    inputs_checked()
    with ProgressBar(wants_progress(as_json), "comparing") as bar:
        result = compare_trumps(
            hand,
            declarations,
            deals,
            seed,
            threads,
            progress=bar.solves,
            house=house,
            constraints=constraints,
            racing=racing(min_deals, exhaustive),
            auction=model,
        )
    if plan is not None:
        with ProgressBar(wants_progress(as_json), "playing out") as bar:
            total = comparison_playouts(result, plan[0])
            played = realistic_comparison(result, *plan, threads, bar.counter(total))
        result = replace(result, realistic=played)
    if as_json:
        emit_line(json.dumps(comparison_to_json(result, why_bid)))
    else:
        whys = comparison_why(result, why_bid) if why or why_bid is not None else ()
        output_console().print(comparison_view(result, whys))
