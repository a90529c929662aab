"""The extraction driver: a text corpus → windows → model answers → validated predicates → a lattice.

`extract_corpus` asks the model about every window that is not in the cache, `concurrency` at a
time, and assembles the lattice in a fixed order (document id, window index, order in the
answer) whatever order the answers arrive in, so the same answers always give the same lattice,
byte for byte — whether they came in one run or over several resumed ones.

What happens when things go wrong:

* a window whose answer is unusable (not the JSON asked for, even after one repair turn; cut off
  at the token limit; refused by the server with a 4xx) *fails*: it is reported, not cached,
  and the build goes on; the lattice is written with the other windows, and a rerun asks only
  for the failed ones;
* a server that stays unavailable (the client's retries exhausted on 429 / 5xx / timeouts)
  stops the build, since every later window would fail the same way: the answers already in
  hand (those in flight included) are cached, nothing at `out` changes, and `LLMUnavailable` is
  raised with a hint to rerun;
* Ctrl-C, or any exception (a progress callback may raise too), likewise: calls in flight are
  allowed to finish and are cached, pending ones are cancelled, nothing at `out` changes.

The lattice is written once, at the end, by `save_lattice` (atomically).
"""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from latweave.ingest.extract.assemble import assemble
from latweave.ingest.extract.cache import CachedWindow, ExtractionCache, window_key
from latweave.ingest.extract.corpus import TextCorpus, read_text_corpus
from latweave.ingest.extract.prompt import (PROMPT_VERSION, SCHEMA, SCHEMA_NAME, messages, overhead_chars,
                                           repair_messages)
from latweave.ingest.extract.report import ExtractReport, FailedWindow
from latweave.ingest.extract.validate import (Accepted, AnswerError, DocumentText, Rejected, Validator, parse_answer,
                                             parse_events)
from latweave.ingest.extract.variants import DimensionMap
from latweave.ingest.extract.windows import Window, window_size, windows
from latweave.ingest.progress import ExtractProgress
from latweave.lattice.model import Lattice
from latweave.lattice.names import normalize
from latweave.llm.client import LLMClient, LLMError, LLMUnavailable
from latweave.llm.config import LLMConfig
from latweave.folder.names import CALLS_FILE


@dataclass(frozen=True)
class _Job:
    doc: str
    document: str
    window: Window
    parts: int
    key: str


def default_cache(out: Path | str) -> Path:
    """`<out>.extract-cache`, beside the lattice folder."""
    out = Path(out)
    return out.with_name(out.name + ".extract-cache")


class _Tally:
    """A counter the workers share."""

    def __init__(self):
        self.value = 0
        self._lock = threading.Lock()

    def add(self) -> None:
        with self._lock:
            self.value += 1


def _ask(client: LLMClient, job: _Job, corpus: TextCorpus, repairs: _Tally) -> CachedWindow | FailedWindow:
    """One window: a call, and one repair turn if the answer does not parse. Runs in a worker.

    Why one repair turn and not a plain retry: decoding is deterministic (temperature 0, a fixed
    seed), so the same request mostly brings the same unusable answer again; showing the model
    its answer and the parse error usually fixes prose around the JSON or a missing bracket.
    A truncated answer gets no repair: the next one would be cut off at the same limit."""
    w = job.window
    asked = messages(job.document, job.doc, w.text(job.document), w.index + 1, job.parts, corpus.dimensions)

    def failed(reason: str, detail: str) -> FailedWindow:
        return FailedWindow(job.doc, w.index, w.start, w.end, reason, detail)

    turns = [asked]
    spent = [0, 0]
    for turn in range(2):
        try:
            answer = client.complete(turns[-1], schema=SCHEMA, schema_name=SCHEMA_NAME,
                                     max_tokens=client.config.max_output_tokens)
        except LLMUnavailable:
            raise
        except LLMError as exc:
            return failed("llm_error", exc.message)
        spent[0] += answer.prompt_tokens
        spent[1] += answer.completion_tokens
        if answer.finish_reason == "length":
            return failed("truncated", "the answer was cut off at the token limit (finish_reason length)")
        try:
            parse_answer(answer.text)
        except AnswerError as exc:
            if turn == 0:
                repairs.add()
                turns.append(repair_messages(asked, answer.text, exc.detail))
                continue
            return failed(exc.reason, f"{exc.detail} (also after one repair turn)")
        return CachedWindow(job.key, job.doc, w.index, w.start, w.end, answer.text, spent[0], spent[1], turn + 1)
    raise AssertionError("unreachable")


