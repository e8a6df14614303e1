"""Rich view of the play advice (``analysis.play``): the tricks so far, then each legal
play's expected points, odds of the contract and share of deals where it is best."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from texas42.analysis.locations import Locations
from texas42.analysis.play import PlayAdvice, PlayStats
from texas42.analysis.realistic_play import RealisticPlays
from texas42.report.layout import Fitted
from texas42.report.solve import trick_table
from texas42.report.wording import (
    all_consistent,
    bid_by,
    bidder_side,
    ci_phrase,
    contract_verb,
    deals_text,
    inference_sentence,
    percent,
    percent_range,
    percent_shares,
    play_deals_phrase,
    play_footer,
    play_position_sentence,
    played_heading,
    played_out_footer,
)
from texas42.rules import (
    TOTAL_POINTS,
    Contract,
    Domino,
    PlayHistory,
    TrumpTricks,
    bid_name,
    domino_name,
    points_score,
    trick_points,
)


def play_header(advice: PlayAdvice) -> Text:
    """``Seat 0: 6-6 6-5 ...   sixes, bid 30 by seat 0 (you)``, then what the figures
    stand on."""
    side = bidder_side(advice.seat, advice.bidder)
    inference = advice.inference
    return Text.assemble(
        (f"Seat {advice.seat}: {advice.hand}", "bold"),
        f"   {played_heading(advice.history.play_rules)}, "
        f"{bid_by(advice.bid, advice.bidder, advice.partner_contract)} ({side})\n",
        play_deals_phrase(advice),
        ""
        if inference is None
        else "\n" + inference_sentence(inference, _declared(advice), advice.seat == (advice.bidder + 2) % 4),
    )


def _declared(advice: PlayAdvice) -> Contract | bool:
    """What the inference weighed of the bidder's declaration: nothing when we bid."""
    if advice.bidder == advice.seat:
        return False
    return advice.contract or True


def tricks_table(history: PlayHistory, title: str = "Tricks so far") -> Table:
    """The tricks so far, one row each: who led, each seat's domino, the winner, the
    trick's points and the running score (at Nel-O and sevens, each team's tricks); the
    trick in progress last."""
    points = isinstance(history.play_rules, TrumpTricks)
    out = trick_table(title, points)
    score = [0, 0]
    winners = history.winners()
    for number, plays in enumerate(history.tricks(), start=1):
        cells = [""] * 4
        for play in plays:
            cells[play.seat] = domino_name(play.domino)
        if number > len(winners):
            out.add_row(str(number), str(plays[0].seat), *cells, *[""] * (4 if points else 3))
            continue
        winner = winners[number - 1]
        gained = trick_points(p.domino for p in plays) if points else 1
        score[winner % 2] += gained
        styled = [Text(c, style="bold" if s == winner else "") for s, c in enumerate(cells)]
        won = [str(winner), str(gained)] if points else [str(winner)]
        out.add_row(str(number), str(plays[0].seat), *styled, *won, str(score[0]), str(score[1]))
    return out


def advice_table(
    advice: PlayAdvice, plays: tuple[PlayStats, ...] | None = None, title: str = "Your plays"
) -> Table:
    """One row a legal play, the best first: the team's expected points for the hand, the
    odds of making (or setting) the bid, and the share of deals where it is best (of
    ``plays``: by default the double-dummy ones)."""
    verb = contract_verb(advice.defending)
    bid = bid_name(advice.bid)
    plays = advice.plays if plays is None else plays
    exact = advice.exact and plays is advice.plays
    certain = exact or advice.decided is not None  # the odds of the contract need no interval
    out = Table(
        title=title,
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
    )
    out.add_column("play", no_wrap=True)
    if advice.counts_points:
        out.add_column("points", justify="right", no_wrap=True)
        if not exact:
            out.add_column("95% CI", justify="right", no_wrap=True)
    out.add_column(f"{verb} {bid}", justify="right", no_wrap=True)
    if not certain:
        out.add_column("95% CI", justify="right", no_wrap=True)
    out.add_column("best in", justify="right", no_wrap=True)
    out.add_column("")  # in a narrow terminal the note wraps, not the figures
    for stats in plays:
        chosen = stats is plays[0]
        style = "bold" if chosen else ""
        contract = advice.contract_odds(stats)
        cells: list[RenderableType] = [Text(domino_name(stats.domino), style=style)]
        if stats.expected_points is not None:
            cells.append(Text(f"{stats.expected_points:.1f}", style=style))
        if stats.expected_points_ci95 is not None and not exact:
            ci = stats.expected_points_ci95
            cells.append(f"{ci.low:.1f}-{ci.high:.1f}")
        cells.append(Text(percent(contract), style=style))
        if not certain:
            ci = advice.contract_ci95(stats)
            cells.append(percent_range(ci.low, ci.high))
        cells.append(percent(stats.best_share))
        cells.append(Text(_note(chosen, stats.always_best), style="bold green" if chosen else "green"))
        out.add_row(*cells)
    return out


