"""--runs N --reduce FILE.lse: the reducer reads every run's output in seed order; the solitaire's reducer
gives the statistics of the union of all runs' deals, as if one run had analysed them all."""

from __future__ import annotations

import io
import math
import re
import statistics
from pathlib import Path

import pytest

from machine.batch import Job, RunResult, reducer_input, run_batch, run_once
from machine.cli import main

ROOT = Path(__file__).resolve().parent.parent
SOLITAIRE = (ROOT / "programs" / "solitaire.lse").read_text(encoding="utf-8")
REDUCER = (ROOT / "programs" / "solitaire_bilan.lse").read_text(encoding="utf-8")
CONSTANTS = "AVEC←1;DET←0;PREC←0.25;Z←1.96"
DETAILED = SOLITAIRE.replace(CONSTANTS, "AVEC←1;DET←1;PREC←0.25;Z←1.96")  # one line per deal, to check against
SEEDS = range(5, 8)
NAMES = ("deal", "optimum", "greedy", "moves", "decisions", "kept", "positions")


def batch(tmp_path, source: str, typed: str, seeds: range, reducer: str | None = REDUCER) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run_batch(Job(source, "micro40", str(tmp_path), typed), seed=seeds.start, runs=len(seeds), jobs=1,
                       stdout=out, stderr=err, reducer=reducer)
    return status, out.getvalue(), err.getvalue()


def runs_and_reduction(out: str) -> tuple[list[str], str]:
    """Each run's output (under its GERME line) and the reducer's (under REDUCTION DES ...)."""
    head, reduction = re.split(r"^REDUCTION DES \d+ EXECUTIONS\n", out, flags=re.M)
    return re.split(r"^GERME \d+\n", head, flags=re.M)[1:], reduction


def deal_rows(output: str) -> list[dict[str, int]]:
    rows = [line.split() for line in output.splitlines()]
    return [dict(zip(NAMES, map(int, row))) for row in rows if len(row) == 7 and all(x.isdigit() for x in row)]


def value(output: str, label: str) -> float:
    line = next(line for line in output.replace("\f", "\n").splitlines() if line.startswith(label))
    return float(line[len(label):].split()[0].rstrip("%"))


def summary(output: str) -> list[str]:
    """The bilan, from its title to the SOMMES line."""
    text = output.replace("\f", "\n").replace("\r", "\n")
    return text[text.rindex("PATIENCE DE WETHERELL\n"):].rstrip("\n").split("\n")


@pytest.fixture(scope="module")
def three_runs(tmp_path_factory):
    return batch(tmp_path_factory.mktemp("disk"), DETAILED, "12\n", SEEDS)


def test_the_reducer_gives_the_statistics_of_the_union_of_all_runs_deals(three_runs):
    status, out, err = three_runs
    assert status == 0, err
    outputs, reduction = runs_and_reduction(out)
    assert len(outputs) == 3
    rows = [row for output in outputs for row in deal_rows(output)]
    assert len(rows) == 36 and len({tuple(r.values()) for r in rows}) > 12  # the seeds deal differently
    optima = [r["optimum"] for r in rows]
    mean, sd = statistics.mean(optima), statistics.stdev(optima)
    half = 1.96 * sd / math.sqrt(len(optima))
    assert value(reduction, "DONNES ANALYSEES") == 36
    assert value(reduction, "SCORE OPTIMAL MOYEN") == round(mean, 2)
    assert value(reduction, "ECART TYPE (DIVISEUR N-1)") == round(sd, 2)
    assert value(reduction, "ERREUR TYPE S/RAC(N)") == round(sd / math.sqrt(36), 2)
    interval = next(line for line in reduction.splitlines() if line.startswith("INTERVALLE A 95%"))
    assert [float(x) for x in interval.split()[3::2]] == [round(mean - half, 2), round(mean + half, 2)]
    assert value(reduction, "DONNES POUR +-0.25 A 95%") == int((1.96 * sd / 0.25) ** 2) + 1
    assert value(reduction, "SANS AUCUN COUP A LA DONNE") == sum(r["positions"] == 1 for r in rows)
    assert value(reduction, "SCORE GLOUTON MOYEN") == round(statistics.mean(r["greedy"] for r in rows), 2)
    assert value(reduction, "COUPS JUSQU'A L'OPTIMUM") == round(statistics.mean(r["moves"] for r in rows), 2)
    assert value(reduction, "DECISIONS JUSQU'A L'OPTIMUM") == round(statistics.mean(r["decisions"] for r in rows), 2)
    assert value(reduction, "POSITIONS EXAMINEES") == sum(r["positions"] for r in rows)
    assert value(reduction, " GARDEES EN TOUT") == sum(r["kept"] for r in rows)
    assert value(reduction, " AU PLUS POUR UNE DONNE") == max(r["kept"] for r in rows)
    sums = summary(reduction)[-1].split()
    assert sums[0] == "SOMMES"
    assert [int(x) for x in sums[1:4]] == [36, sum(optima), sum(x * x for x in optima)]


