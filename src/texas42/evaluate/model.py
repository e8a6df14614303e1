"""The fitted model of the hand evaluator: named heads, each an ensemble of small
neural networks that map a hand's features for a declaration to the distribution of
the bidder's team's points (0..42), stored in one ``.npz`` file (numpy only, no pickle).

A head is one basis of estimates: ``double_dummy`` (fitted to the engine's full
double-dummy analyses) always; ``realistic`` once realistic playouts exist to fit it to.
The file's ``meta`` entry is a JSON object: ``{"version", "features", "heads": {name:
{"members", "layers", "activation", "hands", "fitted_by", ...}}}``; the weights are
``{head}/{member}/W{layer}`` and ``{head}/{member}/b{layer}``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import IO, Any, Final

import numpy as np

from texas42.errors import EvaluatorError
from texas42.evaluate.features import FEATURES
from texas42.evaluate.shipped import UNREADABLE, read_shipped, reason
from texas42.rules import TOTAL_POINTS

DOUBLE_DUMMY: Final = "double_dummy"
"""The head fitted to full double-dummy analyses (``texas42 analyze --exhaustive``)."""
REALISTIC: Final = "realistic"
"""The head for realistic play, once there are realistic playouts to fit it to."""
MODEL_FILE: Final = "quick_model.npz"
OUTCOMES: Final = TOTAL_POINTS + 1
"""A head's output: the probability of each of 0..42 points."""


@dataclass(frozen=True)
class Head:
    """One basis of estimates: an ensemble of networks whose point distributions are
    averaged. ``weights[m]`` holds member m's layers as float32 (W, b) pairs; every hidden layer
    is followed by ``activation`` (tanh), the last by a softmax over 0..42 points.
    ``hands``: the number of hands it was fitted to."""

    name: str
    weights: tuple[tuple[tuple[np.ndarray, np.ndarray], ...], ...]
    hands: int
    info: dict[str, Any]

    @cached_property
    def shifted(self) -> tuple[bool, ...]:
        """For each member, whether its softmax needs the rows' maximum taken off first:
        logits that may exceed ``SAFE_LOGIT`` (or a member without a hidden layer, whose
        inputs are not bounded by tanh)."""
        return tuple(len(layers) == 1 or _logit_bound(*layers[-1]) > SAFE_LOGIT for layers in self.weights)

    def distribution(self, x: np.ndarray) -> np.ndarray:
        """(m, 43): the averaged point distribution of m feature rows (m, FEATURES),
        computed in single precision (fast; the odds are good to about 1e-6)."""
        given = x.shape[0]
        x = pad_rows(x.astype(np.float32, copy=False))
        rows = x.shape[0]
        total = np.empty((rows, OUTCOMES), dtype=np.float64)
        for member, layers in enumerate(self.weights):
            h = x
            for layer, (w, b) in enumerate(layers):
                out = scratch(layer, rows, w.shape[1])
                np.matmul(h, w, out=out)
                out += b
                if layer < len(layers) - 1:
                    np.tanh(out, out=out)
                h = out
            if self.shifted[member]:
                h -= h.max(axis=1, keepdims=True)
            np.exp(h, out=h)
            h /= np.matmul(h, _ONES)[:, None]
            if member == 0:
                total[...] = h
            else:
                total += h
        total /= len(self.weights)
        return total[:given]


ROWS: Final = 64
"""The networks value rows in multiples of this many (``pad_rows``): numpy's matrix
products may round a row's sums differently with the number of rows, and a hand's
values must not depend on the hands valued with it (the process keeps them:
``deal.inference.HandValues``, ``special_odds``)."""


def pad_rows(x: np.ndarray) -> np.ndarray:
    """``x`` with rows of zeros added up to a multiple of ``ROWS`` rows."""
    extra = -len(x) % ROWS
    return np.concatenate((x, np.zeros((extra, x.shape[1]), dtype=x.dtype))) if extra else x


SAFE_LOGIT: Final = 60.0
"""Logits up to this size need no shift before the softmax's exponential (float32's
exponential overflows at 88)."""
_ONES: Final = np.ones(OUTCOMES, dtype=np.float32)


def _logit_bound(w: np.ndarray, b: np.ndarray) -> float:
    """The largest size of the last layer's outputs for inputs in [-1, 1] (tanh's)."""
    return float((np.abs(w).sum(axis=0) + np.abs(b)).max())


class _Scratch(threading.local):
    def __init__(self) -> None:
        self.arrays: dict[tuple[int, int], np.ndarray] = {}


_SCRATCH = _Scratch()


