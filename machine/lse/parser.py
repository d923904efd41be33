"""Parse a whole LSE program (every syntax error at once) into nodes; imports lexer, exprparser (the
expressions of a line), source, nodes, checks, formats, errors."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from machine.errors import Diagnostic, Err, clip
from machine.lse import nodes as n
from machine.lse.checks import build_program, walk
from machine.lse.exprparser import MAX_EXPRESSION_DEPTH, ExpressionParser, LineFailure
from machine.lse.formats import parse_format
from machine.lse.lexer import LexError, Token, tokenize
from machine.lse.source import Limits, SourceLine, split_source

MAX_LINE_NUMBER = 65535
# Decision: the parser is recursive descent, bounded. Operator chains (1+1+...+1, A ET B ET ...)
# are built by loops, so a 10 000-term sum is a left-deep chain of Binary nodes made without
# recursion; what recurses is nesting, and nesting is limited: parentheses, signs, NON,
# arguments of calls and built-ins, indices and SI...ALORS...SINON inside an expression count
# one level each (EXPRESSION TROP IMBRIQUEE beyond MAX_EXPRESSION_DEPTH); DEBUT...FIN and
# SI...ALORS statements inside one another count for MAX_BLOCK_DEPTH (INSTRUCTIONS TROP
# IMBRIQUEES). No program of the book comes near: its deepest expression nests 4 levels.
MAX_BLOCK_DEPTH = 64
# Python frames one level can take (factor, disjunction ... power, arguments, value), and a margin:
# the parser asks for this much room above its caller, whatever the interpreter's default.
FRAMES_PER_LEVEL = 12
PARSER_FRAMES = FRAMES_PER_LEVEL * (MAX_EXPRESSION_DEPTH + MAX_BLOCK_DEPTH) + 100


class SyntaxErrors(Exception):
    """Every syntax error of a program, found before anything runs."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(diagnostics)
        self.diagnostics = diagnostics