def test_the_reducer_reads_the_runs_in_seed_order_and_each_run_is_what_it_prints_alone(tmp_path, three_runs):
    outputs, _ = runs_and_reduction(three_runs[1])
    for seed, output in zip(SEEDS, outputs):
        _, alone, _ = batch(tmp_path, DETAILED, "12\n", range(seed, seed + 1), reducer=None)
        assert alone == f"GERME {seed}\n{output}"


def test_one_run_reduced_gives_the_same_bilan_as_the_run_itself(tmp_path):
    status, out, err = batch(tmp_path, SOLITAIRE, "15\n", range(3, 4))
    assert status == 0, err
    (output,), reduction = runs_and_reduction(out)
    assert summary(reduction) == summary(output)
    assert len(summary(output)) == 21


def test_a_bilan_of_one_bilan_is_itself(tmp_path, three_runs):
    _, reduction = runs_and_reduction(three_runs[1])
    result = run_once(Job(REDUCER, "micro40", str(tmp_path), reducer_input([RunResult(1, 0, reduction, "", 0)])), 1)
    assert result.status == 0, result.error
    assert summary(result.output) == summary(reduction)


def test_the_bilan_procedure_is_the_same_text_in_the_program_and_its_reducer():
    def procedure(text: str) -> str:
        start = text.index("\nPROCEDURE &BILAN(")
        return text[start:text.index("\nRETOUR\n", start)]
    assert procedure(SOLITAIRE) == procedure(REDUCER)
    assert len(procedure(SOLITAIRE).splitlines()) > 20


def test_runs_made_with_other_choices_are_not_mixed(tmp_path):
    other = SOLITAIRE.replace(CONSTANTS, "AVEC←1;DET←0;PREC←0.1;Z←1.96")
    outputs = [run_once(Job(source, "micro40", str(tmp_path), "2\n"), 1).output for source in (SOLITAIRE, other)]
    typed = reducer_input([RunResult(seed, 0, output, "", 0) for seed, output in enumerate(outputs)])
    result = run_once(Job(REDUCER, "micro40", str(tmp_path), typed), 1)
    assert result.output.strip() == "CHOIX DIFFERENTS"


def test_the_reducer_input_is_the_count_then_every_output_each_ending_a_line():
    results = [RunResult(1, 0, "\nA", "", 0), RunResult(2, 0, "\nB\n", "", 0)]
    assert reducer_input(results) == "2\n\nA\n\nB\n"


def test_a_carriage_return_ends_a_line_for_the_reducer():
    progress = "".join(f"\rDONNE {n:5d}" for n in range(1, 2001))  # 22 000 characters on one line
    results = [RunResult(1, 0, progress + "\fBILAN\r\nSOMMES 1\n", "", 0)]
    lines = reducer_input(results).split("\n")
    assert max(len(line) for line in lines) < 40
    assert lines[-3:] == ["DONNE  2000\fBILAN", "SOMMES 1", ""]


