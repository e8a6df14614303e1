"""The options the commands share, each parsed (and checked by the library) into its
value while the command line is read: a bad one is a one-line error naming it."""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Callable
from typing import Annotated, Any, Final, TypeVar

import typer

from texas42 import deal
from texas42.analysis.calibrated import DOUBLE_DUMMY, check_basis
from texas42.analysis.declaring import plays_out_by_default
from texas42.analysis.playout import DEFAULT_WORLDS, check_playout_deals, check_worlds
from texas42.analysis.racing import DEFAULT_MIN_DEALS, Racing
from texas42.analysis.realistic import DEFAULT_REALISTIC_DEALS
from texas42.analysis.recommendation import check_confidence
from texas42.analysis.sample import check_deals
from texas42.cli.app import BadOption, error_text
from texas42.deal import (
    DEFAULT_NOISE,
    DealConstraints,
    SeatConstraint,
    check_auction_doubles,
    check_infer,
    check_named_once,
    check_noise,
    parse_holds,
    parse_lacks,
    plan_deals,
)
from texas42.deal.inference import MAX_NOISE
from texas42.errors import AuctionError, InvalidDeclarationError, Texas42Error, UsageError
from texas42.io import config
from texas42.io.batch import Cluster, parse_cluster
from texas42.rules import (
    ALL_PASSED,
    DECLARATIONS,
    PASS,
    AllPass,
    Auction,
    Contract,
    Declaration,
    FinishedAuction,
    Hand,
    HouseRules,
    NelloDoubles,
    check_nello_min_marks,
    parse_all_pass,
    parse_auction,
    parse_bid,
    parse_declaration,
    parse_finished_auction,
    parse_nello_doubles,
    parse_played_contract,
)

T = TypeVar("T")


def option_parser(parse: Callable[[Any], T]) -> Callable[[Any], T]:
    """``parse`` as a Typer parser: its bad-input errors reach the one-line error report."""

    def run(value: Any) -> T:
        try:
            return parse(value)
        except Texas42Error as error:
            raise BadOption(error) from None

    return run


def whole_number(option: str, low: int = 0) -> Callable[[Any], int]:
    """A parser of a whole number of at least ``low`` for ``option``."""

    def parse(value: Any) -> int:
        token = str(value).strip()
        if token[:1] in ("-", "+") and token[1:].isascii() and token[1:].isdigit():
            if token[0] == "-" and int(token[1:]):
                raise UsageError(f"{option} cannot be negative, got {token}")
            token = token[1:]  # -0 is 0, +5 is 5
        if not (token.isascii() and token.isdigit()):
            raise UsageError(f"{option} needs a whole number, got {token!r}")
        number = int(token)
        if number < low:
            raise UsageError(f"{option} must be at least {low}, got {token}")
        return number

    return parse


def checked(option: str, parse: Callable[[Any], Any], check: Callable[[Any], T]) -> Callable[[Any], T]:
    """A parser for ``option`` that parses the text, then lets the library check the value;
    the library's message is given after the option's name."""

    def parse_and_check(value: Any) -> T:
        parsed = parse(value)
        try:
            return check(parsed)
        except Texas42Error as error:
            raise UsageError(f"{option}: {error_text(error)}") from None

    return parse_and_check


_DECIMAL: Final = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _number(option: str, wanted: str) -> Callable[[Any], float]:
    """A parser of a float option: ``wanted`` says what it takes. Text past the floats'
    range (``1e400``, read as infinity) is named as written, as is anything but a plain
    decimal (``nan``, ``0_5``)."""

    def parse(value: Any) -> float:
        text = str(value).strip()
        # Only a plain decimal: float() would also read 0_5 as 5, and other scripts' digits.
        if not _DECIMAL.fullmatch(text) or math.isinf(number := float(text)):
            raise UsageError(f"{option} needs {wanted}, got {text!r}")
        return number

    return parse


def keep(value: Any) -> Any:
    """The value as given (a ``checked`` option whose library check parses it too)."""
    return value


def _as_value(parse: Callable[[str], enum.Enum]) -> Callable[[str], Any]:
    """A parser of an enum option that returns the member's value: Typer turns the
    value into the member (and would turn a member into None)."""
    return lambda text: parse(text).value


