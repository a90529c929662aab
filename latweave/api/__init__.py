"""The Python API: build a lattice, open it, run plans, ask questions, audit results.

(`demo.py` and `engine_table.py` beside this file are what `run_demo` and `list_engines` return.)

Everything the `latweave` command does goes through these functions (the command only parses
its arguments and prints what they return), so a script gets the same objects the terminal
shows: a `Result` renders itself (rich) and serialises (`to_json`), and so do a BuildSummary,
an AuditReport and an EvalReport. Every error is a `LatweaveError` (latweave.errors): a plan
that does not parse or type-check is a `PlanError` with line and column, a folder that is not
a lattice a `StoreError`, an engine that cannot run here an `EngineError`.

    >>> import latweave
    >>> summary = latweave.build("corpora/zoo", out="/tmp/zoo-lattice")      # doctest: +SKIP
    >>> with latweave.open("/tmp/zoo-lattice") as lattice:                   # doctest: +SKIP
    ...     result = lattice.run("meet(species <= mammal, habitat <= aquatic)")
    ...     print(result.answers, lattice.audit(result).ok)
    ('Whale',) True
"""

from __future__ import annotations

import dataclasses
import json
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence

from latweave import _API as _PUBLIC
from latweave.errors import LatweaveError, PlanError, StoreError
from latweave.ingest.kb_formats import FORMATS
from latweave.plan.ast import Claims, Plan
from latweave.folder.names import MANIFEST

if TYPE_CHECKING:  # pragma: no cover
    from latweave.ask import Asked
    from latweave.ingest.gate import NotLive
    from latweave.llm import LLMConfig
    from latweave.planner.base import Planner
    from latweave.planner.prompt import Exemplar, read_exemplars
    from latweave.result import Result
    from latweave.verify import Verification
    from latweave.api.engine_table import EngineTable
    from latweave.eval.harness import EvalReport
    from latweave.ingest.summary import BuildSummary
    from latweave.legitimacy.report import LatticeReport
    from latweave.proof.audit import AuditReport

__all__ = list(_PUBLIC)   # latweave/__init__.py holds the one list of public names

#: Public names of other modules, imported when first used (PEP 562): a `latweave add` or `build`
#: from the command line does not import the engines' runner, the planners and the verifier it
#: never calls (a tenth of a second of a 1 s `add`).
_ELSEWHERE = {"Asked": "latweave.ask", "Exemplar": "latweave.planner.prompt", "LLMConfig": "latweave.llm",
              "NotLive": "latweave.ingest.gate", "Verification": "latweave.verify",
              "read_exemplars": "latweave.planner.prompt"}


def __getattr__(name: str):
    module = _ELSEWHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'latweave.api' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value

#: Plan texts a session keeps with their checked plan (`LatticeSession.check`).
KEPT_PLANS = 256

#: The KB formats `build` reads besides a corpus folder (the generic ones first): ingest/kb_formats.py.
KB_FORMATS = FORMATS
#: The engine `build` uses when none is named: "auto" builds one line-based KB file in DuckDB
#: (latweave/ingest/kb_duckdb.py) where it can, in Python otherwise (the same folder either way).
DEFAULT_BUILD_ENGINE = "auto"


# ------------------------------------------------------------------------------------- plans

def parse_plan(text: str) -> Plan:
    """A plan from its text: the plan language, or its JSON form when the text is a JSON object.
    Raises PlanError (with line and column) when it does not parse; no lattice is needed."""
    from latweave.plan.read import read_plan

    if not isinstance(text, str):
        raise PlanError(f"a plan's text is a string, not {type(text).__name__}",
                        hint='parse_plan("meet(species <= mammal)"); a Plan or a dict goes to run() as it is')
    return read_plan(text)


def parse_claims(text: str) -> Claims:
    """A claim from its text (`let` steps, then assertions joined by `&`: latweave/verify.py).
    Raises PlanError (with line and column) when it does not parse; no lattice is needed."""
    from latweave.plan.parser import parse_claims as _parse

    if not isinstance(text, str):
        raise PlanError(f"a claim's text is a string, not {type(text).__name__}",
                        hint='parse_claims("argmax(lifespan_years, [Whale, Dog]) is Whale")')
    return _parse(text)


def plan_text(plan: Plan) -> str:
    """The plan's canonical text (what `parse_plan` reads back to the same plan)."""
    from latweave.plan.printer import to_text

    if not isinstance(plan, Plan):
        raise LatweaveError(f"plan_text prints a Plan, not {type(plan).__name__}",
                            hint='plan_text(parse_plan("meet(species <= mammal)"))')
    return to_text(plan)


