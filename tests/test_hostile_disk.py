"""Hostile files on the Micro's disk (issue 17, points 5, 6, 8, 9): corrupt records, links, full or read-only disks."""

from __future__ import annotations

import errno
import json
import os
import time
import tracemalloc

import pytest

from machine.disk import STALE_SECONDS, Disk
from machine.errors import Err
from machine.lse.source import Limits
from machine.micro import Micro
from machine.monitor import Monitor
from machine.profile import load_profile
from tests.lse_harness import run_lse

# The host's errors in the Micro's words, each exercised below (test_errors checks the catalogue is covered).
HOST_ERRORS = {Err.DISK_READ_ONLY, Err.DISK_FULL, Err.NOT_A_FILE, Err.FILE_UNREADABLE, Err.DISK_ACCESS_DENIED,
               Err.NOT_SAVED}
LOAD = "10 CHARGER X,1,'#F',S\n20 AFFICHER S\n30 TERMINER\n"


def load_from(tmp_path, content: str | bytes, source: str = LOAD):
    """Run `source` on a disk whose F.don holds `content`."""
    raw = content.encode("utf-8") if isinstance(content, str) else content
    (tmp_path / "F.don").write_bytes(raw)
    return run_lse(source, disk=Disk(tmp_path))


# ---------------------------------------------------------------- corrupt data files (point 5)

CORRUPT = [
    '{"1": {"dims": [1]}}', '{"1": {"values": [1]}}', '{"1": {"dims": [2], "values": [1]}}',
    '{"1": {"dims": [1], "values": [1, 2]}}', '{"1": {"dims": ["a"], "values": [1]}}',
    '{"1": {"dims": [1.5], "values": [1]}}', '{"1": {"dims": [0], "values": []}}',
    '{"1": {"dims": [-1], "values": []}}', '{"1": {"dims": [], "values": []}}',
    '{"1": {"dims": [1, 1, 1], "values": [1]}}', '{"1": {"dims": [true], "values": [1]}}',
    '{"1": {"dims": [1], "values": ["a"]}}', '{"1": {"dims": [1], "values": [null]}}',
    '{"1": {"dims": [1], "values": [NaN]}}', '{"1": {"dims": [1], "values": 1}}',
    '{"1": {"dims": [1], "values": [1], "x": 1}}', '{"1": null}', '{"1": true}', '{"1": [1, 2]}',
    '{"1": NaN}', '{"1": Infinity}', '{"1": -Infinity}', '{"1": 1e999}', '{"1": ' + "9" * 5000 + "}",
    "[1]", '"x"', "{", "", "[" * 100_000, b"\xff\xfe{}",
]


@pytest.mark.parametrize("content", CORRUPT, ids=range(len(CORRUPT)))
def test_a_corrupt_data_file_is_fichier_illisible_in_the_line_that_reads_it(tmp_path, content):
    result = load_from(tmp_path, content)
    assert result.error == "FICHIER F ILLISIBLE EN LIGNE 10"


def test_a_string_of_the_longest_length_loads(tmp_path):
    longest = "A" * load_profile().max_string
    source = "10 CHARGER X,1,'#F',S\n20 AFFICHER LGR(X),S\n30 TERMINER\n"
    result = load_from(tmp_path, json.dumps({"1": longest}), source)
    assert (result.error, result.output.split()) == (None, [str(len(longest)), "3"])  # 3: a string


def test_good_records_still_load_beside_the_checks(tmp_path):
    records = {"1": {"dims": [2, 2], "values": [1, 2, 3, 4]}}
    result = load_from(tmp_path, json.dumps(records), "10 CHARGER X,1,'#F',S\n20 AFFICHER S,X[2,1]\n30 TERMINER\n")
    assert (result.error, result.output.split()) == (None, ["2", "3"])