class LineParser(ExpressionParser):
    """Recursive descent over the tokens of one line: its statements (their expressions: ExpressionParser)."""

    def __init__(self, tokens: list[Token], source: str, immediate: bool = False) -> None:
        super().__init__(tokens, source)
        self.immediate = immediate
        self.block_depth = 0  # statements open inside one another

    def nest_block(self, tok: Token) -> None:
        """Open one statement inside another at tok (INSTRUCTIONS TROP IMBRIQUEES past the limit)."""
        self.block_depth += 1
        if self.block_depth > MAX_BLOCK_DEPTH:
            raise LineFailure(Diagnostic(Err.BLOCKS_TOO_DEEP, f"({MAX_BLOCK_DEPTH} NIVEAUX AU PLUS)",
                                   tok.line, self.source, tok.column))

    # ----------------------------------------------------------- statements
    def statements(self) -> tuple:
        """Parse `s1; s2; ...` up to the end of the line."""
        out = []
        tokens = self.tokens
        while True:
            tok = tokens[self.pos]
            kind = tok.kind
            if kind == "COMMENT":
                self.pos += 1
                break
            if kind == "END":
                break
            if kind == "OP" and tok.text == ";":
                self.pos += 1
                continue
            if out and kind == "KW" and tok.text == "PROCEDURE":
                raise self.fail("PROCEDURE EN DEBUT DE LIGNE SEULEMENT", expected=False)
            out.append(self.statement())
            tok = tokens[self.pos]
            if tok.kind == "COMMENT" or tok.kind == "END":
                continue
            self.expect_op(";")
        self.expect("END", None, "FIN DE LIGNE")
        return tuple(out)

    def statement(self) -> object:
        tok = self.tokens[self.pos]
        line = tok.line
        if tok.kind == "KW":
            handler = STATEMENTS.get(tok.text)
            after = self.tokens[self.pos + 1]  # (tok is no END: a token follows it)
            if after.kind == "OP" and after.text == "←":  # `SI←3`: a word of LSE given as a name
                raise self.fail(f"{tok.text}: MOT RESERVE, PAS UN NOM DE VARIABLE", tok, expected=False)
            if handler is None:
                raise self.fail("INSTRUCTION")
            self.pos += 1  # tok is a keyword, not the END
            return handler(self, line)
        if tok.kind == "OP" and tok.text == "?" and self.immediate:
            self.advance()
            return self.stmt_afficher(line)
        if tok.kind == "PROC":
            return n.CallStatement(self.call(), line)
        if tok.kind == "NAME":
            target = self.reference()
            self.expect_op("←")
            return n.Assign(target, self.value(), line)
        raise self.fail("INSTRUCTION")

    def stmt_afficher(self, line: int) -> n.Afficher:
        fmt = None
        if self.check("FORMAT"):
            tok = self.advance()
            try:
                fmt = parse_format(tok.text)
            except Exception as error:  # LseError from the format parser
                text = getattr(error, "text", str(error))
                at = tok.text.find(text) if text else -1  # the caret under the bad item, past the `[`
                column = tok.column + 1 + at if at >= 0 else tok.column
                raise LineFailure(Diagnostic(Err.BAD_FORMAT, text, line, self.source, column)) from None
        items = []
        if not self.at_statement_end():
            items.append(self.value())
            while self.match("OP", ","):
                items.append(self.value())
        return n.Afficher(fmt, tuple(items), line)

    def stmt_lire(self, line: int) -> n.Lire:
        refs = [self.reference()]
        while self.match("OP", ","):
            refs.append(self.reference())
        return n.Lire(tuple(refs), line)

    def stmt_aller(self, line: int) -> n.Goto:
        self.expect_kw("EN")
        return n.Goto(self.target(computed=True), line)

    def stmt_si(self, line: int) -> n.If:
        self.nest_block(self.tokens[self.pos - 1])
        cond = self.condition()
        self.expect_kw("ALORS")
        then = self.branch()
        other = self.branch() if self.match("KW", "SINON") else None
        self.block_depth -= 1
        return n.If(cond, then, other, line)

    def branch(self) -> object:
        if self.check("KW", "FAIRE") or self.check("KW", "PROCEDURE"):
            raise self.fail(f"{self.tokens[self.pos].text} INTERDIT ICI", expected=False)
        return self.statement()

    def stmt_debut(self, line: int) -> n.Block:
        self.nest_block(self.tokens[self.pos - 1])
        body = []
        while not self.match("KW", "FIN"):
            if self.match("OP", ";"):
                continue
            if self.check("END") or self.check("COMMENT"):
                raise self.fail("FIN")
            body.append(self.branch())
            if not self.check("KW", "FIN") and not self.match("OP", ";"):
                raise self.fail("';' OU FIN")
        self.block_depth -= 1
        return n.Block(tuple(body), line)

    def stmt_faire(self, line: int) -> n.Faire:
        end = self.target(computed=False)
        self.expect_kw("POUR")
        var = self.expect("NAME", None, "VARIABLE").text
        self.expect_op("←")
        start = self.value()
        step = self.value() if self.match("KW", "PAS") else None
        if self.match("KW", "JUSQUA"):
            return n.Faire(end, var, start, step, self.value(), None, line)
        if self.match("KW", "TANT"):
            self.expect_kw("QUE")
            tok = self.tokens[self.pos]
            cond = self.condition()
            if any(isinstance(node, n.Call) for node in walk(cond)):
                raise self.fail("APPEL DE PROCEDURE INTERDIT DANS TANT QUE", tok, expected=False)
            return n.Faire(end, var, start, step, None, cond, line)
        raise self.fail("JUSQUA OU TANT QUE")

    def stmt_terminer(self, line: int) -> n.Terminer:
        return n.Terminer(line)

    def stmt_pause(self, line: int) -> n.Pause:
        return n.Pause(line)

    def stmt_procedure(self, line: int) -> n.Procedure:
        name = self.expect("PROC", None, "NOM DE PROCEDURE").text
        params: list[str] = []
        if self.match("OP", "("):
            if not self.match("OP", ")"):
                while True:
                    tok = self.expect("NAME", None, "PARAMETRE")
                    if tok.text in params:
                        raise self.fail(f"PARAMETRE {tok.text} EN DOUBLE", tok, expected=False)
                    params.append(tok.text)
                    if not self.match("OP", ","):
                        break
                self.expect_op(")")
        local: list[str] = []
        if self.match("KW", "LOCAL"):
            local.append(self.expect("NAME", None, "NOM LOCAL").text)
            while self.match("OP", ","):
                local.append(self.expect("NAME", None, "NOM LOCAL").text)
        return n.Procedure(name, tuple(params), tuple(dict.fromkeys(local)), line)

    def stmt_retour(self, line: int) -> n.Retour:
        if self.match("KW", "EN"):
            return n.Retour(self.target(computed=True), line)
        return n.Retour(None, line)

    def stmt_resultat(self, line: int) -> n.Resultat:
        return n.Resultat(self.value(), line)

    def names(self) -> tuple:
        out = [self.expect("NAME", None, "NOM DE VARIABLE").text]
        while self.match("OP", ","):
            out.append(self.expect("NAME", None, "NOM DE VARIABLE").text)
        return tuple(out)

    def stmt_chaine(self, line: int) -> n.Chaine:
        return n.Chaine(self.names(), line)

    def stmt_liberer(self, line: int) -> n.Liberer:
        return n.Liberer(self.names(), line)

    def stmt_tableau(self, line: int) -> n.Tableau:
        decls = []
        while True:
            name = self.expect("NAME", None, "NOM DE TABLEAU").text
            self.expect_op("[")
            dims = [self.value()]
            if self.match("OP", ","):
                dims.append(self.value())
            self.expect_op("]")
            decls.append((name, tuple(dims)))
            if not self.match("OP", ","):
                return n.Tableau(tuple(decls), line)

    def stmt_garer(self, line: int) -> n.Garer:
        var = n.Var(self.expect("NAME", None, "NOM DE VARIABLE").text, line)
        self.expect_op(",")
        record = self.value()
        self.expect_op(",")
        return n.Garer(var, record, self.value(), line)

    def stmt_charger(self, line: int) -> n.Charger:
        var = n.Var(self.expect("NAME", None, "NOM DE VARIABLE").text, line)
        self.expect_op(",")
        record = self.value()
        self.expect_op(",")
        file = self.value()
        status = self.reference() if self.match("OP", ",") else None
        return n.Charger(var, record, file, status, line)

    def stmt_supprimer(self, line: int) -> n.Supprimer:
        file = self.value()
        record = self.value() if self.match("OP", ",") else None
        return n.Supprimer(file, record, line)

    def stmt_executer(self, line: int) -> n.Executer:
        program = self.value()
        start = self.value() if self.match("OP", ",") else None
        return n.Executer(program, start, line)

    def at_statement_end(self) -> bool:
        tok = self.tokens[self.pos]
        return tok.kind in ("END", "COMMENT") or (tok.kind == "OP" and tok.text == ";") or (
            tok.kind == "KW" and tok.text in ("SINON", "FIN"))

    def target(self, computed: bool) -> n.Target:
        tok = self.tokens[self.pos]
        if tok.kind == "NUM" and (not computed or self.peek(1).kind in ("END", "COMMENT")
                                  or self.peek(1).text in (";", "SINON", "FIN", "POUR")):
            self.advance()
            number = tok.value
            if not float(number).is_integer() or not 1 <= number <= MAX_LINE_NUMBER:
                raise self.fail(clip(tok.text), tok, Err.BAD_LINE_NUMBER)
            return n.Target(int(number), None, None, tok.line)
        if tok.kind == "NAME" and (not computed or self.peek(1).kind in ("END", "COMMENT")
                                   or self.peek(1).text in (";", "SINON", "FIN", "POUR")):
            self.advance()
            return n.Target(None, tok.text, n.Var(tok.text, tok.line) if computed else None, tok.line)
        if not computed:
            raise self.fail("NUMERO DE LIGNE OU ETIQUETTE")
        return n.Target(None, None, self.value(), tok.line)

    # ---------------------------------------------------------- expressions
