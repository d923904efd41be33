"""The fields LIRE takes from typed lines (machine.lse.inputs) are those of the plain rule, the line cut at
each field (spaces and tabs skipped, a field up to the next space, a string taking the rest of the line);
the quick way to a whole number takes what that rule and parse_number_field give, or leaves it to them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machine.errors import LseError
from machine.lse.inputs import InputBuffer, parse_number_field


class PlainFields:
    """The rule as first written: what is left of the line is cut again at every field."""

    def __init__(self, lines: list[str]) -> None:
        self.lines, self.current = list(lines), None

    def take(self, want_string: bool) -> str | None:
        if want_string:
            current, self.current = self.current, None
            if current is not None and current.strip():
                return current.lstrip(" ")
            return self.lines.pop(0) if self.lines else None
        while True:
            if self.current is not None:
                stripped = self.current.lstrip(" \t")
                if stripped:
                    field, _, self.current = stripped.partition(" ")
                    return field
                self.current = None
            if not self.lines:
                return None
            self.current = self.lines.pop(0)


def typed(lines: list[str]) -> InputBuffer:
    buffer = InputBuffer()
    for line in lines:
        buffer.feed(line)
    return buffer


def taken(buffer: InputBuffer, want_string: bool) -> str | None:
    try:
        return buffer.take(want_string)
    except LseError:  # input ended (the plain rule says None)
        return None


CASES = {
    "numbers are cut at spaces": (["1 2  3"], [False] * 4, ["1", "2", "3", None]),
    "tabs before a field are skipped, a tab inside it is kept": (["\t 4\t5 6"], [False] * 2, ["4\t5", "6"]),
    "a string takes what is left of the line": (
        ["7  huit neuf", "dix"], [False, True, True], ["7", "huit neuf", "dix"]),
    "a string after a line read to its end takes the next": (["1", "deux"], [False, True], ["1", "deux"]),
    "a blank rest of a line is no string": (["1   ", "deux"], [False, True], ["1", "deux"]),
    "empty lines give no number": (["", "  ", "5"], [False], ["5"]),
}


@pytest.mark.parametrize("name", list(CASES))
def test_fields_are_cut_as_the_rule_says(name: str) -> None:
    lines, wants, expected = CASES[name]
    buffer = typed(lines)
    assert [taken(buffer, want) for want in wants] == expected
    plain = PlainFields(lines)
    assert [plain.take(want) for want in wants] == expected


TYPED = st.lists(st.text(alphabet=" \t+-.e0123456789x\x0b٣", max_size=24), max_size=5)


@settings(max_examples=400)
@given(lines=TYPED, wants=st.lists(st.booleans(), max_size=12), quick=st.lists(st.booleans(), max_size=12))
def test_every_field_is_the_plain_rules_and_the_quick_way_agrees(lines: list[str], wants: list[bool],
                                                                   quick: list[bool]) -> None:
    buffer, plain = typed(lines), PlainFields(lines)
    for at, want_string in enumerate(wants):
        expected = plain.take(want_string)
        if not want_string and at < len(quick) and quick[at]:
            number = buffer.take_number()
            if number is not None:
                assert expected is not None and number == parse_number_field(expected)
                assert buffer.taken == len(expected)
                continue
        assert taken(buffer, want_string) == expected


@pytest.mark.parametrize("field", ["1" * 400, "1.5", "2e3", "-", "+", "x", "1\t2", "\x0b3", "٣", "-１２"])
def test_the_quick_way_leaves_what_is_not_plainly_a_whole_number_to_the_plain_one(field: str) -> None:
    buffer = typed(["0", field])
    assert buffer.take(False) == "0"
    assert buffer.take_number() is None
    assert buffer.take(False) == field  # nothing was taken


@pytest.mark.parametrize(("field", "number"), [("12", 12.0), ("-7", -7.0), ("+0", 0.0)])
def test_the_quick_way_takes_a_whole_number_with_its_sign(field: str, number: float) -> None:
    buffer = typed(["0   " + field + " 9"])
    assert buffer.take(False) == "0"
    assert buffer.take_number() == number == parse_number_field(field) and buffer.taken == len(field)
    assert buffer.take_number() == 9.0


@pytest.mark.parametrize("field", ["٣", "١٢.٥", "１２", "-１", "1E٣", "۱۲"])
def test_a_number_written_with_digits_other_than_0_to_9_is_no_number(field: str) -> None:
    assert parse_number_field(field) is None  # as the lexer, CNB and the monitor read numbers
    buffer = typed([field])
    assert buffer.take_number() is None and buffer.take(False) == field