@pytest.mark.parametrize(("source", "line"), [
    (LOAD, 10),
    ("10 CHAINE X;X←'AVANT';CHARGER X,1,'#F',S\n20 AFFICHER S\n30 TERMINER\n", 10),
    ("10 &LU(X);AFFICHER LGR(X)\n20 TERMINER\n30 PROCEDURE &LU(Y)\n40 CHARGER Y,1,'#F',S\n50 RETOUR\n", 40),
], ids=["a new variable", "a chaine", "a parameter by reference"])
def test_a_string_record_longer_than_a_chaine_holds_is_memoire_pleine_as_joining_one_is(tmp_path, source, line):
    result = load_from(tmp_path, json.dumps({"1": "A" * 4001}), source)
    assert result.error == f"MEMOIRE PLEINE CHAINE DE 4001 CARACTERES EN LIGNE {line}"
    result = load_from(tmp_path, json.dumps({"1": "A" * 4000}), source)  # micro40's max_string fits
    assert result.error is None


# ---------------------------------------------------------------- memory bombs (point 6)

def test_a_record_declaring_thirty_million_elements_is_memoire_pleine_before_it_is_built(tmp_path):
    tracemalloc.start()
    try:
        result = load_from(tmp_path, '{"1": {"dims": [30000000], "values": []}}')
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.error == "MEMOIRE PLEINE TABLEAU X EN LIGNE 10"
    assert peak < 20_000_000


def test_a_data_file_larger_than_the_limit_is_never_read_whole(tmp_path):
    disk = Disk(tmp_path, Limits(100, 1000, 10, 64))
    (tmp_path / "F.don").write_text(json.dumps({"1": "A" * 100}))
    micro = Micro(disk=disk)
    micro.load_text(LOAD)
    micro.run_until_blocked()
    assert micro.error_text() == "FICHIER F ILLISIBLE EN LIGNE 10"


def test_a_garer_that_would_pass_the_file_limit_is_disque_plein_and_keeps_the_file(tmp_path):
    disk = Disk(tmp_path, Limits(100, 1000, 10, 64))
    micro = Micro(disk=disk)
    micro.load_text("10 Z←1;GARER Z,1,'#F'\n20 CHAINE A;A←'" + "B" * 80 + "'\n30 GARER A,2,'#F'\n40 TERMINER\n")
    micro.run_until_blocked()
    assert micro.error_text() == "DISQUE PLEIN EN LIGNE 30"
    assert json.loads((tmp_path / "F.don").read_text()) == {"1": 1.0}


def test_a_program_on_the_disk_larger_than_the_limit_is_refused_unread(tmp_path):
    (tmp_path / "GROS.lse").write_text("10 X←1\n" * 200)
    disk = Disk(tmp_path, Limits(100, 1000, 10, 64))
    with pytest.raises(Exception) as caught:
        disk.read_program("GROS")
    assert str(caught.value) == "PROGRAMME TROP GRAND GROS (1000 OCTETS AU PLUS)"


# ---------------------------------------------------------------- host errors in French (point 8)

@pytest.mark.parametrize(("number", "message"), [
    (errno.EROFS, "DISQUE PROTEGE EN ECRITURE EN LIGNE 10"), (errno.ENOSPC, "DISQUE PLEIN EN LIGNE 10"),
    (errno.EACCES, "ACCES AU DISQUE REFUSE EN LIGNE 10"), (errno.EIO, "ERREUR DISQUE F EN LIGNE 10"),
])
def test_a_host_error_on_garer_is_said_in_the_micros_words(tmp_path, monkeypatch, number, message):
    def refuse(*args, **kwargs):
        raise OSError(number, os.strerror(number))
    monkeypatch.setattr("tempfile.mkstemp", refuse)
    result = run_lse("10 Z←1;GARER Z,1,'#F'\n20 TERMINER\n", disk=Disk(tmp_path))
    assert result.error == message
    assert not any(word in result.error for word in ("file", "system", "space", "denied", "Errno"))


def test_a_directory_in_place_of_a_data_file_is_not_a_file_for_reads_and_writes(tmp_path):
    (tmp_path / "F.don").mkdir()
    assert run_lse(LOAD, disk=Disk(tmp_path)).error == "F N'EST PAS UN FICHIER EN LIGNE 10"
    assert run_lse("10 Z←1;GARER Z,1,'#F'\n", disk=Disk(tmp_path)).error == "F N'EST PAS UN FICHIER EN LIGNE 10"
    assert run_lse("10 SUPPRIMER '#F'\n", disk=Disk(tmp_path)).error == "F N'EST PAS UN FICHIER EN LIGNE 10"


