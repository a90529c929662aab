"""Tampering, field by field and operator by operator: each tamper fails the audit (exit 5), and
each is caught by exactly the checks it names.

Each row alters one genuine result (or the lattice folder) and names the auditor's checks that
catch it. The test asserts that the audit fails with everything on; that with exactly the named
checks disabled (monkeypatched to do nothing) the tamper goes unnoticed — so nothing else
catches it by accident, and the named checks are what stands between the tamper and an `audit
ok`; and that with all named checks but one disabled it still fails — so each named check is
load-bearing on its own. Most tampers keep the proof consistent with the altered result (an
answer removed with its proof tree, a witness edited in the proof too), so only the independent
evaluation (latweave/proof/audit/semantics.py, compared by completeness.py) can see them.

Check names: `manifest` (the lattice folder against its hashes), `keys` (the result's top-level
keys), the result-against-evaluation checks `status`, `answers`, `verdict`, `reasons`,
`witness`, `contested` (completeness.CHECKS), and proof-walk checks `proof.*`.
"""

from __future__ import annotations

import copy
import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

from latweave.ingest.builds import build_corpus
from latweave.ingest.write import save_lattice
from latweave.execute import Runner
from latweave.lattice.model import Dimension, Lattice
from latweave.paths import RULES
from latweave.plan.read import read_plan
from latweave.proof.audit import abstentions, answers, audit, auditor, completeness, files, verdicts

CORPORA = RULES.parent / "corpora"


def predicate_rows(lat) -> list[dict]:
    """predicates.blocks' rows (folder/rows.py), each with its id (its line)."""
    from latweave.folder.blocks import read_lines
    from latweave.folder.rows import predicate_row

    lines = list(read_lines(lat / "predicates.blocks"))
    return [{"id": i, **predicate_row(line)} for i, line in enumerate(lines)]


def _noop(*args, **kwargs):
    return None


def disable(monkeypatch, name: str) -> None:
    """Switch one named check off."""
    if name == "manifest":
        monkeypatch.setattr(files, "read_manifest", lambda folder, verify=True: {})
    elif name == "keys":
        monkeypatch.setattr(completeness, "keys", _noop)
    elif name in completeness.CHECKS:
        monkeypatch.setitem(completeness.CHECKS, name, _noop)
    elif name == "proof.answers":          # answer trees against the answer list, and their walk
        monkeypatch.setattr(answers, "answers", _noop)
    elif name == "proof.extremum":         # every non-winner shown beaten (extremum.completeness)
        monkeypatch.setattr(answers, "completeness", _noop)
    elif name == "proof.verdict":          # the verdict node against the result's verdict
        monkeypatch.setattr(verdicts, "verdict", _noop)
    elif name == "proof.same":
        monkeypatch.setattr(verdicts, "same_verdict", _noop)
    elif name == "proof.abstain":          # abstain(reason) and its witnesses against the result
        monkeypatch.setattr(abstentions, "abstain", _noop)
    elif name.startswith("proof.rule."):   # one inner-node check of the walk (member, hit, ...)
        monkeypatch.setitem(auditor.RULES, name.rsplit(".", 1)[1], lambda *a: None)
    elif name.startswith("proof.axiom."):  # one leaf check (coord, subsumes, ...)
        monkeypatch.setitem(auditor.AXIOMS, name.rsplit(".", 1)[1], lambda *a: None)
    elif name.startswith("proof.witness."):
        monkeypatch.setitem(abstentions.WITNESSES, name.rsplit(".", 1)[1], _noop)
    else:  # pragma: no cover - a typo in the table
        raise KeyError(name)


# ---------------------------------------------------------------------------------------------
# lattices and genuine results

def lifespans() -> Lattice:
    """Four people with birth and death dates, for the derived compare (died - born)."""
    lattice = Lattice(name="lifespans")
    lattice.add_dimension(Dimension("born", kind="date", functional=True))
    lattice.add_dimension(Dimension("died", kind="date", functional=True))
    people = {"Ada": ("1900-01-01", "1980-01-01"), "Bo": ("1910-01-01", "1950-01-01"),
              "Cy": ("1920", "1990"), "Di": ("1900", "1980")}
    text = " ".join(f"{p} was born {b} and died {d}." for p, (b, d) in people.items())
    lattice.add_document("people", text)
    for p, (b, d) in people.items():
        lattice.add_predicate(p, "born", b, doc="people", source_text=f"{p} was born {b}")
        lattice.add_predicate(p, "died", d, doc="people", source_text=f"and died {d}.")
    return lattice


