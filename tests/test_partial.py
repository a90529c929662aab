"""A question runs its shape's statement for the outputs its outcome reads, with its proof or
without (proof/extract.py PROOF_READS, ANSWER_READS; engines/partial.py, sqlite_fused.py): its Result is
byte for byte the one a whole run gives, on every plan of the corpora (abstentions, verdicts,
extrema, contested and timed answers among them); an answer nothing contests runs that one
statement alone; an outcome that reads more (a witness, a contested answer) gets it computed by
the whole statement, never read as empty; and once the run is over, a relation not computed
raises."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from latweave.engines.partial import Partial
from latweave.errors import LatweaveError
from latweave.execute import Runner
from latweave.ingest.builds import build_corpus
from latweave.paths import RULES
from latweave.plan.read import read_plan
from latweave.proof.extract import ANSWER_READS, PROOF_READS
from tests.support.plans import DISPUTE_CASES, DISPUTES_EXTRA, TENURE_CASES, ZOO_PLANS

CORPORA = RULES.parent / "corpora"
PLANS = {
    "zoo": list(ZOO_PLANS),
    "disputes": [c[0] for c in DISPUTE_CASES] + DISPUTES_EXTRA,
    "tenures": [c[0] for c in TENURE_CASES],
}
#: the lattices, the disputes' in the full suite only (6–9 s a test: the fast tier keeps the
#: zoo's and the tenures' of the same checks)
NAMES = [pytest.param(name, marks=pytest.mark.slow) if name == "disputes" else name for name in sorted(PLANS)]


@pytest.fixture(scope="module")
def lattices(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("partial")
    for name in PLANS:
        build_corpus(CORPORA / name, root / name)
    return {name: root / name for name in PLANS}


def test_a_partial_mapping_serves_what_it_holds_and_completes_once():
    runs = []

    def whole():
        runs.append(1)
        return {"answer": [(0, 5)], "abstain": [], "witness_hit": [(1, 2)]}

    out = Partial({"answer": [(0, 5)], "abstain": []}, whole)
    assert out["answer"] == [(0, 5)] and out.get("abstain", None) == [] and runs == []
    assert out.get("witness_hit", ()) == [(1, 2)] and runs == [1] and out.whole
    assert out.get("no_such_relation", "none") == "none" and runs == [1]   # completed once
    assert sorted(out) == ["abstain", "answer", "witness_hit"]


def test_a_sealed_partial_mapping_refuses_what_it_does_not_hold():
    out = Partial({"answer": []}, lambda: {"answer": [], "member": [(1,)]})
    out.seal()
    assert out["answer"] == []
    with pytest.raises(LookupError, match="computed in part"):
        out.get("member", ())   # never read as empty


def _plans(runner: Runner, texts: list[str]) -> list:
    out = []
    for text in dict.fromkeys(texts):
        try:
            out.append(runner.check(read_plan(text), text))
        except LatweaveError:
            continue
    return out


@pytest.mark.parametrize("proofs", [False, True], ids=["answers", "proofs"])
@pytest.mark.parametrize("name", NAMES)
def test_a_question_gives_what_a_whole_run_gives(lattices, name, proofs):
    """Every plan, asked without and with its proof, fused in part (completing where the outcome
    reads more) and as a whole run: the same Result's JSON; a plain answer runs one statement."""
    with Runner(lattices[name], "sqlite") as runner, Runner(lattices[name], "sqlite") as whole:
        runner.partial_outputs = True   # the default, set here: the test compares it with a whole run
        session = whole.session
        session.run_some = lambda facts, wanted: session.run(facts)   # every output, every time
        plans = _plans(runner, PLANS[name])
        assert len(plans) >= 4
        completed = one = 0
        for plan in plans:
            runner.run([plan], proofs=proofs)   # the shape's statements written
            statements: list[str] = []
            runner.session.con.set_trace_callback(statements.append)
            got = runner.run([plan], proofs=proofs)[0]
            runner.session.con.set_trace_callback(None)
            want = whole.run([whole.check(plan)], proofs=proofs)[0]
            assert got.to_json() == want.to_json(), plan
            if got.status == "answer" and not got.contested and len(statements) == 1:
                one += 1
            if len(statements) == 2:
                completed += 1
                assert got.status == "abstain" or got.contested, (plan, got.status)
        assert one >= 2, f"{name}: no plain answer ran one statement"
        if name in ("disputes", "tenures"):   # abstentions and contested answers read more
            assert completed >= 1, f"{name}: no outcome read past {sorted(PROOF_READS if proofs else ANSWER_READS)}"


