"""The independent checker: every result on every engine audits ok, and tampered proofs do not.

The auditor (latweave/proof/audit/) re-verifies proofs from the lattice folder's JSON-lines
files alone; these tests run a broad set of plans (answers, verdicts, abstentions, chains, arg
paths, unions, numeric windows) on each available engine and audit each result, then tamper with
one step of a good proof at a time and require the audit to fail naming that step.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from latweave.ingest.builds import build_corpus
from latweave.paths import RULES
from latweave.proof.audit import AuditReport, audit, parse_atom
from tests.support.engines import suite_engines
from tests.support.plans import MOVIE_PLANS, ZOO_PLANS, run_plans

#: DuckDB's results per lattice, asked once: the coverage fixtures and the per-engine test read them
_DUCKDB: dict = {}


def predicate_rows(lat) -> list[dict]:
    """predicates.blocks' rows (folder/rows.py), each with its id (its line)."""
    from latweave.folder.blocks import read_lines
    from latweave.folder.rows import predicate_row

    lines = list(read_lines(lat / "predicates.blocks"))
    return [{"id": i, **predicate_row(line)} for i, line in enumerate(lines)]


def _run(lattice, engine: str, plans: list[str]):
    if engine != "duckdb":
        return run_plans(lattice, engine, plans)
    key = (str(lattice), tuple(plans))
    if key not in _DUCKDB:
        _DUCKDB[key] = run_plans(lattice, engine, plans)
    return _DUCKDB[key]

CORPORA = RULES.parent / "corpora"


# extract.py lists every fails(...) premise of a false holds when its emptied_by filter misaligns,
# including constraints the instance does satisfy (here release_date < 1990): the audit flags it.
KNOWN_BAD = ['holds("Alien", genre <= comedy, release_date < 1990)']


@pytest.fixture(scope="module")
def lattices(tmp_path_factory):
    root = tmp_path_factory.mktemp("audit")
    out = {}
    for name in ("zoo", "movies"):
        build_corpus(CORPORA / name, root / name)
        out[name] = root / name
    return out


def _explain(report: AuditReport) -> str:
    return "\n".join(f"{f['step']}: {f['problem']}" for f in report.failures)


@pytest.fixture(scope="module")
def zoo_results(lattices):
    return dict(zip(ZOO_PLANS, _run(lattices["zoo"], "duckdb", ZOO_PLANS)))


@pytest.fixture(scope="module")
def movie_results(lattices):
    return dict(zip(MOVIE_PLANS, _run(lattices["movies"], "duckdb", MOVIE_PLANS)))


# ---------------------------------------------------------------------------------------------
# good proofs audit ok, on every engine

@pytest.mark.slow
@pytest.mark.parametrize("engine", suite_engines())
@pytest.mark.parametrize("corpus", ["zoo", "movies"])
def test_every_result_audits_ok(lattices, engine, corpus):
    plans = ZOO_PLANS if corpus == "zoo" else MOVIE_PLANS
    results = _run(lattices[corpus], engine, plans)
    statuses = set()
    for text, result in zip(plans, results):
        report = audit(lattices[corpus], result.to_dict())
        assert report.ok, f"{engine}: {text!r}\n{_explain(report)}"
        assert report.checked > 0
        statuses.add(result.status)
    assert statuses == {"answer", "verdict", "abstain"}


@pytest.mark.slow
def test_plans_cover_every_kind_of_result(zoo_results, movie_results):
    results = {**zoo_results, **movie_results}
    reasons = {r.reason for r in results.values() if r.status == "abstain"}
    assert {"conflict", "unknown_anchor", "out_of_scope", "incomparable", "empty"} <= reasons
    assert {r.verdict for r in results.values() if r.status == "verdict"} == {True, False}


@pytest.mark.parametrize("text", KNOWN_BAD)
def test_false_holds_lists_only_failing_constraints(lattices, text):
    """Regression: a false holds once listed constraints the instance meets as failing."""
    (result,) = _run(lattices["movies"], "duckdb", [text])
    report = audit(lattices["movies"], result)
    assert report.ok, _explain(report)


