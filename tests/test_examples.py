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
    out = {}
    for engine in suite_engines():
        runners = {}   # one per lattice (a session answers plan after plan as fresh ones would)
        try:
            results = []
            for corpus, text, *_ in EXAMPLES:
                runner = runners.get(corpus) or runners.setdefault(corpus, Runner(dirs[corpus], engine))
                results.append(runner.run_one(runner.check(read_plan(text), text)))
        finally:
            for runner in runners.values():
                runner.close()
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
