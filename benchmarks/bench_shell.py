"""The commands of a file run one process each against all in one ``texas42 shell``.

    python benchmarks/bench_shell.py                      # examples/commands.txt
    python benchmarks/bench_shell.py my_commands.txt --rounds 5

Each round runs the file's commands as separate ``texas42`` processes and then (or, every
other round, first) the whole file through one ``texas42 shell``, wall time, after a
warm-up of each that fills Numba's cache and checks that both print the same; then the
medians of each and what the shell saves a command after the first.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from texas42.cli.shell import command_words

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "commands.txt"


def separately(commands: list[list[str]]) -> tuple[float, str]:
    start = time.perf_counter()
    printed = "".join(_run(words, None) for words in commands)
    return time.perf_counter() - start, printed


def in_shell(text: str) -> tuple[float, str]:
    start = time.perf_counter()
    printed = _run(["shell"], text)
    return time.perf_counter() - start, printed


def _run(words: list[str], text: str | None) -> str:
    command = [sys.executable, "-m", "texas42", *words]
    done = subprocess.run(command, input=text, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"texas42 {' '.join(words[:2])} failed: {done.stderr.strip()[-300:]}")
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("file", type=Path, nargs="?", default=EXAMPLE, help="commands, one a line")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    text = args.file.read_text()
    commands = [w for w in map(command_words, text.splitlines()) if w is not None]
    if separately(commands)[1] != in_shell(text)[1]:
        raise SystemExit("the shell printed something else than the commands one by one")
    runs = {"alone": lambda: separately(commands)[0], "shell": lambda: in_shell(text)[0]}
    times: dict[str, list[float]] = {name: [] for name in runs}
    for round_ in range(args.rounds):
        for name in runs if round_ % 2 == 0 else reversed(runs):
            times[name].append(runs[name]())
    alone, shared = times["alone"], times["shell"]
    a, s = statistics.median(alone), statistics.median(shared)
    print(f"{len(commands)} commands of {args.file.name}, {args.rounds} rounds, medians of wall time:")
    print(f"  one process each   {a:6.2f} s  ({min(alone):.2f} to {max(alone):.2f})")
    print(f"  one texas42 shell  {s:6.2f} s  ({min(shared):.2f} to {max(shared):.2f})")
    if len(commands) > 1:
        print(f"  saved a command after the first: {(a - s) / (len(commands) - 1):.2f} s")


if __name__ == "__main__":
    main()
