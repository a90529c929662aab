"""`latweave eval 2wiki --from-text`: the text arm, with no model — a lattice per question, built
by the rules extractor (latweave/ingest/rules/) from that question's paragraphs alone, answered by
the offline planner.

Question-blind: a question's lattice is built from its paragraphs (title line, then the
sentences), never from its text, its gold answer or its evidence triples. The planner is the
offline one fitted as `eval 2wiki` fits it — on the 2Wiki dev questions and their KB lattice —
with every question evaluated here left out of its training, and then moved onto each
question's lattice (`OfflinePlanner.transferred`: linking and grounding that lattice's). Gold is
read after scoring only, to sort the misses (`classify_text`):

  extraction missed   a gold evidence triple is in no predicate of the lattice (no rule read it)
  wrong subject       … it is, but on another subject than the triple's (a relative's fact)
  engine abstained    every evidence triple is in the lattice, and the rules abstained on it:
                      `incomparable` (two films of the same year: which came first is not known)
                      or `conflict` (contested values) — what the lattice says does not decide it
  planner             every evidence triple is in the lattice, and the question was still missed
  answer string       answered, and the answer names the gold differently ("Rosedale, Indiana"
                      for "Indiana", a date written another way): the words overlap

The records with paragraphs here are the shared dev records: figures are **dev** figures.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Callable

from latweave.errors import LatweaveError
from latweave.eval.datasets import Example, data_dir, load_2wiki
from latweave.lattice.names import normalize

#: Where each text set's records with paragraphs live, below the data folder (JSON lines each).
TEXT_SETS = {"2wiki": ("2wikimultihopqa", "migres", "wikihop.json"),
             "hotpotqa": ("hotpotqa", "amor_subset", "test.json"),
             "musique": ("musique", "migres", "musique.json")}
#: The paper's text-extraction figures beside which each set is reported (EM, LLM extractor).
PAPER_EM = {"2wiki": 0.865, "hotpotqa": 0.1687, "musique": 0.0248}
FAILURE_CLASSES = ("extraction_missed", "wrong_subject", "engine_abstained", "planner", "answer_string")
#: The abstentions the rules make on what a plan reads (not the planner's or the checks' refusals)
ENGINE_ABSTENTIONS = frozenset({"incomparable", "conflict"})


def text_records(dataset: str, data=None, questions=None) -> tuple[Path, list[dict]]:
    """The records of `dataset` that carry paragraphs (2Wiki and HotpotQA: `context`, [[title,
    [sentences]], …]; MuSiQue: `paragraphs`, [{title, paragraph_text}, …])."""
    if dataset not in TEXT_SETS:
        raise LatweaveError(f"--from-text reads records with paragraphs; {dataset} has none here",
                            hint="latweave eval 2wiki --from-text (or hotpotqa, musique)")
    path = Path(questions) if questions else (Path(data) if data else data_dir()).joinpath(*TEXT_SETS[dataset])
    if not path.is_file():
        raise LatweaveError(f"records with paragraphs not found: {path}",
                            hint="pass --data DIR (or set LATWEAVE_DATA), or --questions FILE")
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rec = json.loads(line)
            if rec.get("context") or rec.get("paragraphs"):
                records.append(rec)
    return path, records


def documents_of(record: dict) -> tuple[tuple[str, str], ...]:
    """A record's paragraphs as documents: id = the title, text = title line + sentences
    (question-blind: nothing of the question, its answer or its evidence)."""
    bodies: dict[str, list[str]] = {}
    paragraphs = [(t, " ".join(x.strip() for x in sentences)) for t, sentences in record.get("context") or []]
    paragraphs += [(p.get("title", ""), p.get("paragraph_text", "")) for p in record.get("paragraphs") or []]
    for title, body in paragraphs:
        title, body = " ".join(str(title).split()), body.strip()
        if title and body and body not in bodies.setdefault(title, []):
            bodies[title].append(body)   # one title's paragraphs (MuSiQue repeats titles) read as one text
    return tuple((title, title + "\n" + " ".join(parts) + "\n") for title, parts in sorted(bodies.items()) if parts)


def examples_of(dataset: str, path: Path, records: list[dict]) -> dict[str, Example]:
    """The records as Examples (question and qid for the planner; answers and evidence for scoring)."""
    if dataset == "2wiki":
        return {ex.qid: ex for ex in load_2wiki(path)}
    out = {}
    for rec in records:
        qid = str(rec.get("_id") or rec.get("id"))
        answers = tuple(str(a) for a in [rec.get("answer"), *(rec.get("answer_aliases") or [])] if a)
        if dataset == "musique":
            kind = qid.split("__")[0]
            hops = int(kind[0]) if kind[:1].isdigit() else 0
        else:
            kind, hops = rec.get("type") or "unknown", 2
        out[qid] = Example(qid, rec["question"], answers, kind, hops, {"evidences": []})
    return out


def _fitted_planner(dataset: str, *, data, cache, engine, exclude: set[str]):
    """The offline planner fitted as `eval 2wiki` fits it, with the evaluated questions left out."""
    from latweave.eval.run import cached_lattice, load_dataset, make_planner
    from latweave.execute import Runner

    loaded = load_dataset(dataset, data=data)
    train = [ex for ex in loaded.splits["dev"] if ex.qid not in exclude]
    runner = Runner(cached_lattice(loaded, cache), engine)
    planner = make_planner("offline", runner.lattice, loaded, "dev", runner=runner)
    planner.fit(train, train)
    return planner, runner, len(train)


def _index(lattice) -> dict[tuple[str, str], set[str]]:
    """(dimension key, value key) → the instance keys holding it, values by their synonyms too."""
    from latweave.lattice.ordered import parse_ordered

    out: dict[tuple[str, str], set[str]] = {}
    for p in lattice.predicates:
        dim = lattice.dimensions[p.dimension]
        keys = {normalize(p.value)}
        if dim.ordered:
            keys = {parse_ordered(p.value, dim.kind).canonical}
        for k in keys:
            out.setdefault((p.dimension, k), set()).add(p.instance)
    return out


def _value_key(lattice, relation: str, value: str) -> str:
    from latweave.lattice.ordered import OrderedValueError, parse_ordered

    dim = lattice.dimensions.get(normalize(relation))
    if dim is not None and dim.ordered:
        try:
            return parse_ordered(value, dim.kind).canonical
        except OrderedValueError:
            return normalize(value)
    if dim is not None:
        return dim.resolve(value) or normalize(value)
    return normalize(value)


def _instance(lattice, name: str) -> str | None:
    key = normalize(name)
    if key in lattice.instances:
        return key
    for inst_key, inst in lattice.instances.items():
        if key in {normalize(a) for a in inst.aliases}:
            return inst_key
    from latweave.ingest.rules.sentences import strip_parenthetical

    bare = [k for k, inst in lattice.instances.items() if normalize(strip_parenthetical(inst.label)) == key]
    return bare[0] if len(bare) == 1 else None


def classify_text(record: dict, evidences: list, lattice) -> str | None:
    """A missed question's failure class (module doc), read after scoring; None when it was right."""
    if record["metrics"].get("em", 0) == 1:
        return None
    if not evidences:    # no evidence triples (HotpotQA, MuSiQue): is the gold answer in the lattice at all?
        return _classify_by_answer(record, lattice)
    index = _index(lattice)
    worst = None
    for s, r, o in evidences:
        holders = index.get((normalize(r), _value_key(lattice, r, o)), set())
        subject = _instance(lattice, s)
        if subject is not None and subject in holders:
            continue
        worst = "wrong_subject" if holders and worst is None else "extraction_missed"
        if worst == "extraction_missed":
            break
    if worst is not None:
        return worst
    if record["status"] == "answer" and record["answers"] and _overlap(record):
        return "answer_string"
    if _engine_abstained(record):
        return "engine_abstained"
    return "planner"


