"""The public Python API: one call for each job of the command line, taking hands and
deals as text or as objects, returning the library's plain dataclasses."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sized
from dataclasses import replace
from numbers import Real
from typing import SupportsIndex, cast

import numpy as np

from texas42 import analysis, evaluate
from texas42 import deal as dealing
from texas42.analysis import (
    BidAdvice,
    Comparison,
    DealTable,
    DeclarationAdvice,
    HandAnalysis,
    PlayAdvice,
    PlayLine,
    PlayReview,
    Progress,
    QuickAnalysis,
    Racing,
    TableHand,
    TableStage,
)
from texas42.analysis.calibrated import DOUBLE_DUMMY, REALISTIC, check_basis
from texas42.analysis.job import AnalysisJob
from texas42.analysis.play import bid_played
from texas42.analysis.playout import check_playout_deals, check_worlds
from texas42.analysis.racing import DEFAULT_RACING
from texas42.analysis.realistic import comparison_playouts
from texas42.analysis.realistic_play import playouts_total
from texas42.analysis.recommendation import check_confidence
from texas42.analysis.review import realistic_review_total
from texas42.analysis.sample import DEFAULT_DEALS, check_deals, counted
from texas42.deal import DealConstraints, Dealt
from texas42.engine.running import check_threads
from texas42.errors import (
    AnalysisError,
    ArgumentTypeError,
    UsageError,
    check_items,
    check_kind,
    is_whole,
    takes,
)
from texas42.io import batch
from texas42.rules import (
    DECLARATIONS,
    Auction,
    Deal,
    Declaration,
    Domino,
    FinishedAuction,
    Hand,
    HouseRules,
    PlayedContract,
    check_dealt,
    check_declaration,
    check_domino,
    check_played_contract,
    parse_auction,
    parse_deal,
    parse_finished_auction,
    parse_hand,
    parse_tricks,
    trick_size,
)

Trumps = Iterable[Declaration | str | SupportsIndex] | Declaration | str
"""Trumps as the API takes them: one, or several; each a ``Declaration``, its name or its
number."""


def _hand(hand: Hand | str) -> Hand:
    if isinstance(hand, str):
        return parse_hand(hand)
    if not isinstance(hand, Hand):
        raise ArgumentTypeError(
            f'a hand is a Hand or a string such as "6-4 5-5 5-2 4-3 4-2 3-2 3-1", got {hand!r}'
        )
    check_dealt(hand)
    return hand


def _declarations(trumps: Trumps) -> tuple[Declaration, ...]:
    if isinstance(trumps, str | Declaration):
        return (check_declaration(trumps),)
    check_items(trumps, 'trumps are given as trumps or their names, such as ["fours", "sixes"]')
    declarations = tuple(check_declaration(t) for t in trumps)
    for k, d in enumerate(declarations):
        if d in declarations[:k]:
            raise AnalysisError(f"declaration given twice: {d.label}", parameter="trumps")
    return declarations


def _deal(deal: Deal | str) -> Deal:
    if isinstance(deal, str):
        return parse_deal(deal)
    check_kind(deal, Deal, "a deal is a Deal or its text, four hands between '/'")
    return deal


def _house(house: HouseRules | None) -> HouseRules:
    if house is None:
        return HouseRules()
    check_kind(house, HouseRules, "house is a HouseRules (or None: the default rules)")
    return house


def _auction(auction: Auction | str) -> Auction:
    if isinstance(auction, str):
        return parse_auction(auction)
    check_kind(auction, Auction, 'an auction is an Auction or its text, such as "pass 30"')
    return auction


def _finished(auction: FinishedAuction | str | None) -> FinishedAuction | None:
    if isinstance(auction, str):
        return parse_finished_auction(auction)
    check_kind(
        auction,
        (FinishedAuction, type(None)),
        'a whole auction is a FinishedAuction or its text, such as "pass 30 31 pass"',
    )
    return auction


def _whole(value: SupportsIndex) -> int:
    """A whole-number argument as an int (numpy's integers too); anything else is passed on
    as it is, for the check that reads it to refuse in its own words."""
    return int(value) if is_whole(value) else cast(int, value)


def _whole_or_none(value: SupportsIndex | None) -> int | None:
    return None if value is None else _whole(value)


def _playout_deals(
    realistic_deals: SupportsIndex | None, auction: Auction | FinishedAuction | None, basis: str
) -> SupportsIndex:
    """``realistic_deals``, or where None the command line's default: 200 where it plays the
    leading trumps out unasked (``plays_out_by_default``), else 0."""
    if realistic_deals is not None:
        return realistic_deals
    return analysis.DEFAULT_REALISTIC_DEALS if analysis.plays_out_by_default(auction, basis) else 0


def _bid(bid: SupportsIndex | str | None) -> int | None:
    """The bid a hand is played at, from its text or number (None: not given)."""
    return None if bid is None else bid_played(bid)


def _checked(progress: Progress | None, constraints: DealConstraints | None) -> None:
    """The arguments most calls pass on unread: a progress callback and constraints."""
    if progress is not None and not takes(progress, 2):
        raise ArgumentTypeError(
            f"progress is a function called with two numbers, done and total, or None, got {progress!r}"
        )
    dealing.optional_constraints(constraints)


def solve(
    deal: Deal | str, *, house: HouseRules | None = None, threads: SupportsIndex | None = None
) -> DealTable:
    """The double-dummy table of a deal (``texas42 solve``): the points of the bidder's
    team for every declaration and bidder, and, unless ``house`` turns the special
    contracts off, Nel-O and sevens for every bidder.

    >>> solve("64 55 52 43 42 32 31 / 66 65 62 61 54 51 50 / 60 44 30 22 20 11 00 / "
    ...       "63 53 41 40 33 21 10").value(Declaration.FOURS, 0)
    42
    """
    threads = _whole_or_none(threads)
    return analysis.solve_deal_table(_deal(deal), threads=threads, house=_house(house))


def line_of_play(
    deal: Deal | str,
    trump: PlayedContract | str | SupportsIndex,
    bidder: SupportsIndex = 0,
    *,
    house: HouseRules | None = None,
) -> PlayLine:
    """An optimal line of play, trick by trick (``texas42 solve --line``); ``trump`` may
    be ``"nello"`` or ``"sevens"`` (the doubles at Nel-O as ``house`` says)."""
    bidder = _whole(bidder)
    return analysis.optimal_line(_deal(deal), check_played_contract(trump), bidder, _house(house))


def analyze(
    hand: Hand | str,
    *,
    deals: SupportsIndex = DEFAULT_DEALS,
    seed: SupportsIndex | None = None,
    trumps: Trumps = DECLARATIONS,
    confidence: float = analysis.DEFAULT_CONFIDENCE,
    house: HouseRules | None = None,
    threads: SupportsIndex | None = None,
    progress: Progress | None = None,
    check_every_bid: bool = False,
    constraints: DealConstraints | None = None,
    auction: Auction | str = "",
    infer: str = "auction",
    noise: float = dealing.DEFAULT_NOISE,
    basis: str = "realistic",
    realistic_deals: SupportsIndex = 0,
    worlds: SupportsIndex = analysis.DEFAULT_WORLDS,
    racing: Racing | None = DEFAULT_RACING,
) -> HandAnalysis:
    """What a hand is worth (``texas42 analyze``): seat 0 holds ``hand``, the unseen
    dominoes are dealt ``deals`` times from ``seed``, and the deals are solved
    double-dummy for every trump (and the special contracts ``house`` allows); the
    result holds each trump's statistics and the recommended bid and trump, checked on
    an independent sample (with ``check_every_bid``, every bid's best trump is).
    ``racing`` (a ``texas42.Racing``; by default at least 200 deals each, as on the command
    line) lets a trump that clearly cannot be the answer stop getting deals: its
    ``deals`` are then fewer, the first ones (``sample.solved``; its points -1 after
    them); ``racing=None`` solves every trump on every deal (``--exhaustive``). With
    ``constraints`` (``deal_constraints``), only deals consistent with them. With an
    ``auction`` (the bids made before ours, ``"pass 30"``), the deals are drawn in
    proportion to how likely each makes it under the bidding model (``noise``: how much
    the others misjudge their hands); ``infer="none"``: uniformly. ``basis`` realistic
    adds the realistic figures estimated by the calibration and recommends on them
    (``advised``); ``"double-dummy"``: none. ``realistic_deals`` (0: none) plays the
    leading trumps out on that many of the deals by players who see only their own
    dominoes, ``worlds`` deals weighed a decision, as ``--realistic`` does
    (``HandAnalysis.realistic``), and recommends on them; ``progress(done, total)`` is
    told the deals solved, then the playouts finished."""
    _checked(progress, constraints)
    job = _analysis_job(
        (deals, seed, trumps, confidence, house, threads, check_every_bid),
        (constraints, auction, infer, noise),
        (basis, realistic_deals, worlds, racing),
    )
    return job.run(_hand(hand), progress)


def analyze_many(
    hands: Iterable[Hand | str],
    *,
    cluster: str | None = None,
    deals: SupportsIndex = DEFAULT_DEALS,
    seed: SupportsIndex | None = None,
    trumps: Trumps = DECLARATIONS,
    confidence: float = analysis.DEFAULT_CONFIDENCE,
    house: HouseRules | None = None,
    threads: SupportsIndex | None = None,
    progress: Progress | None = None,
    check_every_bid: bool = False,
    constraints: DealConstraints | None = None,
    auction: Auction | str = "",
    infer: str = "auction",
    noise: float = dealing.DEFAULT_NOISE,
    basis: str = "realistic",
    realistic_deals: SupportsIndex = 0,
    worlds: SupportsIndex = analysis.DEFAULT_WORLDS,
    racing: Racing | None = DEFAULT_RACING,
) -> Iterator[HandAnalysis]:
    """``analyze`` of each of ``hands``, with the same settings and ``seed`` (drawn once,
    where None, and held by every result), yielded in input order (``texas42 analyze
    --file``). Every hand and setting is checked before anything is computed. With a
    ``cluster`` (needs ``pip install 'texas42[dask]'``): ``"local"`` (a worker process a
    core), ``"local:N"`` or a Dask scheduler's address (``"tcp://host:8786"``), each hand
    is a task there, run again elsewhere if its worker dies, with the same results as
    here; a local cluster's hands share this machine's cores unless ``threads`` says
    otherwise; a hand that fails there even after its retries raises
    ``texas42.io.batch.BatchFailed``. ``progress(done, total)`` is told the hands
    finished. Closing the iterator (or leaving a loop over it) stops the work not yet
    done."""
    _checked(progress, constraints)
    check_kind(
        cluster, (str, type(None)), 'a cluster is "local", "local:N" or a scheduler\'s address, or None'
    )
    if isinstance(hands, str | Hand):
        raise ArgumentTypeError(f"hands are an iterable of hands (analyze takes one), got {hands!r}")
    if isinstance(hands, bytes | bytearray):  # iterated, its bytes would read as masks
        raise ArgumentTypeError(f"hands are an iterable of hands or their texts, got bytes {hands!r}")
    check_items(hands, "hands are an iterable of hands or their texts")
    parsed = [_hand(h) for h in hands]
    job = _analysis_job(
        (deals, seed, trumps, confidence, house, threads, check_every_bid),
        (constraints, auction, infer, noise),
        (basis, realistic_deals, worlds, racing),
    )
    for hand in parsed:
        job.check_with(hand)
    where = None if cluster is None else batch.parse_cluster(cluster)
    return _analyses(job.with_threads(batch.job_threads(where, job.threads)), parsed, where, progress)


def _analyses(
    job: AnalysisJob, hands: list[Hand], cluster: batch.Cluster | None, progress: Progress | None
) -> Iterator[HandAnalysis]:
    done = None if progress is None else lambda count: progress(count, len(hands))
    with batch.connected(cluster if hands else None) as client:
        yield from batch.in_order(job.run, [(h,) for h in hands], client, None, done)


def _analysis_job(
    solving: tuple[
        SupportsIndex, SupportsIndex | None, Trumps, float, HouseRules | None, SupportsIndex | None, bool
    ],
    dealt: tuple[DealConstraints | None, Auction | str, str, float],
    advice: tuple[str, SupportsIndex, SupportsIndex, Racing | None],
) -> AnalysisJob:
    """``analyze``'s arguments, checked: how the deals are solved and the advice
    recommended (``deals``, ``seed``, ``trumps``, ``confidence``, ``house``, ``threads``,
    ``check_every_bid``), how they are dealt (``constraints``, ``auction``, ``infer``,
    ``noise``) and what the advice rests on (``basis``, ``realistic_deals``, ``worlds``,
    ``racing``): the same work for each hand (a job a cluster's workers can be sent)."""
    deals, seed, trumps, confidence, house, threads, check_every_bid = solving
    constraints, auction, infer, noise = dealt
    basis, realistic_deals, worlds, racing = advice
    check_kind(check_every_bid, bool, "check_every_bid is True or False")
    seed, realistic_deals, worlds = _whole_or_none(seed), _whole(realistic_deals), _whole(worlds)
    threads = _whole_or_none(threads)
    check_threads(threads)  # here, not at the first solve: analyze_many's hands may run far away
    declarations = _declarations(trumps)
    if not declarations:
        raise AnalysisError("no declarations to analyse", parameter="trumps")
    _check_realistic(realistic_deals, worlds, basis)
    _check_within(realistic_deals, _whole(deals))
    house = _house(house)
    return AnalysisJob(
        deals=check_deals(_whole(deals)),
        seed=dealing.draw_seed() if seed is None else dealing.check_seed(seed),
        declarations=declarations,
        confidence=check_confidence(confidence),
        house=house,
        threads=threads,
        check_ladder=check_every_bid,
        constraints=constraints,
        auction=_auction_model(auction, infer, noise, house),
        basis=check_basis(basis),
        racing=_racing(racing),
        playouts=None if realistic_deals == 0 else (realistic_deals, worlds),
    )


def _racing(racing: Racing | None) -> Racing | None:
    """``racing`` checked: a ``Racing``, or None for every trump on every deal."""
    if racing is not None:
        check_kind(racing, Racing, "racing is a texas42.Racing, or None to solve every trump on every deal")
    return racing


def _auction_model(
    auction: Auction | str, infer: str, noise: float, house: HouseRules | None
) -> dealing.AuctionModel | None:
    parsed = _auction(auction)
    _check_noise(noise, parsed, infer)
    return dealing.auction_model(parsed, infer, noise, house)


def _check_noise(noise: float, auction: Auction | FinishedAuction | None, infer: str) -> None:
    """``infer`` checked (an ``InferenceError``, auction or none, even with no bids), and an
    ``AnalysisError`` for a ``noise`` other than the default that would change nothing (no
    bids to infer from, or ``infer="none"``), as the command line refuses ``--noise``
    there."""
    dealing.check_infer(infer)
    if dealing.check_noise(noise) == dealing.DEFAULT_NOISE:
        return
    if auction is None or not auction.bids:
        message = "noise goes with an auction: how the bidders misjudge their hands"
        raise AnalysisError(message, parameter="noise")
    if dealing.check_infer(infer) == "none":
        raise AnalysisError("noise weighs the auction's inference: not with infer='none'", parameter="noise")


def advise_bid(
    hand: Hand | str,
    auction: Auction | str = "",
    *,
    deals: SupportsIndex = DEFAULT_DEALS,
    seed: SupportsIndex | None = None,
    trumps: Trumps = DECLARATIONS,
    confidence: float = analysis.DEFAULT_CONFIDENCE,
    house: HouseRules | None = None,
    threads: SupportsIndex | None = None,
    progress: Progress | None = None,
    constraints: DealConstraints | None = None,
    infer: str = "auction",
    noise: float = dealing.DEFAULT_NOISE,
    basis: str = "realistic",
    realistic_deals: SupportsIndex | None = None,
    worlds: SupportsIndex = analysis.DEFAULT_WORLDS,
    racing: Racing | None = DEFAULT_RACING,
) -> BidAdvice:
    """What to bid now (``texas42 bid``), given the bids already made this hand
    (``"pass 30 31"``: first bidder first); its ``analysis`` is the hand's analysis. The
    advice rests on the calibrated realistic odds (``basis="double-dummy"``: on the
    double-dummy ones, every bid's best trump checked on an independent sample). The
    deals are drawn to fit the bids (``infer="none"``: uniformly; ``noise`` as for
    ``analyze``), and the advice's double-dummy odds on uniform deals are given beside
    (``uniform``). A plunge or a splash that no deal allows is an ``AuctionError``.
    ``realistic_deals`` and ``worlds`` play the leading trumps out as for ``analyze``
    (``texas42 bid --realistic``) and advise on them (None, the default: 200 deals where we
    are to name the trump of a partner's plunge or splash holding the bid, on the realistic
    basis, as the command line does unasked; else none); ``racing`` as for ``analyze``."""
    _checked(progress, constraints)
    parsed = _auction(auction)
    hand = _hand(hand)
    basis = check_basis(basis)
    if realistic_deals is None:  # the default never asks more deals than the sample has
        default = _whole(_playout_deals(None, parsed, basis))
        realistic_deals = min(default, check_deals(_whole(deals))) if default else 0
    job = _analysis_job(
        (deals, seed, trumps, confidence, house, threads, basis == DOUBLE_DUMMY),
        (constraints, parsed, infer, noise),
        (basis, realistic_deals, worlds, racing),
    )
    dealing.check_auction_doubles(hand, parsed, constraints)  # the advice reads it, infer "none" or not
    result = job.played_out(job.solved(hand, progress), progress, parsed)
    return analysis.with_uniform_odds(analysis.advise_bid(result, parsed, job.house), job.threads)


def compare(
    hand: Hand | str,
    trumps: Trumps,
    *,
    deals: SupportsIndex = DEFAULT_DEALS,
    seed: SupportsIndex | None = None,
    house: HouseRules | None = None,
    threads: SupportsIndex | None = None,
    progress: Progress | None = None,
    constraints: DealConstraints | None = None,
    auction: Auction | str = "",
    infer: str = "auction",
    noise: float = dealing.DEFAULT_NOISE,
    realistic_deals: SupportsIndex = 0,
    worlds: SupportsIndex = analysis.DEFAULT_WORLDS,
    racing: Racing | None = DEFAULT_RACING,
) -> Comparison:
    """Two or more trumps head to head on the same deals (``texas42 compare``); with an
    ``auction``, ``infer`` and ``noise`` as for ``analyze``. ``realistic_deals`` (0: none)
    also plays every trump compared out on that many of the deals, ``worlds`` deals
    weighed a decision, head to head (``texas42 compare --realistic``;
    ``Comparison.realistic``). With ``racing`` (as for ``analyze``) a trump stops getting
    deals once its order against every other is clear (each pair is compared on the
    deals both were solved on); ``racing=None`` solves every trump on every deal."""
    deals, seed, threads = _whole(deals), _whole_or_none(seed), _whole_or_none(threads)
    realistic_deals, worlds = _whole(realistic_deals), _whole(worlds)
    _checked(progress, constraints)
    _check_playouts(realistic_deals, worlds)
    _check_within(realistic_deals, deals)
    house = _house(house)
    result = analysis.compare_trumps(
        _hand(hand),
        _declarations(trumps),
        deals=deals,
        seed=seed,
        threads=threads,
        progress=progress,
        house=house,
        constraints=constraints,
        auction=_auction_model(auction, infer, noise, house),
        racing=_racing(racing),
    )
    if realistic_deals == 0:
        return result
    step = _counted(progress, comparison_playouts(result, realistic_deals))
    played = analysis.realistic_comparison(result, realistic_deals, worlds, threads, step)
    return replace(result, realistic=played)


def declare(
    hand: Hand | str,
    auction: FinishedAuction | str | None = None,
    *,
    bid: SupportsIndex | str | None = None,
    deals: SupportsIndex = DEFAULT_DEALS,
    seed: SupportsIndex | None = None,
    house: HouseRules | None = None,
    basis: str = REALISTIC,
    threads: SupportsIndex | None = None,
    progress: Progress | None = None,
    infer: str = "auction",
    noise: float = dealing.DEFAULT_NOISE,
    realistic_deals: SupportsIndex | None = None,
    worlds: SupportsIndex = analysis.DEFAULT_WORLDS,
    racing: Racing | None = DEFAULT_RACING,
    constraints: DealConstraints | None = None,
) -> DeclarationAdvice:
    """What to declare having won the bid (``texas42 declare``): the whole ``auction``
    (four calls, ``"30 34 pass pass"``, the high bid ours) or only the ``bid`` won. Every
    declaration open then (the nine trumps; Nel-O and sevens at a mark bid of at least
    their minimum, as ``house`` says) with its odds of making the bid, on deals drawn to
    fit the auction (``infer`` none, or no auction: uniformly; ``noise`` as for
    ``advise_bid``), and the one to declare on the ``basis``; ``realistic_deals`` (0:
    none) plays the leading ones out as ``--realistic`` does, ``worlds`` worlds a
    decision, and advises on that (None, the default: 200 deals at a partner's plunge or
    splash on the realistic basis, as the command line does unasked, else none).
    ``racing`` as for ``analyze`` (a trump stops getting deals once another clearly makes
    the bid more often); ``constraints`` as for ``analyze`` (``--holds``, ``--lacks``)."""
    deals, seed, threads = _whole(deals), _whole_or_none(seed), _whole_or_none(threads)
    whole = _finished(auction)
    if realistic_deals is not None:
        _check_within(_whole(realistic_deals), deals)
    realistic_deals = _playout_deals(realistic_deals, whole, basis)
    realistic_deals, worlds = _whole(realistic_deals), _whole(worlds)
    _checked(progress, constraints)
    _check_realistic(realistic_deals, worlds, basis)
    house = _house(house)
    _check_noise(noise, whole, infer)
    won = _bid(bid)
    model = None if whole is None else dealing.auction_model(whole, infer, noise, house)
    advice = analysis.advise_declaration(
        _hand(hand),
        won,
        whole,
        model,
        deals=deals,
        seed=seed,
        house=house,
        basis=basis,
        racing=_racing(racing),
        threads=threads,
        progress=progress,
        constraints=constraints,
    )
    if realistic_deals == 0:
        return advice
    step = _counted(progress, analysis.declaration_playouts(advice, realistic_deals))
    return analysis.realistic_declaration(advice, realistic_deals, worlds, threads, step)


def advise_play(
    hand: Hand | str,
    trump: PlayedContract | str | SupportsIndex,
    tricks: str | Iterable[Domino] = "",
    *,
    seat: SupportsIndex = 0,
    bidder: SupportsIndex = 0,
    bid: SupportsIndex | str | None = None,
    deals: SupportsIndex = DEFAULT_DEALS,
    seed: SupportsIndex | None = None,
    threads: SupportsIndex | None = None,
    progress: Progress | None = None,
    auction: FinishedAuction | str | None = None,
    infer: str = "auction",
    noise: float = dealing.DEFAULT_NOISE,
    house: HouseRules | None = None,
    realistic_deals: SupportsIndex | None = None,
    worlds: SupportsIndex = analysis.DEFAULT_WORLDS,
) -> PlayAdvice:
    """What to play now (``texas42 play``): ``seat`` was dealt ``hand``, ``bidder`` bid
    ``bid``, declared ``trump`` and led the first trick, and ``tricks`` are the dominoes
    played since, in order (``"6-6 6-1 6-0 6-3 / 6-5 5-1 3-0 5-3"``, or domino numbers); it must be
    ``seat``'s turn. For each legal play: the team's expected points for the whole hand,
    the odds that the bidder's team makes the bid and how often it is the best play,
    over ``deals`` deals consistent with the plays (all of them, ``exact``, when there
    are no more). With the whole ``auction`` (four calls, ``"pass 30 31 pass"``, the high
    bid ``bidder``'s, which is then the bid), the deals are drawn in proportion to how
    likely each makes the calls and the trump declared (``infer`` none: uniformly; the
    model and ``noise`` as for ``advise_bid``). ``trump`` may be ``"nello"`` or
    ``"sevens"`` (``Contract.NELLO``, ``Contract.SEVENS``; the doubles at Nel-O as
    ``house`` says, ``bid`` by default the contract's least): each play's odds of the
    contract, no points. A play that contradicts the rules or what ``seat`` knows raises
    a ``Texas42Error`` naming it, before anything is solved. ``realistic_deals`` (0: none)
    also plays each legal play out on that many of the deals by players who see only
    their own dominoes, ``worlds`` deals weighed a decision (``texas42 play --realistic``;
    ``PlayAdvice.realistic``); None, the default: 100 at Nel-O, as the command line plays
    out unasked there, else none. A seat with one legal play is never played out."""
    deals, seed, threads = _whole(deals), _whole_or_none(seed), _whole_or_none(threads)
    seat, bidder = _whole(seat), _whole(bidder)
    declaration, plays = _played(trump, tricks)
    asked = realistic_deals is not None
    if realistic_deals is None:
        realistic_deals = analysis.default_play_deals(declaration)
    realistic_deals, worlds = _whole(realistic_deals), _whole(worlds)
    if asked:  # unasked, as many as the sample has at most
        _check_within(realistic_deals, deals)
    parsed_bid = _bid(bid)
    whole = _finished(auction)
    _check_noise(noise, whole, infer)
    _check_playouts(realistic_deals, worlds)
    _checked(progress, None)
    advice = analysis.advise_play(
        _hand(hand),
        declaration,
        plays,
        seat=seat,
        bidder=bidder,
        bid=parsed_bid,
        deals=deals,
        seed=seed,
        threads=threads,
        progress=progress,
        auction=whole,
        infer=infer,
        noise=noise,
        house=_house(house),
    )
    if realistic_deals == 0 or len(advice.plays) == 1:  # one legal play: nothing to weigh
        return advice
    step = _counted(progress, playouts_total(advice, realistic_deals))
    return replace(advice, realistic=analysis.realistic_plays(advice, realistic_deals, worlds, threads, step))


def _counted(progress: Progress | None, total: int) -> Callable[[int], None] | None:
    """The playouts' ``on_progress(k)`` (``k`` more finished), told to ``progress`` as
    ``progress(playouts_done, total)`` once the deals are solved."""
    return None if progress is None else counted(progress, total)


def _check_playouts(realistic_deals: int, worlds: int) -> None:
    """The playouts asked of ``advise_play`` or ``review_play`` (none when
    ``realistic_deals`` is 0), checked before anything is solved: ``worlds`` other than
    the default without playouts would change nothing (an ``AnalysisError``, as the
    command line refuses ``--worlds`` without ``--realistic``)."""
    if not is_whole(realistic_deals):
        check_playout_deals(realistic_deals)  # 0.0 or False is not 0: refused, named
    if not isinstance(worlds, Real):
        check_worlds(worlds)  # an array is neither the default nor not: refused, named
    if realistic_deals == 0 and worlds != analysis.DEFAULT_WORLDS:
        message = "worlds goes with realistic_deals: the deals weighed a decision"
        raise AnalysisError(message, parameter="worlds")
    if is_whole(realistic_deals) and realistic_deals < 0:
        message = f"realistic_deals is 0 (no playouts) or the deals to play out, got {realistic_deals}"
        raise AnalysisError(message, parameter="realistic_deals")
    if realistic_deals != 0:
        check_playout_deals(realistic_deals)
        check_worlds(worlds)


def _check_within(realistic_deals: int, deals: int, name: str = "realistic_deals") -> None:
    """An ``AnalysisError`` for more deals to play out (the parameter ``name``) than the
    sample has: they are its first deals (the command line refuses ``--realistic-deals``
    above ``--deals`` too). What is no whole number is left to the checks that refuse it in
    their own words, and a number of deals out of range is refused first, for what it is."""
    if is_whole(realistic_deals) and is_whole(deals) and check_deals(deals) < realistic_deals:
        message = (
            f"{name} {realistic_deals:,}: the deals played out are the first of the sample, "
            f"which has {deals:,} (deals)"
        )
        raise AnalysisError(message, parameter=name)


def _check_realistic(realistic_deals: int, worlds: int, basis: str) -> None:
    """``_check_playouts``, and the realistic basis that playouts advise on."""
    _check_playouts(realistic_deals, worlds)
    if realistic_deals and check_basis(basis) == DOUBLE_DUMMY:
        raise AnalysisError("realistic_deals plays contracts out to advise on: not with basis double-dummy")


def _played(
    trump: PlayedContract | str | SupportsIndex, tricks: str | Iterable[Domino]
) -> tuple[PlayedContract, tuple[Domino, ...]]:
    """The trump (or Nel-O, sevens) and the plays, parsed where given as text."""
    contract = check_played_contract(trump)
    if isinstance(tricks, str):
        return contract, parse_tricks(tricks, trick_size(contract))
    what = 'the plays are their text ("6-6 6-1 / 5-5") or domino numbers'
    check_items(tricks, what)
    return contract, tuple(check_domino(d) for d in tricks)


def advise_turn(
    table: TableHand,
    *,
    deals: SupportsIndex = DEFAULT_DEALS,
    seed: SupportsIndex | None = None,
    threads: SupportsIndex | None = None,
    progress: Progress | None = None,
    noise: float = dealing.DEFAULT_NOISE,
    basis: str = REALISTIC,
    realistic_deals: SupportsIndex | None = None,
    worlds: SupportsIndex = analysis.DEFAULT_WORLDS,
) -> BidAdvice | DeclarationAdvice | PlayAdvice:
    """The advice at seat 0's turn of a hand at the table (``texas42 follow``): its call
    (``advise_bid``), its declaration (``declare``) or its play (``advise_play``), as
    ``table``'s stage says, on deals that fit the calls and plays so far under
    ``table.house``. ``realistic_deals`` as each of those takes it (None: played out
    where the command plays out unasked); ``worlds`` applies where something is played
    out (and is checked in any case). A ``UsageError`` where it is not seat 0's turn."""
    check_kind(table, TableHand, "table is a TableHand (what TableHand.dealt and enter return)")
    check_worlds(_whole(worlds))
    if not isinstance(realistic_deals, Real | None):
        check_playout_deals(realistic_deals)  # an array is neither 0 nor not: refused, named
    dealing.check_noise(noise)  # kept for the calls to come where there are none to weigh yet
    check_basis(basis)  # a play's advice has no basis, but the hand's calls had
    if table.to_act != 0:
        raise UsageError(f"it is not seat 0's turn ({table.stage.value})")
    house = table.house
    if table.stage is TableStage.BIDDING:
        bidding = table.bidding
        weighed = _turn_worlds(realistic_deals, analysis.plays_out_by_default(bidding, basis), worlds)
        return advise_bid(
            table.hand, bidding, deals=deals, seed=seed, threads=threads, progress=progress, house=house,
            noise=noise if bidding.bids else dealing.DEFAULT_NOISE,  # the first call: nothing to infer
            basis=basis, realistic_deals=realistic_deals, worlds=weighed,
        )  # fmt: skip
    if table.stage is TableStage.DECLARING:
        weighed = _turn_worlds(realistic_deals, analysis.plays_out_by_default(table.auction, basis), worlds)
        return declare(
            table.hand, table.auction, deals=deals, seed=seed, threads=threads, progress=progress,
            house=house, noise=noise, basis=basis, realistic_deals=realistic_deals, worlds=weighed,
        )  # fmt: skip
    assert table.contract is not None
    weighed = _turn_worlds(realistic_deals, bool(analysis.default_play_deals(table.contract)), worlds)
    return advise_play(
        table.hand, table.contract, table.plays, bidder=table.declarer, auction=table.auction, deals=deals,
        seed=seed, threads=threads, progress=progress, house=house, noise=noise,
        realistic_deals=realistic_deals, worlds=weighed,
    )  # fmt: skip


def _turn_worlds(
    realistic_deals: SupportsIndex | None, unasked: bool, worlds: SupportsIndex
) -> SupportsIndex:
    """``worlds`` where the turn is played out (asked, or unasked where None), else the
    default, which the commands' functions ask where nothing is played out."""
    played = realistic_deals != 0 if realistic_deals is not None else unasked
    return worlds if played else analysis.DEFAULT_WORLDS


def review_play(
    hand: Hand | str,
    trump: PlayedContract | str | SupportsIndex,
    tricks: str | Iterable[Domino],
    *,
    seat: SupportsIndex = 0,
    bidder: SupportsIndex = 0,
    bid: SupportsIndex | str | None = None,
    deals: SupportsIndex = DEFAULT_DEALS,
    seed: SupportsIndex | None = None,
    threads: SupportsIndex | None = None,
    progress: Progress | None = None,
    auction: FinishedAuction | str | None = None,
    infer: str = "auction",
    noise: float = dealing.DEFAULT_NOISE,
    house: HouseRules | None = None,
    basis: str = REALISTIC,
    realistic_deals: SupportsIndex | None = None,
    worlds: SupportsIndex = analysis.DEFAULT_WORLDS,
    realistic_contract_deals: SupportsIndex | None = None,
) -> PlayReview:
    """A hand played, reviewed (``texas42 review``): at each turn of ``seat`` among the
    plays ``tricks``, the advice ``advise_play`` would have given then (the same options
    and ``seed``), beside the domino played; ``missed`` are the turns whose play was not
    as good as the best, with the expected points and odds of the contract given up
    (the odds alone at 42 and the mark bids, Nel-O and sevens: ``PlayReview.weighs_points``).
    ``realistic_deals`` (0: none) also plays each turn's legal plays out on that many of
    its deals, ``worlds`` deals weighed a decision (``texas42 review --realistic``):
    ``PlayReview.played_out`` weighs the turns on them. With the whole ``auction``, the
    seat's call is weighed as ``advise_bid`` would have (``PlayReview.called``,
    ``PlayReview.call``) and, where the seat declared, its declaration as ``declare``
    would have (``PlayReview.declared``), both on ``basis`` as those would; with
    ``realistic_deals`` on the realistic basis, both played out as those play them, on
    ``realistic_contract_deals`` deals (default ``realistic_deals``). None, the default,
    plays out what the command line plays out unasked (``analysis.played_out_by_default``:
    the turns at Nel-O, on 100 deals, ``worlds`` a decision, and the call and declaration
    where we named a partner's plunge or splash trump, on 200)."""
    deals, seed, threads = _whole(deals), _whole_or_none(seed), _whole_or_none(threads)
    unasked = realistic_deals is None
    realistic_deals, worlds = (0 if realistic_deals is None else _whole(realistic_deals)), _whole(worlds)
    seat, bidder = _whole(seat), _whole(bidder)
    realistic_contract_deals = _whole_or_none(realistic_contract_deals)
    declaration, plays = _played(trump, tricks)
    whole = _finished(auction)
    _check_noise(noise, whole, infer)
    _check_playouts(analysis.default_play_deals(declaration) if unasked else realistic_deals, worlds)
    _check_within(realistic_deals, deals)
    _check_contract_deals(realistic_contract_deals, realistic_deals, deals, whole)
    _checked(progress, None)
    review = analysis.review_play(
        _hand(hand),
        declaration,
        plays,
        seat=seat,
        bidder=bidder,
        bid=_bid(bid),
        deals=deals,
        seed=seed,
        threads=threads,
        progress=progress,
        auction=whole,
        infer=infer,
        noise=noise,
        house=_house(house),
        basis=basis,
    )
    playouts = None if unasked else (realistic_deals, realistic_contract_deals)
    return _review_played_out(review, playouts, worlds, threads, progress)


def _check_contract_deals(
    contract_deals: int | None, realistic_deals: int, deals: int, auction: FinishedAuction | None
) -> None:
    """``review_play``'s ``realistic_contract_deals``, checked: None, or deals to play the
    call and declaration out on, beside ``realistic_deals``, with the whole ``auction``
    (without it no call is weighed), at most the sample's ``deals``."""
    if contract_deals is None:
        return
    name = "realistic_contract_deals"
    if realistic_deals == 0:
        message = f"{name} goes with realistic_deals: the deals a call is played out on"
        raise AnalysisError(message, parameter=name)
    try:
        check_playout_deals(contract_deals)
    except AnalysisError as error:
        raise AnalysisError(f"{name}: {error}", parameter=name) from None
    if auction is None:
        raise AnalysisError(f"{name} goes with the whole auction, where the call is weighed", parameter=name)
    _check_within(contract_deals, deals, name)


def _review_played_out(
    review: PlayReview,
    playouts: tuple[int, int | None] | None,
    worlds: int,
    threads: int | None,
    progress: Progress | None,
) -> PlayReview:
    """``review`` played out on ``playouts``, the deals of the turns and of the call and
    declaration (0: none; None: what the command line plays out unasked), ``progress``
    told the playouts finished."""
    if playouts is None:
        step = _counted(progress, analysis.default_playouts(review))
        return analysis.played_out_by_default(review, threads, step, worlds=worlds)
    deals, contract_deals = playouts
    if deals == 0:
        return review
    step = _counted(progress, realistic_review_total(review, deals, contract_deals))
    return analysis.realistic_review(review, deals, worlds, threads, step, contract_deals)


def quick(
    hand: Hand | str,
    *,
    confidence: float = analysis.DEFAULT_CONFIDENCE,
    basis: str = "realistic",
    house: HouseRules | None = None,
) -> QuickAnalysis:
    """What a hand is worth, estimated in a millisecond by the quick model (``texas42
    quick``): for every trump the estimated expected points and odds of every bid,
    double-dummy and (``basis`` realistic) realistic, and the bid and trump a full
    analysis would recommend on that basis, as ``analyze`` states them; the estimated
    double-dummy odds of the special contracts the hand may bid, as ``house`` plays them
    (default rules; none with ``HouseRules(specials=False)``), on the realistic basis calibrated too
    (``advised_specials``), and the special contract to bid instead on that basis
    (``special_instead``).

    >>> quick("6-6 6-5 6-4 6-3 6-2 6-1 6-0").recommendation.bid
    84
    """
    return analysis.quick_hand(_hand(hand), confidence, basis=basis, house=_house(house))


def quick_many(
    hands: Iterable[Hand | str | int | np.integer] | np.ndarray | int | np.integer,
    *,
    confidence: float = analysis.DEFAULT_CONFIDENCE,
    basis: str = evaluate.DOUBLE_DUMMY,
) -> evaluate.Estimates:
    """The quick model's estimates for many hands at once, as arrays: ``hands`` is an
    integer array of hand masks of any shape (``(n,)`` hands, ``(n, 4)`` deals, ...) or
    an iterable of hands (or of masks); ``basis`` is ``"double-dummy"`` (or ``"double_dummy"``, the
    default) or ``"realistic"`` (the model's heads). A few microseconds a hand."""
    if isinstance(hands, np.ndarray | int | np.integer):
        masks: np.ndarray | int = np.asarray(hands) if isinstance(hands, np.integer) else hands
    elif isinstance(hands, Iterable) and not isinstance(hands, str | Hand | bytes | bytearray):
        listed = [_hand(h).mask if isinstance(h, Hand | str) else h for h in hands]
        masks = _mask_array(listed) if listed else np.zeros(0, dtype=np.int64)  # none: no estimates
    else:
        raise ArgumentTypeError(f"hands are an iterable of hands or an integer array of masks, got {hands!r}")
    confidence = check_confidence(confidence)
    head = check_basis(basis).replace("-", "_")
    return evaluate.estimate(masks, head=head, confidence=confidence)


def _mask_array(listed: list[object]) -> np.ndarray:
    """``quick_many``'s list of masks (or of lists of them) as an array, or an
    ``ArgumentTypeError`` where its rows are of different lengths."""
    try:
        return np.array(listed)
    except ValueError:
        raise ArgumentTypeError(
            "hands are an iterable of hands or masks, or of rows of masks all of one length, "
            f"got rows of lengths {sorted({len(row) for row in listed if isinstance(row, Sized)})}"
        ) from None


def deal_constraints(holds: Iterable[str] = (), lacks: Iterable[str] = ()) -> DealConstraints:
    """Constraints as the options write them: ``holds=["2: 6-6 5-5"]``, ``lacks=["1: sixes"]``."""
    holds, lacks = _texts(holds, "holds"), _texts(lacks, "lacks")
    items = (*(dealing.parse_holds(t) for t in holds), *(dealing.parse_lacks(t) for t in lacks))
    dealing.check_named_once(items)
    return DealConstraints(tuple(items))


def _texts(items: Iterable[str], name: str) -> tuple[str, ...]:
    """``items`` as a tuple of texts: one text alone is one item."""
    if isinstance(items, str):
        return (items,)
    what = f'{name} is a list of texts such as ["2: 6-6 5-5"]'
    check_items(items, what)
    texts = tuple(items)
    if not all(isinstance(t, str) for t in texts):
        raise ArgumentTypeError(f"{what}, got {items!r}")
    return texts


def deals(
    hand: Hand | str,
    constraints: DealConstraints | None = None,
    deals: SupportsIndex = DEFAULT_DEALS,
    seed: SupportsIndex | None = None,
    *,
    auction: Auction | str = "",
    infer: str = "auction",
    noise: float = dealing.DEFAULT_NOISE,
    house: HouseRules | None = None,
    progress: Progress | None = None,
) -> Dealt:
    """``deals`` deals around ``hand`` consistent with ``constraints`` (``texas42 deals``):
    uniformly, all of them, ``exact``, when there are at most ``deals``; with an
    ``auction`` (the bids made before ours), drawn to fit it as ``analyze`` draws them
    (``infer``, ``noise``; the special contracts ``house`` plays), the ``inference``
    saying how and ``progress(kept, deals)`` called as they are drawn."""
    parsed = _hand(hand)
    n = check_deals(deals)
    _checked(progress, constraints)
    seed = dealing.draw_seed() if seed is None else dealing.check_seed(seed)
    model = _auction_model(auction, infer, noise, _house(house))
    if model is None:
        return dealing.deals_from_seed(parsed, n, seed, constraints)
    rng = dealing.generators(seed)[0]
    drawn, inference = dealing.infer_deals(parsed, n, rng, model, constraints, progress=progress)
    return Dealt(dealing.as_deals(drawn), False, seed, None if dealing.rules_only(model) else inference)


def count_deals(hand: Hand | str, constraints: DealConstraints | None = None) -> int:
    """The exact number of deals around ``hand`` consistent with ``constraints``."""
    _checked(None, constraints)
    return dealing.count_deals(_hand(hand), constraints)
