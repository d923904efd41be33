"""--runs N --jobs K: one program over seeds seed..seed+N-1 in a process pool, deterministic and in order."""

from __future__ import annotations

import io

import pytest

from machine.batch import Job, run_batch, run_once
from machine.cli import main

# Each seed prints different numbers and spends a different number of cycles; some seeds fail.
DICE = """10 N←ENT(ALE(0)*6)+1
20 FAIRE 30 POUR I←1 JUSQUA N*40
30 X←I
40 AFFICHER N;AFFICHER ALE(0)
50 SI N=6 ALORS X←1/0
60 TERMINER
"""


def run_cli(tmp_path, *args: str, program: str = DICE, stdin: str = "") -> tuple[int, str, str]:
    path = tmp_path / "des.lse"
    path.write_text(program, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main([str(path), "--disk", str(tmp_path), *args], io.StringIO(stdin), out, err)
    return status, out.getvalue(), err.getvalue()


def one_by_one(tmp_path, seeds) -> list[tuple[int, str, str]]:
    return [run_cli(tmp_path, "--headless", "--seed", str(seed)) for seed in seeds]


def under_seeds(seeds, outputs) -> str:
    """What --runs prints: each run's output under the line that names its seed, each ending a line."""
    return "".join(f"GERME {seed}\n{o}" + ("" if o.endswith("\n") else "\n") for seed, o in zip(seeds, outputs))


def test_runs_over_two_processes_print_what_each_seed_prints_alone_in_seed_order(tmp_path):
    status, out, err = run_cli(tmp_path, "--runs", "12", "--jobs", "2", "--seed", "40")
    alone = one_by_one(tmp_path, range(40, 52))
    assert out == under_seeds(range(40, 52), [o for _, o, _ in alone])
    assert len({o for _, o, _ in alone}) > 6  # the seeds really differ
    failed = [seed for seed, (s, _, _) in zip(range(40, 52), alone) if s == 1]
    assert status == (1 if failed else 0)
    errors = [line for line in err.splitlines() if line.startswith("GERME")]
    assert errors == [f"GERME {seed}: DIVISION PAR ZERO EN LIGNE 50" for seed in failed]


def test_runs_are_deterministic_whatever_the_number_of_processes(tmp_path):
    results = {jobs: run_cli(tmp_path, "--runs", "8", "--jobs", jobs, "--seed", "7") for jobs in ("1", "2", "3")}
    for jobs, (status, out, err) in results.items():  # the summary names the processes; nothing else differs
        assert (status, out, err.replace(f"{jobs} PROCESSUS", "")) == (
            results["1"][0], results["1"][1], results["1"][2].replace("1 PROCESSUS", ""))
    assert run_cli(tmp_path, "--runs", "8", "--jobs", "2", "--seed", "7") == results["2"]


def test_the_summary_counts_runs_failures_and_the_total_emulated_cycles(tmp_path):
    job = Job(DICE, "micro40", str(tmp_path), "")
    singles = [run_once(job, seed) for seed in range(1, 11)]
    out, err = io.StringIO(), io.StringIO()
    status = run_batch(job, seed=1, runs=10, jobs=2, stdout=out, stderr=err)
    failures = sum(r.status for r in singles)
    cycles = sum(r.cycles for r in singles)
    assert len({r.cycles for r in singles}) > 1
    summary = err.getvalue().splitlines()[-1]
    assert summary.startswith(f"10 EXECUTIONS (GERMES 1 A 10, 2 PROCESSUS), {failures} ECHEC")
    assert f"{cycles:,} CYCLES EMULES".replace(",", " ") in summary
    assert status == (1 if failures else 0)


def test_every_run_reads_the_same_piped_input(tmp_path):
    status, out, err = run_cli(tmp_path, "--runs", "3", "--jobs", "2",
                               program="10 LIRE N\n20 AFFICHER N*2\n30 TERMINER\n", stdin="21\n")
    assert (status, out) == (0, "GERME 1\n\n42 \nGERME 2\n\n42 \nGERME 3\n\n42 \n")
    assert err.startswith("3 EXECUTIONS (GERMES 1 A 3, 2 PROCESSUS), 0 ECHEC, ")


@pytest.mark.parametrize(("args", "says"), [
    (["--runs", "0"], "--runs: un entier positif"),
    (["--jobs", "2"], "--jobs: un entier positif, avec --runs"),
    (["--runs", "2", "--jobs", "0"], "--jobs: un entier positif"),
    (["--runs", "5000", "--jobs", "5000"], "--jobs: 64 processus au plus, pas 5000"),  # (5 000 Pythons started)
    (["--runs", "2", "--record", "x.gif"], "--runs: sans --record"),
    (["--runs", "2", "--speed", "authentic"], "--runs: sans --speed"),
])
def test_a_bad_batch_command_line_exits_2_with_one_line(tmp_path, args, says):
    status, out, err = run_cli(tmp_path, *args)
    assert (status, out) == (2, "")
    assert err.startswith("micro-lse: " + says) and err.count("\n") == 1


def test_runs_need_a_program(tmp_path):
    err = io.StringIO()
    assert main(["--runs", "2"], io.StringIO(), io.StringIO(), err) == 2
    assert "--runs: il faut un fichier .lse" in err.getvalue()


def test_a_plain_headless_run_imports_neither_the_pool_nor_pillow_nor_pygame(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    program = tmp_path / "p.lse"
    program.write_text("10 AFFICHER 'LEGER'\n20 TERMINER\n", encoding="utf-8")
    script = ("import io, sys\nfrom machine.cli import main\n"
              f"main([{str(program)!r}, '--headless', '--disk', {str(tmp_path)!r}], io.StringIO(), io.StringIO())\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PIL', 'pygame', 'concurrent')))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parent.parent)
    assert (done.returncode, done.stdout) == (0, "[]\n"), done.stderr


def _children(pid: int) -> list[int]:
    """The processes whose parent is pid (from /proc), zombies left out."""
    from pathlib import Path
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _running(pids: list[int]) -> list[int]:
    from pathlib import Path
    alive = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.append(pid)
    return alive


@pytest.mark.skipif(not __import__("os").path.isdir("/proc/self"), reason="reads /proc")
@pytest.mark.parametrize(("how", "signal_name"), [
    ("Ctrl-C at the terminal: every process of the group", "SIGINT"),
    ("the Micro alone told to stop (timeout, kill)", "SIGTERM"),
])
def test_runs_stopped_leave_no_process_running_the_program(tmp_path, how, signal_name):
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path
    path = tmp_path / "boucle.lse"
    path.write_text("10 I←0\n20 I←I+1\n30 ALLER EN 20\n", encoding="utf-8")
    main_py = Path(__file__).resolve().parent.parent / "main.py"
    micro = subprocess.Popen([sys.executable, str(main_py), str(path), "--runs", "6", "--jobs", "2",
                              "--disk", str(tmp_path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while len(_children(micro.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _children(micro.pid)
        assert len(workers) >= 2, how
        time.sleep(0.5)  # the runs under way
        if signal_name == "SIGINT":
            os.killpg(micro.pid, signal.SIGINT)
        else:
            micro.send_signal(signal.SIGTERM)
        micro.wait(timeout=10)
        deadline = time.monotonic() + 10
        while _running(workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _running(workers) == [], how
    finally:
        for pid in [micro.pid, *_running(_children(micro.pid))]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        left = _running(locals().get("workers", []))
        for pid in left:
            os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not __import__("os").path.isdir("/proc/self"), reason="reads /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_ends_every_run_whatever_the_number_of_processes(tmp_path, jobs):
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path
    path = tmp_path / "boucle.lse"
    path.write_text("10 I←0\n20 I←I+1\n30 ALLER EN 20\n", encoding="utf-8")
    main_py = Path(__file__).resolve().parent.parent / "main.py"
    micro = subprocess.Popen([sys.executable, str(main_py), str(path), "--runs", "3", "--jobs", jobs,
                              "--disk", str(tmp_path)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while jobs != "1" and len(_children(micro.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.5)  # the first runs under way
        os.killpg(micro.pid, signal.SIGINT)  # Ctrl-C at the terminal, once
        out, _ = micro.communicate(timeout=10)
        assert micro.returncode == 130
        assert "GERME 2" not in out
    finally:
        try:
            os.killpg(micro.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class ReaderLeaves(io.StringIO):
    """A pipe whose reader goes away (`micro-lse p.lse --runs N | head`) after `lines` lines."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.left = lines

    def write(self, text: str) -> int:
        self.left -= text.count("\n")
        if self.left < 0:
            raise BrokenPipeError
        return super().write(text)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_runs_past_any_count_are_handed_out_as_they_are_printed_never_all_at_once(tmp_path, jobs):
    path = tmp_path / "p.lse"
    path.write_text("10 AFFICHER ALE(0)\n20 TERMINER\n")
    out = ReaderLeaves(40)
    status = main([str(path), "--disk", str(tmp_path), "--runs", str(10 ** 20), "--jobs", jobs],
                  io.StringIO(""), out, io.StringIO())
    assert status == 1 and out.getvalue().startswith("GERME 1\n")  # the reader left: nothing else to say


@pytest.mark.parametrize("ahead", [1, 3, 8])
def test_no_more_runs_wait_than_the_processes_can_take_ahead(ahead):
    from machine.batch import submitted_in_order
    handed: list[int] = []
    taken = 0
    for seed, future in submitted_in_order(lambda seed: handed.append(seed) or seed * 10, range(5, 105), ahead):
        assert (seed, future) == (5 + taken, 10 * (5 + taken))
        taken += 1
        assert len(handed) - taken < ahead
    assert taken == 100


@pytest.mark.parametrize(("extra", "status"), [(0, 0), (1, 2)], ids=["a data file's size", "one more"])
def test_what_is_typed_for_the_runs_is_read_no_further_than_a_data_file_holds(tmp_path, extra, status):
    from machine.profile import load_profile
    most = load_profile().max_data_file_bytes
    typed = ("7\n" * most)[:most + extra]  # `yes 7 |` never ends: no more than this is read of it
    got, out, err = run_cli(tmp_path, "--runs", "2", "--jobs", "1", program="10 LIRE X\n20 AFFICHER X\n30 TERMINER\n",
                            stdin=typed)
    assert got == status
    if status == 2:
        assert (out, err) == ("", f"micro-lse: --runs: ENTREE TROP GRANDE POUR LIRE ({most} CARACTERES AU PLUS)\n")
    else:
        assert out == "GERME 1\n\n7 \nGERME 2\n\n7 \n"


def test_a_runs_output_is_kept_no_further_than_its_bound_and_the_rest_counted():
    from machine.batch import KeptOutput
    kept = KeptOutput(10)
    assert [kept.write(text) for text in ("ABCDEF", "GHIJKL", "MN")] == [6, 6, 2]
    assert (kept.getvalue(), kept.dropped) == ("ABCDEFGHIJ", 4)


def test_a_run_that_prints_more_than_a_data_file_holds_fails_with_the_start_of_its_output(tmp_path):
    from machine.profile import load_profile
    most = load_profile().max_data_file_bytes
    lines = most // 100 + 10  # each AFFICHER prints a new line and 99 characters: 1 000 characters too many
    program = f"10 FAIRE 20 POUR I←1 JUSQUA {lines}\n20 AFFICHER '{'X' * 99}'\n30 TERMINER\n"
    result = run_once(Job(program, "micro40", str(tmp_path), ""), 1)
    assert result.status == 1
    assert len(result.output) == most and result.output.startswith("\n" + "X" * 99 + "\n")
    dropped = lines * 100 + 1 - most  # (and the new line that ends a headless run's last line)
    assert result.error == f"SORTIE COUPEE APRES {most:,} CARACTERES ({dropped:,} DE PLUS)\n".replace(",", " ")
