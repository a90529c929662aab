"""Non-LLM baselines that answer the benchmark questions in latweave's own evaluation harness.

Four methods, registered by name; each is built once per lattice, may set its knobs on the dev
split, and then answers from the question text alone (`Baseline.answer(question, qid)`):

    keyword     the LatWeave paper's keyword baseline: candidates scored by keyword overlap
                between the question and the evidence text that mentions them
    tfidf       TF-IDF retrieval over the evidence lines, the answer extracted from the best ones
    paths       DTKG-style relation-path search (depth <= 3) from the linked entities, paths
                scored by the question's words against their relation names
    hypergraph  HyCE-style hypergraph (a hyperedge per evidence line and per document), mass
                propagated from the linked entities by a random walk with restart

`latweave eval <dataset> --baseline NAME` runs one (`latweave.eval.baselines.run`).
"""

from __future__ import annotations

from importlib import import_module

from latweave.errors import LatweaveError

#: name → (module, class), in report order.
REGISTRY = {
    "keyword": ("latweave.eval.baselines.keyword", "KeywordBaseline"),
    "tfidf": ("latweave.eval.baselines.tfidf", "TfidfBaseline"),
    "paths": ("latweave.eval.baselines.paths", "PathsBaseline"),
    "hypergraph": ("latweave.eval.baselines.hypergraph", "HypergraphBaseline"),
}
NAMES = tuple(REGISTRY)


def baseline_class(name: str):
    """The class registered as `name`; a LatweaveError naming the known ones otherwise."""
    if name not in REGISTRY:
        raise LatweaveError(f"unknown baseline {name!r}", hint=f"one of {', '.join(NAMES)}")
    module, cls = REGISTRY[name]
    return getattr(import_module(module), cls)


def make(name: str, lattice, *, index=None, **knobs):
    """A baseline built on `lattice` (pass `index` to share one EvidenceIndex between several)."""
    return baseline_class(name)(lattice, index=index, **knobs)
