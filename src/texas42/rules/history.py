"""A hand in play as one seat sees it: the dominoes played so far, replayed by the rules
of the contract (a trump declaration, Nel-O or sevens: who played each, who won each
trick, the score), and what they reveal of the other hands: a seat that did not follow
the suit led holds none of that suit.

Every play that contradicts what is known is an ``IllegalPlayError`` naming the play:
a domino played twice, another seat playing one of your dominoes, you playing one you do
not hold or not following suit when you could, a seat playing a domino of a suit it
showed out of before. Whether some deal of the unseen dominoes fits all the plays
together is the dealing layer's to say (``deal.seen``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from texas42.errors import (
    HandSizeError,
    IllegalPlayError,
    InvalidSeatError,
    check_items,
    check_kind,
    check_text,
)
from texas42.rules.dominoes import (
    DOMINO_NAMES,
    HAND_SIZE,
    Domino,
    Dominoes,
    Hand,
    Seat,
    check_dealt,
    check_domino,
    check_seat,
    dominoes_in,
    hand_mask,
    parse_domino,
    trick_points,
)
from texas42.rules.tricks import (
    TRUMP,
    Declaration,
    NelloTricks,
    SevensTricks,
    Suit,
    TrickRules,
    TrumpTricks,
    check_declaration,
)

TRICK_SIZE: Final = 4
NELLO_TRICK_SIZE: Final = 3
"""At Nel-O the bidder's partner sits out: three dominoes a trick."""
TRICKS: Final = HAND_SIZE


def trick_rules(contract: Declaration | TrickRules) -> TrickRules:
    """How the tricks are played: a declaration's trump tricks, or the rules given."""
    if isinstance(contract, TrumpTricks | NelloTricks | SevensTricks):
        return contract
    return TrumpTricks(check_declaration(contract))


@dataclass(frozen=True)
class Play:
    """A domino played: in trick ``trick`` (1..7), by ``seat``."""

    trick: int
    seat: Seat
    domino: Domino


@dataclass(frozen=True)
class ShowOut:
    """``seat`` did not follow ``suit`` in trick ``trick``: it holds none of ``mask``,
    the dominoes of that suit."""

    seat: Seat
    suit: Suit
    trick: int
    mask: Dominoes


@dataclass(frozen=True)
class PlayHistory:
    """The plays of a hand so far and where they leave it.

    The hand is played by ``play_rules`` (a trump declaration, Nel-O or sevens);
    ``bidder`` led the first trick; ``plays`` are in order. ``leader`` leads the trick in
    progress (or the next one), whose dominoes so far are ``trick``; ``score`` is the
    points each team took in the complete tricks (seats 0 and 2, seats 1 and 3);
    ``shown_out`` what the plays revealed."""

    play_rules: TrickRules
    bidder: Seat
    plays: tuple[Play, ...]
    leader: Seat
    trick: tuple[Domino, ...]
    score: tuple[int, int]
    shown_out: tuple[ShowOut, ...]

    @property
    def declaration(self) -> Declaration:
        """The trump declared (a ``ValueError`` for a hand played at Nel-O or sevens)."""
        if not isinstance(self.play_rules, TrumpTricks):
            raise ValueError(f"a hand played at {self.play_rules.label} has no trump")
        return self.play_rules.declaration

    @property
    def trick_size(self) -> int:
        """The dominoes of a trick: 4, or 3 at Nel-O (the bidder's partner sits out)."""
        return len(self.play_rules.players(self.bidder))

    @property
    def tricks_played(self) -> int:
        """The complete tricks."""
        return (len(self.plays) - len(self.trick)) // self.trick_size

    @property
    def is_over(self) -> bool:
        """Whether every trick has been played."""
        return len(self.plays) == self.trick_size * TRICKS

    @property
    def turn(self) -> Seat:
        """The seat to play next (meaningless once the hand is over)."""
        return self.play_rules.players(self.leader)[len(self.trick)]

    @property
    def played(self) -> Dominoes:
        """The dominoes played so far, the trick in progress included."""
        mask = 0
        for p in self.plays:
            mask |= 1 << p.domino
        return mask

    def played_by(self, seat: Seat) -> Dominoes:
        """The mask of the dominoes ``seat`` has played."""
        mask = 0
        for p in self.plays:
            if p.seat == seat:
                mask |= 1 << p.domino
        return mask

    def held(self, seat: Seat) -> int:
        """How many dominoes ``seat`` still holds."""
        return HAND_SIZE - sum(1 for p in self.plays if p.seat == seat)

    def lacks(self, seat: Seat) -> Dominoes:
        """The dominoes ``seat`` is known not to hold: the suits it showed out of."""
        mask = 0
        for s in self.shown_out:
            if s.seat == seat:
                mask |= s.mask
        return mask

    def tricks(self) -> tuple[tuple[Play, ...], ...]:
        """The plays grouped by trick, the trick in progress last (if any)."""
        size = self.trick_size
        return tuple(self.plays[start : start + size] for start in range(0, len(self.plays), size))

    def winners(self) -> tuple[Seat, ...]:
        """The winner of each complete trick: the seat that led the next one."""
        leads = [group[0].seat for group in self.tricks()[1:]]
        return (*leads, self.leader)[: self.tricks_played]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """The complete tricks each team took, seats 0 and 2 first (what counts at Nel-O
        and sevens, as ``score`` counts points)."""
        teams = [seat % 2 for seat in self.winners()]
        return teams.count(0), teams.count(1)


