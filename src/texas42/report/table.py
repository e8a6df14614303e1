"""``texas42 follow`` in words: what happened at the table, entry by entry, and where the
hand ended."""

from __future__ import annotations

from typing import Final

from texas42.analysis.play import bid_decided, contract_set
from texas42.analysis.table import CALLS, TableHand, TableStage
from texas42.report.wording import SEAT_ROLES, capitalized, counted, deals_text
from texas42.rules import Contract, Seat, bid_name, domino_name, marks, special_contract

PLACES: Final = ("1st", "2nd", "3rd", "4th (the shaker)")


def who(seat: Seat) -> str:
    """``you``, ``your partner (seat 2)``."""
    return "you" if seat == 0 else f"your {SEAT_ROLES[seat]} (seat {seat})"


def _doing(seat: Seat, verb: str) -> str:
    """``you call``, ``your partner (seat 2) calls``."""
    return f"{who(seat)} {verb if seat == 0 else verb + 's'}"


def _does(seat: Seat, verb: str) -> str:
    """``You call``, ``Your partner (seat 2) calls``."""
    return capitalized(_doing(seat, verb))


def _verb(table: TableHand) -> str:
    """What the next entry does: call, declare, lead or play."""
    stage = table.stage
    if stage is TableStage.BIDDING:
        return "call"
    if stage is TableStage.DECLARING:
        return "declare"
    return "lead" if not table.history.trick else "play"


def follow_header(table: TableHand, deals: int, seed: int, played: tuple[int, int, int] | None = None) -> str:
    """The first words: the hand, the place and the deals; ``played``: the deals played
    out at a call or declaration and at a play, and the worlds a decision."""
    words = (
        f"You hold {table.hand}, bidding {PLACES[table.place]}. The advice at your turns weighs "
        f"{deals_text(deals)} of the unseen dominoes a question, drawn to fit the calls and plays "
        f"so far (seed {seed})"
    )
    if played is None:
        return words + "."
    contracts, plays, worlds = played
    return (
        f"{words}, and plays your choices out by players who see only their own dominoes "
        f"({deals_text(worlds)} weighed a decision) on {deals_text(contracts)} at a call or declaration "
        f"and {plays:,} at a play."
    )


def prompt(table: TableHand) -> str:
    """What the next line should hold: ``your partner (seat 2) calls> ``."""
    seat = table.to_act
    return "> " if seat is None else f"{_doing(seat, _verb(table))}> "


def entry_lines(before: TableHand, after: TableHand) -> list[str]:
    """What ``after``'s last entry says, and what it ended: the auction, a trick, the hand."""
    stage = before.stage
    seat = before.to_act
    assert seat is not None
    does = _does(seat, _verb(before))
    if stage is TableStage.BIDDING:
        auction = after.auction if len(after.calls) == CALLS else after.bidding
        place = len(after.calls) - 1
        special = None if auction is None else auction.call_contract(place)
        call = after.calls[-1]
        if special is not None and auction is not None:  # by name, with its bid
            call = f"{special.written} ({bid_name(auction.bids[place])})"
        lines = [f"{does} {call}."]
        if len(after.calls) == CALLS:
            lines.append(_auction_end(after))
        return lines
    if stage is TableStage.DECLARING:
        contract = after.contract
        assert contract is not None
        name = contract.written if isinstance(contract, Contract) else contract.label
        return [f"{does} {name}."]
    lines = [f"{does} {domino_name(after.plays[-1])}."]
    history = after.history
    if not history.trick:
        lines.append(_trick_end(before, after))
    if after.stage is TableStage.OVER:
        lines.append(hand_end(after))
    return lines