def scratch(slot: int, rows: int, columns: int) -> np.ndarray:
    """A float32 array (rows, columns) of this thread's, kept from call to call (its
    contents are left over): a fresh large array costs a page fault per 4 KiB on first
    touch, which made the networks 2x slower. It grows by doubling."""
    arrays = _SCRATCH.arrays
    have = arrays.get((slot, columns))
    if have is None or have.shape[0] < rows:
        size = rows if have is None else max(rows, 2 * have.shape[0])
        have = arrays[slot, columns] = np.empty((size, columns), dtype=np.float32)
    return have[:rows]


@dataclass(frozen=True)
class QuickModel:
    """The fitted evaluator: its version and its heads by name."""

    version: str
    heads: dict[str, Head]
    info: dict[str, Any]

    def head(self, name: str) -> Head:
        """The estimates ``name`` (``double_dummy`` or ``realistic``; ``double-dummy`` as
        the basis is written too)."""
        name = name.replace("-", "_") if isinstance(name, str) else name
        if name not in self.heads:
            have = ", ".join(self.heads)
            raise EvaluatorError(f"the quick model {self.version} has no {name} estimates (it has: {have})")
        return self.heads[name]

    @property
    def realistic(self) -> bool:
        """Whether it estimates realistic play too."""
        return REALISTIC in self.heads


def read_model(source: str | Path | IO[bytes]) -> QuickModel:
    """The model stored in ``source`` (a path or an open binary file); an
    ``EvaluatorError`` if it is not one."""
    try:
        with np.load(source, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("features") != FEATURES:
                raise EvaluatorError(
                    f"the quick model expects {meta.get('features')} features, not {FEATURES}"
                )
            heads = {name: _head(data, name, info) for name, info in meta["heads"].items()}
            version = str(meta["version"])
    except EvaluatorError:
        raise
    except UNREADABLE as error:
        raise EvaluatorError(f"not a quick model: {reason(error)}") from error
    if DOUBLE_DUMMY not in heads:
        raise EvaluatorError(f"the quick model has no {DOUBLE_DUMMY} head")
    return QuickModel(version, heads, meta)


def _head(data: Any, name: str, info: dict[str, Any]) -> Head:
    """The head ``name`` of a stored model: its members' layers, checked to chain."""
    members = tuple(
        tuple(
            (data[f"{name}/{m}/W{layer}"].astype(np.float32), data[f"{name}/{m}/b{layer}"].astype(np.float32))
            for layer in range(info["layers"])
        )
        for m in range(info["members"])
    )
    check_layers(members, f"the quick model's {name} head")
    return Head(name, members, int(info["hands"]), info)


def check_layers(members: Sequence[Sequence[tuple[np.ndarray, np.ndarray]]], what: str) -> None:
    """An ``EvaluatorError`` unless each member's layers chain: W (n, m) and b (m,), the
    next layer's W with m rows, one output at the end of every member alike."""
    for layers in members:
        shapes = [(w.shape, b.shape) for w, b in layers]
        chained = all(
            len(ws) == 2 and bs == (ws[1],) and (k == 0 or ws[0] == shapes[k - 1][0][1])
            for k, (ws, bs) in enumerate(shapes)
        )
        if not layers or not chained or shapes[-1][0][1] != members[0][-1][0].shape[1]:
            raise EvaluatorError(f"{what} has layers that do not fit together: {shapes}")


def write_model(
    path: str | Path,
    version: str,
    heads: dict[str, tuple[list[list[tuple[np.ndarray, np.ndarray]]], dict[str, Any]]],
    info: dict[str, Any],
) -> None:
    """Store a model: ``heads[name] = (members, info)``, each member a list of (W, b)
    layers; the weights are stored as float32."""
    arrays: dict[str, Any] = {}
    meta_heads = {}
    for name, (members, head_info) in heads.items():
        for m, layers in enumerate(members):
            for layer, (w, b) in enumerate(layers):
                arrays[f"{name}/{m}/W{layer}"] = np.asarray(w, dtype=np.float32)
                arrays[f"{name}/{m}/b{layer}"] = np.asarray(b, dtype=np.float32)
        meta_heads[name] = {**head_info, "members": len(members), "layers": len(members[0])}
    meta = {**info, "version": version, "features": FEATURES, "heads": meta_heads}
    arrays["meta"] = np.array(json.dumps(meta, sort_keys=True))
    np.savez_compressed(path, **arrays)


@cache
def load_model() -> QuickModel:
    """The model that ships with texas42 (read once); a ``PackageDataError`` if it is
    missing or damaged."""
    return read_shipped(MODEL_FILE, "quick model", read_model)
