"""Living lattices (issue 16): `latweave add` / `remove` give exactly the lattice a full build over
the new source set gives — every file byte-identical but history.jsonl (and the manifest, which
lists it), the same content hash — on the zoo, the movies, KB files, 2Wiki files, an LLM-extracted
corpus and random sequences of changes (hypothesis); atomically, serialised, with a history.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import latweave
from latweave.cli import main
from latweave.errors import LatweaveError
from latweave.ingest.gate import NotLive
from latweave.ingest.sources import read_history, read_sources
from latweave.folder.store import load_lattice, read_manifest
from latweave.paths import RULES
from tests.support.pausing import wait_line
from latweave.folder.names import UNHASHED

CORPORA = RULES.parent / "corpora"
ZOO, MOVIES, BIOS = CORPORA / "zoo", CORPORA / "movies", CORPORA / "bios"
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100",   # a child imports tests.support from the checkout
       "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[1]),
                                                   os.environ.get("PYTHONPATH")]))}


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def assert_same_lattice(changed: Path, built: Path) -> None:
    """`changed` (reached by add/remove) is the full build `built`: every file byte for byte but the
    history and the manifest that lists it; the manifests agree on everything else."""
    a, b = files(changed), files(built)
    skip = {*UNHASHED, "manifest.json"}
    assert sorted(set(a) - skip) == sorted(set(b) - skip)
    for name in sorted(set(a) - skip):
        assert a[name] == b[name], name
    ma, mb = read_manifest(changed), read_manifest(built)
    assert ma["content_hash"] == mb["content_hash"]
    strip = lambda m: {k: ({f: h for f, h in v.items() if f not in UNHASHED} if k in ("files", "sizes") else v)
                       for k, v in m.items()}
    assert strip(ma) == strip(mb)


def content(folder: Path) -> dict:
    """A lattice's content, whatever its layers: the merged model (folder/layers.py) as sets."""
    lattice = load_lattice(folder)
    return {"dimensions": {k: (d.name, d.kind, d.functional, d.open, d.labels, d.parents, d.synonyms, d.bounds,
                               d.classes) for k, d in lattice.dimensions.items()},
            "instances": {k: (i.label, i.aliases) for k, i in lattice.instances.items()},
            "documents": dict(lattice.documents), "predicates": lattice.predicates}


def split_corpus(src: Path, parts: dict[str, list[str]], root: Path) -> dict[str, Path]:
    """Corpus folders, one per part: each with `src`'s dimensions, hierarchy and synonyms, the
    part's documents, the facts citing them, and the aliases of the instances those facts state."""
    facts = [json.loads(line) for line in (src / "facts.jsonl").read_text().splitlines() if line.strip()]
    aliases = [line for line in (src / "aliases.tsv").read_text().splitlines()
               if line.strip() and not line.startswith("#")] if (src / "aliases.tsv").is_file() else []
    out = {}
    for name, docs in parts.items():
        folder = root / name
        (folder / "documents").mkdir(parents=True)
        for f in ("dimensions.jsonl", "hierarchy.tsv", "synonyms.tsv"):
            if (src / f).is_file():
                shutil.copyfile(src / f, folder / f)
        for doc in docs:
            shutil.copyfile(src / "documents" / f"{doc}.txt", folder / "documents" / f"{doc}.txt")
        mine = [f for f in facts if f["evidence"]["doc"] in docs]
        (folder / "facts.jsonl").write_text("".join(json.dumps(f) + "\n" for f in mine))
        stated = {f["instance"].lower() for f in mine}
        (folder / "aliases.tsv").write_text("".join(a + "\n" for a in aliases if a.split("\t")[0].lower() in stated))
        out[name] = folder
    return out


ZOO_DOCS = sorted(p.stem for p in (ZOO / "documents").glob("*.txt"))


# ------------------------------------------------------------------------------ equivalence

@pytest.mark.slow
def test_add_and_remove_corpus_folders_give_the_full_builds(tmp_path):
    lat = tmp_path / "lat"
    latweave.build(ZOO, lat)
    change = latweave.add(lat, [MOVIES])
    latweave.build([ZOO, MOVIES], tmp_path / "both")
    assert_same_lattice(lat, tmp_path / "both")
    assert change.line["change"] == "add" and [s["name"] for s in change.line["sources"]] == ["movies"]
    assert change.line["counts"] == read_manifest(lat)["counts"]
    # the movies' plans answer on the grown lattice as on the full build
    with latweave.open(lat) as grown, latweave.open(tmp_path / "both") as full:
        plan = "meet(species <= mammal, habitat <= aquatic)"
        assert grown.run(plan).to_json() == full.run(plan).to_json()
    latweave.remove(lat, sources=["movies"])
    latweave.build(ZOO, tmp_path / "zoo")
    assert_same_lattice(lat, tmp_path / "zoo")
    assert [line["change"] for line in read_history(lat)] == ["build", "add", "remove"]