def parse_tricks(text: str, trick_size: int = TRICK_SIZE) -> tuple[Domino, ...]:
    """The dominoes of ``--tricks`` in order of play: separated by spaces or commas, with
    ``/`` between tricks allowed; where a ``/`` is written, the trick before it must be
    complete (``trick_size`` dominoes: 4, or 3 at Nel-O)."""
    parts = check_text(text, 'a sequence of plays ("6-6 6-1 6-0 6-3 / 5-5")').split("/")
    dominoes: list[Domino] = []
    for number, part in enumerate(parts, start=1):
        tokens = [t for t in re.split(r"[\s,]+", part.strip()) if t]
        last = number == len(parts)
        if not last and len(tokens) != trick_size:
            shown = " ".join(tokens) if tokens else "nothing"
            raise HandSizeError(
                f"trick {number} has {len(tokens)} domino{'es' * (len(tokens) != 1)} before '/' "
                f"({shown}); a trick has {trick_size}"
            )
        if last and len(parts) > 1 and len(tokens) > trick_size:
            raise HandSizeError(
                f"trick {number} has {len(tokens)} dominoes after the last '/'; a trick has {trick_size}"
            )
        dominoes.extend(parse_domino(t) for t in tokens)
    return tuple(dominoes)


def advance(history: PlayHistory, d: Domino) -> PlayHistory:
    """The history after the seat to play plays ``d``: the trick's winner leads next and
    scores it once the trick is complete. An ``IllegalPlayError`` if ``d`` cannot be the
    next play whatever the hands (the hand is over, ``d`` was played, or the seat showed
    out of its suit); ``replay`` checks a seat's own plays against its hand as well."""
    check_kind(history, PlayHistory, "history is a PlayHistory (rules.replay makes one)")
    _check_play(history, d, None, 0)
    return _advanced(history, d)


def _advanced(history: PlayHistory, d: Domino) -> PlayHistory:
    rules = history.play_rules
    player = history.turn
    number = history.tricks_played + 1
    shown_out = history.shown_out
    suit = rules.suit_called(history.trick[0]) if history.trick else None
    if suit is not None:
        follow = rules.suit_dominoes(suit)
        if not follow >> d & 1 and not any(o.seat == player and o.suit == suit for o in shown_out):
            shown_out += (ShowOut(player, suit, number, follow),)
    trick = (*history.trick, d)
    leader, score = history.leader, history.score
    players = rules.players(leader)
    if len(trick) == len(players):
        leader = players[rules.winner(trick)]
        points = trick_points(trick)
        score = (score[0] + points, score[1]) if leader % 2 == 0 else (score[0], score[1] + points)
        trick = ()
    plays = (*history.plays, Play(number, player, d))
    return PlayHistory(rules, history.bidder, plays, leader, trick, score, shown_out)


