"""Pages of a large answer set (`--limit` / `--offset`): exact totals, proofs for the page only,
proofs and further pages on demand, audited slices, and every surface (Runner, API, CLI, REPL).

The lattice is generated: 2,500 instances under one taxonomy (so `kind <= animal` answers all of
them) and a functional `region` that some instances state twice (contested answers). Pages must
concatenate to the unpaged result, their proof trees must be the unpaged result's trees for the
same answers, and the auditor must certify a page and refuse a tampered one.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from latweave import api
from latweave.errors import LatweaveError, SourceError
from latweave.execute import Runner
from latweave.ingest.write import save_lattice
from latweave.lattice.model import Dimension, Lattice
from latweave.plan.parser import parse_plan
from latweave.proof.audit import audit
from latweave.proof.page import Page, PageInfo
from latweave.result import Result
from latweave.result_file import check_result
from tests.support.engines import require_engine

INSTANCES = 2500
EVERYTHING = "meet(kind <= animal)"                       # every instance: 2,500 answers
NORTH = "meet(kind <= animal, region = north)"            # sure answers and contested ones
CHAIN = "let r = meet(kind <= \"mammal 0\") -> region\nmeet(region = $r, kind <= animal)"
UNION = "meet(kind <= mammal) | meet(kind <= fish)"


def many_answers(n: int, seed: int = 5) -> Lattice:
    rng = random.Random(seed)
    lattice = Lattice(name="many-answers")
    kind = lattice.add_dimension(Dimension("kind"))
    kind.add_edge("TOP", "animal")
    leaves = []
    for group in ("mammal", "bird", "fish"):
        kind.add_edge("animal", group)
        for j in range(5):
            kind.add_edge(group, f"{group} {j}")
            leaves.append(f"{group} {j}")
    region = lattice.add_dimension(Dimension("region", functional=True))
    for r in ("north", "south", "east", "west"):
        region.add_edge("TOP", r)
    lattice.add_document("doc", "generated")
    for i in range(n):  # labels sort unlike their numbers: "Item 10" before "Item 2"
        lattice.add_predicate(f"Item {i}", "kind", rng.choice(leaves), doc="doc", source_text="generated")
        for r in rng.sample(["north", "south", "east", "west"], 2 if rng.random() < 0.05 else 1):
            lattice.add_predicate(f"Item {i}", "region", r, doc="doc", source_text="generated")
    return lattice


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("paging") / "lattice"
    save_lattice(many_answers(INSTANCES), out)
    return out


@pytest.fixture(scope="module")
def runner(folder):
    with Runner(folder) as r:
        yield r


def _run(runner: Runner, text: str, page: Page | None = None, proofs: bool = True) -> Result:
    return runner.run([parse_plan(text)], proofs=proofs, page=page)[0]


def _trees(result: Result) -> dict[str, dict]:
    return {t.atom.args[0]: t.to_json() for t in result.proof.trees}


# ---- pages against the whole answer set ----
@pytest.mark.slow
@pytest.mark.parametrize("text", [EVERYTHING, NORTH, CHAIN, UNION])
def test_pages_concatenate_to_the_whole_result_with_its_proofs(runner, text):
    whole = _run(runner, text)
    assert whole.status == "answer" and len(whole.answers) > 100 and whole.page is None
    trees = _trees(whole)
    limit = 241   # a few pages, the last one short (each page is a run of its own)
    answers, contested, offset = [], [], 0
    while True:
        page = _run(runner, text, Page(limit, offset))
        info = page.page
        assert (info.offset, info.limit, info.total) == (offset, limit, len(whole.answers))
        assert info.contested_total == len(whole.contested)
        assert len(page.answers) <= limit
        # proofs exist exactly for the page's answers, and are the whole result's trees for them
        assert [t.atom.args[0] for t in page.proof.trees] == list(page.answers)
        assert all(trees[a] == t for a, t in _trees(page).items())
        answers += page.answers
        contested += page.contested
        offset += limit
        assert info.more == (offset < max(len(whole.answers), len(whole.contested)))
        if not info.more:
            break
    assert answers == list(whole.answers)
    assert contested == list(whole.contested)


def test_contested_answers_are_paged_by_the_same_window(runner):
    whole = _run(runner, NORTH)
    assert len(whole.contested) > 20  # the generated regions make some
    page = _run(runner, NORTH, Page(10, 10))
    assert list(page.contested) == list(whole.contested[10:20])
    nodes = page.proof.contested
    assert [n.atom.args[0] for n in nodes] == [e["answer"] for e in whole.contested[10:20]]


@pytest.mark.slow
def test_an_unpaged_result_has_no_page_key_and_a_paged_one_says_so(runner):
    whole = _run(runner, EVERYTHING)
    assert "page" not in whole.to_dict()
    page = _run(runner, EVERYTHING, Page(5, 2495))
    assert page.to_dict()["page"] == {"offset": 2495, "limit": 5, "total": INSTANCES, "contested_total": 0,
                                      "more": False}
    assert Result.from_dict(json.loads(page.to_json())) == page  # the page survives a round trip
    beyond = _run(runner, EVERYTHING, Page(5, 10_000))
    assert beyond.answers == () and beyond.page.total == INSTANCES and not beyond.page.more


def test_proofs_on_demand_and_further_pages_without_the_engine(runner):
    whole = _run(runner, NORTH)
    trees = _trees(whole)
    page = _run(runner, NORTH, Page(3))
    far = whole.answers[-1]
    assert far not in page.answers
    assert page.proof_of(far).to_json() == trees[far]
    assert page.proof_of(page.answers[0]).to_json() == trees[page.answers[0]]
    with pytest.raises(LatweaveError, match="not an answer of this plan"):
        page.proof_of("Item nowhere")
    nxt = page.page_at(page.page.page.next())
    assert nxt.to_json() == _run(runner, NORTH, Page(3, 3)).to_json()
    # proofs=False: a page without trees still proves any answer when asked
    bare = _run(runner, NORTH, Page(3), proofs=False)
    assert not bare.proof and bare.answers == page.answers
    assert bare.proof_of(far).to_json() == trees[far]
    # a saved page keeps only its own proofs
    saved = Result.from_dict(json.loads(page.to_json()))
    assert saved.proof_of(page.answers[1]).to_json() == trees[page.answers[1]]
    with pytest.raises(LatweaveError, match=r"is not on this page \(answers 1–3 of"):
        saved.proof_of(far)
    with pytest.raises(LatweaveError, match="holds no answer set"):
        saved.page_at(Page(3, 3))


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "10"])
def test_a_bad_page_is_refused(bad):
    with pytest.raises(LatweaveError, match="whole number"):
        Page(bad)
    with pytest.raises(LatweaveError, match="whole number"):
        Page(1, bad if bad != 0 else -1)


def test_extrema_verdicts_and_abstentions_are_not_paged(zoo_lattice):
    with Runner(zoo_lattice) as r:
        for text in ['holds("Whale", habitat <= terrestrial)', "same(habitat, Whale, Dog)",
                     "meet(species <= whale, habitat <= terrestrial)", "meet(species <= unicorn)"]:
            plain, paged = (r.run([parse_plan(text)], page=p)[0] for p in (None, Page(1)))
            assert paged.page is None and paged.status != "answer"
            assert paged.to_json() == plain.to_json()


# ---- the engines agree, page for page ----
@pytest.mark.slow
@pytest.mark.parametrize("name", ["sqlite", "souffle"])
def test_pages_are_byte_identical_across_engines(folder, runner, name):
    require_engine(name)
    with Runner(folder, name) as other:
        for text in (NORTH, CHAIN):
            for page in (Page(50), Page(40, 600)):
                assert _run(other, text, page).to_json() == _run(runner, text, page).to_json()


# ---- the auditor ----
@pytest.mark.parametrize("page", [Page(40), Page(40, 300), Page(40, INSTANCES - 10), Page(40, 9000)])
def test_the_auditor_certifies_a_page(folder, runner, page):
    for text in (EVERYTHING, NORTH):
        result = _run(runner, text, page)
        report = audit(folder, result)
        assert report.ok, report.failures
        assert (report.checked > 0) == bool(result.answers)  # an empty page has no proof to walk


_PAGE_TO_TAMPER: dict = {}


def _tampered(runner, edit) -> dict:
    """A fresh copy of one page's JSON (asked once per runner), edited by `edit`."""
    if id(runner) not in _PAGE_TO_TAMPER:
        _PAGE_TO_TAMPER.clear()
        _PAGE_TO_TAMPER[id(runner)] = _run(runner, NORTH, Page(20, 40)).to_json()
    result = json.loads(_PAGE_TO_TAMPER[id(runner)])
    edit(result)
    return result


