"""Rich view of the declaration to make once the bid is won."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis import DeclarationAdvice, DeclarationChoice, PlayedChoices
from texas42.report.bidding import reading_note, reading_table
from texas42.report.hand import hand_header
from texas42.report.layout import Fitted
from texas42.report.wording import (
    band_note,
    band_phrase,
    contract_name,
    deals_text,
    partner_calibration_caution,
    partner_contract_note,
    percent,
    points_reach,
    realistic_footer,
    repeat_note,
    signed,
    uniform_deals_note,
)
from texas42.rules import MARK, Contract, Declaration, bid_name, marks


def _interval(choice: DeclarationChoice, realistic: bool, joined: str = "-") -> str:
    """The band (``realistic``) or interval of a choice's odds, as a table shows it
    (``45%-61%``) or, ``joined`` " to ", as a sentence says it."""
    band = choice.realistic_ci95 if realistic else choice.make_ci95
    return "" if band is None else f"{percent(band.low)}{joined}{percent(band.high)}"


def _points(choice: DeclarationChoice, exact: bool = False) -> str:
    """A trump's expected points, ± their 95% interval's reach (none where every deal was
    solved); nothing at Nel-O and sevens."""
    mean, ci = choice.expected_points, choice.expected_points_ci95
    if mean is None:
        return ""
    return f"{mean:.1f}" + ("" if exact or ci is None else points_reach(mean, ci))


def _calibrated(advice: DeclarationAdvice) -> bool:
    """Whether the choices carry the calibration's estimates (the realistic basis)."""
    return advice.choices[0].realistic is not None


def choices_table(advice: DeclarationAdvice) -> Table:
    """Every declaration open to the bidder, the best odds first on the advice's basis."""
    calibrated = _calibrated(advice)
    bid = bid_name(advice.bid)
    out = Table(box=box.SIMPLE_HEAD)
    out.add_column("declare", no_wrap=True)
    out.add_column("deals", justify="right")
    out.add_column("points", justify="right")
    out.add_column(f"DD {bid}", justify="right")
    out.add_column("95% CI", justify="right", no_wrap=True)
    if calibrated:
        out.add_column(f"real {bid}", justify="right")
        out.add_column("95% band", justify="right", no_wrap=True)
    for choice in sorted(advice.choices, key=lambda c: (c.weighed, c.odds), reverse=True):
        row = [choice_name(choice), f"{choice.deals:,}", _points(choice, advice.exact), percent(choice.make)]
        row.append(_interval(choice, False))
        if choice.realistic is not None:
            real = percent(choice.realistic)
            row += [real if choice.weighed else f"({real})", _interval(choice, True)]
        advised = advice.played is None and choice.declaration == advice.advised.declaration
        out.add_row(*row, style="bold" if advised else "")
    return out


def played_table(advice: DeclarationAdvice, played: PlayedChoices) -> Table:
    """The declarations played out, the most made first."""
    bid = bid_name(advice.bid)
    title = (
        f"Played out on {played.deals} of the deals by players who see only their own dominoes "
        f"({played.worlds} worlds a decision), playing for {bid}"
    )
    out = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    out.add_column("declare", no_wrap=True)
    out.add_column("points", justify="right")
    out.add_column(f"real {bid}", justify="right")
    out.add_column("95% CI", justify="right", no_wrap=True)
    for choice in sorted(played.choices, key=lambda c: c.make, reverse=True):
        style = "bold" if choice is advice.advised else ""
        cells = (choice_name(choice), _points(choice), percent(choice.make), _interval(choice, False))
        out.add_row(*cells, style=style)
    return out


def made_phrase(declaration: Declaration | Contract, bid: int) -> str:
    """What making ``bid`` takes under ``declaration``."""
    if declaration is Contract.NELLO:
        return "you lose every trick, your partner sitting out"
    if declaration is Contract.SEVENS:
        return "your team takes every trick"
    return "your team takes all 42 points" if bid >= MARK else f"your team takes at least {bid} points"


def choice_name(choice: DeclarationChoice) -> str:
    """``fours``, ``Nel-O``, ``sevens``."""
    declaration = choice.declaration
    return contract_name(declaration) if isinstance(declaration, Contract) else declaration.label


