"""The Python a program compiles to, with each LSE line beside its code: for people reading the compiler.

`python -m machine.lse.listing FILE.lse [--profile] [--machine NAME]` prints it; `--doc` rewrites the listing of the
book's queens in docs/COMPILER.md (a test checks that the document shows what the generator makes).
Imports the Micro's core only; never pygame.
"""

from __future__ import annotations

import sys
from pathlib import Path

from machine.micro import Micro
from machine.profile import DEFAULT_PROFILE, ProfileError, load_profile
from machine.resources import data_dir

DOC = Path(__file__).resolve().parents[2] / "docs" / "COMPILER.md"
BEGIN, END = "<!-- listing of programs/queens.lse: begin -->", "<!-- listing of programs/queens.lse: end -->"


def listing(source: str, profile: bool = False, machine: str | None = None) -> str:
    """The generated Python of a program; each line's first code is preceded by that LSE line."""
    micro = Micro(load_profile(machine) if machine else None, profiling=profile)
    program = micro.load_text(source)
    micro.runtime.compile_all()
    text = {line.number: _without_number(line.source.strip(), line.number) for line in program.lines}
    out = []
    for row in micro.runtime.compiled.source.splitlines():
        mark = row.lstrip()
        if mark.startswith("# line "):
            number = int(mark.split()[2])
            indent = row[: len(row) - len(mark)]
            row = f"{indent}# {number}: {text.get(number, '')}"
        out.append(row)
    return "\n".join(out) + "\n"


def _without_number(source: str, number: int) -> str:
    """A line's text without the number it was typed with."""
    head, _, rest = source.partition(" ")
    return rest if head == str(number) else source


def queens_block() -> str:
    """The listing of the book's queens as docs/COMPILER.md holds it."""
    source = (data_dir("programs") / "queens.lse").read_text(encoding="utf-8")
    return f"{BEGIN}\n```python\n{listing(source)}```\n{END}"


def update_doc() -> None:
    """Rewrite the queens listing in docs/COMPILER.md from the generator as it is."""
    text = DOC.read_text(encoding="utf-8")
    start, stop = text.index(BEGIN), text.index(END) + len(END)
    DOC.write_text(text[:start] + queens_block() + text[stop:], encoding="utf-8")


def main(argv: list[str]) -> int:
    if argv == ["--doc"]:
        update_doc()
        return 0
    machine, rest = DEFAULT_PROFILE, list(argv)
    if "--machine" in rest:
        at = rest.index("--machine")
        machine, rest = (rest[at + 1] if at + 1 < len(rest) else ""), rest[:at] + rest[at + 2:]
    files = [arg for arg in rest if not arg.startswith("--")]
    if len(files) != 1 or machine == "":
        print("usage: python -m machine.lse.listing FILE.lse [--profile] [--machine NAME] | --doc", file=sys.stderr)
        return 2
    from machine.cli import UsageError, read_program, report_syntax  # (as the command line reads a program)
    from machine.lse.parser import SyntaxErrors
    from machine.lse.source import limits_of

    try:
        source = read_program(files[0], limits_of(load_profile(machine)))
        sys.stdout.write(listing(source, "--profile" in rest, machine))
    except (UsageError, ProfileError) as error:
        print(f"listing: {error}", file=sys.stderr)
        return 2
    except SyntaxErrors as errors:
        report_syntax(errors, sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
