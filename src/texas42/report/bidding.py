"""Rich view of the bidding advice: the auction, the advice and its reason, the ladder
of legal bids and the special contracts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis import (
    AuctionReading,
    BidAdvice,
    HandAnalysis,
    LadderRung,
    RealisticAnalysis,
    SpecialRung,
)
from texas42.analysis.specials import CALIBRATED, PLAYED_OUT
from texas42.report.hand import analysis_header, fewest_deals, footer, short_of_deals
from texas42.report.layout import Fitted
from texas42.report.wording import (
    SEAT_ROLES,
    advice_reason,
    band_caption,
    band_note,
    contract_name,
    deals_text,
    interval_header,
    ladder_interval,
    mark_bid_caution,
    odds_against,
    partner_contract_note,
    percent,
    realistic_footer,
    signed,
    surer_bid_note,
    uniform_deals_note,
    uniform_sentence,
)
from texas42.rules import Auction, Contract, Declaration

_PLACES: Final = ("1st", "2nd", "3rd", "4th")


def auction_text(auction: Auction) -> Text:
    """Where we bid and who holds the high bid."""
    place = f"You bid {_PLACES[auction.position]}" + (", as the shaker" if auction.is_shaker else "")
    holder = auction.high_bidder
    if holder is None:
        held = "nobody has bid yet" if auction.position == 0 else "everyone so far passed"
    else:
        who = {1: "the opponent on your right", 2: "your partner", 3: "the opponent on your left"}[
            auction.position - holder
        ]
        contract = auction.call_contract(holder)
        what = "" if contract is None else f", a {contract.written}"
        held = f"the high bid is {auction.high_bid}{what}, by {who}"
    bids = str(auction) if auction.bids else "(none)"
    return Text(f"Auction so far: {bids}. {place}; {held}.")


def ladder_table(advice: BidAdvice) -> Table:
    """Each legal bid: its best trump, the odds (and their deals, when racing left some
    short), the independent check, the expected marks."""
    realistic = advice.analysis.realistic
    title = (
        "Bid ladder, on double-dummy odds"
        if realistic is None
        else f"Bid ladder, on realistic odds ({_SOURCES[realistic.source]})"
    )
    out = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
    out.add_column("bid", justify="right")
    out.add_column("trump")
    raced = realistic is None and short_of_deals(advice.ladder, advice.analysis.deals)
    if raced:
        out.add_column("deals", justify="right")
    out.add_column("makes", justify="right")
    out.add_column(f"95% {ladder_interval(advice)}", justify="right")
    out.add_column("check" if realistic is None else "(DD)", justify="right")
    out.add_column("exp. marks", justify="right")
    for rung in advice.ladder:
        style = "reverse bold" if rung.bid == advice.bid else ("" if rung.makes else "dim")
        out.add_row(
            str(rung.bid),
            rung.declaration.label,
            *([f"{rung.deals:,}"] if raced else []),
            odds_against(rung.make, advice.confidence),
            f"{percent(rung.make_ci95.low)}-{percent(rung.make_ci95.high)}",
            _third_column(rung, realistic is None),
            signed(rung.expected_marks),
            style=style,
        )
    return out


_SOURCES: Final = {"calibrated": "estimated", "playouts": "played out"}


def reading_table(reading: AuctionReading) -> Table:
    """What the calls say of each other hand: its calls, then the doubles, count points
    and trumps it holds on average over the deals that fit the auction, those over the
    deals that ignore it in brackets (``reading_note``)."""
    out = Table(title="What the calls say", box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
    out.add_column("seat")
    out.add_column("called")
    out.add_column("doubles", justify="right")
    out.add_column("count", justify="right")
    declaration = _trump_column(reading)
    trumps = declaration is not None
    if declaration is not None:
        out.add_column(declaration.label, justify="right")
    for seat in reading.seats:
        called = " ".join(seat.names) or "-"
        fitted, plain = seat.fitted, seat.uniform
        out.add_row(
            SEAT_ROLES[seat.seat],
            called,
            f"{fitted.doubles:.1f} ({plain.doubles:.1f})",
            f"{fitted.count:.1f} ({plain.count:.1f})",
            *([f"{fitted.trumps:.1f} ({plain.trumps:.1f})"] if trumps else []),
        )
    return out


def _trump_column(reading: AuctionReading) -> Declaration | None:
    """The trump whose dominoes ``reading_table`` counts: none at follow-me, nor at
    doubles, which the doubles column counts already."""
    declaration = reading.declaration
    if declaration is None or declaration.trumps == 0 or declaration is Declaration.DOUBLES:
        return None
    return declaration


def reading_note(reading: AuctionReading) -> str:
    """What ``reading_table``'s figures are."""
    uniform = "deals that fit --holds/--lacks alone" if reading.constrained else "uniform deals"
    declaration = _trump_column(reading)
    trumps = "" if declaration is None else f", {declaration.label} (the trump)"
    return (
        f"What each other hand holds on average over the {deals_text(reading.deals)} that fit the "
        f"calls: doubles, count (points of 5-5, 6-4, 5-0, 4-1, 3-2){trumps}; in brackets, over "
        f"{reading.uniform_deals:,} {uniform}."
    )


def _third_column(rung: LadderRung, double_dummy: bool) -> str:
    """The independent check on the double-dummy basis, the double-dummy odds on the realistic one."""
    if not double_dummy:
        return percent(rung.make_double_dummy)
    return "" if rung.make_confirmed is None else percent(rung.make_confirmed)


