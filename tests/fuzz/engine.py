"""The fuzzer: hostile programs, monitor sessions and data files run in-process; imports the machine, never pygame.

A case is made from a seed alone (so any finding can be replayed) and run with a cycle budget.
The Micro's own errors (LseError, SyntaxErrors) are the expected outcome of bad input; any other
exception, InternalError included, is a finding. Program texts come from a pluggable list of
sources: the corpus (every .lse of programs/ and tests/, cut and mutated) is one; a generator of
well-formed programs can be added with register_source().
"""

from __future__ import annotations

import json
import math
import random
import shutil
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from machine.commands import COMMANDS
from machine.disk import Disk
from machine.errors import LseError, render
from machine.lse.parser import SyntaxErrors, parse
from machine.lse.status import Status
from machine.micro import Micro
from machine.monitor import Monitor

ROOT = Path(__file__).resolve().parents[2]
CORPUS_DIRS = ("programs", "tests")


@dataclass(frozen=True)
class Settings:
    """How hostile the cases are; CI keeps expressions below what the compiler takes today."""

    max_terms: int = 120  # longest operator chain a mutation writes (the 10 000-term sum: the script's)
    max_nesting: int = 80  # deepest nesting a mutation writes (past the parser's 64: its error)
    max_digits: int = 5000  # longest number a mutation writes
    max_repeat: int = 8  # most copies of a span the "repeat" mutation adds
    cycles: int = 20_000  # emulated cycles per slice
    slices: int = 5  # slices per run (a loop forever is cut there)
    fragment_lines: int = 25  # longest run of corpus lines a case keeps (0: whole programs too)
    session_lines: int = 15  # lines typed in one monitor session


@dataclass
class Outcome:
    """What one case did: its kind, its shape (the mutations), and the finding if any."""

    seed: int
    kind: str
    shape: str
    text: str
    finding: str | None = None  # "ExceptionType: first line", None when the Micro coped
    trace: str = ""
    seconds: float = 0.0


# ------------------------------------------------------------------ sources of programs

Source = Callable[[random.Random], str]
SOURCES: list[Source] = []


def register_source(source: Source) -> Source:
    """Add a maker of program texts (a random generator of well-formed programs, say)."""
    SOURCES.append(source)
    return source


@register_source
def well_formed(rng: random.Random) -> str:
    """A random well-formed program of the oracle's generator (tests/oracle/randprog.py), to be mutated."""
    from tests.oracle.randprog import random_program
    return random_program(rng, rng.randint(2, 8))[0]


@cache
def corpus() -> tuple[str, ...]:
    """Every program of programs/ and tests/, as text."""
    paths = sorted(p for d in CORPUS_DIRS for p in (ROOT / d).rglob("*.lse"))
    return tuple(p.read_text(encoding="utf-8") for p in paths)


def corpus_fragment(rng: random.Random, settings: Settings) -> str:
    """A whole corpus program, or a run of its lines."""
    text = rng.choice(corpus())
    lines = text.split("\n")
    if settings.fragment_lines == 0 or len(lines) <= settings.fragment_lines or rng.random() < 0.05:
        return text
    start = rng.randrange(len(lines))
    return "\n".join(lines[start:start + rng.randint(1, settings.fragment_lines)])


# ------------------------------------------------------------------ mutations

TOKENS = ["←", "_", "+", "-", "*", "/", "^", "!", "=", "#", "<", ">", "<=", ">=", "(", ")", "[", "]",
          ",", ";", ":", "?", "'", "''", "&", "&P", "ET", "OU", "NON", "SI", "ALORS", "SINON", "DEBUT",
          "FIN", "FAIRE", "POUR", "PAS", "JUSQUA", "TANT QUE", "AFFICHER", "AFFICHER[", "LIRE", "ALLER EN",
          "TERMINER", "PAUSE", "PROCEDURE", "LOCAL", "RETOUR", "RESULTAT", "CHAINE", "TABLEAU", "LIBERER",
          "GARER", "CHARGER", "SUPPRIMER", "EXECUTER", "X", "T[1]", "M[1,2]", "ABS(", "SCH(", "CNB(", "EQC(",
          "0", "1", "65535", "65536", "1E308", "1E400", ".5", "²", "٣", "\t", "\x00", "\u00e9", "\ufffd", "*",
          "'#F'", "'F'", "[2X,F4.1]", "[U]", "*COMMENTAIRE", " ", "\r"]
