"""The headless command line (machine/cli.py, main.py): exit statuses, streams and options."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from machine.cli import main
from machine.profile import cache_profiles, load_profile

ROOT = Path(__file__).resolve().parent.parent


def run_cli(tmp_path: Path, *args: str, program: str | None = None, stdin: str = "") -> tuple[int, str, str]:
    """Run main() with an optional program written to tmp_path/prog.lse; return (status, stdout, stderr)."""
    argv = list(args)
    if program is not None:
        path = tmp_path / "prog.lse"
        path.write_text(program, encoding="utf-8")
        argv.insert(0, str(path))
    out, err = io.StringIO(), io.StringIO()
    status = main(argv + ["--disk", str(tmp_path / "disque")], io.StringIO(stdin), out, err)
    return status, out.getvalue(), err.getvalue()


def test_a_program_that_terminates_exits_0_with_its_output_on_stdout(tmp_path):
    status, out, err = run_cli(tmp_path, program="10 AFFICHER 'BONJOUR';AFFICHER 6*7\n20 TERMINER\n")
    assert (status, out, err) == (0, "\nBONJOUR\n42 \n", "")


def test_a_runtime_error_exits_1_with_the_message_on_stderr(tmp_path):
    status, out, err = run_cli(tmp_path, program="10 AFFICHER 'AVANT'\n20 X←1/0\n30 TERMINER\n")
    assert (status, out, err) == (1, "\nAVANT\n", "DIVISION PAR ZERO EN LIGNE 20\n")


def test_falling_off_the_end_is_an_error(tmp_path):
    status, _, err = run_cli(tmp_path, program="10 X←1\n")
    assert (status, err) == (1, "FIN DU PROGRAMME ATTEINTE SANS TERMINER EN LIGNE 10\n")


def test_syntax_errors_exit_1_listing_every_error_and_their_count(tmp_path):
    status, out, err = run_cli(tmp_path, program="10 AFFICHER 'NON'\n20 X←(1\n30 Y←$\n40 TERMINER\n")
    assert (status, out) == (1, "")
    assert err == ("')' ATTENDU, TROUVE FIN DE LIGNE EN LIGNE 20\n20 X←(1\n       ^\n"
                   "CARACTERE INVALIDE $ EN LIGNE 30\n30 Y←$\n     ^\n"
                   "2 ERREURS DE SYNTAXE\n")


@pytest.mark.parametrize("program", ["", "\n\n", "\ufeff"], ids=["empty", "blank lines", "a byte order mark"])
def test_a_file_without_a_line_says_there_is_no_program_and_exits_1(tmp_path, program):
    assert run_cli(tmp_path, "--headless", program=program) == (1, "", "PAS DE PROGRAMME\n")


def test_check_only_parses(tmp_path):
    assert run_cli(tmp_path, "--check", program="10 AFFICHER 'NON'\n20 X←1/0\n") == (0, "", "")
    status, out, err = run_cli(tmp_path, "--check", program="10 SI X ALORS Y←1\n")
    assert (status, out) == (1, "")
    assert err.endswith("1 ERREUR DE SYNTAXE\n")


@pytest.mark.parametrize(("args", "needs_program", "fragment"), [
    (["--bogus"], True, "unrecognized arguments: --bogus"),
    (["--seed", "abc"], True, "--seed"),
    (["--speed", "-1"], True, "--speed"),
    (["--speed", "vite"], True, "--speed"),
    (["--machine", "zx81"], True, "MACHINE INCONNUE: zx81"),
    (["--check"], False, "--check: il faut un fichier"),
    (["nulle/part.lse"], False, "FICHIER INEXISTANT: nulle/part.lse"),
])
def test_a_bad_command_line_exits_2_with_one_line(tmp_path, args, needs_program, fragment):
    status, out, err = run_cli(tmp_path, *args, program="10 TERMINER\n" if needs_program else None)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("micro-lse: ")
    assert fragment in err


def test_a_file_that_is_not_utf8_exits_2_with_one_line(tmp_path):
    path = tmp_path / "latin1.lse"
    path.write_bytes("10 AFFICHER 'ÉTÉ'\n20 TERMINER\n".encode("latin-1"))
    status, out, err = run_cli(tmp_path, str(path))
    assert (status, out) == (2, "")
    assert err == f"micro-lse: FICHIER ILLISIBLE (PAS EN UTF-8): {path}\n"


def test_a_directory_is_not_a_program(tmp_path):
    status, _, err = run_cli(tmp_path, str(tmp_path))
    assert status == 2 and err.count("\n") == 1


ALE_PROGRAM = "10 FAIRE 10 POUR I←1 JUSQUA 5;AFFICHER[U] ALE(0)\n20 TERMINER\n"


def test_seed_makes_ale_reproducible(tmp_path):
    first = run_cli(tmp_path, "--seed", "7", program=ALE_PROGRAM)
    again = run_cli(tmp_path, "--seed", "7", program=ALE_PROGRAM)
    other = run_cli(tmp_path, "--seed", "8", program=ALE_PROGRAM)
    assert first == again
    assert first[0] == 0 and len(set(first[1].split())) == 5
    assert other[1] != first[1]


def test_profile_prints_the_cost_report_on_stderr(tmp_path):
    status, out, err = run_cli(tmp_path, "--profile",
                               program="10 FAIRE 10 POUR I←1 JUSQUA 4;X←I/2\n20 AFFICHER X;TERMINER\n")
    assert (status, out) == (0, "\n2 \n")
    costs = load_profile().costs
    assert err.startswith("CYCLES: ")
    assert re.search(rf"^  DIVISION +4 +{4 * costs['div']}$", err, re.M)
    assert "LIGNES:" in err and "10 FAIRE 10 POUR" in err and "20 AFFICHER X;TERMINER" in err


def test_lire_reads_stdin_line_by_line(tmp_path):
    program = "10 CHAINE N;LIRE N;LIRE A,B\n20 AFFICHER N,' ',A*B;TERMINER\n"
    assert run_cli(tmp_path, program=program, stdin="Alice\n6 7\n") == (0, "\nAlice 42 \n", "")


def test_lire_at_the_end_of_stdin_is_donnee_absente(tmp_path):
    status, _, err = run_cli(tmp_path, program="10 LIRE A,B\n20 TERMINER\n", stdin="1\n")
    assert (status, err) == (1, "DONNEE ABSENTE EN LIGNE 10\n")


def test_pause_is_reported_on_stderr_and_the_run_goes_on(tmp_path):
    # (the output, a pipe here, gets no line the program never printed: the same as without the PAUSE)
    status, out, err = run_cli(tmp_path, program="10 AFFICHER 'A'\n20 PAUSE\n30 AFFICHER 'B';TERMINER\n")
    assert (status, out, err) == (0, "\nA\nB\n", "PAUSE EN LIGNE 20\n")


def test_disk_lets_executer_chain_programs(tmp_path):
    disk = tmp_path / "disque"
    disk.mkdir()
    (disk / "SUITE.lse").write_text("10 AFFICHER 'SUITE';TERMINER\n", encoding="utf-8")
    assert run_cli(tmp_path, program="10 AFFICHER 'DEBUT';EXECUTER 'SUITE'\n") == (0, "\nDEBUT\nSUITE\n", "")


def test_main_py_runs_as_a_process(tmp_path):
    path = tmp_path / "prog.lse"
    path.write_text("10 LIRE X\n20 AFFICHER 'CARRE ',X*X\n30 X←X/0\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "main.py", str(path), "--headless", "--disk", str(tmp_path)],
                          input="12\n", capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (1, "\nCARRE 144 \n", "DIVISION PAR ZERO EN LIGNE 30\n")
    done = subprocess.run([sys.executable, "main.py", str(ROOT / "programs" / "queens.lse"), "--headless"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0
    assert "1 5 8 6 3 7 2 4" in done.stdout
    assert "92" in done.stdout.splitlines()[-1]


def test_a_reader_that_leaves_early_stops_the_run_quietly(tmp_path):
    """`python main.py prog.lse | head -2`: no traceback when the pipe closes."""
    program = tmp_path / "sans_fin.lse"
    program.write_text("10 AFFICHER 'ENCORE';ALLER EN 10\n", encoding="utf-8")
    with subprocess.Popen([sys.executable, "main.py", str(program)], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, stdin=subprocess.DEVNULL) as process:
        assert process.stdout.readline() == b"\n"
        process.stdout.close()
        error = process.stderr.read()
        status = process.wait(timeout=60)
    assert (status, error) == (1, b"")


def test_a_run_whose_process_ends_at_once_has_written_all_it_printed_and_its_status(tmp_path):
    """The command leaves without the interpreter's teardown (machine/__main__.py): its output is flushed first."""
    program = tmp_path / "long.lse"
    program.write_text("10 FAIRE 20 POUR I←1 JUSQUA 3000\n20 AFFICHER 'LIGNE ',I\n30 AFFICHER 1/0\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "main.py", str(program), "--headless"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL)
    lines = done.stdout.split()
    assert (done.returncode, done.stderr, lines[-1], lines.count("LIGNE")) == (
        1, "DIVISION PAR ZERO EN LIGNE 30\n", "3000", 3000)


def test_a_headless_run_of_a_file_never_imports_pygame(tmp_path):
    program = tmp_path / "p.lse"
    program.write_text("10 AFFICHER 'BONJOUR'\n20 TERMINER\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-X", "importtime", str(ROOT / "main.py"), str(program), "--headless"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0 and "BONJOUR" in done.stdout
    imported = [line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")]
    assert "machine.lse.runtime" in imported  # the check sees our own imports
    assert not any(name.startswith("pygame") for name in imported)


# What a headless run of a file imports beyond what Python itself loaded at start (start-up work).
IMPORTS_OF_A_RUN = (
    "import sys\n"
    "before = set(sys.modules)\n"
    "from machine.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "print(status, ' '.join(sorted(set(sys.modules) - before)), file=sys.stderr)\n"
)
# Modules a plain run of a program that prints text and integers must leave alone (tomllib and the
# datetime it imports: once the profile's parsed tables are cached, as any run but the first finds them).
LAZY = ("decimal", "json", "tomllib", "datetime", "machine.recorder", "machine.progress", "machine.costreport",
        "logging")  # (asyncio's log: only a line editor needs it)


def imports_of_a_run(tmp_path: Path, program: str) -> set[str]:
    path = tmp_path / "p.lse"
    path.write_text(program, encoding="utf-8")
    cache_profiles()
    done = subprocess.run([sys.executable, "-c", IMPORTS_OF_A_RUN, str(path), "--headless",
                           "--disk", str(tmp_path / "disque")], capture_output=True, text=True, cwd=ROOT, timeout=60)
    status, _, names = done.stderr.splitlines()[-1].partition(" ")
    assert status == "0", done.stderr
    return set(names.split())


def test_a_plain_headless_run_of_a_printing_program_imports_no_decimal_json_recorder_or_report(tmp_path):
    imported = imports_of_a_run(tmp_path, "10 AFFICHER 'BONJOUR'\n20 AFFICHER[U,/] 6*7\n30 TERMINER\n")
    assert "machine.lse.runtime" in imported  # the check sees our own imports
    assert [name for name in LAZY if name in imported] == []


def test_a_number_on_the_half_the_disk_and_the_date_do_import_decimal_json_and_datetime(tmp_path):
    # (a fraction is printed from its 17 digits: only one whose ninth digit on is 500000000 takes decimal)
    imported = imports_of_a_run(tmp_path, "10 A←1/3;AFFICHER A,10000.0625,DAT()\n20 GARER A,1,'#NOMBRE'\n30 TERMINER\n")
    assert {"decimal", "json", "datetime"} <= imported  # the first test would see them if a plain run imported them


@pytest.mark.parametrize(("tape", "options"), [
    ("10 AFFICHER 'BONJOUR'\n20 TERMINER\nRA BONJOUR\nEX\n", ["--record", "film.gif"]),
    ("10 LIRE A\n20 AFFICHER A\n30 TERMINER\nEX\n12\n", ["--record", "film.gif", "--screenshot", "ecran.png"]),
])
def test_a_tape_recorded_headless_is_refused_at_once_rather_than_run_unrecorded(tmp_path, tape, options):
    status, out, err = run_cli(tmp_path, "--headless", *[str(tmp_path / o) if "." in o else o for o in options],
                               program=tape)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("micro-lse: --record")
    assert not (tmp_path / "film.gif").exists() and not (tmp_path / "ecran.png").exists()
    assert not (tmp_path / "disque" / "BONJOUR.lse").exists()
