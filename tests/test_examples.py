"""The plan language's examples, as the issue states them, on every engine: expected outcomes,
byte-identical JSON across engines, and every result passes the independent audit."""

from __future__ import annotations

import pytest

from latweave.ingest.builds import build_corpus
from latweave.execute import Runner
from latweave.paths import RULES
from latweave.plan.read import read_plan
from latweave.proof.audit import audit
from tests.support.engines import suite_engines
from tests.support.plans import EXAMPLES

MOVIES = RULES.parent / "corpora" / "movies"


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    dirs = {}
    for name, corpus in (("zoo", RULES.parent / "corpora" / "zoo"), ("movies", MOVIES)):
        dirs[name] = tmp_path_factory.mktemp(name) / "lattice"
        build_corpus(corpus, dirs[name])
    # every engine answers each lattice's examples in one batch (one evaluation); SQLite, the
    # engine one plan gets by default, also answers each example alone, plan after plan in one
    # session (as fresh sessions would): test_example checks that each answers as the batches do
    out = {}
    for engine in [*suite_engines(), "one by one"]:
        results = [None] * len(EXAMPLES)
        for corpus in dirs:
            mine = [i for i, example in enumerate(EXAMPLES) if example[0] == corpus]
            with Runner(dirs[corpus], "sqlite" if engine == "one by one" else engine) as runner:
                plans = [runner.check(read_plan(EXAMPLES[i][1]), EXAMPLES[i][1]) for i in mine]
                if engine == "one by one":
                    answered = [runner.run_one(plan) for plan in plans]
                else:
                    answered = runner.run(plans)
            for i, result in zip(mine, answered):
                results[i] = result
        out[engine] = results
    return dirs, out


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(EXAMPLES)), ids=[e[1].split("\n")[-1][:40] for e in EXAMPLES])
def test_example(outcomes, index):
    dirs, out = outcomes
    corpus, text, status, answers, verdict, reason = EXAMPLES[index]
    reference = out["duckdb"][index]
    assert (reference.status, list(reference.answers), reference.verdict, reference.reason) == \
        (status, answers, verdict, reason)
    for engine, results in out.items():
        assert results[index].to_json() == reference.to_json(), f"{engine} differs from duckdb"
    report = audit(dirs[corpus], reference.to_dict())
    assert report.ok, report.to_dict()["failures"]
