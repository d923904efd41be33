"""The fast front end (lexer, parser, checks, layout, IR lowering) gives exactly what the old one gave.

Decision: the proof is a golden file recorded with the front end as it was before it was made
fast (issue 15): for every .lse of programs/, bench/lse/ and tests/, a few hundred random
programs of the oracle's generator and of the fuzzer (mutated), and hand-made broken lines, it
holds the program text and a digest of everything the front end made of it: each line's tokens
(kind, text, line, column, value) or lexical error, each line parsed alone at the prompt, the
parsed program (the repr of every node, labels, procedures, replaced lines) or every syntax
error (code, text, line, source, column, as rendered), and, for a program that parses, its
layout and its IR. The texts are kept in the golden file, so the test does not depend on the
corpus of the day. `--update-golden` records it anew from the current code.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections import Counter
from enum import Enum
from pathlib import Path

import pytest

from machine.lse import ir
from machine.lse.layout import layout
from machine.lse.lexer import LexError, tokenize
from machine.lse.parser import SyntaxErrors, parse, parse_line
from machine.lse.source import split_source

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "front_end.json"
CORPUS = ("programs", "bench/lse", "tests")
GENERATED = 200  # programs of tests/oracle/randprog.py, half of them mutated by hand-made breakages
FUZZED = 250  # programs of the fuzzer (tests/fuzz/engine.py), cut and mutated as it does
BROKEN = (  # lines of every kind of wrongness, each alone and inside a good program
    "10 X←1$2", "10 X←@", "10 X←1~", "10 X←`A`", "10 X←{1}", "10 X←\x01", "10 X←\x7f", "10 X←'ABC",
    "10 AFFICHER 'IL DIT ''OUI''", "10 X←1.2.3", "10 X←1E", "10 X←1E+", "10 X←1E400", "10 X←.5",
    "10 X←1+", "10 X←*2", "10 X←(1+2", "10 X←1+2)", "10 x←1", "10 afficher 'bonjour' ; lire a",
    "10 É←1", "10 CAFÉ←2", "10 x←ç+1", "10 AFFICHER[U X", "10 AFFICHER['A]'] 1", "10 &←1", "10 &1",
    "10 & P", "10 A: B: X←1", "10 ALLER EN", "10 ALLER EN 0", "10 ALLER EN 1.5", "10 ALLER EN 70000",
    "10 FAIRE 20 POUR I←1", "10 FAIRE 20 POUR I←1 TANT QUE &F(I)=1", "10 SI X ALORS Y←1",
    "10 SI X=1 ALORS FAIRE 20 POUR I←1 JUSQUA 2", "10 X←1 Y←2", "10 X←1;;Y←2;", "10 ? X",
    "10 PROCEDURE &F(A,A)", "10 X←1;PROCEDURE &F", "10 X←ABC(1)", "10 X←SCH('A')", "10 X←POS('A','B',1)",
    "10 X←Y=1", "10 SI 1 ET 2 ALORS X←1", "10 SI NON 1 ALORS X←1", "10 X←1↑2￪3^4", "10 X_1￩2",
    "10 * COMMENTAIRE", "10 X←1;*COMMENTAIRE ; Y", "10 X←1 * 2 ;* NOTE", "10 DEBUT X←1", "10 DEBUT X←1 FIN",
    "10 X←SI 1=1 ALORS 2", "10 TABLEAU T[2,3,4]", "10 CHARGER X,1,'F',S[1]", "10 GARER X,1", "\ufeff10 X←1",
    "10 X←1\r", "10\tX←\t1", "10 X←²", "10 X←٣", "10 X←1" + "+1" * 400, "10 X←'" + "A" * 33000 + "'",
    "10 X←" + "(" * 70 + "1" + ")" * 70, "10 " + "DEBUT " * 70 + "X←1" + " FIN" * 70, "10 X←" + "9" * 400,
    "10 X←1E-" + "9" * 30, "10 X←1<=2>=3<>4", "10 LIRE A,B[1],C[1,2]", "10 RETOUR EN X+1", "10 RESULTAT",
    "X←1\n20 Y←2", "65536 X←1", "0 X←1", "10 X←1\n10 Y←2\n20 ALLER EN 10", "10 ALLER EN L\n20 L: X←1",
    "10 ALLER EN M", "10 X←&F(1)\n20 PROCEDURE &F(A);RESULTAT A", "10 X←&G(1,2)\n20 PROCEDURE &G(A)",
)


HOST = """1 * UN PROGRAMME OU METTRE UNE LIGNE FAUSSE
2 CHAINE S;TABLEAU T[3]
3 FAIRE 5 POUR I←1 JUSQUA 3;T[I]←&F(I)
4 S←S!'X'
5 AFFICHER[U,X,F4.1,/] S,T[I]
6 SI T[1]>1 ET NON T[2]<2 ALORS ALLER EN FIN1 SINON DEBUT LIRE A;AFFICHER A FIN
7 FIN1: TERMINER
8 PROCEDURE &F(N) LOCAL K;K←N*N;RESULTAT SI K>4 ALORS K SINON -K"""


def canonical(value: object) -> object:
    """A form of value that JSON can hold and that does not depend on the order of a set."""
    fields = getattr(type(value), "_fields", None)
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if fields is not None:
        # (a layout's `noted` is a part of its `statements`, and its `paused` says whether they hold a PAUSE, both
        # made after the golden file was recorded, as were its `unsettled_at` and `handed_names` and a unit's
        # `own_lines`, tests/test_own_kinds.py; a computed jump's `found_lines` are set by each build of the code,
        # targets.py, and the copies of blocks splitting.py makes, not by the front end; so is a jump's `speculative`,
        # speculation.py, and the line `given` to a copy's jump and the `copies` a copied loop goes round in,
        # subroutines.py; a layout's `started` is what a run kept from the prompt starts with, runtime.py; its
        # `unsettled_in` is `unsettled_at` gathered by unit, and a source line's `limits` the machine's)
        return [type(value).__name__] + [canonical(getattr(value, name)) for name in fields if name not in (
            "program", "noted", "paused", "found_lines", "to_copy", "copied_from", "unsettled_at", "handed_names",
            "own_lines", "given", "speculative", "copies", "started", "unsettled_in", "limits")]
    if isinstance(value, Counter):  # in its order too: the code generated from the IR may follow it
        return ["Counter"] + [[str(key), count] for key, count in value.items()]
    if isinstance(value, dict):
        return ["dict"] + [[canonical(key), canonical(item)] for key, item in value.items()]
    if isinstance(value, (set, frozenset)):
        return ["set"] + sorted(repr(canonical(item)) for item in value)
    if isinstance(value, (list, tuple)):
        return [type(value).__name__] + [canonical(item) for item in value]
    return repr(value)


def diagnostics(error: SyntaxErrors) -> list:
    """Every diagnostic of an error, with the message it renders to."""
    from machine.errors import render
    return [[canonical(d), render(d)] for d in error.diagnostics]


def front_end(text: str) -> list:
    """Everything the front end makes of a program text."""
    out: list = []
    lines, _ = split_source(text)
    for source_line in lines:
        try:
            tokens = tokenize(source_line.text, source_line.number, source_line.column, source_line.original)
            out.append(["tokens"] + [[t.kind, t.text, t.line, t.column, repr(t.value)] for t in tokens])
        except LexError as error:
            out.append(["lex error", canonical(error.diagnostic)])
        try:
            out.append(["immediate", canonical(parse_line(source_line, immediate=True))])
        except SyntaxErrors as error:
            out.append(["immediate errors", diagnostics(error)])
    try:
        program = parse(text)
    except SyntaxErrors as error:
        out.append(["errors", diagnostics(error)])
        return out
    out.append(["program", canonical(program)])
    found = layout(program)
    # Decision: the layout's list of every node is kept as (unit, kind, line) in order; its nodes
    # in full would repeat each subtree once per node above it (quadratic for a long chain).
    listed = [(owner, type(node).__name__, getattr(node, "line", None)) for owner, node in found.statements]
    found.statements = []
    out.append(["layout", canonical(found), listed])
    out.append(["ir", canonical(ir.lower(program))])
    return out


def digest(text: str) -> str:
    """A short fingerprint of everything the front end makes of a text."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return hashlib.sha256(json.dumps(front_end(text), ensure_ascii=True).encode()).hexdigest()[:20]
    finally:
        sys.setrecursionlimit(limit)