def _engine_abstained(record: dict) -> bool:
    """Whether the rules abstained on what the plan read (ENGINE_ABSTENTIONS), not the planner."""
    return record["status"] == "abstain" and record.get("reason") in ENGINE_ABSTENTIONS


def _overlap(record: dict) -> bool:
    from latweave.lattice.answers import normalize_answer

    said = set(" ".join(normalize_answer(a) for a in record["answers"]).split())
    gold = set(" ".join(normalize_answer(g) for g in record["gold_answers"]).split())
    return bool(said & gold)


def _classify_by_answer(record: dict, lattice) -> str:
    """A miss of a set without evidence triples: `extraction_missed` when no instance or value of
    the lattice is the gold answer (nothing extracted could answer it), else as with triples."""
    from latweave.lattice.answers import normalize_answer

    gold = {normalize_answer(g) for g in record["gold_answers"]}
    names = {normalize_answer(i.label) for i in lattice.instances.values()}
    for dim in lattice.dimensions.values():
        names |= {normalize_answer(label) for label in dim.labels.values()}
    if record["status"] == "answer" and record["answers"] and _overlap(record):
        return "answer_string"
    if not gold & names and not (gold & {"yes", "no"}):
        return "extraction_missed"
    if _engine_abstained(record):
        return "engine_abstained"
    return "planner"


