"""One sample of deals around a hand, solved for every declaration asked: what the hand
analysis, the comparison of trumps and the bidding advice all stand on.

Seat 0 holds the hand, bids and leads; seat 2 is the partner. Every declaration is
solved on the same deals (common random numbers), so differences between them are
measured without the noise of different deals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

import numpy as np

from texas42 import deal, engine
from texas42.analysis.statistics import TrumpStats
from texas42.deal import AuctionModel, DealConstraints, Inference, infer_deals
from texas42.deal.inference import HandValues
from texas42.deal.sampling import check_deal_count
from texas42.errors import AnalysisError
from texas42.rules import Auction, Declaration, FinishedAuction, Hand, check_declaration

DEFAULT_DEALS: Final = 1000

Progress = Callable[[int, int], object]
"""A progress callback: ``progress(solves_done, solves_total)`` (what it returns is ignored)."""


def counted(progress: Progress, total: int) -> Callable[[int], None]:
    """A step ``step(k)`` (``k`` more of ``total`` done) that tells ``progress(done,
    total)``: how the playouts' counts reach a ``Progress``."""
    done = 0

    def step(k: int) -> None:
        nonlocal done
        done += k
        progress(done, total)

    return step


def read_only(array: np.ndarray) -> np.ndarray:
    """A view of ``array`` that cannot be written, for a result that must stay as
    computed (the array itself is left as it was)."""
    view = array.view()
    view.flags.writeable = False
    return view


@dataclass(frozen=True)
class Sample:
    """Deals of the 21 unseen dominoes (``deals``, an (n, 4) array of hand masks, seat 0
    holding ``hand``) and ``points[i, j]``, the points seat 0's team takes in deal i
    under ``declarations[j]``, seat 0 leading, double-dummy. ``solved[j]``: declaration j
    was solved on the first ``solved[j]`` deals only (racing; -1 in ``points`` after
    them); None: on every deal. ``exact``: the deals are every consistent deal."""

    hand: Hand
    seed: int
    deals: np.ndarray
    declarations: tuple[Declaration, ...]
    points: np.ndarray
    solved: tuple[int, ...] | None = None
    exact: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "deals", read_only(self.deals))
        object.__setattr__(self, "points", read_only(self.points))

    @property
    def size(self) -> int:
        """The number of deals."""
        return int(self.deals.shape[0])

    def _column(self, declaration: Declaration | str) -> int:
        wanted = check_declaration(declaration)
        if wanted not in self.declarations:
            solved = ", ".join(d.label for d in self.declarations)
            raise AnalysisError(f"{wanted.label} was not solved (solved: {solved})")
        return self.declarations.index(wanted)

    def _solved_on(self, column: int) -> int:
        return self.size if self.solved is None else self.solved[column]

    def deals_solved(self, declaration: Declaration | str) -> int:
        """How many deals (the first ones) ``declaration`` (one, its number or its name) was
        solved on; an ``AnalysisError`` for one that was not solved."""
        return self._solved_on(self._column(declaration))

    def points_of(self, declaration: Declaration | str) -> np.ndarray:
        """The points of ``declaration`` (one, its number or its name) in each deal it was
        solved on."""
        column = self._column(declaration)
        points: np.ndarray = self.points[: self._solved_on(column), column]
        return points

    def stats(self) -> tuple[TrumpStats, ...]:
        """Each declaration's statistics, in the order solved."""
        return tuple(TrumpStats.from_points(d, self.points_of(d), self.exact) for d in self.declarations)


def check_deals(deals: object) -> int:
    """``deals`` if it is a usable number of deals (1 to ``MAX_DEALS``), else an
    ``AnalysisError``."""
    return check_deal_count(deals, "the number of deals", 1)


def distinct_declarations(declarations: Iterable[Declaration]) -> tuple[Declaration, ...]:
    """The distinct declarations, in the rule book's order."""
    chosen = tuple(sorted({check_declaration(d) for d in declarations}))
    if not chosen:
        raise AnalysisError("no declarations to analyse")
    return chosen