def test_report_shape_and_rendering(lattices, zoo_results):
    from rich.console import Console

    report = audit(lattices["zoo"], zoo_results['meet(species <= mammal, habitat <= aquatic)'])
    data = report.to_dict()
    assert data["ok"] is True and data["failures"] == [] and data["checked"] >= 10
    json.dumps(data)
    console = Console(record=True, width=120)
    console.print(report)
    assert "audit ok" in console.export_text()

    bad = copy.deepcopy(zoo_results['meet(species <= mammal, habitat <= aquatic)'].to_dict())
    bad["answers"].append("Dog")
    report = audit(lattices["zoo"], bad)
    console = Console(record=True, width=120)
    console.print(report)
    assert "FAILED" in console.export_text()


def test_emptiness_is_certified_not_noted(lattices, zoo_results):
    """The independent evaluation sees that nothing meets the plan: no note is left to trust."""
    report = audit(lattices["zoo"], zoo_results['meet(species <= whale, habitat <= terrestrial)'])
    assert report.ok and report.notes == []
    for result in zoo_results.values():
        assert audit(lattices["zoo"], result).notes == []


# ---------------------------------------------------------------------------------------------
# tampering

def _nodes(tree):
    """Every node of a proof (trees, inner nodes and leaves), depth first."""
    if isinstance(tree, dict):
        yield tree
        for key in ("trees", "children"):
            for child in tree.get(key, []) or []:
                yield from _nodes(child)


def _find(result: dict, rel: str, *args):
    """The first node whose atom is rel(args...) (a prefix of its arguments)."""
    for node in _nodes(result["proof"]):
        parsed = parse_atom(node.get("premises", node.get("axiom", "")))
        if parsed and parsed[0] == rel and parsed[1][:len(args)] == list(args):
            return node
    raise AssertionError(f"no {rel}{args} in the proof")


def _atom(rel: str, *args) -> str:
    return f"{rel}({', '.join(json.dumps(a, ensure_ascii=False) for a in args)})"


def _failed_steps(lattice, result: dict) -> tuple[AuditReport, list[str]]:
    report = audit(lattice, result)
    assert report.ok is False, "the tampered proof audited ok"
    for failure in report.failures:
        assert set(failure) == {"step", "path", "problem"}
        assert failure["path"] and failure["path"][-1] == failure["step"] or failure["path"] == [failure["step"]]
    return report, [f["step"] for f in report.failures]


@pytest.fixture
def mammals(zoo_results):
    return copy.deepcopy(zoo_results['meet(species <= mammal, habitat <= aquatic)'].to_dict())


def test_tampered_coord_value(lattices, mammals):
    leaf = _find(mammals, "coord", "Whale", "species", "whale")
    leaf["axiom"] = _atom("coord", "Whale", "species", "dog")
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert leaf["axiom"] in steps


def test_tampered_evidence_source_text(lattices, mammals):
    leaf = _find(mammals, "coord", "Whale", "species", "whale")
    leaf["evidence"]["source_text"] = "The blue whale is a fish."
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert leaf["axiom"] in steps
    assert any("source_text" in f["problem"] for f in report.failures)


def test_tampered_predicate_id(lattices, mammals):
    leaf = _find(mammals, "coord", "Whale", "species", "whale")
    leaf["evidence"]["predicate"] = (leaf["evidence"]["predicate"] + 1) % 40
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert leaf["axiom"] in steps


def test_predicate_id_past_the_file_names_the_file(lattices, mammals):
    """A cited predicate id the lattice does not have: the failure names the file it looked in
    (predicates.blocks since schema 9; the message said predicates.jsonl, a file no lattice has)."""
    leaf = _find(mammals, "coord", "Whale", "species", "whale")
    leaf["evidence"]["predicate"] = 10 ** 6
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert leaf["axiom"] in steps
    assert any("is not in predicates.blocks" in f["problem"] for f in report.failures), report.failures


