"""The special contracts: bids whose play differs from a trump bid
(docs/rules.md#special-contracts)."""

from __future__ import annotations

from typing import Final

from texas42.errors import InvalidDeclarationError, check_text
from texas42.rules.dominoes import DOUBLES, PIP_DOMINOES, PIPS, Dominoes, domino
from texas42.rules.history import NELLO_TRICK_SIZE, TRICK_SIZE
from texas42.rules.house import HouseRules, Word
from texas42.rules.tricks import (
    Declaration,
    NelloTricks,
    SevensTricks,
    TrickRules,
    check_declaration,
    parse_declaration,
)

PLUNGE_DOUBLES: Final = 4
SPLASH_DOUBLES: Final = 3


class Contract(Word):
    """The special contracts: bids whose play differs from a trump bid."""

    NELLO = "nello"
    SEVENS = "sevens"
    PLUNGE = "plunge"
    SPLASH = "splash"

    @property
    def label(self) -> str:
        """The name the options and the output use: "nello", "sevens", ..."""
        return self.value

    @property
    def written(self) -> str:
        """How players write the contract: ``Nel-O``, ``sevens``, ``plunge``, ``splash``."""
        return "Nel-O" if self is Contract.NELLO else self.value


PlayedContract = Declaration | Contract
"""What a hand is played at: a trump declaration, or a special contract."""

_CONTRACT_NAMES: Final[dict[str, Contract]] = {
    "nello": Contract.NELLO,
    "nel-o": Contract.NELLO,
    "nelo": Contract.NELLO,
    "sevens": Contract.SEVENS,
    "7s": Contract.SEVENS,
    "plunge": Contract.PLUNGE,
    "splash": Contract.SPLASH,
}


def parse_played_contract(text: str) -> PlayedContract:
    """A trump declaration (``sixes``, ``6``, ``follow-me``, ...) or a special contract
    (``nello``, ``nel-o``, ``sevens``, ``plunge``, ``splash``)."""
    contract = _CONTRACT_NAMES.get(check_text(text, "a trump or contract").strip().lower())
    if contract is not None:
        return contract
    try:
        return parse_declaration(text)
    except InvalidDeclarationError:
        names = ", ".join(d.label for d in Declaration)
        raise InvalidDeclarationError(
            f"unknown trump or contract: {text.strip()!r} (one of {names}, nello, sevens)"
        ) from None


def check_played_contract(value: object) -> PlayedContract:
    """A trump declaration or special contract from itself, its name
    (``parse_played_contract``) or a declaration's number (0..8); anything else is an
    ``InvalidDeclarationError``."""
    if isinstance(value, str):
        return parse_played_contract(value)
    if isinstance(value, Contract):
        return value
    return check_declaration(value)


def trick_size(contract: PlayedContract) -> int:
    """The dominoes of a trick of a hand played at ``contract``: 3 at Nel-O, else 4."""
    return NELLO_TRICK_SIZE if contract is Contract.NELLO else TRICK_SIZE


def minimum_marks(contract: Contract, house: HouseRules) -> int:
    """The least a special contract is bid at, in marks: Nel-O 2 (house rule: 1),
    sevens 1, plunge 4, splash 2."""
    return {
        Contract.NELLO: house.nello_min_marks,
        Contract.SEVENS: 1,
        Contract.PLUNGE: 4,
        Contract.SPLASH: 2,
    }[contract]


def doubles_held(hand: Dominoes) -> int:
    """The number of doubles in a hand."""
    return (hand & DOUBLES).bit_count()


def doubles_needed(contract: Contract) -> int:
    """The doubles a hand needs to bid ``contract``: 4 for plunge, 3 for splash, else 0."""
    return {Contract.PLUNGE: PLUNGE_DOUBLES, Contract.SPLASH: SPLASH_DOUBLES}.get(contract, 0)


def may_plunge(hand: Dominoes) -> bool:
    """A hand with 4 or more doubles may bid plunge."""
    return doubles_held(hand) >= PLUNGE_DOUBLES


def may_splash(hand: Dominoes) -> bool:
    """A hand with 3 or more doubles may bid splash."""
    return doubles_held(hand) >= SPLASH_DOUBLES


def partner_trump(hand: Dominoes) -> Declaration:
    """The trump the plunger's (or splasher's) partner names, seeing only their own hand.

    The pip suit in which the partner holds the most dominoes (a double counts once);
    among equals, one whose double they hold; then the higher pip. Doubles and follow-me
    are never named: the plunger's doubles are already the top of their suits, and the
    partner's longest suit draws the opponents' trumps."""

    def strength(pip: int) -> tuple[int, bool, int]:
        return ((hand & PIP_DOMINOES[pip]).bit_count(), bool(hand >> domino(pip, pip) & 1), pip)

    return Declaration(max(PIPS, key=strength))


def special_contract(rules: TrickRules) -> Contract | None:
    """Nel-O or sevens for their tricks' rules, None for a trump's."""
    if isinstance(rules, NelloTricks):
        return Contract.NELLO
    return Contract.SEVENS if isinstance(rules, SevensTricks) else None