@pytest.mark.slow
def test_a_layer_that_takes_rows_away_answers_alike_on_every_engine(tmp_path):
    """The zoo grown from the whale: the other lifespans, all shorter, move the number dimension's dense ranks,
    so a later layer retracts `bounds` rows as well as adding some. DuckDB deletes a layer's
    retracted rows from the files (its tables' columns are c0, c1, ...; the files', the schema's
    names); SQLite reads the merged rows; both must give the same bytes, and the outcomes of the
    one-folder build."""
    parts = split_corpus(ZOO, {"first": ["whale"], "rest": [d for d in ZOO_DOCS if d != "whale"]}, tmp_path)
    lat = tmp_path / "lat"
    latweave.build(parts["first"], lat)
    latweave.add(lat, [parts["rest"]])
    layer = lat / "layers" / "000001"
    assert any((layer / "retracted").iterdir()), "the layer should take rows away"
    latweave.build(ZOO, tmp_path / "whole")
    plans = ["meet(species <= mammal, habitat <= aquatic)", "meet(lifespan_years = 90)",
             f"argmin(lifespan_years, [{', '.join(json.dumps(d.capitalize()) for d in ZOO_DOCS)}])",
             "argmax(first_described, [Whale, Dog])", "meet(diet <= carnivore)"]
    def outcomes(results):   # predicate ids follow the sources' order, so proofs cite other ids
        return [(r.status, r.answers, r.verdict, r.reason) for r in results]

    with latweave.open(tmp_path / "whole", engine="sqlite") as whole:
        want = outcomes(whole.run(p) for p in plans)
    assert any(answers for _, answers, _, _ in want)
    got = {}
    for engine in ("duckdb", "sqlite"):
        with latweave.open(lat, engine=engine) as grown:
            got[engine] = [grown.run(p).to_json() for p in plans]
            assert outcomes(grown.run(p) for p in plans) == want, engine
    assert got["duckdb"] == got["sqlite"]


def test_remove_doc_is_the_build_without_that_document_and_what_cites_it(tmp_path):
    lat = tmp_path / "lat"
    latweave.build(ZOO, lat)
    before = load_lattice(lat)
    assert any(p.evidence.doc == "whale" for p in before.predicates)
    latweave.remove(lat, docs=["whale"])
    # the full build: the corpus with whale.txt deleted, and the facts and aliases that need it
    (edited,) = split_corpus(ZOO, {"zoo": [d for d in ZOO_DOCS if d != "whale"]}, tmp_path / "edited").values()
    latweave.build(edited, tmp_path / "full")
    after = load_lattice(lat)
    assert not any(p.evidence.doc == "whale" for p in after.predicates) and "whale" not in after.documents
    assert "whale" not in after.instances
    # the same lattice but for the stored source (split_corpus writes its lines anew)
    skip = {*UNHASHED, "manifest.json", "sources.json"}
    a, b = files(lat), files(tmp_path / "full")
    assert {k: v for k, v in a.items() if k not in skip and not k.startswith("sources/")} == \
           {k: v for k, v in b.items() if k not in skip and not k.startswith("sources/")}
    assert read_sources(lat).sources[0].removed == ()
    assert [line.get("docs") for line in read_history(lat)] == [None, ["whale"]]


def edited_copy(src: Path, doc: str, root: Path) -> Path:
    """A copy of the corpus folder `src` as a user edits it to delete document `doc`: its file
    gone, and the lines that need it deleted — the facts citing it, the alias of the instance
    only it states — every other byte as it was."""
    folder = root / src.name
    shutil.copytree(src, folder)
    (folder / "documents" / f"{doc}.txt").unlink()
    facts = folder / "facts.jsonl"
    facts.write_text("".join(line for line in facts.read_text().splitlines(keepends=True)
                             if f'"doc": "{doc}"' not in line))
    kept = {json.loads(line)["instance"].lower() for line in facts.read_text().splitlines() if line.strip()}
    aliases = folder / "aliases.tsv"
    aliases.write_text("".join(line for line in aliases.read_text().splitlines(keepends=True)
                               if line.startswith("#") or line.split("\t")[0].lower() in kept))
    return folder


