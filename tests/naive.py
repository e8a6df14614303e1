"""A slow, independent reference solver built on the rules core only.

No engine and no numba: every play comes from ``rules.legal_plays`` and every
trick is scored with ``rules.trick_winner`` and ``rules.trick_points``. Two
searches are provided:

* :func:`minimax_team02` is textbook minimax over every legal line of play, with
  no pruning and no memo. It is only practical for a few dominoes a hand, and
  serves to check the faster search.
* :func:`team02_value` asks yes/no questions "can seats 0/2 take at least ``need``
  points from here?" and binary-searches the answer. The yes/no search stops at
  the first play that decides the question (plain short-circuit ``any``/``all``),
  and remembers, for each position at a trick boundary (the four remaining hands
  and the seat to lead), the interval the value is known to lie in. Both bounds
  are facts about the exact value, so the memo cannot give a wrong answer.

:func:`contract_made` says whether the bidder's side makes Nel-O or sevens from a
``rules.Position`` on, by exhaustive minimax with a memo.

The value of a position is the points (1 a trick plus the count) that seats 0
and 2 take from the remaining tricks with perfect play, seats 0/2 maximising and
seats 1/3 minimising. :func:`solve` converts it to the points of the leader's team.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from texas42 import rules
from texas42.rules import Declaration

Hands = tuple[int, int, int, int]


@cache
def _legal(hand: int, led: int | None, declaration: Declaration) -> tuple[int, ...]:
    """The legal plays as a tuple of dominoes (a cached call of rules.legal_plays)."""
    return tuple(rules.dominoes_in(rules.legal_plays(hand, led, declaration)))


@cache
def _winner_index(plays: tuple[int, ...], declaration: Declaration) -> int:
    return rules.trick_winner(plays, declaration)


@cache
def _stake(remaining: int) -> int:
    return rules.points_at_stake(remaining)


def _as_hands(hands: Sequence[int] | rules.Deal) -> Hands:
    masks = hands.masks if isinstance(hands, rules.Deal) else tuple(int(h) for h in hands)
    if len(masks) != 4:
        raise ValueError(f"need 4 hands, got {len(masks)}")
    sizes = {m.bit_count() for m in masks}
    if len(sizes) != 1 or 0 in sizes:
        raise ValueError("the four hands must hold the same number (>= 1) of dominoes")
    if (masks[0] | masks[1] | masks[2] | masks[3]).bit_count() != 4 * sizes.pop():
        raise ValueError("a domino is in two hands")
    return (masks[0], masks[1], masks[2], masks[3])


def _finish_trick(leader: int, plays: tuple[int, int, int, int], declaration: Declaration) -> tuple[int, int]:
    """(winning seat, points seats 0/2 gain) of a complete trick led by ``leader``."""
    winner = (leader + _winner_index(plays, declaration)) % 4
    gained = rules.trick_points(plays) if rules.team_of(winner) == 0 else 0
    return winner, gained


# --- Plain minimax ------------------------------------------------------------


def minimax_team02(hands: Sequence[int] | rules.Deal, declaration: Declaration, leader: int) -> int:
    """Points seats 0/2 take with perfect play: exhaustive minimax, no pruning, no memo."""
    return _minimax(_as_hands(hands), declaration, leader)


def _minimax(hands: Hands, declaration: Declaration, leader: int) -> int:
    if hands[0] == 0:
        return 0

    def play(current: list[int], plays: tuple[int, ...]) -> int:
        if len(plays) == 4:
            full = (plays[0], plays[1], plays[2], plays[3])
            winner, gained = _finish_trick(leader, full, declaration)
            return gained + _minimax((current[0], current[1], current[2], current[3]), declaration, winner)
        seat = (leader + len(plays)) % 4
        led = plays[0] if plays else None
        values = []
        for d in _legal(current[seat], led, declaration):
            current[seat] ^= 1 << d
            values.append(play(current, (*plays, d)))
            current[seat] ^= 1 << d
        return max(values) if seat % 2 == 0 else min(values)

    return play(list(hands), ())


# --- Yes/no search with a bounds memo --------------------------------------------


class _Search:
    """Answers "can seats 0/2 take at least ``need`` points?" for one declaration."""

    def __init__(self, declaration: Declaration) -> None:
        self.declaration = declaration
        # (hands, leader) -> (lo, hi): the exact value v satisfies lo <= v < hi.
        self.bounds: dict[tuple[Hands, int], tuple[int, int]] = {}
        self.orders: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}

    def can(self, hands: Hands, leader: int, need: int) -> bool:
        if need <= 0:
            return True
        key = (hands, leader)
        bounds = self.bounds.get(key)
        if bounds is None:
            bounds = (0, _stake(hands[0] | hands[1] | hands[2] | hands[3]) + 1)
        lo, hi = bounds
        if need <= lo:
            return True
        if need >= hi:
            return False
        result = self._trick(hands, leader, [*hands], (), need)
        self.bounds[key] = (need, hi) if result else (lo, need)
        return result

    def _ordered(self, hand: int, plays: tuple[int, ...]) -> tuple[int, ...]:
        """The legal plays, those that leave the player's own team winning the trick first.

        The order only decides which play is tried first; every legal play is still tried."""
        key = (hand, plays)
        ordered = self.orders.get(key)
        if ordered is None:
            legal = _legal(hand, plays[0] if plays else None, self.declaration)
            if plays:  # the trick is won by plays[i] for the team of plays[len(plays)] when i has its parity
                mine = len(plays) % 2
                legal = tuple(
                    sorted(legal, key=lambda d: _winner_index((*plays, d), self.declaration) % 2 != mine)
                )
            ordered = self.orders[key] = legal
        return ordered

    def _trick(
        self, hands: Hands, leader: int, current: list[int], plays: tuple[int, ...], need: int
    ) -> bool:
        if len(plays) == 4:
            full = (plays[0], plays[1], plays[2], plays[3])
            winner, gained = _finish_trick(leader, full, self.declaration)
            after = (current[0], current[1], current[2], current[3])
            return self.can(after, winner, need - gained)
        seat = (leader + len(plays)) % 4
        hand = current[seat]
        maximising = seat % 2 == 0
        for d in self._ordered(hand, plays):
            current[seat] = hand & ~(1 << d)
            answer = self._trick(hands, leader, current, (*plays, d), need)
            current[seat] = hand
            if answer == maximising:  # seats 0/2 found a way, or seats 1/3 found a refutation
                return answer
        return not maximising


def team02_value(hands: Sequence[int] | rules.Deal, declaration: Declaration, leader: int) -> int:
    """Points seats 0/2 take from the remaining tricks with perfect play."""
    position = _as_hands(hands)
    search = _Search(Declaration(declaration))
    stake = _stake(position[0] | position[1] | position[2] | position[3])
    lo, hi = 0, stake + 1
    # Values are often extreme (all or nothing), so ask about those first, then bisect.
    probes = [stake if leader % 2 == 0 else 1, 1 if leader % 2 == 0 else stake]
    while hi - lo > 1:  # invariant: lo <= value < hi
        mid = probes.pop(0) if probes else (lo + hi) // 2
        if not lo < mid < hi:
            continue
        if search.can(position, leader, mid):
            lo = mid
        else:
            hi = mid
    return lo


def solve(hands: Sequence[int] | rules.Deal, declaration: Declaration, leader: int) -> int:
    """Points of the leader's team with perfect play (the engine's ``solve_deal`` convention)."""
    position = _as_hands(hands)
    team02 = team02_value(position, declaration, leader)
    if leader % 2 == 0:
        return team02
    return _stake(position[0] | position[1] | position[2] | position[3]) - team02


def stake(hands: Sequence[int] | rules.Deal) -> int:
    """Points still to be won in the position."""
    position = _as_hands(hands)
    return _stake(position[0] | position[1] | position[2] | position[3])


# --- Special contracts --------------------------------------------------------------
# The same plain style, on the rules core's Nel-O and sevens rules: every legal play of
# every hand is tried (no equivalent dominoes, no abstraction), memo at trick boundaries.


def nello_can_lose_all(hands: Sequence[int] | rules.Deal, bidder: int, doubles: rules.NelloDoubles) -> bool:
    """Nel-O: can the bidder, leading, lose every trick? The partner sits out."""
    position = _as_hands(hands)
    seats = rules.nello_seats(bidder)
    memo: dict[tuple[tuple[int, int, int], int], bool] = {}

    def trick(active: tuple[int, int, int], leader: int) -> bool:
        """``active``: the hands of the bidder and the two opponents; ``leader`` 0..2."""
        if active[0] == 0:
            return True
        key = (active, leader)
        if key not in memo:
            memo[key] = play(list(active), leader, ())
        return memo[key]

    def play(current: list[int], leader: int, plays: tuple[int, ...]) -> bool:
        if len(plays) == 3:
            winner = (leader + rules.nello_trick_winner(plays, doubles)) % 3
            return winner != 0 and trick((current[0], current[1], current[2]), winner)
        player = (leader + len(plays)) % 3
        hand = current[player]
        for d in rules.dominoes_in(rules.nello_legal_plays(hand, plays[0] if plays else None, doubles)):
            current[player] = hand & ~(1 << d)
            answer = play(current, leader, (*plays, d))
            current[player] = hand
            if answer == (player == 0):  # the bidder found a way, or an opponent a refutation
                return answer
        return player != 0

    return trick((position[seats[0]], position[seats[1]], position[seats[2]]), 0)


def sevens_team02(hands: Sequence[int] | rules.Deal, leader: int) -> int:
    """Sevens: the tricks seats 0/2 take with perfect play, by yes/no questions as
    :func:`team02_value` (any domino may be played; the closest to 7 wins, first on ties)."""
    position = _as_hands(hands)
    bounds: dict[tuple[Hands, int], tuple[int, int]] = {}

    def can(current: Hands, seat: int, need: int) -> bool:
        """Can seats 0/2 take ``need`` more tricks, ``seat`` leading?"""
        if need <= 0:
            return True
        lo, hi = bounds.get((current, seat), (0, current[0].bit_count() + 1))
        if need <= lo:
            return True
        if need >= hi:
            return False
        result = play(list(current), seat, (), need)
        bounds[(current, seat)] = (need, hi) if result else (lo, need)
        return result

    def play(current: list[int], leader: int, plays: tuple[int, ...], need: int) -> bool:
        if len(plays) == 4:
            winner = (leader + rules.sevens_trick_winner(plays)) % 4
            gained = 1 if winner % 2 == 0 else 0
            return can((current[0], current[1], current[2], current[3]), winner, need - gained)
        seat = (leader + len(plays)) % 4
        hand = current[seat]
        for d in rules.dominoes_in(hand):
            current[seat] = hand & ~(1 << d)
            answer = play(current, leader, (*plays, d), need)
            current[seat] = hand
            if answer == (seat % 2 == 0):
                return answer
        return seat % 2 != 0

    lo, hi = 0, position[0].bit_count() + 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if can(position, leader, mid):
            lo = mid
        else:
            hi = mid
    return lo


def sevens_tricks(hands: Sequence[int] | rules.Deal, leader: int) -> int:
    """Sevens: the tricks of the leader's team (the engine's convention)."""
    team02 = sevens_team02(hands, leader)
    return team02 if leader % 2 == 0 else _as_hands(hands)[0].bit_count() - team02


# --- A play in the middle of a trick ------------------------------------------------------


def after_play_team02(
    hands: Sequence[int], declaration: Declaration, leader: int, trick: Sequence[int], d: int
) -> int:
    """Points seats 0/2 take from the trick in progress on (its points so far included)
    when the seat to play plays ``d``: plain minimax over the rest of the trick, then
    :func:`team02_value` from the next trick's start. ``hands`` are the dominoes still
    held, ``trick`` those played to the trick so far (``leader`` led the first)."""
    declaration = Declaration(declaration)
    seat = (leader + len(trick)) % 4
    current = [int(h) for h in hands]
    assert current[seat] >> d & 1, "the seat to play does not hold d"
    led = trick[0] if trick else None
    assert rules.legal_plays(current[seat], led, declaration) >> d & 1, "d is not a legal play"
    current[seat] &= ~(1 << d)

    def rest(plays: tuple[int, ...]) -> int:
        if len(plays) == 4:
            winner, gained = _finish_trick(leader, (plays[0], plays[1], plays[2], plays[3]), declaration)
            if current[winner] == 0:
                return gained
            return gained + team02_value(tuple(current), declaration, winner)
        player = (leader + len(plays)) % 4
        hand = current[player]
        values = []
        for e in _legal(hand, plays[0], declaration):
            current[player] = hand & ~(1 << e)
            values.append(rest((*plays, e)))
            current[player] = hand
        return max(values) if player % 2 == 0 else min(values)

    return rest((*trick, d))


def contract_made(position: rules.Position, bidder: int) -> bool:
    """Whether the bidder's side makes the contract over the tricks left, the trick in
    progress included, every seat playing perfectly: at Nel-O the bidder takes none of
    them, at sevens the bidder's team takes all. ``position.score`` counts from the trick
    in progress on: a point for the wrong team says a trick went the wrong way (each trick
    is worth one at least)."""
    nello = isinstance(position.tricks, rules.NelloTricks)
    # At Nel-O only the bidder scores for the bidder's team: the partner sits out.
    losing_team = bidder % 2 if nello else (bidder + 1) % 2
    memo: dict[tuple[object, ...], bool] = {}

    def made(p: rules.Position) -> bool:
        if p.score[losing_team]:
            return False
        if p.is_over:
            return True
        key = (p.hands, p.leader, p.played)
        if key not in memo:
            ours = p.turn == bidder if nello else p.turn % 2 == bidder % 2
            outcomes = (made(p.play(x)) for x in rules.dominoes_in(p.legal_plays()))
            memo[key] = any(outcomes) if ours else all(outcomes)
        return memo[key]

    return made(position)