def test_dropped_subsumes_edge(lattices, mammals):
    desc = _find(mammals, "desc", "species", "mammal", "whale")
    desc["children"] = [c for c in desc["children"] if not c.get("axiom", "").startswith("subsumes(")]
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert desc["premises"] in steps


def test_invented_subsumes_edge(lattices, mammals):
    desc = _find(mammals, "desc", "species", "mammal", "whale")
    edge = next(c for c in desc["children"] if c.get("axiom", "").startswith("subsumes("))
    edge["axiom"] = _atom("subsumes", "species", "bird", "whale")
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert edge["axiom"] in steps


def test_invented_subsumes_edge_with_a_consistent_chain(lattices, zoo_results):
    """Rewrite a whole hit to claim whale is a bird: every edge but the invented one is fine."""
    result = copy.deepcopy(zoo_results['meet(species <= mammal, habitat <= aquatic)'].to_dict())
    hit = _find(result, "hit", "species")
    hit["premises"] = _atom("hit", "species", "<=", "bird", "Whale", "whale")
    hit["children"][0]["axiom"] = _atom("constraint", "species", "<=", "bird")
    desc = hit["children"][1]
    desc["premises"] = _atom("desc", "species", "bird", "whale")
    desc["children"][0]["axiom"] = _atom("subsumes", "species", "bird", "whale")
    report, steps = _failed_steps(lattices["zoo"], result)
    assert _atom("subsumes", "species", "bird", "whale") in steps


def test_hit_about_another_instance(lattices, mammals):
    """The hit's coord is a genuine predicate, but of Dog, not of the member Whale."""
    rows = predicate_rows(lattices["zoo"])
    dog = next(r for r in rows if r["instance"] == "dog" and r["dimension"] == "species")
    hit = _find(mammals, "hit", "species")
    coord = next(c for c in hit["children"] if c.get("axiom", "").startswith("coord("))
    coord["axiom"] = _atom("coord", "Dog", "species", "dog")
    coord["atom"] = {"pred": "coord", "args": ["Dog", "species", "dog"]}   # the structured atom forged alike
    coord["evidence"] = {"predicate": dog["id"], "doc": dog["doc"], "source_text": dog["source_text"],
                         "start": dog["start"], "end": dog["end"], "confidence": dog["confidence"]}
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert coord["axiom"] not in steps          # the predicate itself is genuine
    assert hit["premises"] in steps


def test_hit_renamed_to_another_instance(lattices, mammals):
    hit = _find(mammals, "hit", "species")
    hit["premises"] = _atom("hit", "species", "<=", "mammal", "Dog", "whale")
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert hit["premises"] in steps
    assert any("member is" in f["problem"] for f in report.failures)


def test_extra_answer(lattices, mammals):
    mammals["answers"].append("Dog")
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert "answers" in steps


def test_beats_with_swapped_values(lattices, zoo_results):
    result = copy.deepcopy(zoo_results['argmax(lifespan_years, [Whale, Dog])'].to_dict())
    beats = _find(result, "beats", "Whale", "Dog")
    beats["axiom"] = _atom("beats", "Whale", "Dog", "13", "90")
    report, steps = _failed_steps(lattices["zoo"], result)
    assert beats["axiom"] in steps


def test_swapped_extremum_winner(lattices, zoo_results):
    """Claim the shorter-lived Dog is the argmax, with Dog's genuine value."""
    result = copy.deepcopy(zoo_results['argmax(lifespan_years, [Whale, Dog])'].to_dict())
    ext = _find(result, "argmax")
    result["answers"] = ["Dog"]
    result["proof"]["trees"][0]["premises"] = _atom("answer", "Dog")
    ext["premises"] = _atom("argmax", "lifespan_years", "Dog")
    beats = _find(result, "beats")
    beats["axiom"] = _atom("beats", "Dog", "Whale", "13", "90")
    report, steps = _failed_steps(lattices["zoo"], result)
    assert beats["axiom"] in steps