def _problems(folder, result) -> str:
    report = audit(folder, result)
    assert not report.ok
    return "\n".join(f["problem"] for f in report.failures)


@pytest.mark.slow
def test_the_auditor_refuses_a_tampered_page(folder, runner):
    whole = _run(runner, NORTH)
    first, outside = whole.answers[40], whole.answers[0]

    def drop(r):
        r["answers"].remove(first)
        r["proof"]["trees"] = [t for t in r["proof"]["trees"] if t["premises"] != f'answer("{first}")']
    assert f"{first!r} is missing" in _problems(folder, _tampered(runner, drop))

    def add_from_another_page(r):
        r["answers"] = sorted([*r["answers"], outside])
    assert f"{outside!r} is answer 1 of {len(whole.answers):,}, outside this page" in _problems(
        folder, _tampered(runner, add_from_another_page))

    def add_a_stranger(r):
        r["answers"].append("Item nowhere")
    assert "'Item nowhere' is not an answer" in _problems(folder, _tampered(runner, add_a_stranger))

    def wrong_total(r):
        r["page"]["total"] -= 1
    assert f"the plan has {len(whole.answers):,} answers; the page states a total of" in _problems(
        folder, _tampered(runner, wrong_total))

    def wrong_contested_total(r):
        r["page"]["contested_total"] += 1
    assert "contested answers; the page states" in _problems(folder, _tampered(runner, wrong_contested_total))

    def wrong_more(r):
        r["page"]["more"] = False
    assert '"more" must be true' in _problems(folder, _tampered(runner, wrong_more))

    def shifted(r):  # the answers of offset 40 claimed as the page at 41
        r["page"]["offset"] = 41
    assert "is missing" in _problems(folder, _tampered(runner, shifted))

    def bad_shape(r):
        r["page"]["limit"] = 0
    assert "page has exactly" in _problems(folder, _tampered(runner, bad_shape))


