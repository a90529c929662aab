"""The evaluation harness end to end: the oracle on a fixture (no benchmark data needed) and on
PQ-2H dev (skipped without the data), the CLI, question-text-only planning, and knock-outs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from latweave.eval.datasets import data_dir, load_pathquestion
from latweave.eval.harness import evaluate
from latweave.planner.base import Planner, PlanOutput
from latweave.planner.oracle import OraclePlanner

FIXTURE = Path(__file__).parent / "fixtures" / "pathquestion"


@pytest.fixture(scope="module")
def fixture_lattice(tmp_path_factory):
    from latweave.ingest.write import save_lattice
    from latweave.ingest.kb import BuildReport, lattice_from_triples, read_pathquestion_kb

    triples = list(read_pathquestion_kb(FIXTURE / "kb.txt", BuildReport()))
    out = tmp_path_factory.mktemp("pqfix") / "lattice"
    save_lattice(lattice_from_triples(triples, "fixture", BuildReport()), out)
    return out, triples


@pytest.mark.slow
def test_fixture_oracle_and_knockout(fixture_lattice):
    from latweave.eval.knockout import knockout
    from latweave.execute import Runner

    folder, triples = fixture_lattice
    examples = load_pathquestion(FIXTURE / "questions.txt")
    with Runner(folder) as runner:
        report = evaluate(examples, OraclePlanner(examples), runner, dataset="fixture", split="all")
    assert report.n == 12 and report.oracle
    assert report.metrics["any_hit"] == 1.0
    assert report.metrics["strict_set_em"] == 1.0          # the complete answer set comes back
    assert set(report.by_hops) == {"2", "3"}
    gender = next(r for r in report.records if r["qid"] == "fixture:00003" or "gender is anna" in r["question"])
    assert sorted(gender["answers"]) == ["female", "male"]
    packed = knockout(examples, report.records, report.plans, triples, name="fixture")
    assert packed["leak_rate"] == 0.0 and packed["leaks"] == 0
    # anna has two children: knocking out (anna, children, dora) or (dora, gender, female) leaves
    # emil's "male", so those two knock-outs are rerouted (gold still reachable), not must-abstain
    assert packed["rerouted"] == 2 and packed["must_abstain"] == packed["cases"] - 2 > 0
    assert packed["lattices"] < packed["distinct_triples"]   # grouped: fewer rebuilds than triples
    alone = knockout(examples, report.records, report.plans, triples, name="fixture", pack=False)
    assert alone["lattices"] == alone["distinct_triples"]
    assert {k: alone[k] for k in ("cases", "must_abstain", "leaks", "abstain_accuracy")} == \
           {k: packed[k] for k in ("cases", "must_abstain", "leaks", "abstain_accuracy")}


def test_a_leak_is_caught(fixture_lattice):
    """A plan that does not depend on the knocked-out triple still answers: that is a leak."""
    from latweave.eval.knockout import knockout
    from latweave.execute import Runner
    from latweave.plan.parser import parse_plan

    folder, triples = fixture_lattice
    ex = load_pathquestion(FIXTURE / "questions.txt")[:1]   # anna's spouse's nationality: france

    class Cheat(Planner):
        name = "cheat"

        def plan(self, question, qid):
            return PlanOutput(parse_plan('meet(subject = "emil_of_y") -> nationality'))

    with Runner(folder) as runner:
        report = evaluate(ex, Cheat(), runner)
    assert report.metrics["em"] == 1.0
    result = knockout(ex, report.records, report.plans, triples)
    assert result["must_abstain"] == 2 and result["leaks"] == 2 and result["leak_rate"] == 1.0


def test_planner_sees_question_text_only(fixture_lattice):
    from latweave.execute import Runner

    seen = []

    class Spy(Planner):
        name = "spy"

        def plan(self, *args, **kwargs):
            seen.append((args, kwargs))
            return PlanOutput(None, "out_of_scope")

    folder, _ = fixture_lattice
    examples = load_pathquestion(FIXTURE / "questions.txt")
    with Runner(folder) as runner:
        report = evaluate(examples, Spy(), runner, limit=3)
    assert [a for a, _ in seen] == [(e.question, e.qid) for e in examples[:3]]
    assert all(type(x) is str for a, _ in seen for x in a) and all(not k for _, k in seen)
    assert report.metrics["resolved"] == 0.0
    assert {r["reason"] for r in report.records} == {"out_of_scope"}


@pytest.mark.slow
def test_cli_on_fixture(tmp_path, capsys):
    from latweave.cli import main

    out = tmp_path / "records.jsonl"
    rc = main(["eval", "pathquestion", "--questions", str(FIXTURE / "questions.txt"), "--kb", str(FIXTURE / "kb.txt"),
               "--split", "train", "--planner", "oracle", "--json", "--knockout", "--out", str(out),
               "--lattices", str(tmp_path / "cache")])
    assert rc == 0
    report = json.loads(capsys.readouterr().out)
    assert report["dataset"] == "questions" and report["split"] == "train" and report["oracle"] is True
    assert report["metrics"]["any_hit"] == 1.0
    assert report["knockout"]["leak_rate"] == 0.0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == report["n"] == 10
    assert {"qid", "question", "plan", "status", "answers", "verdict", "reason", "gold_answers", "metrics"} <= set(records[0])
    # the second run reuses the cached lattice
    assert len(list((tmp_path / "cache").iterdir())) == 1


def _eval_out(tmp_path, out):
    from latweave.cli import main

    return main(["eval", "pathquestion", "--questions", str(FIXTURE / "questions.txt"), "--kb",
                 str(FIXTURE / "kb.txt"), "--split", "train", "--planner", "oracle", "--json", "--out", str(out),
                 "--lattices", str(tmp_path / "cache")])


@pytest.mark.parametrize("where", ["missing folder", "user's file", "folder"])
def test_eval_out_is_refused_before_the_evaluation(tmp_path, capsys, where):
    """`eval --out` that cannot be written (its folder missing, a file `eval --out` did not write,
    a folder) is exit 2 with the path and a hint — before any lattice is built, and nothing of the
    user's is touched."""
    out = {"missing folder": tmp_path / "no" / "such" / "records.jsonl", "user's file": tmp_path / "notes.jsonl",
           "folder": tmp_path / "a-folder"}[where]
    if where == "user's file":
        out.write_text('{"my": "notes"}\n', encoding="utf-8")
    if where == "folder":
        out.mkdir()
    assert _eval_out(tmp_path, out) == 2
    said = json.loads(capsys.readouterr().out)   # --json: the error as JSON on stdout
    assert said["error"] == "SourceError" and said["file"] == str(out) and said["hint"]
    assert not (tmp_path / "cache").exists()   # refused before the benchmark's lattice was built
    if where == "user's file":
        assert out.read_text(encoding="utf-8") == '{"my": "notes"}\n'
    assert not out.parent.exists() if where == "missing folder" else out.exists()


