"""Every public function of `latweave` given None or a wrong-typed argument raises a LatweaveError
with a hint (issue 42.5), never the raw TypeError or AttributeError of the code below it: README
promises scripts one exception to catch, and a message that says what to pass."""

from __future__ import annotations

from pathlib import Path

import pytest

import latweave
from latweave.errors import LatweaveError

PLAN = "meet(species <= mammal)"

#: (function, positional arguments, keyword arguments); "ZOO" stands for the built zoo lattice,
#: "OUT" for a fresh folder to write. Every exported function is here (test below).
CASES = [
    ("add", (None, ["corpora/zoo"]), {}), ("add", ("ZOO", None), {}), ("add", ("ZOO", [5]), {}),
    ("add", ("ZOO", ["corpora/zoo"]), {"allow": "yes"}),
    ("audit", (None, "ZOO"), {}), ("audit", (5, "ZOO"), {}), ("audit", ({}, None), {}), ("audit", ("", "ZOO"), {}),
    ("build", (None, "OUT"), {}), ("build", ("corpora/zoo", None), {}), ("build", ("corpora/zoo", 5), {}),
    ("build", ("corpora/zoo", ""), {}), ("build", (["corpora/zoo", None], "OUT"), {}),
    ("build", ("corpora/zoo", "OUT"), {"format": 5}), ("build", ("corpora/zoo", "OUT"), {"functional": 5}),
    ("build", ("corpora/zoo", "OUT"), {"functional": "born"}), ("build", ("corpora/zoo", "OUT"), {"strict": None}),
    ("build", ("corpora/zoo", "OUT"), {"engine": 5}), ("build", ("corpora/zoo", "OUT"), {"cache": 5}),
    ("check_lattice", (None,), {}), ("check_lattice", (5,), {}),
    ("evaluate", (None,), {}), ("evaluate", ("pathquestion",), {"limit": "10"}),
    ("evaluate", ("pathquestion",), {"limitt": 10}), ("evaluate", ("pathquestion",), {"knockout": 1}),
    ("history", (None,), {}), ("history", (5,), {}),
    ("open", (None,), {}), ("open", ("ZOO", 5), {}), ("open", ("ZOO",), {"timeout": "30"}),
    ("open", ("ZOO",), {"timeout": -1}),
    ("parse_claims", (None,), {}), ("parse_plan", (None,), {}), ("parse_plan", (5,), {}),
    ("plan_errors", (None, "ZOO"), {}), ("plan_errors", (PLAN, "ZOO"), {}), ("plan_errors", ("PLAN", None), {}),
    ("plan_errors", ("PLAN", "ZOO", 5), {}),
    ("plan_text", (None,), {}), ("plan_text", (PLAN,), {}),
    ("read_exemplars", (None,), {}), ("read_exemplars", (5,), {}),
    ("read_result", (None,), {}), ("read_result", (5,), {}),
    ("remove", (None,), {}), ("remove", ("ZOO",), {"sources": 5}), ("remove", ("ZOO",), {"docs": [None]}),
    ("remove", ("ZOO",), {"sources": ["zoo"], "allow": "no"}),
    ("run_demo", (None,), {}), ("run_demo", (5,), {}), ("run_demo", ("OUT",), {"corpus": 5}),
    ("run_demo", ("OUT",), {"engine": 5}),
    ("LLMConfig", (None,), {}), ("Exemplar", (None, PLAN), {}), ("Exemplar", ("Which?", None), {}),
    ("LatticeSession", (None,), {}),
]


def _arg(value, zoo: Path, out: Path):
    if value == "ZOO":
        return zoo
    if value == "OUT":
        return out
    if value == "PLAN":
        return latweave.parse_plan(PLAN)
    return value


@pytest.mark.parametrize("name,args,kwargs", CASES, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(CASES)])
def test_a_wrong_argument_is_a_latweave_error_with_a_hint(name, args, kwargs, zoo_lattice, tmp_path, monkeypatch):
    monkeypatch.chdir(Path(__file__).parent.parent)   # "corpora/zoo" as README writes it
    function = getattr(latweave, name)
    args = tuple(_arg(a, zoo_lattice, tmp_path / "out") for a in args)
    with pytest.raises(LatweaveError) as caught:
        result = function(*args, **kwargs)
        next(iter(result))   # run_demo is a generator: its first item does the work
    assert caught.value.hint, f"{name}: {caught.value.message} has no hint"
    assert not (tmp_path / "out").exists()


def test_every_public_function_is_probed():
    probed = {name for name, _, _ in CASES}
    callables = {n for n in latweave.__all__ if callable(getattr(latweave, n))}
    exempt = {"list_engines",                          # takes no argument
              "LatweaveError", "NotLive", "Plan", "Reason", "Result", "Asked", "Verification"}  # types a call returns
    assert callables - exempt == probed
