"""Parse a whole LSE program (every syntax error at once) into nodes; imports lexer, nodes, errors."""

from __future__ import annotations

from machine.errors import Diagnostic, Err
from machine.lse import nodes as n
from machine.lse.builtins import BUILTINS
from machine.lse.formats import parse_format
from machine.lse.lexer import LexError, Token, tokenize
from machine.lse.source import SourceLine, split_source

MAX_LINE_NUMBER = 65535
MAX_NESTING = 30  # levels of an expression, its operands counted (see LineParser.nested)
BOOL_NODES = (n.Compare, n.Logic, n.Not)
RELATIONS = ("=", "#", "<", "<=", ">", ">=")


class SyntaxErrors(Exception):
    """Every syntax error of a program, found before anything runs."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(diagnostics)
        self.diagnostics = diagnostics


class _Fail(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic)
        self.diagnostic = diagnostic


class LineParser:
    """Recursive descent over the tokens of one line."""

    def __init__(self, tokens: list[Token], source: str, immediate: bool = False) -> None:
        self.tokens = tokens
        self.pos = 0
        self.source = source
        self.immediate = immediate

    # -------------------------------------------------------------- helpers
    def peek(self, offset: int = 0) -> Token:
        return self.tokens[min(self.pos + offset, len(self.tokens) - 1)]

    def advance(self) -> Token:
        tok = self.tokens[self.pos]
        if tok.kind != "END":
            self.pos += 1
        return tok

    def check(self, kind: str, text: str | None = None) -> bool:
        tok = self.peek()
        return tok.kind == kind and (text is None or tok.text == text)

    def match(self, kind: str, text: str | None = None) -> Token | None:
        if self.check(kind, text):
            return self.advance()
        return None

    def fail(self, what: str, tok: Token | None = None, code: Err = Err.SYNTAX, expected: bool = True) -> _Fail:
        """A syntax error at tok: `what` was expected there (or, if not `expected`, what is wrong)."""
        tok = tok or self.peek()
        found = tok.text if tok.kind != "END" else "FIN DE LIGNE"
        text = f"{what} ATTENDU, TROUVE {found}" if code == Err.SYNTAX and expected else what
        return _Fail(Diagnostic(code, text, tok.line, self.source, tok.column))

    def expect(self, kind: str, text: str | None, what: str) -> Token:
        tok = self.match(kind, text)
        if tok is None:
            raise self.fail(what)
        return tok

    def expect_kw(self, word: str) -> Token:
        return self.expect("KW", word, word)

    def expect_op(self, op: str) -> Token:
        return self.expect("OP", op, f"'{op}'")

    # ----------------------------------------------------------- statements
    def statements(self) -> tuple:
        """Parse `s1; s2; ...` up to the end of the line."""
        out = []
        while True:
            if self.check("COMMENT"):
                self.advance()
                break
            if self.check("END"):
                break
            if self.match("OP", ";"):
                continue
            if out and self.check("KW", "PROCEDURE"):
                raise self.fail("PROCEDURE EN DEBUT DE LIGNE SEULEMENT", expected=False)
            out.append(self.statement())
            if self.check("COMMENT") or self.check("END"):
                continue
            self.expect_op(";")
        self.expect("END", None, "FIN DE LIGNE")
        return tuple(out)

    def statement(self) -> object:
        tok = self.peek()
        line = tok.line
        if tok.kind == "KW":
            handler = getattr(self, "stmt_" + tok.text.lower(), None)
            if handler is None:
                raise self.fail("INSTRUCTION")
            self.advance()
            return handler(line)
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
                raise _Fail(Diagnostic(Err.BAD_FORMAT, text, line, self.source, tok.column)) from None
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
        cond = self.condition()
        self.expect_kw("ALORS")
        then = self.branch()
        other = self.branch() if self.match("KW", "SINON") else None
        return n.If(cond, then, other, line)

    def branch(self) -> object:
        if self.check("KW", "FAIRE") or self.check("KW", "PROCEDURE"):
            raise self.fail(f"{self.peek().text} INTERDIT ICI", expected=False)
        return self.statement()

    def stmt_debut(self, line: int) -> n.Block:
        body = []
        while not self.match("KW", "FIN"):
            if self.match("OP", ";"):
                continue
            if self.check("END") or self.check("COMMENT"):
                raise self.fail("FIN")
            body.append(self.branch())
            if not self.check("KW", "FIN") and not self.match("OP", ";"):
                raise self.fail("';' OU FIN")
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
            tok = self.peek()
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
        tok = self.peek()
        return tok.kind in ("END", "COMMENT") or (tok.kind == "OP" and tok.text == ";") or (
            tok.kind == "KW" and tok.text in ("SINON", "FIN"))

    def target(self, computed: bool) -> n.Target:
        tok = self.peek()
        if tok.kind == "NUM" and (not computed or self.peek(1).kind in ("END", "COMMENT")
                                  or self.peek(1).text in (";", "SINON", "FIN", "POUR")):
            self.advance()
            number = tok.value
            if not float(number).is_integer() or not 1 <= number <= MAX_LINE_NUMBER:
                raise self.fail(f"{tok.text}", tok, Err.BAD_LINE_NUMBER)
            return n.Target(int(number), None, None, tok.line)
        if tok.kind == "NAME" and (not computed or self.peek(1).kind in ("END", "COMMENT")
                                   or self.peek(1).text in (";", "SINON", "FIN", "POUR")):
            self.advance()
            return n.Target(None, tok.text, n.Var(tok.text, tok.line) if computed else None, tok.line)
        if not computed:
            raise self.fail("NUMERO DE LIGNE OU ETIQUETTE")
        return n.Target(None, None, self.value(), tok.line)

    # ---------------------------------------------------------- expressions
    def reference(self) -> n.Var | n.Index:
        tok = self.expect("NAME", None, "VARIABLE")
        if self.match("OP", "["):
            indices = [self.value()]
            if self.match("OP", ","):
                indices.append(self.value())
            self.expect_op("]")
            return n.Index(tok.text, tuple(indices), tok.line)
        return n.Var(tok.text, tok.line)

    def value(self) -> object:
        """Parse an expression that must be a value, not a condition."""
        tok = self.peek()
        node = self.nested(self.disjunction(), tok)
        if isinstance(node, BOOL_NODES):
            raise self.fail("EXPRESSION (PAS UNE CONDITION)", tok)
        return node

    def condition(self) -> object:
        """Parse an expression that must be a condition."""
        tok = self.peek()
        node = self.nested(self.disjunction(), tok)
        if not isinstance(node, BOOL_NODES):
            raise self.fail("CONDITION", tok)
        return node

    def nested(self, node: object, tok: Token) -> object:
        """Refuse an expression more than MAX_NESTING levels deep (its variables and constants counted).

        Decision: the Micro's expression stack is bounded, as the real machines' were; the
        bound keeps every expression within what the generated Python can nest (a sum of
        3000 terms made the compilers fail with an InternalError).
        """
        if nesting(node) > MAX_NESTING:
            raise self.fail(f"EXPRESSION TROP COMPLEXE (PLUS DE {MAX_NESTING} NIVEAUX)",
                            tok, expected=False)
        return node

    def _bool_operand(self, node: object, tok: Token) -> object:
        if not isinstance(node, BOOL_NODES):
            raise self.fail("CONDITION", tok)
        return node

    def disjunction(self) -> object:
        tok = self.peek()
        node = self.conjunction()
        while self.check("KW", "OU"):
            op = self.advance()
            self._bool_operand(node, tok)
            right_tok = self.peek()
            right = self._bool_operand(self.conjunction(), right_tok)
            node = n.Logic("OU", node, right, op.line)
        return node

    def conjunction(self) -> object:
        tok = self.peek()
        node = self.negation()
        while self.check("KW", "ET"):
            op = self.advance()
            self._bool_operand(node, tok)
            right_tok = self.peek()
            right = self._bool_operand(self.negation(), right_tok)
            node = n.Logic("ET", node, right, op.line)
        return node

    def negation(self) -> object:
        if self.check("KW", "NON"):
            op = self.advance()
            tok = self.peek()
            return n.Not(self._bool_operand(self.negation(), tok), op.line)
        return self.comparison()

    def comparison(self) -> object:
        left_tok = self.peek()
        left = self.additive()
        tok = self.peek()
        if tok.kind == "OP" and tok.text in RELATIONS:
            self.advance()
            self._value_operand(left, left_tok)
            right_tok = self.peek()
            right = self._value_operand(self.additive(), right_tok)
            return n.Compare(tok.text, left, right, tok.line)
        return left

    def _value_operand(self, node: object, tok: Token) -> object:
        if isinstance(node, BOOL_NODES):
            raise self.fail("EXPRESSION (PAS UNE CONDITION)", tok)
        return node

    def additive(self) -> object:
        tok = self.peek()
        if tok.kind == "OP" and tok.text in "+-" and tok.text:
            self.advance()
            start = self.peek()
            node = n.Unary(tok.text, self._value_operand(self.term(), start), tok.line)
        else:
            node = self.term()
        while self.peek().kind == "OP" and self.peek().text in ("+", "-", "!"):
            op = self.advance()
            self._value_operand(node, tok)
            start = self.peek()
            right = self._value_operand(self.term(), start)
            node = n.Binary(op.text, node, right, op.line)
        return node

    def term(self) -> object:
        tok = self.peek()
        node = self.power()
        while self.peek().kind == "OP" and self.peek().text in ("*", "/"):
            op = self.advance()
            self._value_operand(node, tok)
            start = self.peek()
            right = self._value_operand(self.power(), start)
            node = n.Binary(op.text, node, right, op.line)
        return node

    def power(self) -> object:
        # Decision: ^ is left-associative, as in the BASICs of the same micros.
        tok = self.peek()
        node = self.factor()
        while self.check("OP", "^"):
            op = self.advance()
            self._value_operand(node, tok)
            start = self.peek()
            right = self._value_operand(self.factor(), start)
            node = n.Binary("^", node, right, op.line)
        return node

    def factor(self) -> object:
        tok = self.peek()
        if tok.kind == "NUM":
            self.advance()
            return n.Num(tok.value, tok.line)
        if tok.kind == "STR":
            self.advance()
            return n.Str(tok.value, tok.line)
        if tok.kind == "PROC":
            return self.call()
        if tok.kind == "NAME":
            if self.peek(1).kind == "OP" and self.peek(1).text == "(":
                return self.builtin()
            return self.reference()
        if tok.kind == "OP" and tok.text == "(":
            self.advance()
            node = self.disjunction()
            self.expect_op(")")
            return node
        if tok.kind == "OP" and tok.text in "+-":
            # Extension: a sign inside an expression (A*-B) is accepted.
            self.advance()
            start = self.peek()
            return n.Unary(tok.text, self._value_operand(self.factor(), start), tok.line)
        if tok.kind == "KW" and tok.text == "SI":
            self.advance()
            cond = self.condition()
            self.expect_kw("ALORS")
            then = self.value()
            self.expect_kw("SINON")
            return n.Conditional(cond, then, self.value(), tok.line)
        raise self.fail("EXPRESSION")

    def arguments(self) -> list:
        args: list = []
        self.expect_op("(")
        if not self.match("OP", ")"):
            args.append(self.value())
            while self.match("OP", ","):
                args.append(self.value())
            self.expect_op(")")
        return args

    def call(self) -> n.Call:
        tok = self.advance()
        args = self.arguments() if self.check("OP", "(") else []
        return n.Call(tok.text, tuple(args), tok.line)

    def builtin(self) -> n.BuiltinCall:
        tok = self.advance()
        spec = BUILTINS.get(tok.text)
        if spec is None:
            raise self.fail(tok.text, tok, Err.UNKNOWN_FUNCTION)
        args = self.arguments()
        position_out = None
        if spec.returns_position and len(args) == spec.max_args + 1:
            last = args.pop()
            if not isinstance(last, n.Var):
                raise self.fail(f"VARIABLE ATTENDUE EN DERNIER ARGUMENT DE {tok.text}", tok, expected=False)
            position_out = last
        if not spec.min_args <= len(args) <= spec.max_args:
            raise self.fail(tok.text, tok, Err.ARGUMENT_COUNT)
        return n.BuiltinCall(tok.text, tuple(args), position_out, tok.line)


def parse_statements(source_line: SourceLine, immediate: bool = False) -> n.Line:
    """Parse one source line (number, optional label, statements) or raise _Fail."""
    tokens = tokenize(source_line.text, source_line.number, source_line.column, source_line.original)
    label = None
    if len(tokens) > 2 and tokens[0].kind == "NAME" and tokens[1].kind == "OP" and tokens[1].text == ":":
        label = tokens[0].text
        tokens = tokens[2:]
    parser = LineParser(tokens, source_line.original, immediate)
    statements = parser.statements()
    return n.Line(source_line.number, label, statements, source_line.original)


def parse_line(source_line: SourceLine, immediate: bool = False) -> n.Line:
    """Parse one line and raise SyntaxErrors with its diagnostic if it is wrong."""
    try:
        return parse_statements(source_line, immediate)
    except LexError as error:
        raise SyntaxErrors([error.diagnostic]) from None
    except _Fail as error:
        raise SyntaxErrors([error.diagnostic]) from None


def parse(source: str) -> n.Program:
    """Parse a whole program text; raise SyntaxErrors listing every error found."""
    diagnostics: list[Diagnostic] = []
    source_lines, problems = split_source(source)
    diagnostics.extend(problems)
    by_number: dict[int, n.Line] = {}
    replaced: list[int] = []
    for source_line in source_lines:
        try:
            line = parse_statements(source_line)
        except LexError as error:
            diagnostics.append(error.diagnostic)
            continue
        except _Fail as error:
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


def build_program(lines: list[n.Line], diagnostics: list[Diagnostic]) -> n.Program:
    """Index lines, labels and procedures, and check every static reference."""
    program = n.Program()
    seen: set[int] = set()
    for line in sorted(lines, key=lambda item: item.number):
        if line.number in seen:
            diagnostics.append(Diagnostic(Err.DUPLICATE_LINE, str(line.number), line.number, line.source))
            continue
        seen.add(line.number)
        program.lines.append(line)
        if line.label:
            if line.label in program.labels:
                diagnostics.append(Diagnostic(Err.DUPLICATE_LABEL, line.label, line.number, line.source))
            program.labels[line.label] = line.number
        if line.statements and isinstance(line.statements[0], n.Procedure):
            proc = line.statements[0]
            if proc.name in program.procedures:
                diagnostics.append(Diagnostic(Err.DUPLICATE_PROCEDURE, proc.name, line.number, line.source))
            program.procedures[proc.name] = (line.number, proc)
    for line in program.lines:
        for node in walk(line.statements):
            check_node(node, program, line, diagnostics)
    return program


def check_node(node: object, program: n.Program, line: n.Line, diagnostics: list[Diagnostic]) -> None:
    """Report a static error of one node: unknown label or procedure, wrong argument count."""
    if isinstance(node, n.Faire) and node.end.label and node.end.label not in program.labels:
        diagnostics.append(Diagnostic(Err.UNKNOWN_TARGET, node.end.label, line.number, line.source))
    elif isinstance(node, n.Call):
        known = program.procedures.get(node.name)
        if known is None:
            diagnostics.append(Diagnostic(Err.UNKNOWN_PROCEDURE, node.name, line.number, line.source))
        elif len(known[1].params) != len(node.args):
            diagnostics.append(Diagnostic(Err.ARGUMENT_COUNT, node.name, line.number, line.source))


def nesting(node: object) -> int:
    """How many expression nodes lie on the longest path down from node (without recursion)."""
    deepest = 0
    stack = [(node, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (tuple, list)):
            stack.extend((child, depth) for child in item)
            continue
        fields = getattr(item, "_fields", None)
        if fields is None:
            continue
        deepest = max(deepest, depth)
        for name in fields:
            child = getattr(item, name)
            if isinstance(child, (tuple, list)) or hasattr(child, "_fields"):
                stack.append((child, depth + 1))
    return deepest


def walk(node: object):
    """Yield a node and every node below it, depth first (without recursion: it runs at every compile)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, (tuple, list)):
            stack.extend(reversed(item))
            continue
        fields = getattr(item, "_fields", None)
        if fields is None:
            continue
        yield item
        children = [getattr(item, name) for name in fields]
        stack.extend(child for child in reversed(children)
                     if isinstance(child, (tuple, list)) or hasattr(child, "_fields"))