def _retarget_witness(result: dict, reason: str, detail: dict) -> str:
    result["witness"][reason] = detail
    leaf = next(c for c in result["proof"]["children"] if c.get("reason") == reason)
    leaf["axiom"] = json.dumps(detail, ensure_ascii=False, sort_keys=True)
    return leaf["axiom"]


def test_conflict_witness_on_values_sharing_a_lower_bound(lattices, zoo_results):
    result = copy.deepcopy(zoo_results['meet(species <= mammal, species <= bird)'].to_dict())
    detail = copy.deepcopy(result["witness"]["conflict"])
    detail["conflicts"][0]["values"] = [["mammal"], ["whale"]]
    step = _retarget_witness(result, "conflict", detail)
    report, steps = _failed_steps(lattices["zoo"], result)
    assert step in steps
    assert any("share" in f["problem"] for f in report.failures)


def test_conflict_witness_on_a_plan_whose_values_do_meet(lattices, zoo_results):
    """Claim that species <= mammal, habitat <= aquatic's meet is a conflict on habitat."""
    result = copy.deepcopy(zoo_results['meet(habitat = amphibious)'].to_dict())
    result["plan"] = "meet(habitat <= aquatic, habitat <= terrestrial)"
    result.update(status="abstain", answers=[], reason="conflict", reasons=["conflict"], witness={})
    detail = {"conflicts": [{"dimension": "habitat", "constraints": ["habitat <= aquatic", "habitat <= terrestrial"],
                             "values": [["aquatic"], ["terrestrial"]]}]}
    result["proof"] = {"premises": _atom("abstain", "conflict"), "rule-number": "(abstain)",
                       "children": [{"axiom": "", "reason": "conflict"}]}
    step = _retarget_witness(result, "conflict", detail)
    report, steps = _failed_steps(lattices["zoo"], result)
    assert step in steps
    assert any("amphibious" in f["problem"] for f in report.failures)


def test_unknown_anchor_witness_naming_an_existing_value(lattices, zoo_results):
    result = copy.deepcopy(zoo_results['meet(species <= unicorn)'].to_dict())
    detail = {"unknown": [{"constraint": "species <= unicorn", "dimension": "species", "name": "whale"}]}
    step = _retarget_witness(result, "unknown_anchor", detail)
    report, steps = _failed_steps(lattices["zoo"], result)
    assert step in steps


def test_unknown_anchor_witness_naming_an_existing_instance(lattices, zoo_results):
    result = copy.deepcopy(zoo_results['holds(Unicorn, species <= mammal)'].to_dict())
    detail = {"unknown": [{"constraint": "instance", "dimension": None, "name": "blue whale"}]}
    step = _retarget_witness(result, "unknown_anchor", detail)
    report, steps = _failed_steps(lattices["zoo"], result)
    assert step in steps


def test_out_of_scope_on_a_known_dimension(lattices, zoo_results):
    result = copy.deepcopy(zoo_results['meet(colour <= red)'].to_dict())
    step = _retarget_witness(result, "out_of_scope", {"unknown_dimensions": ["species"]})
    report, steps = _failed_steps(lattices["zoo"], result)
    assert step in steps


def test_matches_nothing_claim_that_matches(lattices, zoo_results):
    result = copy.deepcopy(zoo_results['meet(species <= whale, habitat <= terrestrial)'].to_dict())
    detail = copy.deepcopy(result["witness"]["empty"])
    detail["meets"][0]["matches_nothing"] = ["species <= whale"]
    step = _retarget_witness(result, "empty", detail)
    report, steps = _failed_steps(lattices["zoo"], result)
    assert step in steps


def test_incomparable_witness_on_ordered_values(lattices, zoo_results):
    result = copy.deepcopy(zoo_results['argmax(species, [Whale, Dog])'].to_dict())
    detail = {"pairs": [{"arguments": ["Whale", "Dog"], "values": ["mammal", "whale"]}]}
    step = _retarget_witness(result, "incomparable", detail)
    report, steps = _failed_steps(lattices["zoo"], result)
    assert step in steps


