"""A position of a hand in play: the dominoes still held, the trick in progress, the
score, and whose turn it is."""

from __future__ import annotations

from dataclasses import dataclass

from texas42.errors import ArgumentTypeError, DuplicateDominoError, HandSizeError, IllegalPlayError, is_whole
from texas42.rules.dominoes import (
    DOMINO_NAMES,
    HAND_SIZE,
    TOTAL_POINTS,
    Deal,
    Domino,
    Dominoes,
    Seat,
    check_domino,
    check_seat,
    hand_mask,
    trick_points,
)
from texas42.rules.tricks import NelloTricks, SevensTricks, TrickRules, TrumpTricks


def _checked_hands(hands: object) -> tuple[Dominoes, Dominoes, Dominoes, Dominoes]:
    """``hands`` as four disjoint masks (ints), else an error naming what is wrong."""
    if not isinstance(hands, tuple | list) or len(hands) != 4:
        raise HandSizeError(f"a position has the hands of four seats (masks), got {hands!r}")
    masks = tuple(hand_mask(h, "a hand of a position") for h in hands)
    if sum(masks) != masks[0] | masks[1] | masks[2] | masks[3]:
        raise DuplicateDominoError("a domino is in two hands of the position")
    return (masks[0], masks[1], masks[2], masks[3])


def _checked_plays(
    played: object, hands: tuple[Dominoes, ...], tricks: TrickRules, leader: Seat
) -> tuple[Domino, ...]:
    """``played`` as dominoes (the trick in progress): fewer than the trick's players,
    none still in a hand, none twice."""
    if not isinstance(played, tuple | list):
        raise ArgumentTypeError(f"the plays of the trick in progress are a tuple of dominoes, got {played!r}")
    plays = tuple(check_domino(d) for d in played)
    held = hands[0] | hands[1] | hands[2] | hands[3]
    if (
        len(plays) >= len(tricks.players(leader))
        or len(set(plays)) < len(plays)
        or any(held >> d & 1 for d in plays)
    ):
        raise IllegalPlayError(f"not the plays of a trick in progress: {plays!r}")
    return plays


def _checked_score(score: object) -> tuple[int, int]:
    """``score`` as the points two teams took, else an ``ArgumentTypeError`` (not two whole
    numbers) or a ``HandSizeError`` (points below 0 or past the hand's 42 in all)."""
    if not (isinstance(score, tuple) and len(score) == 2 and all(is_whole(p) for p in score)):
        raise ArgumentTypeError(f"a score is two teams' points (seats 0 and 2, seats 1 and 3), got {score!r}")
    if min(score) < 0:
        raise HandSizeError(f"a team's points are at least 0, got {score!r}")
    if score[0] + score[1] > TOTAL_POINTS:
        raise HandSizeError(f"a score is at most {TOTAL_POINTS} points in all, got {score!r}")
    return (int(score[0]), int(score[1]))


def _check_sizes(hands: tuple[Dominoes, ...], players: tuple[Seat, ...], played: int) -> None:
    """The seats that play the trick hold as many dominoes, one fewer for those that have
    played to it, else a ``HandSizeError``."""
    sizes = {hands[seat].bit_count() + (k < played) for k, seat in enumerate(players)}
    if len(sizes) != 1 or sizes.pop() > HAND_SIZE:
        raise HandSizeError(
            f"the seats that play hold as many dominoes (at most {HAND_SIZE}), those that played to the "
            f"trick in progress one fewer, got {tuple(h.bit_count() for h in hands)}"
        )


@dataclass(frozen=True)
class Position:
    """The hands of the four seats (masks, seat 0 first), the seat that led the trick in
    progress (or leads the next one), the dominoes played to it so far, and the points
    each team has taken, (seats 0 and 2, seats 1 and 3). ``tricks`` says how tricks are
    played: a trump declaration, Nel-O or sevens."""

    tricks: TrickRules
    hands: tuple[Dominoes, Dominoes, Dominoes, Dominoes]
    leader: Seat
    played: tuple[Domino, ...] = ()
    score: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        if not isinstance(self.tricks, TrumpTricks | NelloTricks | SevensTricks):
            raise ArgumentTypeError(
                f"tricks are TrumpTricks, NelloTricks or SevensTricks, got {self.tricks!r}"
            )
        object.__setattr__(self, "leader", check_seat(self.leader))
        object.__setattr__(self, "hands", _checked_hands(self.hands))
        object.__setattr__(self, "played", _checked_plays(self.played, self.hands, self.tricks, self.leader))
        object.__setattr__(self, "score", _checked_score(self.score))
        _check_sizes(self.hands, self.tricks.players(self.leader), len(self.played))

    @classmethod
    def start(cls, deal: Deal, tricks: TrickRules, leader: Seat) -> Position:
        """The deal before the first lead, ``leader`` to lead."""
        return cls(tricks, deal.masks, check_seat(leader))

    @property
    def turn(self) -> Seat:
        """The seat to play next."""
        return self.tricks.players(self.leader)[len(self.played)]

    @property
    def is_over(self) -> bool:
        """Whether every trick has been played: the seat to lead holds nothing."""
        return not self.played and self.hands[self.leader] == 0

    def legal_plays(self) -> Dominoes:
        """The dominoes the seat to play may play."""
        led = self.played[0] if self.played else None
        return self.tricks.legal_plays(self.hands[self.turn], led)

    def play(self, d: Domino) -> Position:
        """The position after the seat to play plays ``d``; the last play of a trick gives
        its points to the winner's team, who leads the next."""
        if self.is_over:
            raise HandSizeError("the hand is over: every trick has been played")
        seat = self.turn
        d = check_domino(d)
        if not self.hands[seat] >> d & 1:
            raise IllegalPlayError(f"seat {seat} does not hold {DOMINO_NAMES[d]}")
        if not self.legal_plays() >> d & 1:
            raise IllegalPlayError(f"seat {seat} must follow the suit led, not play {DOMINO_NAMES[d]}")
        hands = list(self.hands)
        hands[seat] &= ~(1 << d)
        played = (*self.played, d)
        after = (hands[0], hands[1], hands[2], hands[3])
        players = self.tricks.players(self.leader)
        if len(played) < len(players):
            return self._next(after, self.leader, played, self.score)
        winner = players[self.tricks.winner(played)]
        score = list(self.score)
        score[winner % 2] += trick_points(played)
        return self._next(after, winner, (), (score[0], score[1]))

    def _next(
        self,
        hands: tuple[Dominoes, Dominoes, Dominoes, Dominoes],
        leader: Seat,
        played: tuple[Domino, ...],
        score: tuple[int, int],
    ) -> Position:
        """A position that follows from this checked one by a legal play, made without
        checking it again (the tests' minimax makes millions)."""
        after = object.__new__(Position)
        fields = {"tricks": self.tricks, "hands": hands, "leader": leader, "played": played, "score": score}
        for name, value in fields.items():
            object.__setattr__(after, name, value)
        return after
