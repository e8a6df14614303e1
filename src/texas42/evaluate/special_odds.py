"""The quick model's special contracts: the double-dummy odds of Nel-O (seat 0 bidding
and leading, under each treatment of doubles), estimated by small networks, and of
sevens, read from a table. numpy only. ``benchmarks/fit_specials.py`` makes the file.

- **Nel-O** is decided by where the hand's dominoes lie within the suits they can be
  made to win: a network sees, for each of the eight suits of the treatment (seven pips
  and, for own-suit doubles, the doubles), which of the suit's dominoes the hand holds
  from the lowest up, how many it holds, and how many dominoes it does not hold lie
  below its highest one; and the number of doubles.
- **Sevens** depends on nothing but each domino's distance from 7 (``rules``), so the
  odds of a hand are those of its profile, the number of its dominoes at each distance:
  one of 1,640, each solved on many deals.
- **Plunge and splash** are one game (the partner names trump by ``rules.partner_trump``
  and leads; the team must take all 42 points): a network sees which dominoes the hand
  holds, how many of each pip suit, its doubles and its count. Fitted to hands with three
  doubles or more, the least that may bid splash.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import IO, Any, Final

import numpy as np

from texas42.errors import EvaluatorError
from texas42.evaluate.features import hand_bits, held_union
from texas42.evaluate.model import check_layers, pad_rows
from texas42.evaluate.shipped import UNREADABLE, read_shipped, reason
from texas42.rules import (
    COUNT,
    DOMINOES,
    DOUBLES,
    HAND_SIZE,
    PIP_DOMINOES,
    PLUNGE_DOUBLES,
    SPLASH_DOUBLES,
    Contract,
    NelloDoubles,
    is_double,
    nello_overtakers,
    nello_rank,
    nello_suit_dominoes,
    sevens_distance,
)

SUITS: Final = 8
"""The seven pip suits and the doubles' own suit (empty unless doubles are their own suit)."""
SEVENS_CLASSES: Final = 8
"""The distances from 7 a domino may lie at: 0..7."""
MODEL_FILE: Final = "special_model.npz"

Layers = tuple[tuple[np.ndarray, np.ndarray], ...]


def suit_order(doubles: NelloDoubles) -> tuple[tuple[int, ...], ...]:
    """Each suit's dominoes, the lowest first, as Nel-O ranks them under ``doubles``."""
    return tuple(
        tuple(
            sorted(
                (d for d in DOMINOES if nello_suit_dominoes(s, doubles) >> d & 1),
                key=lambda d: nello_rank(d, s, doubles),
            )
        )
        for s in range(SUITS)
    )


@cache
def _slots(doubles: NelloDoubles) -> tuple[np.ndarray, np.ndarray]:
    """``(domino, suit)`` of every slot of the suits laid end to end (49 in every treatment)."""
    order = suit_order(doubles)
    dominoes = np.array([d for suit in order for d in suit], dtype=np.intp)
    suits = np.array([s for s, suit in enumerate(order) for _ in suit], dtype=np.intp)
    return dominoes, suits


SLOTS: Final = 49
NELLO_FEATURES: Final = SLOTS + 2 * SUITS + 1
_DOUBLE_BITS: Final = np.array([float(is_double(d)) for d in DOMINOES], dtype=np.float32)


def lost_at_first_lead(masks: np.ndarray, doubles: NelloDoubles) -> np.ndarray:
    """``rules.nello_lost_at_first_lead`` of each hand mask: no domino outside the hand
    beats any of its dominoes led."""
    masks = np.asarray(masks, dtype=np.int64)
    threats = held_union(masks, np.array(nello_overtakers(doubles), dtype=np.int64))
    result: np.ndarray = (masks != 0) & (threats & ~masks == 0)
    return result


def nello_features(masks: np.ndarray, doubles: NelloDoubles) -> np.ndarray:
    """(n, NELLO_FEATURES) float32 for n hand masks: the suits' slots held (lowest first),
    each suit's dominoes held, each suit's dominoes not held below the highest held (0
    where none is held), and the doubles held. Read from the features of the mask's four
    7-bit parts (``_part_features``): the counts add up, the highest place held in each
    suit is the highest of the parts' (exact small integers, whatever the order)."""
    masks = np.asarray(masks, dtype=np.int64).reshape(-1)
    sums, tops = _part_features(doubles)
    parts = [(masks >> (PART_BITS * j)) & PART_VALUES - 1 for j in range(len(sums))]
    out: np.ndarray = sums[0][parts[0]]
    top: np.ndarray = tops[0][parts[0]]
    for j in range(1, len(sums)):
        out += sums[j][parts[j]]
        np.maximum(top, tops[j][parts[j]], out=top)
    out[:, SLOTS + SUITS : SLOTS + 2 * SUITS] = top - out[:, SLOTS : SLOTS + SUITS]
    return out


