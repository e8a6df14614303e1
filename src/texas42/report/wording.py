"""The words of texas42's reports: percentages, names, and the reasons of an advice.

The JSON documents and the Rich views both take their English from here."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from texas42.analysis import BidAdvice, ErrorBands, LadderRung, RealisticAnalysis, SpecialOdds, SpecialRung
from texas42.analysis.bidding import PARTNER_MARGIN
from texas42.analysis.play import PlayAdvice
from texas42.analysis.specials import CALIBRATED, PLAYED_OUT, SOLVED
from texas42.analysis.statistics import Interval, widest_wilson_reach
from texas42.deal import DealConstraints, Inference, describe, silenced_by
from texas42.deal.inference import Call, ruled_calls
from texas42.evaluate import REALISTIC
from texas42.rules import (
    MARK,
    PASS,
    Auction,
    Contract,
    FinishedAuction,
    Hand,
    NelloTricks,
    Seat,
    TrickRules,
    bid_name,
    domino_name,
    doubles_needed,
    marks,
)

PARTNER_TRUMP_RULE: Final = (
    "the partner names the pip suit in which they hold the most dominoes, preferring one "
    "whose double they hold, then the higher pip; never doubles or follow-me"
)
"""The stated rule by which the plunger's partner names trump (``rules.partner_trump``)."""


def signed(value: float) -> str:
    """``+0.25``, ``-1.83``: two decimals with a sign, never ``-0.00`` (a value that rounds
    to nothing has no sign to show)."""
    return f"{round(value, 2) + 0.0:+.2f}"


def capitalized(words: str) -> str:
    """``words`` with its first letter a capital, the rest as it is (``str.capitalize``
    would lower "Nel-O")."""
    return words[:1].upper() + words[1:]


def specials_caption(partner_ending: str | None) -> str:
    """What makes each special contract, under a table of them; with ``partner_ending``
    (the table has plunge or splash), the partner's rule too, the sentence closed by it."""
    caption = (
        "Made: Nel-O when you lose every trick, your partner sitting out; the others when your team "
        "takes all 7 tricks."
    )
    if partner_ending is not None:
        caption += (
            " Plunge and splash: your partner names trump by a rule that sees only their hand "
            f"({PARTNER_TRUMP_RULE}){partner_ending}"
        )
    return caption


def raised_specials_note(specials: Sequence[SpecialOdds]) -> str:
    """Why a table's contracts bid above their least are (sevens, or Nel-O at the
    house's 1 mark, at 84): '' when none is."""
    names = [contract_name(s.contract) for s in specials if s.marks > s.least_marks]
    if not names:
        return ""
    which = " and ".join(names)
    return (
        f" {which[0].upper()}{which[1:]} at 84, not 42: made more than half the time, "
        f"{'it expects' if len(names) == 1 else 'they expect'} more marks there."
    )


def band_phrase(ends: str, sampled: bool = True) -> str:
    """``95% band 44% to 58%, calibration and sampling error`` (``statistics.widened``), or
    unless ``sampled`` (every deal counted, or no deal: the quick model) ``the
    calibration's 95% band 44% to 58%``; ``ends``: ``44% to 58%``."""
    return (
        f"95% band {ends}, calibration and sampling error"
        if sampled
        else f"the calibration's 95% band {ends}"
    )


def band_note(sampled: bool = True) -> str:
    """What a '95% band' column holds."""
    if sampled:
        return "'95% band': the calibration's error band, widened by the double-dummy sampling error."
    return "'95% band': the calibration's error band (every deal counted: no sampling error)."


def band_caption(sampled: bool = True) -> str:
    return "(95% band: its error and the sampling error together)" if sampled else "(its 95% error band)"


def special_odds_phrase(odds: SpecialOdds | SpecialRung, sampled: bool = True) -> str:
    """How often a special contract is made, on what basis: ``makes 12% of the time
    double-dummy (95% CI 10% to 14%)``, ``makes 41% of the playouts (95% CI 38% to 44%;
    double-dummy 12%)`` or ``makes an estimated 41% at a real table (95% band 17% to 65%,
    calibration and sampling error; double-dummy 12%)``, the band the calibration's alone
    unless ``sampled`` (``band_phrase``)."""
    ci = odds.make_ci95
    interval = "" if ci is None else ci_phrase(ci)
    if odds.how == PLAYED_OUT:
        double_dummy = percent(odds.make_double_dummy)
        return f"makes {percent(odds.make)} of the playouts ({interval}; double-dummy {double_dummy})"
    if odds.how == CALIBRATED:
        band = "" if ci is None else f"{band_phrase(f'{percent(ci.low)} to {percent(ci.high)}', sampled)}; "
        return (
            f"makes an estimated {percent(odds.make)} at a real table ({band}double-dummy "
            f"{percent(odds.make_double_dummy)})"
        )
    return f"makes {percent(odds.make)} of the time double-dummy" + (f" ({interval})" if interval else "")


def interval_header(hows: Iterable[str]) -> str:
    """The head of a column of special contracts' intervals found ``hows`` ways: ``95% CI``
    (sampling intervals), ``95% band`` (a calibration's error bands widened by the sampling
    error), or both."""
    kinds = set(hows)
    if kinds == {CALIBRATED}:
        return "95% band"
    return "95% CI/band" if CALIBRATED in kinds else "95% CI"


def realistic_specials_caption(
    realistic: Sequence[SpecialOdds],
    intervals: bool = True,
    advice: bool = True,
    sampled: bool = True,
    played_deals: int | None = None,
) -> str:
    """What a special contracts table's realistic columns hold, by how the odds were
    found (those played out, on ``played_deals`` of the deals); ``intervals``:
    and what its '95%' column holds; ``advice``: that the advice rests on them too."""
    played = " and ".join(contract_name(o.contract) for o in realistic if o.how == PLAYED_OUT)
    calibrated = " and ".join(contract_name(o.contract) for o in realistic if o.how == CALIBRATED)
    parts = []
    if played:
        interval = " (a 95% interval)" if intervals else ""
        on = "the same deals" if played_deals is None else f"{played_deals:,} of the same deals"
        parts.append(
            f"{played} played out on {on}, the players knowing that the bidder chose the contract{interval}"
        )
    if calibrated:
        band = f" {band_caption(sampled)}" if intervals else ""
        which = f"{calibrated} " if played else ""
        parts.append(
            f"{which}estimated from the double-dummy odds by a calibration fitted to hands played out "
            f"both ways{band}"
        )
    return (
        f"'real': the odds when every player sees only their own dominoes, {'; '.join(parts)}. "
        f"'exp. marks'{' and the advice' if advice else ''} rest on them."
    )


