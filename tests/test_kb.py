"""KB builds with no LLM: readers, the lattice conventions, the CLI, and the public benchmarks.

The benchmark tests read ../shared/data (or $LATWEAVE_DATA) and skip, saying so, when it is absent.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
import os
from pathlib import Path

import pytest

import latweave

from latweave.ingest.write import save_lattice
from latweave.ingest.kb import BuildReport, Triple, lattice_from_triples, read_2wiki_evidences, read_metaqa_kb, read_pathquestion_kb
from latweave.ingest.builds import build_kb
from latweave.cli import main
from latweave.errors import CorpusError
from latweave.execute import Runner
from latweave.lattice.names import normalize
from latweave.plan.read import read_plan

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures" / "metaqa"
DATA = Path(os.environ.get("LATWEAVE_DATA", ROOT.parent / "shared" / "data"))


def need_data(*parts: str) -> Path:
    path = DATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"benchmark data not found at {path} (set LATWEAVE_DATA to the shared data folder)")
    return path


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def answers(runner: Runner, plan: str) -> set[str]:
    result = runner.run_one(runner.check(read_plan(plan), plan))
    assert result.status == "answer", (plan, result.status, result.reason)
    return {normalize(a) for a in result.answers}


PQ = (
    "Zoë_Kravitz\tparents\tLenny_Kravitz\n"
    "Lenny_Kravitz\tspouse\tLisa_Bonet\n"
    "lenny_kravitz\tnationality\tUnited_States\n"
    "\n"
    "Lisa_Bonet\tspouse\n"                       # line 5: two fields
    "Lisa_Bonet\tgender\t \n"                     # line 6: empty object
    "Lenny_Kravitz\tdate of birth\tMay 26, 1964\n"
    "Zoë_Kravitz\tdate of birth\t1 December 1988\n"
    "Lisa_Bonet\tdate of birth\tnot a date\n"     # line 9: a value that does not parse
    "Lisa_Bonet\tdate of birth\t1967-11-16\n"
    "Lenny_Kravitz\tdate of birth\t1964-05-26\n"  # line 11: same date as line 7: a duplicate
    "Lenny_Kravitz\tspouse\tLisa_Bonet\n"         # line 12: duplicate triple
    "Lenny_Kravitz\tplace_of_birth\tNew_York_City\n"
    "Lenny_Kravitz\tdate of birth\tc. 1964\n"     # line 14
    "Zoë_Kravitz\tdate of birth\t1988\n"
    "Zoë_Kravitz\tdate of birth\t1988-12\n"
    "Lisa_Bonet\tdate of birth\tNovember 1967\n"
    "Lisa_Bonet\tdate of birth\t1967\n"
    "Lisa_Bonet\tdate of birth\t1967-11-16\n"
)


def test_the_kb_formats_are_spelled_once():
    """kb_formats.py is the one list: the readers, the API's formats and the command line's
    choices and help are read from it."""
    from latweave import api
    from latweave.cli import parser
    from latweave.ingest.kb import READERS
    from latweave.ingest.kb_formats import FORMATS, FUNCTIONAL

    assert tuple(READERS) == FORMATS == api.KB_FORMATS and set(FUNCTIONAL) == set(FORMATS)
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    (fmt,) = [a for a in sub.choices["build"]._actions if a.dest == "format"]
    assert tuple(fmt.choices) == ("corpus", *FORMATS) and all(f"{name}: " in fmt.help for name in FORMATS)


def test_pathquestion_reader_reports_malformed_lines(tmp_path):
    path = write(tmp_path, "kb.txt", PQ)
    report = BuildReport()
    triples = list(read_pathquestion_kb(path, report))
    assert report.triples_read == len(triples) == 16
    assert report.malformed == 2
    assert [(p.file, p.line, p.kind) for p in report.problems] == [(str(path), 5, "malformed"),
                                                                  (str(path), 6, "malformed")]
    assert triples[0] == Triple("Zoë_Kravitz", "parents", "Lenny_Kravitz", str(path), 1, "line 1")
    assert triples[3].line == 7  # blank and malformed lines keep the numbering


def test_strict_reader_raises_at_the_line(tmp_path):
    path = write(tmp_path, "kb.txt", PQ)
    with pytest.raises(CorpusError) as err:
        list(read_pathquestion_kb(path, BuildReport(), strict=True))
    assert (err.value.file, err.value.line) == (str(path), 5)
    assert f"{path}:5" in str(err.value)
    bad = write(tmp_path, "bad.txt", "a|directed_by|b\na|b\n")
    with pytest.raises(CorpusError) as err:
        list(read_metaqa_kb(bad, strict=True))
    assert err.value.line == 2


def test_conventions(tmp_path):
    path = write(tmp_path, "kb.txt", PQ)
    report = BuildReport()
    lattice = lattice_from_triples(read_pathquestion_kb(path, report), "pq", report)
    dims = {d.name: d for d in lattice.dimensions.values()}
    assert sorted(dims) == sorted(["subject", "parents", "inverse parents", "spouse", "inverse spouse",
                                   "nationality", "inverse nationality", "date of birth",
                                   "place_of_birth", "inverse place_of_birth"])
    subject = dims["subject"]
    assert (subject.kind, subject.functional, subject.open) == ("taxonomy", True, True)
    for name in ("parents", "spouse", "nationality", "inverse spouse", "place_of_birth"):
        assert (dims[name].kind, dims[name].functional, dims[name].open) == ("taxonomy", False, True)
    born = dims["date of birth"]
    assert (born.kind, born.functional) == ("date", False)
    assert born.resolve("May 26, 1964") == "1964-05-26"
    assert born.labels["1964"] == "1964" and born.bounds["1964"][0] < born.bounds["1964-05-26"][0]
    assert "1964" in born.parents.get("1964-05-26", set()) or ("1964", "1964-05-26") in born.edges()

    # instances: every subject and every object of an entity relation, first spelling kept;
    # dates and the unparsed value are not instances
    assert lattice.instances["lenny kravitz"].label == "Lenny_Kravitz"
    assert lattice.instances["zoë kravitz"].label == "Zoë_Kravitz"
    assert {"united states", "new york city", "lisa bonet"} <= set(lattice.instances)
    assert "1964-05-26" not in lattice.instances and "not a date" not in lattice.instances
    assert len(lattice.instances) == 5

    preds = {(p.instance, p.dimension, p.value): p for p in lattice.predicates}
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    # subject anchor, with the first triple that mentions the instance as evidence
    anchor = preds[("lisa bonet", "subject", "lisa bonet")]
    assert anchor.evidence.source_text == lines[1] and anchor.evidence.doc == "kb.txt"
    assert text[anchor.evidence.start:anchor.evidence.end] == lines[1]
    assert ("lisa bonet", "inverse spouse", "lenny kravitz") in preds
    assert ("united states", "inverse nationality", "lenny kravitz") in preds
    assert ("lenny kravitz", "place of birth", "new york city") in preds
    # the duplicate triple enters once, with the first line's evidence
    assert preds[("lenny kravitz", "spouse", "lisa bonet")].evidence.source_text == lines[1]
    assert preds[("lenny kravitz", "date of birth", "1964-05-26")].evidence.source_text == lines[6]
    assert report.duplicates == 3  # lines 11, 12, 19
    assert [(p.line, p.kind) for p in report.problems] == [(5, "malformed"), (6, "malformed"), (9, "value")]
    assert report.skipped_values == 1
    assert lattice.documents == {"kb.txt": text}
    assert report.to_dict()["counts"]["instances"] == 5
    assert report.relations["date of birth"] == {"kind": "date", "triples": 11, "entity_valued": False,
                                                 "functional": False}

    with pytest.raises(CorpusError) as err:  # strict: the unparsed value is fatal at its line
        lattice_from_triples(read_pathquestion_kb(write(tmp_path, "ok.txt", "\n".join(lines[6:])),
                                                  strict=True), strict=True)
    assert err.value.line == 3


def test_numbers_and_entities_that_parse(tmp_path):
    path = write(tmp_path, "kb.txt", "a\theight\t1.5\nb\theight\t2\nc\theight\t12.25\n"
                                     "1990\tnext\t1991\n1991\tnext\t1992\n1992\tnext\t1990\n")
    lattice = lattice_from_triples(read_pathquestion_kb(path))
    assert lattice.dimension("height").kind == "number"
    # years that are themselves subjects stay entities
    assert lattice.dimension("next").kind == "taxonomy"
    assert "inverse next" in lattice.dimensions


def test_an_unreadable_date_or_number_is_reported_and_keeps_the_relations_kind(tmp_path):
    """1902-02-30 among dates, 1e309 and nan among numbers: each is reported at its line and
    skipped; the relation stays a date (number) relation, so comparisons still answer."""
    path = write(tmp_path, "kb.txt", "Ann\tborn\t1901-03-04\nBob\tborn\t1903-05-06\nCid\tborn\t1902-02-30\n"
                                     "Eve\tlifespan\t80\nFay\tlifespan\t1e309\nGil\tlifespan\t70\nHal\tlifespan\tnan\n")
    report = BuildReport()
    lattice = lattice_from_triples(read_pathquestion_kb(path, report), report=report)
    assert (lattice.dimension("born").kind, lattice.dimension("lifespan").kind) == ("date", "number")
    skipped = [(p.line, p.message) for p in report.problems if p.kind == "value"]
    assert [line for line, _ in skipped] == [3, 5, 7]
    assert "'1902-02-30' is not a date value" in skipped[0][1] and "'nan'" in skipped[2][1]
    save_lattice(lattice, tmp_path / "out")
    with latweave.open(tmp_path / "out") as session:
        assert session.run("argmin(born, [Ann, Bob])").answers == ("Ann",)
        assert session.run("argmax(lifespan, [Eve, Gil])").answers == ("Eve",)


def test_lattice_saves_and_answers(tmp_path):
    path = write(tmp_path, "kb.txt", PQ)
    save_lattice(lattice_from_triples(read_pathquestion_kb(path)), tmp_path / "out")
    with Runner(tmp_path / "out") as runner:
        assert answers(runner, 'meet(subject = "Lenny Kravitz") -> spouse') == {"lisa bonet"}
        assert answers(runner, 'meet(subject = "lisa_bonet") -> inverse_spouse') == {"lenny kravitz"}
        assert answers(runner, 'let p = meet(subject = "Zoë_Kravitz") -> parents\n'
                               'meet(subject = $p) -> place_of_birth') == {"new york city"}
        assert answers(runner, 'argmin(date_of_birth, ["Lenny_Kravitz", "Lisa_Bonet"])') == {"lenny kravitz"}


WIKI = [
    {"_id": "q1", "type": "comparison", "question": "Which film came first?", "answer": "Taxi!",
     "supporting_facts": [["Taxi!", 0]],
     "evidences": [["Taxi!", "director", "Roy Del Ruth"], ["Roy Del Ruth", "date of death", "April 27, 1961"],
                   ["Taxi!", "director"], ["", "director", "x"]]},
    {"_id": "q2", "question": "Qui est né à Köln?", "answer": "Rosa",
     "evidences": [[" Rosa", "place of birth", "Köln"], ["Taxi!", "director", "Roy Del Ruth"],
                   ["Roy Del Ruth", "date of death", "38"]]
     + [[f"Person {i}", "date of death", f"{1900 + i}"] for i in range(9)]},
    {"question": "no id", "evidences": [["a", "b", "c"]]},
]


def test_2wiki_reader_is_question_blind(tmp_path):
    garbage = [{**q, "question": "\u0000garbage" * 3, "answer": ["not", {"even": "a string"}], "type": 7,
                "supporting_facts": "??"} for q in WIKI]
    stripped = [{k: v for k, v in q.items() if k in ("_id", "evidences")} for q in WIKI]
    built = []
    for i, data in enumerate((WIKI, garbage, stripped)):
        folder = tmp_path / str(i)
        folder.mkdir()
        path = write(folder, "dev.json", json.dumps(data, ensure_ascii=False, indent=2))
        report = BuildReport()
        lattice = lattice_from_triples(read_2wiki_evidences(path, report), "wiki", report)
        built.append((lattice.documents, lattice.predicates, {k: i.label for k, i in lattice.instances.items()},
                      {k: (d.name, d.kind, d.labels) for k, d in lattice.dimensions.items()}))
        assert report.triples_read == 14 and report.malformed == 3 and report.skipped_values == 1
        assert report.duplicates == 1
        assert [p.locator for p in report.problems] == ["question q1 evidence 2", "question q1 evidence 3", None,
                                                        "question q2 evidence 2"]
        assert all(p.line is None and p.file == str(path) for p in report.problems)
    assert built[0] == built[1] == built[2]
    assert built[0][3]["date of death"][1] == "date"

    documents, predicates, labels, _ = built[0]
    assert documents["dev.json#q2"].startswith('[" Rosa", "place of birth", "Köln"]\n'
                                               '["Taxi!", "director", "Roy Del Ruth"]\n'
                                               '["Roy Del Ruth", "date of death", "38"]\n')
    rosa = next(p for p in predicates if p.dimension == "place of birth")
    assert rosa.evidence.source_text == '[" Rosa", "place of birth", "Köln"]'
    assert labels["rosa"] == "Rosa" and labels["köln"] == "Köln"
    assert ("taxi!", "director", "roy del ruth") in {(p.instance, p.dimension, p.value) for p in predicates}
    assert not any("garbage" in text or "Which film" in text for text in documents.values())

    with pytest.raises(CorpusError) as err:
        list(read_2wiki_evidences(tmp_path / "0" / "dev.json", strict=True))
    assert "question q1 evidence 2" in str(err.value)


def test_2wiki_json_lines(tmp_path):
    path = write(tmp_path, "w.jsonl", "\n".join(json.dumps(q) for q in WIKI) + "\n{oops\n")
    report = BuildReport()
    triples = list(read_2wiki_evidences(path, report))
    assert [t.line for t in triples] == [1, 1] + [2] * 12
    assert (report.problems[-1].line, report.problems[-1].kind) == (4, "malformed")


def test_metaqa_fixture(tmp_path):
    report = BuildReport()
    triples = list(read_metaqa_kb(FIXTURES / "kb.txt", report))
    assert report.malformed == 0 and report.triples_read == len(triples) == 35
    assert triples[-1] == Triple("Sex|Lies", "release_year", "1989", str(FIXTURES / "kb.txt"), 35, "line 35")
    manifest, report = build_kb(FIXTURES / "kb.txt", "metaqa", tmp_path / "metaqa")
    assert report.duplicates == 1 and report.relations["release_year"]["kind"] == "date"
    assert report.relations["directed_by"]["entity_valued"]
    assert manifest["counts"]["documents"] == 1

    plans = {
        "what movies did [{e}] direct": 'meet(directed_by = {e}) -> subject',
        "what films did [{e}] act in": 'meet(subject = {e}) -> inverse_starred_actors',
        "who is the director of [{e}]": 'meet(subject = {e}) -> directed_by',
        "when was [{e}] released": 'meet(subject = {e}) -> release_year',
        "what movies are in [{e}]": 'meet(subject = {e}) -> inverse_in_language',
        "what genre is [{e}]": 'meet(subject = {e}) -> has_genre',
        "who acted in the movies directed by [{e}]": 'meet(directed_by = {e}) -> starred_actors',
        "which person directed the movies starred by [{e}]": 'meet(starred_actors = {e}) -> directed_by',
        "what genres are the films written by [{e}] in": 'meet(written_by = {e}) -> has_genre',
        "who starred in the films directed by [{e}]":
            'let m = meet(subject = {e}) -> inverse_directed_by\nmeet(subject = $m) -> starred_actors',
        "when were the movies directed by [{e}] released": 'meet(directed_by = {e}) -> release_year',
    }
    asked = 0
    with Runner(tmp_path / "metaqa") as runner:
        for name in ("qa_1hop.txt", "qa_2hop.txt"):
            for line in (FIXTURES / name).read_text(encoding="utf-8").splitlines():
                question, gold = line.split("\t")
                entity = question[question.index("[") + 1:question.rindex("]")]
                template = plans[question.replace(f"[{entity}]", "[{e}]")]
                plan = template.replace("{e}", json.dumps(entity, ensure_ascii=False))
                assert answers(runner, plan) == {normalize(g) for g in gold.split("|")}, question
                asked += 1
    assert asked == 11


def test_cli_build_kb(tmp_path, capsys):
    path = write(tmp_path, "kb.txt", PQ)
    assert main(["build", str(path), "--format", "pathquestion", "--out", str(tmp_path / "o"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["report"]["counts"]["malformed"] == 2
    assert out["manifest"]["counts"]["instances"] == 5
    assert main(["build", str(path), "--format", "pathquestion", "--out", str(tmp_path / "o")]) == 0
    shown = capsys.readouterr().out
    assert "malformed" in shown and f"{path}:5" in shown and "built" in shown
    assert main(["build", str(path), "--format", "pathquestion", "--out", str(tmp_path / "s"), "--strict"]) == 2
    assert f"{path}:5" in capsys.readouterr().err
    assert not (tmp_path / "s").exists()
    assert main(["build", str(FIXTURES / "kb.txt"), "--format", "metaqa", "--out", str(tmp_path / "m")]) == 0


CONTRADICTING = (
    "Ann_Lee\tplace_of_birth\tLeeds\n"
    "Ann_Lee\tplace_of_birth\tYork\n"          # line 2: a second, contradicting birthplace
    "Ann_Lee\tprofession\tWriter\n"
    "Ann_Lee\tprofession\tPainter\n"           # several professions: both hold
    "Bob_Ray\tplace_of_birth\tLeeds\n"
)


def test_functional_relations_of_the_format_make_contradictions_contested(tmp_path):
    path = write(tmp_path, "kb.txt", CONTRADICTING)
    manifest, report = build_kb(path, "pathquestion", tmp_path / "o")
    assert report.relations["place_of_birth"]["functional"] and not report.relations["profession"]["functional"]
    with Runner(tmp_path / "o") as runner:
        result = runner.run_one(read_plan("meet(place_of_birth = Leeds)"))
        assert (list(result.answers), [e["answer"] for e in result.contested]) == (["Bob_Ray"], ["Ann_Lee"])
        (entry,) = result.contested
        assert [(e["value"], e["evidence"]["source_text"]) for e in entry["contradicted_by"]] == [
            ("York", "Ann_Lee\tplace_of_birth\tYork")]
        assert answers(runner, "meet(profession = Painter)") == {"ann lee"}  # several-valued: no contest
    # --functional overrides the format's list ('' for none); a relation the KB lacks is refused
    assert main(["build", str(path), "--format", "pathquestion", "--out", str(tmp_path / "n"),
                 "--functional", ""]) == 0
    with Runner(tmp_path / "n") as runner:
        assert answers(runner, "meet(place_of_birth = Leeds)") == {"ann lee", "bob ray"}
    assert main(["build", str(path), "--format", "pathquestion", "--out", str(tmp_path / "x"),
                 "--functional", "place_of_birth,birthday"]) == 2
    assert not (tmp_path / "x").exists()


def test_check_counts_contested_kb_coordinates(tmp_path, capsys):
    path = write(tmp_path, "kb.txt", CONTRADICTING)
    assert main(["build", str(path), "--format", "pathquestion", "--out", str(tmp_path / "o")]) == 0
    assert "contested coordinates" in capsys.readouterr().out
    assert main(["check", str(tmp_path / "o"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["contested"] == {"place_of_birth": 1, "subject": 0}


# ------------------------------------------------------------------------------- public benchmarks

@pytest.mark.parametrize("kb, counts", [
    ("2H-kb.txt", {"triples_read": 1211, "instances": 1056, "dimensions": 27, "predicates": 3478}),
    ("3H-kb.txt", {"triples_read": 2839, "instances": 1836, "dimensions": 27, "predicates": 7514}),
])
def test_pathquestion_kbs(tmp_path, kb, counts):
    path = need_data("pathquestion", kb)
    manifest, report = build_kb(path, "pathquestion", tmp_path / "pq")
    got = report.to_dict()["counts"]
    assert {k: got[k] for k in counts} == counts
    assert got["malformed"] == got["skipped_values"] == 0 and got["documents"] == 1
    assert all(r["kind"] == "taxonomy" for r in report.relations.values())
    assert "inverse spouse" in {d["name"] for d in map(json.loads, (tmp_path / "pq" / "dimensions.jsonl")
                                                       .read_text(encoding="utf-8").splitlines())}
    question = need_data("pathquestion", "PQ-2H.txt").read_text(encoding="utf-8").splitlines()[0]
    path_ = question.split("\t")[2].split("#")  # gold path, used here only to pick a test entity
    with Runner(tmp_path / "pq") as runner:
        first = answers(runner, f'meet(subject = "{path_[0]}") -> {path_[1]}')
        assert normalize(path_[2]) in first
        if kb == "2H-kb.txt":
            assert answers(runner, f'let x = meet(subject = "{path_[0]}") -> {path_[1]}\n'
                                   f'meet(subject = $x) -> {path_[3]}') == {normalize(path_[4])}


@pytest.mark.slow
def test_2wiki_pooled(tmp_path):
    path = need_data("2wikimultihopqa", "lag", "dev.json")
    manifest, report = build_kb(path, "2wiki", tmp_path / "wiki")
    got = report.to_dict()["counts"]
    assert got == {"triples_read": 9846, "malformed": 0, "skipped_values": 1, "duplicates": 678,
                   "instances": 9978, "dimensions": 63, "predicates": 25555, "documents": 4000,
                   "merged": 161, "local": 12, "refused": 7}
    # 94 "E" objects resolved to their "E (…)" subject, 67 to a subject named alike in the same
    # evidence, by the rule of latweave.lattice.alike that fits
    assert Counter(r.reason for r in report.resolutions if r.action == "merged") == \
        {"parenthetical": 94, "one document (qualifier)": 27, "one document (title)": 15,
         "one document (spelling)": 11, "one document (contains)": 5, "one document (variant)": 5,
         "one document (subset)": 4}
    merged = {r.object: r for r in report.resolutions if r.action == "merged"}
    assert merged["Thomas Carr"].subjects == ("Thomas Carr (director)",) and merged["Thomas Carr"].triples == 5
    assert merged["George I of Greece"].subjects == ("George I",)
    assert merged["Abbas Uddin"].subjects == ("Abbasuddin Ahmed",)
    assert merged["Theoderic the Great"].subjects == ("Theodoric the Great",)
    assert merged["Sultan Bayezid II"].subjects == ("Bayezid II",)
    assert merged["Henry de Percy, 2nd Baron Percy"].subjects == ("Henry Percy",)
    # 12 statements whose object is another's own name read as the evidence's "E (…)" subject, 2
    # refused because another evidence reads the same statement as E itself
    namesakes = [(r.action, r.object) for r in report.resolutions if r.reason == "namesake in one document"]
    assert Counter(a for a, _ in namesakes) == {"local": 12, "ambiguous": 2}
    assert ("local", "George Marshall") in namesakes and ("ambiguous", "John Quinn") in namesakes
    assert [(r.action, r.object, r.subjects) for r in report.resolutions
            if r.action != "merged" and r.reason != "namesake in one document"] == [
        ("incompatible", "English", ("English (2018 film)",)),   # a nationality is not the 2018 film
        ("contradicted", "Charles William Cayzer", ("Sir Charles Cayzer",)),   # his own father
        ("ambiguous", "Ferdinand of Austria-Este", ("Archduke Ferdinand Karl Joseph of Austria-Este",
                                                    "Archduke Ferdinand Karl of Austria-Este")),
        ("contradicted", "Yevgraf Fyodorov", ("Yevgraf Yevgrafovich Fyodorov",)),
        ("contradicted", "Hugh le Despenser, 1st Earl of Winchester", ("Hugh le Despenser",))]
    assert [(p.locator, p.kind) for p in report.problems] == [
        ("question 360e44320bde11eba7f7acde48001122 evidence 1", "value")]  # date of death "38"
    kinds = {name: r["kind"] for name, r in report.relations.items()}
    assert {n for n, k in kinds.items() if k == "date"} == {"date of birth", "date of death",
                                                            "publication date", "inception"}
    with Runner(tmp_path / "wiki") as runner:
        assert answers(runner, 'argmax(date_of_death, ["Taxi!" -> director, '
                               '"What Price Hollywood?" -> director])') == {"what price hollywood?"}
        assert answers(runner, 'argmin(date_of_death, ["Taxi!" -> director, '
                               '"What Price Hollywood?" -> director])') == {"taxi!"}
        assert answers(runner, 'meet(subject = "Taxi!") -> director') == {"roy del ruth"}
        assert "taxi!" in answers(runner, 'meet(subject = "Roy Del Ruth") -> inverse_director')
        # through the merged name: the director's dates are his own subject's
        assert answers(runner, 'let d = meet(subject = "Hostile Country") -> director\n'
                               'meet(subject = $d) -> date_of_birth') == {"1907-07-04"}
        assert answers(runner, 'argmax(date_of_death, ["Hostile Country" -> director, '
                               '"Taxi!" -> director])') == {"hostile country"}


# ------------------------------------------------------------------------------ entity resolution

RESOLVE = [
    {"_id": "r1", "question": "Which film has the director born first, Film A or Film B?",
     "evidences": [["Film A", "director", "Thomas Carr"], ["Film B", "director", "Roy Del Ruth"],
                   ["Roy Del Ruth", "date of birth", "October 18, 1893"]]},
    {"_id": "r2", "evidences": [["Thomas Carr (director)", "date of birth", "July 4, 1907"],
                                ["Film C", "director", "Thomas Carr"],
                                ["Film D", "director", "Jane Roe"],
                                ["Jane Roe (director)", "date of birth", "1910"],
                                ["Jane Roe (actress)", "date of birth", "1920"]]},
    {"_id": "r3", "evidences": [["Film E", "director", "Ann Fox"], ["Ann Fox", "date of birth", "1901"],
                                ["Ann Fox", "country of citizenship", "English"],
                                ["English (2018 film)", "director", "Roy Del Ruth"]]},
]


def _resolved(tmp_path, **kwargs):
    path = write(tmp_path, "dev.json", json.dumps(RESOLVE, ensure_ascii=False))
    report = BuildReport()
    lattice = lattice_from_triples(read_2wiki_evidences(path, report), "wiki", report, **kwargs)
    return path, report, lattice


def test_2wiki_entity_resolution_merges_and_reports(tmp_path):
    from latweave.ingest.kb import Resolution

    path, report, lattice = _resolved(tmp_path)
    carr = Resolution("merged", "Thomas Carr", ("Thomas Carr (director)",), 2, str(path), None,
                      "question r1 evidence 0")
    roe = Resolution("ambiguous", "Jane Roe", ("Jane Roe (director)", "Jane Roe (actress)"), 1, str(path),
                     None, "question r2 evidence 2")
    english = Resolution("incompatible", "English", ("English (2018 film)",), 1, str(path), None,
                         "question r3 evidence 2")
    assert report.resolutions == [carr, roe, english]
    out = report.to_dict()
    assert (out["counts"]["merged"], out["counts"]["refused"]) == (1, 2)
    assert out["resolutions"][0] == {"action": "merged", "object": "Thomas Carr",
                                     "subjects": ["Thomas Carr (director)"], "triples": 2, "file": str(path),
                                     "line": None, "locator": "question r1 evidence 0", "reason": "parenthetical"}
    assert report.problems == []

    # E has no instance of its own: it is an alias of S, and a synonym of S's value on `director`
    assert "thomas carr" not in lattice.instances
    carr_inst = lattice.instances["thomas carr (director)"]
    assert carr_inst.label == "Thomas Carr (director)" and carr_inst.aliases == {"thomas carr"}
    director = lattice.dimension("director")
    assert director.resolve("Thomas Carr") == "thomas carr (director)"
    assert lattice.dimension("subject").resolve("Thomas Carr") == "thomas carr (director)"
    preds = {(p.instance, p.dimension, p.value): p for p in lattice.predicates}
    for film in ("film a", "film c"):
        assert (film, "director", "thomas carr (director)") in preds
        assert ("thomas carr (director)", "inverse director", film) in preds
    # the evidence is untouched: the line still says "Thomas Carr", verbatim in its document
    ev = preds[("film a", "director", "thomas carr (director)")].evidence
    assert ev.source_text == '["Film A", "director", "Thomas Carr"]'
    assert lattice.documents[ev.doc][ev.start:ev.end] == ev.source_text
    assert preds[("thomas carr (director)", "subject", "thomas carr (director)")].evidence.source_text == \
        '["Thomas Carr (director)", "date of birth", "July 4, 1907"]'
    # refusals merge nothing
    assert {"jane roe", "jane roe (director)", "jane roe (actress)", "english", "english (2018 film)"} \
        <= set(lattice.instances)
    assert ("film d", "director", "jane roe") in preds
    assert not lattice.instances["jane roe (director)"].aliases

    shown = _render(report)
    assert "1 merged, 2 refused" in shown and "Thomas Carr → Thomas Carr (director)" in shown
    assert "question r2 evidence 2" in shown

    # off on request (and by default for line-based KBs): the two names stay two instances
    _, off, plain = _resolved(tmp_path, resolve_disambiguated=False)
    assert off.resolutions == [] and {"thomas carr", "thomas carr (director)"} <= set(plain.instances)
    line_kb = write(tmp_path, "kb.txt", "Film_A\tdirector\tThomas_Carr\nThomas_Carr_(director)\tborn\tx\n"
                                        "Film_B\tdirector\tRoy\nRoy\tborn\ty\nFilm_C\tdirector\tAnn\nAnn\tborn\tz\n")
    report = BuildReport()
    assert "thomas carr" in lattice_from_triples(read_pathquestion_kb(line_kb, report), "pq", report).instances
    assert report.resolutions == []
    report = BuildReport()
    merged = lattice_from_triples(read_pathquestion_kb(line_kb, report), "pq", report, resolve_disambiguated=True)
    assert "thomas carr" not in merged.instances and report.merged == 1


DOCUMENTS = [
    {"_id": "d1", "evidences": [["Prince Nicholas of Greece and Denmark", "father", "George I of Greece"],
                                ["George I", "place of death", "Thessaloniki"]]},
    {"_id": "d2", "evidences": [["Mustafa Zaman Abbasi", "father", "Abbas Uddin"],
                                ["Abbasuddin Ahmed", "country of citizenship", "British India"]]},
    # two subjects of one evidence fit "Louis of France": ambiguous, not merged
    {"_id": "d3", "evidences": [["Anne of X", "spouse", "Louis of France"],
                                ["Louis of France, Duke of Burgundy", "date of birth", "1682"],
                                ["Louis of France, Dauphin", "date of birth", "1661"]]},
    # S would be its own father: contradicted, not merged
    {"_id": "d4", "evidences": [["Hugh le Despenser", "father", "Hugh le Despenser, 1st Earl of Winchester"],
                                ["Hugh le Despenser", "date of birth", "1286"]]},
    # a first name alone fits nobody; nor does "John Smith" → "John Smith Jr."
    {"_id": "d5", "evidences": [["Film Z", "director", "George"], ["George I of Wales", "date of birth", "1700"],
                                ["Film Y", "director", "John Smith"], ["John Smith Jr.", "date of birth", "1950"]]},
    # spelt apart: accents and spaces; a title; one letter; an initial
    {"_id": "d6", "evidences": [["Gold for the Caesars", "director", "André de Toth"],
                                ["Andre DeToth", "place of birth", "Makó"]]},
    {"_id": "d7", "evidences": [["Pompeia Plotina", "spouse", "Emperor Trajan"], ["Trajan", "place of birth", "Italica"]]},
    {"_id": "d8", "evidences": [["Audofleda", "spouse", "Theoderic the Great"],
                                ["Theodoric the Great", "country of citizenship", "Ostrogothic Kingdom"]]},
    {"_id": "d9", "evidences": [["Ting-Xing Ye", "spouse", "William E. Bell"],
                                ["William Edwin Bell", "date of birth", "27 October 1945"]]},
    # two regnal numbers: two people, however alike the rest
    {"_id": "d10", "evidences": [["Philip of Naples", "father", "Charles III of Spain"],
                                 ["Charles I", "mother", "Elisabeth Farnese"]]},
    # the strongest rule decides: "Henry Percy" is the 3rd Baron by title, not the 2nd by qualifier
    {"_id": "d11", "evidences": [["Henry Percy, 4th Baron Percy", "father", "Sir Henry Percy, 3rd Baron Percy"],
                                 ["Henry Percy, 3rd Baron Percy", "date of birth", "1320"],
                                 ["Henry Percy", "date of birth", "1322"]]},
]


def test_2wiki_resolution_within_one_documents_evidence(tmp_path):
    """One question's evidence names an entity two ways (only as an object, then as a subject, one
    name containing the other): merged, with its reason in the report; a second fitting subject,
    or a merge that evidence contradicts, is refused."""
    from latweave.proof.audit import audit

    path = write(tmp_path, "dev.json", json.dumps(DOCUMENTS, ensure_ascii=False))
    report = BuildReport()
    lattice = lattice_from_triples(read_2wiki_evidences(path, report), "wiki", report)
    got = {(r.action, r.object, r.subjects, r.reason) for r in report.resolutions}
    assert got == {("merged", "George I of Greece", ("George I",), "one document (qualifier)"),
                   ("merged", "Abbas Uddin", ("Abbasuddin Ahmed",), "one document (contains)"),
                   ("ambiguous", "Louis of France", ("Louis of France, Dauphin", "Louis of France, Duke of Burgundy"),
                    "one document (qualifier)"),
                   ("contradicted", "Hugh le Despenser, 1st Earl of Winchester", ("Hugh le Despenser",),
                    "one document (qualifier)"),
                   ("merged", "André de Toth", ("Andre DeToth",), "one document (spelling)"),
                   ("merged", "Emperor Trajan", ("Trajan",), "one document (title)"),
                   ("merged", "Theoderic the Great", ("Theodoric the Great",), "one document (variant)"),
                   ("merged", "William E. Bell", ("William Edwin Bell",), "one document (variant)"),
                   ("merged", "Sir Henry Percy, 3rd Baron Percy", ("Henry Percy, 3rd Baron Percy",),
                    "one document (title)")}
    assert "charles iii of spain" in lattice.instances and "charles i" in lattice.instances
    assert lattice.instances["george i"].aliases == {"george i of greece"}
    assert "george i of greece" not in lattice.instances and "louis of france" in lattice.instances
    assert {"george", "john smith", "john smith jr."} <= set(lattice.instances)
    assert "one document" in _render(report)
    # the chain connects, and its proof audits against the evidence as written
    save_lattice(lattice, tmp_path / "wiki")
    with Runner(tmp_path / "wiki") as runner:
        for plan, want in [('let f = meet(subject = "Prince Nicholas of Greece and Denmark") -> father\n'
                            'meet(subject = $f) -> place_of_death', "thessaloniki"),
                           ('let f = meet(subject = "Mustafa Zaman Abbasi") -> father\n'
                            'meet(subject = $f) -> country_of_citizenship', "british india")]:
            result = runner.run_one(runner.check(read_plan(plan), plan))
            assert [normalize(a) for a in result.answers] == [want], (plan, result.status, result.reason)
            checked = audit(tmp_path / "wiki", result.to_dict())
            assert checked.ok, (plan, checked)


NAMESAKES = [
    # "George Marshall" is the general's own name; in this evidence it names the director
    {"_id": "n1", "evidences": [["The Ghost Breakers", "director", "George Marshall"],
                                ["George Marshall (director)", "place of birth", "Chicago"]]},
    {"_id": "n2", "evidences": [["George Marshall", "place of birth", "Uniontown"],
                                ["Katherine Tupper Marshall", "spouse", "George Marshall"]]},
    # an evidence that has no "George Marshall (…)" subject: the general's, as before
    {"_id": "n3", "evidences": [["Film Q", "director", "George Marshall"]]},
    # two fitting subjects in one evidence: ambiguous, nothing read
    {"_id": "n4", "evidences": [["Film R", "director", "Henry Edwards"],
                                ["Henry Edwards (actor)", "date of birth", "1882"],
                                ["Henry Edwards (politician)", "date of birth", "1820"]]},
    {"_id": "n6", "evidences": [["Henry Edwards", "date of birth", "1830"]]},
    # E is also a subject of this very evidence: E is itself there
    {"_id": "n5", "evidences": [["Film S", "director", "Jack Lee"], ["Jack Lee", "date of birth", "1913"],
                                ["Jack Lee (film director)", "date of birth", "1913"]]},
    # the same statement in another evidence: the same person
    {"_id": "n7", "evidences": [["The Ghost Breakers", "director", "George Marshall"],
                                ["The Ghost Breakers", "publication date", "1940"]]},
    # one evidence reads "Film T director Henry King" as the director, another as "Henry King" himself
    {"_id": "n8", "evidences": [["Film T", "director", "Henry King"], ["Henry King (director)", "date of birth", "1886"]]},
    {"_id": "n9", "evidences": [["Film T", "director", "Henry King"], ["Henry King", "date of birth", "1888"]]},
]


def test_2wiki_namesake_is_read_in_its_own_evidence(tmp_path):
    """An object whose name is another entity's own name, beside its one "E (…)" subject in a
    question's evidence, names that subject there and only there: no merge, no alias, and the
    chain through it audits against the evidence as written."""
    from latweave.proof.audit import audit

    path = write(tmp_path, "dev.json", json.dumps(NAMESAKES, ensure_ascii=False))
    report = BuildReport()
    lattice = lattice_from_triples(read_2wiki_evidences(path, report), "wiki", report)
    assert [(r.action, r.object, r.subjects, r.triples, r.locator, r.reason) for r in report.resolutions] == [
        ("local", "George Marshall", ("George Marshall (director)",), 2, "question n1 evidence 0",
         "namesake in one document"),
        ("ambiguous", "Henry Edwards", ("Henry Edwards (actor)", "Henry Edwards (politician)"), 1,
         "question n4 evidence 0", "namesake in one document"),
        ("ambiguous", "Henry King", ("Henry King (director)",), 2, "question n8 evidence 0",
         "namesake in one document")]
    assert (report.merged, report.local, report.refused) == (0, 1, 2)
    assert report.to_dict()["counts"]["local"] == 1
    preds = {(p.instance, p.dimension, p.value) for p in lattice.predicates}
    assert ("the ghost breakers", "director", "george marshall (director)") in preds
    assert ("george marshall (director)", "inverse director", "the ghost breakers") in preds
    assert ("film q", "director", "george marshall") in preds          # n3: the general's
    assert ("film r", "director", "henry edwards") in preds            # n4: refused
    assert ("film s", "director", "jack lee") in preds                 # n5: E is itself there
    assert ("film t", "director", "henry king") in preds               # n8 / n9: read apart, refused
    assert ("film t", "director", "henry king (director)") not in preds
    ghost = [p for p in lattice.predicates if (p.instance, p.dimension) == ("the ghost breakers", "director")]
    assert [p.value for p in ghost] == ["george marshall (director)"]   # n1 and n7: one fact, one person
    assert not lattice.instances["george marshall (director)"].aliases
    assert not lattice.instances["george marshall"].aliases
    assert lattice.dimension("director").resolve("George Marshall") == "george marshall"
    assert "George Marshall → George Marshall (director) (namesake in one document" in _render(report)
    assert "1 namesake(s) read locally" in _render(report)
    save_lattice(lattice, tmp_path / "wiki")
    with Runner(tmp_path / "wiki") as runner:
        for film, born in [("The Ghost Breakers", "chicago"), ("Film Q", "uniontown")]:
            plan = f'let d = meet(subject = "{film}") -> director\nmeet(subject = $d) -> place_of_birth'
            result = runner.run_one(runner.check(read_plan(plan), plan))
            assert [normalize(a) for a in result.answers] == [born], (plan, result.status, result.reason)
            checked = audit(tmp_path / "wiki", result.to_dict())
            assert checked.ok, (plan, checked)


def _render(report: BuildReport) -> str:
    from rich.console import Console

    console = Console(record=True, width=200)
    console.print(report)
    return console.export_text()


def test_2wiki_entity_resolution_proof_audits(tmp_path):
    from latweave.proof.audit import audit

    _, report, lattice = _resolved(tmp_path)
    assert report.merged == 1
    save_lattice(lattice, tmp_path / "wiki")
    plans = {
        'argmin(date_of_birth, ["Film A" -> director, "Film B" -> director])': {"film b"},
        'argmax(date_of_birth, ["Film A" -> director, "Film B" -> director])': {"film a"},
        'let d = meet(subject = "Film A") -> director\nmeet(subject = $d) -> date_of_birth': {"1907-07-04"},
        'meet(subject = "Thomas Carr") -> inverse_director': {"film a", "film c"},
    }
    with Runner(tmp_path / "wiki") as runner:
        for plan, want in plans.items():
            result = runner.run_one(runner.check(read_plan(plan), plan))
            assert result.status == "answer", (plan, result.status, result.reason)
            assert {normalize(a) for a in result.answers} == want, plan
            checked = audit(tmp_path / "wiki", result.to_dict())
            assert checked.ok, (plan, checked)