def advice_sentence(advice: BidAdvice) -> Text:
    """``Bid 37 with sixes: as the shaker, ...``: the call advised and why."""
    if advice.passes:
        head = Text("Pass", style="bold reverse yellow")
    elif advice.declaration is None:
        assert advice.contract is not None  # no trump: a special contract
        head = Text(f"Bid {advice.bid}: {contract_name(advice.contract)}", style="bold reverse green")
    else:
        head = Text(f"Bid {advice.bid} with {advice.declaration.label}", style="bold reverse green")
    return Text.assemble(head, ": ", advice_reason(advice), surer_bid_note(advice), mark_bid_caution(advice))


def _top_bid(advice: BidAdvice) -> int:
    """The highest bid of the ladder (and the special contracts) shown, 84 at least."""
    bids = [rung.bid for rung in advice.ladder] + [rung.bid for rung in advice.specials]
    return max([84, *bids])


def advice_view(analysis: HandAnalysis, advice: BidAdvice) -> RenderableType:
    """The whole ``texas42 bid`` report."""
    header = analysis_header(analysis)
    if advice.auction.bids and analysis.inference is None and analysis.ruled_by is None:
        header.append("\n" + uniform_deals_note(advice.auction))
    parts: list[RenderableType] = [
        header,
        auction_text(advice.auction),
        Text(""),
        advice_sentence(advice),
        *([] if advice.uniform is None else [Text(uniform_sentence(advice))]),
        Fitted(ladder_table(advice)),
    ]
    if advice.specials:
        parts.append(Fitted(_specials_table(advice, analysis.realistic is not None)))
    if advice.reading is not None:
        parts += [Fitted(reading_table(advice.reading)), Text(reading_note(advice.reading), style="dim")]
    realistic = analysis.realistic
    played_out = isinstance(realistic, RealisticAnalysis)
    # The footer is of the double-dummy odds: a rung's own deals are its playouts' where played out.
    fewest = fewest_deals([analysis.stats(rung.declaration) for rung in advice.ladder], analysis.deals)
    parts += [
        Text(_ladder_note(advice), style="dim"),
        footer(analysis.deals, analysis.seed, analysis.exact, fewest, played_out, _top_bid(advice)),
    ]
    if realistic is not None:
        played, played_for = None, None
        if isinstance(realistic, RealisticAnalysis):
            played, played_for = (realistic.deals, realistic.worlds), realistic.played_for
        parts.append(
            Text(realistic_footer(realistic.source, played=played, played_for=played_for), style="dim")
        )
    return Group(*parts)


def _specials_table(advice: BidAdvice, realistic: bool) -> Table:
    """The special contracts the hand may bid now; ``realistic``: their double-dummy odds
    beside the realistic ones the advice weighs (in the ladder's order: the odds, their
    interval, then the double-dummy odds)."""
    specials = Table(title="Special contracts", box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
    interval = interval_header(rung.how for rung in advice.specials)
    columns = ("bid", "contract", "makes", interval, *(("(DD)",) if realistic else ()), "exp. marks")
    for column in columns:  # the figures never wrap: in a narrow terminal the note wraps instead
        specials.add_column(column, justify="left" if column == "contract" else "right", no_wrap=True)
    nello = advice.analysis.nello_doubles
    notes = nello is not None and any(rung.contract is Contract.NELLO for rung in advice.specials)
    if notes:
        specials.add_column("")
    for rung in advice.specials:
        chosen = rung.contract is advice.contract and rung.bid == advice.bid
        double_dummy = (percent(rung.make_double_dummy),) if realistic else ()
        note = f"doubles {nello.label}" if nello is not None and rung.contract is Contract.NELLO else ""
        specials.add_row(
            str(rung.bid),
            contract_name(rung.contract),
            odds_against(rung.make, advice.confidence),
            f"{percent(rung.make_ci95.low)}-{percent(rung.make_ci95.high)}",
            *double_dummy,
            signed(rung.expected_marks),
            *((Text(note, style="dim"),) if notes else ()),
            style="reverse bold" if chosen else ("" if rung.makes else "dim"),
        )
    return specials


def _ladder_note(advice: BidAdvice) -> str:
    made = (
        "'exp. marks': the expected marks, the bid's marks x (2 x odds - 1). A bid counts as made "
        f"at {percent(advice.confidence)}."
    )
    if advice.analysis.realistic is None:
        return (
            "'makes' is the best trump's odds on the main sample, 'check' on an independent one of as many "
            f"deals, drawn the same way (as precise, its intervals as wide); {made}"
        )
    sampled = not advice.analysis.exact
    calibrated = advice.analysis.realistic.source == "calibrated"
    band = f" {band_note(sampled)}" if calibrated else ""
    contract = advice.partner_contract
    if contract is not None:
        band += f" {partner_contract_note(contract.written, played=not calibrated)}"
    return (
        f"'makes' is the best trump's realistic odds, '(DD)' the same bid and trump double-dummy; {made}"
        f"{band}{_specials_note(advice.specials, sampled)}"
    )


def _specials_note(specials: Sequence[SpecialRung], sampled: bool) -> str:
    """How the special contracts' realistic odds were found, by row (nothing without rows)."""
    calibration = f"a calibration fitted to hands played out both ways {band_caption(sampled)}"
    if all(r.how == CALIBRATED for r in specials):
        return (
            f" The special contracts' realistic odds are estimated from their double-dummy ones by "
            f"{calibration}, or played out with --realistic (Nel-O and sevens)."
            if specials
            else ""
        )
    parts = []
    for how, found in (
        (PLAYED_OUT, "played out on the same deals, the players knowing that the bidder chose the contract"),
        (CALIBRATED, f"estimated from the double-dummy odds by {calibration}"),
    ):
        names = " and ".join(dict.fromkeys(contract_name(r.contract) for r in specials if r.how == how))
        if names:
            parts.append(f"{names} {found}")
    return f" The special contracts' realistic odds: {'; '.join(parts)}."