def test_a_removed_document_leaves_nothing_and_the_hash_of_the_build_without_it(tmp_path):
    """Retraction: after `remove --doc whale` no file of the lattice holds whale.txt's text (its
    stored copy included), and the lattice is the build of the corpus with that file and the
    lines citing it deleted — every file but the history, and the content hash."""
    lat = tmp_path / "lat"
    latweave.build(ZOO, lat)
    text = (ZOO / "documents" / "whale.txt").read_bytes().strip()
    assert any(text in v for v in files(lat).values())
    assert main(["remove", "--lattice", str(lat), "--doc", "whale"]) == 0
    assert not [k for k, v in files(lat).items() if text in v or k.endswith("whale.txt")]
    edited = edited_copy(ZOO, "whale", tmp_path / "edited")
    assert b"Blue whale" not in (edited / "aliases.tsv").read_bytes()
    latweave.build(edited, tmp_path / "full")
    assert_same_lattice(lat, tmp_path / "full")
    # and it stays so as the lattice changes on: add a source, remove it again
    latweave.add(lat, [MOVIES])
    latweave.build([edited, MOVIES], tmp_path / "both")
    assert_same_lattice(lat, tmp_path / "both")


@pytest.mark.slow
def test_a_sequence_over_corpus_parts_equals_the_full_build_at_every_step(tmp_path):
    parts = split_corpus(ZOO, {"a": ZOO_DOCS[:3], "b": ZOO_DOCS[3:6], "c": ZOO_DOCS[6:]}, tmp_path / "parts")
    lat = tmp_path / "lat"
    latweave.build(parts["a"], lat)
    steps = [("add", ["b"]), ("add", ["c"]), ("remove", ["a"]), ("add", ["a"]), ("remove", ["b", "c"])]
    current = ["a"]
    for n, (what, names) in enumerate(steps):
        if what == "add":
            latweave.add(lat, [parts[x] for x in names])
            current += names
        else:
            latweave.remove(lat, sources=names)
            current = [x for x in current if x not in names]
        latweave.build([parts[x] for x in current], tmp_path / f"full{n}")
        assert_same_lattice(lat, tmp_path / f"full{n}")
    # the three parts in the order a, b, c hold what the zoo holds (only the source set differs)
    latweave.build([parts[x] for x in ("a", "b", "c")], tmp_path / "abc")
    latweave.build(ZOO, tmp_path / "zoo")
    assert load_lattice(tmp_path / "abc").predicates == load_lattice(tmp_path / "zoo").predicates


KB_A = "ann\tspouse\tbob\nann\tgender\tfemale\ncid\tparents\tann\n"
KB_B = "bob\tgender\tmale\nann\tgender\tmale\nann\tspouse\tbob\n"     # contests ann's gender; restates a fact


def test_kb_parts_add_remove_and_the_contest_they_make(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(KB_A)
    b.write_text(KB_B)
    lat = tmp_path / "lat"
    latweave.build(a, lat, format="pathquestion")
    change = latweave.add(lat, [b])
    assert change.line["contested"]["created"] == [["ann", "gender"]]
    # only `gender` gained a value (the instance "male", so `subject` and `inverse gender` too): the
    # other dimensions keep their verdicts, and the report is still the full build's (below)
    assert change.line["legitimacy"] == {"checked": ["gender", "inverse gender", "subject"],
                                         "kept": ["inverse parents", "inverse spouse", "parents", "spouse"]}
    latweave.build([a, b], tmp_path / "ab", format="pathquestion")
    assert_same_lattice(lat, tmp_path / "ab")
    # ann spouse bob is stated by both; removing a keeps it, now evidenced by b's line
    change = latweave.remove(lat, sources=[str(a)])
    assert change.line["contested"]["resolved"] == [["ann", "gender"]]
    spouse = [p for p in load_lattice(lat).predicates if p.dimension == "spouse"]
    assert [(p.evidence.doc, p.evidence.source_text) for p in spouse] == [("b.txt", "ann\tspouse\tbob")]
    latweave.build(b, tmp_path / "b", format="pathquestion")
    assert_same_lattice(lat, tmp_path / "b")
    shown = latweave.history(lat)
    assert [line["change"] for line in shown.lines] == ["build", "add", "remove"]


def wiki_file(path: Path, questions: list[tuple[str, list[list[str]]]]) -> Path:
    path.write_text(json.dumps([{"_id": qid, "question": f"secret question {qid}?", "answer": f"secret {qid}",
                                 "evidences": ev, "supporting_facts": [["secret", 0]]} for qid, ev in questions]))
    return path


def test_2wiki_files_keep_only_evidences_and_a_question_can_be_removed(tmp_path):
    w1 = wiki_file(tmp_path / "w1.json", [("q1", [["Ada", "spouse", "Ben"], ["Ben", "date of birth", "1950"]]),
                                           ("q2", [["Cy", "father", "Ben"]])])
    w2 = wiki_file(tmp_path / "w2.json", [("q3", [["Ada", "date of birth", "1951"]])])
    lat = tmp_path / "lat"
    latweave.build(w1, lat, format="2wiki")
    latweave.add(lat, [w2])
    latweave.build([w1, w2], tmp_path / "full", format="2wiki")
    assert_same_lattice(lat, tmp_path / "full")
    stored = b"".join(v for k, v in files(lat).items() if k.startswith("sources/"))
    assert b"Ada" in stored and b"secret" not in stored      # questions and answers are never stored
    latweave.remove(lat, docs=["w1.json#q2"])
    assert "cy" not in load_lattice(lat).instances
    (tmp_path / "edited").mkdir()
    wiki_file(tmp_path / "edited" / "w1.json", [("q1", [["Ada", "spouse", "Ben"], ["Ben", "date of birth", "1950"]])])
    latweave.build([tmp_path / "edited" / "w1.json", w2], tmp_path / "full2", format="2wiki")
    assert_same_lattice(lat, tmp_path / "full2")     # the question's triples are gone from the stored file too


# hypothesis: random KB parts, random sequences of adds and removes, each step against a full build

NAMES = ["ann", "bob", "cid", "dee", "eve"]
RELATIONS = ["spouse", "parents", "gender", "place_of_birth"]
VALUES = {"gender": ["male", "female"], "place_of_birth": ["paris", "rome"]}


def kb_lines(rng: random.Random, n: int) -> str:
    lines = []
    for _ in range(n):
        r = rng.choice(RELATIONS)
        o = rng.choice(VALUES.get(r, NAMES))
        lines.append(f"{rng.choice(NAMES)}\t{r}\t{o}")
    return "".join(line + "\n" for line in lines)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), ops=st.lists(st.tuples(st.booleans(), st.integers(0, 3)), min_size=1, max_size=4))
