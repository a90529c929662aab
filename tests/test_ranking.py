"""Ranking inside a complete answer set, never instead of it (issue 15): a personalised PageRank
from the plan's anchors orders `ranking`, `answers` stays the sorted set; the auditor computes the
walk again from the lattice files; Hits@1 on non-singleton sets with and without it."""

from __future__ import annotations

import copy
import json

import pytest

from latweave.api import open as open_lattice
from latweave.cli import main
from latweave.errors import LatweaveError
from latweave.eval.harness import evaluate
from latweave.execute import Runner
from latweave.ingest.builds import build_corpus
from latweave.paths import RULES
from latweave.planner.example import Example
from latweave.proof.audit import audit
from tests.support.engines import suite_engines

AWARDS = RULES.parent / "corpora" / "awards"
OSCARS = "meet(event = award, award <= Oscar) -> winner"


@pytest.fixture(scope="module")
def awards(tmp_path_factory):
    out = tmp_path_factory.mktemp("ranking") / "awards"
    build_corpus(AWARDS, out)
    return out


@pytest.mark.slow
def test_the_set_stays_sorted_and_complete_and_the_ranking_orders_it(awards):
    with open_lattice(awards, "duckdb") as session:
        plain, ranked = session.run(OSCARS), session.run(OSCARS, rank=True)
    assert ranked.answers == plain.answers == ("Halle Berry", "Helen Hunt", "Jessica Lange", "Steven Spielberg",
                                              "Tom Hanks")
    assert plain.ranking is None and "ranking" not in plain.to_dict()
    order = [a for a, _ in ranked.ranking]
    assert sorted(order) == list(ranked.answers) and order[0] == "Tom Hanks"     # two Oscars: two paths
    scores = [s for _, s in ranked.ranking]
    assert scores == sorted(scores, reverse=True) and all(0 < s < 1 for s in scores)
    assert audit(awards, ranked.to_dict()).ok


@pytest.mark.slow
def test_every_engine_ranks_alike(awards):
    got = set()
    for engine in suite_engines():
        with open_lattice(awards, engine) as session:
            got.add(json.dumps(session.run(OSCARS, rank=True).to_dict()["ranking"]))
    assert len(got) == 1


def test_nothing_to_rank_from_or_nothing_to_rank(awards):
    with open_lattice(awards, "duckdb") as session:
        assert session.run("meet(year in 1990..1999) -> winner", rank=True).ranking is None   # no anchor
        assert session.run('argmin(born, ["Tom Hanks", "Helen Hunt"])', rank=True).ranking is None
        with pytest.raises(LatweaveError, match="not a page"):
            session.run(OSCARS, rank=True, limit=2)


@pytest.mark.slow
@pytest.mark.parametrize("edit, problem", [
    (lambda r: r["ranking"].reverse(), "position 1"),
    (lambda r: r["ranking"][1].update(score=0.5), "position"),
    (lambda r: r["ranking"].pop(), "every answer once"),
    (lambda r: r["ranking"].append(dict(r["ranking"][0])), "every answer once"),
    (lambda r: r.update(ranking=[{"answer": a} for a in r["answers"]]), "{answer, score}"),
])
def test_a_tampered_ranking_fails_the_audit(awards, edit, problem):
    with open_lattice(awards, "duckdb") as session:
        genuine = session.run(OSCARS, rank=True).to_dict()
    tampered = copy.deepcopy(genuine)
    edit(tampered)
    report = audit(awards, tampered)
    assert not report.ok and any(problem in f["problem"] for f in report.failures), report.failures


def test_cli_run_rank(awards, capsys):
    assert main(["run", "--lattice", str(awards), "--rank", "--json", OSCARS]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ranking"][0] == {"answer": "Tom Hanks", "score": out["ranking"][0]["score"]}
    assert main(["run", "--lattice", str(awards), "--rank", OSCARS]) == 0
    assert "ranked: Tom Hanks" in capsys.readouterr().out


class _Planned:
    name = "scripted"

    def __init__(self, plans):
        self.plans = plans

    def plan(self, question, qid):
        from latweave.plan.read import read_plan
        from latweave.planner.base import PlanOutput

        return PlanOutput(read_plan(self.plans[question]), None, 1.0)


def test_hits_at_1_on_non_singleton_sets_sorted_and_ranked(awards):
    questions = {"Who won an Oscar most often?": (OSCARS, ("Tom Hanks",)),
                 "Which films did Tom Hanks win for?": ('meet(winner = "Tom Hanks") -> film', ("Philadelphia",)),
                 "Who was born first, Hanks or Hunt?": ('argmin(born, ["Tom Hanks", "Helen Hunt"])', ("Tom Hanks",))}
    examples = [Example(f"q{i}", q, gold, "set", 1) for i, (q, (_, gold)) in enumerate(questions.items())]
    with Runner(awards, "duckdb") as runner:
        report = evaluate(examples, _Planned({q: p for q, (p, _) in questions.items()}), runner, rank=True)
    # sorted first: Halle Berry (a miss), Forrest Gump (a miss); ranked first: Tom Hanks, Philadelphia
    assert report.extra["ranking"] == {"sets": 2, "hits_at_1_sorted": 0.0, "hits_at_1_ranked": 1.0, "unranked": 0}