def counted(n: int, noun: str) -> str:
    """``1 deal``, ``1,000 deals``: ``n`` (with a thousands separator) and ``noun``, in the
    plural unless ``n`` is 1."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def hands_counted(n: int) -> str:
    """``1 hand``, ``12 hands``."""
    return counted(n, "hand")


def deals_text(n: int) -> str:
    """``1 deal``, ``1,000 deals``."""
    return counted(n, "deal")


def all_consistent(n: int) -> str:
    """``all 1,680 consistent deals``, or ``the only consistent deal``."""
    return "the only consistent deal" if n == 1 else f"all {n:,} consistent deals"


def percent(p: float) -> str:
    """A probability as a short percentage: ``61%``, ``<1%``, ``>99%``, ``0%``, ``100%``."""
    if p <= 0.0:
        return "0%"
    if p >= 1.0:
        return "100%"
    whole = f"{100 * p:.0f}"  # rounds half to even: 0.5% is "0"
    if whole == "0":
        return "<1%"
    if whole == "100":
        return ">99%"
    return f"{whole}%"


def percent_shares(shares: Sequence[float]) -> list[str]:
    """Shares that add up to 1 as whole percents that add up to 100 (the largest
    remainders rounded up: ``13% 21% 66%``, not ``13% 22% 66%``), ``<1%`` and ``>99%``
    kept for shares that round to 0 or 100 but are not."""
    exact = [100 * share for share in shares]
    whole = [math.floor(x) for x in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: (whole[i] - exact[i], i))
    for i in by_remainder[: max(0, round(sum(exact)) - sum(whole))]:
        whole[i] += 1
    return [_whole_percent(share, w) for share, w in zip(shares, whole, strict=True)]


def _whole_percent(share: float, whole: int) -> str:
    """``share`` shown as ``whole`` percent, as ``percent`` would show it."""
    if share <= 0.0:
        return "0%"
    if share >= 1.0:
        return "100%"
    return "<1%" if whole == 0 else ">99%" if whole == 100 else f"{whole}%"


def bid_heading(bid: int) -> str:
    """A bid as the odds tables head it: ``42/84`` for 42, which needs all 42 points as
    84 does."""
    return "42/84" if bid == MARK else str(bid)


def odds_against(p: float, threshold: float) -> str:
    """``percent(p)`` beside the ``threshold`` at which a bid counts as made: odds below it
    that would round to it say so (``<50%``, not ``50%``, for 49.9%)."""
    shown = percent(p)
    return f"<{shown}" if p < threshold and shown == percent(threshold) else shown


def ci_phrase(ci: Interval) -> str:
    """``95% CI 44% to 58%``: the 95% interval of odds, as the sentences give it."""
    return f"95% CI {percent(ci.low)} to {percent(ci.high)}"


def percent_range(low: float, high: float) -> str:
    """An interval of probabilities, ``94-100%``, in whole percents: a bound that would
    round to certainty without being certain says so (``>99-100%``, not ``100-100%``;
    ``0-<1%``, not ``0-0%``)."""
    return f"{interval_bounds(low, high)}%"


def interval_bounds(low: float, high: float) -> str:
    """``percent_range`` without its sign: ``94-100``, ``>99-100``, ``0-<1``."""
    bottom = ">99" if low < 1.0 and round(100 * low) == 100 else f"{100 * low:.0f}"
    top = "<1" if high > 0.0 and round(100 * high) == 0 else f"{100 * high:.0f}"
    return f"{bottom}-{top}"


def seat_name(seat: Seat) -> str:
    """``seat 0``..``seat 3``."""
    return f"seat {seat}"


def contract_name(contract: Contract) -> str:
    """How players write the contract: ``Nel-O``, ``sevens``, ``plunge``, ``splash``."""
    return contract.written


def _rung(rung: LadderRung) -> str:
    return f"{rung.bid} with {rung.declaration.label}"


def _odds(advice: BidAdvice, p: float, of_the_time: bool = False, ci: Interval | None = None) -> str:
    """Odds ``p`` of the advice's ladder, on its basis: ``52% double-dummy`` (or ``52% of
    the time double-dummy``), ``an estimated 52% at a real table`` or ``52% of the
    playouts``, with the interval ``ci`` where given (``_interval``); odds just short of
    the advice's threshold read ``<50%``."""
    realistic = advice.analysis.realistic
    shown = odds_against(p, advice.confidence)
    if realistic is None:
        odds = f"{shown}{' of the time' if of_the_time else ''} double-dummy"
    elif isinstance(realistic, RealisticAnalysis):
        odds = f"in {shown} of the playouts" if of_the_time else f"{shown} of the playouts"
    else:
        odds = f"an estimated {shown}{' of the time' if of_the_time else ''} at a real table"
    return odds if ci is None else f"{odds} ({_interval(advice, ci)})"


def _interval(advice: BidAdvice, ci: Interval) -> str:
    """``95% CI 44% to 58%``, or for calibrated odds their band (``band_phrase``)."""
    if ladder_interval(advice) == "band":
        return band_phrase(f"{percent(ci.low)} to {percent(ci.high)}", not advice.analysis.exact)
    return ci_phrase(ci)


def advice_reason(advice: BidAdvice) -> str:
    """The one-sentence reason for an advice, from the rule that decided it."""
    return _REASONS.get(advice.rule, _open_reason)(advice)


def _advised_rung(advice: BidAdvice) -> LadderRung:
    """The ladder's rung of the trump bid advised, which the rules that advise one have."""
    chosen = advice.chosen
    assert chosen is not None
    return chosen