def _auction_end(table: TableHand) -> str:
    if table.reshuffled:
        return "All four passed: the dominoes are shuffled again, and no hand is played."
    auction = table.auction
    assert auction is not None
    won = table.seat_at(auction.winner)
    partner = auction.partner_contract
    if partner is None:
        declares = "you declare" if won == 0 else "they declare"
        return f"{_does(won, 'win')} the bid at {bid_name(auction.high_bid)}: {declares} and lead."
    high = bid_name(auction.high_bid)
    named = f"{_doing(table.declarer, 'name')} the trump and {'lead' if table.declarer == 0 else 'leads'}"
    return f"{_does(won, 'win')} the bid with a {partner.written} ({high}): {named}."


def _trick_end(before: TableHand, after: TableHand) -> str:
    """``Trick 2 to you (6 points): your team 7 points, the opponents 0.``; at Nel-O and
    sevens, tricks."""
    history = after.history
    number, winner = history.tricks_played, who(history.leader)
    if special_contract(history.play_rules) is not None:
        ours, theirs = history.tricks_won
        return f"Trick {number} to {winner}: your team {counted(ours, 'trick')}, the opponents {theirs}."
    ours, theirs = history.score
    points = ours + theirs - sum(before.history.score)
    return (
        f"Trick {number} to {winner} ({counted(points, 'point')}): your team {counted(ours, 'point')}, "
        f"the opponents {theirs}."
    )


def hand_end(table: TableHand) -> str:
    """How the hand ended: the bid made or set, by what, and who scores its marks."""
    history = table.history
    bidder = table.declarer
    ours = bidder % 2 == 0
    team, has = ("your team", "has") if ours else ("the opponents", "have")
    scored = marks(table.bid)
    contract = special_contract(history.play_rules)
    if contract is not None:
        name = capitalized(contract.written)
        number = contract_set(history)
        if number is None:
            return f"{name} is made: {_made(contract)}. {_for(ours, scored)}"
        return f"{name} is set in trick {number}. {_for(not ours, scored)}"
    decided = bid_decided(history, table.bid)
    assert decided is not None
    if decided.made:
        made = f"The bid of {bid_name(table.bid)} is made: {team} {has} {counted(decided.points, 'point')}."
        return f"{made} {_for(ours, scored)}"
    return (
        f"The bid of {bid_name(table.bid)} is set: {team} {has} {counted(decided.points, 'point')}, and only "
        f"{decided.left} are left. {_for(not ours, scored)}"
    )


def _made(contract: Contract) -> str:
    if contract is Contract.NELLO:
        return "the bidder lost every trick"
    return "the bidder's team took every trick"


def _for(ours: bool, scored: int) -> str:
    """``Your team scores 2 marks.``"""
    return f"{'Your team scores' if ours else 'The opponents score'} {counted(scored, 'mark')}."


def unfinished_line(table: TableHand) -> str:
    """The last words where the entries stop before the hand is over."""
    seat = table.to_act
    assert seat is not None
    trick = f" in trick {table.history.tricks_played + 1}" if table.stage is TableStage.PLAYING else ""
    return f"The entries end here, before the hand is over: next, {_doing(seat, _verb(table))}{trick}."


def review_line(table: TableHand) -> str:
    """The last words of a hand played (or left before its end), before the ``texas42
    review`` command that weighs it."""
    what = "your call, your declaration" if table.declarer == 0 else "your call"
    so_far = "" if table.stage is TableStage.OVER else " so far"
    return f"To weigh {what} and each of your plays{so_far}:"


def review_command(table: TableHand, options: str = "") -> str:
    """The ``texas42 review`` command line of the hand as played, to weigh every play;
    ``options`` (``--seed 1``) last."""
    assert table.contract is not None and table.auction is not None
    tricks = " / ".join(" ".join(domino_name(p.domino) for p in trick) for trick in table.history.tricks())
    bidder = f" --bidder {table.declarer}" if table.declarer else ""
    return (
        f'texas42 review "{table.hand}" --trump {table.contract.label} --auction "{table.auction}"'
        f'{bidder} --tricks "{tricks}"{" " + options if options else ""}'
    )