ATOMS = ["1", "X", "2.5", "T[1]", "'A'", "ABS(-1)", "(X)", "&F(1)"]
CHAIN_OPS = ["+", "-", "*", "/", "!", "^", "+", "+"]


def sized(rng: random.Random, most: int) -> int:
    """A size from 1 to most, log-uniform: small ones often, the largest now and then."""
    return min(most, int(math.exp(rng.uniform(0.0, math.log(most + 1)))) or 1)


def _line_number(rng: random.Random) -> str:
    return str(rng.choice([1, 5, 10, 100, 9999, 65535]) + rng.randrange(0, 9))


def nest(kind: str, depth: int) -> str:
    """A line nesting `depth` levels of one kind (parentheses, signs, NON, calls, SI, blocks)."""
    return {
        "paren": "X←" + "(" * depth + "1" + ")" * depth,
        "minus": "X←" + "-" * depth + "1",
        "non": "SI " + "NON " * depth + "1=1 ALORS X←1",
        "builtin": "X←" + "ABS(" * depth + "1" + ")" * depth,
        "index": "TABLEAU T[2];X←" + "T[" * depth + "1" + "]" * depth,
        "si-expr": "X←" + "SI 1=1 ALORS 1 SINON " * depth + "2",
        "debut": "DEBUT " * depth + "X←1" + " FIN" * depth,
        "si-stmt": "SI 1=1 ALORS " * depth + "X←1",
        "call": "X←" + "&F(" * depth + "1" + ")" * depth,
    }[kind]


NEST_KINDS = ("paren", "minus", "non", "builtin", "index", "si-expr", "debut", "si-stmt", "call")


def chain(rng: random.Random, terms: int) -> tuple[str, str]:
    """A line of one long operator chain, and its shape."""
    op = rng.choice(CHAIN_OPS + ["ET", "OU"])
    if op in ("ET", "OU"):
        return "SI " + f" {op} ".join(["1=1"] * terms) + " ALORS X←1", f"chain {terms} {op}"
    atom = "'A'" if op == "!" else rng.choice(["1", "X", "2.5"])
    return "X←" + op.join([atom] * terms), f"chain {terms} {op}"


def mutate(rng: random.Random, text: str, settings: Settings) -> tuple[str, str]:
    """Apply one random mutation; return the new text and the mutation's name."""
    lines = text.split("\n")
    which = rng.randrange(12)
    at = rng.randrange(len(lines))
    if which == 0 and text:  # one character out
        i = rng.randrange(len(text))
        return text[:i] + text[i + 1:], "delete"
    if which == 1:  # a token in
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(TOKENS) + text[i:], "insert"
    if which == 2 and text:  # a span repeated
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(1, 40))
        return text[:j] + text[i:j] * rng.randint(1, settings.max_repeat) + text[j:], "repeat"
    if which == 3:  # a line moved or doubled
        other = rng.randrange(len(lines))
        lines.insert(other, lines[at] if rng.random() < 0.5 else lines.pop(at))
        return "\n".join(lines), "move"
    if which == 4:  # a strange line number
        number = rng.choice(["0", "65536", "9" * sized(rng, settings.max_digits), "²", "-5", "00010"])
        lines[at] = number + " " + lines[at].lstrip("0123456789")
        return "\n".join(lines), "number"
    if which == 5:  # a long literal
        i = rng.randrange(len(text) + 1)
        digits = "9" * sized(rng, settings.max_digits)
        return text[:i] + rng.choice([digits, "1." + digits, digits + "E-" + digits[:3]]) + text[i:], "literal"
    if which == 6:  # a long operator chain
        line, shape = chain(rng, 1 + sized(rng, settings.max_terms - 1))
        lines.insert(at, f"{_line_number(rng)} {line}")
        return "\n".join(lines), shape
    if which == 7:  # deep nesting
        kind = rng.choice(NEST_KINDS)
        depth = sized(rng, settings.max_nesting)
        lines.insert(at, f"{_line_number(rng)} {nest(kind, depth)}")
        return "\n".join(lines), f"nest {depth} {kind}"
    if which == 8:  # cut short
        return text[:rng.randrange(len(text) + 1)], "truncate"
    if which == 9:  # spliced with another program
        other = rng.choice(corpus()).split("\n")
        k = rng.randrange(len(other))
        return "\n".join(lines[:at] + other[k:k + rng.randint(1, 10)] + lines[at:]), "splice"
    if which == 10:  # numbers dropped: a mixed file
        lines[at] = lines[at].lstrip(" 0123456789")
        return "\n".join(lines), "unnumber"
    return text, "none"


