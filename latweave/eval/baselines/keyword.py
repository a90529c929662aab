"""`keyword`: the LatWeave paper's keyword baseline.

Every node of the lattice (an entity, or a value) is a candidate answer; its *evidence text* is
every evidence line that mentions it. A candidate scores the number of distinct question words
(`text.words`) its evidence text holds; the top one answers. Ties go to the candidate whose text
is most specific (the larger share of its words are question words), then to the smaller key.
The question's own linked entities are not candidates (a question does not answer itself).

No knobs. For a comparison option or a yes/no side (`local`), the candidates are the option's
neighbours (the nodes sharing a line with it); an option's own score is its evidence text's
overlap with the question.
"""

from __future__ import annotations

from latweave.eval.baselines.base import Baseline, Candidate, Query
from latweave.eval.baselines.forms import Option

#: How many ranked candidates a question keeps (the answer is the first).
KEEP = 10


class KeywordBaseline(Baseline):
    name = "keyword"

    def __init__(self, lattice, **kwargs):
        super().__init__(lattice, **kwargs)
        vocab: dict[str, set[str]] = {}
        for ln in self.index.lines:
            for node in ln.nodes:
                vocab.setdefault(node, set()).update(ln.words)
        self.vocab = {node: frozenset(ws) for node, ws in vocab.items()}
        postings: dict[str, list[str]] = {}
        for node in sorted(self.vocab):
            for w in self.vocab[node]:
                postings.setdefault(w, []).append(node)
        self.postings = {w: tuple(nodes) for w, nodes in postings.items()}

    def _rank(self, counts: dict[str, int], q: frozenset[str], exclude: set[str]) -> list[Candidate]:
        ranked = sorted(((-c, -c / len(self.vocab[n]), n) for n, c in counts.items() if c and n not in exclude))
        out = []
        for neg, _, node in ranked[:KEEP]:
            hit = ", ".join(sorted(q & self.vocab[node]))
            out.append(Candidate((node,), float(-neg), f"{self.index.label(node)}: evidence shares {hit}"))
        return out

    def candidates(self, query: Query, seeds: tuple[str, ...], *, local: bool) -> list[Candidate]:
        q = frozenset(query.words)
        exclude = set(seeds)
        if local:
            pool = sorted({n for s in seeds for n in self.index.neighbours(s)})
            counts = {n: len(q & self.vocab[n]) for n in pool}
        else:
            counts: dict[str, int] = {}
            for w in sorted(q):
                for node in self.postings.get(w, ()):
                    counts[node] = counts.get(node, 0) + 1
        return self._rank(counts, q, exclude)

    def option_score(self, query: Query, option: Option) -> float:
        q = frozenset(query.words)
        return float(max((len(q & self.vocab.get(k, frozenset())) for k in option.keys), default=0))