class _Build:
    """The state of one build: outcomes by window, validation as answers arrive, progress."""

    def __init__(self, corpus: TextCorpus, jobs: list[_Job], cache: ExtractionCache, client: LLMClient,
                 progress: Callable[[ExtractProgress], None] | None):
        self.corpus, self.jobs, self.cache, self.client, self.progress = corpus, jobs, cache, client, progress
        self.dimensions = DimensionMap([d.name for d in corpus.dimensions], corpus.variants)
        kinds = {normalize(d.name): d.kind for d in corpus.dimensions}
        self.texts = {doc: DocumentText(text) for doc, text in corpus.documents}
        self.validators = {doc: Validator(doc, self.texts[doc], self.dimensions, kinds) for doc in self.texts}
        self.outcomes: dict[str, CachedWindow | FailedWindow] = {}
        self.checked: dict[str, list[Accepted | Rejected]] = {}
        self.raw_dimensions: dict[str, str] = {}   # normalize(raw name) → mapped dimension
        self.cached = 0
        self.rejected = 0
        self.repairs = _Tally()

    def record(self, job: _Job, outcome: CachedWindow | FailedWindow, *, from_cache: bool = False) -> None:
        if job.key in self.outcomes:
            return
        self.outcomes[job.key] = outcome
        if isinstance(outcome, FailedWindow):
            return
        if from_cache:
            self.cached += 1
        else:
            self.cache.put(outcome)
        w = job.window
        results = []
        for item in parse_answer(outcome.text):
            results.append(self.validators[job.doc].check(item, w.index, w.start, w.end))
            raw = item.get("dimension") if isinstance(item, dict) else None
            if isinstance(raw, str) and raw.strip():
                self.raw_dimensions.setdefault(normalize(raw), self.dimensions.map(raw))
        for item in parse_events(outcome.text):   # an event: its roles, or one rejection
            checked = self.validators[job.doc].check_event(item, w.index, w.start, w.end)
            results.extend(checked if isinstance(checked, list) else [checked])
        self.rejected += sum(isinstance(r, Rejected) for r in results)
        self.checked[job.key] = results

    def report_progress(self) -> None:
        if self.progress is None:
            return
        open_docs = {job.doc for job in self.jobs if job.key not in self.outcomes}
        self.progress(ExtractProgress(
            documents=len(self.corpus.documents), documents_done=len(self.corpus.documents) - len(open_docs),
            windows=len(self.jobs), windows_done=len(self.outcomes), windows_cached=self.cached,
            windows_failed=sum(isinstance(o, FailedWindow) for o in self.outcomes.values()),
            prompt_tokens=self.client.prompt_tokens, completion_tokens=self.client.completion_tokens,
            rejected=self.rejected))

    def run(self, concurrency: int) -> None:
        for job in self.jobs:
            hit = self.cache.get(job.key)
            if hit is not None:
                self.record(job, hit, from_cache=True)
        self.report_progress()
        pending = [job for job in self.jobs if job.key not in self.outcomes]
        if not pending:
            return
        pool = ThreadPoolExecutor(max_workers=max(1, concurrency), thread_name_prefix="latweave-extract")
        futures: dict[Future, _Job] = {pool.submit(_ask, self.client, job, self.corpus, self.repairs): job for job in pending}
        try:
            for future in as_completed(futures):
                self.record(futures[future], future.result())
                self.report_progress()
        except BaseException:
            # Stop asking; let calls in flight finish and keep what they brought; then re-raise.
            pool.shutdown(wait=True, cancel_futures=True)
            for future, job in futures.items():
                if future.done() and not future.cancelled() and future.exception() is None:
                    outcome = future.result()
                    if isinstance(outcome, CachedWindow):
                        self.record(job, outcome)
            raise
        pool.shutdown(wait=True)

    def lattice(self) -> tuple[Lattice, dict]:
        """Assemble the lattice in canonical order (assemble.py); returns it and the assembly counts."""
        accepted = (r for job in self.jobs for r in self.checked.get(job.key, ()) if isinstance(r, Accepted))
        return assemble(self.corpus.name, self.corpus.dimensions, self.corpus.documents, accepted, self.texts)


