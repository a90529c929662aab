"""Run plans against a stored lattice on a chosen engine: compile, evaluate once, decode.

A `Runner` loads the lattice and opens one engine session; `run(plans)` executes a whole batch in
one engine evaluation (plans as facts) and returns one Result per plan, in order. `run_many(plans)`
is the forgiving form batch callers (the evaluation harness, the offline planner's training) use:
each distinct plan runs once, and a plan the compiler refuses is set aside with its message
instead of failing the batch.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import NamedTuple

from latweave.compile.lattice_facts import CompiledLattice
from latweave.compile.plan_facts import compile_plans
from latweave.datalog.parser import load_rules
from latweave.engines.base import get_engine
from latweave.errors import EngineTimeout, LatweaveError
from latweave.lattice.store import load_lattice, read_manifest
from latweave.plan.ast import Plan
from latweave.plan.check import check_plan
from latweave.plan.printer import to_text
from latweave.proof.contested import Worlds
from latweave.proof.extract import QueryDecoder
from latweave.result import Result


class Batch(NamedTuple):
    """What `Runner.run_many` returns: each distinct plan that ran → its Result, and each plan the
    compiler refused → the message (such a plan abstains `plan_error` in an evaluation)."""

    results: dict[Plan, Result]
    refused: dict[Plan, str]


class Runner:
    def __init__(self, lattice_dir: Path | str, engine: str | None = None, *, timeout: float | None = None):
        self.directory = Path(lattice_dir)
        #: seconds one engine evaluation may take (None: no limit); past it run() raises EngineTimeout
        self.timeout = timeout
        self.manifest = read_manifest(self.directory)
        self.lattice = load_lattice(self.directory, verify=False)
        self.predicates = self.lattice.sorted_predicates()
        self.compiled = CompiledLattice.read(self.directory)
        self.engine = get_engine(engine, load_rules())
        self._session = None
        self._worlds = None
        self.last_timing: dict[str, float] = {}

    @property
    def worlds(self) -> Worlds:
        """The worlds of every contested or merged coordinate (read once, for proofs)."""
        if self._worlds is None:
            self._worlds = Worlds.of(self.lattice, self.predicates, self.compiled)
        return self._worlds

    @property
    def session(self):
        if self._session is None:
            self._session = self.engine.open(self.compiled.facts)
        return self._session

    def check(self, plan: Plan, text: str | None = None) -> Plan:
        """Type-check a plan against this lattice's schema (raises PlanError)."""
        return check_plan(plan, self.lattice, text)

    def run(self, plans: list[Plan], proofs: bool = True) -> list[Result]:
        """One engine evaluation for the whole batch; `proofs=False` skips building proof trees
        (answers, verdicts, reasons and witnesses are the same)."""
        started = time.perf_counter()
        batch = compile_plans(plans, self.compiled, self.lattice)
        compiled = time.perf_counter()
        session = self.session
        session.timeout = self.timeout
        try:
            outputs = session.run(dict(batch.facts))
        except EngineTimeout:
            self.close()  # an interrupted session is not reused: the next run opens a fresh one
            raise
        evaluated = time.perf_counter()
        decoder = QueryDecoder(self.lattice, self.predicates, batch, outputs, self.worlds)
        decoder.with_proofs = proofs
        results = []
        for layout in batch.layouts:
            o = decoder.outcome(layout)
            results.append(Result(o.status, tuple(o.answers), o.verdict, o.reason, tuple(o.reasons),
                                  o.witness, o.proof, to_text(layout.plan), tuple(o.contested)))
        self.last_timing = {"compile_s": compiled - started, "engine_s": evaluated - compiled,
                            "decode_s": time.perf_counter() - evaluated}
        return results

    def run_one(self, plan: Plan) -> Result:
        return self.run([plan])[0]

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
                compile_plans([plan], self.compiled, self.lattice)
            except LatweaveError as exc:
                refused[plan] = exc.message
        return refused

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
            self._session = None

    def __enter__(self) -> "Runner":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
