"""Rich view of a hand reviewed (``analysis.review``): the tricks, then each turn of the
seat, the domino played beside the best play then, and what was given up."""

from __future__ import annotations

from typing import Final

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis.bidding import BidAdvice
from texas42.analysis.declaring import DeclarationAdvice, DeclarationChoice, PlayedChoices
from texas42.analysis.play import PlayAdvice, PlayStats
from texas42.analysis.realistic import RealisticAnalysis
from texas42.analysis.review import PlayReview, TurnReview
from texas42.analysis.statistics import Interval
from texas42.report.bidding import advice_sentence
from texas42.report.declaring import choice_name
from texas42.report.layout import Fitted
from texas42.report.play import tricks_table
from texas42.report.wording import (
    PER_PLAY,
    bid_by,
    bidder_side,
    capitalized,
    contract_name,
    contract_verb,
    counted,
    deals_text,
    odds_margin,
    partner_contract_rule,
    percent,
    played_heading,
    played_out_footer,
    ruled_phrase,
    share,
)
from texas42.rules import bid_name, domino_name


def review_header(review: PlayReview) -> Text:
    """``Seat 0: 6-6 6-5 ...   sixes, bid 34 by seat 0 (you)``, then what each turn
    stands on."""
    side = bidder_side(review.seat, review.bidder)
    inferences = [t.advice.inference for t in review.turns if t.advice.inference is not None]
    if inferences:
        fit = ", drawn to fit the auction"
    else:
        fit = partner_contract_rule(review.turns[0].advice) if review.turns else ""
    header = Text.assemble(
        (f"Seat {review.seat}: {review.hand}", "bold"),
        f"   {played_heading(review.history.play_rules)}, "
        f"{bid_by(review.bid, review.bidder, review.partner_contract)} ({side})\n",
        f"Each of your turns weighed as 'texas42 play' would have then: up to {deals_text(review.deals)} "
        f"consistent with what you had seen{fit}, seed {review.seed}",
    )
    if inferences:
        low, high = (share(f(i.acceptance for i in inferences)) for f in (min, max))
        spread = low if low == high else f"{low} to {high}"
        header.append(
            f"\nDeals consistent with the auction: {inferences[0].auction}, at each turn as 'texas42 play "
            f"--auction' draws them; acceptance {spread} (--infer none: uniform deals)."
            f"{_repeats(review)}"
        )
    return header


def _repeats(review: PlayReview) -> str:
    """`` From trick 5 on, some deals come more than once ...`` where deals drawn to fit
    the auction repeat, from the first turn where some do, and `` From trick 6 on, ...
    weighed ...`` from the first turn where every consistent deal is weighed; else
    nothing."""
    said = ""
    for turn in review.turns:
        trick = turn.advice.history.tricks_played + 1
        if turn.advice.repeats and not said:
            said = f" From trick {trick} on, some deals come more than once (drawn with replacement)."
        if turn.advice.weights is not None:
            return (
                f"{said} From trick {trick} on, every deal consistent with what you had seen is weighed "
                "by its likelihood instead: exact."
            )
    return said


def turns_table(review: PlayReview, title: str = "Your plays") -> Table:
    """One row a turn: the domino played and its figures, the best play then and its
    figures, and the odds of the contract and expected points given up (where they count:
    ``PlayReview.weighs_points``). Each column headed by whose play it is or what it lost."""
    verb = f"{contract_verb(review.defending)} {bid_name(review.bid)}"
    figures = ("pts", verb) if review.counts_points else (verb,)
    out = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)
    out.add_column("\ntrick", justify="right", no_wrap=True)
    deals = _turn_deals(review)
    if deals:
        out.add_column("\ndeals", justify="right", no_wrap=True)
    for whose in ("your", "best"):
        out.add_column(f"{whose}\nplay", no_wrap=True)
        for figure in figures:
            out.add_column(f"{whose}\n{figure}", justify="right", no_wrap=True)
    for lost in ("odds", "pts") if review.weighs_points else ("odds",):
        out.add_column(f"{lost}\nlost", justify="right", no_wrap=True)
    for k, turn in enumerate(review.turns):
        cells = _cells(turn)
        if deals:
            cells.insert(1, deals[k])
        out.add_row(*cells, *[""] * (len(out.columns) - len(cells)))
    if any(turn.beats_best for turn in review.turns):
        out.caption = BETTER_NOTE
        out.caption_justify = "left"
    return out


