"""What each procedure's calls may run, at any depth (analyses.reached): small graphs by hand, random ones against
a plain walk, and a chain of a thousand procedures compiled."""

from __future__ import annotations

import random

import pytest

from machine.lse.analyses import closing_parts, reached
from tests.lse_harness import run_lse
from tests.oracle.differential import compare, report

GRAPHS = [
    ("a chain", {"A": {"B"}, "B": {"C"}, "C": set()}, {"A": {"B", "C"}, "B": {"C"}, "C": set()}),
    ("a procedure calling itself", {"A": {"A"}, "B": {"A"}}, {"A": {"A"}, "B": {"A"}}),
    ("two calling each other", {"A": {"B"}, "B": {"A"}, "C": {"A"}}, {"A": {"A", "B"}, "B": {"A", "B"},
                                                                      "C": {"A", "B"}}),
    ("a cycle after a chain", {"M": {"A"}, "A": {"B"}, "B": {"C"}, "C": {"B"}}, {"M": {"A", "B", "C"},
                                                                                 "A": {"B", "C"}, "B": {"B", "C"},
                                                                                 "C": {"B", "C"}}),
    ("no call", {"A": set(), "B": set()}, {"A": set(), "B": set()}),
]


@pytest.mark.parametrize("graph, expected", [(graph, expected) for _, graph, expected in GRAPHS],
                         ids=[name for name, _, _ in GRAPHS])
def test_a_procedure_reaches_what_its_calls_reach_and_itself_only_in_a_cycle(graph, expected):
    assert reached(graph) == expected


def test_with_what_each_holds_a_procedure_gathers_its_own_and_all_it_reaches():
    graph = {"M": {"A"}, "A": {"B"}, "B": {"A"}, "C": set()}
    own = {"M": {"X"}, "A": {"Y"}, "B": {"Z"}, "C": {"W"}}
    assert reached(graph, own) == {"M": {"X", "Y", "Z"}, "A": {"Y", "Z"}, "B": {"Y", "Z"}, "C": {"W"}}


def walked(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The plain walk from each node (what reached computed before, node by node)."""
    found = {}
    for name in graph:
        seen, work = set(), list(graph[name])
        while work:
            target = work.pop()
            if target not in seen:
                seen.add(target)
                work += graph[target]
        found[name] = seen
    return found


def test_random_graphs_reach_what_a_plain_walk_reaches():
    for seed in range(500):
        rng = random.Random(seed)
        names = [f"P{at}" for at in range(rng.randint(1, 12))]
        density = rng.choice((0.1, 0.25, 0.5))
        graph = {name: {other for other in names if rng.random() < density} for name in names}
        assert reached(graph) == walked(graph), graph
        parts = closing_parts(graph)
        assert sorted(name for part in parts for name in part) == sorted(names)


def test_a_chain_of_a_thousand_procedures_runs_as_the_reference_runs_it():
    # (the chain's reach was walked node by node: 0.5 s of its compile; sets joined part by part now)
    calls = [f"SI X<9 ALORS &P{at + 1};" for at in range(999)] + [""]
    source = "10 X←0\n20 &P0\n30 AFFICHER X\n40 TERMINER\n" + "".join(
        f"{100 + 3 * at} PROCEDURE &P{at}\n{101 + 3 * at} X←X+1;{calls[at]}RETOUR\n" for at in range(1000))
    result = compare(source)
    assert not any(result.values()), report(result)
    assert run_lse(source).output.split() == ["9"]