def _note(chosen: bool, always: bool) -> str:
    if chosen:
        return "best, in every deal" if always else "best"
    return "also best in every deal" if always else ""


def realistic_text(advice: PlayAdvice, played: RealisticPlays) -> Text:
    """The advice with its plays played out, in words: the play advised (``advised``),
    its figures played out and double-dummy, and where the playouts' best and the
    double-dummy best differ, by how much on the same deals."""
    chosen = advice.advised.domino
    mine = next(s for s in played.plays if s.domino == chosen)
    double = advice.advised
    verb = contract_verb(advice.defending)
    bid = bid_name(advice.bid)
    head = Text(f"Play {domino_name(chosen)}", style="bold reverse green")
    points = "" if mine.expected_points is None else f"expects {mine.expected_points:.1f} points and "
    double_points = "" if double.expected_points is None else f"{double.expected_points:.1f} points, "
    whole = all_consistent(double.deals) if advice.exact else f"the {deals_text(double.deals)} of the sample"
    over = "" if double.deals == played.deals else f", over {whole}"
    body = (
        f": played out by players who see only their own dominoes, your team {points}{verb} {bid} in "
        f"{percent(advice.contract_odds(mine))} of the {deals_text(played.deals)}"
        f"{' drawn by their weights' if advice.weights is not None else ''} (double-dummy"
        f"{over}: {double_points}{percent(advice.contract_odds(double))})."
    )
    top, rival = played.best.domino, advice.best.domino
    if top == rival:
        return Text.assemble(head, body)
    if played.same_wins(top, rival):
        body += " " + _same_deals(played, top, rival)
        return Text.assemble(head, body)
    lead, ci = played.lead(top, rival)
    difference = (
        f"{domino_name(top)} won the contract for your team in {percent(lead)} more of them than "
        f"{domino_name(rival)} (95% CI of the difference {_signed_percent(ci.low)} to "
        f"{_signed_percent(ci.high)})"
    )
    if chosen == top:
        other = percent(advice.contract_odds(advice.best))
        body += (
            f" With every hand seen, {domino_name(rival)} would be the choice ({verb} {bid} in {other} "
            f"double-dummy); played out on the same deals, {difference}."
        )
    else:
        body += (
            f" Played out on the same deals, {difference}: within the sampling error, so the advice stays "
            "with the double-dummy choice."
        )
    return Text.assemble(head, body)


def _same_deals(played: RealisticPlays, top: Domino, rival: Domino) -> str:
    """Why the playouts' ``top`` play, winning the contract in exactly the deals where the
    double-dummy best ``rival`` wins it, is not the advice."""
    points = {s.domino: s.expected_points for s in played.plays}
    measure = "the playouts' other measures"
    if points[top] is not None:
        measure = f"points ({points[top]:.1f} against {points[rival]:.1f})"
    return (
        f"Played out, {domino_name(top)} and {domino_name(rival)} won the contract for your team in "
        f"exactly the same deals; {domino_name(top)} ranks first on {measure}, which does not move "
        "the advice from the double-dummy choice: only winning the contract more often does."
    )


def _signed_percent(share: float) -> str:
    """A difference of odds: ``+5%``, ``-2%``."""
    return f"{round(100 * share):+d}%"


def advice_text(advice: PlayAdvice) -> Text:
    """The advice in words: the best play and its figures; if another play expects more
    points, why the best one is still preferred (a safety play), or that the two are
    within the sampling error (not at 42 and the mark bids, where points score nothing)."""
    if advice.realistic is not None:
        return realistic_text(advice, advice.realistic)
    best = advice.best
    verb = contract_verb(advice.defending)
    bid = bid_name(advice.bid)
    odds = f"{percent(advice.contract_odds(best))} of the deals double-dummy{_odds_interval(advice, best)}"
    where = "every deal" if best.always_best else f"{percent(best.best_share)} of the deals"
    head = Text(f"Play {domino_name(best.domino)}", style="bold reverse green")
    if len(advice.plays) == 1:
        head.append(" (your only legal play)", style="bold")
    if best.expected_points is None:
        return Text.assemble(
            head,
            f": your team {verb} {bid} in {odds}; a best play in {where}.",
            _as_good(advice),
        )
    body = (
        f": your team expects {best.expected_points:.1f} of {TOTAL_POINTS} points and {verb} {bid} in "
        f"{odds}; it is a best play in {where}.{_as_good(advice)}"
    )
    most = advice.most_points
    clear = advice.safety is None or advice.safety[1].low > 0
    if (most.points or 0) > (best.points or 0) and (clear or points_score(advice.bid)):
        other = percent(advice.contract_odds(most))
        name, rival = domino_name(best.domino), domino_name(most.domino)
        more = _more_points(most, best)
        if clear:
            body += (
                f" {rival} expects more points ({more}) but {verb} {bid} less often "
                f"({other}): {name} is the safety play, as only "
                f"{'setting' if advice.defending else 'making'} the bid scores marks."
            )
        else:
            body += (
                f" {rival} expects more points ({more}) and {verb} {bid} in {other}: "
                f"the two differ by less than the sampling error, so either play is sound."
            )
    return Text.assemble(head, body)


