"""What `<`, `<=`, `>`, `>=` and `in` mean on a number or date dimension, on every engine and to
the auditor (issue 43).

On an ordered dimension each of them is a window on the number line, and a value is admitted
when its whole interval lies inside: `<=` is "at most" (ending no later than the value ends),
`>=` "at least" (starting no earlier than it starts), `<` and `>` strictly before and after it,
`in lo..hi` both ends included; `born in 1901..1901` is how "within 1901" is written. The pins
below fix the meaning; the differential test draws random values (points, years, months, days,
intervals) and random windows and requires every engine that runs here (Spark has its own
module) to give byte-identical results, the auditor to certify each one, and the answers to be
what the windows' definitions above say, computed here in a few lines of Python.
"""

from __future__ import annotations

import json
import random

import pytest

from latweave.errors import PlanError
from latweave.lattice.ordered import parse_ordered
from latweave.plan.ast import Constraint, Meet, Name, Plan, Range
from latweave.plan.printer import to_text
from latweave.plan.read import read_plan
from tests.support.engines import suite_engines
from tests.support.ordered import agreed as _agreed, save_facts as _save

ENGINES = suite_engines()


@pytest.fixture(scope="module")
def pinned(tmp_path_factory):
    cheeses = [("Brie", "2"), ("Camembert", "4"), ("Comte", "6"), ("Parmesan", "24")]
    facts = [(x, "aging_months", v) for x, v in cheeses]
    # dates of a year, of a month and of no day at all, on a dimension that is not functional
    facts += [("a", "born", "1850"), ("b", "born", "1901"), ("c", "born", "1901-07"), ("d", "born", "1950")]
    return _save(tmp_path_factory.mktemp("pinned"), "pinned",
                 {"aging_months": ("number", True), "born": ("date", False)}, facts)


PINS = [
    ("meet(aging_months <= 4)", ["Brie", "Camembert"]),      # at most 4, not "exactly 4"
    ("meet(aging_months >= 4)", ["Camembert", "Comte", "Parmesan"]),
    ("meet(aging_months < 4)", ["Brie"]),
    ("meet(aging_months > 4)", ["Comte", "Parmesan"]),
    ("meet(aging_months = 4)", ["Camembert"]),
    ("meet(aging_months in 4..4)", ["Camembert"]),
    ("meet(born <= 1901)", ["a", "b", "c"]),                   # 1901-07 ends within 1901
    ("meet(born >= 1901)", ["b", "c", "d"]),
    ("meet(born < 1901)", ["a"]),
    ("meet(born > 1901)", ["d"]),
    ("meet(born in 1901..1901)", ["b", "c"]),                  # "within 1901"
    ("meet(born = 1901)", ["b"]),
    ("meet(born >= 1901-03, born <= 1901-12)", ["c"]),         # the year 1901 starts before March
    ("meet(born >= 1901, born <= 1901-06)", []),               # ... and ends after June
    ("meet(born <= 1901-07-31)", ["a", "c"]),                  # the year 1901 ends after July
]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_window_means_what_it_says(pinned, engine):
    pins = PINS[::4] if engine == "pydatalog" else PINS   # about 0.1 s a plan: a fourth voice on a few
    results = _agreed(pinned, engine, [t for t, _ in pins])
    assert {t: r["answers"] for (t, _), r in zip(pins, results)} == dict(pins)


def test_an_at_most_hit_is_proved_by_bounds(pinned):
    """A `<=` hit on a number shows the value's bounds (not a path down a taxonomy)."""
    result = _agreed(pinned, "duckdb", ["meet(aging_months <= 4)"])[0]
    text = json.dumps(result["proof"])
    assert '"bounds"' in text and '"desc"' not in text, text


HOLDS = [("holds(c, born <= 1901)", True), ("holds(d, born <= 1901)", False),
         ("holds(d, born >= 1901-07)", True), ("holds(b, born >= 1901-07)", False)]


@pytest.mark.parametrize("engine", [e for e in ("duckdb", "sqlite") if e in ENGINES])
def test_a_claim_with_a_window_is_judged_and_audited(pinned, engine):
    """holds over at most / at least: the verdict, and the auditor re-judges it (a false one by
    the values the instance fails the window on)."""
    results = _agreed(pinned, engine, [t for t, _ in HOLDS])
    assert [(r["status"], r["verdict"]) for r in results] == [("verdict", v) for _, v in HOLDS]


# ---------------------------------------------------------------------------------------------
# what the type checker and the parser say

def test_the_checker_refuses_what_has_no_window(pinned):
    from latweave.folder.store import load_lattice
    from latweave.plan.check import check_plan

    view = load_lattice(pinned)
    with pytest.raises(PlanError) as info:
        check_plan(read_plan("let n = meet(born = 1901) -> aging_months\nmeet(aging_months <= $n)"), view)
    assert info.value.code == "ref_in_window" and "at most" in info.value.message


