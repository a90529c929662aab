"""A lattice of one source, built and written in one call: each reader's model through the one writer.

`build_corpus` (a corpus folder, keeping its source as `latweave build` does), `build_kb` (a KB
file, or several as one stream of triples) and `extract_corpus` (a text corpus, with an LLM
extractor). The readers they call return a model and never write (ingest/corpus.py, ingest/kb.py,
ingest/extract/); the writer is ingest/write.py; a lattice of several sources, and changes to one,
are ingest/living.py's."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable, Sequence

from latweave.ingest.extract.run import default_cache, extract_lattice
from latweave.ingest.progress import ExtractProgress
from latweave.ingest.extract.corpus import TextCorpus
from latweave.ingest.extract.report import ExtractReport
from latweave.ingest.gate import Gate
from latweave.ingest.kb import BuildReport, kb_lattice
from latweave.ingest.write import save_lattice
from latweave.llm.client import LLMClient
from latweave.llm.config import LLMConfig


def build_corpus(corpus: Path | str, out: Path | str, progress=None, gate: Gate | None = None) -> dict:
    """The lattice of one corpus folder at `out` (through `gate` when given), keeping its source as
    `latweave build` does (latweave/ingest/living.py); returns the manifest."""
    from latweave.ingest.living import build_sources

    return build_sources([corpus], out, gate=gate, progress=progress).manifest


def build_kb(path: Path | str | Sequence[Path | str], fmt: str, out: Path | str, *, strict: bool = False,
             report: BuildReport | None = None, gate=None, functional: Iterable[str] | None = None,
             removed: frozenset[str] = frozenset(), ledger=None, locked: bool = False,
             inputs=()) -> tuple[dict, BuildReport]:
    """Read a KB file of format `fmt` (one of FORMATS) — or several, in order, as one stream of
    triples — build its lattice and save it at `out` atomically (through `gate`, a gate.Gate,
    when given); returns (manifest, report). `functional`: the relations with one value per
    subject (default: FUNCTIONAL[fmt]); a name the KB does not have is refused, with the
    relations it does have. `removed`: 2Wiki document ids (`<file>#<_id>`) whose triples are left
    out (`latweave remove --doc`). `ledger`, `locked`, `inputs`: as write.save_lattice takes them."""
    report = report if report is not None else BuildReport()
    lattice = kb_lattice(path, fmt, strict=strict, report=report, functional=functional, removed=removed)
    return save_lattice(lattice, out, gate, ledger=ledger, locked=locked, inputs=inputs), report


def extract_corpus(corpus_dir: Path | str | TextCorpus, out: Path | str, config: LLMConfig, *,
                   cache: Path | str | None = None,
                   progress: Callable[[ExtractProgress], None] | None = None,
                   client: LLMClient | None = None, gate=None, ledger=None, locked: bool = False,
                   inputs=()) -> ExtractReport:
    """Build the lattice of a text corpus (a folder, or a TextCorpus already read: several
    sources' documents, `text_corpus_of`) with an LLM extractor; write it atomically at `out`
    (through `gate`, a gate.Gate, when given).

    `cache` is the extraction cache folder (default `<out>.extract-cache`); `progress` receives an
    `ExtractProgress` after each window; `client` defaults to `LLMClient(config)`. `ledger`,
    `locked`, `inputs`: as write.save_lattice takes them."""
    cache_dir = Path(cache) if cache is not None else default_cache(out)
    lattice, report = extract_lattice(corpus_dir, config, cache_dir, out, progress=progress, client=client)
    manifest = save_lattice(lattice, out, gate, ledger=ledger, locked=locked, inputs=inputs)
    return replace(report, manifest=manifest)