DealsOption = Annotated[
    int,
    typer.Option(
        "--deals",
        "-n",
        metavar="N",
        help="Random deals of the unseen dominoes (default 1000, at most 1,000,000).",
        show_default=False,
        parser=option_parser(checked("--deals", whole_number("--deals"), check_deals)),
    ),
]
MinDealsOption = Annotated[
    int | None,
    typer.Option(
        "--min-deals",
        metavar="N",
        help=(
            "Racing: every trump gets at least N deals (default 200); one that clearly cannot be "
            "the answer then stops, the others get all --deals. Not with --exhaustive."
        ),
        show_default=False,
        parser=option_parser(checked("--min-deals", whole_number("--min-deals", 1), check_deals)),
    ),
]
ExhaustiveOption = Annotated[
    bool,
    typer.Option("--exhaustive", help="Solve every trump on every deal (no racing)."),
]


def racing(min_deals: int | None, exhaustive: bool) -> Racing | None:
    """How deals are allocated: a race with at least ``min_deals`` each (default
    ``DEFAULT_MIN_DEALS``), or None for all (``--exhaustive``, which has no minimum)."""
    if exhaustive:
        if min_deals is not None:
            raise UsageError("--min-deals is racing's: not with --exhaustive")
        return None
    return Racing(min_deals=DEFAULT_MIN_DEALS if min_deals is None else min_deals)


SeedOption = Annotated[
    int | None,
    typer.Option(
        "--seed",
        "-s",
        metavar="SEED",
        help="Random seed (default: drawn and printed); the same seed gives the same output.",
        show_default=False,
        parser=option_parser(checked("--seed", whole_number("--seed"), deal.check_seed)),
    ),
]


def parse_trump(text: str) -> Declaration:
    """A trump declaration; the name of a special contract is an error that says where
    the command puts it (a typo keeps ``parse_declaration``'s error)."""
    try:
        return parse_declaration(text)
    except InvalidDeclarationError:
        try:
            contract = parse_played_contract(text)
        except InvalidDeclarationError:
            contract = None
        if not isinstance(contract, Contract):
            raise
        names = ", ".join(d.label for d in DECLARATIONS)
        raise InvalidDeclarationError(
            f"{text.strip()!r}: {contract.written} is a special contract, not a trump: the special "
            f"contracts are weighed beside the trumps (--no-specials leaves them out); the trumps "
            f"are {names}"
        ) from None


TrumpsOption = Annotated[
    list[Any] | None,  # Declarations: Typer would convert an enum again, by its str()
    typer.Option(
        "--trump",
        "-t",
        metavar="TRUMP",
        help="Analyze only this trump (repeatable). Default: all nine.",
        parser=option_parser(parse_trump),
    ),
]


def distinct_trumps(trumps: list[Declaration] | None) -> tuple[Declaration, ...]:
    """The trumps of ``--trump``, or all nine if none was given; one given twice is a
    ``UsageError`` (as ``compare`` says)."""
    if not trumps:
        return DECLARATIONS
    for i, declaration in enumerate(trumps):
        if declaration in trumps[:i]:
            raise UsageError(f"--trump given twice: {declaration.label}")
    return tuple(trumps)


ConfidenceOption = Annotated[
    float,
    typer.Option(
        "--confidence",
        "-c",
        metavar="P",
        help="How often a bid must be made to count as made, above 0 and at most 1 (default 0.5).",
        show_default=False,
        parser=option_parser(
            checked(
                "--confidence", _number("--confidence", "a number above 0 and at most 1"), check_confidence
            )
        ),
    ),
]


def _threads_option(help: str) -> Any:
    return typer.Option(
        "--threads",
        "-j",
        metavar="N",
        help=help,
        show_default=False,
        parser=option_parser(whole_number("--threads", 1)),
    )