PART_BITS: Final = 7
PART_VALUES: Final = 1 << PART_BITS


@cache
def _part_features(doubles: NelloDoubles) -> tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...]]:
    """For each 7-bit part j of a mask and each value v of it (the dominoes 7j..7j+6 held
    as v's bits): ``sums[j][v]``, the features of those dominoes alone that add up over
    the parts (the slots held, each suit's count, the doubles), the rest 0; and
    ``tops[j][v]``, each suit's highest place held among them (0: none)."""
    dominoes, suits = _slots(doubles)
    places = np.array([k for suit in suit_order(doubles) for k in range(1, len(suit) + 1)], dtype=np.float32)
    values = np.arange(PART_VALUES, dtype=np.int64)
    sums, tops = [], []
    for j in range(len(DOMINOES) // PART_BITS):
        held = ((values[:, None] << (PART_BITS * j)) >> dominoes.astype(np.int64)) & 1
        part = np.zeros((PART_VALUES, NELLO_FEATURES), dtype=np.float32)
        part[:, :SLOTS] = held
        top = np.zeros((PART_VALUES, SUITS), dtype=np.float32)
        for suit in range(SUITS):
            in_suit = suits == suit
            part[:, SLOTS + suit] = held[:, in_suit].sum(axis=1)
            top[:, suit] = (held[:, in_suit] * places[in_suit]).max(axis=1, initial=0)
        part[:, -1] = np.bitwise_count((values << (PART_BITS * j)) & DOUBLES)
        sums.append(part)
        tops.append(top)
    return tuple(sums), tuple(tops)


_PIP_SUITS: Final = np.array([[float(m >> d & 1) for m in PIP_DOMINOES] for d in DOMINOES], dtype=np.float32)
_COUNTS: Final = np.array([COUNT[d] / 10.0 for d in DOMINOES], dtype=np.float32)
SPLASH_FEATURES: Final = len(DOMINOES) + 7 + 2


def splash_features(masks: np.ndarray) -> np.ndarray:
    """(n, SPLASH_FEATURES) float32 for n hand masks: the dominoes held, each pip suit's
    dominoes held, the doubles held and the count held (in tens)."""
    bits = hand_bits(np.asarray(masks, dtype=np.int64)).astype(np.float32)
    return np.concatenate(
        (bits, bits @ _PIP_SUITS, (bits @ _DOUBLE_BITS)[:, None], (bits @ _COUNTS)[:, None]), axis=1
    )


_DISTANCE: Final = np.array([sevens_distance(d) for d in DOMINOES], dtype=np.intp)
_AT_DISTANCE: Final = np.array(
    [sum(1 << d for d in DOMINOES if _DISTANCE[d] == k) for k in range(SEVENS_CLASSES)], dtype=np.int64
)
"""The dominoes at each distance from 7."""


def distance_profiles(masks: np.ndarray) -> np.ndarray:
    """The profile key of each hand: sum over distances k of (dominoes at distance k) * 8**k."""
    counts = np.bitwise_count(np.asarray(masks, dtype=np.int64)[:, None] & _AT_DISTANCE).astype(np.int64)
    keys: np.ndarray = counts @ (8 ** np.arange(SEVENS_CLASSES, dtype=np.int64))
    return keys


def profile_hands() -> tuple[np.ndarray, np.ndarray]:
    """One hand of every profile (the lowest-numbered dominoes of each distance) and the
    profiles' keys, in increasing order of key."""
    by_class = [[d for d in DOMINOES if _DISTANCE[d] == k] for k in range(SEVENS_CLASSES)]
    hands = []

    def fill(k: int, left: int, mask: int) -> None:
        if k == SEVENS_CLASSES:
            if not left:
                hands.append(mask)
            return
        for take in range(min(len(by_class[k]), left) + 1):
            fill(k + 1, left - take, mask | sum(1 << d for d in by_class[k][:take]))

    fill(0, HAND_SIZE, 0)
    masks = np.array(hands, dtype=np.int64)
    keys = distance_profiles(masks)
    order = np.argsort(keys)
    return masks[order], keys[order]


@dataclass(frozen=True)
class SpecialModel:
    """Nel-O's networks (an ensemble a treatment of doubles; each member's layers as
    float32 (W, b) pairs, tanh between, a logistic output), sevens' table (profile keys
    in increasing order, the odds of each) and plunge's and splash's networks (one
    ensemble). ``info``: how they were fitted."""

    nello: dict[NelloDoubles, tuple[Layers, ...]]
    sevens_keys: np.ndarray
    sevens_odds: np.ndarray
    info: dict[str, Any]
    splash: tuple[Layers, ...] = ()
    _valued: dict[NelloDoubles, np.ndarray] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Nel-O's odds of the hands of 7 dominoes valued so far, by ``hand_ranks`` (NaN:
    not yet), a table a treatment of doubles: the playouts' worlds weigh the same
    bidder's hands again and again (a fifth of them new in 200 playouts of a hand)."""

    def nello_odds(self, masks: np.ndarray, doubles: NelloDoubles = NelloDoubles.OWN_SUIT) -> np.ndarray:
        """Estimated double-dummy odds that seat 0, bidding and leading, makes Nel-O (0
        where the rules settle that its first lead takes a trick,
        ``rules.nello_lost_at_first_lead``); a hand's odds do not depend on the hands
        valued with it or before it."""
        doubles = NelloDoubles(doubles)
        masks = np.asarray(masks, dtype=np.int64).reshape(-1)
        if masks.size == 0 or np.any(np.bitwise_count(masks) != HAND_SIZE):
            return self._nello_estimates(masks, doubles)
        table = self._valued.get(doubles)
        if table is None:
            table = self._valued.setdefault(doubles, np.full(math.comb(len(DOMINOES), HAND_SIZE), np.nan))
        ranks = hand_ranks(masks)
        missing = np.isnan(table[ranks])
        if missing.any():
            new, first = np.unique(ranks[missing], return_index=True)
            hands = masks[missing][first]
            table[new] = self._nello_estimates(hands, doubles)
        result: np.ndarray = table[ranks]
        return result

    def _nello_estimates(self, masks: np.ndarray, doubles: NelloDoubles) -> np.ndarray:
        odds = _ensemble_odds(self.nello[doubles], nello_features(masks, doubles))
        return np.where(lost_at_first_lead(masks, doubles), 0.0, odds)

    def odds(
        self, masks: np.ndarray, contract: Contract, doubles: NelloDoubles = NelloDoubles.OWN_SUIT
    ) -> np.ndarray:
        """A special contract's estimated double-dummy odds for hands ``masks`` (n,), seat 0
        bidding: Nel-O's (``doubles`` as the house plays them) and sevens' leading;
        plunge's and splash's with the partner naming trump and leading, 0 for the hands
        with too few doubles to bid them."""
        if contract is Contract.NELLO:
            return self.nello_odds(masks, doubles)
        if contract is Contract.SEVENS:
            return self.sevens_odds_of(masks)
        masks = np.asarray(masks, dtype=np.int64)
        least = PLUNGE_DOUBLES if contract is Contract.PLUNGE else SPLASH_DOUBLES
        allowed = np.bitwise_count(masks & DOUBLES) >= least
        result = np.zeros(len(masks))
        if allowed.any():
            result[allowed] = self.splash_odds(masks[allowed])
        return result

    def splash_odds(self, masks: np.ndarray) -> np.ndarray:
        """Estimated double-dummy odds that seat 0's team takes all 42 points, the partner
        naming trump by ``rules.partner_trump`` and leading: a plunge's or a splash's
        (meant for hands with three doubles or more)."""
        if not self.splash:
            raise EvaluatorError("this special-contract model has no plunge and splash networks")
        return _ensemble_odds(self.splash, splash_features(masks))

    def sevens_odds_of(self, masks: np.ndarray) -> np.ndarray:
        """Double-dummy odds that seat 0's team, seat 0 leading, makes sevens."""
        keys = distance_profiles(masks)
        return self.sevens_odds[np.searchsorted(self.sevens_keys, keys)]