def nationalities() -> Lattice:
    """Nationalities spelled apart: "American" and "United States" compare as one class
    (latweave/lattice/canonical.py), "Canadian" as another."""
    lattice = Lattice(name="nationalities")
    lattice.add_dimension(Dimension("nationality", open=True))
    people = {"Ann": "American", "Bob": "United States", "Cy": "Canadian", "Dee": "Canada"}
    lattice.add_document("people", " ".join(f"{p} is {n}." for p, n in people.items()))
    for p, n in people.items():
        lattice.add_predicate(p, "nationality", n, doc="people", source_text=f"{p} is {n}.")
    return lattice


@pytest.fixture(scope="module")
def lattices(tmp_path_factory):
    root = tmp_path_factory.mktemp("tamper")
    out = {}
    for name in ("zoo", "movies", "disputes"):
        build_corpus(CORPORA / name, root / name)
        out[name] = root / name
    build_corpus(CORPORA / "zoo", root / "zoo+movies")   # two layers: the zoo's, then the movies'
    from latweave.ingest.living import add

    add(root / "zoo+movies", [CORPORA / "movies"])
    out["zoo+movies"] = root / "zoo+movies"
    save_lattice(lifespans(), root / "lifespans")
    out["lifespans"] = root / "lifespans"
    save_lattice(nationalities(), root / "nationalities")
    out["nationalities"] = root / "nationalities"
    return out


_CACHE: dict = {}


def result(lattices, corpus: str, plan: str) -> dict:
    key = (corpus, plan)
    if key not in _CACHE:
        with Runner(lattices[corpus], "duckdb") as runner:
            _CACHE[key] = runner.run([read_plan(plan)])[0].to_dict()
    return copy.deepcopy(_CACHE[key])


# ---------------------------------------------------------------------------------------------
# tampering helpers

def atom(rel: str, *args) -> str:
    return f"{rel}({', '.join(json.dumps(a, ensure_ascii=False) for a in args)})"


def nodes(tree):
    if isinstance(tree, dict):
        yield tree
        for key in ("trees", "children"):
            for child in tree.get(key, []) or []:
                yield from nodes(child)


def evidence(row: dict) -> dict:
    """A predicates.jsonl row's evidence, as proofs carry it."""
    return {"predicate": row["id"], **{k: row[k] for k in ("doc", "source_text", "start", "end", "confidence")}}


def drop_answer(r: dict, label: str) -> None:
    """Remove an answer and its proof tree: the proof stays consistent with the answer list."""
    r["answers"].remove(label)
    r["proof"]["trees"] = [t for t in r["proof"]["trees"] if t["premises"] != atom("answer", label)]


def set_witness(r: dict, reason: str, detail: dict) -> None:
    """Replace one reason's witness in the result and in the proof alike."""
    r["witness"][reason] = detail
    for child in r["proof"]["children"]:
        if child.get("reason") == reason:
            child["axiom"] = json.dumps(detail, ensure_ascii=False, sort_keys=True)


def abstain_as(r: dict, witness: dict) -> None:
    """Turn a result into an abstention with these witnesses (in this order), proof included."""
    reasons = list(witness)
    r.update(status="abstain", answers=[], verdict=None, reason=reasons[0], reasons=reasons, witness=witness)
    r["proof"] = {"premises": atom("abstain", reasons[0]), "rule-number": "(abstain)",
                  "children": [{"axiom": json.dumps(w, ensure_ascii=False, sort_keys=True), "reason": k}
                               for k, w in witness.items()]}


def t_drop(label):
    return lambda r, lat: drop_answer(r, label)


def t_drop_reason(reason):
    def go(r, lat):
        r["reasons"].remove(reason)
        del r["witness"][reason]
        r["proof"]["children"] = [c for c in r["proof"]["children"] if c.get("reason") != reason]
        r["reason"] = r["reasons"][0]
        r["proof"]["premises"] = atom("abstain", r["reason"])
    return go