def _forced_reason(advice: BidAdvice) -> str:
    chosen = _advised_rung(advice)
    why = "" if advice.made else f", though no bid makes the {percent(advice.confidence)} needed"
    return (
        f"all three passed, so the shaker must bid at least 30{why}: {_rung(chosen)} makes "
        f"{_odds(advice, chosen.make, ci=chosen.make_ci95)}, expected marks "
        f"{signed(chosen.expected_marks)}."
    )


def _cannot_make_reason(advice: BidAdvice) -> str:
    high = advice.auction.high_bid
    what = "any bid" if high == PASS else f"a bid over {high}"
    cheapest = advice.ladder[0]
    return (
        f"this hand does not make {what} often enough: its best, {_rung(cheapest)}, makes "
        f"{_odds(advice, cheapest.make)} ({percent(advice.confidence)} needed)."
    )


def _partner_contract_reason(advice: BidAdvice) -> str:
    shown, contract = advice.ladder[0], advice.partner_contract
    assert contract is not None
    return (
        f"partner's {contract.written} ({advice.auction.high_bid}) holds the bid: you name its trump and "
        "lead, and a higher bid would only raise the stakes of the same contract. Name "
        f"{shown.declaration.label}: your team takes all 7 tricks with it "
        f"{_odds(advice, shown.make, True, shown.make_ci95)}.{_partner_trump_caution(advice, shown)}"
    )


def _partner_holds_reason(advice: BidAdvice) -> str:
    assert advice.most is not None
    high = advice.auction.high_bid
    if high >= MARK:
        more = "no bid worth more marks."
    elif high + PARTNER_MARGIN < MARK:
        more = f"not {high + PARTNER_MARGIN} or a mark bid."
    else:  # a bid that much higher would be a mark bid: only one would do
        more = "not a mark bid."
    return (
        f"partner holds the high bid {high}; outbid a partner only with a much stronger hand, "
        f"and this one makes {advice.most.bid} ({_odds(advice, advice.most.make)}), {more}"
    )


def _outbid_partner_reason(advice: BidAdvice) -> str:
    chosen = _advised_rung(advice)
    return (
        f"this hand is much stronger than partner's {advice.auction.high_bid}: it makes {_rung(chosen)} "
        f"{_odds(advice, chosen.make, True, chosen.make_ci95)}."
    )


def _shaker_reason(advice: BidAdvice) -> str:
    chosen = _advised_rung(advice)
    why = _shaker_why(advice, chosen)
    odds = _odds(advice, chosen.make, ci=chosen.make_ci95)
    return f"as the shaker, {_rung(chosen)} is {why}; it makes {odds}."


def _open_reason(advice: BidAdvice) -> str:
    chosen = _advised_rung(advice)
    high = advice.auction.high_bid
    over = "" if high == PASS else f", over the high bid {high}"
    return (
        f"{_rung(chosen)} is the most this hand makes at least {percent(advice.confidence)} of the time "
        f"({_odds(advice, chosen.make)}; {_interval(advice, chosen.make_ci95)}){over}; each player bids "
        "once, so bid it now."
    )


def surer_bid_note(advice: BidAdvice) -> str:
    """A lower bid that expects clearly more marks than the advice's (``BidAdvice.surer``),
    and why the advice does not bid it (else nothing)."""
    surer, chosen = advice.surer, advice.chosen
    if surer is None or chosen is None:
        return ""
    return (
        f" {_rung(surer)} is surer ({percent(surer.make)}; {signed(surer.expected_marks)} expected "
        f"marks against {signed(chosen.expected_marks)} if it wins the bid), but leaves the others room "
        "to outbid it."
    )


def mark_bid_caution(advice: BidAdvice) -> str:
    """A mark bid that is a close call (``BidAdvice.close_call``): why (else nothing)."""
    better, chosen = advice.close_call, advice.chosen
    if better is None or chosen is None:
        return ""
    return (
        f" A close call at {marks_count(marks(advice.bid))}: "
        f"{_below_the_line(ladder_interval(advice), advice.confidence)}"
        f", and {_rung(better)} expects more marks ({signed(better.expected_marks)} against "
        f"{signed(chosen.expected_marks)})."
    )


def ladder_interval(advice: BidAdvice) -> str:
    """What the bid ladder's interval is: ``band`` for calibrated odds (the calibration's
    error and the sampling error), ``CI`` for sampled ones (double-dummy, or played out)."""
    realistic = advice.analysis.realistic
    return "band" if realistic is not None and realistic.source == "calibrated" else "CI"


def _below_the_line(interval: str, confidence: float) -> str:
    """``its 95% band reaches below 50%``: a close call's reason (``interval``: band or CI)."""
    return f"its 95% {interval} reaches below {percent(confidence)}"


def _partner_trump_caution(advice: BidAdvice, shown: LadderRung) -> str:
    """That the calibration is an approximation where another trump makes the partner's
    contract more often double-dummy (``BidAdvice.double_dummy_better``), else nothing."""
    better, contract = advice.double_dummy_better, advice.partner_contract
    if better is None or contract is None:
        return ""
    bid = advice.auction.high_bid
    return partner_calibration_caution(
        better.declaration.label, better.make(bid), shown.make_double_dummy, contract
    )


def partner_calibration_caution(
    better: str, better_make: float, chosen_make: float, contract: Contract
) -> str:
    """`` But doubles makes it more often double-dummy (100% against 90%): ...``: the trump
    ``better`` beats the calibrated choice double-dummy at a partner's plunge or splash,
    where the calibration is an approximation."""
    return (
        f" But {better} makes it more often double-dummy ({percent(better_make)} against "
        f"{percent(chosen_make)}): at a partner's {contract.written} the calibration is an approximation "
        "(--realistic plays the leading trumps out)."
    )


def _shaker_why(advice: BidAdvice, chosen: LadderRung) -> str:
    high = advice.auction.high_bid
    if advice.auction.partner_holds:
        over = f"partner's {high}, a much weaker hand"
    else:
        over = "three passes" if high == PASS else f"{high}"
    least = advice.made[0]
    if chosen is least:
        return f"the least bid that wins over {over}"
    return (
        f"worth {marks(chosen.bid)} marks, it expects more ({signed(chosen.expected_marks)}) than "
        f"the least bid that wins over {over}, {least.bid} ({signed(least.expected_marks)})"
    )