def _odds_interval(advice: PlayAdvice, stats: PlayStats) -> str:
    """`` (95% CI 52% to 66%)``: the interval of a play's odds for the seat's team, as the
    table gives it (nothing where every consistent deal was solved)."""
    if advice.exact:
        return ""
    return f" ({ci_phrase(advice.contract_ci95(stats))})"


def _more_points(most: PlayStats, best: PlayStats) -> str:
    """``39.6``, the expected points of the play with the most; ``39.01 against 38.96``
    where the two would read the same to one decimal."""
    assert most.expected_points is not None and best.expected_points is not None  # a trump hand
    if f"{most.expected_points:.1f}" != f"{best.expected_points:.1f}":
        return f"{most.expected_points:.1f}"
    return f"{most.expected_points:.2f} against {best.expected_points:.2f}"


def _as_good(advice: PlayAdvice) -> str:
    """`` 3-3 and 2-1 are as good: best in every deal too.`` where other plays are (or,
    where the best is not best everywhere, have its very figures)."""
    best = advice.best
    if best.always_best:
        equal, why = [s for s in advice.plays[1:] if s.always_best], "best in every deal too"
    else:
        same = (best.points, best.made, best.best)
        equal, why = [s for s in advice.plays[1:] if (s.points, s.made, s.best) == same], "the same figures"
    if not equal:
        return ""
    names = [domino_name(s.domino) for s in equal]
    named = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f" {named} {'is' if len(names) == 1 else 'are'} as good: {why}."


def locations_table(locations: Locations, bidder: int, partner_contract: Contract | None = None) -> Table:
    """Where the trumps and count dominoes the seat cannot see lie: for each, the share of
    the deals in which each other seat holds it (the partner's and bidder's columns marked;
    at a plunge or a splash, ``partner_contract``, the player who bid it and ``bidder``,
    its partner, who named trump)."""
    seat = locations.seat
    out = Table(
        title="Who holds the unseen trumps and count",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
    )
    out.add_column("domino")
    others = [s for s in range(len(locations.places[0].shares)) if s != seat]
    roles = {bidder: " (bidder)"}
    if partner_contract is not None:
        roles = {bidder: " (named trump)", (bidder + 2) % 4: f" (bid {partner_contract.label})"}
    roles[(seat + 2) % 4] = " (partner)"
    for other in others:
        out.add_column(f"seat {other}{roles.get(other, '')}", justify="right")
    for place in locations.places:
        shares = [share for other in others if (share := place.shares[other]) is not None]
        out.add_row(domino_name(place.domino), *percent_shares(shares))  # each row adds up to 100%
    return out


def play_view(advice: PlayAdvice) -> RenderableType:
    """The whole ``texas42 play`` report."""
    contract = None if advice.counts_points else advice.played_at
    inferred = advice.inference is not None
    parts: list[RenderableType] = [play_header(advice)]
    if advice.history.plays:
        parts.append(Fitted(tricks_table(advice.history)))
    parts += [
        Text(play_position_sentence(advice)),
        Fitted(advice_table(advice)),
    ]
    played = advice.realistic
    if played is not None:
        parts.append(
            Fitted(advice_table(advice, played.plays, "Played out, each seat seeing only its own dominoes"))
        )
    parts.append(advice_text(advice))
    locations = advice.locations()
    if locations is not None and locations.places:
        note = (
            "The share of the deals above in which each seat holds each trump and count domino you "
            "cannot see."
        )
        table = locations_table(locations, advice.bidder, advice.partner_contract)
        parts += [Text(""), Fitted(table), Text(note, style="dim")]
    parts += [
        Text(""),
        Text(
            play_footer(advice.deals, advice.seed, advice.exact, inferred, contract, played is not None),
            style="dim",
        ),
    ]
    if played is not None:
        weighted = advice.weights is not None
        parts.append(
            Text(played_out_footer(played.deals, played.worlds, contract, weighted=weighted), style="dim")
        )
    return Group(*parts)
