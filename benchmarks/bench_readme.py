"""The README's performance table, measured again: each row's commands timed in fresh
processes, printed as the table's Markdown to paste over it.

    python benchmarks/bench_readme.py                     # every row, 3 runs a command
    python benchmarks/bench_readme.py --runs 5 --only 4 5 # the rows 4 and 5 (from 1)
    python benchmarks/bench_readme.py --quick             # without the played-out rows
    python benchmarks/bench_readme.py --with-scripts      # and the rows of their own scripts

Each command runs --runs times as a fresh `texas42` process from the repository's root
(its output discarded), after one untimed run of each of the row's commands, which fills
Numba's cache; a cell shows the lowest and highest wall time of each command, "-"
between them, as the README does ("0.57-0.59"; one figure where they agree to 0.01 s).
Two rows are measured by scripts of their own, `bench_analyze.py` (every hand of
examples/hands.txt) and `bench_first_run.py` (an empty Numba cache); their cells say so,
and --with-scripts runs them after the table. Measure on the machine otherwise idle.

`tests/test_benchmarks.py` checks that these rows are the README table's, in order.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HAND = "6-6 6-5 6-4 6-2 5-5 4-4 3-1"
DEAL = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0"
)
TWO_TRICKS = "6-6 6-3 5-0 6-1 / 3-1 5-3 3-0 3-2"
LOW = "6-0 5-1 4-0 3-1 2-0 1-0 0-0"
FOLLOWED = (ROOT / "examples" / "followed.txt").read_text()


@dataclass(frozen=True)
class Command:
    """``texas42 ARGS``, with ``given`` on its standard input."""

    args: tuple[str, ...]
    given: str = ""


@dataclass(frozen=True)
class Row:
    """A row of the README's table: its first cell, and the commands its second times
    (or the script that measures it)."""

    label: str
    commands: tuple[Command, ...] = ()
    script: str = ""
    played_out: bool = False


def command(line: str, given: str = "") -> Command:
    """The command ``texas42 LINE``, its words as a shell would split them."""
    return Command(tuple(shlex.split(line)), given)


SEVEN = "6-4 5-5 5-2 4-3 4-2 3-2 3-1"
ROWS = (
    Row("`texas42 --version`, `texas42 --help` (no Numba loaded)", (command("--version"), command("--help"))),
    Row(
        "`texas42 solve` of the README's deal (9 trumps x 4 bidders, Nel-O, sevens)",
        (command(f'solve "{DEAL}"'),),
    ),
    Row(f'`texas42 quick "{SEVEN}"` (no deal solved)', (command(f'quick "{SEVEN}"'),)),
    Row(
        '`texas42 analyze "6-4 5-5 4-2 3-1 2-0 1-1 0-0" --seed 42` (1,000 deals, racing, the special '
        "contracts, the check on 1000 more)",
        (command('analyze "6-4 5-5 4-2 3-1 2-0 1-1 0-0" --seed 42'),),
    ),
    Row("the same, all seven sixes", (command('analyze "6-6 6-5 6-4 6-3 6-2 6-1 6-0" --seed 42'),)),
    Row(
        "the 12 hands of `examples/hands.txt` (`python benchmarks/bench_analyze.py --cold none --repeat 3`)",
        script="bench_analyze.py --cold none --repeat 3",
    ),
    Row(
        f'`texas42 bid "{SEVEN}" --auction "pass 30" --seed 7` (deals drawn to fit the auction)',
        (command(f'bid "{SEVEN}" --auction "pass 30" --seed 7'),),
    ),
    Row('the same, `--auction "pass 30 31"`', (command(f'bid "{SEVEN}" --auction "pass 30 31" --seed 7'),)),
    Row(
        f'`texas42 declare "{SEVEN}" --auction "30 34 pass pass" --seed 42`',
        (command(f'declare "{SEVEN}" --auction "30 34 pass pass" --seed 42'),),
    ),
    Row(
        "the same with `--bid 34` instead (uniform deals)",
        (command(f'declare "{SEVEN}" --bid 34 --seed 42'),),
    ),
    Row(
        f'`texas42 play "{HAND}" -t sixes --seed 1`, the first lead (7 plays x 1,000 deals)',
        (command(f'play "{HAND}" -t sixes --seed 1'),),
    ),
    Row(
        'the same after the first trick (`--tricks "6-6 6-3 5-0 6-1"`)',
        (command(f'play "{HAND}" -t sixes --seed 1 --tricks "6-6 6-3 5-0 6-1"'),),
    ),
    Row(
        'the README\'s `play --auction` example (seat 1, `--auction "34 pass pass pass"`)',
        (
            command(
                'play "5-4 5-2 4-2 3-3 3-2 2-1 1-1" --trump sixes --seat 1 --tricks "6-6" '
                '--auction "34 pass pass pass" --seed 1'
            ),
        ),
    ),
    Row(
        'the README\'s `review` (two turns), and with `--auction "30 34 pass pass"` (the call and the '
        "declaration weighed too)",
        (
            command(f'review "{HAND}" --trump sixes --bid 34 --tricks "{TWO_TRICKS}" --seed 1'),
            command(
                f'review "{HAND}" --trump sixes --auction "30 34 pass pass" --tricks "{TWO_TRICKS}" --seed 1'
            ),
        ),
    ),
    Row(
        f'`texas42 follow "{HAND}" --position 4 --seed 1 < examples/followed.txt` (the README\'s hand: '
        "advice to bid, declare and five plays, 1,000 deals each), and to its first advice (`pass 30 36`)",
        (
            command(f'follow "{HAND}" --position 4 --seed 1', given=FOLLOWED),
            command(f'follow "{HAND}" --position 4 --seed 1', given="pass 30 36\n"),
        ),
    ),
    Row(
        "the same to its first lead with `--realistic` (`pass 30 36`, `37`, `sixes`: three turns played out)",
        (command(f'follow "{HAND}" --position 4 --seed 1 --realistic', given="pass 30 36\n37\nsixes\n"),),
        played_out=True,
    ),
    Row(
        "`texas42 play ... --realistic`: the README's example in the middle of the hand (5 plays x 100 "
        f"playouts), and the first lead of `{HAND}` at sixes (7 x 100)",
        (
            command(
                f'play "{HAND}" --trump sixes --bid 34 --tricks "6-6 6-3 5-0 6-1 / 6-5 5-4 4-3 6-0" --seed 1 '
                "--realistic"
            ),
            command(f'play "{HAND}" -t sixes --seed 1 --realistic'),
        ),
        played_out=True,
    ),
    Row(
        f'`texas42 analyze "{SEVEN}" --realistic --seed 5` (two trumps, Nel-O and sevens played out on '
        "200 deals)",
        (command(f'analyze "{SEVEN}" --realistic --seed 5'),),
        played_out=True,
    ),
    Row(
        "`texas42 declare ... --realistic` (as above)",
        (command(f'declare "{SEVEN}" --auction "30 34 pass pass" --seed 42 --realistic'),),
        played_out=True,
    ),
    Row(
        f'`texas42 play "{LOW}" --trump nello --seed 1` (the first lead, 7 plays x 100 playouts, '
        "played out unasked at Nel-O), and `--trump sevens --realistic`",
        (
            command(f'play "{LOW}" --trump nello --seed 1'),
            command(f'play "{LOW}" --trump sevens --seed 1 --realistic'),
        ),
        played_out=True,
    ),
    Row(
        "the first run of the README's first command, compiling the solvers (`python "
        "benchmarks/bench_first_run.py --rounds 3`)",
        script="bench_first_run.py --rounds 3",
    ),
)


def timed(item: Command) -> float:
    """The wall time of one fresh process running ``item``; exits naming it if it fails."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "texas42", *item.args],
        input=item.given,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"texas42 {' '.join(item.args)} failed: {done.stderr.strip()[-300:]}")
    return elapsed