def marks_count(n: int) -> str:
    """``1 mark``, ``2 marks``."""
    return counted(n, "mark")


def _special_reason(advice: BidAdvice) -> str:
    assert advice.contract is not None and advice.replaces is not None
    instead = advice.replaces
    trump = instead.declaration
    alternative = (
        "passing"
        if instead.passes or trump is None
        else f"{instead.bid} with {trump.label} ({signed(instead.expected_marks)})"
    )
    rung = next(r for r in advice.specials if r.contract is advice.contract and r.bid == advice.bid)
    solved = f"makes {percent(rung.make)} of the time double-dummy"
    odds = solved if rung.how == SOLVED else special_odds_phrase(rung)
    close = ""
    if rung.make < advice.confidence:  # the best there is, where a bid is forced
        under = percent(advice.confidence)
        close = f" It makes under {under}, where a bid counts as made: the least bad bid here."
    elif rung.make_ci95.low < advice.confidence:
        interval = "band" if rung.how == CALIBRATED else "CI"
        close = f" A close call: {_below_the_line(interval, advice.confidence)}, where a bid counts as made."
    return (
        f"{contract_name(advice.contract)} for {marks_count(marks(advice.bid))} ({advice.bid}) {odds}, "
        f"expected marks {signed(advice.expected_marks)}, more than {alternative}.{close}"
    )


_REASONS: Final[dict[str, Callable[[BidAdvice], str]]] = {
    "special": _special_reason,
    "forced": _forced_reason,
    "cannot-make": _cannot_make_reason,
    "partner-contract": _partner_contract_reason,
    "partner-holds": _partner_holds_reason,
    "outbid-partner": _outbid_partner_reason,
    "shaker": _shaker_reason,
}
"""The reason's sentence for each rule of ``BidAdvice.rule``; any other (``open``): ``_open_reason``."""


RACED_OUT: Final = "once it clearly could not be the answer"
"""When racing stops a trump in ``analyze``, ``bid`` and ``declare``."""
RACED_IN_ORDER: Final = "once its order by expected points against every other trump was clear"
"""When racing stops a trump in ``compare``."""


def repeat_note(seed: int, exact: bool, played_out: bool = False) -> str:
    """How to get the same figures again: the seed, unless every consistent deal was solved
    and nothing was played out (the playouts' worlds are drawn from the seed)."""
    if not exact:
        return f"Repeat with --seed={seed}."
    if played_out:
        return f"Every consistent deal is counted; the playouts draw their worlds from --seed {seed}."
    return "Every consistent deal is counted: no seed is involved."


def mark_bids(top_bid: int) -> str:
    """The mark bids up to ``top_bid``, as a footer names them: ``42 and 84``, or with a
    ladder that reaches 126, ``42, 84 and 126``."""
    marks = [42, *range(84, max(top_bid, 84) + 1, 42)]
    return ", ".join(str(m) for m in marks[:-1]) + f" and {marks[-1]}"


def odds_footer(
    deals: int,
    seed: int,
    exact: bool = False,
    fewest: int | None = None,
    stopped: str = RACED_OUT,
    played_out: bool = False,
    most: int | None = None,
    top_bid: int = 84,
) -> str:
    """The sentence that says what the odds mean and how far they may be off (``top_bid``:
    the highest bid whose odds are shown, 84 unless a ladder climbs past it); ``fewest``:
    the deals of the trump racing stopped first (``stopped``), if any stands on fewer;
    ``most``: the deals of the trump that got the most, where racing stopped every trump
    (``compare``); ``played_out``: whether playouts (drawn from ``seed``) are shown too."""
    raced = fewest is not None and fewest < deals
    most = deals if most is None else most
    which = (
        f"the {deals_text(deals)} (the first of them where 'deals' says fewer: racing stopped that trump "
        f"{stopped}; --exhaustive solves every trump on every deal)"
        if raced
        else f"the {deals_text(deals)}"
    )
    again = repeat_note(seed, exact, played_out)
    if not exact:
        on = "" if most == deals else f" on {deals_text(most)}"
        fewer = (
            f" (±{odds_margin(fewest)} on {deals_text(fewest)})"
            if raced and fewest is not None and fewest < most
            else ""
        )
        again = (
            f"Their 95% intervals reach at most ±{odds_margin(most)} percentage points either "
            f"side{on}{fewer}, less near 0% and 100%. {again}"
        )
    return (
        f"Odds are the share of {which} in which the bidder's team (seats 0 and 2) takes at "
        "least the bid when every seat plays perfectly and sees all hands (double-dummy); "
        f"{mark_bids(top_bid)} need all 42 points. {again}"
    )


def error_band_phrase(bands: ErrorBands) -> str:
    """The calibration's error band, in words: "95% error band is 2% to 9% either side,
    widest at odds above 90%"."""
    least, most = percent(min(bands.widths)), percent(max(bands.widths))
    return f"95% error band is {least} to {most} either side, widest {_widest(bands)}"


def _widest(bands: ErrorBands) -> str:
    """Where the error band is widest: "at odds above 90%", "at odds from 30% to 70%"."""
    i = bands.widths.index(max(bands.widths))
    if i == len(bands.widths) - 1:
        return f"at odds above {percent(bands.edges[i])}"
    if i == 0:
        return f"at odds under {percent(bands.edges[1])}"
    return f"at odds from {percent(bands.edges[i])} to {percent(bands.edges[i + 1])}"


def points_reach(mean: float, ci: Interval) -> str:
    """``±0.5``: how far the 95% interval of expected points reaches from ``mean``, on its
    wider side (an interval cut at 0 or 42 points is lopsided)."""
    return f"±{max(ci.high - mean, mean - ci.low):.1f}"


def odds_margin(deals: int) -> str:
    """How far the 95% interval of any odds on ``deals`` deals reaches from them at most,
    in points of percentage rounded up to a tenth (``3.1`` on 1,000 deals, ``7.0`` on 200)."""
    return f"{math.ceil(1000 * widest_wilson_reach(deals)) / 10:.1f}"


