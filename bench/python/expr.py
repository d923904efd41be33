"""Random arithmetic expressions built as strings and evaluated by recursive descent, like bench/lse/expr.lse."""

import sys


class Generator:
    """Random expressions from the congruential sequence x <- (75x + 74) mod 65537."""

    def __init__(self) -> None:
        self.x = 1

    def draw(self) -> int:
        """The next number of the sequence."""
        self.x = (self.x * 75 + 74) % 65537
        return self.x

    def gen(self, depth: int) -> str:
        """An expression of at most `depth` levels of operators."""
        x = self.draw()
        if depth == 0 or x < 16000:
            return str(x % 11 + 1)
        op = x % 4
        if op == 3:
            return "(" + self.gen(depth - 1) + "-" + self.gen(depth - 1) + ")"
        left = self.gen(depth - 1)
        return left + "+-*"[op] + self.gen(depth - 1)


class Parser:
    """A recursive-descent evaluator of an expression ended by a full stop."""

    def __init__(self, text: str) -> None:
        self.text = text + "."
        self.pos = 0

    def peek(self) -> str:
        """The character at the reading position."""
        return self.text[self.pos]

    def expr(self) -> int:
        """Terms joined by + and -."""
        v = self.term()
        while self.peek() in "+-":
            op = self.peek()
            self.pos += 1
            t = self.term()
            v = v + t if op == "+" else v - t
        return v

    def term(self) -> int:
        """Factors joined by *."""
        v = self.factor()
        while self.peek() == "*":
            self.pos += 1
            v *= self.factor()
        return v

    def factor(self) -> int:
        """A number, digit by digit, or an expression in brackets."""
        if self.peek() == "(":
            self.pos += 1
            v = self.expr()
            self.pos += 1
            return v
        v = 0
        while self.peek().isdigit():
            v = v * 10 + int(self.peek())
            self.pos += 1
        return v


def main() -> None:
    ne, depth = map(int, sys.stdin.read().split())
    g = Generator()
    total = chars = longest = negative = bad = 0
    for _ in range(ne):
        e = g.gen(depth)
        chars += len(e)
        p = Parser(e)
        v = p.expr()
        if p.pos != len(e):
            bad += 1
        total = (total + v) % 100003
        longest = max(longest, len(e))
        if v < 0:
            negative += 1
    print(f"EXPRESSIONS: {ne} CARACTERES: {chars}")
    print(f"SOMME: {total} NEGATIVES: {negative} PLUS LONGUE: {longest} ERREURS: {bad}")


if __name__ == "__main__":
    main()