def _turn_deals(review: PlayReview) -> list[str]:
    """Each turn's deals (``all 90`` where every consistent deal was weighed), where they
    differ from turn to turn or some turn weighed all; else none, the header (or the
    playouts' footer) saying how many."""
    if not any(t.advice.exact for t in review.turns) and len({t.advice.deals for t in review.turns}) == 1:
        return []
    return [f"all {t.advice.deals}" if t.advice.exact else str(t.advice.deals) for t in review.turns]


def _cells(turn: TurnReview) -> list[str | Text]:
    """A turn's row, up to its last cell not blank."""
    advice = turn.advice
    played = [str(turn.trick), domino_name(turn.played), *_figures(advice, turn.chosen)]
    if turn.forced:
        return [*played, "forced"]
    best = [domino_name(turn.best.domino), *_figures(advice, turn.best)]
    if turn.beats_best:
        return [*played, *best, Text("better", style="green")]
    if turn.is_best:
        return [*played, Text("as good", style="green")]
    lost = [_odds_lost(turn) + ("*" if turn.sound else "")]
    points = _shown_points_lost(turn)
    if points is not None:
        lost.append(f"{points / 10:+.1f}")
    return [*played, *best, *[Text(x, style="bold red") for x in lost]]


def _odds_lost(turn: TurnReview) -> str:
    """The odds given up (``_shown_lost``) in whole percents: ``<1%`` when some were
    given up within one percent, ``0%`` when none were."""
    if turn.contract_lost <= 0.0:
        return "0%"
    lost = _shown_lost(turn)
    return f"{lost}%" if lost > 0 else "<1%"


def _shown_lost(turn: TurnReview) -> int:
    """The odds given up, as the difference of the two whole percents the turn's row shows
    (8 beside 62% and 54%, never 7); 0 if none, or within one percent."""
    if turn.contract_lost <= 0.0:
        return 0
    shown = [round(100 * turn.advice.contract_odds(s)) for s in (turn.best, turn.chosen)]
    return max(0, shown[0] - shown[1])


def _shown_points_lost(turn: TurnReview) -> int | None:
    """The expected points given up in tenths, as the difference of the two figures the
    turn's row shows (3 beside 35.5 and 35.2); None where points do not count."""
    best, chosen = turn.best.expected_points, turn.chosen.expected_points
    if turn.points_lost is None or best is None or chosen is None:
        return None
    return _tenths(best) - _tenths(chosen)


def _tenths(points: float) -> int:
    """``points`` in tenths, rounded as ``f"{points:.1f}"`` shows it."""
    return round(10 * float(f"{points:.1f}"))


def _figures(advice: PlayAdvice, stats: PlayStats) -> list[str]:
    """A play's expected points (trump hands only) and odds of the contract for the team."""
    odds = percent(advice.contract_odds(stats))
    return [odds] if stats.expected_points is None else [f"{stats.expected_points:.1f}", odds]


