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

MOVIES = RULES.parent / "corpora" / "movies"

# (corpus, plan, status, answers, verdict, reason)
EXAMPLES = [
    ("zoo", "meet(species <= mammal, habitat <= aquatic)", "answer", ["Whale"], None, None),
    ("zoo", "meet(habitat = amphibious)", "answer", ["Frog", "Salamander"], None, None),
    ("movies", 'meet(subject = "Blade Runner") -> directed_by', "answer", ["Ridley Scott"], None, None),
    ("movies", 'let d = meet(subject = "Blade Runner") -> directed_by\nmeet(directed_by = $d) -> subject',
     "answer", ["Alien", "Blade Runner", "Gladiator"], None, None),
    ("movies", "meet(genre = comedy) | meet(genre = drama)", "answer",
     ["Beetlejuice", "Gladiator", "Glen or Glenda", "What Price Hollywood?"], None, None),
    ("movies", 'same(nationality, "Scott Derrickson", "Ed Wood")', "verdict", [], True, None),
    # films have no date of birth: the literal example abstains, naming what is missing ...
    ("movies", 'argmin(date_of_birth, ["Taxi!", "What Price Hollywood?"])', "abstain", [], None, "empty"),
    # ... and the compare over chains answers "which film's director was born first"
    ("movies", 'argmin(date_of_birth, ["Taxi!" -> directed_by, "What Price Hollywood?" -> directed_by])',
     "answer", ["Taxi!"], None, None),
    ("movies", 'argmin(release_date, ["Taxi!", "What Price Hollywood?"])', "answer", ["Taxi!"], None, None),
    ("zoo", 'holds("Whale", habitat <= aquatic)', "verdict", [], True, None),
    # chains of any depth: the nationality of the directors of the films Harrison Ford starred in
    ("movies", 'let f = meet(starring = "Harrison Ford") -> subject\n'
               'let d = meet(subject = $f) -> directed_by\nmeet(subject = $d) -> nationality',
     "answer", ["British"], None, None),
    ("movies", 'let a = meet(subject = "Alien") -> directed_by\nlet b = meet(subject = "Sinister") -> directed_by\n'
               'argmax(date_of_birth, [$a, $b])', "answer", ["Scott Derrickson"], None, None),
    # a bare $step argument: its items compete ("which horror director was born first")
    ("movies", 'let d = meet(genre <= horror) -> directed_by\nargmin(date_of_birth, [$d])', "answer",
     ["Edward D. Wood Jr."], None, None),
    ("movies", 'meet(genre <= "sci-fi", release_date < 1985)', "answer",
     ["Alien", "Blade Runner", "Plan 9 from Outer Space"], None, None),
    ("movies", 'meet(genre <= comedy, genre <= speculative_fiction)', "answer", ["Beetlejuice"], None, None),
]


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