def plan_errors(plan: Plan, lattice: Path | str, text: str | None = None, *, values: bool = False) -> list[PlanError]:
    """Every type error of `plan` against the schema of the lattice folder `lattice` (empty when it
    checks). `text`, the source the plan was parsed from, places each error at its line and column.
    `values`: also every value the lattice does not have (code `unknown_value`, with a did-you-mean:
    what `latweave check-plan` reports; a run abstains `unknown_anchor` on such a value instead)."""
    from latweave.folder.store import load_lattice
    from latweave.plan.check import plan_errors as _plan_errors, value_errors

    if not isinstance(plan, Plan):
        raise LatweaveError(f"plan_errors checks a Plan, not {type(plan).__name__}",
                            hint='plan_errors(parse_plan("meet(species <= mammal)"), "out/zoo")')
    if text is not None and not isinstance(text, str):
        raise LatweaveError(f"text is the plan's source text, not {type(text).__name__}",
                            hint="plan_errors(plan, lattice, text) with the text parse_plan read, or None")
    loaded = load_lattice(_path(lattice))
    errors = _plan_errors(plan, loaded, text)
    if values:
        errors = sorted([*errors, *value_errors(plan, loaded, text)], key=lambda e: (e.line or 0, e.column or 0))
    return errors


# ------------------------------------------------------------------------------ a lattice open

