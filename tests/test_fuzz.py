"""The fuzzer in CI: a few thousand hostile programs, sessions and data files, no exception but the Micro's own."""

from __future__ import annotations

import resource

from tests.fuzz.engine import Runner, Settings, Tally, corpus, mutate, nest

# Decision: CI writes operator chains of up to 120 terms and repeats a span up to 8 times (the
# fuzzer's own defaults): the one code generator computes a tall expression in steps, so no legal
# line reaches Python's limits (tests/test_tall_expressions.py); the 100 000-case script
# (python -m tests.fuzz) writes up to 10 000 terms.
CI_TERMS = 120
CI_REPEAT = 8
CI_CASES = 2000
MEMORY_LIMIT_MB = 500


def test_the_corpus_holds_every_program_of_programs_and_tests():
    assert len(corpus()) >= 30
    assert any("PROCEDURE" in text for text in corpus())


def test_a_mutation_changes_the_text_or_says_it_did_not():
    import random
    rng = random.Random(7)
    results = [mutate(rng, "10 X←1\n20 TERMINER\n", Settings()) for _ in range(50)]
    assert any(text != "10 X←1\n20 TERMINER\n" for text, _ in results)
    assert all(shape for _, shape in results)


def test_nesting_lines_nest_as_deep_as_asked():
    assert nest("paren", 3) == "X←(((1)))"
    assert nest("debut", 2) == "DEBUT DEBUT X←1 FIN FIN"


def test_a_case_that_raises_a_python_exception_is_a_finding(tmp_path, monkeypatch):
    runner = Runner(tmp_path / "disque", Settings(max_terms=CI_TERMS))
    monkeypatch.setattr("tests.fuzz.engine.parse", lambda text: {}[text])
    outcomes = [runner.case(seed) for seed in range(20)]
    assert any(outcome.finding and outcome.finding.startswith("KeyError") for outcome in outcomes)


def test_two_thousand_fuzzed_cases_raise_nothing_but_the_micros_own_errors(tmp_path):
    runner = Runner(tmp_path / "disque", Settings(max_terms=CI_TERMS, max_repeat=CI_REPEAT))
    tally = Tally()
    for seed in range(CI_CASES):
        tally.add(runner.case(seed))
    report = [f"{len(outcomes)} x {finding} (seed {outcomes[0].seed}, {outcomes[0].shape})\n{outcomes[0].trace[-1500:]}"
              for finding, outcomes in tally.findings.items()]
    assert tally.cases == CI_CASES and set(tally.by_kind) == {"program", "session", "data"}
    assert not report, "\n".join(report)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 < MEMORY_LIMIT_MB