@pytest.mark.parametrize("text,hint", [("meet(born =< 1901)", "<="), ("meet(born => 1901)", ">=")])
def test_the_aliases_are_refused_with_the_spelling_they_meant(text, hint):
    with pytest.raises(PlanError) as info:
        read_plan(text)
    assert info.value.code == "unknown_operator" and f"did you mean {hint}" in info.value.hint


# ---------------------------------------------------------------------------------------------
# the differential test

def _value(rng: random.Random, kind: str) -> str:
    """A random number or date: a point, or (a date) a year or month, or an interval."""
    if kind == "number":
        lo = rng.randint(0, 20)
        return f"{lo}..{lo + rng.randint(1, 4)}" if rng.random() < 0.2 else str(lo)
    year = rng.randint(1900, 1910)
    shape = rng.random()
    if shape < 0.3:
        return str(year)
    if shape < 0.5:
        return f"{year}-{rng.randint(1, 12):02d}"
    if shape < 0.65:
        return f"{year}-06..{year + 1}-06"
    return f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"


def _constraint(rng: random.Random, dim: str, kind: str) -> Constraint:
    op = rng.choice(["<", "<=", ">", ">=", "in"])
    if op == "in":
        lo, hi = sorted((_value(rng, kind).split("..")[0], _value(rng, kind).split("..")[0]),
                        key=lambda t: parse_ordered(t, kind).lo)
        return Constraint(dim, "in", Range(lo, hi))
    return Constraint(dim, op, Name(_value(rng, kind).split("..")[0]))


def _admits(c: Constraint, kind: str, value: str) -> bool:
    """The windows' definitions, from the docs: the value's whole interval lies inside."""
    v = parse_ordered(value, kind)
    if c.op == "in":
        return parse_ordered(c.value.lo, kind).lo <= v.lo and v.hi <= parse_ordered(c.value.hi, kind).hi
    n = parse_ordered(c.value.text, kind)
    return {"<": v.hi < n.lo, "<=": v.hi <= n.hi, ">": v.lo > n.hi, ">=": v.lo >= n.lo}[c.op]


DIMS = {"weight": ("number", True), "born": ("date", False)}


@pytest.fixture(scope="module")
def windows(tmp_path_factory):
    """A lattice of random numbers and dates (a functional number dimension, a date dimension
    with 0 to 2 values an instance), its facts, and random window plans on it."""
    rng = random.Random(43)
    facts = []
    for i in range(14):
        x = f"x{i}"
        if rng.random() < 0.85:
            facts.append((x, "weight", _value(rng, "number")))
        for _ in range(rng.choice([0, 1, 1, 2])):
            facts.append((x, "born", _value(rng, "date")))
    facts = list(dict.fromkeys(facts))
    lattice_dir = _save(tmp_path_factory.mktemp("windows"), "windows", DIMS, facts)
    plans = []
    for _ in range(40):
        dims = rng.sample(sorted(DIMS), k=rng.choice([1, 2])) if rng.random() < 0.7 else ["born", "born"]
        plans.append(Plan((), Meet(tuple(_constraint(rng, d, DIMS[d][0]) for d in dims))))
    return lattice_dir, facts, list(dict.fromkeys(to_text(p) for p in plans))


@pytest.mark.parametrize("engine", ENGINES)
def test_random_windows_agree_everywhere_and_with_their_definition(windows, engine):
    lattice_dir, facts, texts = windows
    if engine == "pydatalog":
        texts = texts[:3]
    results = _agreed(lattice_dir, engine, texts)
    by_instance: dict[str, dict[str, list[str]]] = {}
    for x, d, v in facts:
        by_instance.setdefault(x, {}).setdefault(d, []).append(v)
    statuses = set()
    for text, result in zip(texts, results):
        meet = read_plan(text).final
        expected = sorted(x for x, values in by_instance.items()
                          if all(any(_admits(c, DIMS[c.dimension][0], v) for v in values.get(c.dimension, ()))
                                 for c in meet.constraints))
        statuses.add(result["status"])
        if result["status"] == "answer":
            assert result["answers"] == expected, text
        else:
            assert expected == [], (text, result["reasons"])
    if engine != "pydatalog":
        assert statuses == {"answer", "abstain"}   # the draw reaches both outcomes


def test_the_repl_help_and_the_prompt_say_what_the_operators_mean():
    from latweave.planner.prompt import GRAMMAR_BRIEF
    from latweave.repl import HELP

    assert "<= at most, >= at least" in HELP and "born in 1901..1901" in HELP
    brief = " ".join(comment for _, comment in GRAMMAR_BRIEF)
    assert ">= means AT LEAST and <= AT MOST" in brief and "never 'at most'" not in brief