@cache
def _rank_parts() -> np.ndarray:
    """``parts[j, bits, below]``: what the dominoes ``bits`` of the j-th run of 7 add to
    a hand's rank when ``below`` of its dominoes lie in the runs below."""
    parts = np.zeros((4, 128, 8), dtype=np.int64)
    for j, bits, below in np.ndindex(parts.shape):
        held = [7 * j + d for d in range(7) if bits >> d & 1]
        parts[j, bits, below] = sum(math.comb(d, below + k) for k, d in enumerate(held, start=1))
    return parts


def hand_ranks(masks: np.ndarray) -> np.ndarray:
    """Each hand's rank among the C(28, 7) hands of 7 dominoes (colex: the sum over its
    k-th domino d, from the lowest, of C(d, k)), seven dominoes at a time."""
    masks = np.asarray(masks, dtype=np.int64)
    ranks = np.zeros(masks.shape, dtype=np.int64)
    below = np.zeros(masks.shape, dtype=np.int64)
    parts = _rank_parts()
    for j in range(4):
        bits = (masks >> (7 * j)) & 127
        ranks += parts[j, bits, below]
        below += np.bitwise_count(bits)
    return ranks


def _ensemble_odds(members: tuple[Layers, ...], x: np.ndarray) -> np.ndarray:
    """The members' logistic outputs for the rows ``x``, averaged; each row's the same
    whatever the other rows (``model.ROWS``: in the products with one column, a row's
    rounding did depend on the others, 25 of 5000 hands in one test)."""
    n = len(x)
    x = pad_rows(x)
    total = np.zeros(len(x), dtype=np.float64)
    for layers in members:
        h = x
        for w, b in layers[:-1]:
            h = h @ w
            h += b  # in place: the same sums, no array made for them
            np.tanh(h, out=h)
        w, b = layers[-1]
        total += 1.0 / (1.0 + np.exp(-(h @ w + b)[:, 0].astype(np.float64)))
    result: np.ndarray = total[:n] / len(members)
    return result