def review_text(review: PlayReview, lost_ci95: Interval | None = None) -> Text:
    """The review in words: how many turns were as good as the best play, and what the
    others gave up, with the 95% intervals of the sums (``lost_ci95``, the odds' on the
    turns' plays played out; double-dummy, the review's own, where a missed turn sampled
    its deals)."""
    played_out = lost_ci95 is not None
    verb = "setting" if review.defending else "making"
    n = len(review.turns)
    missed = review.missed
    good = n - len(missed)
    lead = "Played out, " if played_out else ""
    of_them = _forced_among(sum(turn.forced for turn in review.turns), good)
    if not missed:
        every = {1: "your one turn was", 2: "both your turns were"}.get(n, f"all {n} of your turns were")
        return Text(f"{capitalized(lead + every)} as good as the best play{of_them}.", style="bold green")
    if good == 0:
        none = "your one turn was not" if n == 1 else f"none of your {n} turns was"
        head = f"{capitalized(lead + none)} as good as the best play"
        others = "it" if n == 1 else "they"
    else:
        were = "was" if good == 1 else "were"
        head = f"{lead}{good} of your {n} turns {were} as good as the best play{of_them}"
        others = "the other one" if len(missed) == 1 else f"the other {len(missed)}"
    worth = ""
    if review.points_lost is not None:
        tenths = sum(_shown_points_lost(turn) or 0 for turn in missed)
        points_ci = None if played_out else _sampled(review.points_lost_ci95)
        if tenths > 0:
            worth = f" and {tenths / 10:.1f} expected points{_points_interval(points_ci)}"
        elif tenths < 0:
            more = None if points_ci is None else Interval(-points_ci.high, -points_ci.low)
            worth = f", for {-tenths / 10:.1f} more expected points{_points_interval(more)}"
    if not played_out:
        lost_ci95 = _sampled(review.contract_lost_ci95)
    against = (
        "each turn's plays played out on the same deals"
        if played_out
        else "each turn against the deals consistent with what you had seen then"
    )
    body = (
        f"; {others} gave up {_percentage_points(review)} of the odds of {verb} "
        f"{bid_name(review.bid)}{_interval(lost_ci95)}{worth}, summed over those turns ({against})."
    )
    return Text(head + body, style="bold")


def _forced_among(forced: int, good: int) -> str:
    """How many of the ``good`` turns had one legal play: `` (2 of them forced)``."""
    if forced == 0:
        return ""
    if good == 1:
        return " (a forced one)"
    if forced == good:
        return " (both forced)" if good == 2 else " (all forced)"
    return f" ({forced} of them forced)"


def _percentage_points(review: PlayReview) -> str:
    """The odds the missed turns gave up, the sum of their rows' (``12 percentage
    points``); ``less than 1 percentage point`` if some were given up, each turn's within
    one percent."""
    whole = sum(_shown_lost(turn) for turn in review.missed)
    if whole == 0 and review.contract_lost > 0:
        return "less than 1 percentage point"
    return counted(whole, "percentage point")


def _interval(ci: Interval | None) -> str:
    """`` (95% CI -2% to +8%, within the sampling error)`` of the odds given up played out."""
    if ci is None:
        return ""
    within = ", within the sampling error" if ci.low <= 0 else ""
    return f" (95% CI {100 * ci.low:+.0f}% to {100 * ci.high:+.0f}%{within})"


def _sampled(ci: Interval | None) -> Interval | None:
    """``ci``, where it has a width: none where every missed turn weighed every consistent
    deal, its figure exact."""
    return None if ci is None or ci.low == ci.high else ci


def _points_interval(ci: Interval | None) -> str:
    """`` (95% CI +1.9 to +2.5)`` of expected points, as ``_interval`` words the odds'."""
    if ci is None:
        return ""
    within = ", within the sampling error" if ci.low <= 0 else ""
    return f" (95% CI {ci.low:+.1f} to {ci.high:+.1f}{within})"


def _weighed_how(played: PlayedChoices | RealisticAnalysis | None) -> str:
    """Where the call or declaration was ``played`` out (with the turns, on the realistic
    basis, or unasked, as a partner's plunge or splash is), how; else nothing."""
    if played is None:
        return ""
    return f"; played out on {deals_text(played.deals)}, {deals_text(played.worlds)} weighed a decision"