def test_the_auditor_refuses_a_page_of_a_verdict(zoo_lattice):
    with Runner(zoo_lattice) as r:
        verdict = json.loads(r.run([parse_plan('holds("Whale", habitat <= aquatic)')])[0].to_json())
    verdict["page"] = {"offset": 0, "limit": 1, "total": 0, "contested_total": 0, "more": False}
    assert "only the answer set of a meet or chain plan is paged" in _problems(zoo_lattice, verdict)
    with pytest.raises(SourceError, match="only an answer set is paged"):
        check_result(verdict)


def test_a_saved_page_with_a_bad_page_field_is_refused(runner):
    saved = json.loads(_run(runner, NORTH, Page(2)).to_json())
    saved["page"]["total"] = "many"
    with pytest.raises(SourceError, match='"page"."total" must be a whole number'):
        check_result(saved)


# ---- the surfaces ----
@pytest.mark.slow
def test_the_api_pages(folder):
    with api.open(folder) as session:
        page = session.run(EVERYTHING, limit=10, offset=20)
        assert page.page == PageInfo(20, 10, INSTANCES, 0)
        assert session.run(EVERYTHING).answers[20:30] == page.answers
        for bad in ({"limit": 0}, {"limit": -5}, {"limit": 2, "offset": -1}, {"limit": "3"}, {"offset": 4}):
            with pytest.raises(LatweaveError):
                session.run(EVERYTHING, **bad)


def latweave(*args, stdin=None):
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "latweave.cli", *args], capture_output=True, text=True,
                          env=env, input=stdin, timeout=300)


@pytest.mark.slow
def test_the_cli_pages_saves_and_audits(folder, tmp_path):
    saved = tmp_path / "page.json"
    run = latweave("run", EVERYTHING, "--lattice", str(folder), "--limit", "100", "--json", "--save", str(saved))
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert len(result["answers"]) == 100 and result["page"]["total"] == INSTANCES
    kept = json.loads(saved.read_text())
    assert kept["lattice"].pop("folder") == str(folder.resolve())   # --save names the folder for audit
    assert kept == result
    assert latweave("audit", str(saved), "--lattice", str(folder)).returncode == 0
    result["page"]["total"] = 7
    saved.write_text(json.dumps(result))
    failed = latweave("audit", str(saved), "--lattice", str(folder))
    assert failed.returncode == 5 and "states a total of 7" in failed.stdout
    shown = latweave("run", EVERYTHING, "--lattice", str(folder), "--limit", "100", "--offset", "200")
    assert shown.returncode == 0 and "answers 201–300 of 2,500; more follow" in shown.stdout


@pytest.mark.slow
@pytest.mark.parametrize("args, message", [
    (["--limit", "0"], "--limit: expected a whole number, at least 1; got '0'"),
    (["--limit", "-3"], "--limit: expected a whole number, at least 1; got '-3'"),
    (["--limit", "ten"], "--limit: expected a whole number, at least 1; got 'ten'"),
    (["--limit", "2.5"], "--limit: expected a whole number, at least 1; got '2.5'"),
    (["--limit", "5", "--offset", "-1"], "--offset: expected a whole number, at least 0; got '-1'"),
    (["--offset", "5"], "--offset needs --limit"),
])
def test_the_cli_refuses_a_bad_page(folder, args, message):
    run = latweave("run", EVERYTHING, "--lattice", str(folder), *args)
    assert run.returncode == 2 and message in run.stderr and "Traceback" not in run.stderr


@pytest.mark.slow
def test_the_repl_pages_with_limit_and_more(folder):
    script = ":more\n:limit 2\n" + EVERYTHING + "\n\n:more\n:limit x\n:limit off\n" + EVERYTHING + "\n\n"
    run = latweave("repl", "--lattice", str(folder), "--json", stdin=script)
    assert run.returncode == 2, run.stderr   # the refused commands: a batch exits with its worst status
    objects = [json.loads(line) for line in run.stdout.splitlines()]   # JSON Lines, errors included
    errors = [o["message"] for o in objects if "error" in o]
    results = [o for o in objects if "error" not in o]
    assert [r.get("page", {}).get("offset") for r in results] == [0, 2, None]
    assert results[0]["answers"] + results[1]["answers"] == results[2]["answers"][:4]
    assert "no paged answer set to continue" in errors[0] and ":limit takes a whole number" in errors[1]
