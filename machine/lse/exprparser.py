"""The expressions of one LSE line, by recursive descent over its tokens; imports nodes, builtins (the
table), lexer (tokens) and errors only.

A part of the parse phase: parser.LineParser is an ExpressionParser, for the statements around them.
"""

from __future__ import annotations

from machine.errors import Diagnostic, Err, clip
from machine.lse import nodes as n
from machine.lse.builtins import BUILTINS
from machine.lse.lexer import Token

# Parentheses, signs, NON, arguments of calls and built-ins, indices and SI...ALORS...SINON inside an
# expression count one level each (see parser.py: the parser is bounded).
MAX_EXPRESSION_DEPTH = 64
BOOL_NODES = (n.Compare, n.Logic, n.Not)
RELATIONS = ("=", "#", "<", "<=", ">", ">=")
LOGIC = ("ET", "OU")
FACTOR_CONTINUES = frozenset(("*", "/", "^", "(", "["))  # operators after an operand of a product
CONTINUES = frozenset(("+", "-", "!", "*", "/", "^", "(", "[") + RELATIONS)  # operators after an operand
# What a syntax error says was expected agrees with its first word: une instruction, une expression, une
# condition, une variable, la fin (de ligne) are feminine; a keyword, a sign, a name, a number are not, and
# a choice of two (`';' OU FIN`) takes the masculine, as French does.
FEMININE = frozenset(("INSTRUCTION", "EXPRESSION", "CONDITION", "VARIABLE", "FIN"))


def expected_word(what: str) -> str:
    """ATTENDU or ATTENDUE, agreeing with what was expected."""
    return "ATTENDUE" if what.split(" ", 1)[0] in FEMININE and " OU " not in what else "ATTENDU"