def test_random_sequences_of_changes_equal_full_builds(tmp_path_factory, seed, ops):
    root = tmp_path_factory.mktemp("seq")
    rng = random.Random(seed)
    parts = []
    for n in range(4):
        part = root / f"part{n}.txt"
        part.write_text(kb_lines(rng, rng.randint(2, 6)))
        parts.append(part)
    lat = root / "lat"
    latweave.build(parts[0], lat, format="pathquestion")
    current = [parts[0]]
    for n, (adding, pick) in enumerate(ops):
        if adding:
            new = [p for p in parts if p not in current]
            if not new:
                continue
            chosen = new[pick % len(new)]
            latweave.add(lat, [chosen])
            current.append(chosen)
        else:
            if len(current) < 2:
                continue
            chosen = current[pick % len(current)]
            latweave.remove(lat, sources=[chosen.name])
            current.remove(chosen)
        latweave.build(current, root / f"full{n}", format="pathquestion")
        assert_same_lattice(lat, root / f"full{n}")
    assert [s.name for s in read_sources(lat).sources] == [p.name for p in current]


# ------------------------------------------------------------------------------ text corpus with a model

@pytest.mark.slow
def test_adding_a_document_asks_the_model_only_for_its_own_windows(tmp_path):
    from tests.support.bios_model import bios_script
    from tests.support.openai_server import ScriptedServer
    from tests.support.bios_model import bios_config

    held = "hana-sato"
    corpus = tmp_path / "bios"
    shutil.copytree(BIOS, corpus)
    (corpus / "documents" / f"{held}.txt").rename(tmp_path / f"{held}.txt")
    (corpus / "README.md").unlink()
    with ScriptedServer(bios_script) as server:
        config = bios_config(server)
        latweave.build(corpus, tmp_path / "lat", llm=config)
        asked = len(server.requests)
        change = latweave.add(tmp_path / "lat", [tmp_path / f"{held}.txt"], llm=config)
        report = change.summary.report
        # only the new document's windows were asked; the others came from the cache
        assert report.calls == len(server.requests) - asked == report.windows - report.windows_cached > 0
        assert report.windows_cached == asked
        latweave.build([corpus, tmp_path / f"{held}.txt"], tmp_path / "full", llm=config,
                       cache=tmp_path / "fresh-cache")
        assert_same_lattice(tmp_path / "lat", tmp_path / "full")
        shutil.copytree(tmp_path / "lat", tmp_path / "grown")
        # removing the added document removes its source, and asks the model nothing
        asked = len(server.requests)
        latweave.remove(tmp_path / "lat", docs=[held], llm=config)
        assert len(server.requests) == asked
        assert [s.name for s in read_sources(tmp_path / "lat").sources] == ["bios"]
        latweave.build(corpus, tmp_path / "alone", llm=config, cache=tmp_path / "fresh-cache")
        assert_same_lattice(tmp_path / "lat", tmp_path / "alone")
    # and it holds what a lattice of the whole bios folder holds (in two layers, not one)
    with ScriptedServer(bios_script) as server:
        latweave.build(BIOS, tmp_path / "bios-full", llm=bios_config(server), cache=tmp_path / "cache2")
    assert read_manifest(tmp_path / "grown")["layers"] == 2 and read_manifest(tmp_path / "bios-full")["layers"] == 1
    assert content(tmp_path / "grown") == content(tmp_path / "bios-full")


