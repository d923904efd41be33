"""GARER, CHARGER, SUPPRIMER and EXECUTER on the Micro's disk, and its name checks."""

from __future__ import annotations

import pytest

from machine.disk import Disk, check_name
from machine.errors import LseError
from machine.lse.runtime import Status
from machine.micro import Micro


def run_on_disk(source: str, disk: Disk) -> tuple[str, Status, str | None]:
    micro = Micro(disk=disk)
    chunks: list[str] = []
    micro.listeners.append(chunks.append)
    micro.load_text(source)
    status = micro.run_until_blocked()
    return "".join(chunks).replace("\r\n", "\n"), status, micro.error_text()


def test_a_number_a_string_and_an_array_come_back_as_they_were_stored(tmp_path):
    source = (
        "10 TABLEAU T[2,2];T[1,2]←7;CHAINE S;S←'ÉTÉ';N←-2.5\n"
        "20 GARER T,1,'#DONNEES';GARER S,2,'#DONNEES';GARER N,3,'#DONNEES'\n"
        "30 LIBERER T,S,N\n"
        "40 CHARGER T,1,'#DONNEES',A;CHARGER S,2,'#DONNEES',B;CHARGER N,3,'#DONNEES',C\n"
        "50 AFFICHER T[1,2],S,N,A,B,C;TERMINER\n"
    )
    output, status, _ = run_on_disk(source, Disk(tmp_path))
    assert status is Status.ENDED
    assert output == "\n7 ÉTÉ-2.5 2 3 0 "
    assert (tmp_path / "DONNEES.don").exists()


@pytest.mark.parametrize("setup, expected", [
    ("", "-2 "),
    ("Z←1;GARER Z,5,'#F';", "-1 "),
    ("Z←1;GARER Z,1,'#F';SUPPRIMER '#F',1;", "-1 "),
    ("Z←1;GARER Z,1,'#F';SUPPRIMER '#F';", "-2 "),
])
def test_charger_reports_a_missing_file_or_record_in_its_status(tmp_path, setup, expected):
    source = f"10 {setup}CHARGER X,1,'#F',S;AFFICHER S;TERMINER\n"
    output, status, _ = run_on_disk(source, Disk(tmp_path))
    assert status is Status.ENDED
    assert output == "\n" + expected


def test_a_temporary_file_is_kept_in_memory_not_on_the_disk(tmp_path):
    source = "10 Z←3;GARER Z,1,'BROUILL';CHARGER Y,1,'BROUILL',S;AFFICHER Y,S;TERMINER\n"
    output, _, _ = run_on_disk(source, Disk(tmp_path))
    assert output == "\n3 0 "
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["../ETC", "#../X", "A/B", "", "1ABC", "#", "TROPLONGNOM", "A B"])
def test_a_file_name_that_is_not_letters_and_digits_is_refused(tmp_path, name):
    source = f"10 Z←1;GARER Z,1,'{name}';TERMINER\n"
    _, status, error = run_on_disk(source, Disk(tmp_path))
    assert status is Status.FAILED
    assert error.startswith("NOM DE FICHIER INVALIDE")
    assert error.endswith("EN LIGNE 10")
    assert list(tmp_path.iterdir()) == []


def test_check_name_upper_cases_a_good_name():
    assert check_name("essai2") == "ESSAI2"
    with pytest.raises(LseError):
        check_name(3.0)


def test_an_unwritable_disk_gives_an_lse_error_and_leaves_the_old_file(tmp_path):
    blocked = tmp_path / "blocked"
    blocked.write_text("not a directory")
    _, status, error = run_on_disk("10 Z←1;GARER Z,1,'#F';TERMINER\n", Disk(blocked / "disk"))
    assert status is Status.FAILED
    assert error.startswith("ERREUR DISQUE") and error.endswith("EN LIGNE 10")
    assert blocked.read_text() == "not a directory"


def test_executer_chains_to_a_saved_program_at_the_given_line(tmp_path):
    disk = Disk(tmp_path)
    disk.write_program("SUITE", "10 AFFICHER 'DEBUT'\n20 AFFICHER 'SUITE'\n30 TERMINER\n")
    output, status, _ = run_on_disk("10 AFFICHER 'UN';EXECUTER 'SUITE',20\n", disk)
    assert status is Status.ENDED
    assert output == "\nUN\nSUITE"


def test_executer_reaches_the_books_programs_as_appeler_does_a_saved_one_first(tmp_path):
    output, status, _ = run_on_disk("10 EXECUTER 'PYTHAGORE'\n", Disk(tmp_path))
    assert status is Status.ENDED
    assert "SOMME DE PYTHAGORE" in output
    disk = Disk(tmp_path)
    disk.write_program("COMPTE", "10 AFFICHER 'LA MIENNE'\n20 TERMINER\n")  # (the book has a COMPTE too)
    assert run_on_disk("10 EXECUTER 'compte'\n", disk)[:2] == ("\nLA MIENNE", Status.ENDED)