DOUBLE_DUMMY_SUMMARY_NOTE: Final = (
    "makes and points: the bid's odds on the main sample and the expected points of the bidder's "
    "team (seats 0 and 2); check: the same bid and trump's odds on an independent sample of as "
    "many deals."
)
"""What a double-dummy summary's columns hold (``realistic_summary_footer`` says it of a
realistic one; ``odds_footer`` follows, what odds are)."""


def realistic_summary_footer(deals: int, seed: int, played: tuple[int, int] | None = None) -> str:
    """What a summary's figures mean when they rest on realistic odds (``odds_footer`` on
    double-dummy ones): estimated from the double-dummy figures, or ``played`` out (the
    deals played out and the worlds a decision)."""
    if played is None:
        source = (
            f"from the {deals_text(deals)} of each hand solved double-dummy (every seat playing perfectly "
            "and seeing all hands)"
        )
        band = "where the odds may lie, the calibration's error and the sampling error together"
    else:
        source = f"played out on {min(played[0], deals):,} of the {deals_text(deals)} of each hand"
        band = "the playouts' 95% interval (their sampling error)"
    return (
        "makes and points: the bid's odds and the expected points of the bidder's team (seats 0 "
        f"and 2) at a real table (realistic odds, below), {source}; 42 and 84 need all 42 "
        f"points. 95% band: {band}. Repeat with --seed={seed}."
    )


def realistic_footer(
    source: str, advice: bool = True, played: tuple[int, int] | None = None, played_for: int | None = None
) -> str:
    """What the realistic odds are and how they were obtained (``"calibrated"`` or
    ``"playouts"``); ``advice``: that the advice rests on them; ``played``: the deals
    played out and the worlds a decision, where nothing else says them; ``played_for``:
    the bid both sides played for, where the odds of other bids come from that play."""
    how = (
        "estimated from the double-dummy odds by a calibration fitted to playouts of random hands"
        if source == "calibrated"
        else "the share of the playouts made"
    )
    if played is not None:
        how += f" (on {played[0]} of the deals, {played[1]} worlds a decision)"
    if played_for is not None:
        how += f", every bid's from the play for {played_for}"
    rests = (
        " The advice rests on them; --basis double-dummy rests it on the double-dummy odds." if advice else ""
    )
    return (
        "Realistic odds: play by players who see only their own dominoes, each choosing by the deals "
        f"consistent with what it has seen (perfect-information Monte Carlo); {how}.{rests}"
    )


SEAT_ROLES: Final = {1: "left opponent", 2: "partner", 3: "right opponent"}


def deals_phrase(deals: int, seed: int, exact: bool = False, constrained: bool = False) -> str:
    """What the figures stand on: ``1,000 deals of the 21 unseen dominoes, seed 7``, or
    with constraints ``1,000 deals consistent with the constraints, seed 7`` or ``all
    1,680 consistent deals: exact``."""
    if exact:
        return f"{all_consistent(deals)}: exact"
    if constrained:
        return f"{deals_text(deals)} consistent with the constraints, seed {seed}"
    return f"{deals_text(deals)} of the 21 unseen dominoes, seed {seed}"


def drawn_from_fewer(inference: Inference | None, deals: int) -> str | None:
    """``1,000 deals drawn to fit the auction from the 72 consistent with the constraints``
    where fewer deals are consistent with the constraints than were drawn (so some come
    more than once), else None."""
    if inference is None or inference.consistent is None or inference.consistent >= deals:
        return None
    consistent = inference.consistent
    fit = f"drawn to fit the auction from the {consistent:,} consistent with the constraints"
    return f"{deals_text(deals)} {fit}"


def uniform_deals_note(auction: Auction | FinishedAuction) -> str:
    """What the deals are where an auction was given but not listened to (``--infer
    none``): ``Deals uniform: the auction 30 pass is not listened to (--infer none).``;
    after a plunge or a splash, ``..., but by the rules the plunger (seat 2) holds 4
    doubles or more.``"""
    ruled = _ruled_holders(auction, "holds")
    rules = f", but by the rules {' and '.join(ruled)}" if ruled else ""
    return f"Deals uniform: the auction {auction} is not listened to (--infer none){rules}."


def ruled_phrase(auction: Auction | FinishedAuction | None) -> str:
    """``, the plunger (seat 2) holding 4 doubles or more``: the rule deals not drawn to fit
    ``auction`` keep of its plunge or splash (``--infer none``); nothing without one."""
    return "" if auction is None else "".join(f", {h}" for h in _ruled_holders(auction, "holding"))


def _ruled_holders(auction: Auction | FinishedAuction, verb: str) -> list[str]:
    """``the plunger (seat 2) holds 4 doubles or more`` (``verb``) for each plunge or
    splash of ``auction``."""
    return [
        f"{_doubles_holder(contract, c.seat)} {verb} {c.doubles} doubles or more"
        for c, contract in ruled_calls(auction)
    ]


def inference_sentence(inference: Inference, declared: Contract | bool = False, ours: bool = False) -> str:
    """``Deals consistent with the auction: pass 30 31; acceptance 23% of 8,700 candidates
    ...`` (``deal.inference``); ``declared``: the bidder's choice of trump weighed too
    (True), or their choice of a special contract (Nel-O, sevens); at a plunge or a
    splash, ``ours``: the hand of the player who bid it is ours, not weighed."""
    basis = "realistic" if inference.head == REALISTIC else "double-dummy"
    specials = " (Nel-O and sevens: the quick model's double-dummy odds)" if inference.specials else ""
    contract = inference.partner_contract
    if contract is not None:
        odds = f"{basis} odds{specials}"
        return _partner_contract_sentence(inference, contract, bool(declared), ours, odds)
    rules = "bid by the rules of 'bid'"
    if isinstance(declared, Contract):
        rules += (
            f" and the bidder bid {declared.written} at even odds or better, its odds the quick "
            "model's double-dummy estimate; the bids"
        )
    elif declared:
        rules += " and the bidder chose trump,"
    doubles = _special_calls(inference.auction)
    return (
        f"{_fitting(inference)} (the others {rules} on the evaluator's {basis} odds{specials}, noise "
        f"{inference.noise:g}{doubles}; --infer none: uniform deals)."
    )