def broken(rng: random.Random, text: str) -> str:
    """A program with one hand-made breakage: a bad line put in, lower case, an accent, a cut."""
    lines = text.split("\n")
    at = rng.randrange(len(lines))
    which = rng.randrange(4)
    if which == 0:
        lines.insert(at, rng.choice(BROKEN).replace("10 ", f"{rng.randrange(1, 9999)} ", 1))
    elif which == 1:
        lines[at] = lines[at].lower()
    elif which == 2:
        lines[at] = lines[at].replace("A", "À", 1).replace("E", "é", 1)
    else:
        lines[at] = lines[at][:rng.randrange(len(lines[at]) + 1)]
    return "\n".join(lines)


def cases() -> list[tuple[str, str]]:
    """(name, text) of every case, made anew (only when the golden file is recorded)."""
    from tests.fuzz.engine import Settings, make_program
    from tests.oracle.randprog import random_program
    out = []
    for folder in CORPUS:
        for path in sorted((ROOT / folder).rglob("*.lse")):
            out.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    for k in range(GENERATED):
        rng = random.Random(k)
        text = random_program(rng, rng.randint(2, 5))[0]
        out.append((f"randprog {k}", broken(rng, text) if k % 2 else text))
    settings = Settings(max_digits=400)
    for k in range(FUZZED):
        out.append((f"fuzz {k}", make_program(random.Random(10_000 + k), settings)[0]))
    for k, line in enumerate(BROKEN):
        out.append((f"broken {k}", line))
        out.append((f"broken {k} in a program", HOST + "\n" + line.replace("10 ", "9999 ", 1)))
    return out


def test_the_golden_file_covers_the_corpus_random_programs_and_broken_lines(update_golden: bool) -> None:
    if update_golden:
        recorded = [{"name": name, "text": text, "digest": digest(text)} for name, text in cases()]
        lines = ",\n".join(json.dumps(case, ensure_ascii=False) for case in recorded)
        GOLDEN.write_text(f"[\n{lines}\n]\n", encoding="utf-8")
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    names = [case["name"] for case in recorded]
    assert any(name.startswith("programs/renard") for name in names)
    assert sum(name.startswith("randprog") for name in names) == GENERATED
    assert sum(name.startswith("fuzz") for name in names) == FUZZED
    assert sum(name.startswith("broken") for name in names) == 2 * len(BROKEN)


def test_every_recorded_text_gives_what_the_old_front_end_gave() -> None:
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))
    differ = [case["name"] for case in recorded if digest(case["text"]) != case["digest"]]
    assert differ == []


@pytest.mark.parametrize("text", ["10 X←1", "10 X←1$"])
def test_a_changed_front_end_would_change_the_digest(text: str) -> None:
    assert digest(text) != digest(text.replace("1", "2"))