def t_reorder_reasons(r, lat):
    r["reasons"].reverse()
    r["reason"] = r["reasons"][0]
    r["proof"]["premises"] = atom("abstain", r["reason"])
    r["proof"]["children"].reverse()


def t_witness(reason, edit: Callable[[dict], None]):
    def go(r, lat):
        detail = copy.deepcopy(r["witness"][reason])
        edit(detail)
        set_witness(r, reason, detail)
    return go


def t_claim_empty(r, lat):
    """A meet with answers claims it is empty (`empty` that is not empty), with a witness that holds
    up on its own (the emptied_by constraint is one of the plan's, matches_nothing is empty)."""
    abstain_as(r, {"empty": {"step": "final", "meets": [
        {"meet": "meet#0", "emptied_by": ["habitat <= aquatic"], "matches_nothing": []}]}})


def t_false_holds_over_step(r, lat):
    """`holds($m, habitat <= aerial)` is true (Bat); claim false with Dog's genuine failing coord."""
    rows = predicate_rows(lat)
    dog = next(p for p in rows if p["instance"] == "dog" and p["dimension"] == "habitat")
    coord = {"axiom": atom("coord", "Dog", "habitat", "terrestrial"), "evidence": evidence(dog)}
    r["verdict"] = False
    r["proof"] = {"premises": atom("verdict", "false"), "rule-number": "(holds)", "children": [
        {"premises": atom("fails", "habitat", "<=", "aerial"), "rule-number": "(holds)",
         "children": [{"axiom": atom("constraint", "habitat", "<=", "aerial")}, coord]}]}


def t_flip_same(r, lat):
    r["verdict"] = not r["verdict"]
    r["proof"]["premises"] = atom("verdict", "true" if r["verdict"] else "false")


def _canonical_leaves(r) -> list[dict]:
    return [c for c in r["proof"]["children"] if c.get("axiom", "").startswith("canonical(")]


def t_drop_canonical(r, lat):
    """A same verdict through a class, its class step removed: the coords alone share no value."""
    (leaf,) = _canonical_leaves(r)
    r["proof"]["children"].remove(leaf)


def t_forge_canonical(r, lat):
    """The class step names another class than classes.jsonl gives."""
    (leaf,) = _canonical_leaves(r)
    leaf["axiom"] = atom("canonical", "nationality", "American", "Canada")
    leaf["atom"] = {"pred": "canonical", "args": ["nationality", "American", "Canada"]}   # forged alike


def t_flip_same_shown_apart(r, lat):
    """A shared class claimed unshared: the verdict flipped, the proof listing every value."""
    t_flip_same(r, lat)
    for leaf in _canonical_leaves(r):
        r["proof"]["children"].remove(leaf)


def t_contested_entry(r, lat):
    r["contested"] = [{"answer": "Dog", "supported_by": [], "contradicted_by": []}]


def t_unknown_key(r, lat):
    r["confidence"] = 0.99


def t_other_plan(r, lat):
    r["plan"] = "meet(species <= animal)"


def t_lattice_and_result(r, lat):
    """Edit one piece of evidence consistently in documents.jsonl, predicates.jsonl and the result:
    every row still agrees with every other; only the manifest's hashes know."""
    old, new = "The blue whale is a marine mammal.", "The blue whale is a marine walrus."
    from latweave.folder.blocks import read_lines, write_blocks

    path = lat / "documents.jsonl"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    path = lat / "predicates.blocks"   # its lines deflated again: a well-formed block file
    write_blocks(path, [line.replace(old, new) for line in read_lines(path)])
    for node in nodes(r["proof"]):
        if node.get("evidence", {}).get("source_text") == old:
            node["evidence"]["source_text"] = new


def t_manifest_field(field: str, value):
    """Edit one manifest field the content hash does not cover (issue 42.1: `"layers": 2` → `1`
    read the lattice without its top layer, and audited ok)."""
    def go(r, lat):
        path = lat / "manifest.json"
        manifest = json.loads(path.read_text(encoding="utf-8"))
        outer, _, inner = field.partition(".")
        if inner:
            manifest[outer][inner] += value
        else:
            manifest[outer] = value
        path.write_text(json.dumps(manifest, indent=2, sort_keys=True), encoding="utf-8")
    return go