@dataclass(frozen=True)
class DrawnDeals:
    """The main sample and the check sample; ``exact``: the main sample is every deal
    consistent with the constraints, listed once each, and is its own check (an
    independent sample of an exhaustive enumeration is the enumeration itself)."""

    main: np.ndarray
    check: np.ndarray
    exact: bool
    inference: Inference | None = None
    """How the deals were drawn to fit an auction, or None: uniformly."""
    ruled_by: Auction | FinishedAuction | None = None
    """An auction not listened to (``--infer none``) whose plunge or splash still shaped
    the deals: its bidder holds the doubles the rules require (``deal.rules_only``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "main", read_only(self.main))
        object.__setattr__(self, "check", read_only(self.check))

    @property
    def size(self) -> int:
        """The number of deals of the main sample."""
        return int(self.main.shape[0])


def stated_constraints(constraints: DealConstraints | None) -> DealConstraints | None:
    """``constraints`` as a result keeps them: None where they constrain nothing."""
    return None if constraints is None or constraints.empty else constraints


def draw_samples(
    hand: Hand,
    deals: int,
    seed: int,
    constraints: DealConstraints | None = None,
    auction: AuctionModel | None = None,
    check: bool = True,
    threads: int | None = None,
) -> DrawnDeals:
    """The main sample and an independent check sample of ``deals`` deals each, both
    from ``seed`` (one generator stream each), consistent with ``constraints``; all the
    consistent deals, once, if there are at most ``deals`` (``deal.deal_around``).

    With ``auction``, each sample is drawn in proportion to the likelihood of the auction
    (``deal.infer_deals``; never listed, as the deals are not equally likely); without
    ``check``, the check sample is not drawn then (it is the main one). ``threads``: how
    many value the hands for the auction (default: every core); the deals do not depend
    on it. An auction that keeps only the rules of its calls (``deal.rules_only``) draws
    deals uniform but for them, with no ``inference`` but ``ruled_by``."""
    main_rng, check_rng = deal.generators(seed)
    if auction is not None:
        values = HandValues(hand, auction.head, threads, auction.house)
        main, inference = infer_deals(hand, deals, main_rng, auction, constraints, values=values)
        second, more = main, None
        if check:
            second, more = infer_deals(hand, deals, check_rng, auction, constraints, values=values)
        if deal.rules_only(auction):
            return DrawnDeals(main, second, False, ruled_by=auction.auction)
        return DrawnDeals(main, second, False, inference if more is None else inference.plus(more))
    main, exact = deal.deal_around(hand, deals, main_rng, constraints)
    if exact:
        return DrawnDeals(main, main, True)
    return DrawnDeals(main, deal.deal_around(hand, deals, check_rng, constraints)[0], False)


def uniform_check(
    hand: Hand, deals: int, seed: int, constraints: DealConstraints | None = None
) -> np.ndarray:
    """The check sample ``draw_samples`` draws without an auction (the main sample when
    that is exact: every consistent deal, listed): the uniform deals to set figures drawn
    to fit an auction against."""
    _, check_rng = deal.generators(seed)
    return deal.deal_around(hand, deals, check_rng, constraints)[0]


def solve_sample(
    hand: Hand,
    seed: int,
    deals: np.ndarray,
    declarations: Iterable[Declaration],
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Sample:
    """Solve every deal for every declaration, seat 0 leading, in one parallel run of
    the engine (``on_progress(solves)`` is called as solves finish)."""
    chosen = tuple(check_declaration(d) for d in declarations)
    points = engine.solve_deals(deals, chosen, leaders=0, threads=threads, on_progress=on_progress).points
    return Sample(hand=hand, seed=seed, deals=deals, declarations=chosen, points=points)


def reach_sample(
    deals: np.ndarray,
    declaration: Declaration,
    points: int,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> np.ndarray:
    """Whether seat 0's team, seat 0 leading, takes at least ``points`` in each deal
    (bool, (n,)): one null-window search a deal, reporting as ``solve_sample``."""
    made: np.ndarray = engine.reaches(
        deals, [declaration], points, leaders=0, threads=threads, on_progress=on_progress
    )[:, 0]
    return made


class SolveCounter:
    """Counts solves for a progress callback whose total may still change."""

    def __init__(self, total: int, progress: Progress | None) -> None:
        self.done = 0
        self.total = total
        self.progress = progress

    def retotal(self, total: int) -> None:
        self.total = total
        if self.progress is not None:
            self.progress(self.done, self.total)

    def __call__(self, solves: int) -> None:
        self.done += solves
        if self.progress is not None:
            self.progress(self.done, self.total)