def cell(times: list[float]) -> str:
    """The README's way to show a command's runs: lowest-highest, or one figure."""
    low, high = f"{min(times):.2f}", f"{max(times):.2f}"
    return low if low == high else f"{low}-{high}"


def measured(row: Row, runs: int) -> str:
    if row.script:
        return f"see `python benchmarks/{row.script}`"
    for item in row.commands:
        timed(item)  # fills Numba's cache for what the row runs
    return ", ".join(cell([timed(item) for _ in range(runs)]) for item in row.commands)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each command (default 3)")
    parser.add_argument("--only", type=int, nargs="+", metavar="ROW", help="only these rows, counted from 1")
    parser.add_argument("--quick", action="store_true", help="leave out the played-out (--realistic) rows")
    parser.add_argument("--with-scripts", action="store_true", help="then run the rows' own scripts")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.only and not all(1 <= k <= len(ROWS) for k in args.only):
        parser.error(f"--only: the rows are 1 to {len(ROWS)}")
    chosen = [
        row
        for k, row in enumerate(ROWS, start=1)
        if (args.only is None or k in args.only) and not (args.quick and row.played_out)
    ]
    print("| command | seconds |\n| --- | --- |")
    for row in chosen:
        print(f"| {row.label} | {measured(row, args.runs)} |", flush=True)
    if args.with_scripts:
        for row in chosen:
            if row.script:
                print(f"\n$ python benchmarks/{row.script}", flush=True)
                script, *options = row.script.split()
                subprocess.run(
                    [sys.executable, str(ROOT / "benchmarks" / script), *options], cwd=ROOT, check=True
                )


if __name__ == "__main__":
    main()