def replay(
    contract: Declaration | TrickRules,
    bidder: Seat,
    dominoes: Sequence[Domino],
    seat: Seat | None = None,
    hand: Dominoes | Hand | None = None,
) -> PlayHistory:
    """Replay ``dominoes`` (in order of play, ``bidder`` leading the first trick, the
    winner of each trick leading the next) under ``contract`` (a trump declaration, or
    ``NelloTricks`` / ``SevensTricks``); with ``seat`` and its dealt ``hand`` (7
    dominoes), as that seat saw them. An ``IllegalPlayError`` names the first play that
    contradicts the rules or what is known."""
    rules = trick_rules(contract)
    bidder = check_seat(bidder)
    check_items(dominoes, "dominoes are the dominoes played, in order (a list of dominoes)")
    if isinstance(rules, NelloTricks) and rules.bidder != bidder:
        raise InvalidSeatError(f"Nel-O bid by seat {rules.bidder} is led by its bidder, not seat {bidder}")
    if (seat is None) != (hand is None):
        raise InvalidSeatError("give the seat that sees the plays together with its hand")
    if seat is not None:
        seat = check_seat(seat)
    if hand is not None:
        hand = hand_mask(hand)
        check_dealt(hand)
    history = PlayHistory(rules, bidder, (), bidder, (), (0, 0), ())
    mine = hand or 0
    for d in dominoes:
        _check_play(history, d, seat, mine)
        if seat is not None and history.turn == seat:
            mine &= ~(1 << d)
        history = _advanced(history, d)
    return history


def _check_play(history: PlayHistory, d: Domino, seat: Seat | None, mine: Dominoes) -> None:
    """An ``IllegalPlayError`` if ``d`` cannot be the next play: ``mine`` is what ``seat``
    (None: no seat's view) still holds."""
    number = history.tricks_played + 1
    player = history.turn
    name = DOMINO_NAMES[check_domino(d)]
    led = history.trick[0] if history.trick else None
    rules = history.play_rules

    def illegal(what: str) -> IllegalPlayError:  # the message is built only for a play refused
        return IllegalPlayError(f"trick {number}, {_seat(player, seat)} {what}")

    if number > TRICKS:
        raise IllegalPlayError(f"{name} is a play too many: the hand is over after {TRICKS} tricks")
    before = next((p for p in history.plays if p.domino == d), None)
    if before is not None:
        raise illegal(f"played {name}, already played in trick {before.trick} by {_seat(before.seat, seat)}")
    if seat is not None and player == seat:
        if not mine >> d & 1:
            raise illegal(f"played {name}, which is not in your hand")
        legal = rules.legal_plays(mine, led)
        if not legal >> d & 1 and led is not None:
            called = rules.suit_called(led)  # None only at sevens, where every play is legal
            suit = rules.suit_label(TRUMP if called is None else called)
            action = _action(d, led, rules)
            raise illegal(f"{action} while holding {_names(legal)}: you must follow {suit}")
    elif seat is not None and mine >> d & 1:
        raise illegal(f"{_action(d, led, rules)}, which is in your hand")
    for out in history.shown_out:
        if out.seat == player and out.mask >> d & 1:
            action = _action(d, led, rules)
            raise illegal(f"{action} after showing out of {rules.suit_label(out.suit)} in trick {out.trick}")


def describe_play(history: PlayHistory, d: Domino, seat: Seat | None = None) -> str:
    """The next play, ``d``, in words: ``trick 3, seat 1 played 6-2 on a sixes lead`` or
    ``trick 4, seat 0 (you) led 5-5`` (``seat``: the seat that sees the plays)."""
    number = history.tricks_played + 1
    led = history.trick[0] if history.trick else None
    return f"trick {number}, {_seat(history.turn, seat)} {_action(d, led, history.play_rules)}"


def _seat(player: Seat, viewer: Seat | None) -> str:
    return f"seat {player}{' (you)' if player == viewer else ''}"


def _action(d: Domino, led: Domino | None, rules: TrickRules) -> str:
    name = DOMINO_NAMES[d]
    if led is None:
        return f"led {name}"
    suit = rules.suit_called(led)
    if suit is None:
        return f"played {name} on {DOMINO_NAMES[led]}"
    label = rules.suit_label(suit)  # "trumps", "sixes", or at Nel-O "doubles"
    label = "trump" if label == "trumps" else label
    return f"played {name} on {'an' if label[0] in 'aeiou' else 'a'} {label} lead"


def _names(mask: Dominoes) -> str:
    return " ".join(DOMINO_NAMES[d] for d in sorted(dominoes_in(mask), reverse=True))