def t_tie_added(r, lat):
    """Claim a second extremum winner, copying the real winner's tree under the other's name."""
    tree = copy.deepcopy(r["proof"]["trees"][0])
    r["answers"] = sorted(r["answers"] + ["Bo"])
    tree["premises"] = atom("answer", "Bo")
    r["proof"]["trees"].append(tree)


def t_drop_contested(r, lat):
    r["contested"] = []
    r["proof"].pop("contested", None)


def t_promote_contested(r, lat):
    """A contested answer listed as certain (its contested entry and proof node removed)."""
    r["answers"] = sorted(r["answers"] + [e["answer"] for e in r["contested"]])
    t_drop_contested(r, lat)


def t_contested_evidence(r, lat):
    """Swap a supporting predicate for a genuine one of an uncontested coordinate, in the result
    and in the proof alike."""
    rows = predicate_rows(lat)
    cy = next(p for p in rows if p["instance"] == "cy corin" and p["dimension"] == "city")
    entry = {"instance": "Cy Corin", "dimension": "city", "value": "lyon", "evidence": evidence(cy)}
    r["contested"][0]["supported_by"][0] = entry
    side = r["proof"]["contested"][0]["children"][0]
    side["children"][0] = {"axiom": atom("stated", "Cy Corin", "city", "lyon"), "evidence": entry["evidence"]}


def t_conflict_drop_contested(r, lat):
    t_witness("conflict", lambda w: w["contested"].pop())(r, lat)


def t_conflict_drop_undecided(r, lat):
    t_witness("conflict", lambda w: w["undecided_items"].pop())(r, lat)


def t_drop_stated(r, lat):
    for node in nodes(r["proof"]):
        if node.get("rule-number") == "(meet)":
            node["children"].pop()
            return
    raise AssertionError("no merged coordinate in the proof")


def t_drop_world(r, lat):
    for node in nodes(r["proof"]):
        if node.get("rule-number") == "(worlds)":
            node["children"].pop()
            return
    raise AssertionError("no hit_all in the proof")


def t_true_claimed_conflict(r, lat):
    abstain_as(r, {"conflict": {"conflicts": [], "contested": []}})


@dataclass
class Row:
    id: str
    corpus: str
    plan: str
    tamper: Callable
    caught_by: tuple[str, ...]


MAMMALS = "meet(species <= mammal, habitat <= aquatic)"

