"""What each node of a graph of calls reaches (analyses.reached), each set of names kept as the bits of one int.

Imports nothing of the compiler's."""

from __future__ import annotations

from collections.abc import Iterable, Iterator


class NameBits:
    """A set of names, read only, kept as the bits of an int over an index of names shared by many (`names`: the
    name of each bit): `in`, `&` and `|` with a set (giving one), iteration, length and equality as a set has them."""

    __slots__ = ("bits", "names", "index")

    def __init__(self, bits: int, names: list[str], index: dict[str, int]) -> None:
        self.bits, self.names, self.index = bits, names, index

    def __contains__(self, name: object) -> bool:
        at = self.index.get(name)  # type: ignore[arg-type]
        return at is not None and self.bits >> at & 1 == 1

    def __iter__(self) -> Iterator[str]:
        bits, names = self.bits, self.names
        while bits:
            low = bits & -bits
            yield names[low.bit_length() - 1]
            bits ^= low

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __bool__(self) -> bool:
        return self.bits != 0

    def __and__(self, other: Iterable[str]) -> frozenset[str]:
        return frozenset(name for name in other if name in self)

    __rand__ = __and__

    def __or__(self, other: Iterable[str]) -> frozenset[str]:
        return frozenset(self).union(other)

    __ror__ = __or__

    def __eq__(self, other: object) -> bool:
        return frozenset(self) == (frozenset(other) if isinstance(other, (set, frozenset, NameBits)) else other)

    __hash__ = None  # type: ignore[assignment]  (a set of names: unhashable, as a set is)

    def __repr__(self) -> str:
        return f"NameBits({sorted(self)})"


class NameIndex:
    """The index of names that many NameBits share: each name's bit, given in the order names come."""

    __slots__ = ("names", "index")

    def __init__(self) -> None:
        self.names: list[str] = []
        self.index: dict[str, int] = {}

    def bits_of(self, named: Iterable[str]) -> int:
        """The bits of some names (a name not met yet gets the next bit)."""
        found, index, names = 0, self.index, self.names
        for name in named:
            at = index.get(name)
            if at is None:
                at = index[name] = len(names)
                names.append(name)
            found |= 1 << at
        return found

    def set_of(self, bits: int) -> NameBits:
        """The set of names some bits stand for."""
        return NameBits(bits, self.names, self.index)


def reached(edges: dict[str, set[str]], own: dict[str, set[str]] | None = None) -> dict[str, NameBits]:
    """What each node reaches by one edge or more (a node of a cycle reaches itself); with `own`, instead, the
    union of what `own` gives the node and every node it reaches.

    Decision: each strongly connected part (closing_parts), callees first, gets the union of its edges' targets
    and their reach, one set shared by the part: a chain of 1 000 procedures calling each other took 0.5 s walking
    each one's reach node by node, and as long again to union what each stores; now unions. Each set is the bits
    of an int: the reach of each link of a chain is what comes after it, the square of its length in all (a chain
    of 2 000 procedures storing as many globals held 87 MB of sets, each three times: 340 MB; now 1 MB of ints)."""
    names = NameIndex()
    reach: dict[str, int] = {}
    for part in closing_parts(edges):
        members, found = set(part), 0
        for member in part:
            found |= names.bits_of(edges[member] if own is None else own[member])
            for target in edges[member] - members:
                found |= reach[target]
        for member in part:
            reach[member] = found
    return {node: names.set_of(bits) for node, bits in reach.items()}


def closing_parts(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of a graph, each after every part it reaches (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    parts = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(edges[target])))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while not part or part[-1] != node:
                    part.append(stack.pop())
                    on_stack.discard(part[-1])
                parts.append(part)
    return parts