def _fitting(inference: Inference) -> str:
    """``Deals consistent with the auction: 30 pass pass pass; acceptance 23% of 8,700
    candidates`` (``estimated from`` them where each stands for more or fewer uniform
    ones: ``Inference.uniform``), or where every consistent deal was weighed, ``Deals weighed by the
    auction: ...; each of the 700 consistent with the plays counts in proportion to its
    likelihood, 23% on average``."""
    if inference.weighed:
        return (
            f"Deals weighed by the auction: {inference.auction}; each of the {inference.candidates:,} "
            f"consistent with the plays counts in proportion to its likelihood, "
            f"{share(inference.acceptance)} on average"
        )
    if inference.uniform is not None:
        drawn_by = "" if inference.drawn_by is None else f", {_drawn_by(inference.drawn_by)}"
        return (
            f"Deals consistent with the auction: {inference.auction}; acceptance "
            f"{share(inference.acceptance)} (estimated from {inference.candidates:,} candidates{drawn_by})"
        )
    return (
        f"Deals consistent with the auction: {inference.auction}; acceptance "
        f"{share(inference.acceptance)} of {inference.candidates:,} candidates"
    )


def _drawn_by(call: Call) -> str:
    """``your partner's hand drawn by its chance of bidding 33``: how the hand of the first
    call was drawn by (``Inference.drawn_by``)."""
    role = f"your {SEAT_ROLES[call.seat]}"
    if call.doubles:
        return f"{role}'s hand drawn among those with {call.doubles} doubles or more"
    chance = "passing" if call.bid == PASS else f"bidding {bid_name(call.bid)}"
    return f"{role}'s hand drawn by its chance of {chance}"


def _special_calls(auction: Auction | FinishedAuction, but: int | None = None) -> str:
    """``; the splash says only that its bidder holds 3 doubles or more`` for each plunge
    or splash among the calls (but the one at place ``but``), then the passes that say
    nothing (``deal.inference.silenced_by``), if any; else nothing."""
    places = range(len(auction.bids))
    said = [
        f"the {c.written} says only that its bidder holds {doubles_needed(c)} doubles or more"
        for place in places
        if place != but and (c := auction.call_contract(place))
    ]
    silent = {silenced_by(auction, place) for place in places}
    if Contract.PLUNGE in silent:
        said.append("a pass after a plunge says nothing")
    if Contract.SPLASH in silent:
        said.append("the splasher's partner's pass after a splash says nothing")
    return "".join(f"; {phrase}" for phrase in dict.fromkeys(said))


def played_heading(rules: TrickRules) -> str:
    """What a hand is played at, as a heading says it: ``sixes``, ``sevens``, and Nel-O
    with how its doubles play (``Nel-O (doubles high)``): the plays legal depend on it."""
    if isinstance(rules, NelloTricks):
        return f"{rules.label} (doubles {rules.doubles.label})"
    return rules.label


def bid_by(bid: int, bidder: Seat, partner_contract: Contract | None = None) -> str:
    """``bid 34 by seat 0``; at a plunge or a splash, ``plunge (168) by seat 2, trump named
    by seat 0`` (the hand's bidder, who leads, named it)."""
    if partner_contract is not None:
        player = (bidder + 2) % 4
        return f"{partner_contract.written} ({bid_name(bid)}) by seat {player}, trump named by seat {bidder}"
    return f"bid {bid_name(bid)} by seat {bidder}"


def _partner_contract_sentence(
    inference: Inference, contract: Contract, named: bool, ours: bool, odds: str
) -> str:
    """``inference_sentence`` at a plunge or a splash: the doubles of the player who bid
    it and the partner's choice of trump (unless they are ours), the other calls, and
    the passes that say nothing."""
    player = "plunger" if contract is Contract.PLUNGE else "splasher"
    weighed = [] if ours else [f"the {player} holds {doubles_needed(contract)} doubles or more"]
    if named:
        weighed.append(f"the partner who leads named trump by the rule ({PARTNER_TRUMP_RULE}; 1% slips)")
    calls = "any pass before the plunge" if contract is Contract.PLUNGE else "the other calls"
    auction = inference.auction
    others = _special_calls(auction, but=auction.winner if isinstance(auction, FinishedAuction) else None)
    weighed.append(
        f"{calls} by the rules of 'bid' on the evaluator's {odds}, noise {inference.noise:g}{others}"
    )
    return f"{_fitting(inference)} ({'; '.join(weighed)}; --infer none: uniform deals)."


def uniform_sentence(advice: BidAdvice) -> str:
    """``Without the auction: 32 with fours makes 64% of 1,000 uniform deals double-dummy
    (analyze's independent sample; 70% of the deals that fit it).``: like with like,
    whatever the basis of the advice; uniform deals are those ``analyze`` checks its
    advice on at the same seed (``uniform_check``). It
    names what the odds are of where that is not the advised bid: the trump bid a special
    contract replaces, the cheapest bid for a pass (replaced or not), and under a
    partner's plunge or splash (``BidAdvice.partner_contract``) the partner's contract,
    made as the cheapest bid over it would be, by all 42 points."""
    odds = advice.uniform
    assert odds is not None  # only advice drawn to fit an auction has a line on uniform deals
    drawn = "deals that fit --holds/--lacks alone" if odds.constrained else "uniform deals"
    bid = f"{odds.bid} with {odds.declaration.label}"
    partner_contract = advice.partner_contract
    if partner_contract is not None:
        bid = f"your partner's {partner_contract.written} with {odds.declaration.label}"
    elif advice.rule == "special" and advice.contract is not None:
        special = contract_name(advice.contract)
        if advice.replaces is not None and advice.replaces.passes:
            bid = f"the cheapest bid, {bid} ({special} replaces a pass),"
        else:
            bid = f"the trump bid {special} replaces, {bid},"
    elif advice.passes:
        bid = f"the cheapest bid, {bid},"
    unlike = ""
    if partner_contract is not None and not odds.constrained:
        unlike = f", in most of which your partner lacks the doubles a {partner_contract.written} needs"
    sample = "" if odds.constrained else "analyze's independent sample; "
    return (
        f"Without the auction: {bid} makes {percent(odds.make)} of {odds.deals:,} {drawn} double-dummy"
        f"{unlike} ({sample}{percent(odds.inferred)} of the deals that fit it)."
    )