ROWS = [
    # answer sets, operator by operator: an answer removed with its proof tree
    Row("meet/removed", "zoo", "meet(species <= mammal)", t_drop("Bat"), ("answers",)),
    Row("projection/removed", "zoo", "meet(species <= mammal) -> diet", t_drop("carnivore"), ("answers",)),
    Row("chain/removed", "movies",
        'let d = meet(subject = "Blade Runner") -> directed_by\nmeet(directed_by = $d) -> subject',
        t_drop("Gladiator"), ("answers",)),
    Row("chain-3/removed", "zoo",
        "let d = meet(species <= fish) -> habitat\nlet e = meet(habitat = $d)\nmeet(species <= mammal, species = $e)",
        t_drop("Whale"), ("answers",)),
    Row("union/removed", "zoo", "meet(species <= fish) | meet(species <= amphibian)", t_drop("Frog"), ("answers",)),
    Row("window/removed", "zoo", "meet(lifespan_years in 10..50)", t_drop("Penguin"), ("answers",)),
    Row("meet/added", "zoo", MAMMALS, lambda r, lat: r["answers"].append("Dog"), ("answers", "proof.answers")),
    Row("meet/altered", "zoo", MAMMALS, lambda r, lat: r.update(answers=["Dog"]), ("answers", "proof.answers")),
    Row("argmax/removed", "zoo", "argmax(lifespan_years, [Whale, Dog])", t_drop("Whale"),
        ("answers", "proof.extremum")),
    Row("argmin-chains/removed", "movies",
        'argmin(date_of_birth, ["Taxi!" -> directed_by, "What Price Hollywood?" -> directed_by])',
        t_drop("Taxi!"), ("answers", "proof.extremum")),
    Row("argmax-bare-step/removed", "zoo", "let m = meet(species <= mammal)\nargmax(lifespan_years, [$m])",
        t_drop("Whale"), ("answers", "proof.extremum")),
    Row("argmax-derived/removed", "lifespans", "argmax(died - born, [Ada, Bo])", t_drop("Ada"),
        ("answers", "proof.extremum")),
    Row("argmax-derived/tie-added", "lifespans", "argmax(died - born, [Ada, Bo])", t_tie_added,
        ("answers", "proof.answers")),
    # verdicts
    Row("holds/flipped", "zoo", "let m = meet(species <= mammal)\nholds($m, habitat <= aerial)",
        t_false_holds_over_step, ("verdict",)),
    Row("same/flipped", "zoo", "same(habitat, Whale, Dog)", t_flip_same, ("verdict", "proof.same")),
    Row("differ/flipped", "zoo", "differ(species, Whale, Dog)", t_flip_same, ("verdict", "proof.same")),
    # verdicts through a compare class (American ~ United States)
    Row("same-class/flipped", "nationalities", "same(nationality, Ann, Bob)", t_flip_same_shown_apart,
        ("verdict", "proof.same")),
    Row("same-class/step-dropped", "nationalities", "same(nationality, Ann, Bob)", t_drop_canonical,
        ("proof.same",)),
    Row("same-class/step-forged", "nationalities", "same(nationality, Ann, Bob)", t_forge_canonical,
        ("proof.axiom.canonical",)),
    Row("differ-class/flipped", "nationalities", "differ(nationality, Ann, Bob)", t_flip_same_shown_apart,
        ("verdict", "proof.same")),
    # abstentions: each reason's witness edited in the result and the proof alike
    Row("empty/not-empty", "zoo", MAMMALS, t_claim_empty, ("status", "answers", "reasons", "witness")),
    Row("empty/emptied_by", "zoo", "meet(species <= whale, habitat <= terrestrial)",
        t_witness("empty", lambda w: w["meets"][0].update(emptied_by=["species <= whale"])), ("witness",)),
    Row("empty/no_value", "movies", 'argmax(date_of_birth, ["Blade Runner" -> directed_by, Alien])',
        t_witness("empty", lambda w: w.update(dimension="release_date")), ("witness",)),
    Row("unknown_anchor/name", "zoo", "meet(species <= unicorn)",
        t_witness("unknown_anchor", lambda w: w["unknown"][0].update(name="unicornia")), ("witness",)),
    Row("out_of_scope/dimensions", "zoo", "meet(colour <= red)",
        t_witness("out_of_scope", lambda w: w.update(unknown_dimensions=["colour", "size"])), ("witness",)),
    Row("conflict/constraint-order", "zoo", "meet(species <= mammal, species <= bird)",
        t_witness("conflict", lambda w: w["conflicts"][0].update(constraints=["species <= bird", "species <= mammal"],
                                                                  values=[["bird"], ["mammal"]])), ("witness",)),
    Row("incomparable/pair", "movies", 'argmax(genre, [Alien, "Taxi!"])',
        t_witness("incomparable", lambda w: w["pairs"].pop()), ("witness",)),
    Row("incomparable-derived/pair", "lifespans", "argmax(died - born, [Ada, Di])",
        t_witness("incomparable", lambda w: w["pairs"][0].update(arguments=["Di", "Ada"], items=["Di", "Ada"],
                                                                  spans=w["pairs"][0]["spans"][::-1])),
        ("witness",)),
    Row("reasons/dropped", "zoo", "meet(species <= mammal, species <= bird)", t_drop_reason("empty"),
        ("reasons", "witness")),
    Row("reason/reordered", "zoo", "meet(species <= mammal, species <= bird)", t_reorder_reasons, ("reasons",)),
    # the other fields
    Row("contested/invented", "zoo", MAMMALS, t_contested_entry, ("contested",)),
    Row("keys/unknown", "zoo", MAMMALS, t_unknown_key, ("keys",)),
    Row("plan/swapped", "zoo", "meet(species <= mammal)", t_other_plan, ("answers", "proof.rule.member")),
    Row("lattice/edited", "zoo", MAMMALS, t_lattice_and_result, ("manifest",)),
    Row("lattice/manifest-layers", "zoo+movies", MAMMALS, t_manifest_field("layers", 1), ("manifest",)),
    Row("lattice/manifest-counts", "zoo+movies", MAMMALS, t_manifest_field("counts.instances", -1), ("manifest",)),
    # contested coordinates (corpora/disputes)
    Row("contested/dropped", "disputes", "meet(city <= france)", t_drop_contested, ("contested",)),
    Row("contested/promoted", "disputes", "meet(city <= france)", t_promote_contested,
        ("answers", "proof.answers", "contested")),
    Row("contested/evidence", "disputes", "meet(city <= france)", t_contested_evidence, ("contested",)),
    Row("conflict-sources/contested", "disputes", "meet(city <= germany)", t_conflict_drop_contested, ("witness",)),
    Row("conflict-sources/undecided", "disputes", 'argmin(born, ["Dawn" -> directed_by, "Dusk" -> directed_by])',
        t_conflict_drop_undecided, ("witness",)),
    Row("conflict-sources/holds", "disputes", 'holds("Bo Brandt", city <= europe)', t_true_claimed_conflict,
        ("status", "verdict", "reasons", "witness")),
    Row("robust/removed", "disputes", 'argmin(born, ["Bo Brandt", "Cy Corin"])', t_drop("Bo Brandt"),
        ("answers", "proof.extremum")),
    Row("worlds/stated-dropped", "disputes", "meet(zone = shore)", t_drop_stated, ("proof.rule.coord",)),
    Row("worlds/world-dropped", "disputes", "meet(born in 1900..1910)", t_drop_world, ("proof.rule.hit_all",)),
]