def advice_text(advice: DeclarationAdvice) -> Text:
    """``Declare fours: made (your team takes at least 34 points) in an estimated 40% ...``."""
    chosen = advice.advised
    made = f"made ({made_phrase(chosen.declaration, advice.bid)})"
    if advice.played is not None:
        odds = (
            f"{made} in {percent(chosen.make)} of {chosen.deals:,} playouts "
            f"(95% CI {_interval(chosen, False, ' to ')})"
        )
        basis = "realistic, played out"
    elif chosen.realistic is None:
        interval = "" if advice.exact else f" (95% CI {_interval(chosen, False, ' to ')})"
        odds = f"{made} in {percent(chosen.make)} of the deals double-dummy{interval}"
        basis = "double-dummy"
    else:
        odds = (
            f"{made} in an estimated {percent(chosen.realistic)} of the deals at a real table "
            f"({band_phrase(_interval(chosen, True, ' to '), not advice.exact)}), "
            f"{percent(chosen.make)} double-dummy"
        )
        basis = "realistic, estimated"
    count = marks(advice.bid)
    confirmed = percent(advice.make_confirmed)
    check = (
        ""
        if advice.exact
        else f"; on an independent sample of {deals_text(advice.deals)}, {confirmed} double-dummy"
    )
    return Text.assemble(
        (f"Declare {choice_name(chosen)}", "bold"),
        f": {odds}{check}. Expected marks {signed(advice.expected_marks)} at {bid_name(advice.bid)} "
        f"({count} mark{'s' if count > 1 else ''}). This is the advice ({basis}).{_partner_caution(advice)}",
    )


def _partner_caution(advice: DeclarationAdvice) -> str:
    """That the calibration is an approximation where another declaration makes a partner's
    plunge or splash more often double-dummy (``double_dummy_better``), else nothing."""
    better, contract = advice.double_dummy_better, advice.partner_contract
    if better is None or contract is None:
        return ""
    return partner_calibration_caution(choice_name(better), better.make, advice.advised.make, contract)


def declaration_footer(advice: DeclarationAdvice) -> Text:
    """What the figures mean."""
    raced = any(c.deals < advice.deals for c in advice.choices)
    fewer = (
        " (the first of them where 'deals' says fewer: racing stopped that trump once another clearly "
        "made the bid more often and two others clearly took more points; --exhaustive solves every "
        "trump on every deal)"
        if raced
        else ""
    )
    doubles = f" (doubles {advice.house.nello_doubles.label})"
    specials = "".join(
        f"; at {choice_name(c)}, {made_phrase(c.declaration, advice.bid)}"
        + (doubles if c.declaration is Contract.NELLO else "")
        for c in advice.choices
        if isinstance(c.declaration, Contract)
    )
    reach = "" if advice.exact else ", ± the wider side of their 95% interval"
    if advice.played is not None:
        reach += "; played out, the playouts' mean points ± the wider side of theirs"
    lines = [
        f"DD: the share of the {deals_text(advice.deals)}{fewer} in which the bid is made when every seat "
        f"plays perfectly and sees all hands (double-dummy): at a trump, "
        f"{made_phrase(Declaration.FOLLOW_ME, advice.bid)}{specials}. Points: the trump's expected "
        f"double-dummy points{reach}. " + repeat_note(advice.seed, advice.exact, advice.played is not None)
    ]
    played = advice.played
    if _calibrated(advice):
        lines += _calibrated_notes(advice)
    if played is not None:
        lines.append(realistic_footer("playouts", played=(played.deals, played.worlds)))
    return Text("\n".join(lines), style="dim")


def _calibrated_notes(advice: DeclarationAdvice) -> list[str]:
    """What the calibrated odds are, where they are shown."""
    notes = []
    contract = advice.partner_contract
    if contract is not None:
        notes.append(partner_contract_note(contract.written, played=advice.played is not None))
    if advice.played is None:
        notes.append(realistic_footer("calibrated") + f" 'real': those odds; {band_note(not advice.exact)}")
    else:
        notes.append(
            "'real' in the first table: the realistic odds estimated from the double-dummy odds by a "
            f"calibration fitted to playouts of random hands; {band_note(not advice.exact)}"
        )
    if not all(c.weighed for c in advice.choices):
        notes.append(
            "In parentheses: trumps the calibration was not fitted to for such a hand (it was fitted to "
            "the two with the most expected double-dummy points and the best at the bid): their estimates "
            "reach beyond its hands, and the advice does not weigh them."
        )
    return notes


def declaration_view(advice: DeclarationAdvice) -> RenderableType:
    """The whole report of ``texas42 declare``."""
    header = hand_header(
        advice.hand,
        advice.deals,
        advice.seed,
        exact=advice.exact,
        constraints=advice.constraints,
        inference=advice.inference,
    )
    if advice.auction is not None and advice.inference is None:
        header.append("\n" + uniform_deals_note(advice.auction))
    contract = advice.partner_contract
    if contract is None:
        won = "with no auction given" if advice.auction is None else f"by the auction {advice.auction}"
        header.append(f"\nYou won the bid at {bid_name(advice.bid)} ({won}): what to declare.")
    else:
        header.append(
            f"\nYour partner's {contract.written} ({bid_name(advice.bid)}) won the bid (by the auction "
            f"{advice.auction}): you name the trump and lead, and your team must take every trick."
        )
    tables: list[RenderableType] = [choices_table(advice)]
    if advice.played is not None:
        tables.append(played_table(advice, advice.played))
    reading: list[RenderableType] = []
    if advice.reading is not None:
        reading = [
            Text(),
            Fitted(reading_table(advice.reading)),
            Text(reading_note(advice.reading), style="dim"),
        ]
    return Group(header, *tables, advice_text(advice), *reading, Text(), declaration_footer(advice))
