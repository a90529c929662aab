"""The Python API (latweave/api/): README's example runs as written, the objects are the ones the
CLI prints, `import latweave` stays cheap, and the planner never reaches up into eval."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import latweave
from latweave.cli import main
from latweave.errors import LatweaveError, PlanError, StoreError
from latweave.execute import Batch, Runner
from latweave.ingest.gate import NotLive
from latweave.ingest.summary import BuildSummary
from latweave.plan.read import read_plan
from latweave.reasons import Reason
from latweave.result import Result
from tests.support.corpora import ZOO

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _readme_example() -> tuple[str, str]:
    """The Python API section's code block and the output block after it."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Python API"):]
    section = section[:section.index("\n## ", 1)]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    output = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    return code, output


@pytest.mark.slow
def test_readme_python_api_example_runs_and_prints_what_it_says():
    code, expected = _readme_example()
    assert "latweave.build" in code and "latweave.open" in code and ".audit(" in code
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    assert run.stdout == expected


def test_import_latweave_lattice_does_not_load_the_api():
    code = ("import sys, latweave.lattice\n"
            "print(sorted(m for m in sys.modules if m.startswith('latweave.')))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    loaded = set(json.loads(run.stdout.replace("'", '"')))
    assert "latweave.api" not in loaded and "latweave.engines" not in loaded and "latweave.execute" not in loaded
    assert "latweave.lattice.model" in loaded


def test_the_package_exports_the_api_lazily():
    assert latweave.open is latweave.api.open and latweave.build is latweave.api.build
    assert latweave.Result is Result and latweave.Reason is Reason and latweave.LatweaveError is LatweaveError
    assert set(latweave.__all__) <= set(dir(latweave))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        latweave.nope  # noqa: B018
    package = ROOT / "latweave"
    shadowed = [n for n in latweave.__all__ if (package / f"{n}.py").exists() or (package / n).is_dir()]
    assert shadowed == []  # a submodule of that name, once imported, would replace the API's name


@pytest.fixture(scope="module")
def zoo(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("api") / "zoo"
    summary = latweave.build(ZOO, out)
    assert isinstance(summary, BuildSummary) and summary.kind == "corpus" and summary.complete
    assert summary.manifest["counts"]["instances"] == 9 and summary.legitimacy["ok"] is True
    return out


def test_a_session_runs_text_and_plans_alike(zoo):
    text = "meet(species <= mammal, habitat <= aquatic)"
    with latweave.open(zoo) as session:
        assert session.engine == "sqlite" and session.engines == {"single": "sqlite", "batch": "duckdb"} and "species" in session.lattice.dimensions
        from_text = session.run(text)
        from_plan = session.run(latweave.parse_plan(text), text)
        checked = session.check(text)
    assert from_text.to_json() == from_plan.to_json()
    assert (from_text.status, from_text.answers) == ("answer", ("Whale",))
    assert latweave.plan_text(checked) == text


def test_answers_only_give_the_answers_of_the_run_with_proofs_and_no_proof(zoo):
    """`run(plan, proofs=False)`: the same status, answers, verdict, reason(s), witness, contested
    answers and plan text as the run with its proof, asked before it or after it (the session's
    kept plan and batch change nothing); no proof tree for an answer set or a verdict, an
    abstention's `abstain` tree kept; a page the same page, its proofs still built on demand."""
    from tests.support.plans import ZOO_PLANS

    with latweave.open(zoo) as session:
        for text in ZOO_PLANS:
            try:
                session.check(text)
            except PlanError:
                continue   # a type error is raised before anything runs, proofs or not
            bare_first = session.run(text, proofs=False)
            full = session.run(text)
            bare = session.run(text, proofs=False)
            for got in (bare_first, bare):
                assert (got.status, got.answers, got.verdict, got.reason, got.reasons, got.plan) == \
                       (full.status, full.answers, full.verdict, full.reason, full.reasons, full.plan), text
                assert got.witness.to_json() == full.witness.to_json() and got.contested == full.contested
                if full.status == "abstain":
                    assert got.proof.to_json() == full.proof.to_json()
                else:
                    assert not got.proof and got.proof.to_json() == {} and full.proof
                whole = json.loads(full.to_json())
                assert json.loads(got.to_json()) == {**whole, "proof": {} if full.status != "abstain" else whole["proof"]}
            assert session.run(text).to_json() == full.to_json()   # the proofs as before
        page = session.run("meet(species <= animal)", limit=2, offset=1, proofs=False)
        paged = session.run("meet(species <= animal)", limit=2, offset=1)
        assert page.answers == paged.answers and page.page == paged.page and not page.proof
        assert page.proof_of(page.answers[0]).to_json() == paged.proof_of(paged.answers[0]).to_json()
        with pytest.raises(LatweaveError):
            session.run("meet(species <= animal)", proofs="no")


def test_run_many_equals_run_one_by_one(zoo):
    plans = ["meet(species <= mammal)", 'holds("Whale", habitat <= aquatic)', "meet(species <= unicorn)"]
    with latweave.open(zoo) as session:
        many = session.run_many(plans)
        single = [session.run(p) for p in plans]
    assert [r.to_json() for r in many] == [r.to_json() for r in single]
    assert many[2].reason == Reason.UNKNOWN_ANCHOR


def test_errors_are_latweave_errors(zoo, tmp_path):
    with pytest.raises(StoreError):
        latweave.open(tmp_path / "nope")
    with latweave.open(zoo) as session:
        with pytest.raises(PlanError, match="unknown dimension 'specis'") as caught:
            session.run("meet(specis <= x)")
        assert (caught.value.line, caught.value.column) == (1, 6)
    with pytest.raises(PlanError):
        latweave.parse_plan("meet(")
    errors = latweave.plan_errors(latweave.parse_plan("meet(specis <= x)"), zoo, "meet(specis <= x)")
    assert [e.code for e in errors] == ["unknown_dimension"]


def test_audit_a_result_its_dict_or_its_file(zoo, tmp_path):
    with latweave.open(zoo) as session:
        result = session.run('holds("Whale", habitat <= aquatic)')
        assert session.audit(result).ok
    saved = tmp_path / "result.json"
    saved.write_text(result.to_json(), encoding="utf-8")
    assert latweave.audit(saved, lattice=zoo).ok and latweave.audit(result.to_dict(), lattice=zoo).ok
    assert latweave.read_result(saved).to_json() == result.to_json()
    tampered = result.to_dict()
    tampered["verdict"] = False
    assert not latweave.audit(tampered, lattice=zoo).ok


def test_build_json_is_what_the_cli_prints(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # the history's time: one for both builds
    kb = FIXTURES / "pathquestion" / "kb.txt"
    summary = latweave.build(kb, tmp_path / "api", format="pathquestion")
    assert summary.kind == "kb" and summary.report is not None
    assert main(["build", str(kb), "--format", "pathquestion", "--out", str(tmp_path / "api"), "--json"]) == 0
    assert capsys.readouterr().out == summary.to_json() + "\n"
    corpus = latweave.build(ZOO, tmp_path / "zoo")
    assert main(["build", str(ZOO), "--out", str(tmp_path / "zoo"), "--json"]) == 0
    assert capsys.readouterr().out == corpus.to_json() + "\n"


def test_build_refuses_what_the_cli_refuses(tmp_path):
    with pytest.raises(LatweaveError, match="a model's extraction \\(llm\\) reads a text corpus folder"):
        latweave.build(ZOO, tmp_path / "x", format="pathquestion", llm=latweave.LLMConfig(model="m"))
    with pytest.raises(LatweaveError, match="dimensions.jsonl is missing"):
        latweave.build(tmp_path, tmp_path / "x")
    assert issubclass(NotLive, LatweaveError)


def test_engines_table_is_what_the_cli_prints(capsys):
    table = latweave.list_engines()
    assert "duckdb" in table.available and table.default == "duckdb"
    assert main(["engines", "--json"]) == 0
    assert capsys.readouterr().out == table.to_json() + "\n"
    assert json.loads(table.to_json())["engines"]["duckdb"] == {"available": True, "reason": None}


def test_run_demo_yields_the_build_then_the_results(tmp_path):
    parts = list(latweave.run_demo(tmp_path / "demo"))
    assert isinstance(parts[0], BuildSummary) and parts[0].source is not None
    assert [r.status for _, r in parts[1].runs][:2] == ["answer", "abstain"]


def test_runner_run_many_sets_aside_what_the_compiler_refuses(zoo):
    good, bad = read_plan("meet(species <= mammal)"), read_plan("meet(diet = $d)")
    with Runner(zoo) as runner:
        batch = runner.run_many([good, bad, good], proofs=False)
        assert isinstance(batch, Batch) and list(batch.results) == [good]
        assert batch.results[good].answers == ("Bat", "Dog", "Whale")
        assert "$d is used before" in batch.refused[bad]
        assert runner.run_many([]) == Batch({}, {})


def test_no_planner_module_imports_eval():
    for path in sorted((ROOT / "latweave" / "planner").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n == "latweave.eval" or n.startswith("latweave.eval.") for n in names), path.name


def test_answer_normalisation_is_shared_by_scoring_and_the_planner():
    from latweave.eval import metrics
    from latweave.lattice.answers import normalize_answer
    from latweave.planner import offline

    assert metrics.normalize_answer is normalize_answer is offline.normalize_answer
    assert normalize_answer("7 August 1672") == normalize_answer("1672-08-07") == "16720807"


def test_planner_reasons_are_the_enum():
    from latweave.ask import planner_abstention
    from latweave.planner.base import PLANNER_REASONS, PlanOutput
    from latweave.reasons import PLANNER_REASONS as ENUM_REASONS

    assert PLANNER_REASONS is ENUM_REASONS
    result = planner_abstention(PlanOutput(None))
    assert result.reason is Reason.NO_PLAN and json.loads(result.to_json())["reason"] == "no_plan"


# ------------------------------------------------------------------ shared sessions, hostile input

@pytest.mark.slow
@pytest.mark.parametrize("engine", ["sqlite", "duckdb"])
def test_one_session_shared_by_threads_gives_what_one_thread_gets(zoo, engine):
    """4 threads x 5 runs on one session: every result the single-threaded bytes, no error (the
    session's lock serialises engine work; an engine connection is not safe for concurrent use)."""
    import threading

    plans = ["meet(species <= bird)", "meet(species <= mammal, habitat <= aquatic)"]
    with latweave.open(zoo, engine=engine) as session:
        want = {p: session.run(p).to_json() for p in plans}
        got, errors = [], []

        def work(k):
            for i in range(5):
                plan = plans[(k + i) % 2]
                try:
                    got.append((plan, session.run(plan).to_json()))
                except Exception as exc:   # noqa: BLE001 - every failure is recorded and fails the test
                    errors.append(repr(exc))
        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert errors == []
    assert len(got) == 20 and all(text == want[plan] for plan, text in got)


def test_run_takes_the_json_form_as_a_dict(zoo):
    text = "meet(species <= mammal, habitat <= aquatic)"
    form = {"meet": [["species", "<=", "mammal"], ["habitat", "<=", "aquatic"]]}
    with latweave.open(zoo) as session:
        assert session.run(form).to_json() == session.run(text).to_json()
        assert session.run(form).answers == ("Whale",)


@pytest.mark.parametrize("plan", [None, 5, 2.5, b"meet(species <= bird)", ["meet(species <= bird)"],
                                  {"op": "nonsense"}, {"op": float("nan")}, object()])
def test_run_refuses_what_is_no_plan_with_a_latweave_error(zoo, plan):
    with latweave.open(zoo) as session:
        with pytest.raises(LatweaveError) as info:
            session.run(plan)
    assert info.value.hint or isinstance(info.value, PlanError)


@pytest.mark.parametrize("plans", ["meet(species <= bird)", None, 7, {"op": "meet"}])
def test_run_many_refuses_what_is_no_list_of_plans(zoo, plans):
    with latweave.open(zoo) as session:
        with pytest.raises(LatweaveError, match="run_many takes a list"):
            session.run_many(plans)


def test_add_takes_one_path_as_one_source_and_refuses_junk(tmp_path):
    from tests.support.corpora import MOVIES

    latweave.build(ZOO, tmp_path / "lat")
    change = latweave.add(tmp_path / "lat", str(MOVIES))   # one path: one source, not its characters
    assert [s["name"] for s in change.line["sources"]] == ["movies"]
    for junk in (None, 5, [None], {"a": 1}):
        with pytest.raises(LatweaveError):
            latweave.add(tmp_path / "lat", junk)
    with pytest.raises(LatweaveError):
        latweave.remove(tmp_path / "lat", sources=5)


def test_audit_of_a_missing_file_is_a_latweave_error(zoo, tmp_path):
    with pytest.raises(LatweaveError, match="cannot read"):
        latweave.audit(tmp_path / "missing.json", lattice=zoo)
    with pytest.raises(LatweaveError):
        latweave.audit(tmp_path, lattice=zoo)   # a folder
    with pytest.raises(LatweaveError):
        latweave.audit({}, lattice=None)


def test_a_closed_session_refuses_to_run(zoo):
    session = latweave.open(zoo)
    session.close()
    session.close()   # twice is fine
    for call in (lambda: session.run("meet(species <= bird)"), lambda: session.run_many(["meet(species <= bird)"]),
                 lambda: session.check("meet(species <= bird)"), lambda: session.verify("argmax(lifespan_years, [Whale, Dog]) is Whale")):
        with pytest.raises(LatweaveError, match="closed"):
            call()


@pytest.mark.parametrize("engine", ["sqlite", "duckdb"])
def test_a_lattice_deleted_under_a_session_is_a_store_error(tmp_path, engine):
    import shutil

    latweave.build(ZOO, tmp_path / "lat")
    with latweave.open(tmp_path / "lat", engine=engine) as session:
        session.run("meet(species <= bird)")
        shutil.rmtree(tmp_path / "lat")
        with pytest.raises(StoreError, match="is gone"):
            session.run("meet(species <= mammal)")


def test_one_list_of_public_names():
    """latweave._API is the list: latweave.api.__all__ is it, every name resolves from `latweave`,
    and the TYPE_CHECKING import (for type checkers) names exactly it."""
    import latweave.api

    assert latweave.api.__all__ == list(latweave._API)
    for name in latweave._API:
        assert getattr(latweave, name) is getattr(latweave.api, name), name
    tree = ast.parse(Path(latweave.__file__).read_text(encoding="utf-8"))
    typed = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module == "latweave.api"
             for alias in node.names}
    assert typed == set(latweave._API)
    assert latweave.parse_claims("argmax(lifespan_years, [Whale, Dog]) is Whale").assertions
