"""The four non-LLM baselines (latweave/eval/baselines): what each must answer and must miss on
hand-made fixtures, the choice and yes/no rules, fitting on dev only, determinism (across hash
seeds too), question-blindness, and `latweave eval --baseline` end to end with its refusals.

The fixtures are small enough to work out by hand (tests/fixtures/baselines/README.md): each
must-hit and must-miss below follows from the method's definition, not from a recorded run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from latweave.eval.baselines import NAMES, baseline_class, make
from latweave.eval.baselines.forms import analyse
from latweave.eval.baselines.index import EvidenceIndex
from latweave.eval.baselines.text import match, relation_words, words
from latweave.eval.datasets import data_dir, load_2wiki, load_pathquestion
from latweave.eval.splits import split_pathquestion
from latweave.errors import LatweaveError

FIXTURES = Path(__file__).parent / "fixtures"
KB = FIXTURES / "baselines" / "kb.txt"
WIKI = FIXTURES / "baselines" / "2wiki.json"
PQ_QUESTIONS = FIXTURES / "pathquestion" / "questions.txt"
PQ_KB = FIXTURES / "pathquestion" / "kb.txt"
REPO = Path(__file__).resolve().parents[1]


def _lattice(fmt: str, path: Path):
    from latweave.ingest.kb import FUNCTIONAL, READERS, BuildReport, lattice_from_triples

    report = BuildReport()
    return lattice_from_triples(list(READERS[fmt](path, report)), "fixture", report, functional=FUNCTIONAL[fmt])


@pytest.fixture(scope="module")
def family():
    """The PathQuestion-format fixture: alice —spouse— bruno (italy, painter), alice: spain,
    child carla (born in rome)."""
    lattice = _lattice("pathquestion", KB)
    index = EvidenceIndex(lattice)
    return {name: make(name, lattice, index=index) for name in NAMES}


@pytest.fixture(scope="module")
def wiki():
    lattice = _lattice("2wiki", WIKI)
    index = EvidenceIndex(lattice)
    return {name: make(name, lattice, index=index) for name in NAMES}


def _answers(baseline, question):
    status, answers, verdict = baseline.answer(question, "q")
    return status, tuple(a.casefold() for a in answers), verdict


# ------------------------------------------------------------------------------------ words

def test_relation_names_split_every_way():
    assert relation_words("place_of_birth") == ("place", "birth")
    assert relation_words("inverse place_of_birth") == ("place", "birth")
    assert relation_words("people__person__placeOfBirth") == ("people", "person", "place", "birth")
    assert relation_words("people.person.date of death") == ("people", "person", "date", "death")
    assert words("Where was anna_of_x 's husband born?") == ("anna", "husband", "birth")
    assert match("nation", "nationality") and match("child", "children")
    assert not match("husband", "spouse") and not match("sex", "sexuality")   # under four letters


# ------------------------------------------------------------------------- one per method

def test_keyword_answers_the_best_covered_candidate_and_stops_at_the_first_hop(family):
    kw = family["keyword"]
    # painter's only line is "bruno profession painter": both question words; nothing else has both
    assert _answers(kw, "what is the profession of bruno ?") == ("answer", ("painter",), None)
    # a two-hop question: bruno's lines hold alice, spouse and nationality — three words — while
    # the answer (italy) holds only "nationality": keyword overlap answers the intermediate entity
    assert _answers(kw, "what is the nationality of alice 's spouse ?") == ("answer", ("bruno",), None)
    # the question's own entity is never a candidate
    assert "alice" not in _answers(kw, "who is alice ?")[1]


def test_tfidf_extracts_the_object_of_the_best_line(family):
    tf = family["tfidf"]
    assert tf.knobs["k"] == 1
    # "where was carla born": the place_of_birth line matches carla and birth; rome is its object
    assert _answers(tf, "where was carla born ?") == ("answer", ("rome",), None)
    # a two-hop question gets a one-hop line: "alice spouse bruno" and "alice nationality spain"
    # each share two words, spouse (2 lines) is rarer than nationality (3): bruno, not italy
    assert _answers(tf, "what is the nationality of alice 's spouse ?") == ("answer", ("bruno",), None)
    assert _answers(tf, "what is the nationality of alice 's husband ?") == ("answer", ("spain",), None)
    # a line whose object is the question entity gives its subject instead
    assert _answers(tf, "who has the spouse bruno ?")[1] == ("alice",)


def test_paths_follows_the_relations_the_question_names(family):
    paths = family["paths"]
    # spouse → nationality matches both words; nationality alone matches one
    assert _answers(paths, "what is the nationality of alice 's spouse ?") == ("answer", ("italy",), None)
    # "husband" is no relation name: only "nationality" matches, and the one-hop path wins
    assert _answers(paths, "what is the nationality of alice 's husband ?") == ("answer", ("spain",), None)
    # no linked entity: nothing to walk from
    assert _answers(paths, "what is the nationality of nobody ?") == ("abstain", (), None)
    assert paths.explain("what is the nationality of nobody ?", "q").reason == "unknown_anchor"


def test_hypergraph_spreads_from_the_seed_along_matching_relations(family):
    hg = family["hypergraph"]
    # bruno's profession edge matches "profession" and weighs 1 + match; the rest weigh 1
    assert _answers(hg, "what is the profession of bruno ?") == ("answer", ("painter",), None)
    # two hops away: the intermediate entity, one hop from the seed, holds more mass than italy
    assert _answers(hg, "what is the nationality of alice 's spouse ?") == ("answer", ("bruno",), None)
    mass = hg.propagate(hg.query("what is the nationality of alice 's spouse ?"), ("alice",))
    assert mass["bruno"] > mass["italy"] > mass["dario"] > 0
    assert "alice" not in _answers(hg, "who is alice 's child ?")[1]


# ------------------------------------------------------------------- comparisons, yes / no

def test_question_forms(wiki):
    linker = wiki["paths"].index.linker
    form = analyse("Who was born first, Ann Lee or Bob Ray?", linker)
    assert form.kind == "choice" and form.order == "min"
    assert [o.surface for o in form.options] == ["Ann Lee", "Bob Ray"]
    assert analyse("Was Bob Ray or Ann Lee born later?", linker).kind == "choice"   # "or" beats "Was"
    assert analyse("Was Bob Ray or Ann Lee born later?", linker).order == "max"
    assert analyse("Do Ann Lee and Cid Moe have the same country of citizenship?", linker).kind == "yesno"
    assert analyse("When was the director of film Blue Harbor born?", linker).kind == "plain"


def test_value_methods_compare_dates_and_text_methods_pick_the_higher_score(wiki):
    first, swapped = "Who was born first, Ann Lee or Bob Ray?", "Who was born first, Bob Ray or Ann Lee?"
    for name in ("paths", "hypergraph"):          # Ann Lee 1901, Bob Ray 1950: the earlier one
        assert _answers(wiki[name], first)[1] == ("ann lee",)
        assert _answers(wiki[name], swapped)[1] == ("ann lee",)
        assert _answers(wiki[name], "Which film came out first, Blue Harbor or Green Door?")[1] == ("green door",)
        # bridge: each film's director's birth date, two hops out
        assert _answers(wiki[name], "Which film has the director born first, Red Field or Blue Harbor?")[1] \
            == ("blue harbor",)
    for name in ("keyword", "tfidf"):            # no dates compared: the option that scores higher
        b = wiki[name]
        for question in (first, swapped):
            q = b.query(question)
            a, o = q.form.options
            expected = a if b.option_score(q, a) >= b.option_score(q, o) else o
            assert _answers(b, question)[1] == (expected.surface.casefold(),)
    # keyword's scores tie here (each option's evidence shares its name and "birth"): the first
    # option wins, so one of the two orders is answered wrongly
    kw = wiki["keyword"]
    assert {_answers(kw, first)[1], _answers(kw, swapped)[1]} == {("ann lee",), ("bob ray",)}


def test_yes_no_compares_each_sides_answer(wiki):
    for name in NAMES:
        b = wiki[name]
        assert b.answer("Do Ann Lee and Cid Moe have the same country of citizenship?", "q") == ("verdict", (), True)
        assert b.answer("Do Ann Lee and Bob Ray have the same country of citizenship?", "q") == ("verdict", (), False)


# ---------------------------------------------------------------------------------- fitting

def test_fit_keeps_the_best_dev_setting():
    from latweave.eval.metrics import score_question

    lattice = _lattice("2wiki", WIKI)
    dev = load_2wiki(WIKI)
    paths = make("paths", lattice)
    paths.fit([], dev)
    assert paths.tuned_on and paths.knobs in [{**paths.defaults, **g} for g in paths.grid]

    def em(knobs):
        b = make("paths", lattice, **knobs)
        return sum(score_question(*b.answer(ex.question, ex.qid), ex.answers, gold_verdict=ex.gold_yes_no)["em"]
                   for ex in dev)

    chosen = em(paths.knobs)
    assert all(chosen >= em(g) for g in paths.grid)
    assert chosen == 9       # all but the inference question ("paternal grandfather" names no relation)
    with pytest.raises(LatweaveError, match="no knob"):
        make("paths", lattice, depth=5)
    with pytest.raises(LatweaveError, match="unknown baseline"):
        baseline_class("bm25")


# ----------------------------------------------------------------- the harness, end to end

def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("name", NAMES)
def test_cli_baseline_on_fixture(name, tmp_path, capsys):
    from latweave.cli import main

    out = tmp_path / "records.jsonl"
    rc = main(["eval", "pathquestion", "--questions", str(PQ_QUESTIONS), "--kb", str(PQ_KB), "--split", "train",
               "--baseline", name, "--json", "--out", str(out), "--lattices", str(tmp_path / "cache")])
    assert rc == 0
    report = json.loads(capsys.readouterr().out)
    assert report["planner"] == f"baseline:{name}" and report["oracle"] is False
    assert report["n"] == 10 and 0.0 <= report["metrics"]["any_hit"] <= 1.0
    assert report["baseline"]["name"] == name
    records = _records(out)
    assert len(records) == 10
    assert all(r["plan"] is None and r["baseline"] == name and r["support"] is not None for r in records)
    answered = [r for r in records if r["status"] == "answer"]
    assert answered and all(r["answers"] for r in answered)
    # the figures are the scorer's own over these records
    from latweave.eval.metrics import aggregate

    assert aggregate([r["metrics"] for r in records]) == report["metrics"]


def test_cli_baseline_renders_and_runs_on_2wiki(tmp_path, capsys):
    from latweave.cli import main

    rc = main(["eval", "2wiki", "--questions", str(WIKI), "--split", "dev", "--baseline", "paths",
               "--lattices", str(tmp_path / "cache")])
    assert rc == 0
    text = capsys.readouterr().out
    assert "baseline:paths" in text and "n=10" in text
    rc = main(["eval", "2wiki", "--questions", str(WIKI), "--split", "dev", "--baseline", "paths", "--json",
               "--lattices", str(tmp_path / "cache")])
    report = json.loads(capsys.readouterr().out)
    assert report["metrics"]["em"] >= 0.7
    assert report["by_type"]["inference"]["em"] == 0.0      # "paternal grandfather" names no relation


@pytest.mark.parametrize("extra, flag", [
    (["--planner", "oracle"], "--planner oracle"),
    (["--knockout"], "--knockout"),
    (["--failures"], "--failures"),
    (["--claims"], "--claims"),
    (["--rank"], "--rank"),
    (["--train-hops", "3H"], "--train-hops"),
    (["--train-fraction", "0.5"], "--train-fraction"),
    (["--engine", "duckdb"], "--engine"),
])
def test_cli_refuses_what_a_baseline_cannot_take(extra, flag, tmp_path, capsys):
    from latweave.cli import main

    rc = main(["eval", "pathquestion", "--questions", str(PQ_QUESTIONS), "--kb", str(PQ_KB),
               "--baseline", "keyword", "--lattices", str(tmp_path / "cache"), *extra])
    assert rc == 2
    err = capsys.readouterr().err
    assert "error" in err and flag in err and "Traceback" not in err
    assert not (tmp_path / "cache").exists()      # refused before anything was built


def test_an_unknown_baseline_is_an_argument_error(capsys):
    from latweave.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["eval", "pathquestion", "--baseline", "bm25"])
    assert exc.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_answers_do_not_depend_on_the_gold(tmp_path):
    """The evaluated split's gold answers and paths are replaced: every answer stays the same,
    while the scores change (the scorer does read the new gold)."""
    from latweave.eval.baselines.run import run_baseline

    lines = PQ_QUESTIONS.read_text(encoding="utf-8").splitlines()
    train = {ex.qid for ex in split_pathquestion(load_pathquestion(PQ_QUESTIONS))["train"]}
    changed = []
    for number, line in enumerate(lines, 1):
        question, _, path = line.split("\t")
        if f"questions:{number:05d}" in train:   # the same number of hops: the same split
            hops = len(path.split("#<end>#")[0].split("#")) // 2
            walk = "#".join(["zed"] + [f"spouse#n{i}" for i in range(hops - 1)] + ["spouse#nobody_at_all"])
            line = f"{question}\tnobody_at_all(nobody_at_all/)\t{walk}#<end>#nobody_at_all"
        changed.append(line)
    other = tmp_path / "questions.txt"
    other.write_text("\n".join(changed) + "\n", encoding="utf-8")
    for name in NAMES:
        a = run_baseline("pathquestion", name, split="train", questions=PQ_QUESTIONS, kb=PQ_KB,
                         cache=tmp_path / "cache")
        b = run_baseline("pathquestion", name, split="train", questions=other, kb=PQ_KB, cache=tmp_path / "cache")
        assert [(r["status"], r["answers"], r["verdict"]) for r in a.records] == \
               [(r["status"], r["answers"], r["verdict"]) for r in b.records]
        assert b.metrics["any_hit"] == 0.0
        if name == "paths":
            assert a.metrics["any_hit"] > 0.0


_DUMP = """
import json, sys
from latweave.eval.baselines.run import run_baseline
out = {}
for name in ("keyword", "tfidf", "paths", "hypergraph"):
    for args in (dict(dataset="pathquestion", questions=sys.argv[1], kb=sys.argv[2], split="train"),
                 dict(dataset="2wiki", questions=sys.argv[3], split="dev")):
        report = run_baseline(args.pop("dataset"), name, cache=sys.argv[4], **args)
        out[f"{name}/{report.dataset}"] = [report.to_dict()["metrics"], report.records, report.extra["baseline"]]