def declaration_text(review: PlayReview) -> Text | None:
    """Your declaration beside what ``texas42 declare`` advises, when it was weighed (and
    played out, with the turns, on the realistic basis)."""
    declared = review.declared
    if declared is None:
        return None
    played = declared.played
    chosen, advised = declared.choice(review.declared_as), declared.advised
    if played is not None:
        chosen = next((c for c in played.choices if c.declaration == chosen.declaration), chosen)
    bid = bid_name(declared.bid)
    fit = (
        "drawn to fit the auction"
        if declared.inference is not None
        else "of the unseen dominoes" + ruled_phrase(declared.ruled_by)
    )
    how = _weighed_how(played)
    on = f" Declarations weighed on {deals_text(declared.deals)} {fit}, seed {declared.seed}{how}."
    yours = f"Your declaration, {choice_name(chosen)}"
    if chosen.declaration == advised.declaration:
        return Text(
            f"{yours}, is the one 'texas42 declare' advises at {bid}: made in "
            f"{_declared_odds(declared, chosen)}.{on}",
            style="bold green",
        )
    advised_odds = _declared_odds(declared, advised)
    advises = f"'texas42 declare' advises {choice_name(advised)}, made in {advised_odds}"
    if played is not None and chosen not in played.choices:
        return Text(
            f"{yours}, makes {bid} in {_declared_odds(declared, chosen)}; it was not among the "
            f"declarations played out (the leading trumps, Nel-O and sevens); {advises}.{on}"
        )
    if not chosen.weighed:
        return Text(
            f"{yours}, makes {bid} in {_declared_odds(declared, chosen)}, an estimate beyond the hands "
            f"the calibration was fitted to; {advises}.{on}"
        )
    estimated = "an estimated " if chosen.realistic is not None else ""
    return Text(
        f"{yours}, makes {bid} in {_declared_odds(declared, chosen)}; {advises}: {estimated}"
        f"{percent(advised.odds - chosen.odds)} of the odds of making the bid given up before the first "
        f"lead.{on}"
    )


def call_text(review: PlayReview) -> Text | None:
    """Your call in the auction beside what ``texas42 bid`` advises then, when it was
    weighed: the advice's sentence, and where you bid otherwise, your bid's odds on the
    same basis (not its expected marks: a bid scores only if it wins the auction, which
    the advice's rules weigh and the marks do not)."""
    advice, call = review.called, review.call
    if advice is None or call is None:
        return None
    after = f"after {advice.auction}" if advice.auction.bids else "as the first to bid"
    analysis = advice.analysis
    fit = (
        "drawn to fit the calls before yours"
        if analysis.inference
        else "of the unseen dominoes" + ruled_phrase(analysis.ruled_by)
    )
    realistic = analysis.realistic
    played = realistic if isinstance(realistic, RealisticAnalysis) else None
    how = _weighed_how(played)
    on = f" Calls weighed on {deals_text(analysis.deals)} {fit}, seed {analysis.seed}{how}."
    called_as = review.call_contract
    written = bid_name(call) if called_as is None else f"{called_as.written} ({bid_name(call)})"
    yours = f"Your call, {written}"
    if call == advice.bid and (called_as is None or called_as is advice.contract):
        head = Text(f"{yours}, is the one 'texas42 bid' advises {after}: ", style="bold green")
        return Text.assemble(head, advice_sentence(advice), on)
    worth = _call_odds(review, advice, call, written)
    head = Text(f"{yours}; 'texas42 bid' advises {after}: ", style="bold")
    return Text.assemble(head, advice_sentence(advice), worth, on)


def _call_odds(review: PlayReview, advice: BidAdvice, call: int, written: str) -> str:
    """What your call, not the one advised, is made in on the advice's odds: a plunge or
    splash at its own odds (nothing where it was not open then); a bid you played at Nel-O
    or sevens at that contract's, whose odds do not depend on the bid; else with the trump
    the ladder names for it."""
    if review.call_contract is not None:
        called = next(
            (r for r in advice.specials if r.contract is review.call_contract and r.bid == call), None
        )
        return (
            "" if called is None else f" On the same odds your {written} is made in {percent(called.make)}."
        )
    special = next((r for r in advice.specials if r.contract is review.contract), None)
    if special is not None and review.seat == review.bidder:
        odds, contract = percent(special.make), contract_name(special.contract)
        return f" On the same odds your {written}, played at {contract}, is made in {odds}."
    rung = next((r for r in advice.ladder if r.bid == call), None)
    if rung is None:
        return ""
    return f" On the same odds your {written} is made in {percent(rung.make)} with {rung.declaration.label}."


def _declared_odds(declared: DeclarationAdvice, choice: DeclarationChoice) -> str:
    """``an estimated 89% of the deals at a real table (99% double-dummy)``; ``71% of the
    playouts`` for a choice played out."""
    if declared.played is not None and choice in declared.played.choices:
        return f"{percent(choice.odds)} of the playouts"
    if choice.realistic is None:
        return f"{percent(choice.make)} of the deals double-dummy"
    real, double_dummy = percent(choice.realistic), percent(choice.make)
    return f"an estimated {real} of the deals at a real table ({double_dummy} double-dummy)"


