"""The house rules: the options of the rule book that tables differ on
(docs/rules.md#house-rules). The defaults are the rule book's."""

from __future__ import annotations

import dataclasses
import enum
from typing import Final, SupportsIndex, TypeVar

from texas42.errors import ArgumentTypeError, HouseRulesError, UsageError, check_text, error_for, is_whole


class Word(enum.Enum):
    """A choice whose value is the word that options and files take: ``str()`` gives it."""

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def _missing_(cls, value: object) -> Word:
        words = ", ".join(str(w) for w in cls)
        error = UsageError if isinstance(value, str) else ArgumentTypeError
        raise error(f"{cls.__name__} is one of {words}, got {value!r}")


class NelloDoubles(Word):
    """How doubles play in Nel-O: their own suit (**default**), or the highest or the
    lowest domino of their natural suit."""

    OWN_SUIT = "own-suit"
    HIGH = "high"
    LOW = "low"

    @property
    def label(self) -> str:
        """The name the options and the settings use: "own-suit", "high", "low"."""
        return self.value


class AllPass(Word):
    """What happens when all four pass: the shaker must bid 30 (**default**; read as a bid
    of 30 or more, never a pass), or the dominoes are reshuffled and the next player
    shakes."""

    FORCED = "forced"
    RESHUFFLE = "reshuffle"


NELLO_MIN_MARKS_CHOICES: Final = (1, 2)
"""Nel-O's minimum bid in marks: **default** 2, option 1."""

_Choice = TypeVar("_Choice", bound=Word)


def _parse_choice(kind: type[_Choice], what: str, text: str) -> _Choice:
    key = check_text(text, f"the {what}").strip().lower().replace("_", "-")
    for choice in kind:
        if choice.value == key:
            return choice
    names = ", ".join(str(c.value) for c in kind)
    raise HouseRulesError(f"unknown {what}: {text.strip()!r} (one of {names})")


def check_nello_min_marks(marks: object) -> int:
    """Nel-O's minimum bid in marks, 1 or 2 (an int; numpy's integers too); anything else
    is a ``HouseRulesError``."""
    if not is_whole(marks) or marks not in NELLO_MIN_MARKS_CHOICES:
        raise error_for(marks, HouseRulesError)(f"Nel-O's minimum bid is 1 or 2 marks, got {marks!r}")
    return int(marks)


def parse_nello_doubles(text: str) -> NelloDoubles:
    """Parse ``own-suit``, ``high`` or ``low``."""
    return _parse_choice(NelloDoubles, "Nel-O doubles rule", text)


def parse_all_pass(text: str) -> AllPass:
    """Parse ``forced`` or ``reshuffle``."""
    return _parse_choice(AllPass, "all-pass rule", text)


@dataclasses.dataclass(frozen=True, init=False)
class HouseRules:
    """The options of the rule book that house rules differ on; the defaults are the rule book's.
    A rule may be given by its name (``HouseRules(nello_doubles="low")``); every option is checked."""

    nello_doubles: NelloDoubles
    """How doubles play at Nel-O: their own suit, high or low in their natural suit."""
    nello_min_marks: int
    """The least Nel-O is bid at, in marks (2, or 1)."""
    all_pass: AllPass
    """After three passes: the shaker must bid, 30 or more (forced), or may pass and the
    hand is reshuffled."""
    specials: bool
    """Whether special contracts are analysed and bid at all."""

    def __init__(
        self,
        nello_doubles: NelloDoubles | str = NelloDoubles.OWN_SUIT,
        nello_min_marks: SupportsIndex = 2,
        all_pass: AllPass | str = AllPass.FORCED,
        specials: bool = True,
    ) -> None:
        object.__setattr__(
            self, "nello_doubles", _rule(nello_doubles, "nello_doubles", NelloDoubles, "Nel-O doubles rule")
        )
        object.__setattr__(self, "nello_min_marks", check_nello_min_marks(nello_min_marks))
        object.__setattr__(self, "all_pass", _rule(all_pass, "all_pass", AllPass, "all-pass rule"))
        if not isinstance(specials, bool):
            raise ArgumentTypeError(f"specials must be True or False, got {specials!r}")
        object.__setattr__(self, "specials", specials)


def _rule(value: object, field: str, kind: type[_Choice], what: str) -> _Choice:
    """A rule's member, from itself or its name (``"high"``, ``"reshuffle"``)."""
    if isinstance(value, str):
        return _parse_choice(kind, what, value)
    if not isinstance(value, kind):
        names = ", ".join(str(c.value) for c in kind)
        raise HouseRulesError(f"{field} must be one of {names}, got {value!r}")
    return value
