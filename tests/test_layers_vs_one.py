"""A lattice of several sources against an independent build of the same facts as one source.

test_living.py checks `build A B` ≡ `build A; add B` (and every remove) — but both sides are
written by the same writer (ingest/living._derive and the layered store's save_layers), so a
mistake in how layers stack would be on both sides and pass. Here the other side is a one-layer
build of the sources concatenated into one KB file, which stacks nothing: random KB parts (periods,
dates, numbers, contested values) built as 3 layers, and as one, must hold the same dimensions,
instances, documents (the parts, concatenated) and predicates — each predicate's evidence moved by where its part starts in the
concatenation — and answer random plans with the same results, proofs included (their evidence
moved the same way). A writer that drops one new predicate from each layer passes the
writer-against-itself tests and fails this one.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import latweave
from latweave.execute import Runner
from latweave.folder.store import load_lattice
from latweave.lattice.model import Evidence
from latweave.plan.ast import Arg, Compare, Constraint, Holds, Meet, Name, Plan
from latweave.plan.parser import parse_plan
from tests.support.lattices import random_plans

NAMES = ["ann", "bob", "cid", "dee", "eve", "fay"]
VALUES = {"spouse": NAMES, "parents": NAMES, "gender": ["male", "female"], "place_of_birth": ["paris", "rome", "oslo"],
          "date_of_birth": ["1950-03-02", "March 4, 1948", "7 May 1990", "2001-12-31"], "height": ["1.62", "1.70", "1.8"]}


def kb_part(rng: random.Random) -> str:
    """A few KB lines: taxonomies, dates, numbers, a marriage with a start year (a period); the
    same subject and relation drawn twice in one part or two makes a contested coordinate."""
    lines = []
    for _ in range(rng.randint(2, 7)):
        r = rng.choice(sorted(VALUES))
        line = f"{rng.choice(NAMES)}\t{r}\t{rng.choice(VALUES[r])}"
        if r == "spouse" and rng.random() < 0.3:
            line += f"\t{rng.randint(1960, 1990)}"
        lines.append(line + "\n")
    return "".join(lines)


def moved(folder: Path, offsets: dict[str, tuple[int, int]], whole: str):
    """The lattice's content as sets, each evidence in part `doc` moved to `whole` at its offset
    (`offsets`: doc -> (characters, lines) before the part)."""
    lattice = load_lattice(folder)
    dims = {k: (d.name, d.kind, d.functional, d.open, d.labels, d.parents, d.synonyms, d.bounds, d.classes)
            for k, d in lattice.dimensions.items()}
    instances = {k: (i.label, i.aliases) for k, i in lattice.instances.items()}
    predicates = set()
    for p in lattice.predicates:
        e = p.evidence
        at = offsets[e.doc][0] if e.doc in offsets else 0
        predicates.add((p.instance, p.dimension, p.value, p.confidence, p.qualifiers,
                        Evidence(whole if e.doc in offsets else e.doc, e.source_text, e.start + at, e.end + at)))
    return dims, instances, predicates


def moved_json(obj, offsets: dict[str, tuple[int, int]], whole: str):
    """A result's JSON with every evidence in part `doc` moved to `whole` (`offsets`: doc ->
    (characters, lines) before the part; its span by the characters, its cited line by the lines;
    also inside the details a proof keeps as JSON text), without the predicate's index (its place
    in the lattice's predicate list, which the layers order their own way: a layer's predicates
    follow the layers before it), and with the lists of evidenced values sorted (a contested
    coordinate's values are listed in that predicate order: by layer in one lattice, by value in
    the other)."""
    if isinstance(obj, dict):
        out = {k: moved_json(v, offsets, whole) for k, v in obj.items()}
        if "doc" in out and "start" in out and out["doc"] in offsets:
            chars, lines = offsets[out["doc"]]
            out.update(doc=whole, start=out["start"] + chars, end=out["end"] + chars)
            if out.get("line") is not None:
                out["line"] += lines
        if "doc" in out:
            out.pop("predicate", None)
        return out
    if isinstance(obj, list):
        out = [moved_json(v, offsets, whole) for v in obj]
        if out and all(isinstance(v, dict) and "evidence" in v for v in out):
            out.sort(key=lambda v: json.dumps(v, sort_keys=True))   # listed in predicate order, see above
        return out
    if isinstance(obj, str) and obj.startswith("{"):      # a detail the proof keeps as JSON text
        try:
            return moved_json(json.loads(obj), offsets, whole)
        except ValueError:
            return obj
    return obj


def fact_plans(folder: Path, rng: random.Random, n: int) -> list[Plan]:
    """`n` plans aimed at facts the lattice states (random_plans' mostly abstain on a small KB): a
    meet on a stated value, with or without a projection, a `holds` of a stated fact, a `same`
    and an argmax/argmin over two instances."""
    lattice = load_lattice(folder)
    facts = sorted(lattice.predicates)
    dims = sorted(d.name for d in lattice.dimensions.values())
    out = []
    for _ in range(n):
        p = rng.choice(facts)
        dim = lattice.dimensions[p.dimension]
        value, who = Name(dim.labels[p.value]), Name(lattice.instances[p.instance].label)
        other = Name(lattice.instances[rng.choice(facts).instance].label)
        final = rng.choice([
            Meet((Constraint(dim.name, "=", value),)),
            Meet((Constraint(dim.name, "<=", value),), project=rng.choice(dims)),
            Holds(who, (Constraint(dim.name, rng.choice(["=", "<="]), value),)),
            Compare("same", dim.name, (Arg(who), Arg(other))),
            Compare(rng.choice(["argmax", "argmin"]), dim.name, (Arg(who), Arg(other)))])
        out.append(Plan((), final))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 11])
def test_layers_equal_one_independent_build_of_the_concatenated_sources(tmp_path, seed):
    rng = random.Random(seed)
    texts = [kb_part(rng) for _ in range(3)]
    parts, offsets, at, lines = [], {}, 0, 0
    for n, text in enumerate(texts):
        path = tmp_path / f"part{n}.txt"
        path.write_text(text, encoding="utf-8")
        parts.append(path)
        offsets[path.name] = (at, lines)
        at, lines = at + len(text), lines + text.count("\n")
    whole = tmp_path / "all.txt"
    whole.write_text("".join(texts), encoding="utf-8")
    latweave.build(parts, tmp_path / "layers", format="pathquestion", allow=True)
    latweave.build(whole, tmp_path / "one", format="pathquestion", allow=True)
    layered = moved(tmp_path / "layers", offsets, whole.name)
    assert layered == moved(tmp_path / "one", {}, whole.name)
    assert layered[2], "the parts stated no facts"
    docs = load_lattice(tmp_path / "layers").documents
    assert "".join(docs[p.name] for p in parts) == load_lattice(tmp_path / "one").documents[whole.name]

    plans = [parse_plan(text) for text in random_plans(load_lattice(tmp_path / "layers"), seed, 20)]
    plans += fact_plans(tmp_path / "layers", rng, 20)
    with Runner(tmp_path / "layers") as a, Runner(tmp_path / "one") as b:
        got, want = a.run(plans), b.run(plans)
    statuses = []
    for plan, x, y in zip(plans, got, want):
        assert moved_json(json.loads(x.to_json()), offsets, whole.name) == moved_json(json.loads(y.to_json()), {}, ""), plan
        statuses.append(x.status)
    assert statuses.count("answer") + statuses.count("verdict") >= 10, statuses   # not mostly abstentions