def points_note(review: PlayReview) -> Text | None:
    """Why expected points do not judge the turns at 42 and the mark bids; None where they
    do, and at Nel-O and sevens (no points)."""
    if review.weighs_points or not review.counts_points:
        return None
    bid, verb = bid_name(review.bid), "setting" if review.defending else "making"
    return Text(
        f"At {bid} the bid is made only by taking every trick (all 42 points), so expected points do not "
        f"count here: a turn is as good as the best play when its odds of {verb} {bid} are the same."
    )


def review_footer(review: PlayReview) -> str:
    if not review.counts_points:
        return (
            "Makes/sets: the share of the deals consistent with what you had seen at that turn in which "
            f"the bidder's side makes {review.played_at} when every seat plays perfectly and sees all hands "
            "(double-dummy), or fails to; best play: the play 'texas42 play --no-realistic' would have "
            "advised (the most deals winning the contract for your team, double-dummy). As good: the same "
            "odds as the best play. Turns after "
            f"a trick set the contract are not weighed. {PER_PLAY}{_margin(review)} Repeat with --seed="
            f"{review.seed}."
        )
    same = "figures" if review.weighs_points else "odds of the contract"
    unweighed = "" if review.weighs_points else " Turns after a trick set the bid are not weighed."
    return (
        "Pts: your team's expected points for the whole hand, the points already taken plus the "
        "rest when every seat plays perfectly and sees all hands (double-dummy), over the deals "
        "consistent with what you had seen at that turn; makes/sets: the share of them in which the "
        "bidder's team makes the bid, or fails to; best play: the play 'texas42 play' would have advised "
        "(the most deals winning the contract for your team, then the most points). As good: the same "
        f"{same} as the best play.{unweighed} {PER_PLAY}{_margin(review)} Repeat with --seed={review.seed}."
    )


def _margin(review: PlayReview) -> str:
    """How far the odds of the turns weighed on sampled deals may be off (``odds_margin``)."""
    sampled = [turn.advice.deals for turn in review.turns if not turn.advice.exact]
    if not sampled:
        return ""
    fewest = min(sampled)
    return (
        f" The odds' 95% intervals reach at most ±{odds_margin(fewest)} percentage points either side on "
        f"{deals_text(fewest)}, less near 0% and 100%."
    )


BETTER_NOTE: Final = (
    "better: your play did better in the playouts than the best play then, the one 'texas42 play "
    "--realistic' advised (the double-dummy best, unless another play won the contract more often "
    "beyond the sampling error)."
)

SOUND_NOTE: Final = (
    "*: your play expects more points than the best one, and its odds of the contract lie within "
    "the sampling error of the best's (the two on the same deals): 'texas42 play' called either play "
    "sound."
)


def review_view(review: PlayReview) -> RenderableType:
    """The whole ``texas42 review`` report."""
    parts: list[RenderableType] = [
        review_header(review),
        Fitted(tricks_table(review.history, "Tricks")),
        Fitted(turns_table(review)),
        review_text(review),
    ]
    notes = (points_note(review), call_text(review), declaration_text(review))
    parts += [text for text in notes if text is not None]
    played = review.played_out
    if played is not None:
        parts += [
            Fitted(turns_table(played, "Played out, each seat seeing only its own dominoes")),
            review_text(played, review.played_out_lost_ci95),
        ]
    reviews = (review,) if played is None else (review, played)
    if any(turn.sound for r in reviews for turn in r.turns):
        parts.append(Text(SOUND_NOTE, style="dim"))
    parts += [Text(""), Text(review_footer(review), style="dim")]
    first = review.turns[0].advice.realistic
    if first is not None:
        contract = None if review.counts_points else review.played_at
        parts.append(
            Text(
                played_out_footer(
                    first.deals,
                    first.worlds,
                    contract,
                    reviewing=True,
                    weighted=review.turns[0].advice.weights is not None,
                ),
                style="dim",
            )
        )
    return Group(*parts)