def read_only_recovery(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr("tempfile.mkstemp", refuse)


def test_a_save_that_fails_at_exit_says_so_and_the_slot_keeps_what_it_held(tmp_path, monkeypatch):
    disk = Disk(tmp_path)
    disk.save_recovery("10 AFFICHER 'ANCIEN'\n")
    micro = Micro(disk=disk)
    shown: list[str] = []
    micro.listeners.append(shown.append)
    monitor = Monitor(micro, disk)
    monitor.submit("10 AFFICHER 'NOUVEAU'")
    read_only_recovery(monkeypatch)
    said = monitor.shutdown()
    assert said == "PROGRAMME NON GARDE: DISQUE PROTEGE EN ECRITURE"
    assert "PROGRAMME NON GARDE: DISQUE PROTEGE EN\r\nECRITURE" in "".join(shown)  # broken as any error
    assert disk.take_recovery(remove=False) == "10 AFFICHER 'ANCIEN'\n"


def test_a_failed_save_at_exit_is_said_on_stdout_of_the_headless_monitor(tmp_path, monkeypatch):
    import io

    from machine.cli import main
    read_only_recovery(monkeypatch)
    out = io.StringIO()
    main(["--headless", "--disk", str(tmp_path)], io.StringIO("10 AFFICHER 1\n"), out, io.StringIO())
    assert out.getvalue().rstrip().endswith("PROGRAMME NON GARDE: DISQUE PROTEGE EN\nECRITURE")


NOT_KEPT = "PROGRAMME NON GARDE: DISQUE PROTEGE EN\nECRITURE"  # broken between words, as any error


@pytest.mark.parametrize(("typed", "screen_ends"), [
    ("10 AFFICHER 1\nQU\nO\nLI\n",  # a person answers: the Micro stays, with the program, until the input ends
     f"? O\n{NOT_KEPT}\nPRET\nLI\n10 AFFICHER 1\nPRET\n\n{NOT_KEPT}\n"),
    ("10 AFFICHER 1\n", f"PRET\n10 AFFICHER 1\n\n{NOT_KEPT}\n"),  # the input ends: the Micro must end
], ids=["quitter typed stays at the prompt with the program", "the end of the input says so before ending"])
def test_a_program_the_recovery_slot_cannot_keep_is_never_said_kept_and_the_status_is_1(tmp_path, monkeypatch,
                                                                                      typed, screen_ends):
    import io

    from machine.cli import main
    read_only_recovery(monkeypatch)
    out = io.StringIO()
    status = main(["--headless", "--disk", str(tmp_path)], io.StringIO(typed), out, io.StringIO())
    assert out.getvalue().endswith(screen_ends)
    assert "PROGRAMME GARDE" not in out.getvalue() and "AU REVOIR" not in out.getvalue()
    assert status == 1


# ---------------------------------------------------------------- links and special files (point 9)

@pytest.fixture
def outside(tmp_path):
    """A disk, and a file outside it that a link inside points at."""
    disk_dir = tmp_path / "disque"
    disk_dir.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("10 AFFICHER 'SECRET'\n20 TERMINER\n")
    return disk_dir, secret


@pytest.mark.parametrize("name", ["F.don", "P.lse"])
def test_a_link_inside_the_disk_is_refused_for_reads(outside, name):
    disk_dir, secret = outside
    (disk_dir / name).symlink_to(secret)
    if name == "F.don":
        error = run_lse(LOAD, disk=Disk(disk_dir)).error
    else:
        error = run_lse("10 EXECUTER 'P'\n", disk=Disk(disk_dir)).error
    assert error == f"{name[0]} N'EST PAS UN FICHIER EN LIGNE 10"


def test_appeler_and_recuperer_refuse_links_and_catalogue_does_not_list_them(outside):
    disk_dir, secret = outside
    (disk_dir / "P.lse").symlink_to(secret)
    (disk_dir / Disk.RECOVERY).symlink_to(secret)
    disk = Disk(disk_dir)
    monitor = Monitor(Micro(disk=disk), disk)
    shown: list[str] = []
    monitor.micro.listeners.append(shown.append)
    monitor.submit("AP P")
    monitor.submit("RC")
    monitor.submit("CA")
    text = "".join(shown)
    assert "P N'EST PAS UN FICHIER" in text and "RIEN A RECUPERER" in text  # the link is never read
    assert "PROGRAMMES: AUCUN" in text
    assert monitor.lines == {}
    assert secret.read_text().startswith("10 AFFICHER 'SECRET'")


def test_a_link_inside_the_disk_is_refused_for_writes_and_the_target_is_untouched(outside):
    disk_dir, secret = outside
    (disk_dir / "F.don").symlink_to(secret)
    assert run_lse("10 Z←1;GARER Z,1,'#F'\n", disk=Disk(disk_dir)).error == "F N'EST PAS UN FICHIER EN LIGNE 10"
    assert (disk_dir / "F.don").is_symlink() and secret.read_text().startswith("10 AFFICHER")


def test_a_fifo_inside_the_disk_is_refused_without_waiting_for_a_writer(outside):
    disk_dir, _ = outside
    os.mkfifo(disk_dir / "P.lse")
    assert run_lse("10 EXECUTER 'P'\n", disk=Disk(disk_dir)).error == "P N'EST PAS UN FICHIER EN LIGNE 10"


def test_stale_temporary_files_of_a_killed_save_are_cleaned_at_start_young_ones_kept(tmp_path):
    stale, young = tmp_path / ".tmp-abc123", tmp_path / ".tmp-def456"
    stale.write_text("{")
    young.write_text("{")
    old = time.time() - STALE_SECONDS - 5
    os.utime(stale, (old, old))
    Disk(tmp_path)
    assert (stale.exists(), young.exists()) == (False, True)


@pytest.mark.parametrize(("start", "said"), [
    ("1E300", "LIGNE 1.0E+300 INEXISTANTE EN LIGNE 10"), ("-1E300", "LIGNE -1.0E+300 INEXISTANTE EN LIGNE 10"),
    ("70000", "LIGNE 70000 INEXISTANTE EN LIGNE 10"), ("1.5", "LIGNE 1.5 INEXISTANTE EN LIGNE 10"),
    ("'" + "A" * 3000 + "'", "LIGNE " + "A" * 24 + "... INEXISTANTE EN LIGNE 10"),
])
def test_executer_from_a_line_no_program_has_names_it_as_a_computed_jump_does(tmp_path, start, said):
    (tmp_path / "P.lse").write_text("10 TERMINER\n")
    assert run_lse(f"10 EXECUTER 'P',{start}\n", disk=Disk(tmp_path)).error == said


def monitor_on(disk: Disk) -> tuple[Monitor, list[str]]:
    micro = Micro(disk=disk)
    shown: list[str] = []
    micro.listeners.append(shown.append)
    return Monitor(micro, disk), shown


@pytest.mark.parametrize(("typed", "said"), [
    (["RA GROS"], "PROGRAMME TROP GRAND GROS (1509 OCTETS, 1000 AU PLUS)"),
    (["MO GROS"], "PROGRAMME TROP GRAND GROS (1509 OCTETS, 1000 AU PLUS)"),
    (["QU", "O"], "PROGRAMME NON GARDE: PROGRAMME TROP GRAND (1509 OCTETS, 1000 AU PLUS)"),
], ids=["ranger", "modifier", "kept at closing"])
def test_a_program_too_large_to_be_loaded_back_is_not_saved_and_stays_in_memory(tmp_path, typed, said):
    disk = Disk(tmp_path, Limits(100, 1000, 10, 64))  # the prompt takes longer lines, and more of them
    monitor, shown = monitor_on(disk)
    for number in (10, 20, 30):
        monitor.submit(f"{number} AFFICHER '{'A' * 488}'")
    for line in typed:
        monitor.submit(line)
    assert said in " ".join("".join(shown).replace("\r\n", " ").split())
    assert sorted(monitor.lines) == [10, 20, 30] and not monitor.leaving
    assert [path.name for path in tmp_path.iterdir() if not path.name.startswith(".historique")] == []