def test_removing_a_document_of_an_extracted_corpus_folder_leaves_nothing_of_it(tmp_path):
    """A text corpus folder's document removed: its text gone from every file (the stored folder
    too), and the lattice the build of the folder without it, content hash included."""
    from tests.support.bios_model import bios_script
    from tests.support.openai_server import ScriptedServer
    from tests.support.bios_model import bios_config

    gone = "hana-sato"
    corpus = tmp_path / "bios"
    shutil.copytree(BIOS, corpus)
    (corpus / "README.md").unlink()
    text = (corpus / "documents" / f"{gone}.txt").read_bytes().strip()
    with ScriptedServer(bios_script) as server:
        config = bios_config(server)
        latweave.build(corpus, tmp_path / "lat", llm=config)
        latweave.remove(tmp_path / "lat", docs=[gone], llm=config)
        assert not [k for k, v in files(tmp_path / "lat").items() if text in v or gone in k]
        edited = tmp_path / "edited" / "bios"
        shutil.copytree(corpus, edited)
        (edited / "documents" / f"{gone}.txt").unlink()
        latweave.build(edited, tmp_path / "full", llm=config, cache=tmp_path / "fresh-cache")
    assert_same_lattice(tmp_path / "lat", tmp_path / "full")


def test_a_model_lattice_needs_the_model_to_change(tmp_path, capsys, monkeypatch):
    from tests.support.bios_model import bios_script
    from tests.support.openai_server import ScriptedServer
    from tests.support.bios_model import bios_config

    monkeypatch.delenv("LATWEAVE_MODEL", raising=False)
    monkeypatch.delenv("LATWEAVE_LLM_CONFIG", raising=False)
    with ScriptedServer(bios_script) as server:
        latweave.build(BIOS, tmp_path / "lat", llm=bios_config(server))
    before = read_manifest(tmp_path / "lat")
    assert main(["remove", "--lattice", str(tmp_path / "lat"), "--doc", "hana-sato"]) == 2
    assert "extracted by a model" in capsys.readouterr().err
    assert read_manifest(tmp_path / "lat") == before


# ------------------------------------------------------------------------------ the commands, errors, audit

def test_the_commands_print_and_record(tmp_path, capsys):
    lat = tmp_path / "lat"
    assert main(["build", str(ZOO), "--out", str(lat)]) == 0
    assert main(["add", "--lattice", str(lat), str(MOVIES)]) == 0
    out = capsys.readouterr().out
    assert "added movies" in out and "predicates" in out
    assert main(["remove", "--lattice", str(lat), "--doc", "whale", "--json"]) == 0
    change = json.loads(capsys.readouterr().out)["change"]
    assert change["change"] == "remove" and change["docs"] == ["whale"] and change["from"] == ["zoo"]
    assert main(["history", "--lattice", str(lat)]) == 0
    shown = capsys.readouterr().out
    assert shown.index("built from zoo") < shown.index("added movies") < shown.index("removed document whale")
    assert "sources now: zoo, movies" in shown
    assert main(["history", "--lattice", str(lat), "--json"]) == 0
    assert [c["change"] for c in json.loads(capsys.readouterr().out)["changes"]] == ["build", "add", "remove"]