print(json.dumps(out, sort_keys=True))
"""


@pytest.mark.slow
def test_deterministic_across_runs_and_hash_seeds(tmp_path):
    runs = []
    for seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", _DUMP, str(PQ_QUESTIONS), str(PQ_KB), str(WIKI),
                               str(tmp_path / f"cache{seed}")], cwd=REPO, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        runs.append(done.stdout)
    assert runs[0] == runs[1]
    assert len(json.loads(runs[0])) == 8


# ------------------------------------------------------------------------ the real data

@pytest.mark.slow
@pytest.mark.data
def test_on_2wiki_dev_the_path_search_beats_keyword_overlap(tmp_path):
    path = data_dir() / "2wikimultihopqa" / "lag" / "dev.json"
    if not path.is_file():
        pytest.skip(f"benchmark data absent: {path} (set LATWEAVE_DATA to the folder holding 2wikimultihopqa/)")
    from latweave.eval.baselines.run import run_baseline

    # dev, never the held-out split: that one is read once per release, not by every test run
    reports = {name: run_baseline("2wiki", name, split="dev", limit=120, cache=tmp_path / "lattices")
               for name in ("keyword", "paths")}
    assert all(report.n == 120 and report.split == "dev" for report in reports.values())
    assert reports["paths"].extra["baseline"]["tuned_on"].startswith("600 dev questions")   # fitted on dev
    # keyword overlap stops at the bridge entity of a compositional question; a path gets there
    assert reports["keyword"].by_type["compositional"]["em"] < 0.1
    assert reports["paths"].by_type["compositional"]["em"] > 0.5
    assert reports["paths"].metrics["em"] > reports["keyword"].metrics["em"]