def test_the_solitaire_reducer_reads_runs_whose_progress_line_is_longer_than_any_string(tmp_path):
    outputs = [RunResult(s, 0, run_once(Job(SOLITAIRE, "micro40", str(tmp_path), "400\n"), s).output, "", 0)
               for s in (1, 2)]
    result = run_once(Job(REDUCER, "micro40", str(tmp_path), reducer_input(outputs)), 1)
    assert result.status == 0, result.error
    assert value(result.output, "DONNES ANALYSEES") == 800


def test_a_failed_run_abandons_the_reduction(tmp_path):
    program = "10 SI ALE(0)<2 ALORS X←1/0\n20 AFFICHER 'SOMMES 1'\n30 TERMINER\n"
    status, out, err = batch(tmp_path, program, "", range(1, 3))
    assert status == 1
    assert "REDUCTION DES" not in out
    assert "REDUCTION ABANDONNEE: 2 ECHECS" in err


def test_a_failing_reducer_is_reported_and_the_status_is_1(tmp_path):
    status, out, err = batch(tmp_path, "10 AFFICHER 'A'\n20 TERMINER\n", "", range(1, 3),
                             reducer="10 LIRE N\n20 X←1/0\n30 TERMINER\n")
    assert status == 1
    assert "REDUCTION: DIVISION PAR ZERO EN LIGNE 20" in err


def cli(tmp_path, *args: str, stdin: str = "") -> tuple[int, str, str]:
    program = tmp_path / "p.lse"
    program.write_text("10 LIRE N\n20 AFFICHER[/,'SOMMES',F4.0] N*2\n30 TERMINER\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main([str(program), "--disk", str(tmp_path), *args], io.StringIO(stdin), out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_command_line_runs_the_reducer_after_the_runs(tmp_path):
    reducer = tmp_path / "somme.lse"
    reducer.write_text("10 CHAINE L;LIRE N;S←0\n20 FAIRE 40 POUR R←1 JUSQUA N\n30 LIRE L;SI SCH(L,1,6)#'SOMMES' "
                       "ALORS ALLER EN 30\n40 S←S+CNB(L,7)\n50 AFFICHER 'TOTAL ',S;TERMINER\n", encoding="utf-8")
    status, out, err = cli(tmp_path, "--runs", "3", "--jobs", "2", "--reduce", str(reducer), stdin="21\n")
    assert status == 0, err
    assert out.endswith("REDUCTION DES 3 EXECUTIONS\n\nTOTAL 126 \n")


@pytest.mark.parametrize(("args", "says", "code"), [
    (["--reduce", "x.lse"], "--reduce: avec --runs", 2),
    (["--runs", "2", "--reduce", "absent.lse"], "--reduce: FICHIER INEXISTANT: absent.lse", 2),
    (["--cluster", "tcp://127.0.0.1:1"], "--cluster: avec --runs", 2),
    (["--runs", "2", "--jobs", "2", "--cluster", "tcp://127.0.0.1:1"], "--jobs: sans --cluster", 2),
])
def test_a_bad_reduce_or_cluster_command_line_exits_with_one_line(tmp_path, args, says, code):
    status, out, err = cli(tmp_path, *args)
    assert (status, out) == (code, "")
    assert err.startswith("micro-lse: " + says) and err.count("\n") == 1


def test_a_reducer_with_a_syntax_error_is_reported_before_any_run(tmp_path):
    reducer = tmp_path / "faux.lse"
    reducer.write_text("10 X←(1\n20 TERMINER\n", encoding="utf-8")
    status, out, err = cli(tmp_path, "--runs", "2", "--reduce", str(reducer), stdin="1\n")
    assert (status, out) == (1, "")
    assert "EN LIGNE 10" in err and "ERREUR DE SYNTAXE" in err and "EXECUTIONS" not in err