def write_special_model(model: SpecialModel, target: str | Path | IO[bytes]) -> None:
    arrays: dict[str, np.ndarray] = {"sevens/keys": model.sevens_keys, "sevens/odds": model.sevens_odds}
    ensembles = {f"nello/{d.value}": ms for d, ms in model.nello.items()} | {"splash": model.splash}
    for name, members in ensembles.items():
        for m, layers in enumerate(members):
            for i, (w, b) in enumerate(layers):
                arrays[f"{name}/{m}/W{i}"] = w
                arrays[f"{name}/{m}/b{i}"] = b
    meta = {**model.info, "members": {name.removeprefix("nello/"): len(ms) for name, ms in ensembles.items()}}
    np.savez_compressed(target, meta=np.array(json.dumps(meta)), **arrays)  # type: ignore[arg-type]


def read_special_model(source: str | Path | IO[bytes]) -> SpecialModel:
    """The model in a file written by ``write_special_model``; ``EvaluatorError`` if it
    is not one."""
    try:
        with np.load(source, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            nello = {d: _members(data, f"nello/{d.value}", meta["members"][d.value]) for d in NelloDoubles}
            splash = _members(data, "splash", meta["members"].get("splash", 0))
            keys, odds = data["sevens/keys"], data["sevens/odds"]
        for name, members in (*((d.value, m) for d, m in nello.items()), ("splash", splash)):
            check_layers(members, f"the special-contract model's {name} networks")
    except EvaluatorError:
        raise
    except UNREADABLE as error:
        raise EvaluatorError(f"not a special-contract model: {reason(error)}") from error
    return SpecialModel(nello, keys, odds, meta, splash)


def _members(data: Any, name: str, count: int) -> tuple[Layers, ...]:
    """The ``count`` networks stored under ``name``."""
    members = []
    for m in range(count):
        prefix = f"{name}/{m}/"
        depth = sum(1 for k in data.files if k.startswith(prefix + "W"))
        members.append(tuple((data[f"{prefix}W{i}"], data[f"{prefix}b{i}"]) for i in range(depth)))
    return tuple(members)


@cache
def load_special_model() -> SpecialModel:
    """The model shipped with texas42 (read once); a ``PackageDataError`` if it is missing
    or damaged."""
    return read_shipped(MODEL_FILE, "special-contract model", read_special_model)
