"""Every example in the command line's help runs: the top level's and each command's; and
every texas42 command of the README's shell blocks.

Each is run as written, in a folder holding the files the examples name, with fewer
deals (and, with --realistic, fewer playouts) so that the whole set takes seconds; a
pipe feeds one command's output to the next, an output redirection is dropped, an input
one (``texas42 shell < FILE``) feeds the file's commands, with fewer deals (``texas42
follow < FILE``: the file as it is), and an example that names a cluster runs without it.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer

from cli_runner import invoke
from texas42.cli import app
from texas42.cli.app import wrapped_examples
from texas42.cli.shell import command_words

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "hands.txt"
FEWER = {"--deals": "24", "--realistic-deals": "4", "--worlds": "2"}
SAMPLED = {"analyze", "bid", "compare", "declare", "follow", "play", "review"}  # they deal at random
DEALS = (
    "6-4 5-5 5-2 4-3 4-2 3-2 3-1 / 6-6 6-5 6-2 6-1 5-4 5-1 5-0 / "
    "6-0 4-4 3-0 2-2 2-0 1-1 0-0 / 6-3 5-3 4-1 4-0 3-3 2-1 1-0\n"
)


def help_examples() -> list[str]:
    """The example lines of ``texas42 --help`` and of each command's help, in order."""
    commands = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    lines: list[str] = []
    for args in [[], *([name] for name in commands)]:
        result = invoke(*args, "--help")
        assert result.exit_code == 0, args
        joined = result.stdout.replace(" \\\n", " ")  # an example's continuation lines
        lines += [line.strip() for line in joined.splitlines() if line.strip().startswith("texas42 ")]
    return lines


def test_a_long_example_is_continued_between_words_outside_quotes() -> None:
    line = '  texas42 play "6-6 6-5 6-4 6-2 5-5 4-4 3-1" -t sixes --auction "pass 30 31 32" --tricks "6-6"'
    wrapped = wrapped_examples(f"Examples:\n{line}\n  texas42 quick X", width=60)
    assert wrapped.splitlines() == [
        "Examples:",
        '  texas42 play "6-6 6-5 6-4 6-2 5-5 4-4 3-1" -t sixes \\',
        '      --auction "pass 30 31 32" --tricks "6-6"',
        "  texas42 quick X",
    ]
    assert wrapped_examples(wrapped, width=60) == wrapped
    assert shlex.split(wrapped.splitlines()[1][:-1] + wrapped.splitlines()[2]) == shlex.split(line)


def test_the_help_fits_80_columns_but_for_a_deal_too_long_for_a_line() -> None:
    """Long examples are continued on the next line (``\\``), between words; no line of
    text is broken at a hyphen (``--no-`` above ``realistic``, ``follow-`` above ``me``)."""
    commands = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    continued = 0
    for args in [[], *([name] for name in commands)]:
        printed = invoke(*args, "--help").stdout
        continued += printed.count(" \\\n")
        for line in printed.splitlines():
            assert len(line) <= 80 or re.search(r'"[^"]{70,}"', line), line
            assert not re.search(r"[\w-]-$", line), line
    assert continued > 30


def readme_commands() -> list[str]:
    """The texas42 commands of the README's shell blocks (after any ``pip install ... &&``)."""
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    lines = [line.split("&& ")[-1].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("texas42 ")]


def shrunk(words: list[str]) -> list[str]:
    """A sampling command's words with fewer deals (and playouts)."""
    words = list(words)
    if words[0] not in SAMPLED:
        return words
    options = {"--deals"} | ({"--realistic-deals", "--worlds"} if "--realistic" in words else set())
    for option in options:
        names = {option, "-n"} if option == "--deals" else {option}
        at = next((i for i, word in enumerate(words) if word in names), None)
        if at is None:
            words += [option, FEWER[option]]
        else:
            words[at + 1] = FEWER[option]
    return words


def run(example: str) -> str:
    """Run one example line (a pipe of texas42 commands, perhaps redirected); its output."""
    output = None
    for part in example.split(" | "):
        words = shlex.split(part, comments=True)
        if ">" in words:
            words = words[: words.index(">")]
        if "<" in words and words[1] == "follow":  # texas42 follow < FILE: what happened
            at = words.index("<")
            output = Path(words[at + 1]).read_text()
            words = words[:at]
        elif "<" in words:  # texas42 shell < FILE: its commands, with fewer deals
            at = words.index("<")
            commands = (command_words(line) for line in Path(words[at + 1]).read_text().splitlines())
            output = "".join(shlex.join(shrunk(c)) + "\n" for c in commands if c is not None)
            words = words[:at]
        if "--cluster" in words:
            at = words.index("--cluster")
            del words[at : at + 2]
        assert words[0] == "texas42", example
        result = invoke(*shrunk(words[1:]), input=output)
        assert result.exit_code == 0, f"{example}\n{result.stderr or result.stdout}"
        output = result.stdout
    assert output is not None
    return output


EXAMPLE_LINES = help_examples()
README_LINES = readme_commands()


def test_the_help_has_examples_of_every_command() -> None:
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    for name in commands:
        assert any(line.startswith(f"texas42 {name} ") for line in EXAMPLE_LINES), name


def test_the_readme_shows_commands_to_try() -> None:
    assert len(README_LINES) >= 4
    assert README_LINES[0] == 'texas42 analyze "6-4 5-5 5-2 4-3 4-2 3-2 3-1"'


@pytest.mark.parametrize("example", EXAMPLE_LINES + README_LINES)
def test_help_example_runs(example: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "examples").mkdir()
    lines = EXAMPLES.read_text().splitlines()
    hand_lines = [line for line in lines if line.strip() and not line.startswith("#")]
    two_hands = "\n".join(hand_lines[:2]) + "\n"
    (tmp_path / "examples" / "hands.txt").write_text(two_hands)
    (tmp_path / "hands.txt").write_text(two_hands)
    (tmp_path / "deals.txt").write_text(DEALS)
    for name in ("commands.txt", "followed.txt"):
        (tmp_path / "examples" / name).write_text((ROOT / "examples" / name).read_text())
    (tmp_path / "my_session.txt").write_text('quick "6-4 5-5 4-2 3-1 2-0 1-1 0-0"\n')
    monkeypatch.chdir(tmp_path)
    output = run(example)
    assert output.strip() or (tmp_path / "hands.jsonl").read_text().count("\n") == 2


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings: lower case, punctuation but hyphens
    dropped, spaces as hyphens."""
    headings = re.findall(r"^#+ (.+)$", re.sub(r"```.*?```", "", page.read_text(), flags=re.S), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_the_documents_links_lead_to_a_file_and_heading() -> None:
    """Every relative link of the README and docs/ (``[text](#anchor)``,
    ``[text](file.md#anchor)``, ``[text](examples/x.txt)``) names a file there and a
    heading of it."""
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target, anchor in re.findall(r"\]\(([\w./-]*)(?:#([^)]+))?\)", page.read_text()):
            linked = page if not target else page.parent / target
            assert linked.exists(), f"{page.name}: {target}"
            assert not anchor or anchor in _anchors(linked), f"{page.name}: {target}#{anchor}"
