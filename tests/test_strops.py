"""The run-time string operations of strops.py give what the general functions give: result, error, cycles, memory."""

from __future__ import annotations

import pytest

from machine.errors import LseError
from machine.lse import ops
from machine.lse.builtins import BUILTINS, sch
from machine.lse.frames import Globals
from machine.lse.strops import make_cell_store, make_own_store, make_paid_substring, make_ref_store
from machine.lse.values import Memory, Vars, cells_of, new_array
from tests.lse_harness import lines, run_lse

PER_CHAR = 20
MAX = 255


class Meter:
    """A cycle counter as the compiled program's cell is: one attribute."""

    def __init__(self) -> None:
        self.cell_contents = 0


def outcome(call: object, *args: object) -> tuple:
    """(result, None) or (None, (error code, text)) of a call."""
    try:
        return call(*args), None
    except LseError as error:
        return None, (error.code, error.text)


JOINS = [("", ""), ("AB", ""), ("", "CD"), ("AB", "CD"), ("A" * 200, "B" * 55), ("A" * 200, "B" * 56),
         ("A" * 255, ""), ("", "B" * 256), (1.0, "A"), ("A", 2.0), (3.0, 4.0), (new_array("T", (2,)), "A")]


@pytest.mark.parametrize(("left", "right"), JOINS)
def test_the_join_compiled_code_calls_gives_what_the_general_join_gives_and_pays_each_character_of_its_result(
        left, right):
    meter = Meter()

    def charge(key: str, times: int) -> None:
        assert key == "char_scan"
        meter.cell_contents += PER_CHAR * times
    result, error = outcome(ops.make_concat(MAX, charge), left, right)
    assert (result, error) == outcome(ops.make_join(MAX), left, right)
    assert meter.cell_contents == (PER_CHAR * len(result) if error is None else 0)


SUBSTRINGS = [(text, start, count) for text in ("", "ABCDEF", 7.0)
              for start in (0.0, 1.0, 2.0, 2.5, 6.0, 7.0, 9.0, -1.0, 1e300, "A")
              for count in (0.0, 1.0, 3.0, 10.0, 1.5, -1.0, 1e300, "D", "")]


@pytest.mark.parametrize(("text", "start", "count"), SUBSTRINGS)
def test_a_paid_substring_gives_what_sch_gives_and_pays_each_character_copied(text, start, count):
    meter = Meter()
    paid_sch = BUILTINS["SCH"].paid(meter, PER_CHAR)
    result, error = outcome(make_paid_substring(meter, PER_CHAR, paid_sch), text, start, count)
    expected, expected_error = outcome(sch, text, start, count)
    assert (result, error) == ((expected[0] if expected is not None else None), expected_error)
    assert meter.cell_contents == (PER_CHAR * len(result) if error is None else 0)


OWN_STORES = [(current, value, used) for current in ("", "ABCD") for value in ("", "AB", "ABCDEFGHIJKL", 2.0)
              for used in (0, 5)]


@pytest.mark.parametrize(("current", "value", "used"), OWN_STORES)
def test_a_store_into_an_own_chaine_counts_or_refuses_as_vars_assign_does(current, value, used):
    memory, table = Memory(10), Vars(Memory(10))
    memory.used = table.memory.used = cells_of(current) + used
    table.strings.add("S")
    table["S"] = current
    stored = outcome(make_own_store(memory), value, cells_of(current), "S")
    assigned = outcome(table.assign, "S", value)
    assert stored[1] == assigned[1]
    assert (stored[0] if stored[1] is None else current) == table["S"]
    assert memory.used == table.memory.used


def program_variable(declared: bool, current: object, used: int) -> tuple:
    """The program's variable S in a closure cell (unset if current is None), in a memory of 10 cells."""
    def closure() -> object:
        return value  # noqa: F821 - the cell the Globals are bound to
    value = current
    cell = closure.__closure__[0]
    if current is None:
        del value
    names = Globals(Memory(10))
    names.bind({"S": cell})
    names.memory.used = used + cells_of(current)
    if declared:
        names.strings.add("S")
    return names, cell


CELL_STORES = [(declared, current, value, used) for declared in (True, False) for current in (None, "", "ABCD", 2.0)
               for value in ("", "AB", "ABCDEFGHIJKL", 3.0) for used in (0, 5) if not (declared and current == 2.0)]


def cell_of(cell: object) -> object:
    try:
        return cell.cell_contents
    except ValueError:
        return "(unset)"


@pytest.mark.parametrize(("declared", "current", "value", "used"), CELL_STORES)
def test_a_store_into_the_programs_variable_does_what_globals_assign_does(declared, current, value, used):
    mine, cell = program_variable(declared, current, used)
    theirs, their_cell = program_variable(declared, current, used)
    stored = outcome(make_cell_store(mine.cells, mine.strings, mine.memory, mine.assign), "S", value)
    if stored[1] is None:
        cell.cell_contents = stored[0]  # what the code does with the value given: v_S = _sput('S', value)
    expected = outcome(theirs.assign, "S", value)
    assert stored[1] == expected[1]
    assert (cell_of(cell), mine.memory.used) == (cell_of(their_cell), theirs.memory.used)


