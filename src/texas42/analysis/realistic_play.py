"""Play advice from realistic play: each legal play of the seat to play followed, on the
deals of the advice's sample, by players who see only their own dominoes
(``analysis.playout.play_on``; at Nel-O and sevens ``analysis.special_playout``), and
ranked as the double-dummy advice ranks its plays (``analysis.play``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import numpy as np

from texas42 import engine
from texas42.analysis.play import PlayAdvice, PlayStats, rank_contract_plays, rank_plays
from texas42.analysis.playout import (
    DEFAULT_WORLDS,
    check_playout_deals,
    check_worlds,
    own_seed,
    play_on,
    playout_deals,
)
from texas42.analysis.special_playout import play_on_special
from texas42.analysis.statistics import Interval, paired_difference
from texas42.errors import AnalysisError
from texas42.rules import (
    TOTAL_POINTS,
    Contract,
    Domino,
    PlayedContract,
    check_domino,
    domino_name,
    needed_points,
)

PLAYOUT_STREAM: Final = 200
"""The playouts' worlds come from a stream of the seed of their own (``playout_seed``)."""
DEFAULT_REALISTIC_PLAY_DEALS: Final = 100


def turns_played_out_by_default(contract: PlayedContract) -> bool:
    """Whether ``play``, ``follow`` and ``review`` play a turn's choices out unasked: at
    Nel-O, whose double-dummy defenders always find the trick that sets the contract, so
    that the double-dummy odds say little of a play at a table (docs/realistic.md#nel-o-play)."""
    return contract is Contract.NELLO


def default_play_deals(contract: PlayedContract) -> int:
    """The deals a turn's choices are played out on unasked (0: none)."""
    return DEFAULT_REALISTIC_PLAY_DEALS if turns_played_out_by_default(contract) else 0


@dataclass(frozen=True)
class RealisticPlays:
    """Each legal play followed by realistic play on ``deals`` deals (of the advice's
    sample: ``played_deals``), ``worlds`` worlds a decision, both sides playing for the bid:
    ``plays`` as ``PlayAdvice.plays`` (the best first), their points and contract those
    the playouts ended with, ``best`` the deals where no other play ended better.
    ``wins[i, d]``: whether playing domino d won the contract for the seat's team (made
    the bid, or set it) in deal i; ``points[i, d]``, the points the seat's team took then
    (None at Nel-O and sevens)."""

    deals: int
    worlds: int
    plays: tuple[PlayStats, ...]
    wins: np.ndarray = field(repr=False, compare=False)
    points: np.ndarray | None = field(default=None, repr=False, compare=False)

    @property
    def best(self) -> PlayStats:
        """The best play as played out: the first of ``plays``."""
        return self.plays[0]

    def lead(self, first: Domino, second: Domino) -> tuple[float, Interval]:
        """How much more often playing ``first`` than ``second`` won the contract for the
        seat's team, over the same deals, with its 95% interval (paired: ``paired_interval``)."""
        return paired_difference(self.wins[:, self._played(first)], self.wins[:, self._played(second)])

    def same_wins(self, first: Domino, second: Domino) -> bool:
        """Whether playing ``first`` and playing ``second`` won the contract for the seat's team
        in exactly the same deals."""
        return bool(np.array_equal(self.wins[:, self._played(first)], self.wins[:, self._played(second)]))

    def _played(self, domino: Domino) -> Domino:
        domino = check_domino(domino)
        if all(p.domino != domino for p in self.plays):
            legal = " ".join(domino_name(p.domino) for p in self.plays)
            raise AnalysisError(f"{domino_name(domino)} was not played out (the plays: {legal})")
        return domino


def realistic_plays(
    advice: PlayAdvice,
    deals: int = DEFAULT_REALISTIC_PLAY_DEALS,
    worlds: int = DEFAULT_WORLDS,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> RealisticPlays:
    """Play every legal play of ``advice`` out on ``deals`` of its deals
    (``played_deals``; all of them if it has fewer), ``worlds`` worlds a decision (0:
    every hand seen, double-dummy play). ``on_progress(k)`` as ``playouts_total``
    counts."""
    deals = check_playout_deals(deals)
    worlds = check_worlds(worlds)
    if advice.sample is None:
        raise AnalysisError("the advice keeps no deals to play out")
    held = played_deals(advice, deals)
    plays = tuple(s.domino for s in advice.plays)
    n, columns = held.shape[0], list(plays)
    values = np.full((n, 28), engine.ILLEGAL, dtype=np.int64)
    wins = np.zeros((n, 28), dtype=bool)
    result = engine.PlayValues(advice.seat, values, np.zeros(n, dtype=np.int64))
    ours = advice.seat % 2 == advice.bidder % 2
    history, seed = advice.history, playout_seed(advice.seed)
    if advice.counts_points:
        outcomes = play_on(
            history,
            held,
            plays,
            advice.bid,
            worlds,
            seed,
            threads,
            on_progress,
            advice.partner_contract,
        )
        bidders = np.stack([out.points for out in outcomes], axis=1)  # a column a play
        values[:, columns] = bidders if ours else TOTAL_POINTS - bidders
        wins[:, columns] = (bidders >= needed_points(advice.bid)) == ours
        ranked = rank_plays(
            result, advice.seat, advice.bidder, advice.bid, False, settled=advice.decided is not None
        )
    else:
        specials = play_on_special(history, held, plays, worlds, seed, on_progress, threads=threads)
        made = np.stack([out.made for out in specials], axis=1)
        values[:, columns] = made
        wins[:, columns] = made == ours
        ranked = rank_contract_plays(result, advice.seat, advice.bidder, False)
    points = values if advice.counts_points else None
    return RealisticPlays(int(held.shape[0]), worlds, ranked, wins, points)


def playout_seed(seed: int) -> int:
    """The seed the playouts of advice dealt from ``seed`` draw their worlds from: apart
    from the advice's deals. Spawned from ``seed`` itself, the first deal's worlds came
    from the very stream that dealt the advice's deals, the deal it plays among them."""
    return own_seed(seed, PLAYOUT_STREAM)


def played_deals(advice: PlayAdvice, deals: int) -> np.ndarray:
    """The deals ``realistic_plays`` plays out: the first ``deals`` of the advice's
    sample, which are drawn at random; when the sample lists every consistent deal (in a
    fixed order), ``deals`` of them chosen at random from the advice's seed; when it
    weighs them by the auction, ``deals`` drawn from them in proportion to their weights
    (with replacement, as ``deal.infer_seen_deals`` draws)."""
    assert advice.sample is not None
    if advice.weights is not None:
        rng = np.random.Generator(np.random.PCG64(advice.seed))
        drawn = rng.choice(advice.deals, size=deals, p=advice.weights / advice.weights.sum())
        return advice.sample[np.sort(drawn)]
    return playout_deals(advice.sample, deals, advice.exact, advice.seed)


def playouts_total(advice: PlayAdvice, deals: int) -> int:
    """What ``realistic_plays`` on ``deals`` deals counts to in ``on_progress``: the
    plays made in all (trumps), or the playouts (Nel-O and sevens)."""
    games = len(advice.plays) * (deals if advice.weights is not None else min(deals, advice.deals))
    if not advice.counts_points:
        return games
    return games * (28 - len(advice.history.plays) - 1)