class LineFailure(Exception):
    """The first syntax error of one line: the line's parse stops there (parser.py collects them)."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic)
        self.diagnostic = diagnostic


class ExpressionParser:
    """Recursive descent over the tokens of one line: the tokens read, and the expressions."""

    def __init__(self, tokens: list[Token], source: str) -> None:
        self.tokens = tokens
        self.pos = 0
        self.source = source
        self.depth = 0  # expression nesting levels open

    def nest(self, tok: Token) -> None:
        """Open one level of expression nesting at tok (EXPRESSION TROP IMBRIQUEE past the limit)."""
        self.depth += 1
        if self.depth > MAX_EXPRESSION_DEPTH:
            raise LineFailure(Diagnostic(Err.EXPRESSION_TOO_DEEP, f"({MAX_EXPRESSION_DEPTH} NIVEAUX AU PLUS)",
                                   tok.line, self.source, tok.column))

    # -------------------------------------------------------------- helpers
    def peek(self, offset: int = 0) -> Token:
        # The last token is END and advance() never passes it: only a look further ahead is clamped.
        if not offset:
            return self.tokens[self.pos]
        return self.tokens[min(self.pos + offset, len(self.tokens) - 1)]

    def advance(self) -> Token:
        tok = self.tokens[self.pos]
        if tok.kind != "END":
            self.pos += 1
        return tok

    def check(self, kind: str, text: str | None = None) -> bool:
        tok = self.tokens[self.pos]
        return tok.kind == kind and (text is None or tok.text == text)

    def match(self, kind: str, text: str | None = None) -> Token | None:
        tok = self.tokens[self.pos]
        if tok.kind == kind and (text is None or tok.text == text):
            if kind != "END":
                self.pos += 1
            return tok
        return None

    def fail(self, what: str, tok: Token | None = None, code: Err = Err.SYNTAX, expected: bool = True) -> LineFailure:
        """A syntax error at tok: `what` was expected there (or, if not `expected`, what is wrong)."""
        tok = tok or self.tokens[self.pos]
        found = clip(tok.text) if tok.kind != "END" else "FIN DE LIGNE"
        text = f"{what} {expected_word(what)}, TROUVE {found}" if code == Err.SYNTAX and expected else what
        return LineFailure(Diagnostic(code, text, tok.line, self.source, tok.column))

    def expect(self, kind: str, text: str | None, what: str) -> Token:
        tok = self.tokens[self.pos]  # (match's test, written here: the parse expects some 800 tokens)
        if tok.kind == kind and (text is None or tok.text == text):
            if kind != "END":
                self.pos += 1
            return tok
        raise self.fail(what)

    def expect_kw(self, word: str) -> Token:
        return self.expect("KW", word, word)

    def expect_op(self, op: str) -> Token:
        tok = self.tokens[self.pos]
        if tok.kind == "OP" and tok.text == op:
            self.pos += 1
            return tok
        raise self.fail(f"'{op}'")

    # ---------------------------------------------------------- expressions
    def reference(self) -> n.Var | n.Index:
        tok = self.expect("NAME", None, "VARIABLE")
        if self.match("OP", "["):
            self.nest(tok)
            indices = [self.value()]
            if self.match("OP", ","):
                indices.append(self.value())
            self.expect_op("]")
            self.depth -= 1
            return n.Index(tok.text, tuple(indices), tok.line)
        return n.Var(tok.text, tok.line)

    def value(self) -> object:
        """Parse an expression that must be a value, not a condition."""
        tok = self.tokens[self.pos]
        node = self.disjunction()
        if isinstance(node, BOOL_NODES):
            raise self.fail("EXPRESSION (PAS UNE CONDITION)", tok)
        return node

    def condition(self) -> object:
        """Parse an expression that must be a condition."""
        tok = self.tokens[self.pos]
        node = self.disjunction()
        if not isinstance(node, BOOL_NODES):
            raise self.fail("CONDITION", tok)
        return node

    def _bool_operand(self, node: object, tok: Token) -> object:
        if not isinstance(node, BOOL_NODES):
            raise self.fail("CONDITION", tok)
        return node

    def disjunction(self) -> object:
        tokens, pos = self.tokens, self.pos
        tok = tokens[pos]
        kind = tok.kind
        if kind == "NUM" or kind == "NAME" or kind == "STR":
            # Decision: an expression that is one number, string or variable (most of them) is
            # made here, without going down the nine levels that would each find nothing to do.
            after = tokens[pos + 1]  # tok is not the END, so there is one after it
            if not ((after.kind == "OP" and after.text in CONTINUES) or (after.kind == "KW" and after.text in LOGIC)):
                self.pos = pos + 1
                return _lone(tok)
        node = self.conjunction()
        while (op := tokens[self.pos]).kind == "KW" and op.text == "OU":
            self.pos += 1
            self._bool_operand(node, tok)
            right_tok = self.tokens[self.pos]
            right = self._bool_operand(self.conjunction(), right_tok)
            node = n.Logic("OU", node, right, op.line)
        return node

    def conjunction(self) -> object:
        tokens = self.tokens
        tok = tokens[self.pos]
        node = self.negation() if tok.kind == "KW" and tok.text == "NON" else self.comparison()
        while (op := tokens[self.pos]).kind == "KW" and op.text == "ET":
            self.pos += 1
            self._bool_operand(node, tok)
            right_tok = self.tokens[self.pos]
            right = self._bool_operand(self.negation(), right_tok)
            node = n.Logic("ET", node, right, op.line)
        return node

    def negation(self) -> object:
        op = self.tokens[self.pos]
        if op.kind == "KW" and op.text == "NON":
            self.pos += 1
            self.nest(op)
            tok = self.tokens[self.pos]
            node = n.Not(self._bool_operand(self.negation(), tok), op.line)
            self.depth -= 1
            return node
        return self.comparison()

    def comparison(self) -> object:
        left_tok = self.tokens[self.pos]
        left = self.additive()
        tok = self.tokens[self.pos]
        if tok.kind == "OP" and tok.text in RELATIONS:
            self.pos += 1
            self._value_operand(left, left_tok)
            right_tok = self.tokens[self.pos]
            right = self._value_operand(self.additive(), right_tok)
            return n.Compare(tok.text, left, right, tok.line)
        return left

    def _value_operand(self, node: object, tok: Token) -> object:
        if isinstance(node, BOOL_NODES):
            raise self.fail("EXPRESSION (PAS UNE CONDITION)", tok)
        return node

    def additive(self) -> object:
        tokens = self.tokens
        tok = tokens[self.pos]
        if tok.kind == "OP" and tok.text in "+-" and tok.text:
            self.pos += 1
            self.nest(tok)
            start = self.tokens[self.pos]
            node = n.Unary(tok.text, self._value_operand(self.term(), start), tok.line)
            self.depth -= 1
        else:
            node = self.term()
        while (op := tokens[self.pos]).kind == "OP" and op.text in ("+", "-", "!"):
            self.pos += 1
            self._value_operand(node, tok)
            start = self.tokens[self.pos]
            right = self._value_operand(self.term(), start)
            node = n.Binary(op.text, node, right, op.line)
        return node

    def term(self) -> object:
        tokens = self.tokens
        tok = tokens[self.pos]
        kind = tok.kind
        if kind == "NUM" or kind == "NAME" or kind == "STR":
            # As in disjunction: a lone operand of a sum, made at once when no * / ^ ( [ follows.
            after = tokens[self.pos + 1]
            if after.kind != "OP" or after.text not in FACTOR_CONTINUES:
                self.pos += 1
                return _lone(tok)
        node = self.power()
        while (op := tokens[self.pos]).kind == "OP" and op.text in ("*", "/"):
            self.pos += 1
            self._value_operand(node, tok)
            start = self.tokens[self.pos]
            right = self._value_operand(self.power(), start)
            node = n.Binary(op.text, node, right, op.line)
        return node

    def power(self) -> object:
        # Decision: ^ is left-associative, as in the BASICs of the same micros.
        tokens = self.tokens
        tok = tokens[self.pos]
        node = self.factor()
        while (op := tokens[self.pos]).kind == "OP" and op.text == "^":
            self.pos += 1
            self._value_operand(node, tok)
            start = self.tokens[self.pos]
            right = self._value_operand(self.factor(), start)
            node = n.Binary("^", node, right, op.line)
        return node

    def factor(self) -> object:
        tok = self.tokens[self.pos]
        if tok.kind == "NUM":
            self.pos += 1
            return n.Num(tok.value, tok.line)
        if tok.kind == "STR":
            self.pos += 1
            return n.Str(tok.value, tok.line)
        if tok.kind == "PROC":
            return self.call()
        if tok.kind == "NAME":
            after = self.tokens[self.pos + 1]
            if after.kind == "OP" and after.text == "(":
                return self.builtin()
            return self.reference()
        if tok.kind == "OP" and tok.text == "(":
            self.advance()
            self.nest(tok)
            node = self.disjunction()
            self.expect_op(")")
            self.depth -= 1
            return node
        if tok.kind == "OP" and tok.text in "+-":
            # Extension: a sign inside an expression (A*-B) is accepted. Decision: it signs the power that
            # follows, as a sign first does (^ binds tighter than a sign): 2*-3^2 = -18, 2^-1^2 = 2^(-(1^2));
            # and * / on its left come first, as ever: 8/-2/2 = (8/(-2))/2.
            self.advance()
            self.nest(tok)
            start = self.tokens[self.pos]
            node = n.Unary(tok.text, self._value_operand(self.power(), start), tok.line)
            self.depth -= 1
            return node
        if tok.kind == "KW" and tok.text == "SI":
            self.advance()
            self.nest(tok)
            cond = self.condition()
            self.expect_kw("ALORS")
            then = self.value()
            self.expect_kw("SINON")
            node = n.Conditional(cond, then, self.value(), tok.line)
            self.depth -= 1
            return node
        raise self.fail("EXPRESSION")

    def arguments(self) -> list:
        args: list = []
        self.nest(self.expect_op("("))
        if not self.match("OP", ")"):
            args.append(self.value())
            while self.match("OP", ","):
                args.append(self.value())
            self.expect_op(")")
        self.depth -= 1
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


def _lone(tok: Token) -> object:
    """The node of a number, a string or a variable that is a whole operand by itself."""
    if tok.kind == "NAME":
        return n.Var(tok.text, tok.line)
    return n.Num(tok.value, tok.line) if tok.kind == "NUM" else n.Str(tok.value, tok.line)
