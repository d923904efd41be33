"""Every LSE excerpt the README quotes is the text of a program in programs/, lines in a row, word for word."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fenced_blocks(text: str) -> list[tuple[str, list[str]]]:
    """Each fenced block of a Markdown text: its info string and its lines."""
    return [(info, body.split("\n")) for info, body in re.findall(r"^```(\w*)\n(.*?)\n```$", text, re.M | re.S)]


def quoted_in(lines: list[str], program: list[str]) -> bool:
    return any(program[i:i + len(lines)] == lines for i in range(len(program) - len(lines) + 1))


def test_every_lse_excerpt_of_the_readme_is_lines_of_a_program_file():
    programs = {p.name: p.read_text(encoding="utf-8").splitlines() for p in (ROOT / "programs").glob("*.lse")}
    excerpts = [lines for info, lines in fenced_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
                if info == "lse"]
    assert len(excerpts) >= 4  # the three steps of the queens and the division pair at least
    for lines in excerpts:
        assert [name for name, text in programs.items() if quoted_in(lines, text)], lines


def test_every_block_that_holds_lse_statements_is_marked_as_an_excerpt():
    for info, lines in fenced_blocks((ROOT / "README.md").read_text(encoding="utf-8")):
        if any("←" in line and not line.startswith(("printf", "micro-lse", "python")) for line in lines):
            assert info == "lse", lines


def test_the_check_finds_a_line_that_is_not_in_the_file():
    assert quoted_in(["B", "C"], ["A", "B", "C"])
    assert not quoted_in(["B", "D"], ["A", "B", "C"])
    assert not quoted_in(["A", "C"], ["A", "B", "C"])
