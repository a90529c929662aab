"""`latweave eval`: load a dataset, build (or reuse) its lattice, fit a planner, evaluate a split.

Lattices are cached under `<cache>/<dataset>-<hash>` where the hash covers the KB file's bytes and
the KB builder's source, so a changed KB or builder builds afresh.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from latweave.errors import LatweaveError
from latweave.eval.datasets import Example, data_dir, load_2wiki, load_metaqa, load_pathquestion
from latweave.eval.splits import fraction_of, split_2wiki, split_pathquestion

DATASETS = ("pathquestion", "2wiki", "metaqa")
KB_FORMAT = {"pathquestion": "pathquestion", "2wiki": "2wiki", "metaqa": "metaqa"}


@dataclass
class Loaded:
    name: str                    # e.g. PQ-2H
    kb: Path
    kb_format: str
    splits: dict[str, list[Example]]
    fit_on: dict[str, tuple[str | None, str | None]]   # split → (train part, dev part) for fit()
    notes: list[str] = field(default_factory=list)


def _need(path: Path, what: str, hint: str) -> Path:
    if not path.is_file():
        raise LatweaveError(f"{what} not found: {path}", hint=hint)
    return path


def load_dataset(dataset: str, *, data: Path | str | None = None, hops: str | None = None,
                 questions: Path | str | None = None, kb: Path | str | None = None,
                 flags: tuple[str, str] = ("--questions", "--kb")) -> Loaded:
    """The dataset's questions, splits and KB; `flags` name the options that gave `questions`
    and `kb` (a missing file's hint says which to fix: `--train-questions` for a transfer)."""
    root = Path(data) if data else data_dir()
    hint = f"pass --data DIR (or set LATWEAVE_DATA), or {flags[0]} FILE {flags[1]} FILE"
    if dataset == "pathquestion":
        h = (hops or "2H").upper()
        if h not in ("2H", "3H"):
            raise LatweaveError(f"PathQuestion has 2H and 3H, not {hops!r}")
        qfile = _need(Path(questions) if questions else root / "pathquestion" / f"PQ-{h}.txt", "questions", hint)
        kfile = _need(Path(kb) if kb else root / "pathquestion" / f"{h}-kb.txt", "KB", hint)
        examples = load_pathquestion(qfile)
        name = qfile.stem
        splits = split_pathquestion(examples)
        fit = {s: ("train", "dev") for s in splits}
        return Loaded(name, kfile, "pathquestion", splits, fit,
                      ["split: stratified by hops 80/10/10 train/dev/test, seed 88"])
    if dataset == "2wiki":
        qfile = _need(Path(questions) if questions else root / "2wikimultihopqa" / "lag" / "dev.json",
                      "questions", hint)
        kfile = _need(Path(kb) if kb else qfile, "KB", hint)
        splits = split_2wiki(load_2wiki(qfile))
        return Loaded("2wiki", kfile, "2wiki", splits, {"dev": ("dev", "dev"), "heldout": ("dev", "dev")},
                      ["split: stratified by type 90/10 dev/heldout, seed 88; no train split: the planner "
                       "is fitted on dev, so dev figures are configuration figures, heldout is the test"])
    if dataset == "metaqa":
        h = (hops or "2H").upper().rstrip("H")
        if h not in ("1", "2", "3"):
            raise LatweaveError(f"MetaQA has 1H, 2H and 3H, not {hops!r}")
        if not kb:
            raise LatweaveError("MetaQA needs its KB: pass --kb kb.txt",
                                hint="kb.txt is not in the shared data (see metaqa/SOURCE.md)")
        kfile = _need(Path(kb), "KB", hint)
        splits = {}
        for part in ("dev", "test"):
            qfile = Path(questions) if (questions and part == "test") else root / "metaqa" / f"{h}-hop" / "vanilla" / f"qa_{part}.txt"
            if qfile.is_file():
                splits[part] = load_metaqa(qfile, int(h))
        if not splits:
            raise LatweaveError(f"no MetaQA {h}-hop questions under {root}", hint=hint)
        return Loaded(f"MetaQA-{h}H", kfile, "metaqa", splits, {"dev": (None, None), "test": ("dev", "dev")},
                      ["no qa_train.txt here: evaluating test fits the planner on dev; evaluating dev fits on nothing"])
    raise LatweaveError(f"unknown dataset {dataset!r}", hint=f"one of {', '.join(DATASETS)}")


def _digest(kb: Path, fmt: str) -> str:
    """The cache key of a KB's lattice: the format, the code that decides what the lattice holds
    (the KB builder, its entity resolution and the lattice package) and the KB's bytes."""
    from latweave import lattice
    from latweave.ingest import kb as kb_module

    h = hashlib.sha256()
    h.update(fmt.encode())
    code = [Path(kb_module.__file__), *sorted(Path(lattice.__file__).parent.glob("*.py"))]
    for path in code:
        h.update(path.read_bytes())
    with kb.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()[:12]


def read_triples(kb: Path, fmt: str, report=None) -> list:
    from latweave.ingest.kb import READERS, BuildReport

    return list(READERS[fmt](kb, report if report is not None else BuildReport()))


def cached_lattice(loaded: Loaded, cache: Path | str) -> Path:
    """The lattice folder for this dataset's KB, built once into the cache."""
    from latweave.ingest.write import save_lattice
    from latweave.ingest.kb import FUNCTIONAL, BuildReport, lattice_from_triples
    from latweave.folder.store import read_manifest

    folder = Path(cache) / f"{loaded.name}-{_digest(loaded.kb, loaded.kb_format)}"
    if folder.is_dir():
        try:
            read_manifest(folder)
            return folder
        except LatweaveError:
            pass  # half-written or stale: build it again (save_lattice replaces it atomically)
    report = BuildReport()
    lattice = lattice_from_triples(read_triples(loaded.kb, loaded.kb_format, report), loaded.name, report,
                                   functional=FUNCTIONAL[loaded.kb_format])
    folder.parent.mkdir(parents=True, exist_ok=True)
    save_lattice(lattice, folder)
    return folder


def make_planner(kind: str, lattice, loaded: Loaded, split: str, runner=None, llm: dict | None = None):
    if kind == "oracle":
        from latweave.planner.oracle import OraclePlanner

        if loaded.kb_format != "pathquestion":
            # 2Wiki gives evidence triples, not plans: which of argmax/argmin, same/differ a
            # question asks is in its wording, so no gold plan can be built without reading it
            raise LatweaveError(f"the oracle planner needs gold plans, and {loaded.name} has none "
                                "(PathQuestion's gold relation paths are the only ones)",
                                hint="use --planner offline or --planner llm")
        return OraclePlanner()
    if kind == "llm":
        from latweave.planner.llm import LLMPlanner

        if not llm or llm.get("config") is None:
            raise LatweaveError("--planner llm needs a model endpoint",
                                hint="pass --model (or set LATWEAVE_MODEL) and --base-url (or OPENAI_BASE_URL)")
        return LLMPlanner(lattice, **llm)
    if kind == "offline":
        try:
            from latweave.planner.offline import OfflinePlanner
        except ImportError as exc:
            raise LatweaveError(f"the offline planner is not available here ({exc})",
                                hint="use --planner oracle, or install a latweave with latweave/planner/offline.py") from None
        return OfflinePlanner(lattice, runner=runner)
    raise LatweaveError(f"unknown planner {kind!r}", hint="one of offline, oracle, llm")


def _fraction(examples: list[Example], fraction: float | None) -> list[Example]:
    return examples if fraction is None else fraction_of(examples, fraction, lambda e: e.qtype)


def _transfer(dataset: str, planner: str, *, data, cache, engine, fraction, train_questions, train_kb, train_hops,
              loaded: Loaded):
    """A planner fitted on another set only (its own train split, thresholds on its dev split,
    grounded in its own KB): the learned state, to be moved onto the evaluated lattice. Nothing of
    the evaluated set is read to fit it."""
    from latweave.execute import Runner

    if planner != "offline":
        raise LatweaveError(f"--train-questions/--train-hops fit the offline planner; --planner {planner} "
                            "is not fitted on a training split", hint="use --planner offline")
    source = load_dataset(dataset, data=data, hops=train_hops, questions=train_questions, kb=train_kb,
                          flags=("--train-questions", "--train-kb"))
    if "train" not in source.splits:
        raise LatweaveError(f"{source.name} has no train split to fit on",
                            hint="--train-questions takes a set with a train split (pathquestion)")
    train = _fraction(source.splits["train"], fraction)
    with Runner(cached_lattice(source, cache), engine) as runner:
        teacher = make_planner(planner, runner.lattice, source, "train", runner=runner)
        teacher.fit(train, source.splits.get("dev", []))
        loaded.notes.append(f"planner fitted on {source.name} only: {len(train)} questions of its train split, "
                            "thresholds on its dev split, grounded in its own KB")
        return teacher


def _fit(chosen, loaded: Loaded, split: str, examples, *, planner: str, cache, data, own: bool,
         fraction: float | None) -> None:
    """Fit `chosen` as the dataset prescribes (`Loaded.fit_on`); the oracle indexes the gold paths
    of what it answers."""
    if getattr(chosen, "reads_gold", False):
        chosen.fit(examples, [])
        return
    train_part, dev_part = loaded.fit_on.get(split, (None, None))
    extra = _sibling_training(loaded, planner, cache, data, train_part) if own else []
    extra = [(lattice, _fraction(part, fraction)) for lattice, part in extra]
    if fraction is not None:
        loaded.notes.append(f"planner fitted on {fraction:g} of each training split (stratified, seed 88)")
    chosen.fit(_fraction(loaded.splits.get(train_part, []), fraction) if train_part else [],
               loaded.splits.get(dev_part, []) if dev_part else [], **({"extra": extra} if extra else {}))


def _cross_fitted(loaded: Loaded, split: str, k: int, lattice, *, runner, cache, data, own: bool):
    """The split's planner for `--folds k` (latweave/eval/crossfit.py): fold i planned by an
    offline planner fitted on the other folds of the split as `_fit` fits one — thresholds on the
    other folds too when the dataset sets them on its training part, else on its dev split."""
    from latweave.eval.crossfit import CrossFitted, folds_of

    train_part, dev_part = loaded.fit_on.get(split, (None, None))
    extra = _sibling_training(loaded, "offline", cache, data, train_part) if own else []
    folds = folds_of(loaded.splits[split], k, lambda e: (e.qtype, e.hops))
    planners = []
    for i in range(k):
        rest = [ex for j, fold in enumerate(folds) if j != i for ex in fold]
        dev = rest if dev_part == train_part else loaded.splits.get(dev_part, []) if dev_part else []
        fitted = make_planner("offline", lattice, loaded, split, runner=runner)
        fitted.fit(rest, dev, **({"extra": extra} if extra else {}))
        planners.append(fitted)
    loaded.notes.append(f"cross-fitted: {k} folds of {split} (stratified, seed 88), each planned by a planner "
                        f"fitted on the other {k - 1}; a figure for questions the planner has not seen")
    return CrossFitted(planners, folds)


def _refuse_folds(loaded: Loaded, split: str, planner: str, folds: int, *, transfer: bool, fraction) -> None:
    """`--folds` cross-fits the offline planner on the split it is fitted on, alone."""
    from latweave.eval.crossfit import MAX_FOLDS

    if not 2 <= folds <= MAX_FOLDS:
        raise LatweaveError(f"--folds {folds}: 2 to {MAX_FOLDS} folds (each one is a full fit)",
                            hint="--folds 5 is the usual choice")
    if planner != "offline":
        raise LatweaveError(f"--folds cross-fits the offline planner; --planner {planner} is not fitted on folds",
                            hint="use --planner offline")
    if transfer or fraction is not None:
        raise LatweaveError("--folds fits on the evaluated split's other folds; it does not combine with "
                            "--train-questions, --train-hops or --train-fraction", hint="drop one of them")
    train_part = loaded.fit_on.get(split, (None, None))[0]
    if train_part != split:
        fitted = f"its {train_part} split" if train_part else "no split"
        raise LatweaveError(f"{loaded.name}'s {split} split is not what the planner is fitted on ({fitted}): "
                            "--folds cross-fits the split the planner learns from",
                            hint=f"--split {train_part} --folds K" if train_part else "drop --folds")


def _sibling_training(loaded: Loaded, planner: str, cache, data, train_part) -> list:
    """PathQuestion's train split spans both hop counts (the split is stratified by hops): the
    other hop file's training questions join the fit, each grounded in its own KB."""
    if planner != "offline" or loaded.kb_format != "pathquestion" or not train_part:
        return []
    from latweave.folder.store import load_lattice

    other = "3H" if loaded.name.endswith("2H") else "2H"
    sibling = load_dataset("pathquestion", data=data, hops=other)
    loaded.notes.append(f"planner also trained on the train split of PQ-{other}, grounded in its own KB")
    return [(load_lattice(cached_lattice(sibling, cache)), sibling.splits.get(train_part, []))]


def run_eval(dataset: str, *, split: str = "dev", data=None, hops=None, questions=None, kb=None,
             planner: str = "offline", engine: str | None = None, limit: int | None = None,
             cache: Path | str = "out/lattices", knockout: bool = False, failures: bool = False,
             llm: dict | None = None,
             progress: Callable[[str], Callable[[int, int], None] | None] | None = None,
             engine_timeout: float | None = None, train_questions=None, train_kb=None, train_hops=None,
             train_fraction: float | None = None, baseline: str | None = None, claims: bool = False,
             rank: bool = False, folds: int | None = None, from_text: bool = False):
    """Everything `latweave eval` does; returns the EvalReport. `llm`: keyword arguments of
    LLMPlanner (config, cache, replay, repairs, record) for `planner="llm"`. `engine_timeout`:
    seconds one engine evaluation (a batch of plans) may take (EngineTimeout past it).

    Transfer: `train_questions` (+ `train_kb`) or `train_hops` fit the planner on that set alone
    (its own split's train part) and evaluate it on this one's `split`; `train_fraction` keeps
    that share of the training split (stratified, seeded, nested: a learning curve).

    `claims`: also verify the claims the split's comparison questions make, true and false
    (latweave/eval/claims.py), into `report.extra["claims"]`. `rank`: also Hits@1 on the
    non-singleton answer sets, sorted and ranked (`harness.ranking_hits`), into `extra["ranking"]`.

    `folds`: cross-fitted (latweave/eval/crossfit.py) — each question of the split the planner is
    fitted on is planned by one fitted on the split's other folds.

    `baseline`: a non-LLM baseline by name (latweave.eval.baselines) answers instead of the
    planner and engine; options it cannot take (another planner, knock-outs, training sets) are
    refused.

    `from_text`: the text arm with no model (latweave/eval/from_text.py): a lattice per question
    built by the rules extractor from its paragraphs, the offline planner; dev figures."""
    if dataset in ("hotpotqa", "musique") and not from_text:
        raise LatweaveError(f"{dataset} is evaluated from its paragraphs only (there is no KB of it here)",
                            hint=f"latweave eval {dataset} --from-text")
    if from_text:
        from latweave.eval.from_text import evaluate_from_text

        given = {"--split": split != "dev", "--planner": planner != "offline", "--knockout": knockout,
                 "--baseline": baseline is not None, "--train-questions": train_questions is not None,
                 "--train-kb": train_kb is not None, "--train-hops": train_hops is not None,
                 "--train-fraction": train_fraction is not None, "--claims": claims, "--rank": rank,
                 "--folds": folds is not None, "--kb": kb is not None, "--hops": hops is not None}
        refused = [flag for flag, on in given.items() if on]
        if refused:
            raise LatweaveError(f"--from-text evaluates the shared dev records with paragraphs by the offline "
                                f"planner; it does not take {', '.join(refused)}", hint="drop " + ", ".join(refused))
        return evaluate_from_text(dataset, data=data, questions=questions, cache=cache, engine=engine, limit=limit,
                                  failures=True, progress=progress)
    if baseline is not None:
        from latweave.eval.baselines.run import refuse_options, run_baseline

        refuse_options(baseline, planner=planner, engine=engine, knockout=knockout, failures=failures, llm=llm,
                       engine_timeout=engine_timeout, train_questions=train_questions, train_kb=train_kb,
                       train_hops=train_hops, train_fraction=train_fraction, claims=claims, rank=rank,
                       folds=folds)
        return run_baseline(dataset, baseline, split=split, data=data, hops=hops, questions=questions, kb=kb,
                            limit=limit, cache=cache, progress=progress("answering") if progress else None)
    import time

    from latweave.eval.harness import evaluate
    from latweave.execute import Runner

    loaded = load_dataset(dataset, data=data, hops=hops, questions=questions, kb=kb)
    if split not in loaded.splits:
        raise LatweaveError(f"{loaded.name} has no split {split!r}", hint=f"one of {', '.join(loaded.splits)}")
    t0 = time.perf_counter()
    folder = cached_lattice(loaded, cache)
    t1 = time.perf_counter()
    if train_fraction is not None and planner != "offline":
        raise LatweaveError(f"--train-fraction thins the offline planner's training split; --planner {planner} "
                            "is not fitted on one", hint="use --planner offline")
    transfer = train_questions is not None or train_hops is not None
    if folds is not None:
        _refuse_folds(loaded, split, planner, folds, transfer=transfer, fraction=train_fraction)
    teacher = _transfer(dataset, planner, data=data, cache=cache, engine=engine, fraction=train_fraction,
                        train_questions=train_questions, train_kb=train_kb, train_hops=train_hops,
                        loaded=loaded) if transfer else None
    with Runner(folder, engine, timeout=engine_timeout) as runner:
        examples = loaded.splits[split][:limit] if limit is not None else loaded.splits[split]
        if teacher is not None:
            chosen = teacher.transferred(runner.lattice, runner=runner)
        elif folds is not None:
            chosen = _cross_fitted(loaded, split, folds, runner.lattice, runner=runner, cache=cache, data=data,
                                   own=questions is None)
        else:
            chosen = make_planner(planner, runner.lattice, loaded, split, runner=runner, llm=llm)
            _fit(chosen, loaded, split, examples, planner=planner, cache=cache, data=data,
                 own=questions is None, fraction=train_fraction)
        t2 = time.perf_counter()
        report = evaluate(examples, chosen, runner, progress=progress("planning") if progress else None,
                          dataset=loaded.name, split=split, rank=rank)
        if claims:     # the comparison questions as claims, both polarities (latweave/eval/claims.py)
            from latweave.eval.claims import evaluate_claims

            report.extra["claims"] = evaluate_claims(examples, chosen, runner)
        if failures:   # after scoring: sorts the misses into classes (reads gold; never plans)
            from latweave.eval.failures import classify

            report.extra["failures"] = classify(report.records, {ex.qid: ex.gold for ex in examples},
                                                runner.lattice)
    report.timing = {"lattice_s": t1 - t0, "load_fit_s": t2 - t1, **report.timing}
    report.extra["lattice"] = str(folder)
    report.extra["notes"] = loaded.notes
    if knockout:
        from latweave.ingest.kb import FUNCTIONAL
        from latweave.eval.knockout import knockout as run_knockout

        report.extra["knockout"] = run_knockout(
            examples, report.records, report.plans, read_triples(loaded.kb, loaded.kb_format),
            engine=engine, name=loaded.name, progress=progress("knock-outs") if progress else None,
            functional=sorted(FUNCTIONAL[loaded.kb_format]))
    return report
