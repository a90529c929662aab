"""The LLM planner: question text → a plan that parses and type-checks, or a reasoned abstention.

The model only writes plan text; the plan language decides whether it is a plan. Each reply is
parsed (`read_plan`) and type-checked against the lattice (`check_plan`); on an error the labelled
error goes back to the model, at most `repairs` times. Whatever is still invalid after that is an
abstention `planner_failure` carrying the last error — never a guessed answer. An endpoint that
stays down (retries exhausted) abstains `planner_unavailable`, so a batch evaluation carries on.
A refused request (HTTP 401/403/404: a wrong key, URL or model name) is raised instead: it is a
configuration error that would fail every question the same way. Any other refusal (e.g. a 400
for a prompt too long for the server) abstains `planner_failure` and is not cached.

Plans are cached (`PlanCache`); with `replay=True` only the cache is read, and a miss abstains
`cache_miss` without any HTTP request. `ClaimTranslator` is the same planner asked for a claim's
claims form (`latweave verify --text`) instead of a question's plan.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Sequence

from latweave.errors import LatweaveError, PlanError
from latweave.lattice.model import Lattice
from latweave.llm import LLMClient, LLMConfig, LLMError, LLMUnavailable
from latweave.plan.ast import Claims, Plan
from latweave.plan.check import check_plan
from latweave.plan.parser import parse_claims
from latweave.plan.printer import claims_to_text, to_text
from latweave.plan.read import read_plan
from latweave.planner.base import Planner, PlanOutput
from latweave.planner.cache import PlanCache, cache_key, schema_hash
from latweave.planner.oracle import chain_plan
from latweave.planner.prompt import (CLAIM_PROMPT_VERSION, CLAIM_SCHEMA, PLAN_SCHEMA, PROMPT_VERSION, Exemplar,
                                     PromptBuilder, error_text, repair_message)
from latweave.reasons import Reason, planner_reason

log = logging.getLogger("latweave.llm.planner")   # -v shows each rejected reply (cli._llm_notes)

#: Replies longer than this are cut by the server (finish_reason "length"): a plan is short.
MAX_PLAN_TOKENS = 512
#: HTTP statuses that mean the configuration is wrong, not this question.
CONFIG_STATUSES = (401, 403, 404)


def plan_text_of(reply: str, field: str = "plan") -> str:
    """The plan text inside a reply `{"plan": "..."}` (or the claim text inside `{"claim": ...}`,
    `field="claim"`); a LatweaveError saying what is wrong else.

    Lenient only about wrapping (a ```json fence, words around the object), never about content.
    """
    text = reply.strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):   # not JSON, or nested deeper than the reader goes
        start, end = text.find("{"), text.rfind("}")
        try:
            obj = json.loads(text[start:end + 1]) if 0 <= start < end else None
        except (ValueError, RecursionError):
            obj = None
    if not isinstance(obj, dict) or not isinstance(obj.get(field), str):
        shown = reply if len(reply) <= 200 else reply[:200] + "…"
        raise LatweaveError(f"the reply is not a JSON object with a string field \"{field}\": {shown!r}",
                            hint=f'reply with {{"{field}": "<{field} text>"}} only')
    if not obj[field].strip():
        raise LatweaveError(f"the reply's \"{field}\" is empty", hint=f"write the {field} text in \"{field}\"")
    return obj[field]


def exemplars_from(examples: Sequence, lattice: Lattice, k: int = 8) -> list[Exemplar]:
    """Few-shot exemplars from TRAINING examples with gold paths: the gold chain plan of the first
    example (by qid) of each distinct relation path, the first `k` paths by qid, keeping only plans
    that type-check on this lattice."""
    seen: set[tuple[str, ...]] = set()
    out: list[Exemplar] = []
    for ex in sorted(examples, key=lambda e: e.qid):
        path, anchor = tuple(ex.gold.get("path") or ()), ex.gold.get("anchor")
        if not path or not anchor or path in seen:
            continue
        plan = chain_plan(anchor, path)
        try:
            check_plan(plan, lattice)
        except PlanError:
            continue
        seen.add(path)
        out.append(Exemplar(ex.question, to_text(plan)))
        if len(out) >= k:
            break
    return out


def exemplars_digest(exemplars: Sequence[Exemplar]) -> str:
    return hashlib.sha256(json.dumps([[e.question, e.plan] for e in exemplars],
                                     ensure_ascii=False).encode()).hexdigest()[:16]


class LLMPlanner(Planner):
    """Plans with a model behind an OpenAI-compatible endpoint; see the module docstring."""

    name = "llm"

    #: what this planner asks the model for (ClaimTranslator: "claim")
    form = "plan"

    def __init__(self, lattice: Lattice, config: LLMConfig, *, record=None, repairs: int = 2,
                 cache: PlanCache | str | None = None, replay: bool = False,
                 exemplars: Sequence[Exemplar] | None = None, max_exemplars: int = 8,
                 client: LLMClient | None = None):
        if repairs < 0:
            raise LatweaveError(f"repairs must be 0 or more, not {repairs}")
        if replay and cache is None:
            raise LatweaveError("--replay reads plans from the plan cache, and no cache file is given",
                                hint="pass the cache file written by an earlier run")
        self.lattice = lattice
        self.config = config
        self.repairs = repairs
        self.cache = cache if cache is None or isinstance(cache, PlanCache) else PlanCache(cache)
        self.replay = replay
        self.max_exemplars = max_exemplars
        self._given = tuple(exemplars) if exemplars is not None else None
        self._record = record
        self._client = client
        self.schema = schema_hash(lattice)
        self._set_exemplars(self._given or ())

    def _set_exemplars(self, exemplars: Sequence[Exemplar]) -> None:
        self.exemplars = tuple(exemplars)
        self.prompt = PromptBuilder(self.lattice, self.exemplars, form=self.form)
        self.exemplar_digest = exemplars_digest(self.exemplars)

    @property
    def client(self) -> LLMClient:
        if self._client is None:
            self._client = LLMClient(self.config, record=self._record)
        return self._client

    def fit(self, train, dev) -> None:
        """Exemplars from the training split only (dev is not read); an exemplar file, when one
        was given, wins."""
        if self._given is None:
            self._set_exemplars(exemplars_from(train, self.lattice, self.max_exemplars))

    @property
    def version(self) -> str:
        return CLAIM_PROMPT_VERSION if self.form == "claim" else PROMPT_VERSION

    def key(self, question: str) -> str:
        return cache_key(question, self.schema, self.config.model, self.version, self.exemplar_digest)

    # -- the form: a plan, or (ClaimTranslator) the claims form --------------------------------
    def _read(self, text: str):
        """The reply's text as a checked plan (or claim); PlanError when it is none."""
        if self.form == "claim":
            claims = parse_claims(text)
            for assertion in claims.assertions:
                check_plan(claims.plan_of(assertion), self.lattice, text)
            return claims
        return check_plan(read_plan(text), self.lattice, text)

    def _text(self, plan) -> str:
        return claims_to_text(plan) if isinstance(plan, Claims) else to_text(plan)

    # -- planning -------------------------------------------------------------------------------
    def plan(self, question: str, qid: str = "") -> PlanOutput:
        key = self.key(question)
        hit = self.cache.get(key) if self.cache is not None else None
        if hit is not None:
            return self._from_cache(hit)
        if self.replay:
            return PlanOutput(None, Reason.CACHE_MISS, 0.0, {
                "calls": 0, "repairs": 0, "cached": False,
                "last_error": f"--replay: no cached {self.form} for this text in {self.cache.path} "
                              f"(model {self.config.model}, prompt version {self.version})"})
        return self._ask_model(question, key)

    def _from_cache(self, hit: dict) -> PlanOutput:
        trace = {"calls": 0, "repairs": 0, "cached": True,
                 "original": {"calls": hit.get("calls", 0), "repairs": hit.get("repairs", 0)}}
        if hit.get("plan") is None:
            return PlanOutput(None, planner_reason(hit.get("reason") or Reason.PLANNER_FAILURE), 0.0,
                              {**trace, "last_error": hit.get("last_error")})
        try:
            plan = self._read(hit["plan"])
        except PlanError as exc:   # cannot happen for a key made from this schema; say so if it does
            return PlanOutput(None, Reason.PLANNER_FAILURE, 0.0,
                              {**trace, "last_error": f"cached plan no longer checks: {error_text(exc)}"})
        return PlanOutput(plan, None, 1.0, trace)

    def _ask_model(self, question: str, key: str) -> PlanOutput:
        messages = self.prompt.messages(question)
        calls = repairs = 0
        last_error = None
        for turn in range(self.repairs + 1):
            try:
                schema = CLAIM_SCHEMA if self.form == "claim" else PLAN_SCHEMA
                completion = self.client.complete(messages, schema=schema, schema_name=self.form,
                                                  max_tokens=MAX_PLAN_TOKENS)
            except LLMUnavailable as exc:
                return PlanOutput(None, Reason.PLANNER_UNAVAILABLE, 0.0, {
                    "calls": calls + 1, "repairs": repairs, "cached": False, "last_error": exc.message})
            except LLMError as exc:
                if exc.status in CONFIG_STATUSES:
                    raise
                # refused for this question (e.g. 400: the prompt is too long for the server):
                # a failure, but not cached — another server or setting may accept it
                return PlanOutput(None, Reason.PLANNER_FAILURE, 0.0, {
                    "calls": calls + 1, "repairs": repairs, "cached": False, "last_error": exc.message})
            calls += 1
            plan, last_error = self._validate(completion.text, completion.finish_reason)
            if plan is not None:
                text = self._text(plan)
                self._store(key, question, {"plan": text, "reason": None, "last_error": None,
                                            "calls": calls, "repairs": repairs})
                return PlanOutput(plan, None, 1.0, {"calls": calls, "repairs": repairs, "cached": False})
            log.info("rejected %s (reply %d of at most %d): %s\n%s", self.form, turn + 1, self.repairs + 1,
                     completion.text, last_error)
            if turn < self.repairs:
                messages = messages + [{"role": "assistant", "content": completion.text},
                                       repair_message(last_error, self.form)]
                repairs += 1
        self._store(key, question, {"plan": None, "reason": Reason.PLANNER_FAILURE, "last_error": last_error,
                                    "calls": calls, "repairs": repairs})
        return PlanOutput(None, Reason.PLANNER_FAILURE, 0.0,
                          {"calls": calls, "repairs": repairs, "cached": False, "last_error": last_error})

    def _validate(self, reply: str, finish_reason: str | None) -> tuple[Plan | None, str | None]:
        """(plan, None) when the reply holds a plan that parses and type-checks; (None, error) else."""
        try:
            return self._read(plan_text_of(reply, self.form)), None
        except LatweaveError as exc:
            error = error_text(exc)
            if finish_reason == "length":
                error += f"\n  (the reply was cut off at {MAX_PLAN_TOKENS} tokens: write a shorter plan)"
            return None, error

    def _store(self, key: str, question: str, entry: dict) -> None:
        if self.cache is not None:
            self.cache.put({"key": key, "question": question, "model": self.config.model,
                            "prompt_version": self.version, "schema": self.schema, **entry})


class ClaimTranslator(LLMPlanner):
    """A claim's text → its claims form (`latweave verify --text`), with the LLM planner's
    validation, repairs, cache and abstentions; `plan(text)` gives a PlanOutput whose `plan` is a
    `Claims`. The model only writes claims; the lattice decides whether they hold."""

    name = "llm-claims"
    form = "claim"

    def fit(self, train, dev) -> None:
        """Nothing to learn: the claim prompt has no exemplars."""