@pytest.mark.parametrize("proofs", [False, True], ids=["answers", "proofs"])
def test_a_plain_answer_reads_only_what_it_asked_for(lattices, proofs):
    """The lists are what such an outcome reads: a Partial that refuses everything else (sealed
    from the start) still decodes an uncontested answer set, a verdict and an extremum, with
    their proofs or without."""
    with Runner(lattices["zoo"], "sqlite") as runner:
        runner.partial_outputs = True
        session = runner.session
        real, partial = session.run_some, []

        def sealed(facts, wanted):
            out = real(facts, wanted)
            if isinstance(out, Partial):
                out.seal()
                partial.append(out)
            return out
        session.run_some = sealed
        statuses = set()
        for text in ('meet(species <= mammal, habitat <= aquatic)', 'argmax(lifespan_years, [Whale, Dog])',
                     'holds(Whale, habitat <= aquatic)', 'let m = meet(species <= mammal) -> habitat\nmeet(habitat <= $m)'):
            result = runner.run([runner.check(read_plan(text), text)], proofs=proofs)[0]
            statuses.add(result.status)
        assert statuses == {"answer", "verdict"} and len(partial) == 4


def _plan_tree(con, sql: str, values: list) -> tuple[dict[str, tuple], list[tuple]]:
    """EXPLAIN QUERY PLAN of `sql`, as (each pattern computed on its own, kept or read in place ->
    its plan; the plan of each SELECT of the outermost compound): a plan is the nested tuple of
    its steps' details, less the patterns computed within it (each a key of its own)."""
    rows = con.execute("EXPLAIN QUERY PLAN " + sql, values).fetchall()
    children: dict[int, list[tuple[int, str]]] = {}
    for node, parent, _, detail in rows:   # a subquery's number is its place in the statement
        children.setdefault(parent, []).append((node, re.sub(r"(SUBQUERY |subquery-)\d+", r"\1", detail)))
    materialised: dict[str, tuple] = {}

    def tree(node: int) -> tuple:
        out = []
        for child, detail in children.get(node, ()):
            if detail.startswith("MATERIALIZE ") or (detail.startswith("CO-ROUTINE ") and "#" in detail):
                # a pattern's rows, computed here: planned alike whether kept or read in place
                materialised[detail.split(" ", 1)[1]] = tree(child)
            else:
                out.append((detail, tree(child)))
        return tuple(out)

    top = tree(0)
    members = list(top[0][1]) if len(top) == 1 and top[0][0] == "COMPOUND QUERY" else [top]
    return materialised, members


def _unnamed(select: tuple) -> tuple:
    """A compound's SELECT's plan, under whatever its place in the compound is called."""
    return select[1] if len(select) == 2 and select[0] in ("LEFT-MOST SUBQUERY", "UNION ALL") else select


@pytest.mark.parametrize("name", NAMES)
def test_the_part_of_a_statement_plans_as_the_whole(lattices, name):
    """SQLite plans every pattern the part of a shape's statement computes exactly as in the whole
    statement (EXPLAIN QUERY PLAN, the same values bound), and every SELECT of its outputs as one
    of the whole's: the part is never slower for being planned otherwise (engines/fused.py
    `_first_reads` says how it could be: a pattern first read inside another's join was planned
    with its own row estimate, scanned per row where a reuse gets an automatic index)."""
    with Runner(lattices[name], "sqlite") as runner:
        runner.partial_outputs = True
        session = runner.session
        ran: list = []
        real = session._execute
        session._execute = lambda plan, values: ran.append((plan, values)) or real(plan, values)
        compared = 0
        for plan in _plans(runner, PLANS[name]):
            for proofs in (False, True):
                ran.clear()
                runner.run([plan], proofs=proofs)
                part, values = ran[0]
                if not part.partial or not part.sql:
                    continue
                whole = next(p for p in session._shapes.values() if p is not None and p.spec is part.spec)
                if part.staged or whole.staged:
                    continue   # their TEMP tables are filled by statements of their own
                mine, my_selects = _plan_tree(session.con, part.sql, values[:part.binds])
                theirs, their_selects = _plan_tree(session.con, whole.sql, values[:whole.binds])
                for pattern, steps in mine.items():
                    assert steps == theirs[pattern], (plan, pattern)
                their_selects = [_unnamed(s) for s in their_selects[-len(whole.tags):]]   # the outputs' SELECTs
                for steps in my_selects[-len(part.tags):]:
                    assert _unnamed(steps) in their_selects, (plan, steps)
                compared += 1
        assert compared >= 4