def make_program(rng: random.Random, settings: Settings) -> tuple[str, str]:
    """A program text from one of the sources, mutated 0 to 4 times; its shape."""
    text = rng.choice(SOURCES)(rng) if SOURCES and rng.random() < 0.5 else corpus_fragment(rng, settings)
    shapes = []
    for _ in range(rng.choice([0, 1, 1, 2, 3, 4])):
        text, shape = mutate(rng, text, settings)
        shapes.append(shape)
    return text, "+".join(shapes) or "intact"


# ------------------------------------------------------------------ typed input

def typed_line(rng: random.Random, settings: Settings) -> str:
    """What a careless person types at LIRE."""
    return rng.choice(["1", "-2.5", "1E400", "ABC", "", " 3 4 5", "9" * rng.randint(1, settings.max_digits),
                       "\ufffd\ufffd", "'", "1,2", "²", "NaN", "inf", "\x00"])


def command_line(rng: random.Random, settings: Settings) -> str:
    """What a careless person types at PRET."""
    short, full, _ = rng.choice(COMMANDS)
    word = rng.choice([short, full, short.lower(), full[:3]])
    big = "9" * rng.randint(1, settings.max_digits)
    arg = rng.choice(["", "10", "1,20", "²", "10,²", big, f"1 A {big}", "*", "0,0", "-1", "X", "ESSAI", "#F",
                      "../X", "1,2,3", "10 A 1", "65535,10", "1,1"])
    return f"{word} {arg}".strip()


def session_line(rng: random.Random, settings: Settings) -> str:
    roll = rng.random()
    if roll < 0.4:
        text, _ = make_program(rng, settings)
        lines = [line for line in text.split("\n") if line.strip()]
        return rng.choice(lines) if lines else ""
    if roll < 0.75:
        return command_line(rng, settings)
    if roll < 0.9:
        return rng.choice(["? 1+1", "X←2", "AFFICHER X", "? SCH('ABC',2,1)", "LIRE X", "TERMINER", "PAUSE",
                           "ALLER EN 10", "&P", "?", "X←" + "+".join(["1"] * sized(rng, settings.max_terms))])
    return typed_line(rng, settings)


# ------------------------------------------------------------------ data files

def data_file(rng: random.Random, settings: Settings) -> bytes:
    """A data file as a hand editor or a broken disk might leave it."""
    good = {"1": 2.5, "2": "TEXTE", "3": {"dims": [3], "values": [1, 2, 3]},
            "4": {"dims": [2, 2], "values": [1, 2, 3, 4]}}
    roll = rng.random()
    if roll < 0.15:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 64)))
    bad_values = [None, True, [], {}, "x", -1, 0, 1.5, 30_000_000, [1, 2, 3], "NaN", 10 ** 30,
                  {"dims": [1]}, {"values": [1]}]
    record = dict(good)
    key = rng.choice(["1", "2", "3", "4", "0", "-1", "x"])
    if roll < 0.6:
        target = dict(good["4"]) if rng.random() < 0.5 else dict(good["3"])
        target[rng.choice(["dims", "values", "extra"])] = rng.choice(bad_values + [[rng.choice(bad_values)]])
        record[key] = target
    else:
        record[key] = rng.choice(bad_values)
    text = json.dumps(record)
    if rng.random() < 0.3:
        text = text.replace("2.5", rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "9" * settings.max_digits]))
    if rng.random() < 0.1:
        text = "[" * rng.randint(1, 100_000) + text
    if rng.random() < 0.2:
        i = rng.randrange(len(text) + 1)
        text = text[:i] + rng.choice(TOKENS) + text[i:]
    return text.encode("utf-8", "surrogatepass")


LOADER = """10 {declare}
20 CHARGER X,{record},'#F',S
30 AFFICHER S
40 CHARGER Y,{other},'#F'
50 GARER X,9,'#F';SUPPRIMER '#F',{other}
60 TERMINER
"""