@pytest.mark.parametrize("argv, message", [
    (["add", "{lat}", "{zoo}"], "two sources are named 'zoo'"),
    (["add", "{lat}", "{missing}"], "no such file or folder"),
    (["add", "{lat}", "{kb}"], "a corpus lattice takes corpus folders"),
    (["remove", "{lat}", "--source", "nope"], "'nope' is not a source of this lattice"),
    (["remove", "{lat}", "--source", "zoo"], "would remove every source"),
    (["remove", "{lat}", "--doc", "unicorn"], "no source of this lattice holds the document(s) 'unicorn'"),
    (["remove", "{lat}"], "nothing to remove"),
    (["add", "{other}", "{movies}"], "no lattice folder here"),
    (["remove", "{deep}", "--source", "zoo"], "no lattice folder here"),
])
def test_bad_changes_are_refused_and_change_nothing(argv, message, tmp_path, capsys):
    lat = tmp_path / "lat"
    latweave.build(ZOO, lat)
    (tmp_path / "kb.txt").write_text(KB_A)
    before = files(lat)
    where = {"lat": str(lat), "zoo": str(ZOO), "movies": str(MOVIES), "missing": str(tmp_path / "gone"),
             "kb": str(tmp_path / "kb.txt"), "other": str(tmp_path / "other"),
             "deep": str(tmp_path / "no" / "such" / "lat")}
    args = [a.format(**where) for a in argv]
    args = [args[0], "--lattice", args[1], *args[2:]]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in " ".join(err.split()) and "Traceback" not in err
    assert files(lat) == before
    assert not (tmp_path / "no").exists() and not (tmp_path / "other").exists()   # no folder made