def share(p: float) -> str:
    """A share (an acceptance rate): whole percents from 10% (``23%``), else two
    significant digits (``1.5%``, ``0.082%``)."""
    return f"{100 * p:.0f}%" if p >= 0.1 or p == 0.0 else f"{100 * p:.2g}%"


def constraints_sentence(constraints: DealConstraints, hand: Hand) -> str:
    """``Given: seat 2 (partner) holds 6-6 5-5; seat 1 (left opponent) holds none of 6-5 ...``."""
    described = describe(constraints, hand)
    parts = [
        f"seat {seat} ({SEAT_ROLES[int(seat)]}) {'holds' if key == 'holds' else 'holds none of'} "
        + " ".join(names)
        for key in ("holds", "lacks")
        for seat, names in sorted(described[key].items())
    ]
    return "Given: " + "; ".join(parts) + "." if parts else "Given: no constraint."


# --- Play advice --------------------------------------------------------------

_ORDINALS: Final = ("lead", "play second", "play third", "play last")


def bidder_side(seat: int, bidder: int) -> str:
    """Who bid, as ``seat`` sees it: ``you``, ``your partner`` or ``the opponents``."""
    if seat == bidder:
        return "you"
    return "your partner" if seat % 2 == bidder % 2 else "the opponents"


def contract_verb(defending: bool) -> str:
    """``makes`` for the bidder's team, ``sets`` for the defenders."""
    return "sets" if defending else "makes"


def play_deals_phrase(advice: PlayAdvice) -> str:
    """What the play advice stands on: ``1,000 deals consistent with the plays, seed 7``,
    before any play ``1,000 deals of the 21 unseen dominoes, seed 7``, or ``all 90
    consistent deals: exact`` (with an auction, each weighed by its likelihood); drawn
    ``to fit the auction`` when so, saying how many are distinct when some repeat, of how
    many consistent with the plays."""
    deals, seed, inference = advice.deals, advice.seed, advice.inference
    if advice.exact and inference is not None:
        worth = "" if advice.effective_deals is None else f", worth {advice.effective_deals:,.0f} equal ones"
        return f"{all_consistent(deals)}, each weighed by how likely it makes the auction{worth}: exact"
    ruled = partner_contract_rule(advice) if inference is None else ""
    if advice.exact:
        return f"{all_consistent(deals)}{ruled}: exact"
    fit = ruled if inference is None else ", drawn to fit the auction"
    if inference is not None and advice.repeats:
        of = (
            ""
            if inference.consistent is None
            else f" of the {inference.consistent:,} consistent with the plays"
        )
        distinct = f"({advice.distinct_deals:,} distinct{of}), seed {seed}"
        return f"{deals_text(deals)} drawn to fit the auction {distinct}"
    if advice.history.plays:
        return f"{deals_text(deals)} consistent with the plays{fit}, seed {seed}"
    return f"{deals_text(deals)} of the 21 unseen dominoes{fit}, seed {seed}"


def partner_contract_rule(advice: PlayAdvice) -> str:
    """``, the plunger (seat 0) holding 4 doubles or more`` after a plunge or splash
    (the rule its deals keep without a model of the calls), else nothing."""
    contract = advice.partner_contract
    if contract is None:
        return ""
    holder = _doubles_holder(contract, (advice.history.bidder + 2) % 4)
    return f", {holder} holding {doubles_needed(contract)} doubles or more"


def _doubles_holder(contract: Contract, seat: int) -> str:
    """``the plunger (seat 2)``: who holds the doubles a plunge or a splash needs."""
    return f"the {'plunger' if contract is Contract.PLUNGE else 'splasher'} (seat {seat})"


def play_position_sentence(advice: PlayAdvice) -> str:
    """``Trick 3: seat 2 led 4-4, seat 3 played 4-1; you play third, holding 6-5 5-5.
    Points so far: your team (0+2) 12, the opponents (1+3) 5.``"""
    history = advice.history
    number = history.tricks_played + 1
    players = history.play_rules.players(history.leader)
    plays = [
        f"seat {seat} {'led' if i == 0 else 'played'} {domino_name(d)}"
        for i, (seat, d) in enumerate(zip(players, history.trick, strict=False))
    ]
    before = ", ".join(plays) + "; " if plays else ""
    team = advice.seat % 2
    score = history.score if advice.counts_points else history.tricks_won
    ours, theirs = score[team], score[1 - team]
    mine, other = ("0+2", "1+3") if team == 0 else ("1+3", "0+2")
    return (
        f"Trick {number}: {before}you {_ORDINALS[len(history.trick)]}, holding {advice.held}. "
        f"{'Points' if advice.counts_points else 'Tricks'} so far: your team ({mine}) {ours}, "
        f"the opponents ({other}) {theirs}.{_decided_sentence(advice)}"
    )


def _decided_sentence(advice: PlayAdvice) -> str:
    """`` The bid of 30 is already made: ...``, or nothing while it is open."""
    decided = advice.decided
    if decided is None:
        return ""
    needs = f"{decided.needed} needed; the plays now differ in points only."
    team = f"the bidder's team has {counted(decided.points, 'point')}"
    if decided.made:
        return f" The bid of {advice.bid} is already made: {team}, {needs}"
    return f" The bid of {advice.bid} can no longer be made: {team} and {decided.left} are left, {needs}"


_CONTRACT_MADE = {
    "Nel-O": "the bidder loses every trick (the partner sitting out)",
    "sevens": "the bidder's team takes every trick",
}


PER_PLAY: Final = (
    "A play's figures hold for that play in every deal: the double-dummy odds of analyze and declare "
    "let the best play be chosen deal by deal, so they tend to run higher (on deals of their own: "
    "their sampling error either way)."
)