def _tampered(lattices, row: Row, tmp_path: Path) -> tuple[Path, dict]:
    lat = lattices[row.corpus]
    if row.id.startswith("lattice/"):
        lat = tmp_path / "lattice"
        shutil.copytree(lattices[row.corpus], lat)
    r = result(lattices, row.corpus, row.plan)
    genuine = audit(lat, r)
    assert genuine.ok, f"the genuine result does not audit: {genuine.failures}"
    row.tamper(r, lat)
    return lat, r


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_tamper_fails_the_audit(lattices, row, tmp_path):
    lat, r = _tampered(lattices, row, tmp_path)
    report = audit(lat, r)
    assert not report.ok, f"{row.id}: the tampered result audited ok"


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_the_named_checks_are_what_catch_it(lattices, row, tmp_path, monkeypatch):
    """With the named checks off the tamper goes unnoticed: no other check catches it by accident."""
    lat, r = _tampered(lattices, row, tmp_path)
    with monkeypatch.context() as mp:
        for name in row.caught_by:
            disable(mp, name)
        report = audit(lat, r)
    assert report.ok, f"{row.id}: caught by checks not named {row.caught_by}: " + \
        "; ".join(f"{f['step'][:50]}: {f['problem']}" for f in report.failures)


@pytest.mark.parametrize("row", [r for r in ROWS if len(r.caught_by) > 1], ids=lambda r: r.id)
def test_each_named_check_catches_it_alone(lattices, row, tmp_path, monkeypatch):
    lat, r = _tampered(lattices, row, tmp_path)
    for keep in row.caught_by:
        with monkeypatch.context() as mp:
            for name in row.caught_by:
                if name != keep:
                    disable(mp, name)
            report = audit(lat, r)
        assert not report.ok, f"{row.id}: {keep} alone does not catch it"


def test_the_table_covers_every_field_operator_and_reason():
    ids = {r.id.split("/")[0] for r in ROWS}
    assert {"meet", "projection", "chain", "union", "argmax", "argmin-chains", "argmax-bare-step",
            "argmax-derived", "holds", "same", "differ"} <= ids
    assert {"empty", "unknown_anchor", "out_of_scope", "conflict", "incomparable"} <= ids
    assert {"contested", "conflict-sources", "robust", "worlds"} <= ids
    named = {name for r in ROWS for name in r.caught_by}
    assert set(completeness.CHECKS) | {"keys", "manifest"} <= named


# ---------------------------------------------------------------------------------------------
# the failure names the instance and the step

