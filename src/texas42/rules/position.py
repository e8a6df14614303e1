"""A position of a hand in play: the dominoes still held, the trick in progress, the
score, and whose turn it is."""

from __future__ import annotations

from dataclasses import dataclass, replace

from texas42.errors import HandSizeError, IllegalPlayError
from texas42.rules.dominoes import (
    DOMINO_NAMES,
    Deal,
    Domino,
    Dominoes,
    Seat,
    check_domino,
    check_seat,
    trick_points,
)
from texas42.rules.tricks import TrickRules


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
        object.__setattr__(self, "leader", check_seat(self.leader))

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
        after = replace(self, hands=(hands[0], hands[1], hands[2], hands[3]), played=played)
        players = self.tricks.players(self.leader)
        if len(played) < len(players):
            return after
        winner = players[self.tricks.winner(played)]
        score = list(self.score)
        score[winner % 2] += trick_points(played)
        return replace(after, leader=winner, played=(), score=(score[0], score[1]))
