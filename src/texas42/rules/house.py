"""The house rules: the options of the rule book that tables differ on
(docs/rules.md#house-rules). The defaults are the rule book's."""

from __future__ import annotations

import dataclasses
import enum
from typing import Final, TypeVar

from texas42.errors import HouseRulesError, check_text, is_whole


class Word(enum.Enum):
    """A choice whose value is the word that options and files take: ``str()`` gives it."""

    def __str__(self) -> str:
        return str(self.value)


class NelloDoubles(Word):
    """How doubles play in Nel-O: their own suit (**default**), or the highest or the
    lowest domino of their natural suit."""

    OWN_SUIT = "own-suit"
    HIGH = "high"
    LOW = "low"

    @property
    def label(self) -> str:
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


def check_nello_min_marks(marks: int) -> int:
    """Nel-O's minimum bid in marks, 1 or 2 (an int; numpy's integers too); anything else
    is a ``HouseRulesError``."""
    if not is_whole(marks) or marks not in NELLO_MIN_MARKS_CHOICES:
        raise HouseRulesError(f"Nel-O's minimum bid is 1 or 2 marks, got {marks!r}")
    return int(marks)


def parse_nello_doubles(text: str) -> NelloDoubles:
    """Parse ``own-suit``, ``high`` or ``low``."""
    return _parse_choice(NelloDoubles, "Nel-O doubles rule", text)


def parse_all_pass(text: str) -> AllPass:
    """Parse ``forced`` or ``reshuffle``."""
    return _parse_choice(AllPass, "all-pass rule", text)


@dataclasses.dataclass(frozen=True)
class HouseRules:
    """The options of the rule book that house rules differ on; the defaults are the rule book's."""

    nello_doubles: NelloDoubles = NelloDoubles.OWN_SUIT
    """How doubles play at Nel-O: their own suit, high or low in their natural suit."""
    nello_min_marks: int = 2
    """The least Nel-O is bid at, in marks (2, or 1)."""
    all_pass: AllPass = AllPass.FORCED
    """After three passes: the shaker must bid, 30 or more (forced), or may pass and the
    hand is reshuffled."""
    specials: bool = True
    """Whether special contracts are analysed and bid at all."""

    def __post_init__(self) -> None:
        """Checked; a rule given by its name (``"high"``, ``"reshuffle"``) becomes its member."""
        for field, kind, parse in (
            ("nello_doubles", NelloDoubles, parse_nello_doubles),
            ("all_pass", AllPass, parse_all_pass),
        ):
            value = getattr(self, field)
            if isinstance(value, str):
                object.__setattr__(self, field, parse(value))
            elif not isinstance(value, kind):
                names = ", ".join(str(c.value) for c in kind)
                raise HouseRulesError(f"{field} must be one of {names}, got {value!r}")
        if not isinstance(self.specials, bool):
            raise HouseRulesError(f"specials must be True or False, got {self.specials!r}")
        object.__setattr__(self, "nello_min_marks", check_nello_min_marks(self.nello_min_marks))