@pytest.mark.slow
def test_eval_out_replaces_its_own_records(tmp_path, capsys):
    out = tmp_path / "records.jsonl"
    out.write_text("", encoding="utf-8")   # an empty file holds nothing to lose
    assert _eval_out(tmp_path, out) == 0
    first = out.read_bytes()
    assert len(first.splitlines()) == 10
    assert _eval_out(tmp_path, out) == 0   # an earlier `eval --out`'s file is replaced
    assert out.read_bytes() == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "records.jsonl"]   # no temporary left


def test_cli_planner_errors_are_user_errors(tmp_path, capsys):
    from latweave.cli import main

    rc = main(["eval", "metaqa", "--data", str(tmp_path), "--planner", "oracle"])
    assert rc == 2
    assert "--kb" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.data
def test_oracle_on_pq2h_dev(tmp_path, capsys):
    path = data_dir() / "pathquestion" / "PQ-2H.txt"
    if not path.is_file():
        pytest.skip(f"benchmark data absent: {path} (set LATWEAVE_DATA to the folder holding pathquestion/)")
    from latweave.cli import main

    rc = main(["eval", "pathquestion", "--hops", "2H", "--split", "dev", "--max-questions", "60", "--planner", "oracle",
               "--json", "--lattices", str(tmp_path / "cache")])
    assert rc == 0
    report = json.loads(capsys.readouterr().out)
    assert report["n"] == 60
    # every gold path of PQ-2H exists in 2H-kb: the oracle's plan must reach a gold answer
    assert report["metrics"]["any_hit"] == 1.0
    assert report["metrics"]["resolved"] == 1.0