def test_a_removed_answer_is_named_with_its_meet(lattices):
    r = result(lattices, "zoo", "meet(species <= mammal)")
    drop_answer(r, "Bat")
    report = audit(lattices["zoo"], r)
    assert [f["problem"] for f in report.failures] == [
        "'Bat' is missing: step final, meet#0 meet(species <= mammal) has the member 'Bat'"]


def test_an_added_answer_is_named_with_the_constraint_it_fails(lattices):
    r = result(lattices, "zoo", MAMMALS)
    r["answers"].append("Dog")
    report = audit(lattices["zoo"], r)
    assert any(f["problem"] == "'Dog' is not an answer: step final, meet#0: 'Dog' does not meet habitat <= aquatic "
                               "(its habitat: terrestrial)" for f in report.failures)


def test_an_added_winner_is_named_with_who_beats_it(lattices):
    r = result(lattices, "zoo", "argmax(lifespan_years, [Whale, Dog])")
    r["answers"] = ["Dog", "Whale"]
    report = audit(lattices["zoo"], r)
    assert any("'Dog' is not an answer: 'Whale' beats it on argmax(lifespan_years) ('90' over '13')" in f["problem"]
               for f in report.failures)


# ---------------------------------------------------------------------------------------------
# the CLI: exit 5 for a tampered result or lattice, 2 for a folder that is no lattice

def _cli(capsys, *args) -> tuple[int, str]:
    from latweave.cli import main

    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out + out.err


def stamped(r: dict, folder) -> dict:
    """`r` as a session saves it: naming the lattice it was computed on (a saved file must)."""
    from latweave.folder.store import read_manifest

    manifest = read_manifest(folder, verify=False)
    return {**r, "lattice": {"name": manifest["name"], "content_hash": manifest["content_hash"]}}


def test_cli_exit_codes(lattices, tmp_path, capsys):
    r = stamped(result(lattices, "zoo", "meet(species <= mammal)"), lattices["zoo"])
    good = tmp_path / "good.json"
    good.write_text(json.dumps(r))
    assert _cli(capsys, "audit", "--lattice", lattices["zoo"], good)[0] == 0
    drop_answer(r, "Bat")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(r))
    code, text = _cli(capsys, "audit", "--lattice", lattices["zoo"], bad)
    assert code == 5 and "Bat" in text
    lat = tmp_path / "edited"
    shutil.copytree(lattices["zoo"], lat)
    (lat / "predicates.blocks").write_bytes((lat / "predicates.blocks").read_bytes() + b"\n")
    code, text = _cli(capsys, "audit", "--lattice", lat, good)
    assert code == 5 and "manifest" in text
    (lat / "manifest.json").unlink()
    code, text = _cli(capsys, "audit", "--lattice", lat, good)
    assert code == 2 and "not a lattice" in text


def test_cli_json_report_names_failures(lattices, tmp_path, capsys):
    r = stamped(result(lattices, "zoo", "meet(species <= mammal)"), lattices["zoo"])
    drop_answer(r, "Bat")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(r))
    code, text = _cli(capsys, "audit", "--json", "--lattice", lattices["zoo"], path)
    data = json.loads(text)
    assert code == 5 and data["ok"] is False and data["notes"] == []
    assert any("Bat" in f["problem"] and "meet#0" in f["problem"] for f in data["failures"])


def test_a_witness_naming_a_reason_the_result_does_not_give_fails_the_audit(zoo_lattice, tmp_path, capsys):
    """A saved abstention whose witness has a reason more than its `reasons`: the audit fails
    (exit 5) naming the witness — a message, not a traceback."""
    from latweave.cli import main

    saved = tmp_path / "r.json"
    assert main(["run", "--lattice", str(zoo_lattice), "meet(species = unicorn)", "--json"]) == 3
    result = json.loads(capsys.readouterr().out)
    result["witness"]["conflict"] = {"contested": []}
    saved.write_text(json.dumps(result), encoding="utf-8")
    assert main(["audit", "--lattice", str(zoo_lattice), str(saved)]) == 5
    out = capsys.readouterr().out
    assert "the witness covers ['conflict', 'empty', 'unknown_anchor']" in out
