"""Text documents → typed, evidenced predicates via an LLM, then a lattice.

The LLM only *proposes*: every predicate it returns must cite a sentence found verbatim in the
document (after whitespace normalisation) and must be grounded in it, or it is rejected and
counted (its progress bar is `latweave/ingest/progress.py`). One module per job, in the order
data flows:

    corpus.py    a text corpus folder: documents, the preferred-dimension whitelist, variants
    windows.py   a document → windows that fit the model's context, overlapping at the cuts
    prompt.py    a window → chat messages (the document is data, never instructions) + schema
    cache.py     finished windows on disk, so an interrupted build resumes
    validate.py  the model's JSON → candidate predicates, each accepted or rejected with a reason
    variants.py  synonymous relation names → one dimension
    report.py    what a build did (renders itself, serialises to JSON)
    run.py       the driver: `extract_lattice(corpus, config, cache, out)` → a Lattice and its report

It never writes a lattice: `ingest/builds.py extract_corpus` writes one through the writer.
"""

from latweave.ingest.extract.report import ExtractReport
from latweave.ingest.extract.run import extract_lattice

__all__ = ["ExtractReport", "extract_lattice"]