def test_executer_of_a_missing_program_fails_in_the_line_that_asked(tmp_path):
    _, status, error = run_on_disk("10 Z←0\n20 EXECUTER 'ABSENT'\n", Disk(tmp_path))
    assert status is Status.FAILED
    assert error == "PROGRAMME ABSENT INEXISTANT EN LIGNE 20"


def test_a_program_without_a_disk_gets_a_disk_error():
    micro = Micro()
    micro.load_text("10 Z←1;GARER Z,1,'#F'\n")
    assert micro.run_until_blocked() is Status.FAILED
    assert micro.error_text() == "ERREUR DISQUE PAS DE DISQUE EN LIGNE 10"


@pytest.mark.parametrize("file", ["#DONNEES", "DONNEES"])
def test_a_data_file_permanent_or_temporary_holds_no_more_than_the_profile_allows(tmp_path, file):
    from machine.lse.source import Limits
    limits = Limits(max_line_chars=32767, max_program_bytes=262144, max_program_lines=9999, max_data_file_bytes=1000)
    source = (f"10 CHAINE S;S←'ABCDEFGHIJ';FAIRE 20 POUR R←1 JUSQUA 100\n"
              f"20 GARER S,R,'{file}';AFFICHER R\n"
              f"30 TERMINER\n")
    output, status, error = run_on_disk(source, Disk(tmp_path, limits))
    assert (status, error) == (Status.FAILED, "DISQUE PLEIN EN LIGNE 20")
    # {"1": "ABCDEFGHIJ", ...}: 2, 17 a record of one digit, 18 of two, ", " between: 50 records in 991
    assert output.split() == [str(r) for r in range(1, 51)]


def test_a_temporary_file_within_its_limit_is_stored_and_rewritten_whole(tmp_path):
    from machine.lse.source import Limits
    limits = Limits(max_line_chars=32767, max_program_bytes=262144, max_program_lines=9999, max_data_file_bytes=50)
    source = ("10 CHAINE S;S←'ABCDEFGHIJ';GARER S,1,'F';GARER S,2,'F';SUPPRIMER 'F',1;GARER S,3,'F'\n"
              "20 S←'ABCDEFGHIJKLMNOPQRST';GARER S,3,'F';CHARGER S,3,'F';AFFICHER S\n"
              "30 SUPPRIMER 'F';GARER S,1,'F';GARER S,3,'F'\n"
              "40 TERMINER\n")
    output, status, error = run_on_disk(source, Disk(tmp_path, limits))
    assert (output, error) == ("\nABCDEFGHIJKLMNOPQRST", "DISQUE PLEIN EN LIGNE 30")


# A data file written by hand, or by the other machine (micro40 holds doubles), loaded on console80: each number is
# read as a constant is (the float32 nearest its decimal) and made a float32, or overflows past float32's range.
SINGLE_LOADS = [
    ('{"1": 0.1}', "X←0;CHARGER X,1,'#DON';AFFICHER X-0.1", "0"),
    ('{"1": 16777217.000000001}', "CHARGER X,1,'#DON';AFFICHER X-16777216", "2"),
    ('{"1": {"dims": [2], "values": [0.1, 16777217.000000001]}}',
     "CHARGER T,1,'#DON';AFFICHER T[1]-0.1,T[2]-16777216", "0 2"),
    ('{"1": 1e300}', "CHARGER X,1,'#DON'", "DEPASSEMENT DE CAPACITE"),
    ('{"1": {"dims": [1], "values": [1e39]}}', "CHARGER T,1,'#DON'", "DEPASSEMENT DE CAPACITE"),
]


@pytest.mark.parametrize(("data", "program", "shown"), SINGLE_LOADS, ids=[
    "a double read as its float32", "a decimal past a halfway point to its nearest float32",
    "an array's elements so too", "a number past float32's range", "an element past float32's range"])
def test_charger_on_console80_makes_each_number_of_a_file_a_float32(tmp_path, data, program, shown) -> None:
    from machine.profile import load_profile

    (tmp_path / "DON.don").write_text(data)
    micro = Micro(load_profile("console80"), disk=Disk(tmp_path))
    out: list[str] = []
    micro.listeners.append(out.append)
    micro.load_text(f"10 {program}\n20 TERMINER\n")
    micro.run_until_blocked()
    error = micro.error_text() or ""
    if shown == "DEPASSEMENT DE CAPACITE":
        assert shown in error and "EN LIGNE 10" in error, error
    else:
        assert "".join(out).split() == shown.split() and not error, ("".join(out), error)


def test_charger_on_micro40_keeps_each_number_of_a_file_a_double(tmp_path) -> None:
    (tmp_path / "DON.don").write_text('{"1": 0.1, "2": 1e300}')
    out, status, error = run_on_disk("10 CHARGER X,1,'#DON';CHARGER Y,2,'#DON';AFFICHER X*3,Y\n20 TERMINER\n",
                                     Disk(tmp_path))
    assert error is None and "0.3" in out and "1.0E+300" in out