# Each keyword that starts a statement, and the method that parses the rest of it.
STATEMENTS = {name[len("stmt_"):].upper(): method for name, method in vars(LineParser).items()
              if name.startswith("stmt_")}


def parse_statements(source_line: SourceLine, immediate: bool = False) -> n.Line:
    """Parse one source line (number, optional label, statements) or raise LineFailure."""
    tokens = tokenize(source_line.text, source_line.number, source_line.column, source_line.original,
                      source_line.limits)
    label = None
    if len(tokens) > 2 and tokens[0].kind == "NAME" and tokens[1].kind == "OP" and tokens[1].text == ":":
        label = tokens[0].text
        tokens = tokens[2:]
    parser = LineParser(tokens, source_line.original, immediate)
    statements = parser.statements()
    return n.Line(source_line.number, label, statements, source_line.original)


@contextmanager
def stack_room() -> Iterator[None]:
    """Let the interpreter recurse PARSER_FRAMES deeper than here while parsing (restored after)."""
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    old = sys.getrecursionlimit()
    needed = depth + PARSER_FRAMES
    if needed > old:
        sys.setrecursionlimit(needed)
    try:
        yield
    finally:
        if needed > old:
            sys.setrecursionlimit(old)


def parse_line(source_line: SourceLine, immediate: bool = False) -> n.Line:
    """Parse one line and raise SyntaxErrors with its diagnostic if it is wrong."""
    try:
        with stack_room():
            return parse_statements(source_line, immediate)
    except LexError as error:
        raise SyntaxErrors([error.diagnostic]) from None
    except LineFailure as error:
        raise SyntaxErrors([error.diagnostic]) from None


def parse(source: str, limits: Limits | None = None) -> n.Program:
    """Parse a whole program text; raise SyntaxErrors listing every error found.

    `limits` (the machine's, default the default profile's) are checked before any work.
    """
    with stack_room():
        return _parse(source, limits)


def _parse(source: str, limits: Limits | None) -> n.Program:
    diagnostics: list[Diagnostic] = []
    source_lines, problems = split_source(source, limits)
    diagnostics.extend(problems)
    by_number: dict[int, n.Line] = {}
    replaced: list[int] = []
    for source_line in source_lines:
        try:
            line = parse_statements(source_line)
        except (LexError, LineFailure) as error:
            diagnostics.append(error.diagnostic)
            continue
        # A program file is a tape: read as typed, a repeated number replaces the line before.
        if line.number in by_number:
            replaced.append(line.number)
        by_number[line.number] = line
    program = build_program(list(by_number.values()), diagnostics)
    program.replaced = replaced
    if diagnostics:
        diagnostics.sort(key=lambda d: (d.line or 0))
        raise SyntaxErrors(diagnostics)
    return program
