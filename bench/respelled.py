"""Transfer to respelled PathQuestion sets (issue 14): the same questions and KB, spelled as
another KB would spell them — the hidden PathQuestion-format sets' failure classes, made here.

    .venv/bin/python bench/respelled.py --data ../shared/data/pathquestion --hops 2H --split dev
    .venv/bin/python bench/respelled.py --data ../shared/data/pathquestion --hops 2H,3H --split dev --work /tmp/respelled

Writes, for each hop count, two respelled copies of a PathQuestion set (questions, KB, gold
paths and answers rewritten alike) under --work, then runs `latweave eval pathquestion --questions
F --kb K --split SPLIT` on the original and on each copy — the pipeline an unseen set runs
through: its own seed-88 split, the planner fitted on its own train split — and prints any-hit,
EM and the failure classes side by side:

* `namespaced-cap`: every relation named as Freebase names it (`spouse` →
  `__people__person__spouse_s`, `place_of_death` → `__people__deceased_person__place_of_death`;
  a relation the table lacks → `__common__topic__<name>`), every entity name capitalised word by
  word (`Frederica_Of_Mecklenburg-strelitz`), in the KB and in the questions alike;
* `namespaced-lower`: the same KB, the questions keeping their lower-case names
  (`frederica_of_mecklenburg-strelitz` against the KB's capitalised one);
* `word-named`: relations and names as they are, but one entity in twenty (by a hash of its
  name) renamed to a word the questions themselves use most — `gender`, `parents`, `mom`,
  `nation`… (a band called "Religion", a song called "Home"), each word once — so that "what is
  the religion of sarah 's couple ?" links two names, the longer one a relation word.

Nothing here is configured: the planner is fitted exactly as `eval` fits it. Run it on dev (the
configuration split); the test split is the release's. Asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Freebase's names of PathQuestion's relations (the people domain; a type, then the property).
FREEBASE = {
    "gender": "__people__person__gender", "children": "__people__person__children",
    "parents": "__people__person__parents", "spouse": "__people__person__spouse_s",
    "nationality": "__people__person__nationality", "profession": "__people__person__profession",
    "cause_of_death": "__people__deceased_person__cause_of_death",
    "religion": "__people__person__religion",
    "place_of_death": "__people__deceased_person__place_of_death",
    "institution": "__education__education__institution",
    "place_of_birth": "__people__person__place_of_birth",
    "location": "__location__location__containedby", "ethnicity": "__people__person__ethnicity",
}


def relation(name: str) -> str:
    return FREEBASE.get(name, "__common__topic__" + name)


def capitalised(name: str) -> str:
    return "_".join(w[:1].upper() + w[1:] for w in name.split("_"))


#: words of the questions that are never renamed to (they would only join names, not confuse them)
STOPWORDS = frozenset("what is the of who which was s 's a an in to for and did does where when how are were has "
                      "have his her their be by on at as from with".split())


def word_names(data: Path, hops: str) -> dict[str, str]:
    """`word-named`'s renaming: one entity in twenty → one of the questions' commonest words."""
    entities: set[str] = set()
    with (data / f"{hops}-kb.txt").open(encoding="utf-8") as src:
        for line in src:
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 3:
                entities.update((parts[0], parts[2]))
    counts: dict[str, int] = {}
    with (data / f"PQ-{hops}.txt").open(encoding="utf-8") as src:
        for line in src:
            for w in line.split("\t")[0].split():
                if w.isalpha() and w not in STOPWORDS and w not in entities:
                    counts[w] = counts.get(w, 0) + 1
    words = sorted(counts, key=lambda w: (-counts[w], w))
    picked = [e for e in sorted(entities) if int(hashlib.sha256(e.encode()).hexdigest(), 16) % 20 == 0]
    return {e: words[i % len(words)] + ("" if i < len(words) else f"_{i // len(words) + 1}")
            for i, e in enumerate(picked)}


def respell(data: Path, hops: str, work: Path, variant: str) -> tuple[Path, Path]:
    """Write the `variant` copy of PQ-<hops>.txt and <hops>-kb.txt under `work`: (questions, kb)."""
    kb_out, q_out = work / f"{variant}-{hops}-kb.txt", work / f"{variant}-PQ-{hops}.txt"
    names: set[str] = set()
    if variant == "word-named":
        renamed = word_names(data, hops)
        name, rel = (lambda e: renamed.get(e, e)), (lambda r: r)
    else:
        name, rel = capitalised, relation
    with (data / f"{hops}-kb.txt").open(encoding="utf-8") as src, kb_out.open("w", encoding="utf-8") as out:
        for line in src:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 3:
                continue
            s, r, o = parts[:3]
            names.update((s, o))
            out.write("\t".join([name(s), rel(r), name(o), *parts[3:]]) + "\n")
    answer = re.compile(r"^(.*?)\((.*)\)$")
    with (data / f"PQ-{hops}.txt").open(encoding="utf-8") as src, q_out.open("w", encoding="utf-8") as out:
        for line in src:
            question, gold, path = line.rstrip("\n").split("\t")
            steps = path.split("#")
            end = steps.index("<end>")
            steps = [s if s == "<end>" else rel(s) if i % 2 == 1 and i < end else name(s)
                     for i, s in enumerate(steps)]
            m = answer.match(gold)
            if m:
                gold = name(m.group(1)) + "(" + "/".join(name(x) if x else x for x in m.group(2).split("/")) + ")"
            if variant in ("namespaced-cap", "word-named"):
                question = " ".join(name(w) if w in names else w for w in question.split(" "))
            out.write(f"{question}\t{gold}\t{'#'.join(steps)}\n")
    return q_out, kb_out


def evaluate(questions: Path, kb: Path, split: str, work: Path) -> dict:
    done = subprocess.run([sys.executable, "-m", "latweave.cli", "eval", "pathquestion", "--questions", str(questions),
                           "--kb", str(kb), "--split", split, "--failures", "--json",
                           "--cache", str(work / "lattices")],
                          check=True, capture_output=True, text=True, cwd=ROOT)
    return json.loads(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", required=True, help="the PathQuestion folder (PQ-2H.txt, 2H-kb.txt, …)")
    ap.add_argument("--hops", default="2H", help="comma-separated: 2H, 3H")
    ap.add_argument("--split", default="dev", choices=("dev", "test"))
    ap.add_argument("--work", default=None, help="a folder for the respelled sets (default: a temporary one)")
    args = ap.parse_args()
    data = Path(args.data)
    if not (data / "PQ-2H.txt").is_file():
        sys.exit(f"error: {data} holds no PQ-2H.txt\n  hint: pass --data ../shared/data/pathquestion")
    work = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="respelled-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"| set ({args.split}) | n | any-hit | EM | missed by class |")
    print("|---|---|---|---|---|")
    for hops in args.hops.split(","):
        runs = [("original", data / f"PQ-{hops}.txt", data / f"{hops}-kb.txt")]
        runs += [(v, *respell(data, hops, work, v)) for v in ("namespaced-cap", "namespaced-lower", "word-named")]
        for variant, questions, kb in runs:
            out = evaluate(questions, kb, args.split, work)
            m = out["metrics"]
            classes = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in out["failures"]["classes"].items())
            print(f"| PQ-{hops} {variant} | {out['n']} | {m['any_hit']:.3f} | {m['em']:.3f} | {classes or '—'} |",
                  flush=True)


if __name__ == "__main__":
    main()