def _plan_of(plan, text: str | None) -> tuple[Plan, str | None]:
    """A plan as the API takes it — text, its JSON form as a dict, or a Plan — and its source text."""
    if isinstance(plan, str):
        return parse_plan(plan), plan
    if isinstance(plan, dict):   # the JSON form `latweave run` reads as text
        try:
            source = json.dumps(plan, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise PlanError(f"the plan's JSON form does not serialise ({exc})",
                            hint='e.g. {"op": "meet", ...}: strings, numbers, lists and objects only') from None
        return parse_plan(source), source
    if isinstance(plan, Plan):
        return plan, text
    raise LatweaveError(f"a plan is its text, its JSON form (a dict) or a Plan, not {type(plan).__name__}",
                        hint='run("meet(species <= mammal)")')


def _sources(sources, what: str) -> list:
    """One path, or a list of them (a lone string is one source, never its characters)."""
    if isinstance(sources, (str, Path)):
        return [sources]
    if isinstance(sources, (bytes, dict)) or not isinstance(sources, Iterable):
        raise LatweaveError(f"{what} is a path or a list of paths, not {type(sources).__name__}",
                            hint='e.g. ["corpora/zoo"]')
    out = list(sources)
    for item in out:
        if not isinstance(item, (str, Path)):
            raise LatweaveError(f"{what} lists {item!r}, which is not a path", hint='e.g. ["corpora/zoo"]')
    return out



class LatticeSession:
    """A lattice folder opened on one engine: run plans, ask questions, audit results.

    Use it as a context manager (or call `close`): the engine session it holds is released on
    exit. Plans may be given as text, as their JSON form (a dict, as `latweave run` reads JSON
    text) or as `Plan` objects; they are type-checked against the lattice before they run.

    A session is safe to share between threads: one lock serialises its engine work (each call
    runs whole, one at a time: an engine connection is not safe for concurrent use), so threads
    get the results a single thread would. For plans in parallel, open one session per thread.
    A closed session, or one whose lattice folder was deleted, raises LatweaveError."""

    def __init__(self, path: Path | str, engine: str | None = None, *, timeout: float | None = None):
        if not isinstance(path, (str, Path)):
            raise LatweaveError(f"a lattice is the path of its folder, not {type(path).__name__}",
                                hint='latweave.open("out/zoo")')
        if engine is not None and not isinstance(engine, str):
            raise LatweaveError(f"engine is an engine's name, not {type(engine).__name__}",
                                hint='latweave.open("out/zoo", engine="sqlite"); list_engines() names them')
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                    or not 0 < timeout < float("inf")):
            raise LatweaveError(f"timeout is a number of seconds above 0, not {timeout!r}",
                                hint="latweave.open(path, timeout=30), or None for no limit")
        self.path = Path(path)
        self._manifest_path = str(self.path / MANIFEST)
        self._lock = threading.RLock()
        self._closed = False
        from latweave.execute import Runner

        self._runner = Runner(path, engine, timeout=timeout)
        self._stamp_kept: tuple | None = None   # (the manifest, its layers' hashes): `stamp`
        #: plan text → the plan it reads as, checked against this lattice: a question asked again
        #: is neither parsed nor checked again (at most KEPT_PLANS, the oldest dropped first)
        self._plans: dict[str, Plan] = {}

    @contextmanager
    def _using(self):
        """Hold the session's lock for one call; refuse a closed session or a vanished lattice."""
        with self._lock:
            if self._closed:
                raise LatweaveError("this session is closed", hint="open the lattice again: latweave.open(path)")
            self._present()
            try:
                yield
            except FileNotFoundError:
                self._present()   # the folder went during the call: say so
                raise

    def _present(self) -> None:
        if not os.path.isfile(self._manifest_path):
            raise StoreError(f"{self.path}: the lattice this session opened is gone (deleted or moved)",
                             hint="build it again, or open the lattice where it is now")

    @property
    def engine(self) -> str:
        """The name of the engine one plan runs on (`engines` says which runs a batch)."""
        return self._runner.engine.name

    @property
    def engines(self) -> dict[str, str]:
        """Which engine runs what: {"single": name, "batch": name} (one engine when named)."""
        return self._runner.engines

    @property
    def lattice(self):
        """The lattice model (dimensions, instances, predicates), as loaded."""
        return self._runner.lattice

    @property
    def view(self):
        """The lattice as plans are checked against it (folder/stored.py): its dimensions in memory,
        instances and predicates read on demand — cheap on a lattice of any size, unlike `lattice`."""
        return self._runner.view

    @property
    def manifest(self) -> dict:
        """The manifest of the lattice this session opened (its name, content hash, counts)."""
        return self._runner.manifest

    def check(self, plan: Plan | str, text: str | None = None) -> Plan:
        """The plan parsed (when given as text) and type-checked against this lattice; raises
        PlanError. For a Plan, `text` is the source it was parsed from (for line and column)."""
        with self._using():
            return self._checked(plan, text)

    def _checked(self, plan, text: str | None) -> Plan:
        """`check` with the session's lock held: a text checked before gives its plan at once."""
        if isinstance(plan, str):
            kept = self._plans.get(plan)
            if kept is not None:
                return kept
            from latweave.plan.read import read_plan_keyed

            read = read_plan_keyed(plan)
            checked = self._runner.check_text(read.plan, plan, read)
            if len(self._plans) >= KEPT_PLANS:
                del self._plans[next(iter(self._plans))]
            self._plans[plan] = checked
            return checked
        plan, text = _plan_of(plan, text)
        return self._runner.check(plan, text)

    def run(self, plan: Plan | str, text: str | None = None, *, limit: int | None = None,
            offset: int = 0, rank: bool = False, proofs: bool = True) -> Result:
        """Check and run one plan, with its proof. An engine slower than the session's `timeout`
        raises EngineTimeout.

        With `proofs=False`, the answers alone: the Result has the same status, answers,
        verdict, reason(s), witness, contested answers and page as with its proof, and no proof
        tree for an answer set or a verdict (`proof` is empty: `{}` in its JSON), which a question
        then does not spend time building — what a caller that reads only the answers asks for
        (`latweave run --answers-only`). An abstention keeps its `abstain` tree (its witness, built
        anyway). `proof_of` on such a result raises, except on a page, whose `proof_of` and
        `page_at` still build proofs on demand.

        With `limit`, a meet or chain plan's answers come back one page at a time: the answers
        at positions [offset, offset + limit) (sorted by label), with proofs for those alone, and
        `result.page` states the exact total (the engine still derives the whole set). The
        Result serves the next pages and any answer's proof without running the engine again:
        `result.page_at(result.page.page.next())`, `result.proof_of(answer)`. A bad limit or
        offset raises LatweaveError. With `rank`, an answer set also gets `result.ranking`: its
        answers ordered by a personalised PageRank from the plan's anchors (latweave/ranking.py),
        `answers` staying the complete sorted set."""
        page = None
        if not isinstance(rank, bool):
            raise LatweaveError(f"rank is True or False, not {rank!r}", hint="run(plan, rank=True)")
        if not isinstance(proofs, bool):
            raise LatweaveError(f"proofs is True or False, not {proofs!r}", hint="run(plan, proofs=False)")
        if limit is not None:
            from latweave.proof.page import Page

            page = Page(limit, offset)
        elif offset:
            raise LatweaveError("an offset needs a limit (the size of the page)",
                                hint=f"e.g. run(plan, limit=100, offset={offset!r})")
        if page and rank:
            raise LatweaveError("a ranking orders a whole answer set, not a page of it",
                                hint="run without limit/offset to rank")
        with self._using():
            if not rank and text is None and type(plan) is str:
                # a template's prepared path, where it serves (the whole answers alone come stamped)
                alone = not proofs and page is None
                answered = self._runner.run_text(plan, proofs, self.stamp if alone else None, page)
                if answered is not None:
                    return answered if alone else self._stamped(answered)
            checked = self._checked(plan, text)
            if page:
                return self._stamped(self._runner.run([checked], proofs, page)[0])
            result = self._runner.run([checked], proofs)[0]
            return self._stamped(self._runner.ranked(checked, result) if rank else result)

    def run_many(self, plans: Iterable[Plan | str]) -> list[Result]:
        """Check every plan, then run them all in one engine evaluation: one Result per plan, in
        order (faster than `run` in a loop; the results are the same)."""
        if isinstance(plans, (str, bytes, dict, Plan)) or not isinstance(plans, Iterable):
            raise LatweaveError(f"run_many takes a list of plans, not {type(plans).__name__}",
                                hint="run_many([plan1, plan2]); one plan: run(plan)")
        with self._using():
            return [self._stamped(r) for r in self._runner.run([self._checked(plan, None) for plan in list(plans)])]

    @property
    def stamp(self) -> dict:
        """The lattice a result of this session is computed on: its name and content hash (the
        manifest's), which `latweave audit` compares with the lattice it is given, and its
        layers' hashes, by which the audit finds this version beneath layers added since."""
        from latweave.folder.layers import layer_hashes

        manifest = self._runner.manifest
        kept = self._stamp_kept
        if kept is None or kept[0] is not manifest:   # hashed once per manifest read, not per result
            kept = self._stamp_kept = (manifest, layer_hashes(manifest))
        return {"name": manifest["name"], "content_hash": manifest["content_hash"], "layers": list(kept[1])}

    def _stamped(self, result: Result) -> Result:
        """`result` naming the lattice (a copy with `lattice` set: nothing else is built again)."""
        from latweave.result import Result

        stamped = object.__new__(Result)
        stamped.__dict__.update(result.__dict__)
        stamped.__dict__["lattice"] = self.stamp
        return stamped

    def _stamped_verification(self, verification: Verification) -> Verification:
        """Each assertion's result names the lattice too (a saved verification is audited per result)."""
        checked = tuple(dataclasses.replace(c, result=self._stamped(c.result)) for c in verification.checked)
        return dataclasses.replace(verification, checked=checked)

    def llm_planner(self, config: LLMConfig, *, cache: Path | str | None = None, replay: bool = False,
                    repairs: int = 2, record: Path | str | None = None,
                    exemplars: Sequence[Exemplar] | None = None) -> Planner:
        """A planner that asks a model (any OpenAI-compatible endpoint) for a plan of this
        lattice. `cache`: a plan cache (JSON lines), read first and appended to; `replay`: use
        only the cache (a miss abstains `cache_miss`); `record`: a JSON-lines log of every call;
        `exemplars`: few-shot examples (`read_exemplars`)."""
        from latweave.planner.llm import LLMPlanner

        return LLMPlanner(self.lattice, config, record=record, repairs=repairs, cache=cache, replay=replay,
                          exemplars=exemplars)

    def suggest(self, plan: Plan | str, result: Result) -> tuple[str, ...]:
        """Hints for a reader when `result` (of `plan`) abstains because nothing matched: a
        `dimension = value` on a value with something under it, where `dimension <= value` would
        answer; a value the lattice does not have, with the one it has closest (did you mean ...?)
        (latweave/suggest.py). Words beside the result, never part of it; () otherwise."""
        from latweave.lattice.names import normalize
        from latweave.suggest import misspelled, suggestions

        if isinstance(plan, str):
            plan = parse_plan(plan)

        def has_below(dimension: str, value: str) -> bool:
            # the stored view's dimension and the compiled edges (read once): never the whole model,
            # which on a KB of a million lines is minutes to load for a hint
            dim = self._runner.view.dimensions.get(normalize(dimension))
            key = dim.resolve(value) if dim is not None and not dim.ordered else None
            return key is not None and self._runner.has_children(dim.key, key)

        with self._using():
            return misspelled(plan, result, self._runner.view) + \
                suggestions(plan, result, lambda variant: self._runner.run_one(self.check(variant)), has_below)

    def ask(self, question: str, planner: Planner) -> Asked:
        """Plan `question` with `planner`, then run the plan here. `Asked.result` is the Result
        (a planner that gives no plan makes an abstention whose reason says why)."""
        if not isinstance(question, str):
            raise LatweaveError(f"a question is text, not {type(question).__name__}", hint='ask("Which ...?", planner)')
        from latweave.ask import ask as _ask

        with self._using():
            asked = _ask(planner, self._runner, question)
        return dataclasses.replace(asked, result=self._stamped(asked.result))

    def verify(self, claim: Claims | str, text: str | None = None) -> Verification:
        """Check a claim here, assertion by assertion (supported / refuted / contested / not
        enough evidence, each with its result and proof), and the whole conjunction."""
        if isinstance(claim, str):
            claim, text = parse_claims(claim), claim
        elif not isinstance(claim, Claims):
            raise LatweaveError(f"a claim is its text or a Claims, not {type(claim).__name__}",
                                hint='verify("argmax(lifespan_years, [Whale, Dog]) is Whale")')
        from latweave.verify import verify as _verify

        with self._using():
            return self._stamped_verification(_verify(self._runner, claim, text))

    def claim_translator(self, config: LLMConfig, *, cache: Path | str | None = None, replay: bool = False,
                         repairs: int = 2, record: Path | str | None = None) -> Planner:
        """A translator that asks a model for the claims form of a claim's text (`verify_text`);
        `cache`, `replay`, `repairs`, `record` as for `llm_planner`."""
        from latweave.planner.llm import ClaimTranslator

        return ClaimTranslator(self.lattice, config, cache=cache, replay=replay, repairs=repairs, record=record)

    def verify_text(self, text: str, translator: Planner) -> Verification:
        """A claim given as text: written down by `translator` (`claim_translator`), then verified
        here; a text it cannot write down is not judged (not enough evidence, with its reason)."""
        if not isinstance(text, str):
            raise LatweaveError(f"a claim's text is a string, not {type(text).__name__}")
        from latweave.verify import verify_text as _verify_text

        with self._using():
            return self._stamped_verification(_verify_text(self._runner, text, translator))

    def audit(self, result: Result | dict) -> "AuditReport":
        """Re-verify `result` against this lattice's files, with no engine (latweave.proof.audit)."""
        return audit(result, lattice=self.path)

    def interrupt(self) -> None:
        """Stop the run in progress (from another thread: the run holds the session's lock, so
        this does not take it); the run raises EngineError, and `reset` makes the session whole
        again. The REPL calls it on Ctrl-C, where a database statement would not see the signal."""
        self._runner.interrupt()

    def reset(self) -> None:
        """Start again from the lattice folder, as a session opened now would: the engine sessions
        are closed and every cache dropped. For a run stopped part-way (Ctrl-C in the REPL), whose
        half-built tables and caches must not answer the next plan."""
        with self._using():
            stopped = self._runner
            self._plans = {}
            try:
                stopped.close()
            finally:
                from latweave.execute import Runner

                self._runner = Runner(self.path, stopped.engine_name, timeout=stopped.timeout)

    def close(self) -> None:
        """Release the engine session (a second close does nothing)."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._runner.close()

    def __enter__(self) -> "LatticeSession":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open(path: Path | str, engine: str | None = None, *,  # noqa: A001 - latweave.open, like io.open
         timeout: float | None = None) -> LatticeSession:
    """Open the lattice folder `path` on `engine` (default: sqlite for one plan, duckdb for a batch;
    `list_engines()` lists them and says why). `timeout`: seconds one engine evaluation may take
    (None: no limit)."""
    return LatticeSession(path, engine, timeout=timeout)


# ------------------------------------------------------------------------------------ results

def read_result(path: Path | str) -> Result:
    """A result saved by `latweave run --save` (or `Result.to_json`), its shape checked first."""
    from latweave.result import Result
    from latweave.result_file import read_result as _read

    return Result.from_dict(_read(_a_path(path, "a saved result", 'read_result("r.json")')))


def audit(result: Result | Verification | dict | Path | str, lattice: Path | str | None = None) -> "AuditReport":
    """Certify a result against the lattice folder `lattice`, with no engine: every proof step
    holds and the answers are exactly what the plan denotes (`AuditReport.ok`). `result` is a
    Result, its dict, or the path of a saved result file — or a Verification (`verify`), its
    dict or saved file: then every assertion's result, and every verdict read off it. Without
    `lattice`, a saved file's own (`run --save` records the folder; its content hash is checked
    as always)."""
    from latweave.proof.audit import audit as _audit, audit_verification
    from latweave.result import Result
    from latweave.verify import Verification

    if lattice is not None:
        _path(lattice)
    if not isinstance(result, (Result, Verification, dict, str, Path)) or result == "":
        raise LatweaveError(f"audit takes a Result, a Verification, their dict or a saved file's path, "
                            f"not {type(result).__name__ if result != '' else 'an empty string'}",
                            hint='audit(lattice.run(plan), lattice="out/zoo"), or audit("r.json", lattice="out/zoo")')
    saved = isinstance(result, (str, Path))   # a file must name the lattice it was computed on
    if lattice is None and not saved:
        raise LatweaveError("audit needs the lattice folder a result that is not a saved file was computed on",
                            hint="audit(result, lattice=\"out/zoo\")")
    if saved:
        from latweave.result_file import read_saved

        file, result = result, read_saved(result)
        if lattice is None:
            lattice = _saved_folder(file, result)
    _path(lattice)
    if isinstance(result, Verification):
        result = result.to_dict()
    if isinstance(result, dict) and "assertions" in result:   # a saved verification
        return audit_verification(lattice, result, stamped=saved)
    return _audit(lattice, result, stamped=saved)


def _saved_folder(file, result: dict) -> str:
    """The lattice folder a saved result names (result_file.with_folder), when it is still there."""
    import os

    from latweave.errors import StoreError
    from latweave.result_file import folder_of

    folder = folder_of(result)
    if folder is None:
        raise LatweaveError(f"{file}: the result does not name the lattice folder it was computed on (its JSON "
                            "printed rather than saved, or saved by an older latweave)",
                            hint="name the lattice folder to audit it against (lattice)")
    if not os.path.isdir(folder):
        raise StoreError(f"{file}: the result was computed on the lattice at {folder}, which is not there now "
                         "(moved or deleted)", hint="name the lattice folder where it is now (lattice; the audit "
                                                    "checks it by the content hash the result names)")
    return folder


# --------------------------------------------------------------------------------- lattices

def _format_of(sources: list, format: str | None, engine: str, llm) -> tuple[str, object]:  # noqa: A002
    """The format a build reads `sources` in, and the Detection when it was read off their content
    (None when `format` names it): folders are corpus folders, files are KB files of the generic
    format their first lines show (latweave/ingest/kb_detect.py)."""
    import os

    if format is not None:
        if format != "corpus" and format not in KB_FORMATS:
            raise LatweaveError(f"unknown format {format!r}", hint="one of corpus, " + ", ".join(KB_FORMATS))
        return format, None
    if llm is not None or any(not os.path.isfile(p) for p in sources) and engine != "spark":
        return "corpus", None   # a folder (or a missing path: the source reader says so)
    from latweave.ingest.kb_detect import detect

    files = sources
    if engine == "spark":
        from latweave.ingest.spark_kb import kb_files

        files = kb_files(sources[0]) if len(sources) == 1 else sources
    detection = detect(files)
    return detection.format, detection


def build(source: Path | str | Sequence[Path | str], out: Path | str, *, format: str | None = None,  # noqa: A002
          allow: bool = False, strict: bool = False, functional: Sequence[str] | None = None,
          progress: Callable | None = None, llm: LLMConfig | None = None,
          cache: Path | str | None = None, engine: str | None = None,
          spark_master: str | None = None, extract: str | None = None) -> "BuildSummary":
    """Build the lattice of `source` at `out`, atomically, and return what was built.

    `source`: one source or several, read in order as one (corpus folders; KB files of one format;
    a text corpus folder and more of its documents). `format`: "corpus" (corpus folders) or a KB
    file's format (KB_FORMATS: "tsv", "csv", "ntriples", or a benchmark's "pathquestion", "metaqa",
    "2wiki"); None (the default) reads folders as corpus folders and files as the generic format
    their content shows (docs/kb-input.md; the summary says which and why). `llm`: extract the facts of a text corpus's
    documents with this model instead of reading facts.jsonl (`cache`: the extraction cache
    folder). `out` must hold nothing but a lattice and must not overlap the sources. Raises
    NotLive (nothing written) when some dimension's meets are not unique, unless `allow`.
    `strict`: a malformed KB line is fatal. `functional`: the KB relations with one value per
    subject (default: the format's own). `progress` receives (done, total) while a corpus is read,
    or an ExtractProgress snapshot per window while a model extracts. The lattice keeps its
    sources (latweave/ingest/sources.py), so `add` and `remove` can change it later.
    `engine`: None (the default: "duckdb" for one line-based KB file where it builds it, else
    "python"), "python" (the source readers' model), "duckdb" (one KB file of format tsv,
    pathquestion or metaqa joined in DuckDB, latweave/ingest/kb_duckdb.py: the same folder, byte
    for byte; a KB it does not build — a period, a contested coordinate — is refused with a hint),
    or "spark" to read one line-based KB (a file or a folder of part files) with Spark and stream
    the lattice out (latweave/ingest/spark_kb.py; `spark_master`: the Spark master URL, default
    local[*]; such a lattice keeps no sources). `extract="rules"`: extract the facts of a text
    corpus's documents by the rules (latweave/ingest/rules/), with no model."""
    from latweave.ingest.gate import Gate

    gate = Gate(allow=allow)
    sources = _sources(source, "source")
    if not sources:
        raise LatweaveError("no source to build from", hint="pass a corpus folder or a KB file")
    _a_path(out, "out, the lattice folder to write,", 'build("corpora/zoo", out="out/zoo")')
    if format is not None and not isinstance(format, str):
        raise LatweaveError(f"format is a format's name, not {type(format).__name__}",
                            hint="one of corpus, " + ", ".join(KB_FORMATS) + ", or None to read it off the source")
    functional = _names(functional, "functional", 'functional=["date of birth", "father"]')
    _flag("allow", allow)
    _flag("strict", strict)
    if engine is not None and not isinstance(engine, str):
        raise LatweaveError(f"engine is python, duckdb or spark, not {type(engine).__name__}", hint='engine="python"')
    _a_path(cache, "cache", 'cache="out/zoo.extract-cache"', optional=True)
    if engine not in (None, "python", "duckdb", "spark"):
        raise LatweaveError(f"unknown build engine {engine!r}", hint="python, duckdb or spark")
    if extract not in (None, "rules"):
        raise LatweaveError(f"extract is None or \"rules\", not {extract!r}", hint='extract="rules" (or llm=LLMConfig(...))')
    if extract == "rules":
        if llm is not None:
            raise LatweaveError("the rules or a model extract the facts, not both", hint="drop one of them")
        if format not in (None, "corpus") or engine not in (None, "python"):
            raise LatweaveError("--extract rules reads a text corpus folder", hint="drop --format / --engine")
        from latweave.ingest.living import build_sources

        return build_sources(sources, out, fmt="corpus", gate=gate, rules=True)
    format, detection = _format_of(sources, format, engine, llm)  # noqa: A001
    summary = _build(sources, out, format, gate, strict=strict, functional=functional,
                     progress=progress, llm=llm, cache=cache, engine=engine, spark_master=spark_master)
    if detection is not None and summary.kind == "kb":
        summary.report.detected = detection.reason
    return summary


def _build(sources: list, out, format: str, gate, *, strict, functional, progress, llm, cache,  # noqa: A002
           engine, spark_master) -> "BuildSummary":
    from latweave.ingest.living import build_sources
    from latweave.ingest.summary import BuildSummary

    if engine == "spark":
        if llm is not None or format == "corpus":
            raise LatweaveError('build engine "spark" builds a KB file (format tsv, pathquestion or metaqa), not '
                                "a corpus folder or a model's extraction",
                                hint='build those with engine "python" (or none named)')
        if len(sources) != 1:
            raise LatweaveError('build engine "spark" reads one KB file, or one folder of part files',
                                hint="put the part files in one folder and build that folder")
        from latweave.ingest.spark_kb import build_kb_spark

        manifest, report = build_kb_spark(sources[0], format, out, strict=strict, gate=gate, functional=functional,
                                          master=spark_master)
        return BuildSummary("kb", out, manifest, gate, report)
    if llm is not None:
        if format != "corpus":
            raise LatweaveError(f"a model's extraction (llm) reads a text corpus folder, not format {format!r}",
                                hint='name no format, or "corpus"')
        from latweave.folder.store import check_target

        check_target(out, inputs=(*sources, cache))  # before the extraction cache or any model call
    if engine == "duckdb" and (llm is not None or format == "corpus"):
        raise LatweaveError('build engine "duckdb" builds a KB file (format tsv, pathquestion or metaqa), not '
                            "a corpus folder or a model's extraction",
                            hint='build those with engine "python" (or none named)')
    return build_sources(sources, out, fmt=format, gate=gate, strict=strict, functional=functional,
                         progress=progress, llm=llm, cache=cache,
                         engine=DEFAULT_BUILD_ENGINE if engine is None else engine)


def add(lattice: Path | str, sources: Sequence[Path | str], *, allow: bool = False, progress: Callable | None = None,
        llm: LLMConfig | None = None, cache: Path | str | None = None, replace: bool = False):
    """Add sources to the lattice folder `lattice` (corpus folders, a text corpus's documents, KB
    files of its format) and write, atomically, the lattice a full build over its sources and
    these gives (latweave/ingest/living.py); returns the Change (it renders itself). `llm`: the
    model, for a lattice whose facts a model extracted. `replace`: each source takes the place of
    the lattice's source of its name (a refreshed source), in one atomic change."""
    from latweave.ingest.living import add as _add

    _flag("allow", allow)
    _flag("replace", replace)
    _a_path(cache, "cache", 'cache="out/zoo.extract-cache"', optional=True)
    return _add(_path(lattice), _sources(sources, "sources"), allow=allow, progress=progress, llm=llm, cache=cache,
                replace=replace)


def remove(lattice: Path | str, *, sources: Sequence[str] = (), docs: Sequence[str] = (), allow: bool = False,
           progress: Callable | None = None, llm: LLMConfig | None = None, cache: Path | str | None = None):
    """Remove sources (by name or path) or documents (by id) from the lattice folder `lattice`,
    atomically: every predicate whose evidence came only from them goes. Returns the Change."""
    from latweave.ingest.living import remove as _remove

    _flag("allow", allow)
    _a_path(cache, "cache", 'cache="out/zoo.extract-cache"', optional=True)
    return _remove(_path(lattice), sources=_sources(sources, "sources"), docs=_sources(docs, "docs"), allow=allow, progress=progress, llm=llm, cache=cache)


def _path(lattice) -> Path | str:
    if not isinstance(lattice, (str, Path)):
        raise LatweaveError(f"a lattice is the path of its folder, not {type(lattice).__name__}",
                            hint='e.g. "out/zoo"')
    return lattice


def _a_path(value, what: str, example: str, *, optional: bool = False) -> Path | str | None:
    """`value` when it is a path (str or Path; None too when `optional`); LatweaveError saying
    what it should be otherwise — never the TypeError `open(None)` would raise further down."""
    if value is None and optional:
        return None
    if not isinstance(value, (str, Path)) or isinstance(value, str) and not value:
        got = "an empty string" if value == "" else type(value).__name__
        raise LatweaveError(f"{what} is a path, not {got}", hint=example)
    return value


def _flag(name: str, value) -> None:
    if not isinstance(value, bool):
        raise LatweaveError(f"{name} is True or False, not {value!r}", hint=f"{name}=True")


def _names(value, what: str, example: str) -> list[str] | None:
    """None, or a list of strings (a lone string is refused: it would be read letter by letter)."""
    if value is None:
        return None
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise LatweaveError(f"{what} is a list of names, not {type(value).__name__}", hint=example)
    names = list(value)
    for name in names:
        if not isinstance(name, str):
            raise LatweaveError(f"{what} lists {name!r}, which is not a name", hint=example)
    return names


def history(lattice: Path | str):
    """The changes of the lattice folder `lattice`, oldest first (a History: renders itself)."""
    from latweave.ingest.living import history as _history

    return _history(_path(lattice))


def check_lattice(path: Path | str) -> "LatticeReport":
    """Is the lattice folder legitimate? Unique meets (a lattice may go live only then),
    distributivity, FCA, width (`LatticeReport.ok`, and the witnesses when not)."""
    from latweave.folder.store import load_lattice
    from latweave.legitimacy import check_lattice as _check

    return _check(load_lattice(_path(path)))


def list_engines() -> "EngineTable":
    """Every engine, whether it can run here (or why not), and which one runs one plan and which a
    batch when none is named, with the measured reason."""
    from latweave.api.engine_table import EngineTable

    return EngineTable.here()


def run_demo(out: Path | str, corpus: Path | str | None = None, engine: str | None = None) -> Iterator:
    """Build the zoo corpus (or `corpus`) at `out` and run the example plans: yields the
    BuildSummary, then the results (both render themselves), each as soon as it is ready."""
    from latweave.api.demo import run_demo as _run_demo

    _a_path(out, "out, the lattice folder the demo writes,", 'run_demo("out/demo")')
    _a_path(corpus, "corpus", 'run_demo("out/demo", corpus="corpora/zoo")', optional=True)
    if engine is not None and not isinstance(engine, str):
        raise LatweaveError(f"engine is an engine's name, not {type(engine).__name__}", hint='e.g. "sqlite"')
    return _run_demo(out, corpus, engine)


def evaluate(dataset: str, **options) -> "EvalReport":
    """Evaluate a planner on a benchmark split ("pathquestion", "2wiki", "metaqa"): the
    EvalReport of `latweave eval`. Options are those of `latweave.eval.run.run_eval` (split,
    data, hops, questions, kb, planner, engine, limit, cache, knockout, failures, llm, progress,
    engine_timeout)."""
    import inspect

    from latweave.eval.run import run_eval

    if not isinstance(dataset, str):
        raise LatweaveError(f"dataset is a benchmark's name, not {type(dataset).__name__}",
                            hint='evaluate("pathquestion"), "2wiki" or "metaqa"')
    known = [n for n in inspect.signature(run_eval).parameters if n != "dataset"]
    for name, value in sorted(options.items()):
        if name not in known:
            raise LatweaveError(f"evaluate has no option {name!r}", hint="its options: " + ", ".join(known))
        if value is None or name in ("llm", "progress"):
            continue
        kinds = _EVAL_OPTIONS.get(name)
        if kinds is not None and (not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds):
            raise LatweaveError(f"evaluate's {name} is {' or '.join(k.__name__ for k in kinds)}, not {value!r}",
                                hint=f"e.g. {name}={_EVAL_EXAMPLES.get(kinds, 'None')}")
    return run_eval(dataset, **options)


_PATHS = (str, Path)
#: The types `evaluate`'s options take (None aside), so a wrong one is a LatweaveError, not a
#: TypeError from deep in the harness.
_EVAL_OPTIONS = {"split": (str,), "data": _PATHS, "hops": (str,), "questions": _PATHS, "kb": _PATHS,
                 "planner": (str,), "engine": (str,), "limit": (int,), "cache": _PATHS, "knockout": (bool,),
                 "failures": (bool,), "from_text": (bool,), "engine_timeout": (int, float), "train_questions": _PATHS,
                 "train_kb": _PATHS, "train_hops": (str,), "train_fraction": (int, float),
                 "baseline": (str,), "claims": (bool,), "rank": (bool,), "folds": (int,)}
_EVAL_EXAMPLES = {(str,): '"dev"', _PATHS: '"data/pathquestion"', (int,): "100", (bool,): "True",
                  (int, float): "30"}
