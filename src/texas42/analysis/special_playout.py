"""Realistic playouts of Nel-O and sevens: hands played out by players who see only their
own dominoes, as ``analysis.playout`` plays the trumps.

At each turn with a choice, the seat to play deals ``worlds`` deals of the dominoes it
cannot see, consistent with what it has seen (``deal.deals_seen_from``), asks in each
whether the contract is still made after each of its legal plays
(``engine.position_contract_values``), and plays the one that wins the contract for its side
(makes it, or sets it) in the most worlds, the higher domino among equals. A hand ends
once a trick has decided the contract. With ``worlds=0`` every seat sees the true deal,
and the outcome is the double-dummy one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from texas42 import deal, engine
from texas42.analysis.play import contract_set, play_rules_for
from texas42.analysis.playout import DEFAULT_WORLDS, check_worlds, dealt_hands, generators
from texas42.errors import AnalysisError
from texas42.rules import (
    Contract,
    Domino,
    HouseRules,
    NelloTricks,
    PlayHistory,
    Seat,
    SevensTricks,
    advance,
    replay,
    special_contract,
)


@dataclass(frozen=True)
class SpecialPlayouts:
    """``deals`` (an (n, 4) array of the hands dealt, seat 0 first) played out at
    ``contract``, ``bidder`` leading, ``worlds`` worlds a decision (0: seeing every hand).
    ``made[i]``: whether the bidder's side made the contract in deal i; ``decisions``:
    the turns that were not forced, summed over the deals."""

    contract: Contract
    bidder: Seat
    worlds: int
    seed: int
    deals: np.ndarray
    made: np.ndarray
    decisions: int

    @property
    def make(self) -> float:
        """The share of the deals in which the contract was made."""
        return float(self.made.mean()) if self.made.size else 0.0


class _Game:
    """One deal (the hands as dealt) being played out from ``history`` until the contract
    is decided."""

    def __init__(
        self, dealt: np.ndarray, history: PlayHistory, rng: np.random.Generator, listen: bool = True
    ):
        rules = history.play_rules
        assert isinstance(rules, NelloTricks | SevensTricks)
        self.dealt = [int(h) for h in dealt]
        self.rules = rules
        self.bidder = history.bidder
        self.rng = rng
        self.history = history
        self.listen = listen

    @property
    def decided(self) -> bool:
        return self.history.is_over or contract_set(self.history) is not None

    def plays(self) -> int:
        """The legal plays of the seat to play (a mask)."""
        h = self.history
        held = self.dealt[h.turn] & ~h.played
        return self.rules.legal_plays(held, h.trick[0] if h.trick else None)

    def worlds(self, worlds: int) -> np.ndarray:
        """The deals the seat to play weighs when it does not listen (``ask`` then): the
        true one for 0 worlds."""
        h = self.history
        if worlds == 0:
            return np.array([[x & ~h.played for x in self.dealt]], dtype=np.int64)
        return deal.deals_seen_from(h, h.turn, self.dealt[h.turn], worlds, self.rng)[0]

    def ask(self, worlds: int) -> deal.SeenAsk:
        """What the seat to play asks ``deal.contract_seen_deals_many`` for its worlds."""
        h = self.history
        return h, h.turn, self.dealt[h.turn], worlds, self.rng

    def pick(self, plays: int, values: np.ndarray, weights: np.ndarray | None) -> Domino:
        """The play among ``plays`` that wins the contract for the side to play in the
        most worlds (``values``: the engine's, a row a world), the higher among equals."""
        seat = self.history.turn
        ours = seat == self.bidder if isinstance(self.rules, NelloTricks) else seat % 2 == self.bidder % 2
        wins = (values == 1) if ours else (values == 0)
        score = wins.sum(axis=0) if weights is None else weights @ wins
        legal = [d for d in range(28) if plays >> d & 1]
        return max(legal, key=lambda d: (float(score[d]), d))

    def play(self, d: Domino) -> None:
        self.history = advance(self.history, d)


def play_out_special(
    deals: np.ndarray,
    contract: Contract,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    bidder: Seat = 0,
    house: HouseRules | None = None,
    on_progress: Callable[[int], None] | None = None,
    listen: bool = True,
    threads: int | None = None,
) -> SpecialPlayouts:
    """Play every deal of ``deals`` out at Nel-O or sevens (the doubles at Nel-O as
    ``house`` says), each seat seeing only its own hand (``worlds`` worlds a decision; 0:
    every hand) and, with ``listen``, knowing that the bidder chose the contract
    (``deal.contract_seen_deals``; else its worlds are uniform). Each deal draws its
    worlds from its own generator, spawned from ``seed``; the engine values each turn's
    worlds of every deal in one batch on ``threads`` threads (default: every core), and
    the outcomes do not depend on it. ``on_progress(1)`` is called as each deal is
    decided."""
    worlds = check_worlds(worlds)
    if contract not in (Contract.NELLO, Contract.SEVENS):
        raise AnalysisError(f"special playouts are for Nel-O and sevens, not {contract.label}")
    rules = play_rules_for(contract, bidder, HouseRules() if house is None else house)
    assert isinstance(rules, NelloTricks | SevensTricks)
    deals = np.ascontiguousarray(deals, dtype=np.int64)
    first = replay(rules, bidder, [])
    made, decisions = _play(
        [
            _Game(row, first, rng, listen)
            for row, rng in zip(deals, generators(seed, len(deals)), strict=True)
        ],
        worlds,
        on_progress,
        threads,
    )
    return SpecialPlayouts(contract, bidder, worlds, seed, deals, made, int(decisions.sum()))


def play_on_special(
    history: PlayHistory,
    held: np.ndarray,
    plays: Sequence[Domino],
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    on_progress: Callable[[int], None] | None = None,
    listen: bool = True,
    threads: int | None = None,
) -> tuple[SpecialPlayouts, ...]:
    """From the position ``history`` of a hand at Nel-O or sevens (the contract still
    open), each domino of ``plays`` played, then the hand played out as
    ``play_out_special`` plays it, in each deal of ``held`` (the dominoes each seat still
    holds): one ``SpecialPlayouts`` a play, in order. Deal i draws its worlds from the
    same generator after every play; ``threads`` as for ``play_out_special``.
    ``on_progress(1)`` as each of the ``len(plays) * n`` playouts is decided. ``listen``
    as for ``play_out_special``."""
    worlds = check_worlds(worlds)
    contract = special_contract(history.play_rules)
    if contract is None:
        raise AnalysisError(f"special playouts are for Nel-O and sevens, not {history.play_rules.label}")
    deals = dealt_hands(history, held)
    games = [
        _Game(row, advance(history, d), rng, listen)
        for d in plays
        for row, rng in zip(deals, generators(seed, len(deals)), strict=True)
    ]
    made, decisions = _play(games, worlds, on_progress, threads)
    n = len(deals)
    return tuple(
        SpecialPlayouts(contract, history.bidder, worlds, seed, deals, made[k * n : (k + 1) * n], int(played))
        for k, played in enumerate(decisions.reshape(len(plays), n).sum(axis=1))
    )


def _play(
    games: list[_Game], worlds: int, on_progress: Callable[[int], None] | None, threads: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Play each game until its contract is decided, one play of each a round, every
    decision of a round in one batch of the engine (on ``threads`` threads): whether it
    was made in each, and the decisions made in each. Each game deals its worlds from its
    own generator, so the outcomes do not depend on the other games."""
    made = np.zeros(len(games), dtype=bool)
    decisions = np.zeros(len(games), dtype=np.int64)
    playing = list(range(len(games)))
    while playing:
        playing = [i for i in playing if not _ended(games[i], i, made, on_progress)]
        choosing: list[tuple[int, int]] = []
        for i in playing:
            plays = games[i].plays()
            if plays.bit_count() == 1:
                games[i].play(plays.bit_length() - 1)
            else:
                choosing.append((i, plays))
        if not choosing:
            continue
        weighed = _worlds(games, [i for i, _ in choosing], worlds)
        each = [(games[i].history, len(rows)) for (i, _), (rows, _) in zip(choosing, weighed, strict=True)]
        leaders = [h.leader for h, count in each for _ in range(count)]
        tricks = [h.trick for h, count in each for _ in range(count)]
        values = engine.position_contract_values(
            np.concatenate([rows for rows, _ in weighed]),
            games[0].rules,
            games[0].bidder,
            leaders,
            tricks,
            threads,
        )
        start = 0
        for (i, plays), (rows, weights) in zip(choosing, weighed, strict=True):
            games[i].play(games[i].pick(plays, values[start : start + len(rows)], weights))
            decisions[i] += 1
            start += len(rows)
    return made, decisions


def _ended(game: _Game, i: int, made: np.ndarray, on_progress: Callable[[int], None] | None) -> bool:
    """Whether game ``i`` is decided; if so, whether it was made goes to ``made[i]``."""
    if not game.decided:
        return False
    made[i] = contract_set(game.history) is None
    if on_progress is not None:
        on_progress(1)
    return True


def _worlds(games: list[_Game], chosen: list[int], worlds: int) -> list[tuple[np.ndarray, np.ndarray | None]]:
    """The worlds each game of ``chosen`` weighs at its turn, and their weights (None: all
    alike): those of the games that listen drawn together (``deal.contract_seen_deals_many``)."""
    listening = [i for i in chosen if worlds and games[i].listen]
    drawn = deal.contract_seen_deals_many([games[i].ask(worlds) for i in listening])
    seen: dict[int, tuple[np.ndarray, np.ndarray | None]] = dict(zip(listening, drawn, strict=True))
    return [seen[i] if i in seen else (games[i].worlds(worlds), None) for i in chosen]