def evaluate_from_text(dataset: str, *, data=None, questions=None, cache: Path | str = "out/lattices",
                       engine: str | None = None, limit: int | None = None, failures: bool = True,
                       progress: Callable[[str], Callable[[int, int], None] | None] | None = None):
    """Everything `latweave eval DATASET --from-text` does; returns the EvalReport (dev figures)."""
    import time

    from latweave.eval.harness import EvalReport, evaluate
    from latweave.eval.metrics import aggregate, aggregate_by
    from latweave.execute import Runner
    from latweave.ingest.extract.corpus import TextCorpus
    from latweave.ingest.rules import load_rules, rules_lattice
    from latweave.ingest.write import save_lattice
    from latweave.planner.answer_type import AnswerTypeChecked

    path, records = text_records(dataset, data, questions)
    records = records[:limit] if limit is not None else records
    examples = examples_of(dataset, path, records)
    rules = load_rules()
    t0 = time.perf_counter()
    teacher, teacher_runner, trained = _fitted_planner("2wiki", data=data, cache=cache, engine=engine,
                                                       exclude=set(examples))
    t1 = time.perf_counter()
    out_records, classes = [], {c: 0 for c in FAILURE_CLASSES}
    facts = 0
    tick = progress("questions") if progress else None
    with tempfile.TemporaryDirectory(prefix="latweave-text-") as scratch:
        for i, rec in enumerate(records, 1):
            ex: Example = examples[str(rec.get("_id") or rec.get("id"))]
            corpus = TextCorpus(Path(scratch) / "corpus" / ex.qid, documents_of(rec), (), ())
            lattice, report = rules_lattice(corpus, rules)
            facts += report.accepted
            folder = Path(scratch) / "lattices" / ex.qid
            save_lattice(lattice, folder)
            with Runner(folder, engine) as runner:
                planner = AnswerTypeChecked(teacher.transferred(runner.lattice, runner=runner))
                one = evaluate([ex], planner, runner, dataset=dataset, split="text")
                row = dict(one.records[0])
                row["facts"] = report.accepted
                if failures:
                    row["failure"] = classify_text(row, ex.gold.get("evidences", []), runner.lattice)
                    if row["failure"]:
                        classes[row["failure"]] += 1
                out_records.append(row)
            if tick is not None:
                tick(i, len(records))
    teacher_runner.close()
    t2 = time.perf_counter()
    metrics = aggregate([r["metrics"] for r in out_records])
    result = EvalReport(f"{dataset} from text", "dev (shared records)", "offline", False, len(out_records), metrics,
                        aggregate_by(out_records, "qtype"), {}, out_records, {},
                        {"fit_s": t1 - t0, "questions_s": t2 - t1})
    result.extra["notes"] = [
        f"{len(out_records)} records with paragraphs ({path}); a lattice per question by the rules extractor "
        f"({rules.path}, {rules.digest[:12]}) from its paragraphs alone; {facts:,} facts in all",
        f"offline planner fitted on {trained:,} 2Wiki dev questions (the evaluated ones left out), moved onto "
        "each question's lattice; these are dev figures (configured on these records)",
        f"the paper's text-extraction EM on this set, with an LLM extractor: {PAPER_EM[dataset]}"]
    if failures:
        missed = sum(classes.values())
        result.extra["failures"] = {"n_missed": missed, "classes": classes}
    return result
