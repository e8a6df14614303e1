"""The value of each legal play during the hand: a position with a trick in progress,
over a batch of deals, solved in parallel. See docs/engine.md#play-values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from texas42 import rules
from texas42.engine import running, tables
from texas42.engine.inputs import (
    check_progress,
    check_seat,
    check_sequence,
    checked_declaration,
    integer_array,
)
from texas42.errors import DealArrayError, EngineInputError, IllegalPlayError, check_kind, is_whole
from texas42.rules import Declaration, Domino, Position, Seat, TrumpTricks, check_domino

PLAY_CHUNK = 2
"""Deals per parallel chunk (and per workspace) of the play values: each deal is several
solves, one a legal play."""

ILLEGAL = -1
"""The value of a domino that is not a legal play."""


@dataclass(frozen=True)
class PlayValues:
    """The value of every legal play of ``seat`` (the seat to play) in each deal.

    ``values[i, d]`` is what the team of ``seat`` takes in deal i over the whole hand, the
    points it already has included, when ``seat`` plays domino d and every seat then
    plays perfectly (double-dummy); ``ILLEGAL`` (-1) where d is not a legal play in that
    deal. ``nodes[i]``: the positions searched for deal i."""

    seat: Seat
    values: np.ndarray
    nodes: np.ndarray

    @property
    def plays(self) -> tuple[Domino, ...]:
        """The dominoes that are a legal play in some deal, highest first."""
        legal = np.flatnonzero((self.values >= 0).any(axis=0))
        return tuple(int(d) for d in legal[::-1])

    def of(self, d: Domino) -> np.ndarray:
        """The values of playing ``d`` (0..27, else an ``InvalidDominoError``), one a deal
        (``ILLEGAL`` where it is not legal)."""
        column: np.ndarray = self.values[:, check_domino(d)]
        return column


def play_values(
    hands: np.ndarray,
    declaration: Declaration,
    leader: Seat,
    trick: Sequence[Domino] = (),
    score: tuple[int, int] = (0, 0),
    threads: int | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> PlayValues:
    """The value of each legal play of the seat to play, in each of many deals.

    ``hands`` is an (n, 4) array of the dominoes each seat still holds (masks, seat 0
    first); ``trick`` the dominoes played so far to the trick in progress, in order, the
    first led by ``leader`` (empty: ``leader`` is to lead); ``score`` the points each
    team (seats 0 and 2, seats 1 and 3) has taken in the tricks before. The seat to play
    is ``leader`` + ``len(trick)``. Each deal is solved once for every legal play, all
    the deals as one parallel batch; every value is the exact double-dummy value of the
    position after that play (``PlayValues``). The results do not depend on ``threads``;
    ``on_progress(k)`` is called as in ``solve_deals``, ``k`` deals finished. A play of
    the trick that did not follow suit where its seat still holds the suit is an
    ``IllegalPlayError``."""
    check_seat(leader)
    plays = check_trick(trick)
    hands = check_hands(hands, tuple((leader + i) % 4 for i in range(4)), plays)
    team_score = _check_score(score, hands, plays)
    check_progress(on_progress)
    decl = checked_declaration(declaration)
    _check_followed(hands, decl, leader, plays)
    seat = (leader + len(plays)) % 4
    n = hands.shape[0]
    out = np.zeros((n, len(rules.DOMINOES)), dtype=np.int64)
    nodes = np.zeros(n, dtype=np.int64)
    done = np.zeros(-(-n // PLAY_CHUNK), dtype=np.int64)
    if n:
        k = running.play_kernels()
        table = tables.trump_tables()[decl.value]
        trick_array = np.array(plays, dtype=np.int64)

        def run() -> None:
            args = (hands, table, leader, trick_array, out, nodes, PLAY_CHUNK, done)
            running.in_threads(k.play_values_batch, args, done.size, threads)

        if on_progress is None:
            run()
        else:
            running.reporting_progress(run, done, on_progress)
    legal = out >= 0
    if seat % 2 == 1:
        out = np.where(legal, _stakes(hands, plays)[:, None] - out, out)
    values = np.where(legal, out + team_score[seat % 2], ILLEGAL)
    return PlayValues(seat=seat, values=values, nodes=nodes)


def position_values(position: Position) -> dict[Domino, int]:
    """The value of each legal play in one position of a trump hand (``rules.Position``):
    what the team of the seat to play takes over the whole hand, its score so far
    included, after that play, double-dummy."""
    check_kind(position, Position, "position is a texas42.rules.Position (rules.replay makes one)")
    if not isinstance(position.tricks, TrumpTricks):
        raise EngineInputError(
            "play values are for the trump declarations only (contract_play_values: Nel-O and sevens)"
        )
    if position.is_over:
        raise EngineInputError("the hand is over: no play is left")
    result = play_values(
        np.array([position.hands], dtype=np.int64),
        position.tricks.declaration,
        position.leader,
        position.played,
        position.score,
        threads=1,
    )
    return {d: int(result.values[0, d]) for d in result.plays}


def check_trick(trick: Sequence[Domino], most: int = 3) -> tuple[Domino, ...]:
    """The dominoes played to the trick in progress: at most ``most``, each 0..27, once."""
    if (  # the playouts' own tricks, thousands a turn: checked without the general path
        type(trick) is tuple
        and len(trick) <= most
        and all(type(d) is int and 0 <= d < 28 for d in trick)
        and len(set(trick)) == len(trick)
    ):
        return trick
    plays = tuple(check_sequence(trick, "the trick in progress (the dominoes played to it)"))
    if len(plays) > most:
        raise EngineInputError(f"a trick in progress holds 0 to {most} dominoes here, got {len(plays)}")
    for d in plays:
        if not is_whole(d) or not 0 <= d < 28:
            raise EngineInputError(f"not a domino: {d!r} (dominoes are 0..27)")
    if len(set(plays)) != len(plays):
        raise EngineInputError("a domino is twice in the trick in progress")
    return tuple(int(d) for d in plays)


def check_hands(hands: np.ndarray, players: tuple[Seat, ...], trick: tuple[Domino, ...]) -> np.ndarray:
    """An (n, 4) array of the dominoes still held, as int64: the seats that play tricks
    (``players``, from the trick's leader) hold 1 to 7 dominoes each, those that played
    to the trick in progress one fewer than the others (a seat that sits out, any
    number); no domino is in two hands or both in a hand and in the trick."""
    hands = integer_array(hands, "deals must be an (n, 4) integer array of hand masks")
    if hands.ndim != 2 or hands.shape[1] != 4:
        raise DealArrayError(f"deals must be an (n, 4) array of hand masks, got shape {hands.shape}")
    check_rows(hands, np.array([trick_shape(players, trick)], dtype=np.int64))
    return hands


def trick_shape(players: tuple[Seat, ...], trick: tuple[Domino, ...]) -> tuple[int, ...]:
    """For each seat: 1 if it plays the trick (``players``), 2 if it played to it already,
    else 0; and the mask of the trick's dominoes."""
    shape = [0, 0, 0, 0]
    for k, seat in enumerate(players):
        shape[seat] = 2 if k < len(trick) else 1
    return (*shape, rules.mask_of(trick))


def check_rows(hands: np.ndarray, shapes: np.ndarray, row: str = "deal") -> None:
    """``check_hands`` of (n, 4) int64 hands whose rows each have their own
    ``trick_shape`` (``shapes``: (n, 5), or (1, 5) for all); ``row`` names a row in the
    messages."""
    if np.any(hands < 0) or np.any(hands > rules.ALL_DOMINOES):
        raise DealArrayError("a hand mask is outside the 28 dominoes")
    plays = shapes[:, :4] > 0
    sizes = np.bitwise_count(hands).astype(np.int64) + (shapes[:, :4] == 2)
    low = np.where(plays, sizes, rules.HAND_SIZE + 1).min(axis=1)
    high = np.where(plays, sizes, 0).max(axis=1)
    if np.any(low != high) or np.any(low < 1) or np.any(high > rules.HAND_SIZE):
        raise DealArrayError(
            f"each {row} needs equal hands of 1 to 7 dominoes for the seats that play, those that "
            "played to the trick in progress holding one fewer than the others"
        )
    union = hands[:, 0] | hands[:, 1] | hands[:, 2] | hands[:, 3]
    if np.any(np.bitwise_count(union) != np.bitwise_count(hands).sum(axis=1)):
        raise DealArrayError(f"a domino is in two hands of the same {row}")
    if np.any(union & shapes[:, 4]):
        raise DealArrayError("a domino of the trick in progress is still in a hand")


def _check_followed(
    hands: np.ndarray, declaration: Declaration, leader: Seat, plays: tuple[Domino, ...]
) -> None:
    """An ``IllegalPlayError`` naming the first deal where a play of the trick in progress
    did not follow the suit led while its seat still holds one (rule 3)."""
    if not plays:
        return
    suit = rules.suit_dominoes(rules.suit_led(plays[0], declaration), declaration)
    for k, d in enumerate(plays[1:], start=1):
        if suit >> d & 1:
            continue
        seat = (leader + k) % 4
        revoked = np.flatnonzero(hands[:, seat] & suit)
        if revoked.size:
            raise IllegalPlayError(
                f"deal {int(revoked[0])}: seat {seat} played {rules.domino_name(d)} to the "
                f"{rules.domino_name(plays[0])} led, not following suit though it still holds the suit"
            )


def _check_score(score: tuple[int, int], hands: np.ndarray, trick: tuple[Domino, ...]) -> tuple[int, int]:
    """The points each team took before, as two ints: no more in all than the tricks
    already played held (a point a trick and their count: the hand's 42 less what
    ``hands`` and ``trick`` still hold, in every deal), else an ``EngineInputError``."""
    values = tuple(check_sequence(score, "score (the points each team took before)"))
    if len(values) != 2 or any(not is_whole(v) or v < 0 for v in values):
        raise EngineInputError(f"score must be two whole numbers of points, got {score!r}")
    taken = rules.TOTAL_POINTS - _stakes(hands, trick)
    if taken.size and sum(values) > taken.min():
        deal = int(np.argmin(taken))
        raise EngineInputError(
            f"score: the tricks already played held {int(taken[deal])} points in deal {deal}, got {score!r}"
        )
    return int(values[0]), int(values[1])


def _stakes(hands: np.ndarray, trick: tuple[Domino, ...]) -> np.ndarray:
    """The points still to be won in each deal from the trick in progress on: a point a
    trick (the one in progress included) and the count left, the trick's included."""
    union = hands[:, 0] | hands[:, 1] | hands[:, 2] | hands[:, 3] | rules.mask_of(trick)
    count = 10 * np.bitwise_count(union & rules.TEN_COUNT) + 5 * np.bitwise_count(union & rules.FIVE_COUNT)
    stakes: np.ndarray = (np.bitwise_count(union) // 4 + count).astype(np.int64)
    return stakes
