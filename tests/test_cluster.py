"""--runs N --cluster ADDRESS: the runs go to a Dask distributed scheduler (here a LocalCluster the test
starts on 127.0.0.1) and come back with the same outputs in the same order as from local processes."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import distributed  # the cluster extra, which the test extra installs (pyproject.toml)
import pytest

from machine.cli import main

ROOT = Path(__file__).resolve().parent.parent

DICE = "10 N←ENT(ALE(0)*6)+1\n20 AFFICHER N;AFFICHER ALE(0)\n30 SI N=6 ALORS X←1/0\n40 TERMINER\n"


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def run_cli(tmp_path, *args: str, program: str = DICE, stdin: str = "") -> tuple[int, str, str]:
    path = tmp_path / "des.lse"
    path.write_text(program, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main([str(path), "--disk", str(tmp_path), *args], io.StringIO(stdin), out, err)
    return status, out.getvalue(), err.getvalue()


def test_runs_on_the_cluster_print_what_local_runs_print_in_seed_order(tmp_path, scheduler):
    on_cluster = run_cli(tmp_path, "--runs", "10", "--seed", "40", "--cluster", scheduler)
    local = run_cli(tmp_path, "--runs", "10", "--seed", "40", "--jobs", "1")
    assert on_cluster[1] == local[1]
    assert [line for line in on_cluster[1].splitlines() if line.startswith("GERME")] == \
        [f"GERME {seed}" for seed in range(40, 50)]
    assert on_cluster[0] == local[0]
    assert on_cluster[2].replace(f"GRAPPE {scheduler}", "1 PROCESSUS") == local[2]
    assert f"10 EXECUTIONS (GERMES 40 A 49, GRAPPE {scheduler})" in on_cluster[2]


def test_the_solitaire_over_the_cluster_with_its_reducer_matches_local_processes(tmp_path, scheduler):
    args = ["--runs", "3", "--seed", "11", "--reduce", str(ROOT / "programs" / "solitaire_bilan.lse")]
    solitaire = (ROOT / "programs" / "solitaire.lse").read_text(encoding="utf-8")
    on_cluster = run_cli(tmp_path, *args, "--cluster", scheduler, program=solitaire, stdin="8\n")
    local = run_cli(tmp_path, *args, "--jobs", "2", program=solitaire, stdin="8\n")
    assert on_cluster[0] == 0, on_cluster[2]
    assert on_cluster[1] == local[1]
    assert "REDUCTION DES 3 EXECUTIONS" in on_cluster[1]
    reduction = on_cluster[1].split("REDUCTION DES 3 EXECUTIONS")[1]
    assert "DONNES ANALYSEES                  24" in reduction


def test_an_unreachable_scheduler_is_one_line_and_status_2(tmp_path, monkeypatch):
    import machine.cluster
    monkeypatch.setattr(machine.cluster, "CONNECT_TIMEOUT", "1s")
    status, out, err = run_cli(tmp_path, "--runs", "2", "--cluster", "tcp://127.0.0.1:9")
    assert (status, out) == (2, "")
    assert err.startswith("micro-lse: --cluster: GRAPPE INACCESSIBLE: tcp://127.0.0.1:9") and err.count("\n") == 1


def test_without_dask_the_cluster_option_says_which_extra_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    status, out, err = run_cli(tmp_path, "--runs", "2", "--cluster", "tcp://127.0.0.1:9")
    assert (status, out) == (2, "")
    assert err == "micro-lse: --cluster: dask.distributed absent (pip install micro-lse[cluster])\n"


def test_local_runs_never_import_dask(tmp_path):
    program = tmp_path / "p.lse"
    program.write_text("10 AFFICHER 'LEGER'\n20 TERMINER\n", encoding="utf-8")
    script = ("import io, sys\nfrom machine.cli import main\n"
              f"main([{str(program)!r}, '--runs', '2', '--jobs', '1', '--disk', {str(tmp_path)!r}], "
              "io.StringIO(), io.StringIO(), io.StringIO())\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert (done.returncode, done.stdout) == (0, "[]\n"), done.stderr


def failing_run(job, seed):
    """A stand-in for run_once whose worker fails (as a worker without micro-lse would)."""
    raise ModuleNotFoundError("No module named 'machine'")


def test_a_run_lost_on_the_cluster_is_one_line_and_status_2(tmp_path, scheduler, monkeypatch):
    import machine.batch
    monkeypatch.setattr(machine.batch, "run_once", failing_run)
    status, out, err = run_cli(tmp_path, "--runs", "2", "--seed", "5", "--cluster", scheduler)
    assert (status, out) == (2, "")
    assert err == ("micro-lse: --cluster: EXECUTION PERDUE (GERME 5): ModuleNotFoundError: "
                   "No module named 'machine'\n")