ThreadsOption = Annotated[
    int | None,
    _threads_option(
        "Threads for solving, and for weighing deals against the auction (default: all cores; "
        "more than the cores count as all)."
    ),
]
SolveThreadsOption = Annotated[
    int | None, _threads_option("Threads for solving (default: all cores; more than the cores count as all).")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
JsonLinesOption = Annotated[bool, typer.Option("--json", help="Print JSON (JSON Lines with --file).")]
NO_BIDS = Auction()
"""The default of ``--auction``: nobody has bid yet."""


def _auction(value: Any) -> Auction:
    if isinstance(value, Auction):
        return value
    try:
        return parse_auction(str(value))
    except AuctionError as error:
        calls = str(value).replace(",", " ").split()
        if calls == ["pass"] * 4:
            raise AuctionError(ALL_PASSED) from None
        if len(calls) == 4:  # a whole auction, if its calls are: the bidding is over
            parse_finished_auction(str(value))  # else what is wrong with them
            hint = (
                "; the bidding is over: 'texas42 declare' says what to declare, 'texas42 play' what to play"
            )
            raise AuctionError(f"{error_text(error)}{hint}") from None
        raise


AuctionOption = Annotated[
    Auction,
    typer.Option(
        "--auction",
        "-a",
        metavar="BIDS",
        help='The bids made before yours, first bidder first: "pass 30 31" (default: you bid first).',
        show_default=False,
        parser=option_parser(checked("--auction", keep, _auction)),
    ),
]


def _whole_auction(value: Any) -> FinishedAuction:
    return value if isinstance(value, FinishedAuction) else parse_finished_auction(str(value))


WholeAuctionOption = Annotated[
    FinishedAuction | None,
    typer.Option(
        "--auction",
        "-a",
        metavar="CALLS",
        help='The whole auction, the four calls in the order made: "pass 30 31 pass" (default: none).',
        show_default=False,
        parser=option_parser(checked("--auction", keep, _whole_auction)),
    ),
]
InferOption = Annotated[
    str | None,
    typer.Option(
        "--infer",
        metavar="MODE",
        help=(
            "auction (the default with --auction): deal the unseen dominoes in proportion to how "
            "likely each deal makes the bids already made; none: uniformly, as if they said nothing."
        ),
        show_default=False,
        parser=option_parser(checked("--infer", keep, check_infer)),
    ),
]
NoiseOption = Annotated[
    float | None,
    typer.Option(
        "--noise",
        metavar="X",
        help=(
            f"With --auction: how much the other players misjudge their hands, 0 to {MAX_NOISE:g} (default "
            f"{DEFAULT_NOISE:g}, or the key noise of texas42.toml or pyproject.toml): they value a "
            "hand at a bid or more with probability sigmoid(logit(odds) / X); 0: by the rules "
            "exactly; players who bid on texas42's advice fit about 0.15."
        ),
        show_default=False,
        parser=option_parser(
            checked("--noise", _number("--noise", f"a number from 0 to {MAX_NOISE:g}"), check_noise)
        ),
    ),
]


def inferred(infer: str | None, auction: Auction | FinishedAuction | None) -> str:
    """``--infer``, ``auction`` by default; a ``UsageError`` where it is given and there
    are no bids to infer from."""
    if infer is None:
        return "auction"
    if auction is None or not auction.bids:
        raise UsageError("--infer goes with --auction: whether the deals are drawn to fit its bids")
    return infer


def auction_noise(noise: float | None, infer: str, auction: Auction | FinishedAuction | None) -> float:
    """``--noise``, else the settings' ``noise``, else ``DEFAULT_NOISE``; a ``UsageError``
    where ``--noise`` is given and no auction is inferred from."""
    if noise is not None:
        if auction is None or not auction.bids:
            raise UsageError("--noise goes with --auction: how the bidders misjudge their hands")
        if infer == "none":
            raise UsageError("--noise weighs the auction's inference: not with --infer none")
    return config.noise() if noise is None else noise


def _nello_doubles_option(when: str) -> Any:
    return typer.Option(
        "--nello-doubles",
        metavar="RULE",
        help=f"{when}Nel-O doubles: own-suit (their own suit; the default), high or low in their "
        "natural suit.",
        show_default=False,
        parser=option_parser(checked("--nello-doubles", keep, _as_value(parse_nello_doubles))),
    )


def _nello_min_marks_option(when: str) -> Any:
    return typer.Option(
        "--nello-min-marks",
        metavar="N",
        help=f"{when}Nel-O's minimum bid in marks: 2 (the default) or 1.",
        show_default=False,
        parser=option_parser(
            checked("--nello-min-marks", whole_number("--nello-min-marks"), check_nello_min_marks)
        ),
    )


AUCTION_ONLY: Final = "With --auction only, as the others bid by it: "
"""The house rules of ``texas42 deals``, which analyses nothing: they shape only how the
others bid."""
NelloDoublesOption = Annotated[NelloDoubles | None, _nello_doubles_option("")]
NelloMinMarksOption = Annotated[int | None, _nello_min_marks_option("")]
AuctionNelloDoublesOption = Annotated[NelloDoubles | None, _nello_doubles_option(AUCTION_ONLY)]
AuctionNelloMinMarksOption = Annotated[int | None, _nello_min_marks_option(AUCTION_ONLY)]
AllPassOption = Annotated[
    AllPass | None,
    typer.Option(
        "--all-pass",
        metavar="RULE",
        help=(
            "When the first three pass: forced (the shaker must bid at least 30; the default) "
            "or reshuffle (the shaker may pass)."
        ),
        show_default=False,
        parser=option_parser(checked("--all-pass", keep, _as_value(parse_all_pass))),
    ),
]


def _specials_option(what: str) -> Any:
    return typer.Option("--specials/--no-specials", help=f"{what}; default yes.", show_default=False)


SpecialsOption = Annotated[
    bool | None, _specials_option("Analyze the special contracts (Nel-O, sevens, plunge, splash)")
]
SolveSpecialsOption = Annotated[bool | None, _specials_option("Solve Nel-O and sevens too (their rows)")]
AuctionSpecialsOption = Annotated[
    bool | None,
    _specials_option(
        f"{AUCTION_ONLY}whether the others weigh the special contracts (Nel-O, sevens, plunge, splash)"
    ),
]


RealisticOption = Annotated[
    bool,
    typer.Option(
        "--realistic",
        help="Play the leading trumps out by players who see only their own hand, and advise on that.",
    ),
]
CompareRealisticOption = Annotated[
    bool,
    typer.Option(
        "--realistic",
        help="Play every trump compared out by players who see only their own hand, head to head.",
    ),
]
PLAYOUT_DEALS: Final = option_parser(
    checked("--realistic-deals", whole_number("--realistic-deals", 1), check_playout_deals)
)
"""The parser of every command's --realistic-deals."""


def _realistic_deals_option(when: str) -> Any:
    return typer.Option(
        "--realistic-deals",
        metavar="N",
        help=f"{when}: the deals played out (the first of the sample; default 200).",
        show_default=False,
        parser=PLAYOUT_DEALS,
    )


def _worlds_option(when: str) -> Any:
    return typer.Option(
        "--worlds",
        metavar="K",
        help=f"{when}: the deals each player weighs at each decision (default 10, at most 1,000).",
        show_default=False,
        parser=option_parser(checked("--worlds", whole_number("--worlds", 1), check_worlds)),
    )


ASKED: Final = "With --realistic"
ASKED_OR_UNASKED: Final = "With --realistic (or where the command plays out unasked)"
RealisticDealsOption = Annotated[int | None, _realistic_deals_option(ASKED)]
"""--realistic-deals of a command that plays out only when asked (analyze, compare)."""
UnaskedRealisticDealsOption = Annotated[int | None, _realistic_deals_option(ASKED_OR_UNASKED)]
"""--realistic-deals of a command that also plays out unasked (bid, declare)."""
WorldsOption = Annotated[int | None, _worlds_option(ASKED)]
UnaskedWorldsOption = Annotated[int | None, _worlds_option(ASKED_OR_UNASKED)]


def playouts(
    realistic: bool | None,
    realistic_deals: int | None,
    worlds: int | None,
    default_deals: int,
    unasked: bool = False,
    deals: int | None = None,
) -> tuple[int, int] | None:
    """The deals to play out and the worlds a decision weighs with ``--realistic``, or
    where neither it nor --no-realistic is given and the command plays out ``unasked``
    (the defaults where not given); else None, and a ``UsageError`` for either given, or
    for more deals to play out than the sample's ``deals`` (they are its first)."""
    if deals is not None:
        check_playouts_within(realistic_deals, deals, f"the sample, which has {deals:,} (--deals)")
    if realistic or (realistic is None and unasked):
        return (
            default_deals if realistic_deals is None else realistic_deals,
            DEFAULT_WORLDS if worlds is None else worlds,
        )
    for name, value in (("--realistic-deals", realistic_deals), ("--worlds", worlds)):
        if value is not None:
            raise UsageError(
                f"{name}: not with --no-realistic" if realistic is False else f"{name} goes with --realistic"
            )
    return None


def check_playouts_within(realistic_deals: int | None, deals: int, sample: str) -> None:
    """A ``UsageError`` for more deals to play out than the ``deals`` they are the first of
    (``sample`` says which)."""
    if realistic_deals is not None and realistic_deals > deals:
        raise UsageError(
            f"--realistic-deals {realistic_deals:,}: the deals played out are the first of {sample}"
        )


def contract_playouts(
    basis_option: str | None,
    realistic: bool | None,
    realistic_deals: int | None,
    worlds: int | None,
    auction: Auction | FinishedAuction | None,
    deals: int,
) -> tuple[str, tuple[int, int] | None]:
    """The basis and the playouts of ``bid`` and ``declare``: ``--realistic``'s, or unasked
    where we are to name the trump of a partner's plunge or splash
    (``plays_out_by_default``)."""
    chosen = basis(basis_option, bool(realistic))
    unasked = plays_out_by_default(auction, chosen)
    return chosen, playouts(realistic, realistic_deals, worlds, DEFAULT_REALISTIC_DEALS, unasked, deals)


def _basis_option(help: str) -> Any:
    return typer.Option(
        "--basis",
        metavar="BASIS",
        help=help,
        parser=option_parser(checked("--basis", keep, check_basis)),
        show_default=False,
    )


BasisOption = Annotated[
    str | None,
    _basis_option(
        "What the recommendation and bid advice rest on: realistic (default; estimated by the "
        "calibration, or played out with --realistic) or double-dummy (every hand seen)."
    ),
]
ReviewBasisOption = Annotated[
    str | None,
    _basis_option(
        "With the whole --auction, what the call and declaration weighed rest on, as in 'bid' "
        "and 'declare': realistic (default) or double-dummy."
    ),
]
QuickBasisOption = Annotated[
    str | None,
    _basis_option(
        "What the recommendation rests on: realistic (default; estimated by the calibration) "
        "or double-dummy (every hand seen)."
    ),
]


def basis(value: str | None, realistic: bool = False) -> str:
    """The basis given, else the [tool.texas42] table's, else realistic; ``realistic``
    (--realistic: playouts to advise on) wants the realistic basis."""
    chosen = config.basis(value)
    if realistic and chosen == DOUBLE_DUMMY:
        given = "--basis double-dummy" if value is not None else 'basis = "double-dummy" in the settings'
        raise UsageError(f"--realistic gives realistic odds to advise on: not with {given}")
    return chosen


def house_options(house: HouseRules) -> list[str]:
    """The options that give ``house`` where it is not the rule book's default."""
    default = HouseRules()
    options = []
    if not house.specials:
        options.append("--no-specials")
    if house.specials and house.nello_doubles is not default.nello_doubles:
        options.append(f"--nello-doubles {house.nello_doubles.value}")
    if house.specials and house.nello_min_marks != default.nello_min_marks:
        options.append(f"--nello-min-marks {house.nello_min_marks}")
    if house.all_pass is not default.all_pass:
        options.append(f"--all-pass {house.all_pass.value}")
    return options


def only_where(where: str, *options: tuple[str, object]) -> None:
    """A ``UsageError`` naming those of ``options`` (name, value) given (not None), which
    nothing reads but ``where``: an option that would change nothing."""
    given = [name for name, value in options if value is not None]
    if given:
        raise UsageError(f"{', '.join(given)}: only {where}")


def specials_flag(specials: bool | None) -> tuple[str, bool | None]:
    """``--specials`` or ``--no-specials`` as given (None: neither), for ``only_where``."""
    return ("--no-specials" if specials is False else "--specials"), specials


def house_rules(
    nello_doubles: NelloDoubles | None = None,
    nello_min_marks: int | None = None,
    all_pass: AllPass | None = None,
    specials: bool | None = None,
    takes_specials: bool = True,
) -> HouseRules:
    """The house rules: the [tool.texas42] table of the working directory, then the options
    given. A rule of Nel-O given where the special contracts are left out is an error
    (naming --specials as the way out where the command ``takes_specials``)."""
    rules = config.house_rules(
        {
            "nello_doubles": nello_doubles,
            "nello_min_marks": nello_min_marks,
            "all_pass": all_pass,
            "specials": specials,
        }
    )
    if not rules.specials:
        settings = "specials = false in the settings" + (" (--specials)" if takes_specials else "")
        without = "--no-specials" if specials is False else settings
        for name, value in (("--nello-doubles", nello_doubles), ("--nello-min-marks", nello_min_marks)):
            if value is not None:
                raise UsageError(f"{name} is a rule of Nel-O: not with {without}")
    return rules


def _seat_constraint(parse: Callable[[str], SeatConstraint]) -> Callable[[Any], SeatConstraint]:
    return lambda value: value if isinstance(value, SeatConstraint) else parse(str(value))


def _why_bid(value: Any) -> int:
    bid = value if isinstance(value, int) else parse_bid(str(value))
    if bid == PASS:
        raise UsageError("give a bid to explain (30..41, 42, 84, ...), not pass")
    return bid


HoldsOption = Annotated[
    list[SeatConstraint] | None,
    typer.Option(
        "--holds",
        metavar='"SEAT: DOMINOES"',
        help='That seat (1 left, 2 partner, 3 right) holds these: --holds "2: 6-6 5-5" (repeatable).',
        show_default=False,
        parser=option_parser(_seat_constraint(parse_holds)),
    ),
]
LacksOption = Annotated[
    list[SeatConstraint] | None,
    typer.Option(
        "--lacks",
        metavar='"SEAT: DOMINOES"',
        help='That seat holds none of these; a pip suit is its 7: --lacks "1: sixes" (repeatable).',
        show_default=False,
        parser=option_parser(_seat_constraint(parse_lacks)),
    ),
]
WhyOption = Annotated[
    bool,
    typer.Option("--why", help="Show the unseen dominoes whose place decides the bid (always in --json)."),
]


def _why_bid_option(default: str) -> Any:
    return typer.Option(
        "--bid",
        metavar="BID",
        help=f"The bid --why is about (default: {default}); implies --why.",
        show_default=False,
        parser=option_parser(checked("--bid", keep, _why_bid)),
    )


WhyBidOption = Annotated[int | None, _why_bid_option("the double-dummy recommendation's bid; 30 for a pass")]
CompareWhyBidOption = Annotated[
    int | None, _why_bid_option("for each trump, the most it makes at least half the time")
]


def deal_constraints(
    holds: list[SeatConstraint] | None, lacks: list[SeatConstraint] | None
) -> DealConstraints | None:
    """The constraints given, or None for none; a domino named twice for a seat (by two
    --holds or two --lacks) is bad input, as within one."""
    items = (*(holds or ()), *(lacks or ()))
    check_named_once(items, "--")
    return DealConstraints(tuple(items)) if items else None


def check_with_hand(
    hand: Hand, constraints: DealConstraints | None, auction: Auction | FinishedAuction | None
) -> None:
    """Bad input that only the hand shows, found before anything is computed (the shell
    checks every line so): constraints it contradicts or no deal fits, an auction whose
    plunge or splash no deal around it allows."""
    if constraints is not None:
        plan_deals(hand, constraints)
    if auction is not None:
        check_auction_doubles(hand, auction, constraints)


ClusterOption = Annotated[
    Cluster | None,
    typer.Option(
        "--cluster",
        metavar="ADDRESS",
        help="With --file: run on the Dask scheduler at ADDRESS (tcp://host:8786), or local[:N] here.",
        show_default=False,
        parser=option_parser(parse_cluster),
    ),
]


def check_one_input(given: bool, file: object, what: str, command: str) -> None:
    """A ``UsageError`` unless exactly one of ``what`` (given or not) and ``--file`` is."""
    if given == (file is not None):
        which = "not both" if given else "one of them"
        raise UsageError(f"give {what} or --file PATH ({which}); see 'texas42 {command} --help'")