def plan_windows(corpus: TextCorpus, config: LLMConfig) -> tuple[int, list[_Job]]:
    """The window size for this config and every window of the corpus, in canonical order."""
    size = window_size(config.context_chars, overhead_chars(corpus.dimensions))
    jobs = []
    for doc, text in corpus.documents:
        cuts = windows(text, size)
        for w in cuts:
            jobs.append(_Job(doc, text, w, len(cuts),
                             window_key(text, w.index, w.start, w.end, PROMPT_VERSION, config.fingerprint())))
    return size, jobs



def extract_lattice(corpus_dir: Path | str | TextCorpus, config: LLMConfig, cache_dir: Path, out: Path | str, *,
                    progress: Callable[[ExtractProgress], None] | None = None,
                    client: LLMClient | None = None) -> tuple[Lattice, ExtractReport]:
    """The lattice of a text corpus, extracted as `extract_corpus` extracts it, and its report
    (without a manifest: nothing is written but the cache), for a build that writes it itself (a
    lattice of several sources: ingest/living.py)."""
    corpus = corpus_dir if isinstance(corpus_dir, TextCorpus) else read_text_corpus(corpus_dir)
    corpus_dir = corpus.root if isinstance(corpus_dir, TextCorpus) else corpus_dir
    store = ExtractionCache(cache_dir)
    size, jobs = plan_windows(corpus, config)
    client = client if client is not None else LLMClient(config, record=cache_dir / CALLS_FILE)
    build = _Build(corpus, jobs, store, client, progress)
    try:
        build.run(config.concurrency)
    except LLMUnavailable as exc:
        raise LLMUnavailable(exc.message, hint=(
            f"{len(store)} finished window(s) are cached in {cache_dir}; once the server is back, run the "
            "same command again to resume")) from exc
    lattice, counts = build.lattice()

    rejections = [r for job in jobs for r in build.checked.get(job.key, ()) if isinstance(r, Rejected)]
    rejected: dict[str, int] = {}
    for r in rejections:
        rejected[r.reason] = rejected.get(r.reason, 0) + 1
    mapped = build.raw_dimensions
    return lattice, ExtractReport(
        corpus=str(corpus_dir), out=str(out), cache=str(cache_dir), model=config.fingerprint(),
        prompt_version=PROMPT_VERSION, documents=len(corpus.documents), windows=len(jobs), window_chars=size,
        windows_cached=build.cached, calls=client.calls, repairs=build.repairs.value,
        prompt_tokens=client.prompt_tokens, completion_tokens=client.completion_tokens,
        proposed=sum(len(v) for v in build.checked.values()), accepted=counts["accepted"],
        duplicates=counts["duplicates"], subject_predicates=counts["subjects"], rejected=rejected,
        failed_windows=tuple(o for job in jobs if isinstance(o := build.outcomes.get(job.key), FailedWindow)),
        dimensions_before=len(mapped), dimensions_after=len({normalize(v) for v in mapped.values()}),
        dimension_map={raw: dim for raw, dim in mapped.items() if normalize(dim) != raw},
        schema_fallback=client.fell_back, rejections=tuple(rejections), manifest={})
