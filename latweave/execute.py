"""Run plans against a stored lattice on a chosen engine: compile, evaluate once, decode.

A `Runner` opens the lattice and, on first use, an engine session; `run(plans)` executes a whole
batch in one engine evaluation (plans as facts) and returns one Result per plan, in order. Unless
the caller names an engine, one plan runs on the single-plan default and a batch on the batch
default (engines/base.py `DEFAULTS`: SQLite's stored index database answers one plan by touching
only its rows, DuckDB's hash joins amortise a batch); the results are the same either way. `run_many(plans)`
is the forgiving form batch callers (the evaluation harness, the offline planner's training) use:
each distinct plan runs once, and a plan the compiler refuses is set aside with its message
instead of failing the batch.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import NamedTuple

from latweave import collector
from latweave.compile.batch import CompiledBatch
from latweave.compile.lattice_facts import CompiledLattice
from latweave.compile.plan_facts import compile_plans
from latweave.compile.recipe import Recipe
from latweave.datalog.parser import load_rules
from latweave.engines.base import Engine, Session, default_engine, get_engine
from latweave.engines.timeout import timeout_error
from latweave.errors import EngineError, EngineTimeout, LatweaveError
from latweave.lattice.model import Lattice
from latweave.folder.store import load_lattice, read_manifest
from latweave.folder.stored import LAZY_VALUES, StoredLattice
from latweave.plan.ast import Compare, Holds, Plan
from latweave.plan.check import check_plan
from latweave.plan.parser import ReadPlan, template_key, template_of, template_text
from latweave.plan.printer import to_text
from latweave.plan.read import is_json_form
from latweave.prepared import PreparedTemplate
from latweave.proof.contested import Worlds
from latweave.proof.extract import ANSWER_READS, PROOF_READS, Kept, QueryDecoder
from latweave.proof.page import Page
from latweave.result import Result


#: Plans a runner keeps compiled, with their canonical text (the oldest dropped first).
KEPT_PLANS = 256
#: Templates a runner keeps a recipe of (compile/recipe.py; the oldest dropped first), and as
#: many prepared (prepared.py) for each way of asking (answers alone, with proofs, a page).
RECIPES = 128
#: How often a runner tries to prepare a template whose engine gave it no prepared run (an engine
#: without them; a SQLite session whose lattice relations a run had just extended) before it
#: leaves that template to the general path.
PREPARE_TRIES = 3
#: How often (in runs) the lattice's readers' kept rows are trimmed to their bounds (`_room`): what
#: a session keeps is at most those bounds and what ROOM_EVERY runs read (docs/performance.md,
#: "A long session's memory").
ROOM_EVERY = 16


def _sealed(outputs: object) -> None:
    """A run's outputs read for the last time: a partial run's (engines/partial.py) computes no
    more, the engine moving on."""
    seal = getattr(outputs, "seal", None)
    if seal is not None:
        seal()


class Batch(NamedTuple):
    """What `Runner.run_many` returns: each distinct plan that ran → its Result, and each plan the
    compiler refused → the message (such a plan abstains `plan_error` in an evaluation)."""

    results: dict[Plan, Result]
    refused: dict[Plan, str]


class Runner:
    """A lattice folder opened for queries on one engine. Nothing on the query path reads the
    whole model: plans are checked and compiled against the stored view (folder/stored.py:
    dimensions in memory, instances and predicates read per answer), the compiled lattice's
    facts are parsed relation by relation when first asked for, and the engine session comes
    from the engine's stored form of the lattice where it has one. `lattice` (the full model,
    for planners) is loaded the first time someone asks for it."""

    #: Whether one plan's run asks its engine for the outputs its outcome reads first
    #: (`Session.run_some`: SQLite then runs its shape's statement for those alone, engines/partial.py).
    #: On: such a part of a statement is planned as the whole is (engines/fused.py `_first_reads`; it was
    #: not, and bench/spine.py's meets at 1.2M ran slower, one 40 -> 350 ms), and measured side by side
    #: it is faster on both workloads: spine's meets answers only, engine p50 3.2 -> 1.0 ms, with proofs
    #: as fast as the whole; bench/peers.py's chains answers only 0.16 / 0.21 / 0.28 -> 0.13 / 0.16 /
    #: 0.20 ms (docs/performance.md, "The part of a statement planned as the whole"). False: every
    #: run computes every output (tests/test_partial.py compares the two).
    partial_outputs = True
    #: Whether a plan text of a template this runner has a recipe of runs along its template's
    #: prepared path (prepared.py: without its proof no plan read, no batch or shape made; with
    #: it no plan checked, no shape made; the same Result, tests/test_prepared.py). Without proofs,
    #: bench/peers.py's chains on the 100k KB, first asked, p50 1 / 2 / 3 hops: 0.17-0.18 /
    #: 0.20-0.21 / 0.25-0.27 -> 0.09-0.10 / 0.12-0.13 / 0.16-0.17 ms; with them 4-9 % less
    #: (docs/performance.md, "A template's questions along a prepared path"). False: every plan
    #: runs the general way.
    prepared = True

    def __init__(self, lattice_dir: Path | str, engine: str | None = None, *, timeout: float | None = None,
                 lazy_values: int = LAZY_VALUES):
        self.directory = Path(lattice_dir)
        #: seconds one engine evaluation may take (None: no limit); past it run() raises EngineTimeout
        self.timeout = timeout
        self.manifest = read_manifest(self.directory, cached=True)
        #: a dimension of more values than `lazy_values` keeps them on disk (folder/stored.py)
        self.view = StoredLattice(self.directory, self.manifest, lazy_values)
        self.predicates = self.view.sorted_predicates()
        self.compiled = CompiledLattice.read(self.directory, self.manifest)
        #: the engine named by the caller; None: each role's default (engines/base.py DEFAULTS)
        self.engine_name = engine
        self._engines: dict[str, Engine] = {}
        self._sessions: dict[str, Session] = {}
        if engine is not None:
            self.engine_for("single")  # an unknown or unavailable engine is refused here
        self._lattice: Lattice | None = None
        self._worlds = None
        self._graph = None   # the instance–evidence graph ranking reads (latweave/ranking.py)
        self._aliases: dict[int, int] | None = None   # alias symbol -> instance symbol (instance_key)
        self._parents: set[tuple[int, int]] | None = None   # (dimension, value) symbols with a child
        #: id(plan) → (plan, its compiled batch alone, its canonical text, the key of the template
        #: its text was read from or None): a plan run again (the same object: a session hands out
        #: one per text) is not compiled or printed again
        self._kept: dict[int, tuple[Plan, CompiledBatch | None, str, tuple | None]] = {}
        #: template key → the recipe of its plans (compile/recipe.py): a plan of a template seen
        #: before is neither type-checked nor compiled, its batch made from the recipe's
        self._recipes: dict[tuple, Recipe] = {}
        #: (template key, "answers" | "proofs" | "page") → its prepared path, or the tries that
        #: found none (prepared.py)
        self._templates: dict[tuple[tuple, str], PreparedTemplate | int] = {}
        #: labels, evidence and coord leaves of this lattice, read once for every run's proofs
        self.kept = Kept(len(self.compiled.symbols))
        self._runs = 0   # runs begun (`_room`)
        self.last_timing: dict[str, float] = {}

    @property
    def lattice(self) -> Lattice:
        """The whole lattice model (every instance and predicate as objects), loaded on first
        use: planners read it; answering plans does not."""
        if self._lattice is None:
            self._lattice = load_lattice(self.directory, verify=False)
        return self._lattice

    def instance_key(self, name: str) -> str | None:
        """The instance a name denotes, as the rules resolve a plan's argument (closure.dl's
        resolve_instance: an instance's own key, else the key it is an alias of); None when it
        names none. The alias rows are read once, when first needed."""
        from latweave.lattice.names import normalize

        key = normalize(name)
        if self.view.instances.get(key) is not None:
            return key
        surface = self.compiled.symbols.get(key)
        if surface is None:
            return None
        aliases = self._aliases
        if aliases is None:
            aliases = self._aliases = {}
            for a, x in self.compiled.facts["alias"]:
                aliases.setdefault(a, x)
        x = aliases.get(surface)
        return None if x is None else self.compiled.symbols.text(x)

    def has_children(self, dimension: str, value: str) -> bool:
        """Whether value `value` of `dimension` (keys) has a value under it: a look-up in the
        compiled `subsumes` edges, whose (dimension, parent) pairs are gathered on first use."""
        if self._parents is None:
            self._parents = {(d, p) for d, p, _ in self.compiled.facts["subsumes"]}
        sym = self.compiled.symbols.get
        d, v = sym(dimension), sym(value)
        return d is not None and v is not None and (d, v) in self._parents

    @property
    def worlds(self) -> Worlds:
        """The worlds of every contested or merged coordinate (as the build recorded them)."""
        if self._worlds is None:
            self._worlds = Worlds.of(self.view, self.predicates, self.compiled)
        return self._worlds

    def engine_for(self, role: str) -> Engine:
        """The engine that runs one plan (`role` "single") or a batch ("batch"): the one named,
        else that role's default."""
        name = self.engine_name or default_engine(role)
        if name not in self._engines:
            self._engines[name] = get_engine(name, load_rules())
        return self._engines[name]

    @property
    def engine(self) -> Engine:
        """The engine one plan runs on."""
        return self.engine_for("single")

    @property
    def engines(self) -> dict[str, str]:
        """Which engine runs what: {"single": name, "batch": name}."""
        return {role: self.engine_name or default_engine(role) for role in ("single", "batch")}

    def session_for(self, role: str) -> Session:
        """The session of `role`'s engine (one per engine: a named engine serves both roles),
        opened from the engine's stored form of the lattice where it has one, else from the
        compiled facts."""
        engine = self.engine_for(role)
        if engine.name not in self._sessions:
            session = engine.open_stored(self.directory)
            self._sessions[engine.name] = session if session is not None else engine.open(self.compiled.facts)
        return self._sessions[engine.name]

    @property
    def session(self) -> Session:
        """The session one plan runs on."""
        return self.session_for("single")

    def check(self, plan: Plan, text: str | None = None) -> Plan:
        """Type-check a plan against this lattice's schema (raises PlanError)."""
        return check_plan(plan, self.view, text)

    def check_text(self, plan: Plan, text: str, read: ReadPlan | None = None) -> Plan:
        """`check` of `plan`, just parsed from `text`. A plan of a template this runner has a
        recipe of (compile/recipe.py: its plans check and compile alike but for their names) is
        not checked again, and its batch is made from the recipe when it runs; another is checked,
        and its template (if any) remembered with it, for a recipe once it is compiled. `read`:
        how the parser read `plan` (plan/parser.py `parse_plan_keyed`: its template's key and
        names, whence its canonical text), else the text is read again for the key."""
        if read is not None:
            key = read.key
        else:
            key = None if is_json_form(text) else template_key(text)   # (a JSON form: no template)
        recipe = None if key is None else self._recipes.get(key)
        if recipe is None:
            check_plan(plan, self.view, text)
        entry = self._kept.get(id(plan))
        if entry is None or entry[0] is not plan:
            canonical = None if read is None or key is None or read.names is None else template_text(key, read.names)
            self._keep(plan, None, key, canonical)
        return plan

    def run_text(self, text: str, proofs: bool = True, lattice: dict | None = None,
                 page: Page | None = None) -> Result | None:
        """The Result `run([plan], proofs, page)` gives for the plan of text `text`, along its
        template's prepared path (prepared.py); the whole answers without their proofs name
        `lattice` (a session's stamp), any other result the caller stamps. None where that path
        does not serve it — a text of no template or of one without a recipe yet, an engine
        without prepared runs, a name the lattice lacks, for the whole answers without their
        proofs an outcome that is not an answer set nothing contests — and the caller runs the
        plan (`check_text`, `run`), errors and all. (Python's cyclic collector is paused while it
        runs, as in `run`: latweave/collector.py.)"""
        with collector.paused():
            return self._run_text(text, proofs, lattice, page)

    def _run_text(self, text: str, proofs: bool, lattice: dict | None, page: Page | None) -> Result | None:
        if not self.prepared or is_json_form(text):
            return None
        read = template_of(text)
        if read is None:
            return None
        started = time.perf_counter()
        key, names = read
        session = self.session_for("single")
        # a page's outputs are whole (its other pages and proofs are read from them later)
        mode = "page" if page is not None else "proofs" if proofs else "answers"
        template = self._templates.get((key, mode))
        if type(template) is not PreparedTemplate or template.session is not session:
            template = self._prepare(key, mode, session, template)
            if template is None:
                return None
        ids = template.ids(names, self.compiled.symbols)
        if ids is None:
            return None
        compiled = time.perf_counter()
        session.timeout = self.timeout
        try:
            outputs = template.prepared.run(ids)
        except EngineTimeout:
            self._interrupted("single")
            raise
        if outputs is None:   # (the caller's general run counts as the run)
            return None
        self._room()
        evaluated = time.perf_counter()
        try:
            if proofs or page is not None:   # decoded as `_run` decodes it, from the batch its recipe makes for its plan
                plan = template.plan(names)
                batch = template.recipe.batch_for(plan, self.compiled)
                self._keep(plan, batch, key, template_text(key, names))
                result: Result | None = self._decoded(batch, outputs, proofs, page)[0]
            else:
                result = template.result(outputs, names, self.kept, self.view, lattice)
        finally:
            _sealed(outputs)
        if result is not None:
            self.last_timing = {"compile_s": compiled - started, "engine_s": evaluated - compiled,
                                "decode_s": time.perf_counter() - evaluated}
        return result

    def _prepare(self, key: tuple, mode: str, session: Session,
                 tried: PreparedTemplate | int | None) -> PreparedTemplate | None:
        """Template `key` prepared on `session` for runs of `mode` (kept): "answers" (without their
        proofs), "proofs", or "page" (every output, as `_run` computes them for a page), where it has
        a recipe and the engine a prepared run for it; None otherwise (a template tried
        PREPARE_TRIES times is not again)."""
        tries = tried if type(tried) is int else 0
        recipe = self._recipes.get(key)
        if recipe is None or tries >= PREPARE_TRIES:
            return None
        wanted = (None if not self.partial_outputs or mode == "page"
                  else PROOF_READS if mode == "proofs" else ANSWER_READS)
        template = PreparedTemplate.of(key, recipe, session, wanted)
        if (key, mode) not in self._templates and len(self._templates) >= 3 * RECIPES:
            del self._templates[next(iter(self._templates))]
        self._templates[(key, mode)] = tries + 1 if template is None else template
        return template

    def run(self, plans: list[Plan], proofs: bool = True, page: Page | None = None) -> list[Result]:
        """One engine evaluation for the whole batch (or one per chunk of plans, where the engine
        bounds a chunk for this lattice's size, `Engine.chunk_for`: the same results, a chunk's
        memory); `proofs=False` skips building proof trees (answers, verdicts, reasons and
        witnesses are the same). With a `page`, each
        answer set of a meet or chain plan keeps only that page (the total stays exact: the engine
        derives the whole set), proofs are built for its answers alone, and the Result can show
        other pages and prove other answers later (`Result.page_at`, `Result.proof_of`). Python's
        cyclic garbage collector is paused while it runs (latweave/collector.py says why)."""
        with collector.paused():
            return self._chunks(plans, proofs, page)

    def _chunks(self, plans: list[Plan], proofs: bool, page: Page | None) -> list[Result]:
        role = "single" if len(plans) == 1 else "batch"
        limit = self.engine_for(role).chunk_for(self.manifest["counts"]["predicates"])
        if limit is None or len(plans) <= limit:
            return self._run(plans, proofs, page, role)
        results, timing = [], {"compile_s": 0.0, "engine_s": 0.0, "decode_s": 0.0}
        spent = 0.0  # the timeout bounds the whole batch: each chunk gets what the others left
        for at in range(0, len(plans), limit):
            left = None if self.timeout is None else self.timeout - spent
            if left is not None and left <= 0:
                raise timeout_error(self.engine_for(role).name, self.timeout)
            try:
                results += self._run(plans[at:at + limit], proofs, page, role, left)
            except EngineTimeout:  # said of the whole batch's timeout, not of what was left of it
                raise timeout_error(self.engine_for(role).name, self.timeout) from None
            for key in timing:
                timing[key] += self.last_timing[key]
            spent += self.last_timing["engine_s"]
        self.last_timing = timing
        return results

    def _run(self, plans: list[Plan], proofs: bool, page: Page | None, role: str,
             timeout: float | None = None) -> list[Result]:
        """One engine evaluation of `plans` on `role`'s session (`timeout`: the runner's, or what
        is left of it)."""
        started = time.perf_counter()
        self._room()
        if len(plans) == 1:
            batch = self._compiled_alone(plans[0])
            facts = {name: list(rows) for name, rows in batch.facts.items()}   # the kept batch's rows stay its own
        else:
            batch = compile_plans(plans, self.compiled, self.view)
            facts = dict(batch.facts)
        compiled = time.perf_counter()
        session = self.session_for(role)
        session.timeout = self.timeout if timeout is None else timeout
        # one plan (not a page, whose proofs come later) reads a part of the outputs, the less
        # without its proof: with `partial_outputs`, an engine may compute those first, the rest
        # only if they are read
        wanted = (None if not self.partial_outputs or page is not None or len(plans) > 1
                  else PROOF_READS if proofs else ANSWER_READS)
        outputs = None
        try:
            outputs = session.run(facts) if wanted is None else session.run_some(facts, wanted)
            evaluated = time.perf_counter()
            results = self._decoded(batch, outputs, proofs, page)
        except EngineTimeout:
            self._interrupted(role)
            raise
        finally:
            _sealed(outputs)
        self.last_timing = {"compile_s": compiled - started, "engine_s": evaluated - compiled,
                            "decode_s": time.perf_counter() - evaluated}
        return results

    def _room(self) -> None:
        """Every ROOM_EVERY runs, what the lattice's readers keep of the rows they have read is
        trimmed to its bounds (folder/stored.py `room`: ~1.7 µs, a few % of a question answered
        without its proof, so not before every run)."""
        self._runs += 1
        if self._runs % ROOM_EVERY == 0:
            self.view.room()

    def _interrupted(self, role: str) -> None:
        """`role`'s session, stopped by its timeout, closed: the next run opens a fresh one."""
        self._sessions.pop(self.engine_for(role).name).close()

    def _decoded(self, batch: CompiledBatch, outputs, proofs: bool, page: Page | None) -> list[Result]:
        """Each plan's Result, decoded from the engine's `outputs`."""
        decoder = QueryDecoder(self.view, self.predicates, batch, outputs, self.worlds, self.kept)
        decoder.with_proofs = proofs
        results = []
        for layout in batch.layouts:
            try:
                o = decoder.outcome(layout, page)
            except RecursionError:   # a proof follows each chain of values level by level
                raise EngineError("the proof of this plan's answers is nested deeper than latweave can build "
                                  "it: a dimension's chain of values is many hundreds of levels deep",
                                  hint="a taxonomy that deep has no proof latweave can give yet; "
                                       "flatten the hierarchy (a chain of a few hundred levels at most)") from None
            results.append(Result(o.status, tuple(o.answers), o.verdict, o.reason, tuple(o.reasons),
                                  o.witness, o.proof, self._text(layout.plan), tuple(o.contested),
                                  o.page, o.answer_set))
        return results

    def _kept_entry(self, plan: Plan) -> tuple[Plan, CompiledBatch | None, str, tuple | None]:
        entry = self._kept.get(id(plan))
        if entry is None or entry[0] is not plan:
            entry = self._keep(plan, None, None)
        return entry

    def _keep(self, plan: Plan, batch: CompiledBatch | None, key: tuple | None, text: str | None = None):
        """Keep `plan` (the oldest kept goes past KEPT_PLANS) with its canonical `text` (printed
        when not given)."""
        if len(self._kept) >= KEPT_PLANS:
            del self._kept[next(iter(self._kept))]
        entry = self._kept[id(plan)] = (plan, batch, to_text(plan) if text is None else text, key)
        return entry

    def _text(self, plan: Plan) -> str:
        """The plan's canonical text (printed once per plan kept)."""
        return self._kept_entry(plan)[2]

    def _compiled_alone(self, plan: Plan) -> CompiledBatch:
        """The batch of `plan` alone, compiled once per plan kept (a batch is read, never
        changed, by the engine and the decoder; the engine gets copies of its rows)."""
        entry = self._kept_entry(plan)
        if entry[1] is None:
            key = entry[3]
            recipe = None if key is None else self._recipes.get(key)
            if recipe is not None:
                batch = recipe.batch_for(plan, self.compiled)
            else:
                batch = compile_plans([plan], self.compiled, self.view)
                recipe = None if key is None else Recipe.of(plan, batch, self.compiled, self.view.dimensions)
                if recipe is not None:
                    if len(self._recipes) >= RECIPES:
                        del self._recipes[next(iter(self._recipes))]
                    self._recipes[key] = recipe
            entry = self._kept[id(plan)] = (plan, batch, entry[2], key)
        return entry[1]

    def run_one(self, plan: Plan) -> Result:
        return self.run([plan])[0]

    def ranked(self, plan: Plan, result: Result) -> Result:
        """`result` with a ranking of its answer set (latweave/ranking.py); unchanged when it is no
        whole answer set (a verdict, an abstention, an extremum, a page) or the plan has no anchor."""
        from dataclasses import replace

        from latweave.ranking import EvidenceGraph, rank

        if result.status != "answer" or result.page is not None or isinstance(plan.final, (Compare, Holds)):
            return result
        if self._graph is None:   # built once, from the stored view (no full model)
            self._graph = EvidenceGraph(self.view, self.predicates.scan())
        ranking = rank(self._graph, self.view, plan, result.answers)
        return result if ranking is None else replace(result, ranking=ranking)

    def run_many(self, plans: list[Plan], *, proofs: bool = True) -> Batch:
        """Run the distinct plans in one batch. When the compiler refuses some plan, the batch
        runs again without the refused ones, which come back in `refused` with the message; any
        other error is raised as `run` raises it."""
        unique = list(dict.fromkeys(plans))
        if not unique:
            return Batch({}, {})
        try:
            return Batch(dict(zip(unique, self.run(unique, proofs=proofs))), {})
        except LatweaveError:
            refused = self._refused(unique)
            if not refused:
                raise
            good = [p for p in unique if p not in refused]
            return Batch(dict(zip(good, self.run(good, proofs=proofs) if good else [])), refused)

    def _refused(self, plans: list[Plan]) -> dict[Plan, str]:
        """The plans the compiler refuses on their own, each with the message."""
        refused = {}
        for plan in plans:
            try:
                compile_plans([plan], self.compiled, self.view)
            except LatweaveError as exc:
                refused[plan] = exc.message
        return refused

    def interrupt(self) -> None:
        """Stop whatever run an engine session is in, from another thread (Session.interrupt)."""
        for session in list(self._sessions.values()):
            session.interrupt()

    def close(self) -> None:
        """Release the engine sessions (a later run opens new ones; the stored view stays open)."""
        sessions, self._sessions = self._sessions, {}
        for name in sorted(sessions):
            sessions[name].close()

    def __enter__(self) -> "Runner":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