def test_a_conflicting_declaration_is_refused_at_its_line(tmp_path, capsys):
    lat = tmp_path / "lat"
    latweave.build(ZOO, lat)
    other = tmp_path / "other"
    (other / "documents").mkdir(parents=True)
    (other / "dimensions.jsonl").write_text('{"dimension": "habitat", "kind": "number"}\n')
    before = files(lat)
    assert main(["add", "--lattice", str(lat), str(other)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{other / 'dimensions.jsonl'}:1" in err and "declared unlike" in err
    assert files(lat) == before


def test_a_lattice_without_sources_cannot_be_changed(tmp_path, capsys):
    from latweave.ingest.write import save_lattice
    from latweave.ingest.corpus import read_corpus

    save_lattice(read_corpus(ZOO), tmp_path / "bare")   # how the evaluation harness writes one
    assert main(["add", "--lattice", str(tmp_path / "bare"), str(MOVIES)]) == 2
    assert "records no sources" in " ".join(capsys.readouterr().err.split())


def test_a_change_that_breaks_unique_meets_writes_nothing(tmp_path, capsys):
    lat = tmp_path / "lat"
    latweave.build(ZOO, lat)
    bad = tmp_path / "bad"
    (bad / "documents").mkdir(parents=True)
    shutil.copyfile(ZOO / "dimensions.jsonl", bad / "dimensions.jsonl")
    # two lower bounds of {mammal, aquatic-ish}: x and y both below a and b
    (bad / "hierarchy.tsv").write_text("species\tTOP\tqa\nspecies\tTOP\tqb\nspecies\tqa\tqx\nspecies\tqb\tqx\n"
                                       "species\tqa\tqy\nspecies\tqb\tqy\n")
    before = files(lat)
    with pytest.raises(NotLive):
        latweave.add(lat, [bad])
    assert files(lat) == before
    assert main(["add", "--lattice", str(lat), str(bad)]) == 6
    capsys.readouterr()
    latweave.add(lat, [bad], allow=True)
    assert [s.name for s in read_sources(lat).sources] == ["zoo", "bad"]


def test_a_result_saved_before_a_change_fails_its_audit(tmp_path, capsys):
    """...unless the change kept the layers it was computed on (an add: tests/test_audit_versions.py)."""
    lat = tmp_path / "lat"
    latweave.build(ZOO, lat)
    saved = tmp_path / "result.json"
    assert main(["run", "--lattice", str(lat), "meet(species <= mammal)", "--save", str(saved)]) == 0
    assert main(["audit", str(saved), "--lattice", str(lat)]) == 0
    latweave.add(lat, [MOVIES])
    assert main(["audit", str(saved), "--lattice", str(lat)]) == 0     # its layer is still there
    latweave.remove(lat, docs=["whale"])                                # layer 0 rewritten
    capsys.readouterr()
    assert main(["audit", str(saved), "--lattice", str(lat)]) == 5
    assert "the lattice changed since this result was computed" in " ".join(capsys.readouterr().out.split())


# ------------------------------------------------------------------------------ atomic, serialised

KILLABLE_ADD = r"""
import sys
from latweave.cli import main
from tests.support.pausing import install, steps

pause_after, mode, lattice, source = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
install(pause_after, pointer=mode == "pointer", names=("rename", "replace", "symlink", "rmdir", "unlink", "mkdir"),
        sources=True)
code = main(["add", "--lattice", lattice, source])
print(f"CALLS {steps()}", flush=True)
sys.exit(code)
"""


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["folder", "pointer"])
def test_a_killed_add_changes_nothing_at_every_step(mode, tmp_path, monkeypatch):
    """Killed at every step that changes names beside the lattice or writes a stored source into
    the new folder: the lattice is the old one or the new one, whole, and the next change cleans up.
    `pointer`: where names cannot be swapped (the lattice path is a symlink to a version)."""
    if mode == "pointer":
        from latweave.folder import store

        monkeypatch.setattr(store, "_exchange", lambda a, b: False)
    # each run starts from a copy of one build of the zoo (a pointer and its version, in `pointer`
    # mode: the link is relative), the same bytes as a build of its own
    template = tmp_path / "zoo" / "lat"
    latweave.build(ZOO, template)
    latweave.build([ZOO, MOVIES], tmp_path / "both")
    old, new = (read_manifest(p)["content_hash"] for p in (template, tmp_path / "both"))

    def child(step: int, lat: Path):
        scratch = lat.parent / "tmp"
        scratch.mkdir(parents=True)
        # the stat cache beneath a file: never written, so the steps do not depend on whether the
        # lattice's files were racily fresh when the child verified them (store._RACY_NS)
        (scratch / "no-cache").write_text("")
        return subprocess.Popen([sys.executable, "-c", KILLABLE_ADD, str(step), mode, str(lat), str(MOVIES)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**ENV, "TMPDIR": str(scratch), "LATWEAVE_CACHE": str(scratch / "no-cache")})

    # how many steps an add takes (it never pauses at step 0), then a kill at the first, the middle
    # and each of the last ones (the swap and the clean-up)
    lat = tmp_path / "count" / "lat"
    shutil.copytree(template.parent, lat.parent, symlinks=True)
    out, err = child(0, lat).communicate(timeout=120)
    total = int(out.split("CALLS ")[1])
    assert total > 10, err
    for step in sorted({1, total // 2, *range(total - 4, total + 1)}):
        lat = tmp_path / f"step{step}" / "lat"
        shutil.copytree(template.parent, lat.parent, symlinks=True)
        proc = child(step, lat)
        assert wait_line(proc, "PAUSED") is not None, proc.stderr.read()
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
        manifest = read_manifest(lat, verify=True)      # whole, whichever it is
        assert manifest["content_hash"] in (old, new)
        if step in (1, total // 2):                     # while the new folder was being written
            assert manifest["content_hash"] == old
        history = read_history(lat)
        assert len(history) == (1 if manifest["content_hash"] == old else 2)
        if manifest["content_hash"] == new:             # killed after the swap: the change is done
            latweave.remove(lat, sources=["movies"])
        latweave.add(lat, [MOVIES])
        assert_same_lattice(lat, tmp_path / "both")     # and the next change cleans up after the killed one
        assert [n for n in sorted(os.listdir(lat.parent)) if not n.startswith(".lat.v-")] == ["lat", "tmp"]


CONCURRENT_ADD = r"""
import os, sys, time
from latweave.cli import main
lattice, source, go = sys.argv[1:4]
print("READY", flush=True)
while not os.path.exists(go):
    time.sleep(0.0005)
sys.exit(main(["add", "--lattice", lattice, source]))
"""


@pytest.mark.slow
def test_concurrent_adds_serialise_and_neither_is_lost(tmp_path):
    parts = split_corpus(ZOO, {"a": ZOO_DOCS[:3], "b": ZOO_DOCS[3:6], "c": ZOO_DOCS[6:]}, tmp_path / "parts")
    lat = tmp_path / "lat"
    latweave.build(parts["a"], lat)
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", CONCURRENT_ADD, str(lat), str(parts[x]), str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV) for x in "bc"]
    for proc in procs:
        assert proc.stdout.readline().startswith("READY")
    go.write_text("go")
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    order = [s.name for s in read_sources(lat).sources]
    assert order[0] == "a" and sorted(order[1:]) == ["b", "c"]
    assert [line["change"] for line in read_history(lat)] == ["build", "add", "add"]
    latweave.build([parts[x] for x in order], tmp_path / "full")
    assert_same_lattice(lat, tmp_path / "full")


def test_the_living_lattices_doc_example_runs_and_prints_what_it_says(tmp_path, capsys):
    """docs/living-lattices.md's commands, run in order (out/ under a temporary folder), print the
    history it shows, but for the times."""
    import re

    doc = (RULES.parent / "docs" / "living-lattices.md").read_text(encoding="utf-8")
    section = doc[doc.index("# Living lattices"):]
    commands = re.search(r"```bash\n(.*?)```", section, re.S).group(1)
    shown = re.search(r"```text\n(.*?)```", section, re.S).group(1)
    for line in commands.splitlines():
        argv = line.split("#")[0].split()
        assert argv[0] == "latweave"
        argv = [str(tmp_path / a) if a.startswith("out/") else str(RULES.parent / a) if a.startswith("corpora/") else a
                for a in argv[1:]]
        assert main(argv) == 0, argv
    out = capsys.readouterr().out
    history = out[out.rindex("built from zoo") - len("2026-12-02T01:55:40Z  "):]
    stamp = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
    assert stamp.sub("T", history).split() == stamp.sub("T", shown).split()


def test_a_source_that_changes_while_it_is_read_is_refused(tmp_path):
    from latweave.errors import StoreError
    from latweave.ingest.sources import given

    kb = tmp_path / "kb.txt"
    kb.write_text(KB_A)
    read = given(kb, "kb", "pathquestion")      # hashed (and, in a change, read) here
    kb.write_text(KB_B)                          # then rewritten before its stored copy is made
    with pytest.raises(StoreError, match="changed while it was being read"):
        read.write(tmp_path / "new")
    folder = tmp_path / "parts"
    parts = split_corpus(ZOO, {"a": ZOO_DOCS[:2]}, folder)
    read = given(parts["a"], "corpus")
    (parts["a"] / "documents" / "late.txt").write_text("a document that arrived meanwhile")
    with pytest.raises(StoreError, match="changed while it was being read"):
        read.write(tmp_path / "new2")


def test_spark_builds_take_one_source_and_the_history_time_can_be_fixed(tmp_path, monkeypatch):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(KB_A)
    b.write_text(KB_B)
    with pytest.raises(LatweaveError, match="reads one KB file"):   # refused before Spark is touched
        latweave.build([a, b], tmp_path / "s", format="pathquestion", engine="spark")
    assert not (tmp_path / "s").exists()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    latweave.build(a, tmp_path / "one", format="pathquestion")
    latweave.build(a, tmp_path / "two", format="pathquestion")
    assert files(tmp_path / "one") == files(tmp_path / "two")       # the whole folder, history too
    assert read_history(tmp_path / "one")[0]["time"] == "2023-11-14T22:13:20Z"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(LatweaveError, match="SOURCE_DATE_EPOCH"):
        latweave.build(a, tmp_path / "three", format="pathquestion")


def test_the_demo_and_build_corpus_keep_their_sources_too(tmp_path):
    from latweave.ingest.builds import build_corpus

    list(latweave.run_demo(tmp_path / "demo"))       # what `latweave demo` builds can be changed later
    assert [s.name for s in read_sources(tmp_path / "demo").sources] == ["zoo"]
    latweave.add(tmp_path / "demo", [MOVIES])
    build_corpus(ZOO, tmp_path / "lib")               # and so can what the library's corpus build writes
    latweave.add(tmp_path / "lib", [MOVIES])
    assert_same_lattice(tmp_path / "lib", tmp_path / "demo")


ADD_IMPORTS = r"""
import sys
from latweave.cli import main
code = main(["add", "--lattice", sys.argv[1], sys.argv[2]])
heavy = sorted(m for m in ("duckdb", "latweave.execute", "latweave.ask", "latweave.verify", "latweave.planner.prompt",
                           "lark.load_grammar") if m in sys.modules)
print("HEAVY", ",".join(heavy), flush=True)
sys.exit(code)
"""


@pytest.mark.slow
def test_a_kb_add_from_the_command_line_imports_no_engine_runner_planner_or_duckdb(tmp_path):
    """What `latweave add` of a KB file costs outside its work is imports: it reads its layer by
    look-ups and keeps the SQLite database, so it imports neither DuckDB (a later layer's Parquet
    is derived when DuckDB or Spark asks: compile/parquet_cache.py), nor the runner, planners and
    verifier the API's other calls use, nor lark (the rules are read from latweave's cache once
    parsed: datalog/program_cache.py)."""
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(KB_A)
    b.write_text(KB_B)
    env = {**ENV, "LATWEAVE_CACHE": os.environ["LATWEAVE_CACHE"]}
    # built from the command line too, as a user does (the rules parsed there, and kept: in this
    # process they may have been read already, under another cache folder, by a test before)
    built = subprocess.run([sys.executable, "-c", "import sys; from latweave.cli import main; sys.exit(main(sys.argv[1:]))",
                            "build", str(a), "--format", "pathquestion", "--out", str(tmp_path / "lat")],
                           capture_output=True, text=True, env=env, timeout=120)
    assert built.returncode == 0, built.stderr
    done = subprocess.run([sys.executable, "-c", ADD_IMPORTS, str(tmp_path / "lat"), str(b)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "HEAVY \n" in done.stdout, done.stdout
    assert [line["change"] for line in latweave.history(tmp_path / "lat").lines] == ["build", "add"]
