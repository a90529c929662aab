"""The lattices a server serves, by name, and what can be done with them: every operation returns
the object the command line renders (a Result, a Verification, an AuditReport, a History, a
Change), so the HTTP routes and the MCP tools only serialise what they get.

A name reaches a folder only through the table given at start (config.py); a request's name that
is not there is NotFound. Each lattice is a `Served` (served.py): a small pool of read sessions
(latweave.api.LatticeSession, each running one engine call at a time), opened on demand with the
server's engine time bound, each request on one version of the lattice — the old one or the new
one while the folder changes, never a mix.
"""

from __future__ import annotations

import itertools
import os

from latweave.errors import LatweaveError, NotFound, PlanError
from latweave.serve.config import ServeConfig
from latweave.serve.served import Served


class Service:
    """Every served lattice, and the operations on them."""

    def __init__(self, config: ServeConfig):
        self.config = config
        self.limits = config.limits
        self.served = {name: Served(name, folder, config.engine, config.limits, config.sessions)
                       for name, folder in sorted(config.lattices.items())}
        self._llm = None

    def lattice(self, name: str) -> Served:
        """The lattice served as `name`; NotFound (with the names there are) when none is."""
        served = self.served.get(name) if isinstance(name, str) else None
        if served is None:
            raise NotFound(f"no lattice is served as {name!r}",
                           hint="served: " + (", ".join(self.served) or "none") + " (GET /lattices)")
        return served

    def close(self) -> None:
        for served in self.served.values():
            served.close()

    # ------------------------------------------------------------------------- what is served
    def lattices(self) -> dict:
        """Each served lattice: its name, the lattice's own name, content hash and counts (never its folder)."""
        return {"lattices": [self.about(name) for name in self.served]}

    def about(self, name: str) -> dict:
        served = self.lattice(name)

        def read(session):
            manifest = session.manifest
            return {"name": name, "lattice": manifest["name"], "content_hash": manifest["content_hash"],
                    "counts": manifest.get("counts", {}), "engine": session.engines,
                    "writes": self.config.allow_writes}

        return served.use(read)

    def dimensions(self, name: str, offset: int = 0, limit: int | None = None) -> dict:
        """A page of the lattice's dimensions (sorted by name): name, kind, one value each or not,
        the number of values."""
        from latweave.plan.printer import print_dimension

        limit = self._limit(limit)

        def read(session):
            dims = session.view.dimensions
            keys = sorted(dims)
            rows = [{"name": print_dimension(dims[k].name), "kind": dims[k].kind, "functional": dims[k].functional,
                     "values": len(dims[k].labels) - 1} for k in keys[offset:offset + limit]]
            return _page("dimensions", rows, offset, limit, len(keys))

        return self.lattice(name).use(read)

    def values(self, name: str, dimension: str, offset: int = 0, limit: int | None = None,
               prefix: str = "") -> dict:
        """A page of one dimension's values in key order (each with its label and parents); with
        `prefix`, those whose key starts with it (normalised) only."""
        from latweave.lattice.names import TOP, normalize
        from latweave.plan.printer import print_dimension

        limit = self._limit(limit)
        start = normalize(prefix) if prefix else ""

        def read(session):
            dim = session.view.dimensions.get(normalize(dimension))
            if dim is None:
                raise NotFound(f"the lattice {name!r} has no dimension {dimension!r}",
                               hint=f"GET /lattices/{name}/dimensions lists them")
            labels = dim.labels   # a large dimension's stay on disk and iterate in key order
            keys = (k for k in (sorted(labels) if isinstance(labels, dict) else labels)
                    if k != TOP and k.startswith(start))
            window = list(itertools.islice(keys, offset, offset + limit + 1))
            rows = [{"value": dim.labels[k], "parents": sorted(dim.labels[p] for p in dim.parents.get(k, ()) if p != TOP)}
                    for k in window[:limit]]
            out = _page("values", rows, offset, limit, None if start else len(dim.labels) - 1)
            out["more"] = len(window) > limit
            out["dimension"] = print_dimension(dim.name)
            return out

        return self.lattice(name).use(read)

    def language(self, name: str) -> str:
        """The plan language and this lattice's vocabulary, as the LLM planner's prompt shows them."""
        from latweave.serve.language import plan_language

        return self.lattice(name).use(lambda session: plan_language(session.view))   # never the whole model

    def history(self, name: str):
        """The lattice's changes (a History), naming the lattice by its served name, not its folder."""
        import dataclasses

        from latweave import api

        served = self.lattice(name)
        return dataclasses.replace(served.use(lambda session: api.history(served.folder)), lattice=name)

    # ---------------------------------------------------------------------------- questions
    def run(self, name: str, plan, *, limit: int | None = None, offset: int = 0, rank: bool = False,
            proofs: bool = True, whole: bool = False):
        """Run a plan (its text, or its JSON form as a dict): the Result `latweave run --json
        --limit L --offset K` prints (L: `limit`, else the server's page size). `whole`: the result
        unpaged, as `run --json` without --limit prints it — refused (TooLarge) when its answers
        are more than one page may hold. `rank` orders a whole answer set, so it is unpaged too."""
        from latweave.errors import TooLarge

        if whole or rank:
            if limit is not None or offset:
                raise LatweaveError("a whole result (whole, rank) takes no limit or offset",
                                    hint="pass limit and offset for a page, or neither for the whole")
            bound = self.limits.max_page

            def run_whole(session):
                probe = session.run(plan, limit=bound, proofs=False)
                if probe.page is not None and probe.page.more:
                    raise TooLarge(f"the answer set holds {max(probe.page.total, probe.page.contested_total):,} "
                                   f"answers, more than the {bound:,} one response may hold",
                                   hint=f"ask for pages: limit (at most {bound:,}) and offset")
                return session.run(plan, rank=rank, proofs=proofs)

            return self.lattice(name).use(run_whole)
        limit = self._limit(limit)
        return self.lattice(name).use(lambda session: session.run(plan, limit=limit, offset=offset, proofs=proofs))

    def check(self, name: str, plan) -> dict:
        """What `latweave check-plan --lattice DIR --json` prints: {"ok": true, "plan"} or
        {"ok": false, "errors": [...]} (every type error and unknown value); a plan that does not
        parse raises PlanError."""
        from latweave import api
        from latweave.plan.check import plan_errors, value_errors

        text = _text_of(plan)
        parsed = api.parse_plan(text)

        def read(session):
            lattice = session.view   # the stored view: never the whole model, for a check
            errors = sorted([*plan_errors(parsed, lattice, text), *value_errors(parsed, lattice, text)],
                            key=lambda e: (e.line or 0, e.column or 0))
            if errors:
                return {"ok": False, "errors": [e.to_dict() for e in errors]}
            return {"ok": True, "plan": api.plan_text(parsed)}

        return self.lattice(name).use(read)

    def verify(self, name: str, claim: str):
        """Check a claim (`latweave verify --json`): a Verification."""
        from latweave import api

        if not isinstance(claim, str):
            raise PlanError(f"a claim is text, not {type(claim).__name__}",
                            hint='e.g. "argmax(lifespan_years, [Whale, Dog]) is Whale"')
        claims = api.parse_claims(claim)
        return self.lattice(name).use(lambda session: session.verify(claims, claim))

    def ask(self, name: str, question: str):
        """Plan a question with the configured LLM, then run the plan (`latweave ask --json`): an Asked."""
        if not isinstance(question, str) or not question.strip():
            raise LatweaveError("a question is non-empty text", hint='{"question": "Which mammals live in water?"}')
        config = self._llm_config()
        served = self.lattice(name)
        return served.use(lambda session: session.ask(question, served.planner(session, config)))

    def audit(self, name: str, result: dict):
        """Re-verify a result (as `run` returned it) against this lattice's files, no engine: an
        AuditReport (`latweave audit --json`)."""
        from latweave import api
        from latweave.result_file import check_result

        check_result(result, "<request>")
        served = self.lattice(name)
        return served.use(lambda session: api.audit(result, lattice=served.folder))

    def explain(self, result: dict, width: int | None = None) -> str:
        """The rendering of a result and its proof tree, as `latweave explain FILE` prints it to a
        pipe (`width`: columns to draw it at; default: never wrapped)."""
        import io

        from latweave.output import NO_WRAP
        from latweave.result import Result
        from latweave.result_file import check_result
        from latweave.terminal import console

        shown = Result.from_dict(check_result(result, "<request>"))
        buffer = io.StringIO()
        console(file=buffer, width=width or NO_WRAP, highlight=False, soft_wrap=False, color_system=None
                ).print(shown)
        return buffer.getvalue()

    # ------------------------------------------------------------------------------- writes
    def add(self, name: str, sources: list[dict], *, replace: bool = False, allow: bool = False):
        """Add uploaded sources (uploads.py) to the lattice, atomically: the Change `latweave add
        --json` prints. Requests running meanwhile see the old lattice or the new one."""
        from latweave import api
        from latweave.serve.uploads import written

        served = self.lattice(name)
        with written(sources, self.limits.body_bytes) as paths, served.write_lock:
            return api.add(served.folder, paths, allow=allow, replace=replace)

    def remove(self, name: str, *, sources: list[str] = (), docs: list[str] = (), allow: bool = False):
        """Remove sources (by name) or documents (by id), atomically: the Change `latweave remove --json` prints."""
        from latweave import api

        for what, names in (("sources", sources), ("docs", docs)):
            if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
                raise LatweaveError(f"{what} is a list of names", hint='{"sources": ["b.txt"]}')
            if what == "sources" and any(os.sep in n or n.startswith(".") for n in names):
                raise LatweaveError("a source is removed by its name, never a path",
                                    hint="GET /lattices/NAME/history lists the source names")
        if not sources and not docs:
            raise LatweaveError("nothing to remove", hint='{"sources": [...]} or {"docs": [...]}')
        served = self.lattice(name)
        with served.write_lock:
            return api.remove(served.folder, sources=sources, docs=docs, allow=allow)

    # ------------------------------------------------------------------------------ helpers
    def _limit(self, limit) -> int:
        if limit is None:
            return self.limits.page
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= self.limits.max_page:
            raise LatweaveError(f"limit is a whole number from 1 to {self.limits.max_page:,}, not {limit!r}",
                                hint="the server's bound on one page (latweave serve --max-page)")
        return limit

    def _llm_config(self):
        if self._llm is None:
            from latweave.llm import LLMConfig

            given = self.config.llm
            self._llm = LLMConfig.resolve(model=given.get("model"), base_url=given.get("base_url"), api_key=None,
                                          config_file=given.get("config"), timeout_s=given.get("timeout"))
        return self._llm


def _text_of(plan) -> str:
    """A plan's text: the text itself, or its JSON form (a dict) written as `run` reads it."""
    import json

    if isinstance(plan, str):
        return plan
    if isinstance(plan, dict):
        return json.dumps(plan, ensure_ascii=False, allow_nan=False)
    raise PlanError(f"a plan is its text or its JSON form (an object), not {type(plan).__name__}",
                    hint='{"plan": "meet(species <= mammal)"}')


def _page(key: str, rows: list, offset: int, limit: int, total: int | None) -> dict:
    out = {key: rows, "offset": offset, "limit": limit, "total": total}
    out["more"] = total is not None and offset + len(rows) < total
    return out