def test_knockout_removes_a_fact_with_its_restatements():
    """'a spouse b' and 'b spouse a' are one fact: knocking one out removes both, so a plan through
    `inverse spouse` cannot find the marriage again (that would be counted as a leak otherwise)."""
    from latweave.eval.knockout import _Index, restatements, with_restatements

    keys = [(f"p{i}", "spouse", f"q{i}") for i in range(25)] + [(f"q{i}", "spouse", f"p{i}") for i in range(25)]
    keys += [(f"p{i}", "parents", f"r{i}") for i in range(25)] + [(f"r{i}", "children", f"p{i}") for i in range(10)]
    keys += [(f"p{i}", "nationality", "x") for i in range(25)]
    index = _Index(keys)
    restate = restatements(index)
    assert restate["spouse"] == {"spouse"}
    assert "parents" not in restate  # only 10 of 25 restated: below the KB-read threshold
    assert with_restatements(("p1", "spouse", "q1"), index, restate) == {("p1", "spouse", "q1"), ("q1", "spouse", "p1")}
    assert with_restatements(("p1", "nationality", "x"), index, restate) == {("p1", "nationality", "x")}


def test_footprint_of_a_compare_over_paths_covers_merged_names():
    """A bridge compare reads each film's director and the director's date; a director merged into
    "E (director)" at build time is read under both spellings."""
    from latweave.eval.knockout import _Index, chain_footprint
    from latweave.plan.parser import parse_plan

    index = _Index([("film a", "director", "thomas carr"), ("thomas carr (director)", "date of death", "1997"),
                    ("film b", "director", "jane roe"), ("jane roe", "date of death", "1990")])
    plan = parse_plan('argmax(date_of_death, ["Film A" -> director, "Film B" -> director])')
    reads = chain_footprint(plan, index)
    assert {("f", "film a", "director"), ("f", "film b", "director"), ("f", "jane roe", "date of death"),
            ("f", "thomas carr (director)", "date of death")} <= reads


@pytest.mark.slow
def test_cli_transfer_and_learning_curve_on_fixture(tmp_path, capsys):
    """--train-questions fits on another set only and says so; --train-fraction thins the training
    split; either with a planner that is not fitted is a user error."""
    from latweave.cli import main

    base = ["eval", "pathquestion", "--questions", str(FIXTURE / "questions.txt"), "--kb", str(FIXTURE / "kb.txt"),
            "--split", "train", "--json", "--lattices", str(tmp_path / "cache")]
    rc = main(base + ["--train-questions", str(FIXTURE / "questions.txt"), "--train-kb", str(FIXTURE / "kb.txt")])
    assert rc == 0
    report = json.loads(capsys.readouterr().out)
    assert any(note.startswith("planner fitted on questions only") for note in report["notes"])
    assert report["n"] == 10
    rc = main(base + ["--train-fraction", "0.5"])
    assert rc == 0
    assert any("0.5 of each training split" in note for note in json.loads(capsys.readouterr().out)["notes"])
    assert main(base + ["--planner", "oracle", "--train-hops", "2H"]) == 2   # --json: the error as JSON
    assert "--train-questions/--train-hops fit the offline planner" in json.loads(capsys.readouterr().out)["message"]
    assert main(base + ["--planner", "oracle", "--train-fraction", "0.5"]) == 2
    assert "--train-fraction" in json.loads(capsys.readouterr().out)["message"]
    with pytest.raises(SystemExit) as exit_:
        main(base + ["--train-fraction", "0"])
    assert exit_.value.code == 2 and "0 < F <= 1" in capsys.readouterr().err


def test_a_missing_training_file_is_named_with_the_option_that_gave_it(tmp_path, capsys):
    from latweave.cli import main

    rc = main(["eval", "pathquestion", "--questions", str(FIXTURE / "questions.txt"), "--kb", str(FIXTURE / "kb.txt"),
               "--train-questions", str(tmp_path / "missing.txt"), "--train-kb", str(FIXTURE / "kb.txt"),
               "--lattices", str(tmp_path / "cache")])
    err = capsys.readouterr().err
    assert rc == 2 and "missing.txt" in err and "--train-questions FILE --train-kb FILE" in " ".join(err.split())
