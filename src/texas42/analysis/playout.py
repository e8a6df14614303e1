"""Realistic playouts: hands played out by players who see only their own dominoes.

At each turn the seat to play deals ``worlds`` deals of the dominoes it cannot see,
consistent with everything it has seen (its own hand, every play so far, the suits each
seat showed out of: ``deal.deals_seen_from``), values each of its legal plays double-dummy
in every one of those worlds, and plays the best for its team: the bidder's team the play
that makes the bid in the most worlds, the defenders the one that sets it in the most,
expected points breaking ties (then as ``texas42 play`` ranks). This is perfect-information Monte
Carlo (PIMC), the play engine of strong bridge and Skat programs. A play forced by the
rules costs nothing, nor does a choice among trumps worth the same in every deal
(``rules.interchangeable``). With ``worlds=0`` every seat sees the true deal: the playout is then
double-dummy play itself.

All the playouts advance together, one play at a time: every turn of every deal, in every
world, is one parallel batch of the engine. Each deal draws its worlds from its own seeded
generator, so the result depends only on the seed, never on the threads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from texas42 import deal, engine
from texas42.deal.sampling import check_deal_count
from texas42.errors import AnalysisError, check_whole
from texas42.rules import (
    ALL_DOMINOES,
    TOTAL_POINTS,
    Contract,
    Declaration,
    Domino,
    PlayHistory,
    Seat,
    advance,
    check_declaration,
    interchangeable,
    legal_plays,
    needed_points,
    replay,
)

DEFAULT_WORLDS: Final = 10
MAX_WORLDS: Final = 1000
PLAYS: Final = 28


@dataclass(frozen=True)
class Playouts:
    """``deals`` (an (n, 4) array of the hands dealt, seat 0 first) played out under
    ``declaration``, ``bidder`` leading, each side playing for ``bid`` (None: for points
    alone) with ``worlds`` worlds a decision (0: seeing every hand). ``points[i]``: what
    the bidder's team took in deal i; ``plays[i]``: the 28 dominoes in order of play;
    ``decisions``: the turns that were not forced, summed over the deals."""

    declaration: Declaration
    bidder: Seat
    bid: int | None
    worlds: int
    seed: int
    deals: np.ndarray
    points: np.ndarray
    plays: np.ndarray
    decisions: int


def check_worlds(worlds: object) -> int:
    """``worlds`` if it is 0 (every hand seen) to ``MAX_WORLDS``, else an ``AnalysisError``."""
    worlds = check_whole(worlds, AnalysisError, "the worlds a decision")
    if worlds < 0:
        raise AnalysisError(f"the worlds a decision must be 0 or more, got {worlds}")
    if worlds > MAX_WORLDS:
        raise AnalysisError(f"the worlds a decision must be at most {MAX_WORLDS:,}, got {worlds:,}")
    return worlds


def check_playout_deals(deals: object) -> int:
    """The deals to play out as an int: a whole number from 1 to ``MAX_DEALS``, else an
    ``AnalysisError``."""
    return check_deal_count(deals, "the deals to play out", 1)


def best_play(values: np.ndarray, plays: int, bidder_side: bool, need: int) -> Domino:
    """The domino to play among the mask ``plays``: ``values[w, d]`` is what the bidder's
    team takes over the hand in world w after domino d. Ranked as ``texas42 play`` ranks
    (``analysis.play.rank_plays``): the play that wins the contract for the side to play
    (makes ``need`` points, or keeps the bidder below it) in the most worlds, then the most
    expected points for that side, then the best play in the most worlds, then the higher
    domino."""
    return best_plays(values, [len(values)], [plays], [bidder_side], need)[0]


def best_plays(
    values: np.ndarray, counts: Sequence[int], plays: Sequence[int], bidder_sides: Sequence[bool], need: int
) -> list[Domino]:
    """``best_play`` for many decisions at once: decision k has the next ``counts[k]``
    rows of ``values`` as its worlds, ``plays[k]`` and ``bidder_sides[k]``."""
    worlds = np.asarray(counts, dtype=np.int64)
    starts = np.cumsum(worlds) - worlds
    legal = (np.asarray(plays, dtype=np.int64)[:, None] >> np.arange(PLAYS)) & 1 == 1
    side = np.repeat(np.asarray(bidder_sides, dtype=bool), worlds)[:, None]
    own = np.where(side, values, TOTAL_POINTS - values)
    own = np.where(np.repeat(legal, worlds, axis=0), own, -1)  # a legal play's points are 0 or more
    wins = np.where(side, values >= need, values < need)
    best = own == own.max(axis=1, keepdims=True)
    most = worlds.max()  # the sums below stay under these bounds, so the key orders them in turn
    key = np.add.reduceat(wins, starts).astype(np.int64)
    key = key * (TOTAL_POINTS * most + 1) + np.add.reduceat(own, starts)
    key = (key * (most + 1) + np.add.reduceat(best, starts)) * PLAYS + np.arange(PLAYS)
    return [int(d) for d in np.where(legal, key, -1).argmax(axis=1)]


class _Game:
    """One deal (the hands as dealt) being played out from ``history``."""

    def __init__(
        self,
        dealt: np.ndarray,
        history: PlayHistory,
        rng: np.random.Generator,
        partner_contract: Contract | None = None,
    ):
        self.dealt = [int(h) for h in dealt]
        self.declaration = history.declaration
        self.bidder = history.bidder
        self.rng = rng
        self.history = history
        self.partner_contract = partner_contract
        self.decisions = 0

    def turn(self) -> tuple[Seat, int]:
        """The seat to play and its legal plays (a mask)."""
        h = self.history
        seat = h.turn
        held = self.dealt[seat] & ~h.played
        return seat, legal_plays(held, h.trick[0] if h.trick else None, self.declaration)

    def settled(self, plays: int) -> bool:
        """Whether the choice among ``plays`` needs no thought: one legal play, or plays
        worth the same in every deal (``interchangeable``), of which ``best_play`` would
        take the highest."""
        h = self.history
        return plays.bit_count() == 1 or interchangeable(
            plays, ALL_DOMINOES & ~h.played, h.trick, self.declaration
        )

    def worlds(self, seat: Seat, count: int) -> np.ndarray:
        """The deals of the dominoes still held that ``seat`` weighs (the true one for 0);
        after a plunge or a splash, those in which its bidder holds the doubles the rules
        require."""
        if count == 0:
            played = self.history.played
            return np.array([[h & ~played for h in self.dealt]], dtype=np.int64)
        if self.partner_contract is not None:
            return deal.partner_contract_seen_deals(
                self.history, seat, self.dealt[seat], count, self.rng, self.partner_contract
            )
        drawn, _ = deal.deals_seen_from(self.history, seat, self.dealt[seat], count, self.rng)
        return drawn

    def play(self, d: Domino) -> None:
        self.history = advance(self.history, d)

    def bidder_view(self) -> tuple[int, int]:
        """(sign, offset) turning values for seats 0/2 from the trick in progress on into
        the bidder's team's points over the whole hand: sign * value + offset."""
        taken = self.history.score[0]
        return (1, taken) if self.bidder % 2 == 0 else (-1, TOTAL_POINTS - taken)


def playout_deals(deals: np.ndarray, n: int, exact: bool, seed: int) -> np.ndarray:
    """The ``n`` deals of a sample to play out: its first ``n``, which are drawn at random;
    where the sample is ``exact`` (every consistent deal, listed in a fixed order), ``n``
    of them chosen at random from ``seed`` (in the listing's order)."""
    if not exact or len(deals) <= n:
        return deals[:n]
    rng = np.random.Generator(np.random.PCG64(seed))
    return deals[np.sort(rng.choice(len(deals), size=n, replace=False))]


def play_out(
    deals: np.ndarray,
    declaration: Declaration,
    bid: int | None,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    bidder: Seat = 0,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    partner_contract: Contract | None = None,
) -> Playouts:
    """Play every deal of ``deals`` out, each seat seeing only its own hand (``worlds``
    worlds a decision; 0: every hand). ``on_progress(k)`` is called with the number of
    deals finished since its previous call, once a deal is over. ``partner_contract`` as
    for ``play_on``: the hand is a plunge or a splash by ``bidder``'s partner."""
    worlds = check_worlds(worlds)
    declaration = check_declaration(declaration)
    deals = np.ascontiguousarray(deals, dtype=np.int64)
    start = replay(declaration, bidder, [])
    games = [
        _Game(row, start, rng, partner_contract)
        for row, rng in zip(deals, generators(seed, len(deals)), strict=True)
    ]

    def on_round(_: int) -> None:
        if on_progress is not None and games[0].history.is_over:
            on_progress(len(games))

    _play(games, worlds, bid, threads, on_round)
    return _playouts(games, start, worlds, seed, deals, bid)


def play_on(
    history: PlayHistory,
    held: np.ndarray,
    plays: Sequence[Domino],
    bid: int | None,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
    partner_contract: Contract | None = None,
) -> tuple[Playouts, ...]:
    """From the position ``history`` of a trump hand, each domino of ``plays`` (legal for
    the seat to play) played, then the hand played out as ``play_out`` plays it, in each
    deal of ``held`` (an (n, 4) array of the dominoes each seat still holds): one
    ``Playouts`` a play, in order, their ``deals`` the hands as dealt. Deal i draws its
    worlds from the same generator after every play (spawned from ``seed``), so the
    plays are compared on the same chances. ``on_progress(k)`` is called with the number
    of plays made since its previous call (``len(plays) * n`` a trick's turn).
    ``partner_contract``: the hand is a plunge or a splash, ``history.bidder`` the partner
    of the player who bid it, and every player knows that player holds the doubles it
    needs."""
    worlds = check_worlds(worlds)
    deals = dealt_hands(history, held)
    games = [
        _Game(row, advance(history, d), rng, partner_contract)
        for d in plays
        for row, rng in zip(deals, generators(seed, len(deals)), strict=True)
    ]
    _play(games, worlds, bid, threads, on_progress)
    n = len(deals)
    return tuple(
        _playouts(games[k * n : (k + 1) * n], history, worlds, seed, deals, bid) for k in range(len(plays))
    )


def dealt_hands(history: PlayHistory, held: np.ndarray) -> np.ndarray:
    """The hands as dealt: ``held`` (the dominoes each seat still holds, an (n, 4) array)
    with each seat's plays of ``history`` given back."""
    played = [0, 0, 0, 0]
    for play in history.plays:
        played[play.seat] |= 1 << play.domino
    return np.ascontiguousarray(held, dtype=np.int64) | np.array(played, dtype=np.int64)


def generators(seed: int, n: int) -> list[np.random.Generator]:
    """One generator a deal, spawned from ``seed``."""
    return [np.random.Generator(np.random.PCG64(s)) for s in np.random.SeedSequence(seed).spawn(n)]


def own_seed(seed: int, key: int) -> int:
    """A seed of its own for the playouts ``key`` names, derived from ``seed``: their
    streams apart from those spawned from ``seed`` itself (the deals') and from another
    key's."""
    return int(np.random.SeedSequence([seed, key]).generate_state(1)[0])


def _play(
    games: list[_Game],
    worlds: int,
    bid: int | None,
    threads: int | None,
    on_round: Callable[[int], None] | None,
) -> None:
    """Play every game to its end, one play of each a round (they all stand at the same
    point of the hand), every decision of a round in one batch of the engine;
    ``on_round(len(games))`` after each round."""
    need = 0 if bid is None else needed_points(bid)
    while games and not games[0].history.is_over:
        asked: list[tuple[_Game, Seat, int, int]] = []
        rows: list[np.ndarray] = []
        for game in games:
            seat, plays = game.turn()
            if game.settled(plays):
                game.play(plays.bit_length() - 1)
                continue
            weighed = game.worlds(seat, worlds)
            asked.append((game, seat, plays, len(weighed)))
            rows.append(weighed)
        if asked:
            values = _values(asked, rows, games[0].declaration, threads)
            counts = [count for *_, count in asked]
            view = np.repeat([game.bidder_view() for game, *_ in asked], counts, axis=0)
            points = values * view[:, :1] + view[:, 1:]
            sides = [seat % 2 == game.bidder % 2 for game, seat, *_ in asked]
            chosen = best_plays(points, counts, [plays for _, _, plays, _ in asked], sides, need)
            for (game, *_), d in zip(asked, chosen, strict=True):
                game.play(d)
                game.decisions += 1
        if on_round is not None:
            on_round(len(games))


def _playouts(
    games: list[_Game], start: PlayHistory, worlds: int, seed: int, deals: np.ndarray, bid: int | None
) -> Playouts:
    """The outcome of ``games``, played from ``start``."""
    bidder = start.bidder
    points = np.array([g.history.score[bidder % 2] for g in games], dtype=np.int64)
    played = [[p.domino for p in g.history.plays] for g in games]
    plays_array = np.array(played, dtype=np.int64).reshape(len(games), PLAYS)
    decisions = sum(g.decisions for g in games)
    return Playouts(start.declaration, bidder, bid, worlds, seed, deals, points, plays_array, decisions)


def _values(
    asked: list[tuple[_Game, Seat, int, int]],
    rows: list[np.ndarray],
    declaration: Declaration,
    threads: int | None,
) -> np.ndarray:
    """The play values of every world of every game asked, in one batch of the engine."""
    leaders: list[int] = []
    tricks: list[tuple[Domino, ...]] = []
    for game, _, _, count in asked:
        leaders += [game.history.leader] * count
        tricks += [game.history.trick] * count
    hands = np.concatenate(rows)
    return engine.position_play_values(hands, declaration, leaders, tricks, threads=threads)