def play_footer(
    deals: int,
    seed: int,
    exact: bool,
    inferred: bool = False,
    contract: str | None = None,
    played_out: bool = False,
) -> str:
    """The sentence that says what the play advice's figures mean (``contract``: Nel-O
    or sevens, where only the contract counts; ``played_out``: playouts shown too)."""
    again = f"{PER_PLAY} {repeat_note(seed, exact, played_out)}"
    drawn = ""
    if inferred:
        how = "each weighed by" if exact else "drawn in proportion to"
        drawn = f", {how} the likelihood of the auction"
    if contract is not None:
        shown_out = "" if contract == "sevens" else " (a seat that did not follow suit holds none of it)"
        return (
            f"Makes/sets: of the {deals_text(deals)} of the unseen dominoes consistent with the plays"
            f"{shown_out}{drawn}, the share in which {_CONTRACT_MADE[contract]}, or "
            "fails to, when every seat plays perfectly and sees all hands (double-dummy). Best in: the share "
            f"in which no other play does better for your team. {again}"
        )
    return (
        "Points: your team's for the whole hand, the points already taken plus the rest when every seat "
        "plays perfectly and sees all hands (double-dummy), over the "
        f"{deals_text(deals)} of the unseen dominoes consistent with the plays (a seat that did "
        f"not follow suit holds none of it){drawn}. Makes/sets: the share of those deals in which the "
        "bidder's team makes the bid, or fails to. Best in: the share in which no other play takes more "
        "points. "
        f"{again}"
    )


def played_out_footer(
    deals: int, worlds: int, contract: str | None = None, reviewing: bool = False, weighted: bool = False
) -> str:
    """What the figures of the plays played out (``play --realistic``; ``reviewing``:
    ``review --realistic``) mean; ``weighted``: the deals played out were drawn from
    deals weighed by the auction (``realistic_play.played_deals``), some perhaps twice."""
    ends = "until a trick decides the contract" if contract is not None else "to the end"
    after = "at each turn, after each of your legal plays" if reviewing else "after each of your plays"
    rests = (
        "Best: the play 'texas42 play --realistic' would have advised: the double-dummy best, unless the "
        "play that won the contract for your team in the most of them did so more often beyond the sampling "
        "error."
        if reviewing
        else "Best in: the share of those deals in which no other play ended better. The advice takes "
        "the playouts' best over the double-dummy one when it won the contract more often beyond the "
        "sampling error (the paired 95% interval of the difference above 0)."
    )
    return (
        f"Played out: {after}, the hand played {ends} on {deals:,} "
        + ("deals drawn from those by their weights" if weighted else "of those deals")
        + " (the same deals for every play) by players who see only their own dominoes, you included: "
        f"at each turn the seat to play weighs {deals_text(worlds)} consistent with what it has "
        "seen and plays what makes the bid (or sets it) in the most of them (perfect-information Monte "
        f"Carlo). {rests}"
        + (
            f" At {contract} the players know that the bidder chose it: each weighs the bidder's possible "
            "hands by their chance of bidding it (on the quick model's double-dummy odds)."
            if contract is not None
            else ""
        )
    )


def quick_phrase(version: str, hands: int, realistic_hands: int = 0) -> str:
    """What the quick figures are: ``estimated by the quick model (fitted to 1,224
    double-dummy analyses and the playouts of 4,800 hands; version 2)``."""
    playouts = f" and the playouts of {realistic_hands:,} hands" if realistic_hands else ""
    fitted = f"fitted to {hands:,} double-dummy analyses{playouts}"
    return f"estimated by the quick model ({fitted}; version {version})"


QUICK_ERROR: Final = (
    "On hands it was not fitted to, its double-dummy odds are off by 3 percentage points on average, "
    "and at some bid by 14 or more on one hand in twenty."
)
"""How far the quick model's odds are from an analysis' (the README's figures: the mean
absolute error of every trump's odds, and the 95th percentile over held-out hands of the
best trump's error at the hand's worst bid)."""


def quick_footer(realistic: bool, specials: bool = True, bands: ErrorBands | None = None) -> str:
    """The sentence that says what the quick odds are, and are not; ``specials``: whether
    the special contracts were estimated; ``bands``: the error bands of the calibration
    that maps the realistic estimates, where they are shown."""
    band = (
        ""
        if bands is None
        else f" The calibration's {error_band_phrase(bands)}, before the error of the double-dummy "
        "estimates it maps."
    )
    basis = (
        "and realistic play (its double-dummy estimates mapped by the calibration of 'analyze'); the "
        "advice rests on realistic play"
        if realistic
        else "only (--basis double-dummy)"
    )
    calibrated = (
        ", then calibrated to realistic play by fits to hands played out both ways" if realistic else ""
    )
    special = (
        "Nel-O, sevens, plunge and splash are estimated double-dummy, by networks and a table fitted "
        f"to solved deals{calibrated}."
        if specials
        else "The special contracts are not estimated (--no-specials)."
    )
    return (
        "Estimates, not analyses: a model fitted to full analyses of random hands predicts in a "
        "millisecond what 'texas42 analyze' computes from solved deals, for double-dummy play "
        f"{basis}. Odds are the estimated share of deals in which the bidder's team (seats 0 and 2) "
        f"takes at least the bid; 42 and 84 need all 42 points. {QUICK_ERROR}{band} {special} Run 'texas42 "
        "analyze' for the figures themselves."
    )


def partner_contract_note(written: str, played: bool = False) -> str:
    """Why the trumps' calibrated odds are rough at a partner's plunge or splash
    (``written``), and, ``played`` out, that the advice rests on the playouts instead."""
    fitted = "was fitted to hands that bid for themselves, not to a partner holding the doubles"
    if played:
        return (
            f"At a partner's {written} the advice rests on the playouts: the trumps' calibration "
            f"{fitted}, and misjudges such hands by as much as 52 points of percentage."
        )
    return (
        f"At a partner's {written} the trumps' calibration is an approximation: it {fitted} "
        "(--realistic plays the leading trumps out)."
    )


def points_column_note(exact: bool) -> str:
    """What the 'points' column of the double-dummy table holds."""
    spread = "" if exact else ", ± the wider side of their 95% interval"
    return f"'points': the expected points of the bidder's team{spread}."