def containers() -> dict:
    """By-reference targets, each as a fresh (container, key) with a memory of 10 cells where one counts."""
    declared = Vars(Memory(10))
    declared.strings.add("S")
    declared["S"] = "ABC"
    declared.memory.used = 3
    plain = Vars(Memory(10))
    plain["N"] = 1.0
    uncounted = Vars(None)
    uncounted.strings.add("S")
    return {"a declared CHAINE": (declared, "S"), "a number variable": (plain, "N"),
            "a CHAINE nobody counts": (uncounted, "S"), "an element": (new_array("T", (3,)), 2),
            "a temporary string cell": ({0: "X"}, 0), "a temporary number cell": ({0: 1.0}, 0)}


@pytest.mark.parametrize("target", sorted(containers()))
@pytest.mark.parametrize("value", ["", "AB", "ABCDEFGHIJKL", 5.0])
def test_a_store_through_a_reference_does_what_set_ref_does(target, value):
    mine, theirs = containers()[target], containers()[target]
    stored = outcome(make_ref_store(ops.set_ref), value, mine)
    expected = outcome(ops.set_ref, theirs, value)
    assert stored[1] == expected[1]
    assert dict.get(mine[0], mine[1]) == dict.get(theirs[0], theirs[1]) if isinstance(mine[0], dict) else (
        mine[0][mine[1]] == theirs[0][theirs[1]])
    if isinstance(mine[0], Vars) and mine[0].memory is not None:
        assert mine[0].memory.used == theirs[0].memory.used


# Programs whose strings go through these operations, run plain and profiled (same screen, error, cycles).
PROGRAMS = {
    "a join of the longest string (4000) is kept, one more character is refused": lines(
        "10 CHAINE A,B;A←'X';FAIRE 20 POUR I←1 JUSQUA 11", "20 A←A!A", "30 A←A!SCH(A,1,1952);AFFICHER LGR(A)",
        "40 B←A!'Y'", "50 TERMINER"),
    "a number joined to a string is refused": lines("10 CHAINE A;A←'X';B←3;A←A!B", "20 TERMINER"),
    "a substring of a computed length past the end is cut": lines(
        "10 CHAINE A;A←'ABCDEF';N←2;AFFICHER SCH(A,5,N*3)!'.';AFFICHER SCH(A,N,0)!'.'", "20 TERMINER"),
    "a substring of a number is refused": lines("10 A←3;N←1;AFFICHER SCH(A,1,N)", "20 TERMINER"),
    "a substring up to a stop character or a string of stops, from a computed start": lines(
        "10 CHAINE A;A←'AB,CD;EF';P←2;AFFICHER SCH(A,P,',')!'.',SCH(A,P+2,';,')!'.',SCH(A,P*9,',')!'.'",
        "20 AFFICHER SCH(A,P-1.5,',')", "30 TERMINER"),
    "substrings from a start written out are cut at the end, and of a number refused": lines(
        "10 CHAINE A,B;A←'ABCDEF';B←'XYZ'", "20 AFFICHER SCH(A,2,3)!'.',SCH(A,1,0)!'.',SCH(A,6,4)!'.',SCH(A,9,1)!'.'",
        "30 AFFICHER SCH(B,1,2),SCH(A!'GH',7,2),SCH('QRS',3,1)", "40 C←2;AFFICHER SCH(C,1,1)", "50 TERMINER"),
    "a string given by reference is changed by the procedure": lines(
        "10 CHAINE B;B←'AB';&P(B);AFFICHER B", "20 TERMINER", "30 PROCEDURE &P(S)", "40 S←S!SCH(S,1,LGR(S))",
        "50 RETOUR"),
    "a number stored through a reference to a CHAINE is refused": lines(
        "10 CHAINE B;B←'AB';&P(B)", "20 TERMINER", "30 PROCEDURE &P(S)", "40 S←1", "50 RETOUR"),
    "a procedure's own CHAINE counts its cells and refuses a number": lines(
        "10 AFFICHER &F('ABC')", "20 TERMINER", "30 PROCEDURE &F(X) LOCAL X,C", "40 CHAINE C",
        "50 C←X!X;C←SCH(C,2,LGR(C)-2);AFFICHER C;C←LGR(C)", "60 RESULTAT 1"),
}


EXPECTED = {  # what each prints, and the error it ends with
    "a join of the longest string (4000) is kept, one more character is refused": (
        "\n4000 ", "MEMOIRE PLEINE CHAINE DE 4001 CARACTERES EN LIGNE 40"),
    "a number joined to a string is refused": ("", "TYPES INCOMPATIBLES ! EN LIGNE 10"),
    "a number stored through a reference to a CHAINE is refused": ("", "TYPES INCOMPATIBLES B EN LIGNE 40"),
    "a procedure's own CHAINE counts its cells and refuses a number": ("\nBCAB", "TYPES INCOMPATIBLES C EN LIGNE 50"),
    "a string given by reference is changed by the procedure": ("\nABAB", None),
    "a substring of a computed length past the end is cut": ("\nEF.\n.", None),
    "a substring of a number is refused": ("", "TYPES INCOMPATIBLES SCH EN LIGNE 10"),
    "a substring up to a stop character or a string of stops, from a computed start": (
        "\nB.CD..", "ARGUMENT INVALIDE POUR SCH EN LIGNE 20"),
    "substrings from a start written out are cut at the end, and of a number refused": (
        "\nBCD..F..\nXYGHS", "TYPES INCOMPATIBLES SCH EN LIGNE 40"),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_string_programs_run_the_same_plain_and_profiled(name):
    plain, profiled = run_lse(PROGRAMS[name]), run_lse(PROGRAMS[name], profiling=True)
    seen = [(run.output, run.error, run.cycles) for run in (plain, profiled)]
    assert seen[0] == seen[1]
    assert seen[0][:2] == EXPECTED[name]
