"""Where the unseen dominoes that matter lie during play: for each trump and count domino a
seat cannot see, the share of the deals (those its play advice weighs: consistent with the
plays, drawn to fit the auction where given) in which each other seat holds it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from texas42.rules import (
    COUNT,
    TRICK_SIZE,
    Declaration,
    Domino,
    Dominoes,
    Seat,
    dominoes_in,
    rank,
    suit_led,
)


@dataclass(frozen=True)
class Whereabouts:
    """One domino and the share of the deals in which each seat holds it, by table seat
    (None for the seat that asks, which knows it does not)."""

    domino: Domino
    shares: tuple[float | None, ...]


@dataclass(frozen=True)
class Locations:
    """The trumps (strongest first), then the other count dominoes, that ``seat`` cannot
    see and that are still held, with where they lie over ``deals`` deals."""

    seat: Seat
    deals: int
    places: tuple[Whereabouts, ...]


def telling_dominoes(unseen: Dominoes, declaration: Declaration) -> list[Domino]:
    """The trumps among ``unseen``, strongest first, then its other count dominoes (10s
    first)."""
    trumps = [d for d in dominoes_in(unseen) if declaration.trumps >> d & 1]
    trumps.sort(key=lambda d: rank(d, suit_led(d, declaration), declaration), reverse=True)
    counts = [d for d in dominoes_in(unseen) if COUNT[d] and d not in trumps]
    counts.sort(key=lambda d: (COUNT[d], d), reverse=True)
    return trumps + counts


def locate(sample: np.ndarray, weights: np.ndarray | None, seat: Seat, declaration: Declaration) -> Locations:
    """``Locations`` from ``sample``, the dominoes each table seat still holds in each deal
    (n, 4), weighed by ``weights`` (None: equally), for ``seat``."""
    others = [s for s in range(TRICK_SIZE) if s != seat]
    unseen = int(np.bitwise_or.reduce(sample[0, others]))
    total = sample.shape[0] if weights is None else float(weights.sum())
    places = []
    for d in telling_dominoes(unseen, declaration):
        held = (sample >> d) & 1
        counts = held.sum(axis=0) if weights is None else (held * weights[:, None]).sum(axis=0)
        shares = tuple(None if s == seat else float(counts[s]) / total for s in range(TRICK_SIZE))
        places.append(Whereabouts(d, shares))
    return Locations(seat, int(sample.shape[0]), tuple(places))