def test_window_hit_outside_its_window(lattices, zoo_results):
    result = copy.deepcopy(zoo_results['meet(lifespan_years > 50)'].to_dict())
    hit = _find(result, "hit", "lifespan_years")
    result["plan"] = "meet(lifespan_years > 100)"
    hit["children"][0]["axiom"] = _atom("constraint", "lifespan_years", ">", "100")
    args = parse_atom(hit["premises"])[1]
    hit["premises"] = _atom("hit", "lifespan_years", ">", "100", *args[3:])
    for tree in result["proof"]["trees"]:
        for node in _nodes(tree):
            if "meet" in node:
                node["meet"]["constraints"] = [["lifespan_years", ">", "100"]]
    report, steps = _failed_steps(lattices["zoo"], result)
    assert hit["premises"] in steps


def test_proof_for_another_plan(lattices, mammals):
    mammals["plan"] = "meet(species <= mammal, habitat <= marine)"
    report, steps = _failed_steps(lattices["zoo"], mammals)
    assert any(s.startswith("member(") for s in steps)


def test_desc_chain_in_a_chained_plan(lattices, movie_results):
    """Tampering deep inside a let step's proof is found through the chain."""
    text = 'let d = meet(subject = "Blade Runner") -> directed_by\nmeet(directed_by = $d) -> subject'
    result = copy.deepcopy(movie_results[text].to_dict())
    out = _find(result, "step_out", "$d")
    coord = next(c for c in out["children"] if c.get("axiom", "").startswith("coord("))
    coord["axiom"] = _atom("coord", "Blade Runner", "directed_by", "Tim Burton")
    report, steps = _failed_steps(lattices["movies"], result)
    assert coord["axiom"] in steps


def test_arg_path_to_the_wrong_person(lattices, movie_results):
    text = 'argmin(date_of_birth, ["Taxi!" -> directed_by, "What Price Hollywood?" -> directed_by])'
    result = copy.deepcopy(movie_results[text].to_dict())
    arg = _find(result, "arg", "Taxi!")
    arg["premises"] = _atom("arg", "Taxi!", "George Cukor")
    report, steps = _failed_steps(lattices["movies"], result)
    assert arg["premises"] in steps


# ---------------------------------------------------------------------------------------------
# independence

def test_auditor_imports_no_engine_or_rules():
    code = ("import sys, latweave.proof.audit\n"
            "bad = sorted(m for m in sys.modules if m.startswith(('latweave.engines', 'latweave.compile',"
            " 'latweave.datalog', 'latweave.execute', 'latweave.proof.extract')) or m in ('duckdb', 'clingo',"
            " 'pyDatalog'))\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_the_checks_are_typed_against_the_context_not_the_auditor():
    """The check modules take a `Context` (context.py) and import nothing of auditor.py, which
    imports them: the audit's imports form a tree, not a ring. (claims.py runs whole audits.)"""
    import ast

    import latweave.proof.audit as audit

    folder = Path(audit.__file__).parent
    importers = []
    for path in sorted(folder.glob("*.py")):
        if path.name in ("__init__.py", "auditor.py", "claims.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "latweave.proof.audit.auditor":
                importers.append(path.name)
    assert importers == [] and (folder / "context.py").is_file()


def test_a_winner_relabelled_to_another_argument_is_named(lattices, zoo_results):
    """argmax names Dog the winner while its premise is Whale's coord: Whale is not what Dog stands for."""
    result = copy.deepcopy(zoo_results['argmax(lifespan_years, [Whale, Dog])'].to_dict())
    node = _find(result, "argmax", "lifespan_years", "Whale")
    node["premises"] = _atom("argmax", "lifespan_years", "Dog")
    report, steps = _failed_steps(lattices["zoo"], result)
    assert node["premises"] in steps
    assert any("'Whale' is not what argument 'Dog' stands for" in f["problem"] for f in report.failures)