# ------------------------------------------------------------------ running a case

class Runner:
    """Runs cases in one scratch disk directory; each case starts with an empty disk."""

    def __init__(self, scratch: Path, settings: Settings | None = None) -> None:
        self.scratch = Path(scratch)
        self.settings = settings or Settings()

    def fresh_disk(self) -> Disk:
        shutil.rmtree(self.scratch, ignore_errors=True)
        self.scratch.mkdir(parents=True)
        return Disk(self.scratch)

    def case(self, seed: int) -> Outcome:
        """Make and run the case of one seed: a program, a monitor session or a data file."""
        rng = random.Random(seed)
        kind = rng.choices(["program", "session", "data"], weights=[6, 3, 1])[0]
        started = time.perf_counter()
        outcome = Outcome(seed, kind, "", "")
        try:
            getattr(self, f"run_{kind}")(rng, outcome)
        except (LseError, SyntaxErrors):
            pass  # the Micro's own word on bad input
        except Exception as error:  # noqa: BLE001 - the finding itself
            first = str(error).split("\n", 1)[0][:120]
            outcome.finding = f"{type(error).__name__}: {first}"
            outcome.trace = traceback.format_exc(limit=-8)
        outcome.seconds = time.perf_counter() - started
        return outcome

    def run_program(self, rng: random.Random, outcome: Outcome) -> None:
        text, outcome.shape = make_program(rng, self.settings)
        outcome.text = text
        try:
            program = parse(text)
        except SyntaxErrors as errors:
            for diagnostic in errors.diagnostics:
                render(diagnostic)
            return
        micro = Micro(seed=rng.randrange(1000), disk=self.fresh_disk())
        micro.load(program)
        self.drive(rng, micro)

    def drive(self, rng: random.Random, micro: Micro) -> None:
        for _ in range(self.settings.slices):
            status = micro.run(self.settings.cycles)
            if status is Status.WAITING:
                if rng.random() < 0.8:
                    micro.feed(typed_line(rng, self.settings))
                else:
                    micro.end_input()
            elif status is Status.FAILED:
                micro.error_text()
                return
            elif status is Status.ENDED:
                return

    def run_session(self, rng: random.Random, outcome: Outcome) -> None:
        disk = self.fresh_disk()
        monitor = Monitor(Micro(seed=1, disk=disk), disk)
        monitor.boot()
        typed = [session_line(rng, self.settings) for _ in range(rng.randint(1, self.settings.session_lines))]
        outcome.shape = "session"
        outcome.text = "\n".join(typed)
        for line in typed:
            monitor.submit(line)
            for _ in range(self.settings.slices):
                status = monitor.tick(self.settings.cycles)
                if status is Status.WAITING:
                    monitor.submit(typed_line(rng, self.settings))
                elif status is not Status.RUNNING:
                    break
            if monitor.running:
                monitor.interrupt()
                monitor.tick(self.settings.cycles)
        monitor.shutdown()

    def run_data(self, rng: random.Random, outcome: Outcome) -> None:
        disk = self.fresh_disk()
        raw = data_file(rng, self.settings)
        (self.scratch / "F.don").write_bytes(raw)
        declare = rng.choice(["X←0", "TABLEAU X[3]", "CHAINE X", "TABLEAU X[2,2]", "X←'A'"])
        source = LOADER.format(declare=declare, record=rng.choice("12345"), other=rng.choice("12345"))
        outcome.shape = f"data {declare}"
        outcome.text = raw.decode("utf-8", "replace")[:2000]
        micro = Micro(seed=1, disk=disk)
        micro.load(parse(source))
        self.drive(rng, micro)


@dataclass
class Tally:
    """The counts of a run of many cases."""

    cases: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    findings: dict[str, list[Outcome]] = field(default_factory=dict)
    internal_errors: int = 0
    tracebacks: int = 0
    slowest: float = 0.0

    def add(self, outcome: Outcome) -> None:
        self.cases += 1
        self.by_kind[outcome.kind] = self.by_kind.get(outcome.kind, 0) + 1
        self.slowest = max(self.slowest, outcome.seconds)
        if outcome.finding is None:
            return
        if outcome.finding.startswith("InternalError"):
            self.internal_errors += 1
        else:
            self.tracebacks += 1
        self.findings.setdefault(outcome.finding, []).append(outcome)
