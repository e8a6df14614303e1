"""House rules, and the basis of the advice, from a ``[tool.texas42]`` table in the working
directory (docs/rules.md#house-rules).

The table is read from ``texas42.toml`` if it has one, else from ``pyproject.toml`` (the
two are not merged). ``texas42.toml`` holds nothing else: a key outside the table is an
error, not ignored.
Its keys are the command-line options' names without the dashes in front:

    [tool.texas42]
    nello-doubles = "high"      # own-suit (default), high or low
    nello-min-marks = 1         # 2 (default) or 1
    all-pass = "reshuffle"      # forced (default) or reshuffle
    specials = false            # true (default); false is --no-specials
    basis = "double-dummy"      # realistic (default) or double-dummy: what the advice rests on
    noise = 0.3                 # 1 (default): how the others misjudge their hands (--noise)

Options given on the command line win. An unreadable file, an unknown key or a bad
value is bad input: ``ConfigError`` names the file and the key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from texas42 import rules
from texas42.analysis.calibrated import REALISTIC, check_basis
from texas42.deal.inference import DEFAULT_NOISE, MAX_NOISE, check_noise
from texas42.errors import ConfigError, HouseRulesError, Texas42Error
from texas42.rules import HouseRules

OWN_FILE: Final = "texas42.toml"
CONFIG_FILES: Final = (OWN_FILE, "pyproject.toml")
KEYS: Final = ("nello-doubles", "nello-min-marks", "all-pass", "specials", "basis", "noise")
ADVICE_KEYS: Final = ("basis", "noise")
"""The keys that are not house rules: what the advice rests on, and the bidding model's noise."""


def _value(key: str, value: object) -> Any:
    """A setting's value, parsed like its command-line option."""
    if key == "nello-doubles" and isinstance(value, str):
        return rules.parse_nello_doubles(value)
    if key == "all-pass" and isinstance(value, str):
        return rules.parse_all_pass(value)
    if key == "nello-min-marks" and isinstance(value, int) and not isinstance(value, bool):
        return rules.check_nello_min_marks(value)
    if key == "specials" and isinstance(value, bool):
        return value
    if key == "basis" and isinstance(value, str):
        return check_basis(value)
    if key == "noise" and isinstance(value, int | float) and not isinstance(value, bool):
        return check_noise(value)
    wanted = {
        "basis": "a string: realistic or double-dummy",
        "nello-doubles": "a string: own-suit, high or low",
        "all-pass": "a string: forced or reshuffle",
        "nello-min-marks": "a whole number, 1 or 2",
        "specials": "true or false",
        "noise": f"a number from 0 to {MAX_NOISE:g}",
    }[key]
    raise HouseRulesError(f"needs {wanted}, got {value!r}")


def settings_from_table(table: Mapping[str, object], source: str) -> dict[str, Any]:
    """The ``HouseRules`` fields set by a ``[tool.texas42]`` table from ``source``."""
    settings: dict[str, Any] = {}
    for key, value in table.items():
        if key not in KEYS:
            raise ConfigError(f"{source}: unknown key {key!r} in [tool.texas42] (keys: {', '.join(KEYS)})")
        try:
            settings[key.replace("-", "_")] = _value(key, value)
        except Texas42Error as error:
            raise ConfigError(f"{source}: [tool.texas42] {key}: {error}") from None
    return settings


def _check_nothing_else(data: Mapping[str, object], tool: Mapping[str, object]) -> None:
    """texas42.toml holds settings only, in [tool.texas42]: a key or table elsewhere (a
    setting outside the table, a misspelt table) would be ignored, so it is bad input."""
    stray = [key for key in data if key != "tool"] + [f"tool.{key}" for key in tool if key != "texas42"]
    if stray:
        raise ConfigError(
            f"{OWN_FILE}: {stray[0]!r} is outside the [tool.texas42] table, the only place texas42 reads "
            "its settings from"
        )


def read_settings(directory: Path | None = None) -> dict[str, Any]:
    """The settings of the first of ``CONFIG_FILES`` in ``directory`` (default: the working
    directory) with a ``[tool.texas42]`` table; none if there is no such table."""
    directory = Path.cwd() if directory is None else directory
    for name in CONFIG_FILES:
        path = directory / name
        if not path.exists():
            continue
        try:
            with path.open("rb") as handle:
                data = tomllib.load(handle)
        except tomllib.TOMLDecodeError as error:
            raise ConfigError(f"{name}: not valid TOML: {error}") from None
        except UnicodeDecodeError as error:
            text = error.object[: error.start]
            line = text.count(b"\n") + 1 if isinstance(text, bytes) else 1
            byte = error.object[error.start : error.start + 1]
            where = f"line {line} is not UTF-8 text (byte 0x{bytes(byte).hex()})"
            raise ConfigError(f"{name}: not valid TOML: {where}") from None
        except OSError as error:
            raise ConfigError(f"cannot read {name}: {error.strerror or error}") from None
        tool = data.get("tool", {})
        if not isinstance(tool, dict):
            raise ConfigError(f"{name}: tool must be a table, [tool]")
        if name == OWN_FILE:
            _check_nothing_else(data, tool)
        table = tool.get("texas42")
        if table is None:
            continue
        if not isinstance(table, dict):
            raise ConfigError(f"{name}: tool.texas42 must be a table, [tool.texas42]")
        return settings_from_table(table, name)
    return {}


def house_rules(overrides: Mapping[str, Any], directory: Path | None = None) -> HouseRules:
    """House rules from the configuration, with ``overrides`` (the ``HouseRules`` fields
    given on the command line, None for those not given) on top."""
    settings = read_settings(directory)
    for key in ADVICE_KEYS:
        settings.pop(key, None)
    settings.update({key: value for key, value in overrides.items() if value is not None})
    return HouseRules(**settings)


def basis(override: str | None, directory: Path | None = None) -> str:
    """What the advice rests on: ``override`` if given, else the configuration's
    ``basis``, else realistic."""
    if override is not None:
        return check_basis(override)
    configured: str = read_settings(directory).get("basis", REALISTIC)
    return configured


def noise(directory: Path | None = None) -> float:
    """How the other players misjudge their hands, where ``--noise`` is not given: the
    configuration's ``noise``, else ``DEFAULT_NOISE``."""
    configured: float = read_settings(directory).get("noise", DEFAULT_NOISE)
    return configured
